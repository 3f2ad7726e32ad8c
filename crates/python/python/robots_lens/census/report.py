"""The census summary a person reads: headline shares from the census table, each with the
definition it counts, as Markdown or HTML.

    robots-lens-census --output census.parquet --report census.md
    python -m robots_lens.census.report census.parquet census.html

Published robots.txt figures disagree by a factor of three because each study counts something
slightly different (captures or sites, with or without the sites that serve no file, "blocks"
as a `Disallow: /` line or as a crawler that may fetch nothing). Every figure here says what it
counts, and is counted from the engine's answers in the table, never from the files' text:

- A **site** is a host. A host captured more than once is counted once, by its latest capture
  (the latest ``fetch_time``; ties by source file and offset), so a re-crawl does not count
  twice. A redirect capture counts for the host it was made to, with the chain followed.
- **Sites with a file** are those whose robots.txt the engine read (``read``: a 2xx, an HTML
  page served with 2xx included). **Answered sites** are those with a status the engine could
  read (``status_class`` not null), whatever it was.
- A crawler is **fully blocked** when the engine's whole-file summary says it may fetch nothing
  (``access = nothing``: a Disallow that matches every path, and no Allow long enough to win
  anywhere, along the crawler's own fallback chain); **partly blocked** when some paths are
  disallowed (``access = partial``). A status that blocks every crawler (a 5xx, an unreachable
  site; for Google's crawlers a 429) is counted apart, under the status classes.
"""

from __future__ import annotations

import html
import sys
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple

import robots_lens

#: The purposes whose crawlers the headline counts (the catalogue's ``purpose``).
AI_PURPOSES = ("ai-training", "ai-search", "user-triggered")

#: How many audit codes the summary lists.
TOP_CODES = 12


@dataclass
class Table:
    """A titled table with the definition of what it counts."""

    title: str
    definition: str
    header: List[str]
    rows: List[List[str]] = field(default_factory=list)


def share(part: int, whole: int) -> str:
    """``12.3% (45 of 366)``; ``–`` for an empty whole."""
    if whole == 0:
        return "– (0 of 0)"
    return f"{100.0 * part / whole:.1f}% ({part:,} of {whole:,})"


def purpose_of(crawler: str) -> str:
    return robots_lens.parse("").crawler(crawler).purpose


def sites(frame):
    """One row per host: its latest capture."""
    from pyspark.sql import functions as F
    from pyspark.sql.window import Window

    latest = Window.partitionBy("host").orderBy(
        F.col("fetch_time").desc_nulls_last(), F.col("source_file").desc_nulls_last(), F.col("source_offset").desc_nulls_last()
    )
    return (
        frame.filter(F.col("host").isNotNull())
        .withColumn("_rank", F.row_number().over(latest))
        .filter("_rank = 1")
        .drop("_rank")
    )


