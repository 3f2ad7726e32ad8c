"""Captures per second per core: the census (robots_lens.census) against the same job written
with protego (protego_census.py), on the same WARC captures, in the same run.

    bash scripts/python.sh install     # the wheel of this checkout, into the tools venv
    .tools/venv/bin/python crates/python/bench/census_bench.py [--copies 4] [--rounds 3] [--paths /] [--no-spark]

The captures are the test suite's scenarios (crates/python/tests/census_warcs.py) over every real
file of ../shared/corpus/real-robots and real-robots-2 (1,204), each host repeated --copies
times under another name: 200s (some gzip, some chunked), redirects of one to six hops, 4xx, 5xx,
429 and HTML pages, in 24 WARC files. Every catalogued crawler is asked on --paths. Not part of
npm test. Two measurements:

1. One Python thread, timed by its CPU time (other work on the machine does not count; the
   native calls and FastWARC run on the same thread): read each WARC file and answer its
   captures as a census task does, into Arrow batches: the census with its full output, the
   census with its audit columns left empty (Survey(audit=False); the audit still reads each
   2xx body to tell an HTML page), and protego. Each ratio is the range over the rounds. Then
   where a full-output capture's time goes: reading the WARC records into capture columns
   (FastWARC and the census's Python), the native call (the core's answers, the audit among
   them, and the buffers it returns), and laying those out as Arrow arrays.
2. Spark local[2], each job start to end (read, answer, write Parquet; the census also follows
   its redirect chains): wall time, per core = captures / s / 2; and, as wall time on a shared
   machine says little, the CPU time each job took in the JVM and in its Python workers (Linux:
   read from /proc).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "crates" / "python" / "tests"))

import robots_lens  # noqa: E402
from robots_lens.census import Survey, run_census  # noqa: E402
from robots_lens.census._answers import answer  # noqa: E402
from robots_lens.census._captures import warc_captures  # noqa: E402

import protego_census  # noqa: E402
from census_warcs import write_warcs  # noqa: E402

SHARED = Path(os.environ.get("ROBOTS_LENS_SHARED") or ROOT.parent / "shared")
CORPORA = [SHARED / "corpus" / "real-robots" / "files", SHARED / "corpus" / "real-robots-2" / "files"]


def corpus(copies: int) -> dict:
    files = {}
    for folder in CORPORA:
        if not folder.is_dir():
            sys.exit(f"the real files are not at {folder}")
        for path in sorted(folder.glob("*.txt")):
            body = path.read_bytes()
            host = path.name.removesuffix(".txt").lower()
            for copy in range(copies):
                files[host if copy == 0 else f"copy{copy}.{host}"] = body
    return files


def one_thread(files, survey, tokens, rounds):
    clock = time.thread_time

    def census(audit):
        def run():
            chosen = Survey(survey.crawlers, survey.paths, survey.profile, audit=audit)
            return sum(answer(c, chosen).num_rows for f in files for c in warc_captures(f))
        return run

    def protego():
        return sum(b.num_rows for b in protego_census.answer_files(files, tokens, survey.paths))

    jobs = {"census, full output": census(True), "census, no audit columns": census(False), "protego job": protego}
    seconds = {name: [] for name in jobs}
    rows = 0
    for _ in range(rounds):
        for name, job in jobs.items():
            started = clock()
            rows = job()
            seconds[name].append(clock() - started)
    print(f"one thread, {rows:,} captures in {len(files)} WARC files (CPU time of the thread):")
    for name, spent in seconds.items():
        rates = [rows / s for s in spent]
        print(f"  {name:<22} {min(rates):>9,.0f}-{max(rates):,.0f} captures/s per core")
    for name in ("census, full output", "census, no audit columns"):
        ratios = [p / c for p, c in zip(seconds["protego job"], seconds[name])]
        print(f"  {name} is {min(ratios):.1f}-{max(ratios):.1f}x the protego job per core")
    phases(files, survey, rounds)
    return rows


def phases(files, survey, rounds):
    """Where a full-output capture's CPU time goes, by phase (microseconds a capture)."""
    from robots_lens import _native
    from robots_lens.census import _answers

    clock, native = time.thread_time, _native.census_batch
    spent = {"read": [], "native": [], "arrow": []}
    for _ in range(rounds):
        started = clock()
        batches = [captures for f in files for captures in warc_captures(f)]
        read = clock() - started
        calls = [0.0]

        def timed(*args, **kwargs):
            began = clock()
            try:
                return native(*args, **kwargs)
            finally:
                calls[0] += clock() - began

        _answers._native.census_batch = timed
        try:
            started = clock()
            for captures in batches:
                answer(captures, survey)
            answering = clock() - started
        finally:
            _answers._native.census_batch = native
        rows = sum(len(captures) for captures in batches)
        for name, seconds in (("read", read), ("native", calls[0]), ("arrow", answering - calls[0])):
            spent[name].append(seconds / rows * 1e6)
    print("  census, full output, by phase (us a capture): " + ", ".join(
        f"{name} {min(values):,.1f}-{max(values):,.1f}" for name, values in spent.items()
    ))


