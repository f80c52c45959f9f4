"""sprouts.ray on a local Ray cluster (2 CPUs): distributed outcomes and
nimbers, a worker killed in the middle of a run, a master stopped and
started again, and every result stored re-proved by `sprouts db verify`.

Skipped only when Ray cannot be imported (CI installs it: .ci/run)."""

import os
import pathlib
import shutil
import signal
import subprocess

import pytest

import sprouts

ray = pytest.importorskip("ray")
import sprouts.ray  # noqa: E402
from test_sprouts import sprouts_binary  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[3]

# Lemoine & Viennot (docs/solver.md, Known values): the first player wins N
# spots iff N mod 6 is 3, 4 or 5, and a winning start has nimber 1.
KNOWN = {10: ("win", 1), 11: ("win", 1), 12: ("loss", 0), 13: ("loss", 0)}


@pytest.fixture(scope="module")
def cluster():
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        _node_ip_address="127.0.0.1",
        log_to_driver=False,
    )
    yield
    ray.shutdown()


@pytest.mark.parametrize("n", sorted(KNOWN))
def test_distributed_starts_give_the_known_outcomes(cluster, n):
    s = sprouts.ray.solve(sprouts.Position.start(n), workers=2, quiet=True)
    assert (s.outcome, s.nimber) == KNOWN[n]
    assert s.win == (KNOWN[n][0] == "win")
    # The workers did work, and sent results back.
    assert s.worker_searched > 0 and s.received > 0 and s.messages > 0
    assert s.deaths == 0


