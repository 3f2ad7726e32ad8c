"""Runs one Scrapy crawl of a site and exits: `python crawl.py BASE_URL PARSER USER_AGENT`.

A separate process per crawl, because Scrapy's reactor cannot be started twice in one process.
The spider fetches the start page and follows every link on it; the site's server records what
was requested, which is what the test compares.
"""

import sys

import scrapy
from scrapy.crawler import CrawlerProcess


class LinkSpider(scrapy.Spider):
    name = "links"

    def __init__(self, base: str, **kwargs):
        super().__init__(**kwargs)
        self.start_urls = [base + "/"]

    def parse(self, response):
        for href in response.css("a::attr(href)").getall():
            yield response.follow(href, callback=self.parse_page)

    def parse_page(self, response):
        yield {"url": response.url}


def main() -> None:
    base, parser, user_agent = sys.argv[1:4]
    process = CrawlerProcess(
        settings={
            "ROBOTSTXT_OBEY": True,
            "ROBOTSTXT_PARSER": parser,
            "USER_AGENT": user_agent,
            "LOG_LEVEL": "WARNING",
            "TELNETCONSOLE_ENABLED": False,
            "RETRY_ENABLED": False,
            "DOWNLOAD_TIMEOUT": 10,
            "CLOSESPIDER_TIMEOUT": 60,
        }
    )
    process.crawl(LinkSpider, base=base)
    process.start()


if __name__ == "__main__":
    main()
