"""`--scheduler` against a hostile or failing cluster: a malformed address, a port that is
not a Dask scheduler, a worker or the scheduler killed mid-run. Each is said in one line,
exits non-zero within bounded time, and prints no figures of a partial run; a worker
killed while another lives changes no result."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time

import pytest

from game.cli import main
from game.content.loader import DEFAULT_CONTENT
from game.lab import parallel
from game.lab.parallel import run_all
from game.lab.runs import LabError, Setup


@pytest.fixture(autouse=True)
def distributed():
    # Imported by the tests that run, not at collection (3 s of every worker's start).
    return pytest.importorskip(
        "distributed", reason="Dask distributed is not installed (pip install "
                              "'escarmouche[cluster]')")


DUEL = Setup(str(DEFAULT_CONTENT), "duel", "aldric", "dagny", 4, profile="naive")


def simulate(capsys, address: str, *extra: str) -> tuple[int, str, str, float]:
    capsys.readouterr()
    start = time.monotonic()
    code = main(["simulate", "duel", "aldric", "dagny", "--runs", "4", "--profile", "naive",
                 "--scheduler", address, *extra])
    out, err = capsys.readouterr()
    return code, out, err, time.monotonic() - start


@pytest.mark.parametrize("address,words", [
    ("nonsense", "not a Dask scheduler address"),
    ("tcp://", "missing port"),
    ("tcp://host:notaport", "not a Dask scheduler address"),
    ("tcp://127.0.0.1:99999", "out of range"),
    ("tcp://127.0.0.1:-4", "not a Dask scheduler address"),
    ("http://127.0.0.1:8786", "unknown address scheme"),
    ("tcp://[::1", "not a Dask scheduler address"),
    ("", None),
])
def test_a_malformed_address_is_said_at_once(capsys, address, words):
    code, out, err, took = simulate(capsys, address)
    if not address:  # an empty --scheduler is no scheduler: the runs are local
        assert code == 0
        return
    assert code == 2 and out == "" and "Traceback" not in err
    assert words in err and took < 5


class Listener:
    """A TCP port that is not a Dask scheduler: silent, or answering garbage or HTTP."""

    def __init__(self, answer: bytes | None) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.address = f"tcp://127.0.0.1:{self.sock.getsockname()[1]}"
        self.answer = answer
        self.peers: list[socket.socket] = []
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self) -> None:
        while True:
            try:
                peer, _ = self.sock.accept()
            except OSError:
                return
            self.peers.append(peer)
            if self.answer:
                try:
                    peer.sendall(self.answer)
                except OSError:
                    pass

    def close(self) -> None:
        for peer in self.peers:
            peer.close()
        self.sock.close()


@pytest.mark.parametrize("answer", [
    None,
    b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok",
    b"\xff" * 4096,
    b"SSH-2.0-OpenSSH_9.6\r\n",
    bytes(range(256)) * 8,
], ids=["silent", "http", "ones", "ssh", "bytes"])
def test_a_port_that_is_not_a_dask_scheduler_is_said_within_the_timeout(capsys, monkeypatch,
                                                                          answer):
    monkeypatch.setattr(parallel, "CONNECT_SECONDS", 2)
    listener = Listener(answer)
    try:
        code, out, err, took = simulate(capsys, listener.address)
    finally:
        listener.close()
    assert code == 2 and out == "" and "Traceback" not in err
    assert "Dask scheduler" in err and listener.address in err
    assert took < 8


def test_nothing_listening_is_said_within_the_timeout(capsys, monkeypatch):
    monkeypatch.setattr(parallel, "CONNECT_SECONDS", 2)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: nothing listens there
    code, out, err, took = simulate(capsys, f"tcp://127.0.0.1:{port}")
    assert code == 2 and out == "" and "no Dask scheduler answered" in err and took < 8


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _quiet() -> dict:
    return dict(stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _scheduler(address: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
         "--port", address.rsplit(":", 1)[1], "--no-dashboard"], **_quiet())


class Cluster:
    """Dask workers without nannies (a killed worker stays dead), each its own process, on
    a scheduler of their own (also a process) or on the module's shared one."""

    def __init__(self, distributed, workers: int,
                 shared: tuple[str, subprocess.Popen] | None = None) -> None:
        if shared is None:
            self.address = f"tcp://127.0.0.1:{free_port()}"
            self.scheduler, self.own = _scheduler(self.address), True
        else:
            (self.address, self.scheduler), self.own = shared, False
            assert self.scheduler.poll() is None, "the shared scheduler died in an earlier test"
        self.workers = [subprocess.Popen(
            [sys.executable, "-m", "distributed.cli.dask_worker", self.address, "--no-nanny",
             "--nthreads", "1", "--no-dashboard"], **_quiet()) for _ in range(workers)]
        with distributed.Client(self.address, timeout=30) as client:
            client.wait_for_workers(workers, timeout=60)
            # On the shared scheduler: these workers, none left from the test before.
            assert len(client.scheduler_info()["workers"]) == workers

    def close(self) -> None:
        for process in (*self.workers, *([self.scheduler] if self.own else [])):
            if process.poll() is None:
                process.kill()
            process.wait(timeout=10)


