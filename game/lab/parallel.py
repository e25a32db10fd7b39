"""Spreading runs: in this process, over local processes (`concurrent.futures`), or over
a Dask distributed cluster (`--scheduler`; the optional `escarmouche[cluster]` extra).

Whatever the spread, run i is `play_run(setup, master, i)`, and results are put back in
index order: the same master seed gives the same results for any number of workers.
"""

from __future__ import annotations

import asyncio
import logging
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Callable

from game.i18n import _
from game.lab.runs import LabError, RunResult, Setup, play_chunk

Progress = Callable[[int], None]


def chunks(runs: int, parts: int) -> list[list[int]]:
    """Indices 0..runs-1 in contiguous chunks, several per worker (so a slow chunk does
    not leave the others idle) but few enough that shipping them costs little."""
    size = max(1, min(50, runs // max(1, parts * 4)))
    return [list(range(i, min(runs, i + size))) for i in range(0, runs, size)]


def run_all(setup: Setup, master: int, runs: int, workers: int = 1,
            scheduler: str | None = None, progress: Progress | None = None) -> list[RunResult]:
    """Every run's result, in index order."""
    tick = progress or (lambda n: None)
    if scheduler:
        results = _on_cluster(setup, master, runs, scheduler, tick)
    elif workers > 1:
        results = []
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(play_chunk, setup, master, part)
                       for part in chunks(runs, workers)]
            for future in as_completed(futures):
                done = future.result()
                results += done
                tick(len(done))
    else:
        results = []
        for index in range(runs):
            results += play_chunk(setup, master, [index])
            tick(1)
    return sorted(results, key=lambda r: r.index)


#: How long a Dask scheduler has to answer who it is, and the client to connect (seconds).
CONNECT_SECONDS = 10
#: How long a run on a cluster may go on with no worker at all before it is given up.
NO_WORKER_SECONDS = 30
#: How often a run on a cluster looks for its workers while no chunk comes back.
POLL_SECONDS = 1.0
#: The longest wait for a finished chunk's result (at most 50 runs: a few KB): past it, the
#: worker that holds it is taken to be gone and the chunk waits to be made again.
RESULT_SECONDS = 5.0


def _check_address(address: str) -> None:
    """A scheduler address Dask can parse, with a port in range (a LabError otherwise)."""
    # The optional extra, as in `_on_cluster`.
    from distributed.comm.addressing import parse_address, parse_host_port
    from distributed.comm.registry import get_backend

    try:
        scheme, location = parse_address(address, strict=True)
        get_backend(scheme)
        if scheme in ("tcp", "tls", "ws", "wss"):
            _host, port = parse_host_port(location)
            if not 0 < port < 65536:
                raise ValueError(f"port {port} is out of range (1-65535)")
    except (ValueError, TypeError) as exc:
        raise LabError(_("--scheduler {address!r} is not a Dask scheduler address "
                         "(tcp://HOST:PORT): {problem}").format(address=address,
                                                                problem=exc)) from None


def _probe(address: str) -> None:
    """Ask the address who it is, within `CONNECT_SECONDS`: the client itself would wait
    forever on a port that is not a Dask scheduler's."""
    from distributed.core import rpc  # the optional extra, as in `_on_cluster`

    async def identity():
        remote = rpc(address)
        try:
            return await remote.identity()
        finally:
            await remote.close_rpc()

    async def bounded():
        return await asyncio.wait_for(identity(), CONNECT_SECONDS)

    try:
        found = asyncio.run(bounded())
    except (TimeoutError, asyncio.TimeoutError, OSError):
        raise LabError(_("no Dask scheduler answered at {address} within {seconds} s "
                         "(nothing listening there, not a Dask scheduler, or out of "
                         "reach)").format(address=address, seconds=CONNECT_SECONDS)) from None
    except Exception as exc:  # noqa: BLE001 — whatever a stranger's port sends back
        raise LabError(_("{address} does not answer as a Dask scheduler ({problem})").format(
            address=address, problem=f"{type(exc).__name__}: {str(exc)[:200]}")) from None
    kind = found.get("type") if isinstance(found, dict) else None
    if kind != "Scheduler":
        raise LabError(_("{address} answers as a Dask {kind}, not a scheduler").format(
            address=address, kind=kind or "peer"))


def _on_cluster(setup: Setup, master: int, runs: int, address: str,
                tick: Progress) -> list[RunResult]:
    """Every run's result from a Dask cluster, or a LabError saying what happened (an
    address that is not a scheduler's, the scheduler lost, every worker gone for
    `NO_WORKER_SECONDS`, a run that failed): never the results of part of the runs."""
    # Imported only here: the cluster is an optional extra.
    try:
        from distributed import Client, wait
    except ImportError:
        raise LabError(_("--scheduler needs Dask distributed: pip install "
                         "'escarmouche[cluster]'")) from None
    _check_address(address)
    _probe(address)
    # The client's own complaints (a lost scheduler, reconnection attempts) would land in
    # the middle of the report: the error below says what happened instead.
    quiet = logging.getLogger("distributed")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)
    try:
        try:
            client = Client(address, timeout=CONNECT_SECONDS)
        except (OSError, TimeoutError) as exc:
            raise LabError(_("cannot connect to the Dask scheduler at {address}: "
                             "{problem}").format(address=address,
                                                 problem=exc or type(exc).__name__)) from None
        try:
            return _gather(client, setup, master, runs, address, tick, wait, time.monotonic)
        finally:
            try:
                client.close(timeout=5)
            except Exception:  # noqa: BLE001 — a scheduler already gone
                pass
    finally:
        quiet.setLevel(level)


