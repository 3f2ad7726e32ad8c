"""A robots.txt census on Spark: captured robots.txt files in, one Parquet table of the engine's
answers out, one row per capture.

    robots-lens-census --input crawl/robotstxt/ --output census.parquet --report census.md
    python -m robots_lens.census --input captures.parquet --output census.parquet --master spark://h:7077

The captures come from WARC files (response records as Common Crawl's robots.txt segments store
them: status, headers, body; redirects and error answers included), from folders of robots.txt
files named by host, or from a table (Parquet or CSV with ``host``, ``status``, ``body``). Every
row is answered by the Robots Lens core through ``robots_lens.census_batch``: each chosen
catalogued crawler's verdict on each probe path with its own fallback chain and its operator's
handling of the fetch status, what the whole file allows each crawler, the AI usage preferences,
the sitemaps and the audit's findings counted by code and severity. A redirect capture is
answered once its chain is followed through the other captures (``301>200`` with the target's
body), as a crawler would follow it. docs/census.md describes every column and how to run it on
a laptop, a cluster and a Common Crawl dump; ``robots_lens.census.report`` writes the summary.
"""

from __future__ import annotations

import argparse
import glob
import os
import sys
from typing import List, Optional, Sequence

from .. import _native
from ._answers import Captures, Survey, answer
from ._captures import (
    file_capture,
    warc_heads,
    local_path,
    read_listing,
    table_capture,
    warc_captures,
    warc_record_at,
)
from ._parts import (
    OUTPUT_COLUMNS,
    Part,
    exists,
    finish,
    output_root,
    prepare,
    table_rows,
    task_partition,
    write_counted,
)

__all__ = ["Survey", "run_census", "main", "OUTPUT_COLUMNS", "DEFAULT_PATHS"]

#: The probe paths asked when none are given.
DEFAULT_PATHS = ("/",)

_WARC_SUFFIXES = (".warc", ".warc.gz", ".warc.zst", ".warc.lz4", ".arc.gz")
_LISTING_SUFFIXES = (".paths", ".paths.gz")


def input_format(inputs: Sequence[str]) -> str:
    """``warc``, ``files``, ``parquet`` or ``csv``, from the inputs' names (a local folder by
    what it holds)."""
    first = inputs[0].rstrip("/")
    lower = first.lower()
    if lower.endswith(_WARC_SUFFIXES + _LISTING_SUFFIXES):
        return "warc"
    if lower.endswith(".parquet"):
        return "parquet"
    if lower.endswith(".csv"):
        return "csv"
    local = local_path(first)
    if local is not None and os.path.isdir(local):
        for _, _, names in os.walk(local):
            if any(name.lower().endswith(_WARC_SUFFIXES) for name in names):
                return "warc"
            if any(name.lower().endswith(".parquet") for name in names):
                return "parquet"
            if names:
                return "files"
    raise ValueError(
        f"cannot tell what {first} holds: name it with --format warc|files|parquet|csv"
    )


def warc_files(spark, inputs: Sequence[str], prefix: str) -> List[str]:
    """Every WARC file the inputs name: files, folders (searched recursively), globs, and
    listings (``*.paths``, ``*.paths.gz``, one file a line, each after ``prefix``). Local paths
    are listed here; URIs (``s3a://``, ``hdfs://``) by Hadoop's file system, as Spark lists them."""
    found: List[str] = []
    for given in inputs:
        if given.lower().endswith(_LISTING_SUFFIXES):
            found.extend(read_listing(given, prefix))
            continue
        local = local_path(given)
        if local is not None:
            for match in sorted(glob.glob(local)) or [local]:
                if os.path.isdir(match):
                    for folder, _, names in sorted(os.walk(match)):
                        found.extend(
                            os.path.join(folder, name)
                            for name in sorted(names)
                            if name.lower().endswith(_WARC_SUFFIXES)
                        )
                elif os.path.exists(match):
                    found.append(match)
                else:
                    raise FileNotFoundError(f"--input {given}: no such file or folder")
            continue
        jvm = spark.sparkContext._jvm
        path = jvm.org.apache.hadoop.fs.Path(given)
        system = path.getFileSystem(spark.sparkContext._jsc.hadoopConfiguration())
        for status in system.globStatus(path) or []:
            if status.isDirectory():
                files = system.listFiles(status.getPath(), True)
                while files.hasNext():
                    name = files.next().getPath().toString()
                    if name.lower().endswith(_WARC_SUFFIXES):
                        found.append(name)
            else:
                found.append(status.getPath().toString())
    if not found:
        raise FileNotFoundError(f"no WARC file found in {', '.join(inputs)}")
    return found


