"""The Python package against known values: the outcomes of Applegate,
Jacobson and Sleator (1991), the `sprouts` command's own answers, and
round trips through every notation."""

import json
import os
import pathlib
import pickle
import shutil
import signal
import subprocess
import threading
import time

import pytest

import sprouts

# A published WGOSA game: 8 moves from 3 spots, the most a 3-spot game can
# last (3n - 1), so the second player made the last move and won
# (`sprouts replay` plays it to `(no live region)`).
WGOSA_GAME = "3+ 1(4)2 1(5)3 1(6)2 2(7@3)6 3(8)3 5(9)8 4(10)7 9(11)10"
SECOND_PLAYER_WINS = True

# Applegate, Jacobson and Sleator (1991): the player to move at the start
# of an n-spot game.
NORMAL = {1: "loss", 2: "loss", 3: "win", 4: "win", 5: "win", 6: "loss", 7: "loss", 8: "loss"}
MISERE = {
    1: "win", 2: "loss", 3: "loss", 4: "loss", 5: "win",
    6: "win", 7: "loss", 8: "loss", 9: "loss",
}


@pytest.mark.parametrize("n", sorted(NORMAL))
def test_normal_outcomes_of_the_starts(n):
    s = sprouts.solve(sprouts.Position.start(n), threads=1)
    assert (s.variant, s.outcome, s.win) == ("normal", NORMAL[n], NORMAL[n] == "win")
    # A loss is nimber 0; every win of these starts is nimber 1
    # (`sprouts solve --spots n`).
    assert s.nimber == (1 if NORMAL[n] == "win" else 0)


@pytest.mark.parametrize("n", [9, 10, 11])
def test_normal_starts_9_to_11_agree_with_the_command(n):
    # `sprouts solve --spots n --json`: win, nimber 1 for 9, 10 and 11.
    s = sprouts.solve(sprouts.Position.start(n), threads=2)
    assert (s.outcome, s.nimber) == ("win", 1)


@pytest.mark.parametrize("n", sorted(MISERE))
def test_misere_outcomes_of_the_starts(n):
    s = sprouts.solve(sprouts.Position.start(n, misere=True), threads=1)
    assert (s.variant, s.outcome, s.nimber) == ("misere", MISERE[n], None)


def test_misere_from_texts():
    # A header says misère itself; misere=True makes a bare number misère.
    assert sprouts.Game.parse("5-").variant == "misere"
    assert sprouts.Game.parse("5", misere=True).variant == "misere"
    assert sprouts.solve("5-").outcome == "win"
    assert sprouts.solve("2", misere=True).outcome == "loss"
    with pytest.raises(ValueError, match=r"says normal play"):
        sprouts.Game.parse("5+", misere=True)


def test_nimber_of_the_3_spot_start():
    assert sprouts.solve(sprouts.Position.start(3)).nimber == 1


def test_wgosa_game_is_replayed():
    g = sprouts.Game.parse(WGOSA_GAME)
    assert g.notation == "wgosa"
    assert (g.variant, g.spots, g.players, g.winner) == ("normal", 3, None, None)
    assert g.moves == WGOSA_GAME.split()[1:]
    assert len(g) == 8
    # 3n - 1 moves leave one life: a spot that can reach no other.
    assert g.position.is_over and g.position.lives == 1
    assert str(g.position) == sprouts.NO_LIVE_REGION
    assert g.position.to_hoey() == ""
    # The mover at the end (the first player, after 8 moves) has lost.
    end = sprouts.solve(g)
    assert (end.outcome, end.nimber, end.winning_moves) == ("loss", 0, [])
    assert SECOND_PLAYER_WINS and len(g) % 2 == 0
    # Every move's text is written canonically in each notation.
    assert g.texts() == g.moves
    assert g.texts("hoey")[:2] == ["1-4-2", "1-5-3"]
    assert g.texts("lhp")[2] == "1<6@3>2"
    assert g.to_text() == WGOSA_GAME
    # The first positions after each move (`sprouts replay --each`).
    assert [str(p) for p in g.positions()[:2]] == ["1,4,2,4;3", "1,4,2,4,1,5,3,5"]


