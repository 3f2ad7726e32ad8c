//! The fetch against tests/live/server.py on 127.0.0.1: every way a site can serve its
//! robots.txt, each with the hops recorded, the status the core is given and the body kept.

#[path = "../../../tests/live/server.rs"]
mod server;

use std::time::Duration;

use robots_lens::{FetchStatus, Outcome, StatusClass};
use robots_lens_fetch::{
    fetch, BodyProblem, Failure, FetchOptions, Fetched, SiteUrl, COUNTED_BYTES, KEPT_BYTES,
};
use server::LiveServer;

const ROBOTS: &[u8] =
    b"User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /cart/\n";

/// Short timeouts: every case ends within seconds.
fn options() -> FetchOptions {
    FetchOptions {
        connect_timeout: Duration::from_secs(2),
        total_timeout: Duration::from_secs(3),
        ..FetchOptions::default()
    }
}

fn get(server: &LiveServer, case: &str, path: &str) -> Fetched {
    let site = SiteUrl::parse(&format!("{}{path}", server.site(case))).unwrap();
    fetch(&site, &options())
}

fn statuses(fetched: &Fetched) -> Vec<u16> {
    fetched.hops.iter().map(|hop| hop.status).collect()
}

#[test]
fn every_case_is_served_as_a_crawler_sees_it() {
    let server = LiveServer::start();

    let text = get(&server, "text", "/cart/x");
    assert_eq!(
        text.robots_url,
        format!("{}/robots.txt", server.site("text"))
    );
    assert_eq!(statuses(&text), [200]);
    assert_eq!(text.status, FetchStatus::ok());
    assert_eq!(text.body, ROBOTS);
    assert_eq!(text.size, ROBOTS.len() as u64);
    assert!(text.size_complete && !text.cut() && !text.unexpected_content_type());
    assert_eq!(text.charset(), Some("utf-8"));

    let html = get(&server, "html", "/");
    assert_eq!(html.status, FetchStatus::html_page());
    assert!(html.unexpected_content_type());

    let bom = get(&server, "bom", "/");
    assert_eq!(bom.status, FetchStatus::ok());
    assert!(
        bom.body.starts_with(b"\xef\xbb\xbf"),
        "the body is kept exactly"
    );

    let latin1 = get(&server, "latin1", "/");
    assert!(latin1.body.ends_with(b"Disallow: /caf\xe9/\n"));
    assert_eq!(latin1.charset(), Some("iso-8859-1"));

    let wrong = get(&server, "wrong-type", "/");
    assert_eq!(wrong.status, FetchStatus::ok());
    assert!(wrong.unexpected_content_type());

    for case in ["gzip", "deflate"] {
        let fetched = get(&server, case, "/");
        assert_eq!(fetched.body, ROBOTS, "{case}");
        assert_eq!(fetched.content_encoding.as_deref(), Some(case));
    }
}

#[test]
fn large_and_endless_bodies_are_cut_and_counted() {
    let server = LiveServer::start();

    let big = get(&server, "big", "/");
    assert_eq!(big.status, FetchStatus::ok());
    assert_eq!(big.body.len(), KEPT_BYTES);
    assert_eq!(big.size, 5_000_000);
    assert!(big.size_complete && big.cut());
    assert!(big.body.starts_with(ROBOTS));
    // A reader that asks for the body as served gets all of it, and the same cut.
    let whole = fetch(
        &SiteUrl::parse(&server.site("big")).unwrap(),
        &FetchOptions {
            kept_bytes: usize::MAX,
            ..options()
        },
    );
    assert_eq!(whole.body.len(), 5_000_000);
    assert!(whole.body.starts_with(&big.body));
    assert!(whole.size_complete && whole.cut());

    // 1 GiB of zeros once inflated: 500 KiB and a byte kept, counting stops at the bound.
    let bomb = get(&server, "bomb", "/");
    assert_eq!(bomb.status, FetchStatus::ok());
    assert_eq!(bomb.body.len(), KEPT_BYTES);
    assert!(!bomb.size_complete);
    // Counting stops at the bound, or earlier at the total timeout on a slow machine.
    assert!(
        bomb.size == COUNTED_BYTES
            || matches!(bomb.body_problem, Some(BodyProblem::CountStopped(_))),
        "{} {:?}",
        bomb.size,
        bomb.body_problem
    );
    assert!(bomb.cut());

    let flood = get(&server, "flood", "/");
    assert_eq!(flood.body.len(), KEPT_BYTES);
    assert!(!flood.size_complete);

    // A body that trickles for ever never reaches the part crawlers read: the total timeout
    // ends it, and no file was had.
    let endless = get(&server, "endless", "/");
    assert_eq!(endless.failure, Some(Failure::Timeout));
    assert_eq!(endless.status, FetchStatus::unreachable());
    assert!(endless.body.is_empty());
    assert!(endless.elapsed < Duration::from_secs(10));

    let silent = get(&server, "silent", "/");
    assert_eq!(silent.failure, Some(Failure::Timeout));
    assert_eq!(silent.status.class(), StatusClass::Unreachable);
    assert!(silent.hops.is_empty());
    assert!(silent.elapsed < Duration::from_secs(10));
}