def _gather(client, setup: Setup, master: int, runs: int, address: str, tick: Progress,
            wait, clock) -> list[RunResult]:
    """Submit the chunks, collect them as they come back, watch for the cluster going."""
    try:
        workers = max(1, len(client.nthreads()))
        pending = {client.submit(play_chunk, setup, master, part, pure=False)
                   for part in chunks(runs, workers)}
    except Exception as exc:  # noqa: BLE001
        raise LabError(_("the Dask scheduler at {address} failed: {problem}").format(
            address=address, problem=_reason(exc))) from None
    results: list[RunResult] = []
    alone_since = None
    while pending:
        try:
            done, pending = wait(pending, timeout=POLL_SECONDS, return_when="FIRST_COMPLETED")
        except TimeoutError:
            done = set()
        except Exception as exc:  # noqa: BLE001 — the scheduler lost, futures cancelled
            raise _lost(address, exc, len(results), runs) from None
        for future in list(done):
            try:
                # A result lives on the worker that made it: should that worker die before
                # it is fetched, the future is to be made again, and an unbounded wait
                # would outlast the cluster (the no-worker check below never reached).
                part = future.result(timeout=RESULT_SECONDS)
            except TimeoutError:
                done.discard(future)
                pending.add(future)
                continue
            except Exception as exc:  # noqa: BLE001 — a run failed, or killed its workers
                raise LabError(_("a run failed on the Dask cluster ({done} of {runs} done, "
                                 "no figures printed): {problem}").format(
                    done=len(results), runs=runs, problem=_reason(exc))) from None
            results += part
            tick(len(part))
        if done or not pending:
            alone_since = None
            continue
        try:
            alive = client.nthreads()
        except Exception as exc:  # noqa: BLE001
            raise _lost(address, exc, len(results), runs) from None
        if alive:
            alone_since = None
        elif alone_since is None:
            alone_since = clock()
        elif clock() - alone_since > NO_WORKER_SECONDS:
            raise LabError(_("every Dask worker left the cluster at {address} and none came "
                             "back within {seconds} s ({done} of {runs} runs done, no figures "
                             "printed)").format(address=address, seconds=NO_WORKER_SECONDS,
                                                done=len(results), runs=runs))
    return results


def _reason(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0][:200]}" if text else type(exc).__name__


def _lost(address: str, exc: BaseException, done: int, runs: int) -> LabError:
    return LabError(_("lost the Dask scheduler at {address} ({done} of {runs} runs done, no "
                      "figures printed): {problem}").format(address=address, done=done,
                                                            runs=runs, problem=_reason(exc)))