#: The columns of a capture's head (``warc_heads``): what following redirects needs.
HEAD_COLUMNS = (
    "host string, url string, fetch_time_us long, http_status int, location string, "
    "source_file string, source_offset long, pending boolean"
)
_HEAD_NAMES = ["host", "url", "fetch_time_us", "http_status", "location", "source_file", "source_offset", "pending"]


def _census_of_warc_files(batches, survey: Survey, root: str):
    """mapInArrow over the WARC files (``index``, ``path``): each file read once, start to end:
    its captures answered and written as its part of the table, but for the redirects (answered
    once their chains are followed, ``_census_of_chains``); the heads of all of them
    (``HEAD_COLUMNS``) handed back for following the chains."""
    import pyarrow.compute as pc

    for batch in batches:
        for index, path in zip(batch.column("index").to_pylist(), batch.column("path").to_pylist()):
            with Part(root, f"part-warc-{index:06d}.parquet") as part:
                for captures in warc_captures(path):
                    answered = answer(captures, survey)
                    part.write(table_rows(answered, pc.invert(answered.column("pending"))))
                    yield answered.select(_HEAD_NAMES)


def _heads_of_warc_files(batches):
    """mapInArrow: the heads of each WARC file's captures (no body read, nothing answered)."""
    import pyarrow as pa

    for batch in batches:
        for path in batch.column("path").to_pylist():
            heads = list(warc_heads(path))
            yield pa.RecordBatch.from_pylist(
                [{name: head.get(name, False if name == "pending" else None) for name in _HEAD_NAMES} for head in heads],
                schema=pa.schema(
                    [
                        ("host", pa.string()), ("url", pa.string()), ("fetch_time_us", pa.int64()),
                        ("http_status", pa.int32()), ("location", pa.string()), ("source_file", pa.string()),
                        ("source_offset", pa.int64()), ("pending", pa.bool_()),
                    ]
                ),
            )


def _answer_files(batches, survey: Survey):
    """mapInArrow over Spark's ``binaryFile`` rows: one capture per robots.txt file."""
    for batch in batches:
        captures = Captures()
        columns = batch.to_pydict()
        for path, modified, content in zip(columns["path"], columns["modificationTime"], columns["content"]):
            captures.add(**file_capture(path, content, modified))
        yield answer(captures, survey)


def _answer_table(batches, survey: Survey):
    """mapInArrow over table rows (``host``, ``status``, ``body``, optional ``url``,
    ``fetch_time_us``, ``source_file``)."""
    for batch in batches:
        captures = Captures()
        for row in batch.to_pylist():
            captures.add(**table_capture(row))
        yield answer(captures, survey)


def _census_of_chains(batches, survey: Survey, root: str):
    """mapInArrow over followed chains: their rows written as this partition's part; yields the
    count."""
    yield from write_counted(_answer_chains(batches, survey), root, f"part-redirects-{task_partition():06d}.parquet")


