"""A vectorised Spark UDF: robots.txt verdicts for (agent, url) rows.

    >>> from pyspark.sql import functions as F
    >>> from robots_lens.spark import robots_udf
    >>> check = robots_udf({"example.com": "User-agent: *\\nDisallow: /private\\n"})
    >>> df.select(check(F.lit("ExampleBot"), "url").alias("robots")).select("robots.*")

``robots_udf(robots)`` returns a pandas (Arrow) UDF of two string columns, the agent and the URL,
whose value is a struct ``<allowed: boolean, line: int, reason: string>`` — the same three fields
as ``robots-lens check --jsonl``. ``robots`` is either one robots.txt (``str`` or ``bytes``) that
every row is checked against, or a mapping from host name to robots.txt, where each row's file is
the one of its URL's host (in any letter case, without the port). A row whose host has no file
gets ``allowed = null``, ``line = null`` and ``reason = "no-file-for-host"`` (and one whose
URL or agent is past the core's limits, ``reason = "argument-too-long"``, one whose URL no
crawler requests, ``reason = "url-refused"``): whether a site
without a robots.txt may be crawled is the caller's policy (RFC 9309 §2.3.1.3 says yes for a
4xx, no for a 5xx).

The files are broadcast once. Each Python worker parses and compiles a file the first time a
batch needs it and keeps it for the rest of the job, so a file costs one compile per executor
process, not one per row or per batch; ``udf.files_compiled`` is a Spark accumulator that counts
those compiles (read it on the driver after an action). A batch is answered by one ``robots_lens.check_rows``
call, without the GIL.
"""

import uuid
from typing import Any, Dict, Mapping, Optional, Tuple, Union

import numpy as np
import pandas as pd

import robots_lens

__all__ = ["robots_udf", "RESULT_SCHEMA", "NO_FILE_FOR_HOST", "ARGUMENT_TOO_LONG"]

#: The UDF's return type, as a Spark DDL string.
RESULT_SCHEMA = "allowed boolean, line int, reason string"

#: The reason of a row whose URL's host has no file in the map (as ``check_rows`` says it).
NO_FILE_FOR_HOST = "no-file-for-host"

#: The reason of a row whose URL or agent is past ``MAX_URL_BYTES`` / ``MAX_AGENT_BYTES``.
ARGUMENT_TOO_LONG = "argument-too-long"

# The scheme, user information and host of an absolute URL: the host is the first group.
_HOST_PATTERN = r"^[A-Za-z][A-Za-z0-9+.\-]*://(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)"

# Per Python worker process: (UDF id, host) -> the parsed file. Workers are reused across
# tasks (spark.python.worker.reuse, on by default), so this outlives a batch.
_FILES: Dict[Tuple[str, Optional[str]], robots_lens.Robots] = {}

Files = Union[str, bytes, Mapping[str, Union[str, bytes]]]


def _compiled(job: str, broadcast: Any, host: Optional[str], counter: Any) -> Optional[robots_lens.Robots]:
    """The parsed file of ``host`` in ``broadcast`` (the files of UDF ``job``), from this
    worker's cache when it is there.

    A module-level function, so that the UDF's pickled closure calls it by name and uses the
    worker's one ``_FILES``, instead of carrying a copy of the cache into every task.
    """
    key = (job, host)
    found = _FILES.get(key)
    if found is None:
        text = broadcast.value.get(host)
        if text is None:
            return None
        found = _FILES[key] = robots_lens.parse(text)
        counter.add(1)
    return found


def robots_udf(
    robots: Files,
    *,
    profile: str = "rfc9309",
    match: str = "substring",
    status: str = "200",
    spark: Any = None,
) -> Any:
    """A pandas UDF ``(agent, url) -> struct<allowed, line, reason>`` for ``robots``.

    ``robots`` is one robots.txt or a host -> robots.txt mapping (see the module docstring);
    ``profile``, ``match`` and ``status`` (how the files were served) are those of
    ``Robots.check``. ``spark`` is the session to broadcast
    with (default: the active one).
    """
    from pyspark.sql import SparkSession
    from pyspark.sql.functions import pandas_udf

    # Check the names on the driver, where the error is readable, not in every task.
    robots_lens.parse("").check("*", "/", profile=profile, match=match, status=status)
    session = spark or SparkSession.getActiveSession()
    if session is None:
        raise RuntimeError("robots_udf needs a SparkSession: start one first or pass spark=")
    if isinstance(robots, (str, bytes, bytearray)):
        files: Dict[Optional[str], Union[str, bytes]] = {None: bytes(robots) if isinstance(robots, bytearray) else robots}
    elif isinstance(robots, Mapping):
        files = {str(host).lower(): text for host, text in robots.items()}
    else:
        raise TypeError(
            f"robots must be a robots.txt (str or bytes) or a mapping of host to robots.txt, "
            f"not {type(robots).__name__}"
        )
    context = session.sparkContext
    broadcast = context.broadcast(files)
    job = uuid.uuid4().hex
    files_compiled = context.accumulator(0)
    by_host = None not in files

    @pandas_udf(RESULT_SCHEMA)  # type: ignore[call-overload]
    def check(agents: pd.Series, urls: pd.Series) -> pd.DataFrame:
        urls = urls.fillna("").astype(str)
        if by_host:
            hosts = urls.str.extract(_HOST_PATTERN, expand=False).str.lower()
            codes, names = pd.factorize(hosts)  # -1 where a URL has no host
            files = [_compiled(job, broadcast, host, files_compiled) for host in names]
        else:
            codes = np.zeros(len(urls), dtype=np.int64)
            files = [_compiled(job, broadcast, None, files_compiled)]
        # One native call for the whole batch: it finds each row's file, checks without the
        # GIL, and returns plain columns.
        allowed, lines, reasons = robots_lens.check_rows(
            files,
            codes.tolist(),
            agents.fillna("").astype(str).tolist(),
            urls.tolist(),
            profile=profile,
            match=match,
            status=status,
        )
        return pd.DataFrame(
            {
                "allowed": pd.array(allowed, dtype="boolean"),
                "line": pd.array(lines, dtype="Int32"),
                "reason": reasons,
            }
        )

    check.files_compiled = files_compiled
    return check
