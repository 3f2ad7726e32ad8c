"""The oracle for the `python` profile: this Python's own urllib.robotparser answers.

First writes one line about itself,
    {"python": "3.11.7", "unicode": "14.0.0", "legacy": true, "differences": []}
("legacy" is false when the stdlib carries the RFC 9309 rewrite instead; "differences" lists the
known ways this urllib.parse differs from 3.11.7's). Then reads JSON Lines
on stdin, one robots.txt with its questions per line, and writes one JSON line per input line,
in order:

    in:  {"id": 7, "robots": "User-agent: *\\n...", "queries": [["FooBot/1.0", "/a?b"], ...]}
         ("robots_hex" instead of "robots" gives raw bytes, decoded as
         bytes.decode("utf-8", "replace"): read() itself refuses invalid UTF-8)
    out: {"id": 7, "parse_error": null | {"message": "...", "line": "<the line parse() was on>"},
          "answers": [{"allowed": true, "path": "/a%3Fb", "rule": [false, "/a"] | null}
                      | {"error": "..."}, ...]}

"allowed" is what RobotFileParser.can_fetch returns after RobotFileParser.parse(text.splitlines());
when parse() raises, the questions are still asked, as a caller that catches the error would.
"rule" (allowance and quoted path of the rule that decided) and "path" (the quoted URL path) come
from the parser's own Entry and RuleLine objects, and are checked against can_fetch's answer, so
the explanation the Rust side gives is compared too, not only the verdict.

Used by crates/core/tests/python_differential.rs; run it by hand with
    printf '%s\\n' '{"id":1,"robots":"User-agent: *\\nDisallow: /a","queries":[["x","/a"]]}' \\
        | python3 tests/python/robotparser_oracle.py
"""

import json
import sys
import unicodedata
import urllib.parse
import urllib.robotparser


def compared_path(url):
    """The string can_fetch compares with the rules (the first lines of can_fetch)."""
    parsed = urllib.parse.urlparse(urllib.parse.unquote(url))
    without_host = urllib.parse.urlunparse(("", "") + tuple(parsed[2:]))
    return urllib.parse.quote(without_host) or "/"


def deciding_rule(parser, agent, path):
    """The entry can_fetch uses and the first of its rules that applies, or None."""
    entry = next((e for e in parser.entries if e.applies_to(agent)), parser.default_entry)
    if entry is None:
        return None
    return next(([r.allowance, r.path] for r in entry.rulelines if r.applies_to(path)), None)


def answer(parser, agent, url):
    try:
        allowed = parser.can_fetch(agent, url)
    except ValueError as error:
        return {"error": str(error)}
    path = compared_path(url)
    rule = deciding_rule(parser, agent, path)
    explained = True if rule is None else rule[0]
    if explained != allowed:
        raise AssertionError(f"oracle out of step with can_fetch for {agent!r} {url!r}")
    return {"allowed": allowed, "path": path, "rule": rule}


def failing_line(lines):
    """The line parse() raised on: the shortest prefix of the lines that raises ends with it."""
    for count in range(1, len(lines) + 1):
        try:
            urllib.robotparser.RobotFileParser().parse(lines[:count])
        except ValueError:
            return lines[count - 1]
    return None


def is_legacy_parser():
    """Whether this stdlib has the parser the `python` profile models, not the RFC 9309 rewrite
    (gh-138907) that later 3.13 and 3.14 releases carry: the legacy one takes the first rule."""
    parser = urllib.robotparser.RobotFileParser()
    parser.parse(["User-agent: *", "Disallow: /", "Allow: /public"])
    return not parser.can_fetch("x", "/public")


def url_parsing_differences():
    """How this urllib.parse differs from 3.11.7's, which the profile models, in the ways known
    to change robotparser's answers between releases."""
    differences = []
    if urllib.parse.urlunsplit(("", "", "//a", "", "")) != "//a":
        differences.append(
            "urlunsplit adds '//' before a path that starts with '//' "
            "(gh-67693, in releases from mid-2024 on)"
        )
    try:
        urllib.parse.urlsplit("//[x]/")
        differences.append("urlsplit accepts any bracketed host (before 3.11.4)")
    except ValueError:
        pass
    return differences


def main():
    hello = {
        "python": sys.version.split()[0],
        "unicode": unicodedata.unidata_version,
        "legacy": is_legacy_parser(),
        "differences": url_parsing_differences(),
    }
    json.dump(hello, sys.stdout)
    sys.stdout.write("\n")
    sys.stdout.flush()
    for raw in sys.stdin:
        case = json.loads(raw)
        if "robots_hex" in case:
            text = bytes.fromhex(case["robots_hex"]).decode("utf-8", "replace")
        else:
            text = case["robots"]
        lines = text.splitlines()
        parser = urllib.robotparser.RobotFileParser()
        parse_error = None
        try:
            parser.parse(lines)
        except ValueError as error:
            parse_error = {"message": str(error), "line": failing_line(lines)}
        answers = [answer(parser, agent, url) for agent, url in case["queries"]]
        json.dump({"id": case["id"], "parse_error": parse_error, "answers": answers}, sys.stdout)
        sys.stdout.write("\n")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
