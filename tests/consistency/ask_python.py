"""The consistency suite's questions asked of the Python package (run by python.test.mjs).

Usage: python ask_python.py QUESTIONS.json ANSWERS.json

Reads the questions the suite's generator wrote (tests/consistency/questions.mjs) and asks each of
the package's surfaces: ``Robots.check`` (single), ``Robots.check_many`` and ``check_columns``
(batch), the Scrapy adapter (``RobotsLensRobotParser.verdict``, when Scrapy is installed) and
``check_rows`` (the one native call the Spark UDF makes per batch: Spark itself is not started
here, its own job runs in crates/python/tests/test_spark.py). Writes
``{"surfaces": {name: {id: answer}}, "not_asked": {name: reason}}`` where an answer is
``{"verdict", "line", "reason"}`` as tests/consistency/answers.mjs defines it.

A question the package cannot be asked (a fetch status, while it takes none) is not answered
and counted under ``not_asked`` with the reason, so the Node side reports it instead of passing.
"""

import inspect
import json
import sys
from collections import OrderedDict

import robots_lens


def answer(verdict):
    return {
        "verdict": "allowed" if verdict.allowed else "disallowed",
        "line": verdict.line,
        "reason": verdict.reason,
        "group": verdict.group_used,
        "why": verdict.why_decides,
    }


def column_answer(allowed, line, reason):
    if reason == "url-refused":
        return {"verdict": "refused", "line": None, "reason": None, "error": reason}
    if allowed is None:
        return {"verdict": "error", "line": None, "reason": None, "error": reason}
    return {"verdict": "allowed" if allowed else "disallowed", "line": line, "reason": reason}


def failure(error):
    text = str(error)
    verdict = "refused" if "invalid URL" in text or "no crawler requests" in text else "error"
    return {"verdict": verdict, "line": None, "reason": None, "error": text[:300]}


def takes_status():
    """Whether the package's checks take a fetch status (issue #23 gives them one)."""
    try:
        return "status" in inspect.signature(robots_lens.Robots.check).parameters
    except (TypeError, ValueError):
        # A native method without a text signature: ask it.
        try:
            robots_lens.parse("").check("*", "/", status="200")
            return True
        except TypeError:
            return False


def main(questions_path, answers_path):
    with open(questions_path, encoding="utf-8") as source:
        generated = json.load(source)
    files = generated["files"]
    with_status = takes_status()
    surfaces = OrderedDict((name, {}) for name in ["python check", "python check_many", "python check_columns", "python check_rows (Spark UDF)", "python Scrapy adapter"])
    not_asked = {}
    try:
        from robots_lens.scrapy import RobotsLensRobotParser
    except ImportError as error:
        RobotsLensRobotParser = None
        not_asked["python Scrapy adapter"] = f"Scrapy is not installed: {error}"
        del surfaces["python Scrapy adapter"]

    batches = OrderedDict()
    for question in generated["questions"]:
        batches.setdefault(question["batch"], []).append(question)

    parsed = {}
    unasked = 0
    refused_lists = 0
    for batch in batches.values():
        first = batch[0]
        if not with_status and first["status"] != "200":
            unasked += len(batch)
            continue
        status = {"status": first["status"]} if with_status else {}
        robots = parsed.get(first["file"])
        if robots is None:
            robots = parsed[first["file"]] = robots_lens.parse(files[first["file"]]["text"])
        options = dict(profile=first["profile"], match=first["match"], **status)
        urls = [question["url"] for question in batch]
        if "crawler" in first:
            crawler = robots.crawler(first["crawler"], profile=first["profile"], **status)
            for question in batch:
                try:
                    surfaces["python check"][question["id"]] = answer(crawler.check(question["url"]))
                except ValueError as error:
                    surfaces["python check"][question["id"]] = failure(error)
            try:
                for question, verdict in zip(batch, crawler.check_many(urls)):
                    surfaces["python check_many"][question["id"]] = answer(verdict)
            except ValueError:
                # A list with a URL no crawler requests is refused whole, naming the URL.
                refused_lists += len(batch)
            continue
        agent = first["agent"]
        # The questions ask the agent exactly as typed, a catalogued crawler's name too.
        typed = {**options, "as_typed": True}
        for question in batch:
            try:
                surfaces["python check"][question["id"]] = answer(robots.check(agent, question["url"], **typed))
            except ValueError as error:
                surfaces["python check"][question["id"]] = failure(error)
        try:
            for question, verdict in zip(batch, robots.check_many(agent, urls, **typed)):
                surfaces["python check_many"][question["id"]] = answer(verdict)
        except ValueError:
            # A list with a URL no crawler requests is refused whole, naming the URL.
            refused_lists += len(batch)
        try:
            columns = robots.check_columns(agent, urls, **typed)
            for question, row in zip(batch, zip(*columns)):
                surfaces["python check_columns"][question["id"]] = column_answer(*row)
        except ValueError as error:
            for question in batch:
                surfaces["python check_columns"][question["id"]] = failure(error)
        columns = robots_lens.check_rows([robots], [0] * len(urls), [agent] * len(urls), urls, **options)
        for question, row in zip(batch, zip(*columns)):
            surfaces["python check_rows (Spark UDF)"][question["id"]] = column_answer(*row)
        if RobotsLensRobotParser is not None:
            adapter = RobotsLensRobotParser(
                files[first["file"]]["text"].encode("utf-8"), profile=first["profile"], match=first["match"], **status
            )
            for question in batch:
                try:
                    surfaces["python Scrapy adapter"][question["id"]] = answer(adapter.verdict(question["url"], agent))
                except ValueError as error:
                    surfaces["python Scrapy adapter"][question["id"]] = failure(error)
    if refused_lists:
        not_asked["python check_many"] = (
            f"{refused_lists} questions in lists with a URL no crawler requests, which check_many refuses whole"
        )
    if unasked:
        for name in surfaces:
            not_asked[name] = f"{unasked} questions with a fetch status other than 200: the package takes no fetch status"
    with open(answers_path, "w", encoding="utf-8") as target:
        json.dump({"surfaces": surfaces, "not_asked": not_asked}, target)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
