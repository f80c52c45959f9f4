"""Distributed solving on `Ray <https://www.ray.io>`_, normal and misère play.

The search runs in this process, as ``sprouts solve`` runs it, and posts
the couples (land + nim heap) it will likely need next; Ray actors, each
holding a solver with its own tables, prove them and send back every result
they prove. The master stores each result (in its database, when one is
given) and passes it on to the other actors. Nothing unproved is stored: an
actor proves what it sends. An actor whose process dies is restarted by Ray
and the job it had is posted again; a master stopped and started again
resumes from its database.

With ``design="tree"`` (normal play) the master keeps a proof-number tree
of couples instead, and each actor runs df-pn on a leaf for a budget of
positions (``job``); only what the master knows of a job's children's
lands goes to the actor with the job (docs/ray.md#tree-design).

Misère play (a misère Position, or a text with ``misere=True``): the
positions after the first move are the jobs; each actor proves the misère
outcome of a whole position with a solver of its own and sends back that
outcome only (its canonical trees are its own). The start is a win as soon
as one position after a move is a loss, a loss once all are wins. Each
outcome proved is stored in the database, and a run started again asks the
actors only for those it lacks. See docs/ray.md.

>>> import sprouts.ray                                  # doctest: +SKIP
>>> sprouts.ray.solve(sprouts.Position.start(11), workers=2)  # doctest: +SKIP
Solution(variant='normal', win=True, nimber=1, ..., cost=RayCost(...))

Ray is imported only when a solve starts, so ``import sprouts`` (and this
module) work without it: ``pip install './crates/sprouts-py[ray]'``.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import time
from typing import Callable, Optional, Union

from .. import _sprouts
from .._errors import ArgumentError, InternalError
from .._sprouts import Solution

__all__ = [
    "MisereProver",
    "Prover",
    "RayCost",
    "RaySolution",
    "Report",
    "WorkerReport",
    "solve",
]

log = logging.getLogger("sprouts.ray")

#: The shortest call to a misère actor, in seconds: a position not proved
#: in one call is taken up again later, and each call starts its search
#: again from the results its actor proved so far.
MISERE_SLICE = 10.0


class Prover:
    """A Ray actor's body (made an actor by :func:`solve` with
    ``ray.remote``): a :class:`sprouts._sprouts.Worker` and the results the
    master's database held at the start (``seed``), learned with the first
    job. Ray restarts a dead actor with the same ``seed``."""

    def __init__(self, seed: bytes, table_bytes: int):
        self.worker = _sprouts.Worker(table_bytes)
        self.seed = seed

    def pid(self) -> int:
        """The actor's process id."""
        return os.getpid()

    def prove(self, land: bytes, heap: int, news: bytes, seconds: float):
        """Learns ``news`` (and the seed, the first time), then works on
        ``land`` + ``heap`` for at most about ``seconds``: (outcome or None,
        result bytes, positions expanded so far)."""
        if self.seed:
            news, self.seed = self.seed + news, b""
        return self.worker.prove(land, heap, news, seconds)

    def run_job(self, job: bytes) -> bytes:
        """Runs a job of the tree design (bytes of
        :meth:`sprouts._sprouts.TreeMaster.take_job`), learning the seed
        first the first time: the answer's bytes."""
        if self.seed:
            # A job's bytes end with the results sent with it, so the
            # seed's results can follow them.
            job, self.seed = job + self.seed, b""
        return self.worker.run_job(job)


class MisereProver:
    """A Ray actor's body for misère play (made an actor by :func:`solve`):
    a :class:`sprouts._sprouts.MisereWorker`, whose tables last from one
    job to the next."""

    def __init__(self):
        self.worker = _sprouts.MisereWorker()

    def pid(self) -> int:
        """The actor's process id."""
        return os.getpid()

    def prove(self, position, seconds: float):
        """Works on the misère ``position`` for at most about ``seconds``:
        (win, or None if not proved yet; positions searched so far)."""
        return self.worker.prove(position, seconds)


@dataclasses.dataclass
class WorkerReport:
    """One worker in a :class:`Report`."""

    pid: Optional[int]
    #: Results it sent, in all, and per second since the last report.
    results: int
    results_per_second: float
    #: Positions it expanded (as of its last reply; a restart counts anew).
    searched: int
    #: Jobs it finished (proved or withdrawn) and times its process died.
    jobs: int
    deaths: int