def _answer_chains(batches, survey: Survey):
    """mapInArrow over followed redirect chains: each redirect capture answered with the status
    its hops end with and, when the chain reaches a capture, that capture's body."""
    opened: dict = {}
    for batch in batches:
        captures = Captures()
        for row in batch.to_pylist():
            capture = dict(
                host=row["host"],
                url=row["url"],
                fetch_time_us=row["fetch_time_us"],
                http_status=row["http_status"],
                location=row["location"],
                source_file=row["source_file"],
                source_offset=row["source_offset"],
            )
            codes = row["codes"]
            if row["missing"] is not None:
                capture["problem"] = f"the redirect leads to {row['missing']}, which was not captured"
            elif any(code is None for code in codes):
                capture["problem"] = "the redirect leads to a record without an HTTP status"
            elif row["target_file"] is None:
                # Still redirecting after the redirects crawlers follow: the codes end in one.
                capture["status"] = _native.census_status(codes)
            else:
                target, why = warc_record_at(row["target_file"], row["target_offset"], row["final_url"], opened)
                if target is None:
                    capture["problem"] = why
                else:
                    _, body, size, truncated = target
                    capture.update(
                        status=_native.census_status(codes),
                        body=body,
                        bytes=size,
                        warc_truncated=truncated,
                        final_url=row["final_url"],
                    )
            captures.add(**capture)
        yield answer(captures, survey)
    if opened.get("stream") is not None:
        opened["stream"].close()


#: Up to how many captures the redirect chains are followed on the driver, in one pass over a
#: collected index (about 0.5 KB a capture there); past it, by joins on the cluster, a hop each.
DRIVER_REDIRECTS = 200_000

_CHAIN_COLUMNS = (
    "host string, url string, fetch_time_us long, http_status int, location string, "
    "source_file string, source_offset long, codes array<int>, next string, missing string, "
    "target_file string, target_offset long, final_url string"
)


def _latest_captures(rows):
    """One row per captured URL, its latest capture (ties: the last by source file and offset,
    as the summary picks a site's capture): what a redirect to that URL reads."""
    from pyspark.sql import functions as F
    from pyspark.sql.window import Window

    latest = Window.partitionBy("url").orderBy(
        F.col("fetch_time_us").desc_nulls_last(), F.col("source_file").desc(), F.col("source_offset").desc()
    )
    return (
        rows.filter(F.col("url").isNotNull())
        .select("url", "http_status", "location", "pending", "source_file", "source_offset", "fetch_time_us")
        .withColumn("_rank", F.row_number().over(latest))
        .filter("_rank = 1")
        .select(
            F.col("url").alias("t_url"),
            F.col("http_status").alias("t_code"),
            F.col("location").alias("t_location"),
            F.col("pending").alias("t_pending"),
            F.col("source_file").alias("t_file"),
            F.col("source_offset").alias("t_offset"),
        )
    )


