"""Checks per second per core: robots_lens against protego, on the same rows in the same run.

    .tools/venv/bin/python crates/python/bench/bench.py [--rows 1000000] [--rounds 3] [--no-spark]

The rows are (file, URL) pairs: every real file of ../shared/corpus/real-robots/ (400) with the
same number of generated URLs each (near its own rules, and anywhere), and a user agent drawn from
four real ones. Not part of npm test. Two measurements:

1. One Python thread, timed by its CPU time (so other work on the machine does not count): for
   each file, parse it and answer its URLs, with `Robots.check_columns` (one call per file;
   `check_many` too, which builds the full Verdicts, and `check` once per URL) and with protego
   (`Protego.parse`, then `can_fetch` per URL). Each ratio is given as the range over the rounds.
2. Spark in local[2] mode: the rows as a cached DataFrame, then one job per engine that sums the
   allowed column: `robots_lens.spark.robots_udf` and a protego pandas UDF built the same way
   (files broadcast once, parsed once per worker and kept). Per core = rows / seconds / 2.

Both engines also answer every row once, so the run prints how often protego agrees with
robots_lens (profile google, the reading Google's crawler applies).
"""

import argparse
import os
import random
import re
import sys
import time
from pathlib import Path

import robots_lens
from protego import Protego

ROOT = Path(__file__).resolve().parents[3]
# The shared folder beside the repository, or $ROBOTS_LENS_SHARED (a worktree elsewhere).
SHARED = Path(os.environ.get("ROBOTS_LENS_SHARED") or ROOT.parent / "shared")
CORPUS = SHARED / "corpus" / "real-robots" / "files"
AGENTS = [
    "Googlebot",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)",
    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    "ExampleBot/1.0",
]
RULE = re.compile(r"^\s*(?:dis)?allow\s*:\s*(\S+)", re.IGNORECASE | re.MULTILINE)
PROFILE = "google"
ROUNDS = 1  # --rounds: each measurement this many times, interleaved


def rows_for(files: dict[str, str], per_file: int) -> list[tuple[str, str, str]]:
    rng = random.Random(18)
    rows = []
    for host, text in files.items():
        patterns = RULE.findall(text)[:200] or ["/"]
        for _ in range(per_file):
            if rng.random() < 0.7:
                path = rng.choice(patterns).replace("*", rng.choice(["", "x", "a/b"])).rstrip("$")
                path = (path if path.startswith("/") else "/" + path) + rng.choice(["", "x", "/1", "?id=7"])
            else:
                path = f"/{rng.choice(['blog', 'shop', 'wp-admin', 'search'])}/{rng.randrange(10**6)}"
            rows.append((host, rng.choice(AGENTS), f"https://{host}{path}"))
    return rows


def timed(label: str, rows: int, work, clock=time.perf_counter) -> tuple[float, object]:
    started = clock()
    result = work()
    seconds = clock() - started
    print(f"  {label:<44} {seconds:7.2f} s  {rows / seconds:>11,.0f} checks/s per core", flush=True)
    return seconds, result