@dataclasses.dataclass
class Report:
    """Progress of a distributed solve, given to the ``progress`` callback
    every ``every`` seconds."""

    seconds: float
    #: Positions the master's search expanded.
    searched: int
    #: Results received from the workers, in all.
    received: int
    #: Jobs being worked on now, and couples posted by the search now.
    in_flight: int
    posted: int
    #: The database file's size in bytes (None without a database).
    db_bytes: Optional[int]
    workers: list


@dataclasses.dataclass(frozen=True)
class RayCost:
    """What a distributed solve cost, beside its answer: the ``cost`` of
    the :class:`sprouts.Solution` that :func:`solve` returns (whose
    ``searched`` and ``seconds`` are the master's)."""

    #: Positions expanded by the workers.
    worker_searched: int
    #: Results the workers sent, calls to workers, and bytes sent both ways.
    received: int
    messages: int
    bytes_to_workers: int
    bytes_from_workers: int
    #: Seconds the driver spent in the master's calls (exchanges) and in
    #: its own loop, beside waiting.
    master_seconds: float
    #: Times a worker's process died (Ray restarted it).
    deaths: int


#: The result of a distributed solve is a :class:`sprouts.Solution`, as a
#: local solve's: this name stays for older code. Its ``cost`` is a
#: :class:`RayCost`, whose fields also read as the solution's own
#: (``s.worker_searched``).
RaySolution = Solution


def _db_bytes(db) -> Optional[int]:
    if db is None:
        return None
    try:
        return os.path.getsize(db)
    except OSError:
        return None


def _log_report(r: Report) -> None:
    per = " ".join(
        f"w{i}:{w.results_per_second:.0f}/s" for i, w in enumerate(r.workers)
    )
    size = "" if r.db_bytes is None else f" db {r.db_bytes / 1e6:.1f} MB"
    log.info(
        "%.0f s: searched %d, received %d (%s), in flight %d, posted %d%s",
        r.seconds,
        r.searched,
        r.received,
        per,
        r.in_flight,
        r.posted,
        size,
    )


def solve(
    target: Union[str, "_sprouts.Position", "_sprouts.Game"],
    *,
    workers: int = 2,
    address: Optional[str] = None,
    db: Optional[Union[str, os.PathLike]] = None,
    slice: float = 0.01,
    table_mib: int = 256,
    progress: Optional[Callable[[Report], None]] = None,
    every: float = 5.0,
    quiet: bool = False,
    num_cpus: Optional[int] = None,
    misere: bool = False,
    design: str = "posted",
    job: int = 20000,
) -> Solution:
    """Solves a position (a Position, the end of a Game, or a text, read in
    misère play with ``misere=True`` as :func:`sprouts.solve` reads it)
    with ``workers`` Ray actors: in normal play they prove what the search
    posts; in misère play each proves positions after the first move
    (one call then works for ``slice`` seconds, at least ``MISERE_SLICE``).

    Without ``address`` and without a Ray already initialised here, a local
    Ray cluster is started (``num_cpus`` CPUs, ``workers`` by default, no
    dashboard, on the loopback address) and shut down at the end;
    ``address`` joins a running cluster (``"auto"``, ``"HOST:6379"``).
    ``db`` is the master's redb database (``sprouts solve --db``): its
    results are shipped to the workers once, every result proved is written
    to it, and a solve stopped (Ctrl-C, a killed driver) resumes from it.
    Each call to an actor works for at most ``slice`` seconds, so a job
    the search withdrew is dropped soon; ``table_mib`` is each actor's
    table budget. Every ``every`` seconds a :class:`Report` goes to
    ``progress``, or to the ``sprouts.ray`` logger unless ``quiet``.

    ``design="tree"`` (normal play) runs the master tree of jobs of
    docs/ray.md#scaling instead of the posted couples: each job is at most
    ``job`` positions (``slice`` is not used), each actor is sent only
    what the master knows of its job's children's lands, and a
    :class:`Report`'s ``posted`` counts the master tree's couples.
    """
    if workers < 1:
        raise ArgumentError("at least one worker is needed")
    if design not in ("posted", "tree"):
        raise ArgumentError(f"design is 'posted' or 'tree', not {design!r}")
    if job < 1:
        raise ArgumentError("a job is at least one position")
    db = None if db is None else os.fspath(db)
    position = _position(target, misere)
    if design == "tree" and position.variant == "misere":
        raise ArgumentError("the tree design is for normal play")
    import ray
    from ray.exceptions import RayActorError

    started_here = False
    master = None
    actors: list = []
    try:
        if not ray.is_initialized():
            if address is None:
                ray.init(
                    num_cpus=num_cpus or workers,
                    include_dashboard=False,
                    _node_ip_address="127.0.0.1",
                    log_to_driver=False,
                    logging_level=logging.WARNING,
                )
            else:
                ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING)
            started_here = True
        if position.variant == "misere":
            actor = ray.remote(num_cpus=1, max_restarts=-1, max_task_retries=0)(MisereProver)
            actors = [actor.remote() for _ in range(workers)]
            pids = ray.get([a.pid.remote() for a in actors])
            return _drive_misere(
                ray, RayActorError, position, actors, pids, db, max(slice, MISERE_SLICE), progress, every, quiet
            )
        actor = ray.remote(num_cpus=1, max_restarts=-1, max_task_retries=0)(Prover)
        # The seed's reference is kept for the whole run: Ray restarts an
        # actor with it.
        seed = ray.put(b"" if db is None else _sprouts.db_results(db))
        actors = [actor.remote(seed, table_mib << 20) for _ in range(workers)]
        pids = ray.get([a.pid.remote() for a in actors])
        if design == "tree":
            master = _sprouts.TreeMaster(target, workers, db, job)
            return _drive_tree(ray, RayActorError, master, actors, pids, db, progress, every, quiet)
        master = _sprouts.Master(target, workers, db)
        return _drive(
            ray, RayActorError, master, actors, pids, db, slice, progress, every, quiet
        )
    finally:
        # Stopped early (Ctrl-C, an error): the search stops, and what it
        # stored is flushed to the database.
        if master is not None:
            try:
                master.cancel()
                master.close()
            except RuntimeError:
                pass
        # On a cluster that outlives this call, the actors' CPUs are freed now.
        for a in actors:
            ray.kill(a)
        if started_here:
            ray.shutdown()


