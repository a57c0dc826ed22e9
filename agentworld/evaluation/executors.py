"""Ways to play a list of eval jobs; each calls `finish(record)` as every episode ends.

- `run_sequential`: one episode at a time in this process (the default: exactly the old behaviour).
- `run_concurrent`: up to N episodes in flight in this process, as asyncio tasks. An LLM episode
  spends nearly all its time waiting on the model, so one process keeps many in flight; turns
  within an episode stay in order, so results equal the sequential ones.
- `run_processes`: K spawned worker processes, each keeping up to N episodes in flight (processes
  only to use more cores). The parent hands every worker at most N jobs at a time and refills it
  as records come back, so it always knows which episodes a worker holds: when a worker dies,
  exactly those are played again one by one in a fresh process, and only an episode that kills
  its process again is recorded as an error. Workers ignore Ctrl-C (the parent's to handle) and
  exit when the parent is gone, even after kill -9.
- `run_ray`: the same dispatch with Ray actors (`--executor ray`), each actor an async worker with
  the same concurrency, on the cluster at `--ray-address` or on a private one started and stopped
  for this eval (`ray_cluster.py`). Run directories are written by the actors, so on a
  multi-machine cluster OUT must be on a filesystem every node shares.
"""

from __future__ import annotations

import asyncio
import itertools
import multiprocessing
import os
import queue as queue_mod
import signal
import threading
import time
from collections import deque
from contextlib import contextmanager
from typing import Any, Awaitable, Callable, Iterator

from agentworld.evaluation.episodes import crash_record, job_key, run_job, run_job_async
from agentworld.evaluation.ray_cluster import ray_cluster

Finish = Callable[[dict], None]
Runner = Callable[[dict], dict]


class Interrupted(KeyboardInterrupt):
    """Ctrl-C or SIGTERM during an eval (args[0] is the signal number)."""


def run_sequential(todo: list[dict], runner: Runner, finish: Finish, caught: list[int]) -> None:
    for job in todo:
        rec = runner(job)
        if caught:  # the episode swallowed the interrupt (the runner records it as an error)
            raise Interrupted(caught[0])
        finish(rec)


def run_concurrent(
    todo: list[dict],
    concurrency: int,
    finish: Finish,
    runner: Callable[[dict], Awaitable[dict]] = run_job_async,
) -> None:
    """Up to `concurrency` episodes in flight in this process (started in job order)."""
    asyncio.run(_in_flight(todo, concurrency, finish, runner))


async def _in_flight(
    todo: list[dict], concurrency: int, finish: Finish, runner: Callable[[dict], Awaitable[dict]]
) -> None:
    """Ctrl-C and SIGTERM are taken by the event loop (not raised at a random point inside some
    library's task) and cancel every episode, which then writes what it played and stops."""
    slots = asyncio.Semaphore(concurrency)

    async def one(job: dict) -> None:
        async with slots:
            rec = await runner(job)
        finish(rec)

    with _signals_cancel(asyncio.current_task()) as caught:
        try:
            await asyncio.gather(*(one(job) for job in todo))
        except asyncio.CancelledError:
            if caught:
                raise Interrupted(caught[0]) from None
            raise


@contextmanager
def _signals_cancel(task: Any) -> Iterator[list[int]]:
    """SIGINT/SIGTERM cancel `task` (the signal number is the cancel message); handlers restored after."""
    caught: list[int] = []
    loop = asyncio.get_running_loop()
    previous = {}

    def stop(signum: int) -> None:
        from agentworld import runner

        caught.append(signum)
        runner.stopping_signal = signum  # the episodes' metrics say which signal stopped them
        task.cancel(msg=signum)

    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGINT, signal.SIGTERM):
            if signal.getsignal(sig) is not signal.SIG_IGN:
                previous[sig] = signal.getsignal(sig)
                loop.add_signal_handler(sig, stop, sig)
    try:
        yield caught
    finally:
        for sig, old in previous.items():
            loop.remove_signal_handler(sig)
            signal.signal(sig, old)


# --------------------------------------------------------------------------- worker processes


def run_processes(
    todo: list[dict], workers: int, concurrency: int, finish: Finish, runner: Runner = run_job
) -> None:
    ctx = multiprocessing.get_context("spawn")
    suspects = _run_pool(todo, workers, concurrency, runner, finish, ctx)
    for job in suspects:
        if _run_pool([job], 1, 1, runner, finish, ctx):
            finish(crash_record(job, "worker process died (killed, out of memory or a crash in native code)"))


class _Worker:
    """One worker process, its inbox, its outbox and the jobs it holds now.

    Each worker has an outbox of its own: a process that dies while writing to a shared queue can
    leave that queue's lock held, and every other worker would then block on its next result.
    """

    ids = itertools.count()

    def __init__(self, ctx: Any, concurrency: int, runner: Runner):
        self.id = next(self.ids)
        self.inbox = ctx.Queue()
        self.outbox = ctx.Queue()
        self.jobs: dict[tuple[str, int], dict] = {}
        self.proc = ctx.Process(
            target=_worker_main,
            daemon=True,
            args=(self.id, self.inbox, self.outbox, concurrency, runner, os.getpid()),
        )
        self.proc.start()

    def give(self, job: dict) -> None:
        self.jobs[job_key(job)] = job
        self.inbox.put(job)


