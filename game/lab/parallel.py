"""Spreading runs: in this process, over local processes (`concurrent.futures`), or over
a Dask distributed cluster (`--scheduler`; the optional `escarmouche[cluster]` extra).

Whatever the spread, run i is `play_run(setup, master, i)`, and results are put back in
index order: the same master seed gives the same results for any number of workers.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Callable

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


def _on_cluster(setup: Setup, master: int, runs: int, address: str,
                tick: Progress) -> list[RunResult]:
    # Imported only here: the cluster is an optional extra.
    try:
        from distributed import Client, as_completed as dask_completed
    except ImportError:
        raise LabError("--scheduler needs Dask distributed: pip install "
                       "'escarmouche[cluster]'") from None
    try:
        client = Client(address, timeout=10)
    except (OSError, TimeoutError) as exc:
        raise LabError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        parts = chunks(runs, workers)
        futures = [client.submit(play_chunk, setup, master, part, pure=False)
                   for part in parts]
        results = []
        for future in dask_completed(futures):
            done = future.result()
            results += done
            tick(len(done))
        return results
    finally:
        client.close()