def test_winning_moves_of_known_games():
    # `sprouts solve '3+'`: two groups of three winning first moves.
    s = sprouts.solve(sprouts.Game.parse("3+"))
    assert (s.outcome, s.winning_moves, s.same) == ("win", ["1(4)2", "1(4)1[2]"], [2, 2])
    # One move before the end of the WGOSA game, only its last move wins.
    before_last = " ".join(WGOSA_GAME.split()[:-1])
    s = sprouts.solve(before_last)
    assert (s.outcome, s.nimber, s.winning_moves) == ("win", 1, ["9(11)10"])
    # A position gives winning moves only when asked, in the notation asked.
    p = sprouts.Position.start(3)
    assert sprouts.solve(p).winning_moves is None
    assert sprouts.solve(p, moves="hoey").winning_moves == ["1-4-2", "1-4-1>2"]


def test_replay_error_says_which_move_and_why():
    with pytest.raises(sprouts.MoveError) as info:
        sprouts.Game.parse("3+ 1(4)2 1(5)9")
    e = info.value
    assert (e.number, e.text, e.reason) == (2, "1(5)9", "illegal: there is no spot 9")
    assert str(e) == "move 2 (1(5)9): illegal: there is no spot 9"
    assert isinstance(e, ValueError)
    # The attributes survive pickling (exceptions cross processes).
    again = pickle.loads(pickle.dumps(e))
    assert (again.number, again.text, again.reason) == (2, "1(5)9", e.reason)
    # A syntax error names the byte.
    with pytest.raises(sprouts.MoveError) as info:
        sprouts.Game.parse("2+ 1-3-2; 1-x-1")
    assert (info.value.number, info.value.text) == (2, "1-x-1")
    assert info.value.reason == "at byte 2: expected a spot number, found 'x'"


def test_game_play_numbers_the_new_move():
    g = sprouts.Game.parse("2+ 1-3-2")
    assert sprouts.Game.parse("2+ 1-3-2").play("1-4-1=").moves == ["1-3-2", "1-4-1="]
    with pytest.raises(sprouts.MoveError) as info:
        g.play("1-4-5")
    assert (info.value.number, info.value.text) == (2, "1-4-5")
    assert len(g) == 1


def test_bad_texts_raise_notation_errors():
    with pytest.raises(sprouts.NotationError, match="empty input"):
        sprouts.Position.parse("   ")
    with pytest.raises(sprouts.NotationError, match="2 games given"):
        sprouts.Game.parse("2+\n3+")
    with pytest.raises(sprouts.NotationError, match="not a game"):
        sprouts.Game.parse("0.AB|AB")
    with pytest.raises(ValueError, match="unknown position notation"):
        sprouts.Position.parse("0.AB|AB", notation="glop3")
    with pytest.raises(ValueError, match="from 0 to"):
        sprouts.Position.start(-1)


# One position in each notation, as the `sprouts position convert` writers
# give it (the 5-spot position after 1-6-2 and 3-7-4).
HOEY = "1,6,2,6;3,7,4,7;5"
WRITTEN = {
    "glop1": "1a1a.1b1b.0.}]!",
    "glop2": "1a1a.1b1b.0",
    "neoglop": "1a1a.1b1b.0",
}


@pytest.mark.parametrize("notation", sorted(WRITTEN))
def test_each_position_notation_reads_and_writes_back(notation):
    p = sprouts.Position.parse(HOEY)
    assert p.notation == "hoey" and p.to_hoey() == HOEY
    text = p.write(notation)
    assert text == WRITTEN[notation]
    q = sprouts.Position.parse(text, notation=notation)
    assert q.notation == notation
    assert q.write(notation) == text
    assert q.canonical() == p.canonical() == "0.1a1a.1b1b"


def test_notations_are_detected_and_round_trip_along_a_game():
    p = sprouts.Position.parse("0.AB|AB")
    assert p.notation == "glop2"
    assert (p.to_hoey(), p.to_glop1(), p.to_glop2(), p.to_neoglop()) == (
        "1;2,3/2,3", "0.AB.}AB.}]!", "0.AB|AB", "0.AB/AB",
    )
    for text, notation in [("1;2,3/2,3", "hoey"), ("0.AB.}AB.}]!", "glop1"), ("0.AB/AB", "neoglop")]:
        q = sprouts.Position.parse(text)
        assert (q.notation, q) == (notation, p)
    for pos in sprouts.Game.parse(WGOSA_GAME).positions()[:-1]:
        for notation in ["hoey", "glop1", "glop2", "neoglop"]:
            text = pos.write(notation)
            again = sprouts.Position.parse(text, notation=notation)
            assert again.write(notation) == text
            assert again.canonical() == pos.canonical()


