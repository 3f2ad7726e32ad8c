"""The Spark UDF in local[2] mode, on the real files × generated URLs, against the CLI.

Every row's (allowed, line, reason) must equal what `robots-lens check --jsonl` answers for the
same file, agent and URL; each file is compiled at most once per Python worker (two here), not
per row or per batch.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest

from conftest import cli_jsonl

pyspark = pytest.importorskip("pyspark")
pd = pytest.importorskip("pandas")

from pyspark.sql import SparkSession  # noqa: E402
from pyspark.sql import functions as F  # noqa: E402

import robots_lens  # noqa: E402
from robots_lens.spark import ARGUMENT_TOO_LONG, NO_FILE_FOR_HOST, robots_udf  # noqa: E402

AGENTS = [
    "Googlebot",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)",
    "bingbot/2.0",
    "ExampleBot",
]
RULE = re.compile(r"^\s*(?:dis)?allow\s*:\s*(\S+)", re.IGNORECASE | re.MULTILINE)
URLS_PER_FILE = 10
WORKERS = 2  # local[2]


def generated_rows(files: dict[str, str]) -> pd.DataFrame:
    """URLs near each file's own rules (wildcards filled in), and a few anywhere."""
    rng = random.Random(9309)
    rows = []
    for host, text in files.items():
        patterns = RULE.findall(text)[:50]
        for index in range(URLS_PER_FILE):
            if patterns and index < URLS_PER_FILE - 3:
                path = rng.choice(patterns).replace("*", rng.choice(["", "x", "a/b"])).rstrip("$")
                path = path if path.startswith("/") else "/" + path
                path += rng.choice(["", "x", "/", "?q=1", "/%7Euser", "/café"])
            else:
                path = rng.choice(["/", "/robots.txt", "/index.html", f"/p/{rng.randrange(1000)}?id=2"])
            shown_host = host.upper() if index == 1 else host  # hosts match in any case
            rows.append((len(rows), host, rng.choice(AGENTS), f"https://{shown_host}{path}"))
    rows.append((len(rows), "", "Googlebot", "https://no-such-host.example/x"))
    rows.append((len(rows), "", "Googlebot", "/a/path/without/a/host"))
    return pd.DataFrame(rows, columns=["id", "host", "agent", "url"])


@pytest.fixture(scope="module")
def spark():
    # Spark binds to the host's address by default; the tests stay on the loopback interface.
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    session = (
        SparkSession.builder.master(f"local[{WORKERS}]")
        .appName("robots-lens-test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.ui.showConsoleProgress", "false")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


def test_the_udf_answers_like_the_cli_on_real_files(spark, real_files, cli: Path):
    rows = generated_rows(real_files)
    frame = spark.createDataFrame(rows).repartition(8)  # more batches than workers
    default = robots_udf(real_files)
    google = robots_udf(real_files, profile="google", match="token")
    result = (
        frame.select("id", default("agent", "url").alias("rfc"), google("agent", "url").alias("google"))
        .toPandas()
        .sort_values("id")
    )
    assert len(result) == len(rows)
    # The rows' agents are user agents as sent, which the UDF answers exactly as written (a
    # catalogued crawler's name too, as the Scrapy adapter does): the CLI's `--as-typed`.
    for column, flags in (("rfc", ("--as-typed",)), ("google", ("--as-typed", "--profile", "google", "--match", "token"))):
        cases = [
            {"id": int(row.id), "robots": real_files[row.host], "agent": row.agent, "url": row.url}
            for row in rows.itertuples()
            if row.host
        ]
        expected = {answer["id"]: answer for answer in cli_jsonl(cli, cases, *flags)}
        mismatches = []
        for row_id, answer in zip(result["id"], result[column]):
            want = expected.get(int(row_id))
            got = {"allowed": answer["allowed"], "line": answer["line"], "reason": answer["reason"]}
            if want is None:
                ok = got == {"allowed": None, "line": None, "reason": NO_FILE_FOR_HOST}
            else:
                ok = got == {"allowed": want["allowed"], "line": want["line"], "reason": want["reason"]}
            if not ok:
                mismatches.append((int(row_id), got, want))
        assert not mismatches, f"{len(mismatches)} of {len(result)} rows differ, first: {mismatches[:3]}"
    disallowed = int(result["rfc"].map(lambda v: v["allowed"] is False).sum())
    print(f"\n{len(result)} rows over {len(real_files)} real files: {disallowed} disallowed (rfc9309)")

    compiled = default.files_compiled.value
    print(f"files compiled: {compiled} (at most {len(real_files)} files x {WORKERS} workers)")
    assert 0 < compiled <= len(real_files) * WORKERS
    assert google.files_compiled.value <= len(real_files) * WORKERS


def test_one_file_for_every_row(spark):
    check = robots_udf("User-agent: *\nDisallow: /private\n")
    frame = spark.createDataFrame(
        pd.DataFrame(
            {
                "url": [
                    "https://a.example/private/x",
                    "https://b.example/public",
                    None,
                    "/private/" + "x" * robots_lens.MAX_URL_BYTES,
                ]
            }
        )
    )
    result = frame.select(check(F.lit("Bot/1.0"), "url").alias("v")).select("v.*").toPandas()
    assert result["allowed"].tolist()[:2] == [False, True]
    # A null URL is no URL: no crawler requests it, as an empty URL field is refused everywhere.
    assert result["allowed"].isna().tolist() == [False, False, True, True]
    assert result["line"].tolist()[0] == 2
    assert result["reason"].tolist() == ["rule-matched", "no-rule-matched", "url-refused", ARGUMENT_TOO_LONG]


def test_bad_arguments_fail_on_the_driver(spark):
    with pytest.raises(ValueError, match="unknown profile"):
        robots_udf("", profile="bing")
    with pytest.raises(TypeError, match="mapping of host"):
        robots_udf(42)