#[test]
fn redirects_are_followed_hop_by_hop_up_to_five() {
    let server = LiveServer::start();
    let codes = [301, 302, 307, 308, 301, 302];
    for hops in 1..=5u32 {
        let fetched = get(&server, &format!("r{hops}"), "/");
        let mut expected: Vec<u16> = codes[..hops as usize].to_vec();
        expected.push(200);
        assert_eq!(statuses(&fetched), expected, "{hops} redirects");
        assert_eq!(fetched.status.redirects(), hops);
        assert_eq!(fetched.status.outcome(), Outcome::Http(200));
        assert_eq!(fetched.body, ROBOTS);
        let argument = fetched.status_argument();
        assert_eq!(argument.parse::<FetchStatus>(), Ok(fetched.status));
        assert_eq!(argument.split('>').count(), hops as usize + 1, "{argument}");
        assert!(
            fetched
                .hops
                .windows(2)
                .all(|two| two[0].elapsed <= two[1].elapsed),
            "each hop's answer arrives after the one before"
        );
        let last_redirect = &fetched.hops[hops as usize - 1];
        assert_eq!(
            last_redirect.location.as_deref(),
            Some(format!("{}/robots.txt", server.site("text")).as_str())
        );
    }
    // The sixth redirect is one past what crawlers follow: it is recorded, not followed.
    let six = get(&server, "r6", "/");
    assert_eq!(statuses(&six), codes);
    assert_eq!(six.status, FetchStatus::too_many_redirects());
    assert_eq!(six.status_argument(), "3xx*6");
    assert!(six.body.is_empty());

    let looping = get(&server, "loop", "/");
    assert_eq!(looping.status, FetchStatus::too_many_redirects());
    assert_eq!(looping.hops.len(), 6);
    assert!(!looping.hops[0].loops);
    assert!(
        looping.hops[1].loops,
        "/elsewhere.txt leads back to /robots.txt"
    );

    let cross = get(&server, "cross", "/");
    assert_eq!(
        cross.hops[0].location.as_deref(),
        Some(format!("http://localhost:{}/robots.txt", server.port("text")).as_str())
    );
    assert_eq!(statuses(&cross), [301, 200]);
    assert_eq!(cross.body, ROBOTS);

    let nowhere = get(&server, "no-location", "/");
    assert!(matches!(nowhere.failure, Some(Failure::BadRedirect(_))));
    assert_eq!(nowhere.status.class(), StatusClass::TooManyRedirects);
}

#[test]
fn error_statuses_reach_the_core_as_served() {
    let server = LiveServer::start();
    for code in [403u16, 404, 410, 429, 500, 503] {
        let fetched = get(&server, &format!("s{code}"), "/");
        assert_eq!(statuses(&fetched), [code]);
        assert_eq!(fetched.status, FetchStatus::http(code).unwrap());
        assert_eq!(fetched.status_argument(), code.to_string());
        assert!(fetched.body.is_empty(), "an error page is not the file");
        assert!(!fetched.has_file());
    }
}

#[test]
fn https_needs_the_right_roots() {
    let server = LiveServer::start();
    let site = SiteUrl::parse(&server.site("https")).unwrap();
    // Mozilla's roots do not know the test CA.
    let untrusted = fetch(&site, &options());
    assert!(
        matches!(untrusted.failure, Some(Failure::Tls(_))),
        "{:?}",
        untrusted.failure
    );
    assert_eq!(untrusted.status, FetchStatus::unreachable());

    let trusted = fetch(
        &site,
        &FetchOptions {
            ca_pem: Some(std::fs::read(server.ca()).unwrap()),
            ..options()
        },
    );
    assert_eq!(trusted.failure, None);
    assert_eq!(trusted.body, ROBOTS);
}

#[test]
fn the_user_agent_is_the_one_asked_for() {
    let server = LiveServer::start();
    let site = SiteUrl::parse(&server.site("text")).unwrap();
    let gptbot = fetch(
        &site,
        &FetchOptions {
            user_agent: "Mozilla/5.0 (compatible; GPTBot/1.1)".to_owned(),
            ..options()
        },
    );
    assert!(gptbot
        .body
        .starts_with(b"User-agent: GPTBot\nDisallow: /\n"));
    let default = fetch(&site, &options());
    assert_eq!(default.body, ROBOTS);
}
