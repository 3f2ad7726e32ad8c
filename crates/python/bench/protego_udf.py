"""protego as a pandas UDF, built as robots_lens.spark.robots_udf is: files broadcast once, each
parsed once per worker and kept. A module of its own (on the workers' PYTHONPATH), so that the
UDF calls it by name and the workers' cache outlives a task, as robots_udf's does."""

import pandas as pd
from protego import Protego

_PARSED: dict = {}


def _parsed(broadcast, host):
    found = _PARSED.get(host)
    if found is None:
        found = _PARSED[host] = Protego.parse(broadcast.value[host])
    return found


def protego_udf(files):
    """A pandas UDF ``(agent, url) -> allowed`` answered by protego, for ``files`` (host -> text)."""
    from pyspark.sql import SparkSession
    from pyspark.sql.functions import pandas_udf

    broadcast = SparkSession.getActiveSession().sparkContext.broadcast(files)

    @pandas_udf("boolean")
    def check(agents: pd.Series, urls: pd.Series) -> pd.Series:
        hosts = urls.str.extract(r"^https://([^/]*)", expand=False)
        return pd.Series(
            [_parsed(broadcast, host).can_fetch(url, agent) for host, agent, url in zip(hosts, agents, urls)]
        )

    return check