def _position(target, misere: bool):
    """The position ``target`` stands for (misère play for a text with
    ``misere``, as :func:`sprouts.solve` reads it)."""
    if isinstance(target, _sprouts.Position):
        position = target
    elif isinstance(target, _sprouts.Game):
        position = target.position
    elif isinstance(target, str):
        return _sprouts.Position.parse(target, misere=misere)
    else:
        raise TypeError("solve() takes a Position, a Game or a text")
    if misere and position.variant != "misere":
        raise ArgumentError(
            "misere=True is for texts; a Position or Game has its own play convention"
        )
    return position


def _drive_misere(ray, RayActorError, position, actors, pids, db, slice, progress, every, quiet):
    """The misère run (see the module's docs): jobs are the positions after
    the first move, each proved whole by one actor at a time, in slices;
    a job not proved in its slice goes back to the queue and is taken
    again, by preference by the actor that worked on it (its tables)."""
    start = time.monotonic()
    workers = len(actors)
    stats = [WorkerReport(pids[w], 0, 0.0, 0, 0, 0) for w in range(workers)]
    pid_refs: dict = {}
    last_report = start
    messages = 0
    stored = None if db is None else _sprouts.misere_stored(db, position)
    if stored is not None:
        return _misere_solution(stored, 0, start, stats, 0)
    # One job per position after a move (moves that leave the same
    # position up to symmetry once).
    jobs = []
    seen = set()
    for _, child in position.children():
        key = child.canonical()
        if key not in seen:
            seen.add(key)
            jobs.append(child)
    win = None
    if not jobs:
        # No move: the player to move wins in misère play.
        win = True
    known = {}
    for i, child in enumerate(jobs):
        w = None if db is None else _sprouts.misere_stored(db, child)
        if w is not None:
            known[i] = w
    if any(w is False for w in known.values()):
        win = True
    queue = [i for i in range(len(jobs)) if i not in known]
    last_worker: dict = {}
    idle = list(range(workers))
    running: dict = {}  # ObjectRef -> (worker, job)

    def take(w):
        for k, i in enumerate(queue):
            if last_worker.get(i) in (None, w):
                return queue.pop(k)
        return queue.pop(0)

    def report(now):
        nonlocal last_report
        if pid_refs:
            ready, _ = ray.wait(list(pid_refs), num_returns=len(pid_refs), timeout=0)
            for ref in ready:
                w = pid_refs.pop(ref)
                try:
                    pids[w] = ray.get(ref)
                except RayActorError:
                    pass
        for w, s in enumerate(stats):
            s.pid = pids[w]
        last_report = now
        r = Report(
            seconds=now - start,
            searched=0,
            received=len(known),
            in_flight=len(running),
            posted=len(queue) + len(running),
            db_bytes=_db_bytes(db),
            workers=[dataclasses.replace(s) for s in stats],
        )
        if progress is not None:
            progress(r)
        elif not quiet:
            _log_report(r)

    while win is None:
        while idle and queue:
            w = idle.pop(0)
            i = take(w)
            last_worker[i] = w
            messages += 1
            running[actors[w].prove.remote(jobs[i], slice)] = (w, i)
        if not running:
            # Every position after a move is a win.
            win = False
            break
        ready, _ = ray.wait(list(running), num_returns=1, timeout=0.05)
        for ref in ready:
            w, i = running.pop(ref)
            idle.append(w)
            try:
                outcome, searched = ray.get(ref)
            except RayActorError:
                # The actor's process died: Ray restarts it; the job goes
                # back to the queue.
                stats[w].deaths += 1
                pids[w] = None
                pid_refs[actors[w].pid.remote()] = w
                last_worker.pop(i, None)
                queue.insert(0, i)
                continue
            stats[w].searched = searched
            if outcome is None:
                queue.append(i)
                continue
            stats[w].jobs += 1
            stats[w].results += 1
            known[i] = outcome
            if db is not None:
                _sprouts.misere_store(db, jobs[i], outcome)
            if outcome is False:
                win = True
        now = time.monotonic()
        if now - last_report >= every:
            report(now)
    report(time.monotonic())
    if db is not None:
        _sprouts.misere_store(db, position, win)
    return _misere_solution(win, len(known), start, stats, messages)