def _run_pool(
    jobs: list[dict], workers: int, concurrency: int, runner: Runner, finish: Finish, ctx: Any
) -> list[dict]:
    """Play jobs on worker processes; return the jobs held by workers that died."""
    waiting = deque(jobs)
    pool: dict[int, _Worker] = {}
    lost: list[dict] = []

    def start() -> None:
        worker = _Worker(ctx, concurrency, runner)
        pool[worker.id] = worker
        refill(worker)

    def refill(worker: _Worker) -> None:
        while waiting and len(worker.jobs) < concurrency:
            worker.give(waiting.popleft())

    def deliver(message: tuple[int, dict]) -> None:
        worker_id, rec = message
        worker = pool.get(worker_id)
        if worker is None or worker.jobs.pop(job_key(rec), None) is None:
            return  # a late message for a job already given up on
        finish(rec)
        refill(worker)

    for _ in range(min(workers, len(jobs))):
        start()
    try:
        while any(w.jobs for w in pool.values()):
            delivered = False
            for worker in list(pool.values()):
                delivered |= _drain(worker.outbox, deliver, wait=0.0)
            if not delivered:
                time.sleep(0.05)
            for worker in [w for w in pool.values() if not w.proc.is_alive()]:
                _drain(worker.outbox, deliver, wait=0.05)  # what it sent before dying still counts
                lost.extend(worker.jobs.values())
                del pool[worker.id]
                if waiting:
                    start()
    except BaseException:  # Ctrl-C / SIGTERM: stop the running episodes now, not when they end
        for worker in pool.values():
            worker.proc.terminate()
        raise
    for worker in pool.values():
        worker.inbox.put(None)
    for worker in pool.values():
        worker.proc.join(timeout=10)
        if worker.proc.is_alive():
            worker.proc.terminate()
    return sorted(lost, key=job_key)


def _drain(outbox: Any, deliver: Callable[[tuple[int, dict]], None], wait: float) -> bool:
    """Deliver every message waiting in `outbox`; whether there was any."""
    got = False
    while True:
        try:
            deliver(outbox.get(timeout=wait) if wait else outbox.get_nowait())
            got = True
        except queue_mod.Empty:
            return got


def _worker_main(
    worker_id: int, inbox: Any, outbox: Any, concurrency: int, runner: Runner, parent: int
) -> None:
    _worker_init(parent)
    if concurrency <= 1:
        while (job := inbox.get()) is not None:
            outbox.put((worker_id, runner(job)))
        return
    asyncio.run(_serve(worker_id, inbox, outbox))


async def _serve(worker_id: int, inbox: Any, outbox: Any) -> None:
    """Take jobs from the inbox (the parent never sends more than the concurrency) and play them as tasks."""
    loop = asyncio.get_running_loop()
    running: set[asyncio.Task] = set()

    async def one(job: dict) -> None:
        outbox.put((worker_id, await run_job_async(job)))

    while (job := await loop.run_in_executor(None, inbox.get)) is not None:
        task = asyncio.create_task(one(job))
        running.add(task)
        task.add_done_callback(running.discard)
    if running:
        await asyncio.gather(*running)


def _worker_init(parent: int) -> None:
    """In each worker: Ctrl-C is the parent's to handle; exit when the parent is gone (kill -9)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


# --------------------------------------------------------------------------- Ray


class RayWorker:
    """A Ray actor playing up to its max_concurrency episodes at once (an async actor)."""

    async def run(self, job: dict) -> dict:
        return await run_job_async(job)


def run_ray(todo: list[dict], workers: int, concurrency: int, finish: Finish, address: str | None) -> None:
    """Jobs on `workers` Ray actors of the cluster at `address` (None: a private one, see
    ray_cluster), each with up to `concurrency` episodes in flight; dispatch and refill as in run_processes."""
    if not todo:
        return
    with ray_cluster(address, cpus=min(workers, len(todo))) as ray:
        _dispatch_on_actors(ray, todo, workers, concurrency, finish)


def _dispatch_on_actors(ray: Any, todo: list[dict], workers: int, concurrency: int, finish: Finish) -> None:
    actor_class = ray.remote(num_cpus=1, max_concurrency=concurrency)(RayWorker)
    actors = [actor_class.remote() for _ in range(min(workers, len(todo)))]
    waiting = deque(todo)
    in_flight: dict[Any, tuple[Any, dict]] = {}

    def refill(actor: Any) -> None:
        while waiting and sum(1 for a, _ in in_flight.values() if a is actor) < concurrency:
            job = waiting.popleft()
            in_flight[actor.run.remote(job)] = (actor, job)

    try:
        for actor in actors:
            refill(actor)
        while in_flight:
            ready, _ = ray.wait(list(in_flight), num_returns=1, timeout=0.5)
            for ref in ready:
                actor, job = in_flight.pop(ref)
                try:
                    finish(ray.get(ref))
                except ray.exceptions.RayError as exc:
                    finish(crash_record(job, f"Ray task failed: {type(exc).__name__}: {str(exc)[:300]}"))
                refill(actor)
    finally:
        for actor in actors:
            ray.kill(actor)