def follow_redirects(rows, *, driver_limit: int = DRIVER_REDIRECTS):
    """The redirect captures of ``rows`` (``pending``), each with its chain followed through the
    captures of the same census: the codes of its hops, and the capture it ends at
    (``target_file``, ``target_offset``, ``final_url``) or the URL that was not captured
    (``missing``). A URL captured more than once is read from its latest capture. A chain still
    redirecting after ``MAX_REDIRECTS + 1`` hops is left with only redirect codes, which the
    core reads as too many redirects. Both ways of following (on the driver for up to
    ``driver_limit`` captures, else by joins) give the same chains."""
    from pyspark.sql import functions as F

    hops = _native.MAX_REDIRECTS + 1
    # One pass over the captures' small columns decides the way: at most driver_limit of them
    # are collected, and the chains followed here without a shuffle.
    columns = ["host", "url", "fetch_time_us", "http_status", "location", "source_file", "source_offset", "pending"]
    collected = rows.select(*columns).limit(driver_limit + 1).collect() if driver_limit > 0 else None
    if collected is not None and len(collected) <= driver_limit:
        latest = {}
        for capture in collected:
            if capture["url"] is None:
                continue
            # The window's order in _latest_captures: the latest fetch, then the last by source.
            order = (
                capture["fetch_time_us"] is not None,
                capture["fetch_time_us"] or 0,
                capture["source_file"] or "",
                capture["source_offset"] or -1,
            )
            if capture["url"] not in latest or order > latest[capture["url"]][0]:
                latest[capture["url"]] = (order, capture)
        chains = []
        for capture in collected:
            if not capture["pending"]:
                continue
            codes, following = [capture["http_status"]], capture["location"]
            missing = target_file = target_offset = final_url = None
            for _ in range(hops):
                found = latest.get(following)
                if found is None:
                    missing, following = following, None
                    break
                target = found[1]
                codes.append(target["http_status"])
                if target["pending"]:
                    following = target["location"]
                    continue
                target_file, target_offset, final_url, following = target["source_file"], target["source_offset"], following, None
                break
            chains.append((*capture[:7], codes, following, missing, target_file, target_offset, final_url))
        return rows.sparkSession.createDataFrame(chains, _CHAIN_COLUMNS)
    index = _latest_captures(rows).persist()
    chains = rows.filter("pending").select(
        "host",
        "url",
        "fetch_time_us",
        "http_status",
        "location",
        "source_file",
        "source_offset",
        F.array(F.col("http_status")).alias("codes"),
        F.col("location").alias("next"),
        F.lit(None).cast("string").alias("missing"),
        F.lit(None).cast("string").alias("target_file"),
        F.lit(None).cast("long").alias("target_offset"),
        F.lit(None).cast("string").alias("final_url"),
    )
    for _ in range(hops):
        # Most chains end after a hop or two: stop as soon as none is still being followed.
        # persist, not a checkpoint: a lost executor's part is recomputed from its lineage.
        chains = chains.persist()
        if chains.filter(F.col("next").isNotNull()).isEmpty():
            break
        joined = chains.join(index, chains["next"] == index["t_url"], "left")
        following = F.col("next").isNotNull()
        reached = following & F.col("t_url").isNotNull()
        chains = joined.select(
            "host",
            "url",
            "fetch_time_us",
            "http_status",
            "location",
            "source_file",
            "source_offset",
            F.when(reached, F.concat("codes", F.array("t_code"))).otherwise(F.col("codes")).alias("codes"),
            F.when(reached & F.col("t_pending"), F.col("t_location")).alias("next"),
            F.when(following & F.col("t_url").isNull(), F.col("next")).otherwise(F.col("missing")).alias("missing"),
            F.when(reached & ~F.col("t_pending"), F.col("t_file")).otherwise(F.col("target_file")).alias("target_file"),
            F.when(reached & ~F.col("t_pending"), F.col("t_offset")).otherwise(F.col("target_offset")).alias("target_offset"),
            F.when(reached & ~F.col("t_pending"), F.col("t_url")).otherwise(F.col("final_url")).alias("final_url"),
        )
    return chains


def _warc_paths(spark, inputs: Sequence[str], prefix: str):
    """The WARC files as a frame of one file per partition (``index``, ``path``): each is read
    start to end by one task, and its part of the table is named by its index."""
    files = warc_files(spark, inputs, prefix)
    return spark.createDataFrame(
        spark.sparkContext.parallelize(list(enumerate(files)), len(files)), "index int, path string"
    )


def warc_heads_frame(spark, inputs: Sequence[str], prefix: str = ""):
    """The heads of every WARC capture (``HEAD_COLUMNS``): a pass that skips the bodies, for
    following the redirect chains."""
    return _warc_paths(spark, inputs, prefix).mapInArrow(_heads_of_warc_files, HEAD_COLUMNS)


