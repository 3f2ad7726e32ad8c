"""The census on a real Spark cluster: a standalone master and two workers started here on the
loopback interface with ``spark-class``, the job submitted with ``spark-submit``, and one worker
killed (SIGKILL, with its executor) once the job has finished some tasks. The result must still
be complete and exact: every capture once, each row as the CLI answers it (census_check.py).

Nothing waits on a clock to decide: the test polls the master's and the driver's own status
(JSON on loopback) with generous deadlines that only stop a hang.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pyspark = pytest.importorskip("pyspark")
pytest.importorskip("fastwarc")
pytest.importorskip("warcio")

import robots_lens.census  # noqa: E402

from census_check import CRAWLERS, PATHS, PROFILE, check_census, read_rows  # noqa: E402

SPARK_HOME = Path(pyspark.__file__).parent
#: Only stops a hang: a census of a few hundred captures takes well under a minute.
DEADLINE = 600


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def get_json(url: str):
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            return json.load(answer)
    except (OSError, ValueError):
        return None


def wait_for(what: str, check, deadline: float = DEADLINE, process=None):
    """Polls ``check()`` until it returns something true; fails after ``deadline`` seconds or
    when ``process`` ends first."""
    stop = time.monotonic() + deadline
    while time.monotonic() < stop:
        found = check()
        if found:
            return found
        if process is not None and process.poll() is not None:
            pytest.fail(f"{what}: the process ended first (exit {process.returncode})")
        time.sleep(0.2)
    pytest.fail(f"{what}: not within {deadline} s")


class Cluster:
    """A standalone master and workers, each in its own process group (a worker's executors and
    their Python workers are its children), stopped together at the end."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.env = dict(os.environ, SPARK_HOME=str(SPARK_HOME), SPARK_LOCAL_IP="127.0.0.1", SPARK_NO_DAEMONIZE="1")
        self.processes = []
        self.port, self.ui = free_port(), free_port()
        self.url = f"spark://127.0.0.1:{self.port}"

    def start(self, name: str, *args: str) -> subprocess.Popen:
        log = open(self.folder / f"{name}.log", "wb")
        process = subprocess.Popen(
            [str(SPARK_HOME / "bin" / "spark-class"), *args],
            env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )
        self.processes.append(process)
        return process

    def start_all(self, workers: int):
        master = self.start("master", "org.apache.spark.deploy.master.Master",
                            "--host", "127.0.0.1", "--port", str(self.port), "--webui-port", str(self.ui))
        wait_for("the master", lambda: get_json(f"http://127.0.0.1:{self.ui}/json/"), process=master)
        self.workers = [
            self.start(f"worker-{n}", "org.apache.spark.deploy.worker.Worker", self.url,
                       "--host", "127.0.0.1", "--cores", "1", "--memory", "1g",
                       "--webui-port", str(free_port()), "--work-dir", str(self.folder / f"work-{n}"))
            for n in range(workers)
        ]
        wait_for(
            f"{workers} workers registered",
            lambda: len([w for w in (get_json(f"http://127.0.0.1:{self.ui}/json/") or {}).get("workers", []) if w["state"] == "ALIVE"]) == workers,
        )

    def kill(self, process: subprocess.Popen):
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()

    def stop(self):
        for process in reversed(self.processes):
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


@pytest.fixture
def cluster(tmp_path):
    cluster = Cluster(tmp_path)
    try:
        cluster.start_all(workers=2)
        yield cluster
    finally:
        cluster.stop()


def completed_tasks(ui: int):
    """The driver's count of finished tasks, once its application is up; None before."""
    apps = get_json(f"http://127.0.0.1:{ui}/api/v1/applications")
    if not apps:
        return None
    stages = get_json(f"http://127.0.0.1:{ui}/api/v1/applications/{apps[0]['id']}/stages") or []
    return sum(stage.get("numCompleteTasks", 0) for stage in stages)


def test_a_census_survives_a_worker_killed_mid_job(cluster, census_input, census_cli, tmp_path):
    folder, expected = census_input
    output, events, driver_ui = tmp_path / "census.parquet", tmp_path / "events", free_port()
    events.mkdir()
    python = sys.executable
    submit = subprocess.Popen(
        [
            str(SPARK_HOME / "bin" / "spark-submit"),
            "--master", cluster.url,
            "--conf", "spark.driver.host=127.0.0.1",
            "--conf", "spark.driver.bindAddress=127.0.0.1",
            "--conf", f"spark.ui.port={driver_ui}",
            "--conf", "spark.port.maxRetries=0",
            "--conf", "spark.executor.memory=768m",
            "--conf", "spark.sql.shuffle.partitions=2",
            "--conf", f"spark.pyspark.python={python}",
            "--conf", f"spark.pyspark.driver.python={python}",
            "--conf", "spark.eventLog.enabled=true",
            "--conf", "spark.eventLog.compress=false",
            "--conf", f"spark.eventLog.dir={events.as_uri()}",
            str(Path(robots_lens.census.__file__).parent / "__main__.py"),
            "--input", str(folder),
            "--output", str(output),
            "--crawlers", ",".join(CRAWLERS),
            "--paths", ",".join(PATHS),
            "--profile", PROFILE,
        ],
        env=cluster.env, stdout=subprocess.PIPE, stderr=open(tmp_path / "submit.log", "wb"), start_new_session=True,
    )
    try:
        # Once some of the job's tasks have finished on the cluster, one worker goes.
        wait_for("tasks finished on the cluster", lambda: (completed_tasks(driver_ui) or 0) >= 2, process=submit)
        cluster.kill(cluster.workers[0])
        out, _ = submit.communicate(timeout=DEADLINE)
    finally:
        if submit.poll() is None:
            os.killpg(submit.pid, signal.SIGKILL)
    log = (tmp_path / "submit.log").read_text(errors="replace")
    assert submit.returncode == 0, log[-3000:]
    assert f"{len(expected):,} captures answered".encode() in out

    # The kill happened while the job ran: the driver lost that worker's executor.
    records = [json.loads(line) for path in events.rglob("events_*") for line in path.read_text().splitlines()]
    started = [r for r in records if r["Event"] == "SparkListenerApplicationStart"]
    assert started and started[0]["App ID"].startswith("app-"), "the job did not run on the standalone cluster"
    added = [r for r in records if r["Event"] == "SparkListenerExecutorAdded"]
    assert len(added) >= 2, "the job ran on fewer than two executors"
    removed = [r for r in records if r["Event"] == "SparkListenerExecutorRemoved"]
    assert removed, "no executor was lost: the worker was not killed mid-job"
    finished = [r for r in records if r["Event"] == "SparkListenerApplicationEnd"]
    assert finished and removed[0]["Timestamp"] < finished[0]["Timestamp"]

    tally = check_census(read_rows(str(output)), expected, census_cli, CRAWLERS, PATHS)
    print(f"\n{tally}; executors lost: {len(removed)}")