@pytest.mark.parametrize("design", ["posted", "tree"])
def test_a_killed_worker_costs_only_its_job(cluster, tmp_path, design):
    db = tmp_path / "solved.redb"
    killed = []
    reports = []

    def progress(r):
        reports.append(r)
        if not killed and r.received > 0 and r.workers[0].pid is not None:
            os.kill(r.workers[0].pid, signal.SIGKILL)
            killed.append(r.workers[0].pid)

    # (The tree design with jobs of 300 positions, so that there are many.)
    s = sprouts.ray.solve(
        sprouts.Position.start(13),
        workers=2,
        db=db,
        progress=progress,
        every=0.2,
        design=design,
        job=300,
    )
    assert (s.outcome, s.nimber) == KNOWN[13]
    assert killed, "no report came before the end"
    assert s.deaths >= 1
    # Reports carry the numbers the command logs.
    last = reports[-1]
    assert last.db_bytes > 0 and last.received == s.received
    assert sum(w.results for w in last.workers) == s.received
    # Started again over its database: answered without the workers.
    again = sprouts.ray.solve(sprouts.Position.start(13), workers=2, db=db, quiet=True, design=design)
    assert (again.outcome, again.nimber) == KNOWN[13] and again.worker_searched == 0
    # Every result the run stored is re-proved from the others, by move
    # generation and lookups alone (none needs a search).
    binary = sprouts_binary()
    if binary is None:
        pytest.skip("no `sprouts` binary built (cargo build)")
    out = subprocess.run(
        [binary, "db", "--db", str(db), "verify"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    lines = dict(line.split("\t") for line in out.stdout.splitlines())
    assert lines["wrong"] == "0" and lines["by search"] == "0"
    assert int(lines["checked"]) > 1000


def test_a_stopped_master_resumes_from_its_database(cluster, tmp_path):
    db = tmp_path / "solved.redb"

    class Stop(Exception):
        pass

    def stop(r):
        if r.received > 0:
            raise Stop

    with pytest.raises(Stop):
        sprouts.ray.solve(
            sprouts.Position.start(12), workers=2, db=db, progress=stop, every=0.2
        )
    # The database's results, as the bytes workers learn them from.
    kept = sprouts._sprouts.db_results(db)
    assert len(kept) > 0
    # Started again over the same database: the right answer, and the
    # database grows. (How many positions it expands against a fresh run
    # varies with when workers' results arrive, so it is not asserted.)
    again = sprouts.ray.solve(sprouts.Position.start(12), workers=2, db=db, quiet=True)
    assert (again.outcome, again.nimber) == KNOWN[12]
    assert len(sprouts._sprouts.db_results(db)) > len(kept)
    # Once finished, the database answers a third run at once.
    third = sprouts.ray.solve(sprouts.Position.start(12), workers=2, db=db, quiet=True)
    assert (third.outcome, third.nimber) == KNOWN[12]
    assert third.searched + third.worker_searched == 0


def test_bad_input_is_refused(cluster):
    with pytest.raises(ValueError):
        sprouts.ray.solve(sprouts.Position.start(5), workers=1, quiet=True, misere=True)
    with pytest.raises(ValueError):
        sprouts.ray.solve(sprouts.Position.start(5), workers=0, quiet=True)
    master = sprouts._sprouts.Master(sprouts.Position.start(4), 1)
    with pytest.raises(sprouts.SolveError):
        master.exchange(0, b"\x03\x00\x00\x00\x00")
    with pytest.raises(sprouts.SolveError):
        master.exchange(1, b"")
    w = sprouts._sprouts.Worker(1 << 20)
    with pytest.raises(sprouts.SolveError):
        w.prove(b"\x00\xfe", 0, b"", 1.0)
    master.cancel()
    master.close()


@pytest.mark.parametrize("n", sorted(KNOWN))
def test_the_tree_design_gives_the_known_outcomes(cluster, n):
    s = sprouts.ray.solve(
        sprouts.Position.start(n), workers=2, quiet=True, design="tree", job=500
    )
    assert (s.outcome, s.nimber) == KNOWN[n]
    # Jobs of 500 positions: more than one per worker.
    assert s.worker_searched > 0 and s.received > 0 and s.messages > 2
    assert s.deaths == 0


def test_the_tree_master_refuses_bad_input(cluster):
    with pytest.raises(ValueError):
        sprouts.ray.solve(sprouts.Position.start(5, misere=True), workers=1, quiet=True, design="tree")
    with pytest.raises(ValueError):
        sprouts.ray.solve(sprouts.Position.start(5), workers=1, quiet=True, design="other")
    with pytest.raises(ValueError):
        sprouts._sprouts.TreeMaster(sprouts.Position.start(4), 1, None, 0)
    master = sprouts._sprouts.TreeMaster(sprouts.Position.start(4), 1, None, 50)
    with pytest.raises(sprouts.SolveError):
        master.take_job(1)
    job = master.take_job(0)
    w = sprouts._sprouts.Worker(1 << 20)
    with pytest.raises(sprouts.SolveError):
        w.run_job(job[:5])
    with pytest.raises(sprouts.SolveError):
        master.complete(0, b"\x07")
    results, searched = master.complete(0, w.run_job(job))
    assert searched > 0
    master.cancel()
    assert master.done
    master.close()


# OEIS A164950 (Lemoine & Viennot): misère starts of 1..20 spots, W L L L W
# W L L L W W W L L L W W W L L.
MISERE = {10: "win", 11: "win", 12: "win"}


@pytest.mark.parametrize("n", sorted(MISERE))
def test_distributed_misere_starts_give_the_published_outcomes(cluster, tmp_path, n):
    db = tmp_path / "solved.redb"
    killed = []

    def progress(r):
        # In the 12-spot run, the first worker is killed once it works.
        if n == 12 and not killed and r.in_flight > 0 and r.workers[0].pid is not None:
            os.kill(r.workers[0].pid, signal.SIGKILL)
            killed.append(r.workers[0].pid)

    s = sprouts.ray.solve(
        sprouts.Position.start(n, misere=True),
        workers=2,
        db=db,
        progress=progress,
        every=0.5,
    )
    assert (s.variant, s.outcome, s.nimber) == ("misere", MISERE[n], None)
    assert s.received > 0 and s.worker_searched > 0
    if n == 12:
        assert killed and s.deaths >= 1
    # The outcome is stored: a run started again answers from the
    # database; `sprouts db verify` re-proves every outcome stored.
    assert sprouts._sprouts.misere_stored(db, sprouts.Position.start(n, misere=True)) is (
        MISERE[n] == "win"
    )
    again = sprouts.ray.solve(sprouts.Position.start(n, misere=True), workers=1, db=db, quiet=True)
    assert again.outcome == MISERE[n] and again.messages == 0
    binary = sprouts_binary()
    if n != 10 or binary is None:
        return
    out = subprocess.run(
        [binary, "db", "--db", str(db), "verify"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    lines = dict(line.split("\t") for line in out.stdout.splitlines())
    assert lines["wrong"] == "0" and int(lines["checked"]) == s.received + 1


def test_misere_worker_answers_and_refuses():
    w = sprouts._sprouts.MisereWorker()
    # Misère: 1 spot W, 2 L, 3 L, 4 L, 5 W (A164950).
    assert w.prove(sprouts.Position.start(2, misere=True))[0] is False
    assert w.prove("0.0.0.0.0", 30.0)[0] is True
    with pytest.raises(ValueError):
        w.prove(sprouts.Position.start(3))
    with pytest.raises(ValueError):
        w.prove("0.0", 0.0)


def test_the_command_prints_as_sprouts_solve(tmp_path):
    # Its own local cluster (the module's is not started in this process
    # for a subprocess).
    out = subprocess.run(
        [
            os.sys.executable,
            "-m",
            "sprouts.ray",
            "solve",
            "--spots",
            "10",
            "--workers",
            "2",
            "--quiet",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[:2] == ["outcome\twin for the player to move (normal)", "nimber\t1"]


def test_the_command_solves_misere_starts():
    out = subprocess.run(
        [
            os.sys.executable,
            "-m",
            "sprouts.ray",
            "solve",
            "--spots",
            "10",
            "--misere",
            "--workers",
            "2",
            "--quiet",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "outcome\twin for the player to move (misere)"
    assert not any(line.startswith("nimber") for line in lines)