def _census_of_rows(spark, inputs: Sequence[str], survey: Survey, root: str, *, kind: str):
    """A folder of files or a table: each partition's captures answered and written as its part
    of the table; a frame of the rows each part holds."""
    from pyspark.sql import functions as F

    def written(answered):
        return lambda batches: write_counted(answered(batches, survey), root, f"part-{kind}-{task_partition():06d}.parquet")

    if kind == "files":
        frame = spark.read.format("binaryFile").option("recursiveFileLookup", "true").load(list(inputs))
        frame = frame.select("path", "modificationTime", "content")
        return frame.mapInArrow(written(_answer_files), "rows long")
    if kind in ("parquet", "csv"):
        reader = spark.read
        if kind == "csv":
            # A robots.txt spans lines: quoted fields may hold newlines, and "" is a quote.
            reader = reader.option("header", "true").option("multiLine", "true").option("escape", '"')
        table = reader.format(kind).load(list(inputs))
        missing = {"host", "status", "body"} - {name.lower() for name in table.columns}
        if missing and not ({"status", "body", "url"} <= {name.lower() for name in table.columns}):
            raise ValueError(
                f"the table needs the columns host (or url), status and body; {sorted(missing)} missing"
            )
        columns = [
            F.col("status").cast("string").alias("status"),
            F.col("body").cast("binary").alias("body"),
            (F.col("host") if "host" in table.columns else F.lit(None)).cast("string").alias("host"),
            (F.col("url") if "url" in table.columns else F.lit(None)).cast("string").alias("url"),
            (
                F.expr("unix_micros(to_timestamp(fetch_time))") if "fetch_time" in table.columns else F.lit(None)
            ).cast("long").alias("fetch_time_us"),
            F.col("_metadata.file_path").alias("source_file"),
        ]
        return table.select(*columns).mapInArrow(written(_answer_table), "rows long")
    raise ValueError(f"unknown input format '{kind}' (expected warc, files, parquet or csv)")


def run_census(
    spark,
    inputs: Sequence[str],
    output: str,
    survey: Survey,
    *,
    kind: Optional[str] = None,
    prefix: str = "",
    mode: str = "errorifexists",
    driver_redirects: int = DRIVER_REDIRECTS,
):
    """Runs the census of ``inputs`` and writes it to ``output`` (a Parquet folder, which
    ``mode`` ``overwrite`` replaces); returns the number of rows written, one per capture.
    Redirect chains are followed on the driver for up to ``driver_redirects`` captured URLs, by
    joins on the cluster past that."""
    from pyspark.sql import functions as F

    survey.check()
    root = output_root(output)
    if mode == "errorifexists" and exists(spark, root):
        # Said now, not after the census has run.
        raise FileExistsError(f"--output {output} already exists (give --overwrite to replace it)")
    kind = kind or input_format(inputs)
    prepare(spark, root, mode)
    if kind != "warc":
        written = sum(row["rows"] for row in _census_of_rows(spark, inputs, survey, root, kind=kind).collect())
        finish(root, [written])
        return written
    # One reading of each WARC file answers and writes its captures and hands back the heads of
    # all of them; the redirects among them are answered from the other captures of the census
    # once their chains are followed, each from its target's record, read again by offset. The
    # heads are kept (memory, then disk) for the chains: a lost executor's part of them is read
    # again, and its files' parts written again, the same.
    heads = _warc_paths(spark, inputs, prefix).mapInArrow(
        lambda batches: _census_of_warc_files(batches, survey, root), HEAD_COLUMNS
    ).persist()
    try:
        counted = heads.agg(
            F.count(F.lit(1)).alias("captures"), F.sum(F.col("pending").cast("long")).alias("redirects")
        ).first()
        captures, redirects = counted["captures"], counted["redirects"] or 0
        if redirects:
            chains = follow_redirects(heads, driver_limit=driver_redirects)
            # A target's record is read where it is stored: the chains of one file together.
            chains = chains.repartition("target_file").sortWithinPartitions("target_file", "target_offset")
            answered = chains.mapInArrow(lambda batches: _census_of_chains(batches, survey, root), "rows long")
            followed = sum(row["rows"] for row in answered.collect())
            if followed != redirects:
                raise RuntimeError(f"{redirects:,} redirect captures, but {followed:,} rows written for them")
    finally:
        heads.unpersist()
    finish(root, [captures])
    return captures


