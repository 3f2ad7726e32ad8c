"""The census table's Parquet parts, each written by the task that answered its rows.

A census row carries a list of verdicts and a list of access summaries per crawler (with every
catalogued crawler, 160 structs a row). The tasks hold their rows as Arrow already: handing them
to the JVM to convert into Spark's rows and write out again costs more than the write, and a task
that writes its own rows can hand Spark only the few columns the redirect stage needs, from the
same reading of its WARC file. So each task writes its part with pyarrow.

A part is named by what its task reads (the WARC file's index, the partition), written under
``_temporary/`` and moved to its name once whole: a task that runs again (a lost executor, a
speculative copy) replaces its part with the same rows, and one that dies leaves no part. Readers
(Spark, pyarrow) skip names that start with ``_``. The driver prepares the folder, and at the end
writes ``_SUCCESS`` (and an empty part when no task wrote one, so that the table has its schema)
and removes ``_temporary/``.
"""

from __future__ import annotations

import os
import uuid
from typing import Optional, Sequence, Tuple

import pyarrow as pa
import pyarrow.compute as pc

from ._answers import SCHEMA
from ._captures import local_path

#: Where a task writes before its part is whole.
TEMPORARY = "_temporary"

#: The census table's columns, in order (docs/census.md says what each means).
OUTPUT_COLUMNS = [
    "host",
    "url",
    "fetch_time",
    "http_status",
    "status",
    "status_class",
    "problem",
    "bytes",
    "body_cut",
    "warc_truncated",
    "read",
    "verdicts",
    "access",
    "ai_usage",
    "sitemaps",
    "content_signal_lines",
    "content_usage_lines",
    "license_lines",
    "audit",
    "errors",
    "warnings",
    "infos",
    "location",
    "final_url",
    "source_file",
    "source_offset",
]

#: ``fetch_time``: an instant, as Spark's ``timestamp`` reads it.
FETCH_TIME = pa.timestamp("us", tz="UTC")

OUTPUT_SCHEMA = pa.schema(
    [pa.field("fetch_time", FETCH_TIME) if name == "fetch_time" else SCHEMA.field(name) for name in OUTPUT_COLUMNS]
)


def output_root(output: str) -> str:
    """``output`` as every task can open it: a local path made absolute here, on the driver (a
    worker's own folder differs), or a URI as given."""
    local = local_path(output)
    return os.path.abspath(local) if local is not None else output


def filesystem(root: str):
    """pyarrow's file system for ``root`` and the path in it (Hadoop's ``s3a://`` read as
    ``s3://``)."""
    from pyarrow import fs

    if "://" not in root:
        return fs.LocalFileSystem(), root
    scheme, rest = root.split("://", 1)
    if scheme in ("s3a", "s3n"):
        root = "s3://" + rest
    return fs.FileSystem.from_uri(root)


def table_rows(batch: pa.RecordBatch, keep: Optional[pa.Array] = None) -> pa.RecordBatch:
    """An answered batch (``_answers.SCHEMA``) as the census table's rows: its columns in order,
    ``fetch_time`` from ``fetch_time_us``, only the rows ``keep`` marks."""
    if keep is not None:
        batch = batch.filter(keep)
    columns = [
        pc.cast(batch.column("fetch_time_us"), FETCH_TIME) if name == "fetch_time" else batch.column(name)
        for name in OUTPUT_COLUMNS
    ]
    return pa.RecordBatch.from_arrays(columns, schema=OUTPUT_SCHEMA)