def summarise(spark, path: str) -> Tuple[List[str], List[Table]]:
    """The headline facts and tables of the census table at ``path``."""
    from pyspark.sql import functions as F

    frame = spark.read.parquet(path)
    captures = frame.count()
    counted = sites(frame).cache()
    total = counted.count()
    answered = counted.filter(F.col("status_class").isNotNull()).count()
    with_file = counted.filter(F.col("read")).count()
    unanswered = captures - frame.filter(F.col("status_class").isNotNull()).count()

    facts = [
        f"{captures:,} captures of {total:,} sites (hosts); each site counted once, by its latest capture.",
        f"{answered:,} sites answered (a status the engine reads); {with_file:,} with a robots.txt the engine read.",
        f"{unanswered:,} captures could not be answered (their `problem` column says why: a redirect to a URL "
        "that was not captured, a record without a status, a damaged file).",
    ]

    by_class = dict(
        counted.filter(F.col("status_class").isNotNull()).groupBy("status_class").count().collect()
    )
    status_table = Table(
        "Sites by how robots.txt was served",
        "The status class of each site's counted capture, as the engine classes the fetch status "
        "(redirects followed): success (2xx, the file), html-page (2xx with an HTML page), client-error "
        "(4xx but 429: every crawler may fetch everything), too-many-requests (429: RFC 9309 allows "
        "everything, Google's crawlers fetch nothing), server-error and unreachable (every crawler may "
        "fetch nothing), too-many-redirects (as a 4xx). Share of answered sites.",
        ["status class", "sites"],
    )
    for name, count in sorted(by_class.items(), key=lambda item: -item[1]):
        status_table.rows.append([name, share(count, answered)])

    access = (
        counted.filter(F.col("read"))
        .select(F.explode("access").alias("a"))
        .groupBy("a.crawler", "a.access")
        .count()
        .collect()
    )
    crawlers = sorted({row["crawler"] for row in access})
    ai = [name for name in crawlers if purpose_of(name) in AI_PURPOSES]
    counts: Dict[Tuple[str, str], int] = {(row["crawler"], row["access"]): row["count"] for row in access}
    first_path = frame.select(F.col("verdicts")[0]["path"].alias("p")).filter("p is not null").limit(1).collect()
    probe = first_path[0]["p"] if first_path else "/"
    refused = dict(
        counted.filter(F.col("status_class").isNotNull())
        .select(F.explode("verdicts").alias("v"))
        .filter((F.col("v.path") == probe) & (F.col("v.allowed") == F.lit(False)))
        .groupBy("v.crawler")
        .count()
        .collect()
    )
    blocking = Table(
        "Sites blocking each AI crawler",
        "For each catalogued crawler whose purpose is AI training, AI search or a user's request: "
        "fully = its whole-file summary is 'may fetch nothing' (access = nothing), partly = some paths "
        "disallowed (access = partial), both as a share of sites with a file; "
        f"'may not fetch {probe}' = its verdict on {probe}, status included, as a share of answered sites.",
        ["crawler", "purpose", "fully blocked", "partly blocked", f"may not fetch {probe}"],
    )
    for name in ai:
        blocking.rows.append(
            [
                name,
                purpose_of(name),
                share(counts.get((name, "nothing"), 0), with_file),
                share(counts.get((name, "partial"), 0), with_file),
                share(refused.get(name, 0), answered),
            ]
        )

    files = counted.filter(F.col("read"))
    signals = files.agg(
        F.sum((F.col("content_signal_lines") > 0).cast("int")).alias("signal"),
        F.sum((F.col("content_usage_lines") > 0).cast("int")).alias("usage"),
        F.sum((F.col("license_lines") > 0).cast("int")).alias("license"),
    ).first()
    train = dict(
        files.select(F.explode("ai_usage").alias("u"))
        .filter(F.col("u.purpose") == "train-ai")
        .groupBy("u.content_signal")
        .count()
        .collect()
    )
    preferences = Table(
        "AI usage preferences",
        "Shares of sites with a file. A file 'uses' a vocabulary when the engine reads at least one of "
        "its lines within the 500 KiB limit (Content-Signal; AIPREF Content-Usage; RSL License). "
        f"'ai-train=no' = the Content-Signal preference for AI training that a crawler no group names reads on {probe}.",
        ["what", "sites"],
        [
            ["Content-Signal lines", share(signals["signal"] or 0, with_file)],
            ["Content-Usage lines", share(signals["usage"] or 0, with_file)],
            ["License lines", share(signals["license"] or 0, with_file)],
            ["Content-Signal ai-train=no", share(train.get("disallow", 0), with_file)],
        ],
    )

    audited = files.filter(F.col("errors").isNotNull())
    audited_count = audited.count()
    with_errors = audited.filter(F.col("errors") > 0).count()
    codes = (
        audited.select(F.explode("audit").alias("f"))
        .groupBy("f.code", "f.severity")
        .agg(F.count("*").alias("sites"), F.sum("f.count").alias("findings"))
        .orderBy(F.desc("sites"), "code")
        .limit(TOP_CODES)
        .collect()
    )
    audit = Table(
        "Audit findings",
        f"Sites with a file and an audit: {share(with_errors, audited_count)} have at least one error "
        "(robots-lens lint's severities). Each code: the sites with at least one finding of it, and the "
        "findings in all; robots-lens explain CODE says what it means.",
        ["code", "severity", "sites", "findings"],
        [[row["code"], row["severity"], share(row["sites"], audited_count), f"{row['findings']:,}"] for row in codes],
    )
    counted.unpersist()
    return facts, [status_table, blocking, preferences, audit]


def markdown(facts: Sequence[str], tables: Sequence[Table]) -> str:
    def cell(text: str) -> str:
        return text.replace("|", "\\|").replace("\n", " ")

    out = ["# robots.txt census", ""]
    out += [f"- {fact}" for fact in facts]
    for table in tables:
        out += ["", f"## {table.title}", "", table.definition, ""]
        out.append("| " + " | ".join(cell(name) for name in table.header) + " |")
        out.append("|" + "---|" * len(table.header))
        out += ["| " + " | ".join(cell(value) for value in row) + " |" for row in table.rows]
    return "\n".join(out) + "\n"


def html_page(facts: Sequence[str], tables: Sequence[Table]) -> str:
    escape = html.escape
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8"><title>robots.txt census</title>',
        "<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}"
        "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left}"
        "p.definition{color:#444}</style></head><body>",
        "<h1>robots.txt census</h1>",
        "<ul>" + "".join(f"<li>{escape(fact)}</li>" for fact in facts) + "</ul>",
    ]
    for table in tables:
        out.append(f"<h2>{escape(table.title)}</h2>")
        out.append(f'<p class="definition">{escape(table.definition)}</p>')
        out.append("<table><thead><tr>" + "".join(f"<th>{escape(name)}</th>" for name in table.header) + "</tr></thead><tbody>")
        for row in table.rows:
            # Crawler names and codes come from the data: translate="no" keeps them as they are.
            out.append("<tr>" + "".join(f'<td translate="no">{escape(value)}</td>' for value in row) + "</tr>")
        out.append("</tbody></table>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def write_report(spark, census: str, destination: str) -> None:
    """Writes the summary of the census table ``census`` to ``destination``: HTML when its name
    ends in ``.html``/``.htm``, Markdown otherwise."""
    facts, tables = summarise(spark, census)
    text = html_page(facts, tables) if destination.lower().endswith((".html", ".htm")) else markdown(facts, tables)
    with open(destination, "w", encoding="utf-8") as out:
        out.write(text)


def main(argv: Optional[Sequence[str]] = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if len(argv) != 2:
        print("usage: python -m robots_lens.census.report CENSUS.parquet REPORT.md|REPORT.html", file=sys.stderr)
        return 2
    from pyspark.sql import SparkSession

    spark = SparkSession.builder.appName("robots-lens-census-report").getOrCreate()
    try:
        write_report(spark, argv[0], argv[1])
    finally:
        spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