def _session(master: Optional[str], app: str):
    from pyspark import SparkConf, SparkContext
    from pyspark.sql import SparkSession

    # Attaches to spark-submit's JVM (or starts one), so that SparkConf reads the master and
    # the --conf settings spark-submit was given.
    SparkContext._ensure_initialized()
    conf = SparkConf()
    builder = SparkSession.builder.appName(app)
    if master:
        builder = builder.master(master)
    elif not conf.contains("spark.master"):
        builder = builder.master(f"local[{os.cpu_count() or 1}]")
    defaults = {
        "spark.sql.execution.arrow.pyspark.enabled": "true",
        # A batch of robots.txt files (the files and table inputs) stays well under a gigabyte.
        "spark.sql.execution.arrow.maxRecordsPerBatch": "2000",
        "spark.ui.showConsoleProgress": "false",
    }
    for key, value in defaults.items():
        if not conf.contains(key):
            builder = builder.config(key, value)
    return builder.getOrCreate()


def _names(text: str) -> List[str]:
    return [name.strip() for name in text.split(",") if name.strip()]


def parse_arguments(argv: Optional[Sequence[str]] = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="robots-lens-census",
        description=(
            "A robots.txt census on Spark: captured robots.txt files (WARC, folders of files, or a "
            "table of host, status, body) in, one Parquet row per capture of the Robots Lens "
            "engine's answers out. Without --input, writes the --report of an existing --output."
        ),
    )
    parser.add_argument("--input", action="append", default=[], metavar="PATH",
                        help="WARC files or folders, a *.paths(.gz) listing, a folder of robots.txt files, "
                        "or a Parquet/CSV table; repeat or separate with commas")
    parser.add_argument("--output", required=True, metavar="PATH", help="the census table (a Parquet folder)")
    parser.add_argument("--crawlers", type=_names, metavar="A,B",
                        help="catalogued crawlers to ask (default: every one; robots-lens crawlers lists them)")
    parser.add_argument("--paths", type=_names, default=list(DEFAULT_PATHS), metavar="/,/x",
                        help="probe paths asked of each crawler (default: /)")
    parser.add_argument("--profile", default="rfc9309", help="rfc9309 (default), google, python or legacy-1994")
    parser.add_argument("--master", help="any Spark master (default: spark-submit's, else local[N] with N cores)")
    parser.add_argument("--format", dest="kind", choices=["warc", "files", "parquet", "csv"],
                        help="what --input holds (default: told from its names)")
    parser.add_argument("--input-prefix", default="", metavar="URI",
                        help="put before each line of a *.paths listing (Common Crawl: s3a://commoncrawl/)")
    parser.add_argument("--overwrite", action="store_true", help="replace --output if it exists")
    parser.add_argument("--report", metavar="FILE", help="also write the summary: FILE.md (Markdown) or FILE.html")
    args = parser.parse_args(argv)
    args.input = [name for given in args.input for name in _names(given)]
    if not args.input and not args.report:
        parser.error("give --input (to run the census) or --report (to summarise an existing --output)")
    return args


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = parse_arguments(argv)
    crawlers = args.crawlers or list(_native.crawler_names())
    survey = Survey(crawlers=crawlers, paths=args.paths, profile=args.profile)
    try:
        survey.check()
    except (LookupError, ValueError) as error:
        print(f"robots-lens-census: {error}", file=sys.stderr)
        return 2
    local = local_path(args.output)
    if args.input and not args.overwrite and local is not None and os.path.exists(local):
        print(f"robots-lens-census: --output {args.output} already exists (give --overwrite to replace it)", file=sys.stderr)
        return 1
    spark = _session(args.master, "robots-lens-census")
    from pyspark.errors import AnalysisException

    try:
        if args.input:
            written = run_census(
                spark,
                args.input,
                args.output,
                survey,
                kind=args.kind,
                prefix=args.input_prefix,
                mode="overwrite" if args.overwrite else "errorifexists",
            )
            print(f"robots-lens-census: {written:,} captures answered into {args.output}")
        if args.report:
            from .report import write_report

            write_report(spark, args.output, args.report)
            print(f"robots-lens-census: summary written to {args.report}")
    except (AnalysisException, FileNotFoundError, FileExistsError, ValueError) as error:
        # An --output that exists (without --overwrite), an --input that does not, a table
        # without the columns: the message says which.
        print(f"robots-lens-census: {error}", file=sys.stderr)
        return 1
    finally:
        spark.stop()
    return 0
