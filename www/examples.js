/**
 * Example files for "Load example", each with a check worth trying on it.
 *
 * They are written to look like files found on real sites (the hosts are `.example`), so a
 * newcomer sees what the page does on something familiar: a shop that keeps AI crawlers out,
 * the hand-written file of the early web, a file that has collected mistakes over the years,
 * and a news site with crawler-specific groups. Lines are listed one by one so that the
 * whitespace the mistakes file depends on (tabs, trailing spaces, a BOM) stays visible here.
 */

const shop = [
  '# robots.txt for https://www.northwind-outfitters.example/',
  '# Questions about crawling: webmaster@northwind-outfitters.example',
  '',
  'User-agent: *',
  'Disallow: /cart',
  'Disallow: /checkout/',
  'Disallow: /account/',
  'Disallow: /wishlist/',
  'Disallow: /search',
  'Allow: /search/help',
  '# Sorted and session variants of the same listing pages',
  'Disallow: /*?sort=',
  'Disallow: /*&sort=',
  'Disallow: /*?sessionid=',
  'Disallow: /internal/',
  '',
  '# Product photos may be indexed; the rest of /images/ is layout.',
  'User-agent: Googlebot-Image',
  'Allow: /images/products/',
  'Disallow: /images/',
  '',
  '# Crawlers that collect training data for AI models: not on this site.',
  'User-agent: GPTBot',
  'User-agent: ClaudeBot',
  'User-agent: CCBot',
  'User-agent: Google-Extended',
  'User-agent: Applebot-Extended',
  'User-agent: Bytespider',
  'Disallow: /',
  '',
  '# AI search and answer engines may read the catalogue and the guides.',
  'User-agent: OAI-SearchBot',
  'User-agent: PerplexityBot',
  'Allow: /products/',
  'Allow: /guides/',
  'Disallow: /',
  '',
  'Sitemap: https://www.northwind-outfitters.example/sitemap-index.xml',
  'Sitemap: https://www.northwind-outfitters.example/sitemaps/products.xml',
  '',
];

const classic = [
  '# robots.txt for http://www.acme-widgets.example/',
  '# Written by hand in the summer of 1994. Robots, please respect these wishes.',
  '',
  'User-agent: *',
  'Disallow: /cgi-bin/',
  'Disallow: /tmp/',
  'Disallow: /users/private/',
  'Disallow: /logs.html',
  '',
  '# This robot went round in circles in our calendar; keep it out entirely.',
  'User-agent: LoopCrawler',
  'Disallow: /',
  '',
  '# The indexer we invited may go everywhere (an empty Disallow allows all).',
  'User-agent: FriendlyIndexer',
  'Disallow:',
  '',
];

const mistakes = [
  '\uFEFF# robots.txt, copied from an old CMS template and edited over the years',
  'Disallow: /admin/',
  'Sitemap: /sitemap.xml',
  '',
  'User-agent: Googlebot/2.1',
  'Disalow: /tmp/',
  'Disallow /drafts/',
  'Allow: /blog/*.html$?print=1',
  'Noindex: /drafts/',
  'Crawl-delay: 10',
  '',
  '  user-agent :\tbingbot   ',
  'Disallowed: /search',
  'Dissallow: /cgi-bin/',
  'Disallow: private/',
  'Host: www.example.com',
  '',
  'Useragent: *',
  'Disallow: /*.pdf*',
  'Request-rate: 1/5',
  'Please keep out of the staging area',
  ': /staging/',
  'Disallow:  ',
  '',
];

const news = [
  '# robots.txt for https://www.daily-harbour.example/',
  '',
  'User-agent: *',
  'Disallow: /search',
  'Disallow: /print/',
  'Disallow: /*?utm_',
  'Disallow: /*.pdf$',
  'Disallow: /archive/',
  'Allow: /archive/$',
  'Allow: /archive/2025/',
  'Disallow: /preview/',
  'Allow: /preview/public/',
  '# Left over from a migration: both name the same path, and Allow wins a tie.',
  'Disallow: /topics/',
  'Allow: /topics/',
  '',
  'User-agent: Googlebot-News',
  'Allow: /news/',
  'Allow: /archive/',
  'Disallow: /',
  '',
  'User-agent: GPTBot',
  'User-agent: ClaudeBot',
  'Allow: /news/',
  'Disallow: /news/subscribers/',
  'Disallow: /archive/',
  'Disallow: /search',
  '',
  '# Fetches made for a person who asked a question about a page.',
  'User-agent: ChatGPT-User',
  'User-agent: Claude-User',
  'Allow: /',
  '',
  'Sitemap: https://www.daily-harbour.example/sitemaps/news.xml',
  'Sitemap: https://www.daily-harbour.example/sitemaps/sections.xml',
  'Sitemap: https://www.daily-harbour.example/sitemaps/video.xml',
  '',
];

/**
 * The examples, in menu order; the first is also what a first visit shows. `title` is the key
 * of its name in the page's catalogues (www/i18n).
 */
export const EXAMPLES = Object.freeze([
  {
    id: 'shop',
    title: 'example.shop',
    text: shop.join('\n'),
    check: { agent: 'Googlebot', url: 'https://www.northwind-outfitters.example/checkout/payment' },
  },
  {
    id: 'classic',
    title: 'example.classic',
    text: classic.join('\n'),
    check: { agent: 'FriendlyIndexer/0.9', url: '/cgi-bin/search' },
  },
  {
    id: 'mistakes',
    title: 'example.mistakes',
    text: mistakes.join('\n'),
    check: {
      agent: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      url: '/search?q=tents',
    },
  },
  {
    id: 'news',
    title: 'example.news',
    text: news.join('\n'),
    check: { agent: 'GPTBot', url: 'https://www.daily-harbour.example/news/subscribers/morning-briefing' },
  },
]);

/** The example with `id`, or undefined. */
export function exampleById(id) {
  return EXAMPLES.find((example) => example.id === id);
}
