//! Criterion benchmarks of parsing and checking. Run: `cargo bench -p robots-lens --bench matching`.
//! The numbers recorded in README.md ("Performance") come from this file.

// `criterion_group!` generates a public function that cannot carry a doc comment.
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use robots_lens::{AgentMatch, Pattern, Profile, Question, RobotsTxt};

/// A realistic file of about `target` bytes: several groups, wildcards, comments, sitemaps.
fn realistic_file(target: usize) -> String {
    let mut text =
        String::from("# Robots for shop.example\nSitemap: https://shop.example/sitemap.xml\n\n");
    let mut section = 0;
    while text.len() < target {
        text.push_str(&format!(
            "User-agent: Bot{section}\nUser-agent: *\nDisallow: /cart/{section}/\nDisallow: /*?sessionid=*\n\
             Allow: /cart/{section}/help$\nDisallow: /search/*/page-{section}\nAllow: /*.css$\n\
             Disallow: /private/{section}/   # staff only\nCrawl-delay: 5\n\n"
        ));
        section += 1;
    }
    text
}

/// Parsing and checking at the sizes the page meets: a typical file, a huge one, a hostile pattern.
fn benches(c: &mut Criterion) {
    let small = realistic_file(20 * 1024);
    c.bench_function("parse 20 KB", |b| {
        b.iter(|| RobotsTxt::parse(black_box(small.as_bytes())))
    });

    let robots = RobotsTxt::parse(small.as_bytes());
    let checker = robots.checker(Profile::Rfc9309);
    c.bench_function("check one URL in 20 KB (rfc9309, substring)", |b| {
        b.iter(|| {
            let question = Question::agent(
                black_box("Mozilla/5.0 (compatible; Bot7/1.0)"),
                black_box("/search/shoes/page-7?q=1"),
            );
            checker.ask_verdict(&question.agent_match(AgentMatch::Substring))
        })
    });
    let google = robots.checker(Profile::Google);
    c.bench_function("check one URL in 20 KB (google, token)", |b| {
        b.iter(|| {
            let question =
                Question::agent(black_box("Bot7"), black_box("/search/shoes/page-7?q=1"));
            google.ask_verdict(&question.agent_match(AgentMatch::Token))
        })
    });

    let pathological = Pattern::google(b"/*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b$");
    let path = format!("/{}", "a".repeat(2000));
    c.bench_function("pathological wildcard vs 2,000-octet path", |b| {
        b.iter(|| pathological.matches(black_box(path.as_bytes())))
    });

    let large = realistic_file(10 * 1024 * 1024);
    let mut group = c.benchmark_group("large");
    group.sample_size(10);
    group.bench_function("parse 10 MB", |b| {
        b.iter(|| RobotsTxt::parse(black_box(large.as_bytes())))
    });
    group.finish();
}

criterion_group!(matching, benches);
criterion_main!(matching);
