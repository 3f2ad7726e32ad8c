//! Fetch a site's robots.txt the way crawlers do, and say how it was served.
//!
//! The core (`robots-lens`) never touches the network: it reads a file and a [`FetchStatus`](robots_lens::FetchStatus)
//! the caller gives. This crate is the native tools' other half: it requests
//! `scheme://host[:port]/robots.txt`, follows redirects itself one hop at a time (recording
//! each), reads the body under a hard cap and turns what happened into the core's
//! [`FetchStatus`](robots_lens::FetchStatus), whose effect on every verdict the core alone decides.
//!
//! ```no_run
//! use robots_lens_fetch::{fetch, FetchOptions, SiteUrl};
//!
//! let site = SiteUrl::parse("https://shop.example/cart/x").unwrap();
//! let fetched = fetch(&site, &FetchOptions::default());
//! for hop in &fetched.hops {
//!     println!("{} {}", hop.status, hop.url);
//! }
//! println!("served as: {}", fetched.status);
//! ```
//!
//! # What is sent, what is followed
//!
//! One `GET` per hop with a `User-Agent` (a catalogued crawler's documented string, or
//! [`DEFAULT_USER_AGENT`]) and `Accept-Encoding: gzip, deflate, br`; no cookies, no
//! credentials, no proxy, no retries (a retry would hide the status a crawler saw). Redirects
//! (301, 302, 303, 307, 308) are followed across hosts and ports up to
//! [`robots_lens::MAX_REDIRECTS`], as RFC 9309 §2.3.1.2 asks; one more is "too many", which
//! the RFC lets crawlers and Google's documentation has Googlebot treat as a missing file.
//! A URL already requested is marked as a loop.
//!
//! # Untrusted input: limits
//!
//! - http and https only; TLS through rustls with Mozilla's root store (webpki-roots), or only
//!   the certificates of a PEM file ([`FetchOptions::ca_pem`]) for a private CA.
//! - A connect timeout and a total timeout across every hop and the body
//!   ([`DEFAULT_CONNECT_TIMEOUT`], [`DEFAULT_TOTAL_TIMEOUT`]).
//! - At most [`KEPT_BYTES`] (500 KiB and one byte) kept after decoding, or the whole body up
//!   to [`COUNTED_BYTES`] when [`FetchOptions::kept_bytes`] asks (an audit that reports what
//!   lies past the cut); the rest is counted up to [`COUNTED_BYTES`] and dropped, so neither
//!   an endless body nor a decompression bomb can exhaust memory. Response headers are capped
//!   by the client (64 KiB).
//!
//! # Features
//!
//! `client` (default) is the HTTP side. Without it the crate is [`SiteUrl`] alone, for builds
//! that have no sockets (the npm package's CLI on wasm32-wasip1), which still say which
//! robots.txt a URL falls under and why one cannot be fetched.

#[cfg(feature = "client")]
mod body;
#[cfg(feature = "client")]
mod client;
#[cfg(feature = "client")]
mod served;
mod site;

#[cfg(feature = "client")]
pub use body::{Coding, COUNTED_BYTES, KEPT_BYTES};
#[cfg(feature = "client")]
pub use client::{
    check_ca, fetch, BodyProblem, Failure, FetchOptions, Fetched, Hop, InvalidOptions,
    DEFAULT_CONNECT_TIMEOUT, DEFAULT_TOTAL_TIMEOUT, DEFAULT_USER_AGENT,
};
#[cfg(feature = "client")]
pub use served::{
    redirect_target, served_status, served_status_of, status_after_hops, status_argument,
    REDIRECT_STATUSES,
};
pub use site::{InvalidSiteUrl, SiteUrl};