def process_cpu() -> dict:
    """CPU seconds so far of this process's descendants, by kind: ``jvm`` (Spark's JVM, every
    thread) and ``python`` (its Python workers, with the workers they waited for); empty where
    /proc is not there."""
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    table = {}
    for entry in os.listdir("/proc") if os.path.isdir("/proc") else []:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                name, rest = stat.read().rsplit(")", 1)
        except OSError:
            continue  # ended meanwhile
        fields = rest.split()
        # after the name: state, ppid, ..., utime, stime, cutime, cstime (fields 14-17 of stat)
        table[int(entry)] = (int(fields[1]), name.split("(", 1)[1], sum(map(int, fields[11:15])) / tick)
    mine, grown = {os.getpid()}, True
    while grown:
        grown = False
        for pid, (parent, _, _) in table.items():
            if parent in mine and pid not in mine:
                mine.add(pid)
                grown = True
    spent = {"jvm": 0.0, "python": 0.0}
    for pid in mine - {os.getpid()}:
        _, name, seconds = table[pid]
        if name == "java":
            spent["jvm"] += seconds
        elif name.startswith("python"):
            spent["python"] += seconds
    return spent


def spark_jobs(files, survey, tokens, rounds, rows):
    from pyspark.sql import SparkSession

    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(HERE), os.environ.get("PYTHONPATH")]))
    spark = (
        SparkSession.builder.master("local[2]")
        .appName("robots-lens-census-bench")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.memory", "3g")
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    out = Path(tempfile.mkdtemp(prefix="census-bench-out-"))
    paths = spark.createDataFrame([(str(f),) for f in files], "path string").repartition(len(files))
    schema = "host string, url string, http_status int, verdicts array<struct<crawler:string,path:string,allowed:boolean>>, sitemaps array<string>, content_signal_lines int"
    survey_paths = list(survey.paths)

    def protego():
        paths.mapInArrow(lambda batches: protego_census.map_files(batches, tokens, survey_paths), schema).write.mode("overwrite").parquet(str(out / "protego"))

    def census():
        run_census(spark, [str(f) for f in files], str(out / "census"), survey, mode="overwrite")

    protego()  # starts the Python workers and loads their modules: not timed
    print(f"Spark local[2], the same {rows:,} captures, each job start to end (per core = captures / s / 2):")
    timings = {"census, full output": [], "protego job": []}
    cpu = {name: {"jvm": [], "python": []} for name in timings}
    for _ in range(rounds):
        for name, job in (("census, full output", census), ("protego job", protego)):
            before, started = process_cpu(), time.perf_counter()
            job()
            timings[name].append(time.perf_counter() - started)
            after = process_cpu()
            for kind in cpu[name]:
                cpu[name][kind].append(after.get(kind, 0.0) - before.get(kind, 0.0))
    for name, spent in timings.items():
        rates = [rows / s / 2 for s in spent]
        jvm, python = cpu[name]["jvm"], cpu[name]["python"]
        print(
            f"  {name:<22} {min(rates):>9,.0f}-{max(rates):,.0f} captures/s per core; CPU: JVM "
            f"{min(jvm):.1f}-{max(jvm):.1f} s, Python workers {min(python):.1f}-{max(python):.1f} s"
        )
    ratios = [p / c for p, c in zip(timings["protego job"], timings["census, full output"])]
    print(f"  the census is {min(ratios):.1f}-{max(ratios):.1f}x the protego job per core (wall)")
    totals = {name: [j + p for j, p in zip(cpu[name]["jvm"], cpu[name]["python"])] for name in cpu}
    if all(totals["census, full output"]):
        ratios = [p / c for p, c in zip(totals["protego job"], totals["census, full output"])]
        print(f"  the census is {min(ratios):.1f}-{max(ratios):.1f}x the protego job per CPU second (JVM and workers)")
    spark.stop()
    shutil.rmtree(out, ignore_errors=True)


def extension() -> str:
    """Which build of the extension this run imports, and when it was installed: `scripts/python.sh
    build` leaves the venv's install as it was (`scripts/python.sh install` replaces it)."""
    native = Path(robots_lens._native.__file__)
    installed = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(native.stat().st_mtime))
    return f"{native} (installed {installed})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--copies", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--paths", default="/")
    parser.add_argument("--no-spark", action="store_true")
    args = parser.parse_args()
    crawlers = robots_lens.crawler_names()
    tokens = [robots_lens.parse("").crawler(name).tokens[0] for name in crawlers]
    survey = Survey(crawlers, [p for p in args.paths.split(",") if p])
    folder = Path(tempfile.mkdtemp(prefix="census-bench-"))
    try:
        write_warcs(folder, corpus(args.copies), count=24)
        files = sorted(str(p) for p in folder.iterdir())
        print(f"robots_lens {robots_lens.__version__}, {len(crawlers)} crawlers on {args.paths}, Python {sys.version.split()[0]}")
        print(f"the extension measured: {extension()}")
        rows = one_thread(files, survey, tokens, args.rounds)
        if not args.no_spark:
            spark_jobs(files, survey, tokens, args.rounds, rows)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
