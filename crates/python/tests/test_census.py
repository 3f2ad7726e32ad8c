"""The census (robots_lens.census) in Spark's local mode, on WARC files written from the real
files (census_warcs.py), checked row by row against the CLI (census_check.py); its other
inputs (a folder of files, a Parquet and a CSV table); and its summary against counts made here
from the rows.

test_census_cluster.py runs the same census on a standalone cluster with a worker killed.
"""

from __future__ import annotations

import os

import pytest

pytest.importorskip("pyspark")
pytest.importorskip("fastwarc")
pytest.importorskip("warcio")
pq = pytest.importorskip("pyarrow.parquet")

from robots_lens.census import OUTPUT_COLUMNS, Survey, follow_redirects, main, run_census, warc_heads_frame  # noqa: E402
from robots_lens.census._answers import Captures, answer  # noqa: E402
from robots_lens.census._parts import Part, finish, table_rows  # noqa: E402
from robots_lens.census.report import markdown, summarise  # noqa: E402

from census_check import CRAWLERS, PATHS, PROFILE, Cli, check_census, read_rows  # noqa: E402
from census_warcs import write_warcs  # noqa: E402
from conftest import corpus_files  # noqa: E402

@pytest.fixture(scope="module")
def spark():
    from pyspark.sql import SparkSession

    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    session = (
        SparkSession.builder.master("local[2]")
        .appName("robots-lens-census-test")
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


@pytest.fixture(scope="module")
def warc_census(spark, census_input, tmp_path_factory):
    folder, expected = census_input
    output = str(tmp_path_factory.mktemp("census-out") / "census.parquet")
    written = run_census(spark, [str(folder)], output, Survey(CRAWLERS, PATHS, PROFILE))
    return output, written, expected


def test_every_warc_capture_answered_as_the_cli_answers(warc_census, census_cli):
    output, written, expected = warc_census
    rows = read_rows(output)
    assert written == len(rows) == len(expected)
    tally = check_census(rows, expected, census_cli, CRAWLERS, PATHS)
    print(f"\n{tally}")
    assert tally["html"] > 0 and tally["answered"] < tally["rows"]  # the scenario's kinds are there


def test_redirects_followed_by_joins_as_on_the_driver(spark, tmp_path):
    """A census past DRIVER_REDIRECTS follows its chains by joins on the cluster: the same chains
    as the driver's, for every scenario (one hop to six, loops, a relative Location, targets not
    captured, a re-crawled target), on a few real files' captures."""
    write_warcs(tmp_path, dict(list(corpus_files().items())[:20]), count=4)
    heads = warc_heads_frame(spark, [str(tmp_path)]).persist()
    on_driver = sorted(map(tuple, follow_redirects(heads).collect()))
    by_joins = sorted(map(tuple, follow_redirects(heads, driver_limit=0).collect()))
    heads.unpersist()
    assert on_driver == by_joins
    assert {len(chain[7]) for chain in on_driver} >= {2, 3, 6, 7}  # the codes of each length's hops


def test_a_part_is_written_whole_once_however_often_its_task_runs(tmp_path):
    """Each task writes its part of the table itself: run twice (a lost executor, a speculative
    copy), it leaves one part; failing, none; a census of nothing still has the table's schema."""
    captures = Captures()
    for n in range(3):
        body = b"User-agent: *\nDisallow: /x\n"
        captures.add(host=f"h{n}.example", url=f"https://h{n}.example/robots.txt", status="200", body=body, bytes=len(body))
    rows = table_rows(answer(captures, Survey(["GPTBot"], ["/"])))
    root = str(tmp_path / "table")
    for _ in range(2):
        with Part(root, "part-a.parquet") as part:
            part.write(rows)
    with pytest.raises(RuntimeError):
        with Part(root, "part-b.parquet") as part:
            part.write(rows)
            raise RuntimeError("the task died")
    finish(root, [rows.num_rows])
    assert sorted(os.listdir(root)) == ["_SUCCESS", "part-a.parquet"]
    table = pq.read_table(root)
    assert table.num_rows == 3 and table.column_names == OUTPUT_COLUMNS
    empty = tmp_path / "empty"
    empty.mkdir()
    finish(str(empty), [0])
    assert pq.read_table(str(empty)).column_names == OUTPUT_COLUMNS


def test_the_columns_carry_what_the_docs_say(warc_census):
    output, _, _ = warc_census
    rows = {row["url"]: row for row in read_rows(output)}
    page = rows["https://page-0.example/robots.txt"]
    assert (page["status"], page["status_class"], page["read"]) == ("html", "html-page", True)
    # RL101, counted; a note, as an HTML page blocks nothing, the same as no file
    assert any(entry["code"] == "RL101" and entry["count"] == 1 for entry in page["audit"])
    busy = rows["https://e503-0.example/robots.txt"]
    assert (busy["status_class"], busy["read"], busy["sitemaps"], busy["audit"]) == ("server-error", False, None, None)
    assert all(verdict["allowed"] is False for verdict in busy["verdicts"])
    limited = rows["https://e429-0.example/robots.txt"]
    by_crawler = {verdict["crawler"]: verdict["allowed"] for verdict in limited["verdicts"]}
    assert by_crawler["Googlebot"] is False and by_crawler["GPTBot"] is True  # Google reads 429 as 5xx
    lost = rows["https://lost-0.example/robots.txt"]
    assert lost["status"] is None and lost["verdicts"] is None and "not captured" in lost["problem"]
    assert lost["location"] == "https://nowhere-0.example/robots.txt"
    relative = next(row for url, row in rows.items() if url.startswith("http://m.") and url.endswith("/robots.txt"))
    assert relative["final_url"].endswith("/robots.txt?mobile=1") and relative["status"] in ("308>200", "308>html")
    real = next(row for row in rows.values() if row["status"] == "200" and row["sitemaps"])
    assert all(sitemap.startswith("http") for sitemap in real["sitemaps"])
    usage = {entry["purpose"]: entry for entry in real["ai_usage"]}
    assert set(usage) == {"train-ai", "search", "ai-input"}
    assert usage["ai-input"]["content_usage"] is None  # AIPREF has no label for it
    assert str(real["fetch_time"].year) == "2026"


def test_tables_and_folders_of_files(spark, tmp_path, census_cli):
    pd = pytest.importorskip("pandas")
    sample = dict(list(corpus_files().items())[:30])
    folder = tmp_path / "files"
    folder.mkdir()
    for host, body in sample.items():
        (folder / f"{host}.txt").write_bytes(body)
    statuses = ["200", "404", "301>200", "503", "429", "not-a-status"]
    table = pd.DataFrame(
        {
            "host": list(sample),
            "status": [statuses[i % len(statuses)] for i in range(len(sample))],
            "body": list(sample.values()),
        }
    )
    table.to_parquet(tmp_path / "captures.parquet")
    table.assign(body=[body.decode("utf-8", "replace") for body in sample.values()]).to_csv(tmp_path / "captures.csv", index=False)
    survey = Survey(["GPTBot", "Googlebot", "Bingbot"], ["/"], "google")
    google = Cli(census_cli.cli, "google")
    for name, inputs in (("files", [str(folder)]), ("parquet", [str(tmp_path / "captures.parquet")]), ("csv", [str(tmp_path / "captures.csv")])):
        output = str(tmp_path / f"{name}.out")
        assert run_census(spark, inputs, output, survey) == len(sample)
        for row in read_rows(output):
            host = row["host"]
            status = "200" if name == "files" else statuses[list(sample).index(host) % len(statuses)]
            if status == "not-a-status":
                assert row["verdicts"] is None and "invalid fetch status" in row["problem"]
                continue
            body = sample[host] if name != "csv" else sample[host].decode("utf-8", "replace").encode("utf-8")
            asked = row["status"]
            assert asked.endswith("html") or asked == status, (name, host, asked, status)
            table = google.crawler_rows(body, asked, "/")
            for verdict in row["verdicts"]:
                cli_verdict = table[verdict["crawler"]]["verdict"]
                assert (verdict["allowed"], verdict["line"], verdict["reason"]) == (
                    cli_verdict["allowed"], cli_verdict["deciding_line"], cli_verdict["reason"]
                ), (name, host, verdict)


def test_the_summary_counts_what_it_defines(spark, warc_census, tmp_path):
    output, _, _ = warc_census
    facts, tables = summarise(spark, output)
    rows = read_rows(output)
    latest = {}
    for row in rows:
        if row["host"] is None:
            continue
        key = (row["fetch_time"], row["source_file"], row["source_offset"])
        if row["host"] not in latest or key > latest[row["host"]][0]:
            latest[row["host"]] = (key, row)
    sites = [row for _, row in latest.values()]
    with_file = [row for row in sites if row["read"]]
    gptbot_fully = sum(1 for row in with_file for a in row["access"] if a["crawler"] == "GPTBot" and a["access"] == "nothing")
    blocking = next(table for table in tables if table.title.startswith("Sites blocking"))
    row = next(row for row in blocking.rows if row[0] == "GPTBot")
    assert row[2].endswith(f"({gptbot_fully:,} of {len(with_file):,})"), row
    signals = sum(1 for row in with_file if row["content_signal_lines"] > 0)
    preferences = next(table for table in tables if table.title.startswith("AI usage"))
    assert preferences.rows[0][1].endswith(f"({signals:,} of {len(with_file):,})")
    assert f"{len(rows):,} captures of {len(sites):,} sites" in facts[0]
    text = markdown(facts, tables)
    assert "| GPTBot | ai-training |" in text and "latest capture" in text


def test_the_command_line(spark, census_input, tmp_path, capsys):
    folder, expected = census_input
    output, report = tmp_path / "cli.parquet", tmp_path / "census.html"
    two = sorted(folder.iterdir())[:2]  # the other files' redirect targets are then not captured
    status = main(["--input", ",".join(map(str, two)), "--output", str(output), "--crawlers", "GPTBot,ClaudeBot",
                   "--paths", "/,/private/", "--report", str(report), "--master", "local[2]"])
    assert status == 0
    captures = sum(1 for (file, _) in expected if file in map(str, two))
    assert f"{captures:,} captures answered" in capsys.readouterr().out
    rows = read_rows(str(output))
    assert {(v["crawler"], v["path"]) for v in rows[0]["verdicts"] or rows[-1]["verdicts"]} == {
        ("GPTBot", "/"), ("GPTBot", "/private/"), ("ClaudeBot", "/"), ("ClaudeBot", "/private/")}
    page = report.read_text()
    assert page.startswith("<!DOCTYPE html>") and "<td translate=\"no\">GPTBot</td>" in page
    assert main(["--input", str(two[0]), "--output", str(output)]) == 1  # it exists: no --overwrite
    assert "already exists" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--output", str(output)])  # neither --input nor --report
    assert main(["--input", str(folder), "--output", str(tmp_path / "x"), "--crawlers", "NoSuchBot"]) == 2
    assert "no catalogued crawler is called 'NoSuchBot'" in capsys.readouterr().err