def test_legal_moves_play_and_children():
    p = sprouts.Position.start(2)
    # `sprouts moves --spots 2`.
    assert p.legal_moves() == ["1-3-2", "1-3-1>", "2-3-2>"]
    assert p.legal_moves("wgosa", limit=1) == ["1(3)2"]
    assert p.count_moves() == 3
    assert [(t, str(q)) for t, q in p.children()] == [
        ("1-3-2", "1,3,2,3"), ("1-3-1>", "1,3/1,3;2"), ("2-3-2>", "2,3/2,3;1"),
    ]
    q = p.play("1(3)2")
    assert (str(q), q.lives, q.is_over, q.start_spots) == ("1,3,2,3", 5, False, 2)
    assert q == p.play("1-3-2") == p.play("1<3>2", notation="lhp")
    with pytest.raises(sprouts.MoveError) as info:
        p.play("1-4-2")
    e = info.value
    assert (e.number, e.text, e.reason) == (None, "1-4-2", "illegal: the new spot must be 3, not 4")
    # The count of a big start, computed without listing (`sprouts moves --count`).
    assert sprouts.Position.start(27).count_moves() == 905970015


def test_svg_drawings():
    assert sprouts.Position.parse(HOEY).svg().startswith("<svg")
    g = sprouts.Game.parse(WGOSA_GAME)
    svg = g.svg(move=3)
    assert svg.startswith("<svg") and "3+ after move 3: 1(6)2" in svg
    assert "start" in g.svg(move=0)
    with pytest.raises(IndexError):
        g.svg(move=9)
    # A GLOP text that leaves dead spots out cannot be drawn.
    with pytest.raises(sprouts.DrawError, match="abbreviated"):
        sprouts.Position.parse("1,8,4,9t,8,5;2").svg()


def test_timeout_raises_and_claims_nothing():
    started = time.monotonic()
    with pytest.raises(sprouts.Timeout) as info:
        sprouts.solve(sprouts.Position.start(40), timeout=0.2, threads=1)
    assert time.monotonic() - started < 10
    e = info.value
    assert isinstance(e, TimeoutError)
    assert e.timeout == 0.2 and e.searched > 0
    assert "nothing was proved" in str(e)
    with pytest.raises(ValueError):
        sprouts.solve(sprouts.Position.start(3), timeout=-1)


def test_ctrl_c_interrupts_a_solve():
    # SIGINT reaches the main thread's handler while the solver runs on its
    # own thread; the waiting loop sees it, cancels the solve and raises.
    # Python's own handler: an earlier test may have left Ray's in place
    # (it does not raise KeyboardInterrupt).
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            sprouts.solve(sprouts.Position.start(40), threads=1)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert time.monotonic() - started < 10


def test_the_gil_is_released_while_solving():
    ticks = []
    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.01)

    t = threading.Thread(target=count)
    t.start()
    try:
        with pytest.raises(sprouts.Timeout):
            sprouts.solve(sprouts.Position.start(40), timeout=0.5, threads=1)
    finally:
        stop.set()
        t.join()
    assert len(ticks) >= 10


def test_database_keeps_results(tmp_path):
    path = tmp_path / "solved.redb"
    first = sprouts.solve(sprouts.Position.start(7), db=path, threads=1)
    assert path.exists()
    second = sprouts.solve(sprouts.Position.start(7), db=str(path), threads=1)
    assert (first.outcome, second.outcome) == ("loss", "loss")
    assert second.searched < first.searched
    with pytest.raises(sprouts.DatabaseError):
        sprouts.solve(sprouts.Position.start(3), db=tmp_path)


def test_solve_takes_positions_games_and_texts_only():
    with pytest.raises(TypeError):
        sprouts.solve(3)
    s = sprouts.solve("0.AB|AB")
    assert s.outcome == sprouts.solve(sprouts.Position.parse("0.AB|AB")).outcome


