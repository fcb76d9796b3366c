"""Self-play on a Ray cluster: the run's batches (:func:`.runner.play_batch`) as Ray tasks.

``simulate(..., ray="auto" | ADDRESS | "local")``: ``"auto"`` joins the cluster this
machine belongs to (``ray start --head`` here, or ``RAY_ADDRESS``), an address joins that
head (``HOST:6379`` or ``ray://HOST:10001``), ``"local"`` starts Ray on this machine with
``workers`` CPUs for the run and stops it afterwards. Every node needs the same sparrows
(and build) installed; the tasks carry only the run's settings and game numbers, and the
results are the same summaries a local run makes, absorbed in job order, so a seed gives
the same statistics on any backend. Ctrl-C or SIGTERM cancel the tasks still running and
keep every finished game.

Ray is imported here only (the ``ray`` extra).
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Callable, Iterator
from typing import Any

from ..errors import SparrowsError
from .runner import GameSummary, Job, _run_chunk, drive

__all__ = ["connect", "run_ray"]


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise SparrowsError(
            "--ray needs Ray: pip install 'sparrows[ray]' (Ray 2.60) on every machine of "
            "the cluster"
        ) from None
    return ray


def _check_reachable(address: str) -> None:
    """A head address that does not answer: say so at once (``ray.init`` retries for
    minutes). ``auto`` is Ray's own lookup, which fails fast."""
    if address == "auto":
        return
    hostport = address.split("://", 1)[-1].rstrip("/")
    host, _, port = hostport.rpartition(":")
    if not host or not port.isdigit():
        raise SparrowsError(
            f"--ray takes 'auto', 'local', HOST:PORT or ray://HOST:PORT, not {address!r}"
        )
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=5).close()
    except OSError as exc:
        raise SparrowsError(
            f"could not join the Ray cluster at {address!r}: {exc.strerror or exc}"
        ) from None


def connect(address: str, workers: int) -> tuple[Any, int, bool]:
    """(the ray module, the CPUs the run may use, whether this call started Ray). A Ray
    already initialised in this process (a test's ``ray.init``) is used as it is."""
    ray = _import_ray()
    started = False
    if not ray.is_initialized():
        if address == "local":
            # A private instance for this run: no token needed on loopback (Ray 2.60
            # writes an auth token to ~/.ray otherwise); a cluster keeps its own setting.
            os.environ.setdefault("RAY_AUTH_MODE", "disabled")
            ray.init(
                address="local",  # a new instance even where a cluster runs already
                num_cpus=workers,
                include_dashboard=False,
                logging_level=logging.WARNING,
                log_to_driver=False,
            )
        else:
            _check_reachable(address)
            try:
                ray.init(address=address, logging_level=logging.WARNING, log_to_driver=False)
            except (ConnectionError, ValueError, RuntimeError) as exc:
                first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc)
                raise SparrowsError(
                    f"could not join the Ray cluster at {address!r}: {first}"
                ) from None
        started = True
    cpus = int(ray.cluster_resources().get("CPU", 1))
    return ray, max(1, cpus if address != "local" else min(cpus, workers)), started


def run_ray(
    jobs: Callable[[int], Iterator[Job]],
    address: str,
    workers: int,
    absorb: Callable[[list[GameSummary]], None],
) -> int:
    """Run the jobs (``jobs(the cluster's CPUs)``) as Ray tasks, twice as many in flight
    as the CPUs, absorbing results in job order; returns the CPUs used. On any exception
    (Ctrl-C, SIGTERM) the results already back are absorbed, the tasks still running are
    cancelled, and it goes on."""
    ray, cpus, started = connect(address, workers)
    task = ray.remote(num_cpus=1, max_retries=2)(_run_chunk)

    def wait_some(refs: list[Any]) -> list[tuple[Any, list[GameSummary]]]:
        ready: list[Any] = []
        while not ready:  # short waits, so that Ctrl-C is seen at once
            ready, _ = ray.wait(refs, num_returns=1, timeout=0.5)
        return [(ref, ray.get(ref)) for ref in ready]

    def cancel(refs: list[Any]) -> None:
        for ref in refs:
            ray.cancel(ref, force=True)

    try:
        drive(jobs(cpus), 2 * cpus, task.remote, wait_some, cancel, absorb)
    finally:
        if started:
            ray.shutdown()
    return cpus
