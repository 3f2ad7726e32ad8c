//! The engines compared, behind one trait, each asked to do the same work: read a file, then
//! answer for the agent `Googlebot` whether each URL may be fetched.
//!
//! Each engine compiles a file once where its API allows. Robots Lens keeps a [`Checker`] and
//! returns the full [`Verdict`] (decisive rule, every matching rule, the groups that applied).
//! `texting_robots` keeps a `Robot` compiled for the agent. The `robotstxt` crate (a port of
//! Google's C++ library) has no compiled form: it parses the file again for every URL, exactly as
//! Google's `RobotsMatcher` does, so that is what its checks cost.
//!
//! [`Checker`]: robots_lens::Checker
//! [`Verdict`]: robots_lens::Verdict

use std::hint::black_box;

use robots_lens::{AgentMatch, Profile, Question, RobotsTxt, UrlReading};

/// The product token every engine answers for.
pub const AGENT: &str = "Googlebot";

/// Answers for one URL: may [`AGENT`] fetch it?
pub type Check<'a> = dyn FnMut(&str) -> bool + 'a;

/// One robots.txt engine under test.
pub trait Engine {
    /// A short stable name, used in the JSON output.
    fn id(&self) -> &'static str;
    /// The crate and its version.
    fn label(&self) -> &'static str;
    /// What this engine's "parse" measures, for the report's footnote.
    fn parse_covers(&self) -> &'static str;
    /// Reads `text` as the engine would before its first check.
    fn parse(&self, text: &str);
    /// Reads `text` and answers for one URL: what a caller with one question pays.
    fn first_verdict(&self, text: &str, url: &str) -> bool;
    /// [`Engine::first_verdict`] for a caller that owns the text (read from a file) and hands
    /// it over, as the CLI, the wasm package and the Python binding do: what the peak-memory
    /// figure measures. An engine that only borrows its input borrows it here too.
    fn first_verdict_owned(&self, text: String, url: &str) -> bool {
        self.first_verdict(&text, url)
    }
    /// Compiles `text` once and hands `run` a function answering for one URL at a time.
    fn with_checker(&self, text: &str, run: &mut dyn FnMut(&mut Check<'_>));
}

/// This repository's engine, under the `google` profile with exact product tokens.
pub struct RobotsLens;

impl Engine for RobotsLens {
    fn id(&self) -> &'static str {
        "robots-lens"
    }

    fn label(&self) -> &'static str {
        concat!("Robots Lens ", env!("CARGO_PKG_VERSION"))
    }

    fn parse_covers(&self) -> &'static str {
        "RobotsTxt::parse: every line kept with its kind and span, groups formed"
    }

    fn parse(&self, text: &str) {
        black_box(RobotsTxt::parse(black_box(text.as_bytes())));
    }

    fn first_verdict(&self, text: &str, url: &str) -> bool {
        let robots = RobotsTxt::parse(black_box(text.as_bytes()));
        let verdict = robots.checker(Profile::Google).ask_verdict(&question(url));
        black_box(verdict).is_ok_and(|verdict| verdict.allowed)
    }

    fn first_verdict_owned(&self, text: String, url: &str) -> bool {
        // The parse keeps the caller's buffer instead of a copy of it.
        let robots = RobotsTxt::parse_string(black_box(text));
        let verdict = robots.checker(Profile::Google).ask_verdict(&question(url));
        black_box(verdict).is_ok_and(|verdict| verdict.allowed)
    }

    fn with_checker(&self, text: &str, run: &mut dyn FnMut(&mut Check<'_>)) {
        let robots = RobotsTxt::parse(text.as_bytes());
        let checker = robots.checker(Profile::Google);
        run(&mut |url| {
            let verdict = checker.ask_verdict(&question(black_box(url)));
            black_box(verdict).is_ok_and(|verdict| verdict.allowed)
        });
    }
}

/// The question every engine is asked: `AGENT` about `url`, read as Google's library reads a
/// request line, as the peers read it.
fn question(url: &str) -> Question<'_> {
    Question::agent(AGENT, url)
        .agent_match(AgentMatch::Token)
        .reading(UrlReading::RequestLine)
}

/// The `robotstxt` crate: Google's C++ parser and matcher ported line by line.
pub struct GooglePort;

/// A parse with nothing listening: the cost of Google's tokenizer alone.
struct IgnoreEverything;

impl robotstxt::RobotsParseHandler for IgnoreEverything {
    fn handle_robots_start(&mut self) {}
    fn handle_robots_end(&mut self) {}
    fn handle_user_agent(&mut self, _: u32, value: &str) {
        black_box(value);
    }
    fn handle_allow(&mut self, _: u32, value: &str) {
        black_box(value);
    }
    fn handle_disallow(&mut self, _: u32, value: &str) {
        black_box(value);
    }
    fn handle_sitemap(&mut self, _: u32, value: &str) {
        black_box(value);
    }
    fn handle_unknown_action(&mut self, _: u32, key: &str, value: &str) {
        black_box((key, value));
    }
}

impl Engine for GooglePort {
    fn id(&self) -> &'static str {
        "robotstxt"
    }

    fn label(&self) -> &'static str {
        // The version pinned in crates/bench/Cargo.toml.
        "robotstxt 0.3.0"
    }

    fn parse_covers(&self) -> &'static str {
        "parse_robotstxt with a handler that keeps nothing: the tokenizer alone"
    }

    fn parse(&self, text: &str) {
        robotstxt::parse_robotstxt(black_box(text), &mut IgnoreEverything);
    }

    fn first_verdict(&self, text: &str, url: &str) -> bool {
        robotstxt::DefaultMatcher::default().one_agent_allowed_by_robots(
            black_box(text),
            AGENT,
            url,
        )
    }

    fn with_checker(&self, text: &str, run: &mut dyn FnMut(&mut Check<'_>)) {
        // Its API has no compiled form: every answer parses the file again.
        run(&mut |url| {
            robotstxt::DefaultMatcher::default().one_agent_allowed_by_robots(
                text,
                AGENT,
                black_box(url),
            )
        });
    }
}

/// The `texting_robots` crate: a nom parser and one regex per rule, compiled for one agent.
pub struct TextingRobots;

impl TextingRobots {
    fn compile(text: &str) -> texting_robots::Robot {
        texting_robots::Robot::new(AGENT, black_box(text.as_bytes()))
            .unwrap_or_else(|error| panic!("texting_robots rejected a benchmark file: {error}"))
    }
}

impl Engine for TextingRobots {
    fn id(&self) -> &'static str {
        "texting_robots"
    }

    fn label(&self) -> &'static str {
        // The version pinned in crates/bench/Cargo.toml.
        "texting_robots 0.2.2"
    }

    fn parse_covers(&self) -> &'static str {
        "Robot::new: parse, and compile a regex for each rule of the agent's groups"
    }

    fn parse(&self, text: &str) {
        black_box(Self::compile(text));
    }

    fn first_verdict(&self, text: &str, url: &str) -> bool {
        Self::compile(text).allowed(url)
    }

    fn with_checker(&self, text: &str, run: &mut dyn FnMut(&mut Check<'_>)) {
        let robot = Self::compile(text);
        run(&mut |url| robot.allowed(black_box(url)));
    }
}

/// Every engine, Robots Lens first.
pub fn all() -> Vec<Box<dyn Engine>> {
    vec![
        Box::new(RobotsLens),
        Box::new(GooglePort),
        Box::new(TextingRobots),
    ]
}