def test_position_parse_of_a_game_checks_its_moves():
    # A game stands for the position after its last move, as in the commands.
    p = sprouts.Position.parse("2+ 1-3-2")
    assert (str(p), p.notation) == ("1,3,2,3", None)
    with pytest.raises(sprouts.MoveError) as info:
        sprouts.Position.parse("2+ 1-3-2; 1-4-5")
    assert (info.value.number, info.value.text) == (2, "1-4-5")
    # With a notation the text is always a position: `22` in GLOP 2 is two
    # one-life spots, not the 22-spot start.
    assert sprouts.Position.parse("22", "glop2").lives == 2
    assert sprouts.Position.parse("22").lives == 66


def test_misere_flag_against_a_stated_convention():
    with pytest.raises(ValueError, match="says normal play"):
        sprouts.Position.parse("5+:0.0.0.0.0", misere=True)
    assert sprouts.Position.parse("5-:0.0.0.0.0").variant == "misere"
    with pytest.raises(ValueError, match="misere=True is for texts"):
        sprouts.solve(sprouts.Position.start(3), misere=True)


def test_the_tour_in_the_docs_runs():
    # The ```python blocks of docs/python.md are doctests: their outputs
    # are checked here, so the page says what the package does.
    import doctest
    import pathlib
    import re

    page = pathlib.Path(__file__).resolve().parents[3] / "docs" / "python.md"
    blocks = re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
    assert blocks
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for i, block in enumerate(blocks):
        runner.run(parser.get_doctest(block, {}, f"python.md block {i}", str(page), 0))
    failed, attempted = runner.summarize(verbose=False)
    assert attempted >= 10 and failed == 0


def _walk(n, misere, seed):
    import random

    rng = random.Random(seed)
    p = sprouts.Position.start(n, misere=misere)
    out = [p]
    while not p.is_over:
        p = rng.choice(p.children())[1]
        out.append(p)
    return out


def test_positions_and_games_pickle_exactly():
    positions = _walk(5, False, 1) + _walk(6, True, 2) + [sprouts.Position.start(0)]
    positions += [
        sprouts.Position.parse(t)
        for t in ["0.AB|AB", "1,8,4,9t,8,5;2", "^r:0.r^st:sA/tA^u:ru^v:rv.st=u=v", "5-:0.0.0.0.0"]
    ]
    for p in positions:
        q = pickle.loads(pickle.dumps(p))
        assert q == p
        assert (q.to_hoey(full=True), q.to_hoey(), q.start_spots, q.variant, q.notation) == (
            p.to_hoey(full=True), p.to_hoey(), p.start_spots, p.variant, p.notation,
        )
        assert q.legal_moves() == p.legal_moves()
    for text in [WGOSA_GAME, "5- (Ann - Bob*) 1-6-2; 3-7-4 II", "3 1<4>1[2]"]:
        g = sprouts.Game.parse(text)
        h = pickle.loads(pickle.dumps(g))
        assert (h.moves, h.notation, h.variant, h.players, h.winner) == (
            g.moves, g.notation, g.variant, g.players, g.winner,
        )
        assert h.position == g.position
    with pytest.raises(ValueError, match="not a position"):
        sprouts.Position._from_state([[[1, 3, 2]]], [0, 0, 1, 2], False, False, None)


def test_positions_on_surfaces():
    # Two spots: a loss on the plane, a win on the projective plane
    # (docs/surfaces.md, `sprouts solve --spots 2 --surface C1`).
    plane = sprouts.Position.parse("0.0", notation="neoglop")
    cap = sprouts.Position.parse("0.0C1", notation="neoglop")
    assert sprouts.solve(plane).outcome == "loss"
    assert sprouts.solve(cap).outcome == "win"
    assert str(cap) == cap.to_neoglop() and "C1" in str(cap)
    # One spot on the torus: a loop bounding a disc, or around the handle.
    torus = sprouts.Position.parse("0T1", notation="neoglop")
    children = torus.children()
    assert len(children) == torus.count_moves() == 2
    assert all(text == child.to_neoglop() for text, child in children)
    assert sprouts.solve(torus).outcome == "loss"
    # Texts and pictures that have no topology refuse it, saying so.
    for refused in (torus.legal_moves, torus.to_hoey, torus.to_glop1,
                    lambda: torus.write("hoey")):
        with pytest.raises(ValueError, match="off the plane"):
            refused()
    with pytest.raises(sprouts.DrawError):
        torus.svg()
    assert "T1" in torus.canonical() and "T1" not in plane.canonical()