def single_thread(files: dict[str, str], rows: list[tuple[str, str, str]]) -> None:
    by_file: dict[tuple[str, str], list[str]] = {}
    for host, agent, url in rows:
        by_file.setdefault((host, agent), []).append(url)
    print(f"one thread, {len(rows):,} rows, {len(by_file):,} (file, agent) batches:")

    def lens_columns():
        parsed = {host: robots_lens.parse(text) for host, text in files.items()}
        return {key: parsed[key[0]].check_columns(key[1], urls, profile=PROFILE)[0] for key, urls in by_file.items()}

    def lens_many():
        parsed = {host: robots_lens.parse(text) for host, text in files.items()}
        return sum(len(parsed[key[0]].check_many(key[1], urls, profile=PROFILE)) for key, urls in by_file.items())

    def lens_single():
        parsed = {host: robots_lens.parse(text) for host, text in files.items()}
        answered = 0
        for (host, agent), urls in by_file.items():
            check = parsed[host].check
            for url in urls:
                check(agent, url, profile=PROFILE)
                answered += 1
        return answered

    def protego():
        parsed = {host: Protego.parse(text) for host, text in files.items()}
        return {key: [parsed[key[0]].can_fetch(url, key[1]) for url in urls] for key, urls in by_file.items()}

    for label, parse in (("robots_lens.parse", robots_lens.parse), ("Protego.parse", Protego.parse)):
        started = time.perf_counter()
        for text in files.values():
            parse(text)
        print(f"  {label + ' of the ' + str(len(files)) + ' files alone':<44} {time.perf_counter() - started:7.2f} s")
    # One thread, so its CPU time is the time per core, and a machine busy with other work
    # (CI, a second benchmark) does not lengthen it as it does the wall clock.
    cpu = time.thread_time
    print("  (CPU time of this thread)")
    ratios = {"check_columns": [], "check_many": [], "check": []}
    for _ in range(ROUNDS):
        lens_seconds, lens_answers = timed("robots_lens check_columns (parse included)", len(rows), lens_columns, cpu)
        many_seconds, _ = timed("robots_lens check_many, full Verdicts", len(rows), lens_many, cpu)
        single_seconds, _ = timed("robots_lens check, one call per row", len(rows), lens_single, cpu)
        protego_seconds, protego_answers = timed("protego can_fetch (parse included)", len(rows), protego, cpu)
        ratios["check_columns"].append(protego_seconds / lens_seconds)
        ratios["check_many"].append(protego_seconds / many_seconds)
        ratios["check"].append(protego_seconds / single_seconds)
    agree = sum(a == b for key in by_file for a, b in zip(lens_answers[key], protego_answers[key]))
    for name, found in ratios.items():
        print(f"  robots_lens {name} is {min(found):.1f}-{max(found):.1f}x protego")
    print(f"  protego agrees on {agree / len(rows):.2%} of rows")


def spark_jobs(files: dict[str, str], rows: list[tuple[str, str, str]]) -> None:
    import pandas as pd
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F

    from robots_lens.spark import robots_udf

    # The workers import protego_udf by name, as they import robots_lens.spark.
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(Path(__file__).parent), os.environ.get("PYTHONPATH")]))
    sys.path.insert(0, str(Path(__file__).parent))
    from protego_udf import protego_udf

    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)  # the venv, with the wheel
    spark = (
        SparkSession.builder.master("local[2]")
        .appName("robots-lens-bench")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.memory", "4g")
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    frame = spark.createDataFrame(pd.DataFrame(rows, columns=["host", "agent", "url"])).repartition(8).cache()
    frame.count()
    print(f"Spark local[2], {len(rows):,} rows in 8 partitions (per core = rows / s / 2):")
    lens = robots_udf(files, profile=PROFILE)
    protego = protego_udf(files)

    def run(column):
        return lambda: frame.select(column.alias("allowed")).agg(F.sum(F.col("allowed").cast("int"))).first()[0]

    # A first pandas UDF job starts the Python workers and loads pandas and pyarrow in them
    # (and the JVM's Arrow path); it is not timed, so neither engine's first job pays for it.
    @F.pandas_udf("int")
    def length(urls: pd.Series) -> pd.Series:
        return urls.str.len()

    frame.select(F.sum(length("url"))).first()
    for _ in range(ROUNDS):
        lens_seconds, lens_allowed = timed("robots_lens.spark.robots_udf", len(rows) // 2, run(lens("agent", "url").getField("allowed")))
        protego_seconds, protego_allowed = timed("protego pandas UDF", len(rows) // 2, run(protego("agent", "url")))
    print(
        f"  robots_lens is {protego_seconds / lens_seconds:.1f}x protego; allowed rows: {lens_allowed:,} vs {protego_allowed:,}; "
        f"files compiled by robots_lens: {lens.files_compiled.value}"
    )
    spark.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--no-spark", action="store_true")
    parser.add_argument("--rounds", type=int, default=1, help="repeat each measurement, interleaved")
    args = parser.parse_args()
    global ROUNDS
    ROUNDS = max(1, args.rounds)
    if not CORPUS.is_dir():
        sys.exit(f"the real files are not at {CORPUS}")
    files = {p.name.removesuffix(".txt").lower(): p.read_bytes().decode("utf-8", errors="replace") for p in sorted(CORPUS.glob("*.txt"))}
    rows = rows_for(files, max(1, args.rows // len(files)))
    print(f"robots_lens {robots_lens.__version__}, profile {PROFILE}, {len(files)} files, Python {sys.version.split()[0]}")
    single_thread(files, rows)
    if not args.no_spark:
        spark_jobs(files, rows)


if __name__ == "__main__":
    main()