class Part:
    """One part of the table, written batch by batch; nothing is created until the first row."""

    def __init__(self, root: str, name: str):
        self.filesystem, self.root = filesystem(root)
        self.name = name
        self.temporary = f"{self.root}/{TEMPORARY}/{name}.{uuid.uuid4().hex}"
        self.rows = 0
        self._stream = self._writer = None

    def write(self, batch: pa.RecordBatch) -> None:
        if not batch.num_rows:
            return
        if self._writer is None:
            import pyarrow.parquet as pq

            self.filesystem.create_dir(f"{self.root}/{TEMPORARY}", recursive=True)
            self._stream = self.filesystem.open_output_stream(self.temporary)
            self._writer = pq.ParquetWriter(self._stream, OUTPUT_SCHEMA)
        self._writer.write_batch(batch)
        self.rows += batch.num_rows

    def commit(self) -> int:
        """Moves the part to its name (replacing an earlier attempt's); returns its rows."""
        if self._writer is None:
            return 0
        self._close()
        final = f"{self.root}/{self.name}"
        if self.filesystem.get_file_info(final).is_file:
            self.filesystem.delete_file(final)  # HDFS does not rename over a file
        self.filesystem.move(self.temporary, final)
        return self.rows

    def abort(self) -> None:
        if self._writer is None:
            return
        self._close()
        try:
            self.filesystem.delete_file(self.temporary)
        except OSError:
            pass  # the driver removes _temporary/ at the end anyway

    def _close(self) -> None:
        self._writer.close()
        self._stream.close()
        self._writer = None

    def __enter__(self) -> "Part":
        return self

    def __exit__(self, kind, error, trace) -> None:
        if kind is None:
            self.commit()
        else:
            self.abort()


def write_counted(batches, root: str, name: str, keep: Optional[str] = None):
    """Writes the answered ``batches`` (rows where column ``keep`` is false, when given) as the
    part ``name``; yields one batch with the rows written (``rows``), for mapInArrow."""
    with Part(root, name) as part:
        for batch in batches:
            part.write(table_rows(batch, None if keep is None else pc.invert(batch.column(keep))))
    yield pa.RecordBatch.from_arrays([pa.array([part.rows], pa.int64())], names=["rows"])


def task_partition() -> int:
    """The partition this Spark task reads: a rerun of the task reads the same one."""
    from pyspark import TaskContext

    return TaskContext.get().partitionId()


# The driver's side: the folder before the tasks, and what it holds after them.


def _hadoop(spark, root: str) -> Tuple[object, object]:
    jvm = spark.sparkContext._jvm
    path = jvm.org.apache.hadoop.fs.Path(root)
    return path.getFileSystem(spark.sparkContext._jsc.hadoopConfiguration()), path


def exists(spark, root: str) -> bool:
    if "://" not in root:
        return os.path.exists(root)
    system, path = _hadoop(spark, root)
    return system.exists(path)


def prepare(spark, root: str, mode: str) -> None:
    """Makes ``root`` an empty folder: ``errorifexists`` refuses one that exists, ``overwrite``
    deletes it first (through Hadoop's file system for a URI, as Spark's writer would)."""
    if mode not in ("errorifexists", "overwrite"):
        raise ValueError(f"mode '{mode}': the census writes a new table (errorifexists) or replaces one (overwrite)")
    if exists(spark, root):
        if mode == "errorifexists":
            raise FileExistsError(f"--output {root} already exists (give --overwrite to replace it)")
        if "://" not in root:
            import shutil

            shutil.rmtree(root) if os.path.isdir(root) else os.remove(root)
        else:
            system, path = _hadoop(spark, root)
            system.delete(path, True)
    system, path = filesystem(root)
    system.create_dir(path, recursive=True)


def finish(root: str, parts: Sequence[int]) -> None:
    """After every task: an empty part when none wrote a row (the table keeps its schema),
    ``_SUCCESS``, and no ``_temporary/``."""
    system, path = filesystem(root)
    if not sum(parts):
        import pyarrow.parquet as pq

        with system.open_output_stream(f"{path}/part-empty.parquet") as stream:
            pq.write_table(OUTPUT_SCHEMA.empty_table(), stream)
    with system.open_output_stream(f"{path}/_SUCCESS"):
        pass
    try:
        system.delete_dir(f"{path}/{TEMPORARY}")
    except (FileNotFoundError, OSError):
        pass  # no task wrote one, or a file system without folders