def _misere_solution(win, received, start, stats, messages):
    return Solution(
        variant="misere",
        win=win,
        searched=0,
        seconds=time.monotonic() - start,
        cost=RayCost(
            worker_searched=sum(s.searched for s in stats),
            received=received,
            messages=messages,
            bytes_to_workers=0,
            bytes_from_workers=0,
            master_seconds=0.0,
            deaths=sum(s.deaths for s in stats),
        ),
    )


class _Progress:
    """A normal-play run's counts per worker, and its reports: every
    ``every`` seconds a :class:`Report` to ``progress``, or to the logger
    unless ``quiet``."""

    def __init__(self, ray, RayActorError, actors, pids, db, progress, every, quiet):
        self.ray = ray
        self.RayActorError = RayActorError
        self.actors = actors
        self.pids = pids
        self.db = db
        self.progress = progress
        self.every = every
        self.quiet = quiet
        self.start = self.last = time.monotonic()
        self.stats = [WorkerReport(None, 0, 0.0, 0, 0, 0) for _ in actors]
        self.last_results = [0] * len(actors)
        # Pid calls to restarted actors: ObjectRef -> worker.
        self.pid_refs: dict = {}

    def died(self, w):
        """Worker ``w``'s process died: Ray restarts it; its pid is asked
        again."""
        self.stats[w].deaths += 1
        self.pids[w] = None
        self.pid_refs[self.actors[w].pid.remote()] = w

    def due(self, now) -> bool:
        return now - self.last >= self.every

    def report(self, now, searched, received, in_flight, posted):
        ray = self.ray
        if self.pid_refs:
            ready, _ = ray.wait(list(self.pid_refs), num_returns=len(self.pid_refs), timeout=0)
            for ref in ready:
                w = self.pid_refs.pop(ref)
                try:
                    self.pids[w] = ray.get(ref)
                except self.RayActorError:
                    pass
        span = max(now - self.last, 1e-9)
        for w, s in enumerate(self.stats):
            s.pid = self.pids[w]
            s.results_per_second = (s.results - self.last_results[w]) / span
            self.last_results[w] = s.results
        self.last = now
        r = Report(
            seconds=now - self.start,
            searched=searched,
            received=received,
            in_flight=in_flight,
            posted=posted,
            db_bytes=_db_bytes(self.db),
            workers=[dataclasses.replace(s) for s in self.stats],
        )
        if self.progress is not None:
            self.progress(r)
        elif not self.quiet:
            _log_report(r)

    def solution(self, answer, received, messages, bytes_out, bytes_in, master_seconds):
        """The run's :class:`sprouts.Solution` from the master's answer."""
        if answer is None:
            raise InternalError("the search was stopped before it had an answer")
        win, nimber, searched = answer
        return Solution(
            variant="normal",
            win=win,
            nimber=nimber,
            searched=searched,
            seconds=time.monotonic() - self.start,
            cost=RayCost(
                worker_searched=sum(s.searched for s in self.stats),
                received=received,
                messages=messages,
                bytes_to_workers=bytes_out,
                bytes_from_workers=bytes_in,
                master_seconds=master_seconds,
                deaths=sum(s.deaths for s in self.stats),
            ),
        )