def sprouts_binary():
    """The `sprouts` command: $SPROUTS_BIN, or the newest cargo build."""
    if os.environ.get("SPROUTS_BIN"):
        return os.environ["SPROUTS_BIN"]
    root = pathlib.Path(__file__).resolve().parents[3]
    built = [
        p
        for p in (
            root / "target/release/sprouts",
            root / "target/py-ci/sprouts",
            root / "target/debug/sprouts",
        )
        if p.exists()
    ]
    if built:
        return str(max(built, key=lambda p: p.stat().st_mtime))
    return shutil.which("sprouts")


# Games whose last position has winning moves, in each move notation, and
# one with a move off the symmetric groups (`sprouts solve` lists 7 groups
# of the 31 winning moves after 5+ 1(6)2).
COMMAND_GAMES = [
    "3+",
    "5+ 1(6)2",
    "4+ 1<5>2 3<6>4",
    "4+ 1-5-2; 3-6-4",
    "5- 1(6)2",
    "2-",
    " ".join(WGOSA_GAME.split()[:-1]),
]


@pytest.mark.parametrize("game", COMMAND_GAMES)
def test_winning_moves_agree_with_the_command(game):
    # `sprouts solve --json` and sprouts.solve list the same winning moves,
    # written the same way, grouped the same way (one library function).
    binary = sprouts_binary()
    if binary is None:
        pytest.skip("no sprouts binary (set SPROUTS_BIN)")
    out = subprocess.run(
        [binary, "solve", "--no-db", "--json", "--threads", "1", game],
        check=True, capture_output=True, text=True,
    ).stdout
    command = json.loads(out)
    s = sprouts.solve(sprouts.Game.parse(game), threads=1)
    assert s.outcome == command["outcome"]
    assert list(zip(s.winning_moves, s.same)) == [
        (m["move"], m["same"]) for m in command["winning_moves"]
    ]
    if game == "5+ 1(6)2":
        assert len(s.winning_moves) == 7 and sum(n + 1 for n in s.same) == 31


def test_every_exception_is_a_sprouts_error(tmp_path):
    # A bad notation, a bad move, a bad database, a bad argument: one
    # `except sprouts.Error` catches them all, and each is still the
    # built-in exception it was.
    failures = [
        (lambda: sprouts.Position.parse("0.AB|A"), sprouts.NotationError, ValueError),
        (lambda: sprouts.Game.parse(""), sprouts.NotationError, ValueError),
        (lambda: sprouts.Game.parse("3+ 1(4)9"), sprouts.MoveError, ValueError),
        (lambda: sprouts.Position.start(3).play("1(4)9"), sprouts.MoveError, ValueError),
        (lambda: sprouts.solve("3+", db=tmp_path), sprouts.DatabaseError, OSError),
        (lambda: sprouts.Position.parse("0.0", notation="glop9"), sprouts.ArgumentError, ValueError),
        (lambda: sprouts.Game.parse("5+", misere=True), sprouts.ArgumentError, ValueError),
        (lambda: sprouts.solve("12+", timeout=0), sprouts.Timeout, TimeoutError),
        (lambda: sprouts.Position.parse("1,8,4,9t,8,5;2").svg(), sprouts.DrawError, ValueError),
    ]
    garbage = tmp_path / "garbage.redb"
    garbage.write_bytes(b"not a database at all" * 100)
    failures.append((lambda: sprouts.solve("3+", db=garbage), sprouts.DatabaseError, OSError))
    for fail, kind, builtin in failures:
        try:
            fail()
        except sprouts.Error as e:
            assert type(e) is kind, (kind, e)
            assert isinstance(e, builtin)
            assert type(e).__module__ == "sprouts"
        else:
            raise AssertionError(f"{kind.__name__} not raised")
    for name in sprouts.__all__:
        value = getattr(sprouts, name)
        if isinstance(value, type) and issubclass(value, BaseException):
            assert issubclass(value, sprouts.Error), name