@pytest.fixture(scope="module")
def _one_scheduler():
    """One scheduler for the tests that kill only workers (a scheduler's start is 1 s of
    CPU and 2-4 s of waiting): (address, process). Each test starts its own workers. Of the
    module, not the session (an idle scheduler still takes 3% of a core): tests/conftest.py
    runs the three together (HEAVY), so that none in between stops it."""
    pytest.importorskip("distributed")  # (a module fixture starts before `distributed`)
    address = f"tcp://127.0.0.1:{free_port()}"
    process = _scheduler(address)
    yield address, process
    if process.poll() is None:
        process.kill()
    process.wait(timeout=10)


def _no_workers_left(distributed, address: str) -> None:
    """Until the shared scheduler has seen every worker of the test before go (bounded)."""
    with distributed.Client(address, timeout=30) as client:
        end = time.monotonic() + 30
        while client.scheduler_info()["workers"]:
            assert time.monotonic() < end, "the workers of an earlier test are still there"
            time.sleep(0.1)


def _clusters(distributed, shared):
    made = []

    def make(workers: int) -> Cluster:
        if shared is not None:
            _no_workers_left(distributed, shared[0])
        made.append(Cluster(distributed, workers, shared))
        return made[-1]

    return made, make


@pytest.fixture
def cluster_of(distributed):
    """`cluster_of(n)`: a cluster of `n` workers on a scheduler of the test's own."""
    made, make = _clusters(distributed, None)
    yield make
    for cluster in made:
        cluster.close()


@pytest.fixture
def workers_of(distributed, _one_scheduler):
    """`workers_of(n)`: `n` workers of the test's own on the module's shared scheduler."""
    made, make = _clusters(distributed, _one_scheduler)
    yield make
    for cluster in made:
        cluster.close()


def kill_on_first_chunk(process):
    """A progress callback that kills a process when the first chunk comes back."""
    state = {"killed": False}

    def tick(n: int) -> None:
        if not state["killed"]:
            state["killed"] = True
            process.send_signal(signal.SIGKILL)
            process.wait(timeout=10)
    return tick


def test_every_worker_killed_mid_run_is_said_and_gives_no_results(workers_of, monkeypatch):
    monkeypatch.setattr(parallel, "NO_WORKER_SECONDS", 3)
    cluster = workers_of(1)
    start = time.monotonic()
    with pytest.raises(LabError, match=r"every Dask worker left the cluster .* of 40 runs "
                                       r"done, no figures printed"):
        run_all(DUEL, 5, 40, scheduler=cluster.address,
                progress=kill_on_first_chunk(cluster.workers[0]))
    assert time.monotonic() - start < 60


def test_the_scheduler_killed_mid_run_is_said_and_gives_no_results(cluster_of):
    cluster = cluster_of(1)
    start = time.monotonic()
    with pytest.raises(LabError, match=r"lost the Dask scheduler .* of 40 runs done, no "
                                       r"figures printed"):
        run_all(DUEL, 5, 40, scheduler=cluster.address,
                progress=kill_on_first_chunk(cluster.scheduler))
    assert time.monotonic() - start < 60


def test_a_worker_killed_while_another_lives_changes_no_result(workers_of):
    cluster = workers_of(2)
    remote = run_all(DUEL, 5, 40, scheduler=cluster.address,
                     progress=kill_on_first_chunk(cluster.workers[0]))
    local = run_all(DUEL, 5, 40)
    assert [(r.index, r.seed, r.winner, r.rounds) for r in remote] == \
        [(r.index, r.seed, r.winner, r.rounds) for r in local]


def test_the_command_exits_non_zero_and_prints_no_figures_when_the_workers_die(
        workers_of, monkeypatch, capsys):
    monkeypatch.setattr(parallel, "NO_WORKER_SECONDS", 3)
    cluster = workers_of(1)
    worker = cluster.workers[0]
    threading.Timer(3.0, lambda: os.kill(worker.pid, signal.SIGKILL)).start()
    capsys.readouterr()
    code = main(["simulate", "crossroads", "--games", "200", "--profile", "naive",
                 "--scheduler", cluster.address, "--json"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "Traceback" not in err
    assert "every Dask worker left" in err


def test_a_result_lost_with_its_worker_after_it_finished_ends_in_bounded_time():
    """The race a full run once hung on: `wait` says a chunk is done, its worker dies
    before the result is fetched, and no worker is left to make it again."""

    class LostFuture:
        def result(self, timeout=None):
            assert timeout is not None  # an unbounded wait here would never return
            raise TimeoutError

    class Gone:
        def nthreads(self):
            return {}  # every worker has left

        def submit(self, *args, **kwargs):
            return LostFuture()

    now = [0.0]

    def clock():
        now[0] += parallel.POLL_SECONDS
        return now[0]

    def wait(pending, timeout, return_when):
        return set(pending), set()  # "done": the result is on a worker that is gone

    with pytest.raises(LabError, match="every Dask worker left the cluster"):
        parallel._gather(Gone(), DUEL, 0, 4, "tcp://nowhere:8786", lambda n: None, wait,
                         clock)