def _drive(ray, RayActorError, master, actors, pids, db, slice, progress, every, quiet):
    p = _Progress(ray, RayActorError, actors, pids, db, progress, every, quiet)
    stats = p.stats
    workers = len(actors)
    idle = list(range(workers))
    running: dict = {}  # ObjectRef -> (worker, job)
    news = [b""] * workers
    messages = bytes_out = bytes_in = 0
    master_seconds = 0.0

    def send(w, job):
        nonlocal messages, bytes_out, master_seconds
        t = time.monotonic()
        more = master.exchange(w, b"")
        master_seconds += time.monotonic() - t
        payload, news[w] = news[w] + more, b""
        messages += 1
        bytes_out += len(payload) + len(job.land)
        running[actors[w].prove.remote(job.land, job.heap, payload, slice)] = (w, job)

    def report(now):
        p.report(now, master.searched, master.received, len(running), master.posted)

    def collect(ref, w, job, again):
        nonlocal bytes_in, master_seconds
        try:
            outcome, results, searched = ray.get(ref)
        except RayActorError:
            # The actor's process died: Ray restarts it; the job is dropped
            # here (still posted, it can be taken again).
            p.died(w)
            idle.append(w)
            return
        bytes_in += len(results)
        t = time.monotonic()
        before = master.received
        more = master.exchange(w, results)
        stats[w].results += master.received - before
        master_seconds += time.monotonic() - t
        news[w] += more
        stats[w].searched = searched
        if again and outcome is None and not job.withdrawn:
            send(w, job)
        else:
            stats[w].jobs += 1
            idle.append(w)

    while not master.done:
        while idle:
            job = master.take_job()
            if job is None:
                break
            send(idle.pop(0), job)
        if not running:
            time.sleep(0.002)
        else:
            ready, _ = ray.wait(list(running), num_returns=1, timeout=0.01)
            for ref in ready:
                w, job = running.pop(ref)
                collect(ref, w, job, True)
        now = time.monotonic()
        if p.due(now):
            report(now)
    # The search is done: what the actors still send is stored too.
    if running:
        ready, _ = ray.wait(list(running), num_returns=len(running), timeout=slice + 30)
        for ref in ready:
            w, job = running.pop(ref)
            collect(ref, w, job, False)
    received = master.received
    report(time.monotonic())
    return p.solution(master.close(), received, messages, bytes_out, bytes_in, master_seconds)


def _drive_tree(ray, RayActorError, master, actors, pids, db, progress, every, quiet):
    """The tree design's run: each idle actor is given the job the master
    picks for it, and its answer goes back to the master, until the
    master has the answer. An actor that dies loses its job, which the
    master gives to the next."""
    p = _Progress(ray, RayActorError, actors, pids, db, progress, every, quiet)
    stats = p.stats
    idle = list(range(len(actors)))
    running: dict = {}  # ObjectRef -> worker
    messages = bytes_out = bytes_in = 0
    master_seconds = 0.0

    def report(now):
        counts = master.counts()
        p.report(now, counts["searched"], counts["received"], len(running), counts["nodes"])

    def collect(ref, w):
        nonlocal bytes_in, master_seconds
        try:
            answer = ray.get(ref)
        except RayActorError:
            # The actor's process died: Ray restarts it; its job goes to
            # the next idle actor.
            p.died(w)
            master.abandon(w)
            idle.append(w)
            return
        bytes_in += len(answer)
        t = time.monotonic()
        results, searched = master.complete(w, answer)
        master_seconds += time.monotonic() - t
        stats[w].results += results
        stats[w].searched = searched
        stats[w].jobs += 1
        idle.append(w)

    while not master.done:
        while idle:
            t = time.monotonic()
            job = master.take_job(idle[0])
            master_seconds += time.monotonic() - t
            if job is None:
                break
            w = idle.pop(0)
            messages += 1
            bytes_out += len(job)
            running[actors[w].run_job.remote(job)] = w
        if not running:
            # No job out and none to give: the master is done.
            time.sleep(0.002)
            continue
        ready, _ = ray.wait(list(running), num_returns=1, timeout=0.01)
        for ref in ready:
            collect(ref, running.pop(ref))
        now = time.monotonic()
        if p.due(now):
            report(now)
    # The search is done: what the actors still send is stored too.
    if running:
        ready, _ = ray.wait(list(running), num_returns=len(running), timeout=30)
        for ref in ready:
            collect(ref, running.pop(ref))
    received = master.counts()["received"]
    report(time.monotonic())
    return p.solution(master.close(), received, messages, bytes_out, bytes_in, master_seconds)