def test_positions_hash_as_they_compare():
    # The same position read from four notations: equal, the same hash.
    texts = ["1;2,3/2,3", "0.AB|AB", "0.AB/AB", "1;3,2/3,2"]
    positions = [sprouts.Position.parse(t) for t in texts]
    assert all(p == positions[0] for p in positions)
    assert {hash(p) for p in positions} == {hash(positions[0])}
    # In a set and as dict keys: one element; misère play is another.
    misere = sprouts.Position.parse("0.AB|AB", misere=True)
    assert len(set(positions)) == 1
    assert len(set(positions + [misere])) == 2
    assert {positions[1]: "a"}[positions[3]] == "a"
    # The children of the 3-spot start: 9 moves, distinct positions.
    children = {p for _, p in sprouts.Position.start(3).children()}
    assert len(children) == 9
    # Games hash as they compare, too.
    assert hash(sprouts.Game.parse("3+ 1(4)2")) == hash(sprouts.Game("3+ 1(4)2"))


def test_reprs_evaluate():
    from sprouts import EachMove, Game, MoveResult, Position, Solution  # noqa: F401 (for eval)

    for text, misere in [
        ("0.0.AB|AB", False), ("1;2,3/2,3", True), ("2-:0.0", False),
        ("0.0.AB.}AB.}]!", False), ("1,8,4,9t,8,5;2", False),
        ("0.0T1", True), ("AB.ABT0", False), (sprouts.NO_LIVE_REGION, False),
        ("3+ 1(4)2 1(5)3", False),
    ]:
        p = sprouts.Position.parse(text, misere=misere)
        r = repr(p)
        assert r.startswith("Position(")
        q = eval(r)
        assert (q, q.variant) == (p, p.variant), r
    assert repr(sprouts.Position.start(2)) == "Position('1;2')"
    assert repr(sprouts.Position.start(1, misere=True)) == "Position('1', misere=True)"
    g = sprouts.Game.parse("4+ 1<5>2 3<6>4")
    assert repr(g) == "Game('4+ 1<5>2 3<6>4', notation='lhp')"
    assert eval(repr(g)) == g
    s = sprouts.solve(sprouts.Game.parse("3+"))
    again = eval(repr(s))
    assert (again.variant, again.outcome, again.nimber, again.winning_moves, again.same,
            again.searched) == (s.variant, s.outcome, s.nimber, s.winning_moves, s.same,
                                s.searched)
    assert pickle.loads(pickle.dumps(s)).winning_moves == s.winning_moves
    # each_move's results too, undecided moves and all.
    for r in (sprouts.each_move("5+ 1(6)2"), sprouts.each_move("12+", timeout=0)):
        fields = lambda e: (e.variant, e.outcome, e.win, e.distinct, e.searched, e.seconds,
                            [(m.move, m.wins, m.result, m.same, m.searched, m.seconds)
                             for m in e.moves])
        assert fields(eval(repr(r))) == fields(r), repr(r)
        assert fields(pickle.loads(pickle.dumps(r))) == fields(r)


def test_a_game_is_a_sequence_of_its_moves():
    g = sprouts.Game.parse(WGOSA_GAME)
    moves = WGOSA_GAME.split()[1:]
    assert list(g) == moves and len(g) == 8
    assert (g[0], g[-1], g[2:4]) == (moves[0], moves[-1], moves[2:4])
    assert "2(7@3)6" in g
    with pytest.raises(IndexError):
        g[8]
    assert [m for m in sprouts.Game.parse("3+")] == []


def test_one_solution_type_for_local_and_distributed_solves():
    # sprouts.ray.solve returns a Solution too (its cost beside), and
    # RaySolution is the same type for older code.
    import sprouts.ray

    assert sprouts.ray.RaySolution is sprouts.Solution
    cost = sprouts.ray.RayCost(
        worker_searched=5, received=3, messages=2, bytes_to_workers=10,
        bytes_from_workers=20, master_seconds=0.5, deaths=0,
    )
    s = sprouts.Solution("normal", True, 1, searched=7, seconds=1.5, cost=cost)
    assert (s.outcome, s.nimber, s.winning_moves, s.cost) == ("win", 1, None, cost)
    # The old RaySolution field names still read.
    assert (s.worker_searched, s.received, s.deaths) == (5, 3, 0)
    with pytest.raises(AttributeError):
        s.no_such_field
    with pytest.raises(AttributeError):
        sprouts.solve("3+").worker_searched
    with pytest.raises(sprouts.ArgumentError):
        sprouts.Solution("dots", True)


def test_parse_all_reads_every_game_of_a_file():
    # examples/published-wgosa.txt: the five published games, in order.
    root = pathlib.Path(__file__).resolve().parents[3]
    text = (root / "examples/published-wgosa.txt").read_text()
    games = sprouts.Game.parse_all(text)
    assert [(g.spots, g.variant) for g in games] == [
        (14, "normal"),
        (8, "normal"),
        (16, "normal"),
        (17, "misere"),
        (22, "misere"),
    ]
    assert all(sprouts.Game.parse(g.to_text()).position == g.position for g in games)
    # Games one after another, in any notation; a bad move is named.
    two = sprouts.Game.parse_all("3+ 1(4)2\n4+ 1(5)2\n")
    assert [g.moves for g in two] == [["1(4)2"], ["1(5)2"]]
    with pytest.raises(sprouts.MoveError):
        sprouts.Game.parse_all("3+ 1(4)2\n3+ 1(4)9\n")
    with pytest.raises(sprouts.NotationError):
        sprouts.Game.parse_all("")


def test_analyze_gives_what_sprouts_analyze_gives():
    # 4 spots, normal play: the first player wins (AJS 1991), and 1(5)2
    # throws the win; the winning moves are those `solve` lists.
    a = sprouts.Game.parse("4+ 1(5)2").analyze()
    assert (a["variant"], a["final"]) == ("normal", "win")
    [m] = a["moves"]
    assert (m["number"], m["text"], m["before"], m["verdict"]) == (1, "1(5)2", "win", "threw")
    assert [w["move"] for w in m["winning"]] == ["1(5)1", "1(5)1[3]"]
    solved = sprouts.solve(sprouts.Game.parse("4+"))
    assert [w["move"] for w in a["moves"][0]["winning"]] == solved.winning_moves
    assert [w["same"] for w in a["moves"][0]["winning"]] == solved.same
    # A whole game: each verdict as `sprouts analyze` prints it.
    game = sprouts.Game.parse(
        "8+ 1(9)2 1(10)1[3,4] 3(11)10 2(12)5 5(13)5 6(14)6[7,8] 7(15)8 6(16@2)14 II"
    )
    a = game.analyze()
    assert a["final"] == "loss"
    assert [m["verdict"] for m in a["moves"]] == ["lost", "kept"] * 4
    assert [m["before"] for m in a["moves"]] == ["loss", "win"] * 4
    # The same object as `sprouts analyze --json`.
    binary = sprouts_binary()
    if binary is None:
        pytest.skip("no `sprouts` binary built (cargo build)")
    for text in ["4+ 1(5)2", game.to_text()]:
        out = subprocess.run(
            [binary, "analyze", "--no-db", "--json", text],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert out.returncode == 0, out.stderr
        assert json.loads(out.stdout) == sprouts.Game.parse(text).analyze()


def test_analyze_with_no_time_says_undecided():
    a = sprouts.Game.parse("22- 1(23)2").analyze(timeout=0.0)
    assert a["final"] == "undecided"
    assert a["moves"][0]["verdict"] == "undecided"
    with pytest.raises(ValueError):
        sprouts.Game.parse("3+ 1(4)2").analyze(timeout=-1.0)


# Misère 7 spots is a loss (AJS 1991): its five distinct first moves (the
# join and the loops around 0 to 3 of the other spots, `sprouts solve
# --spots 7 --misere --each-move`) all lose.
MISERE_7_MOVES = sorted(["1(8)2", "1(8)1", "1(8)1[3]", "1(8)1[3,4]", "1(8)1[3-5]"])


def test_each_move_refutes_every_move_of_a_loss_and_resumes(tmp_path):
    path = tmp_path / "each.redb"
    start = sprouts.Position.start(7, misere=True)
    seen = []
    r = sprouts.each_move(start, db=path, threads=1, on_move=seen.append)
    assert (r.variant, r.outcome, r.win, r.distinct) == ("misere", "loss", False, 5)
    assert sorted(m.move for m in r.moves) == MISERE_7_MOVES
    assert all((m.result, m.wins) == ("loses", False) for m in r.moves)
    # The callback saw each move as it was decided, the same objects.
    assert [m.move for m in seen] == [m.move for m in r.moves]
    # In all, more: the moment's search of the moves it did not decide.
    assert r.searched >= sum(m.searched for m in r.moves) > 0
    # Asked again, the database decides every move: nothing is searched.
    again = sprouts.each_move(start, db=str(path), threads=1)
    assert (again.outcome, again.searched) == ("loss", 0)
    assert sorted((m.move, m.result, m.searched) for m in again.moves) == [
        (t, "loses", 0) for t in MISERE_7_MOVES
    ]


def test_each_move_in_rounds_of_slices():
    # Misère 7 spots is a loss (AJS 1991), found again with every open move
    # given a millisecond, then two, and so on: on_move sees a move after
    # each slice, the result lists each once.
    seen = []
    r = sprouts.each_move(
        sprouts.Position.start(7, misere=True), threads=1, slice=0.001, on_move=seen.append
    )
    assert (r.outcome, r.distinct) == ("loss", 5)
    assert sorted(m.move for m in r.moves) == MISERE_7_MOVES
    assert all(m.result == "loses" for m in r.moves)
    assert sorted({m.move for m in seen}) == MISERE_7_MOVES
    # A move once decided is not tried again.
    for text in MISERE_7_MOVES:
        results = [m.result for m in seen if m.move == text]
        assert results[-1] == "loses" and set(results[:-1]) <= {"undecided"}, results
    for bad in (0, -1.0, float("nan")):
        with pytest.raises(sprouts.ArgumentError):
            sprouts.each_move("3+", slice=bad)


def test_each_move_agrees_with_the_command():
    binary = sprouts_binary()
    if binary is None:
        pytest.skip("no sprouts binary (set SPROUTS_BIN)")
    for args in (["--spots", "7", "--misere"], ["5+ 1(6)2"]):
        out = subprocess.run(
            [binary, "solve", "--no-db", "--json", "--each-move", "--threads", "1", *args],
            check=True, capture_output=True, text=True,
        ).stdout
        command = json.loads(out)
        target = args[-1] if len(args) == 1 else sprouts.Position.start(7, misere=True)
        r = sprouts.each_move(target, threads=1)
        assert (r.outcome, r.distinct) == (command["outcome"], command["distinct"])
        assert [(m.move, m.same, m.result) for m in r.moves] == [
            (m["move"], m["same"], m["result"]) for m in command["moves"]
        ]


def test_each_move_stops_at_a_winning_move():
    # 3 spots is a normal-play win; the move each_move stops at is one that
    # solve lists as winning, and every move before it loses.
    r = sprouts.each_move("3+", threads=1)
    assert (r.outcome, r.win) == ("win", True)
    *rest, last = r.moves
    assert last.result == "wins" and all(m.result == "loses" for m in rest)
    assert last.move in sprouts.solve("3+", threads=1).winning_moves
    assert sprouts.solve(sprouts.Game.parse("3+").play(last.move), threads=1).outcome == "loss"
    # The end of a game has no move: lost in normal play, won in misère.
    for text, outcome in [("1+ 1(2)1 1(3)2", "loss"), ("1- 1(2)1 1(3)2", "win")]:
        end = sprouts.each_move(text)
        assert (end.outcome, end.distinct, end.moves) == (outcome, 0, [])


def test_each_move_out_of_time_claims_nothing():
    # 14 spots is a loss (AJS 1991): no move can win; with no time, not
    # every move is decided, and the outcome is not claimed.
    r = sprouts.each_move(sprouts.Position.start(14), timeout=0, threads=1)
    assert (r.outcome, r.win) == ("undecided", None)
    assert r.distinct == len(r.moves) > 0
    assert any((m.result, m.wins) == ("undecided", None) for m in r.moves)
    assert all(m.result != "wins" for m in r.moves)
    with pytest.raises(ValueError):
        sprouts.each_move("3+", timeout=float("nan"))


def test_an_exception_in_on_move_stops_each_move():
    calls = []

    def stop(m):
        calls.append(m)
        raise RuntimeError("enough")

    started = time.monotonic()
    with pytest.raises(RuntimeError, match="enough"):
        sprouts.each_move(sprouts.Position.start(14), timeout=0.05, threads=1, on_move=stop)
    assert len(calls) == 1
    assert time.monotonic() - started < 10
