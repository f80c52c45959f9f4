"""Type stubs of the native module ``sprouts._sprouts`` (re-exported by
``sprouts``). Notation names are lower case: position notations
``"hoey"``, ``"glop1"``, ``"glop2"``, ``"neoglop"``; move notations
``"hoey"``, ``"wgosa"``, ``"lhp"`` (the ``Literal`` types below). The
exceptions are in ``sprouts._errors``, all under ``sprouts.Error``."""

import os
import pathlib
from typing import Any, Callable, Dict, Iterator, List, Literal, Optional, Tuple, Union, final, overload

__all__ = [
    "NO_LIVE_REGION",
    "EachMove",
    "Game",
    "MoveResult",
    "Position",
    "Solution",
    "__version__",
    "default_db_path",
    "each_move",
    "solve",
]

_PositionNotation = Literal["hoey", "glop1", "glop2", "neoglop"]
"""A position notation's name."""
_MoveNotation = Literal["hoey", "wgosa", "lhp"]
"""A move notation's name."""
_Variant = Literal["normal", "misere"]
"""A play convention: normal play or misère play."""
_Outcome = Literal["win", "loss"]
"""Who wins, from the side of the player to move."""

__version__: str
NO_LIVE_REGION: str
"""``"(no live region)"``: how a position with no live region is shown
(``str(position)``); ``Position.parse`` reads it back."""

@final
class Position:
    """A Sprouts position, normal or misère play. Immutable and hashable:
    equal positions hash alike."""

    def __init__(
        self, text: str, notation: Optional[_PositionNotation] = None, misere: bool = False
    ) -> None:
        """The same as ``Position.parse`` (what ``repr`` writes)."""
    @staticmethod
    def parse(
        text: str, notation: Optional[_PositionNotation] = None, misere: bool = False
    ) -> "Position":
        """Reads a position in Hoey, GLOP 1.0, GLOP 2 or neo-GLOP notation
        (detected unless ``notation`` names it; with a notation the text is
        always a position), or a game, which stands for the position after
        its last move (a bare number such as ``"22"`` is the 22-spot start).
        ``misere=True`` chooses misère play for a text that does not state
        it; a neo-GLOP label (``5-:``) or a game header (``5-``) states it.

        Raises NotationError, MoveError (a game with a bad move) or
        ArgumentError (an unknown notation, or ``misere=True`` against a
        text that says normal play)."""
    @staticmethod
    def start(n: int, misere: bool = False) -> "Position":
        """The start of an ``n``-spot game."""
    @property
    def notation(self) -> Optional[_PositionNotation]:
        """The notation the text was read in, or None (a start, a game's
        position, a move's result)."""
    @property
    def variant(self) -> _Variant:
        """``"normal"`` or ``"misere"``."""
    @property
    def lives(self) -> int:
        """The number of lives (3 minus the degree of each live spot)."""
    @property
    def is_over(self) -> bool:
        """Whether no move is left."""
    @property
    def start_spots(self) -> Optional[int]:
        """The number of spots at the start, for a complete position (every
        site listed); None for an abbreviated one."""
    def to_hoey(self, full: bool = False) -> str:
        """Hoey's notation: abbreviated (``""`` when no live region is
        left), or every site with ``full=True``. Raises ArgumentError for a position
        off the plane (Hoey's notation has no topology)."""
    def to_glop1(self) -> str:
        """GLOP 1.0 (``0.AB.}AB.}]!``); ArgumentError off the plane."""
    def to_glop2(self) -> str:
        """GLOP 2 (``0.AB|AB``)."""
    def to_neoglop(self) -> str:
        """neo-GLOP (``0.AB/AB``; ``0.0T1`` two spots on a torus)."""
    def write(self, notation: _PositionNotation) -> str:
        """The position in a position notation given by name (Hoey
        abbreviated)."""
    def canonical(self) -> str:
        """The canonical text (neo-GLOP, lands joined by ``+``), the same
        for every position that is the same game up to symmetry and GLOP's
        simplifications; ``""`` when no move is left."""
    def count_moves(self) -> int:
        """The number of legal moves, counted without listing them (off
        the plane: the number of ``children()``)."""
    def legal_moves(
        self, notation: _MoveNotation = "hoey", limit: Optional[int] = None
    ) -> List[str]:
        """The legal moves as canonical texts in a move notation, moves
        that give the same position listed once; at most ``limit``. Raises
        ArgumentError off the plane, where moves have no text."""
    def children(
        self, notation: _MoveNotation = "hoey", limit: Optional[int] = None
    ) -> List[Tuple[str, "Position"]]:
        """The legal moves and the position after each; off the plane the
        text is the neo-GLOP of the position left."""
    def play(self, move_text: str, notation: Optional[_MoveNotation] = None) -> "Position":
        """The position after a move in Hoey, WGOSA or LHP notation (named,
        or detected). Raises MoveError (``number`` is None)."""
    def svg(self, caption: Optional[str] = None) -> str:
        """An SVG picture (lines never cross). Raises DrawError for an
        abbreviated position (a GLOP text with dead spots)."""
    def __eq__(self, other: object, /) -> bool:
        """The same position (up to the order of regions, boundaries and
        rotations) with the same play convention."""
    def __hash__(self) -> int:
        """A hash of what ``==`` compares."""
    def __str__(self) -> str:
        """Hoey's abbreviated notation, or NO_LIVE_REGION; neo-GLOP off the
        plane."""
    def __repr__(self) -> str:
        """``Position('1;2,3/2,3')`` (every site of a complete position,
        ``misere=True`` in misère play): ``eval`` gives an equal position."""

@final
class Game:
    """A game transcript (WGOSA, LHP or Hoey moves), replayed and checked:
    a sequence of its moves (``len(game)``, ``game[0]``, ``for m in game``
    give the move texts as written)."""

    def __init__(
        self, text: str, notation: Optional[_MoveNotation] = None, misere: bool = False
    ) -> None:
        """The same as ``Game.parse`` (what ``repr`` writes)."""
    @staticmethod
    def parse(
        text: str, notation: Optional[_MoveNotation] = None, misere: bool = False
    ) -> "Game":
        """Reads and replays one game: a header (``8+``, ``5-``, or a bare
        number), optional players in parentheses, moves, and an optional
        result (``I`` or ``II``). ``notation`` (``"hoey"``, ``"wgosa"``,
        ``"lhp"``) forces the move notation (detected if None);
        ``misere=True`` makes a bare-number header misère.

        Raises NotationError (not a game, or unreadable) or MoveError (the
        first bad move: ``number``, ``text``, ``reason``)."""
    @property
    def moves(self) -> List[str]:
        """The move texts as written."""
    @property
    def notation(self) -> _MoveNotation:
        """The move notation: ``"wgosa"``, ``"lhp"`` or ``"hoey"``."""
    @property
    def variant(self) -> _Variant:
        """``"normal"`` or ``"misere"``."""
    @property
    def spots(self) -> int:
        """The number of spots at the start."""
    @property
    def players(self) -> Optional[str]:
        """What the header had between parentheses, or None."""
    @property
    def winner(self) -> Optional[Literal["I", "II"]]:
        """The recorded result: ``"I"``, ``"II"`` or None."""
    @property
    def position(self) -> Position:
        """The position after the last move."""
    @property
    def start(self) -> Position:
        """The start."""
    def positions(self) -> List[Position]:
        """The position after each move (not the start)."""
    def texts(self, notation: Optional[_MoveNotation] = None) -> List[str]:
        """Each move's canonical text, in ``notation`` (the game's own if
        None)."""
    @staticmethod
    def parse_all(
        text: str, notation: Optional[_MoveNotation] = None, misere: bool = False
    ) -> List["Game"]:
        """Reads and replays every game of a text (a file of several games,
        one after another, as ``sprouts replay`` reads it), in order.
        ``notation`` and ``misere`` as for ``Game.parse``. Raises
        NotationError, MoveError or ArgumentError."""
    def analyze(
        self,
        *,
        timeout: Optional[float] = None,
        db: Union[str, "os.PathLike[str]", None] = None,
        threads: int = 0,
    ) -> Dict[str, Any]:
        """The analysis ``sprouts analyze --json`` gives, by the same
        library function: {"variant", "moves": [{"number", "text",
        "before", "verdict", "winning" (with "threw", when found: [{"move",
        "same"}])}], "final"}. What is not decided within ``timeout``
        (seconds, shared among the positions) is "undecided"."""
    def to_text(self, notation: Optional[_MoveNotation] = None) -> str:
        """The whole game written canonically."""
    def play(self, move_text: str) -> "Game":
        """The game with one more move in its notation; raises MoveError
        with the move's number."""
    def svg(self, move: Optional[int] = None, caption: bool = True) -> str:
        """An SVG picture after move ``move`` (0: the start; None: the
        last), that move in red. Raises IndexError past the last move."""
    def __len__(self) -> int:
        """The number of moves."""
    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> List[str]: ...
    def __getitem__(self, index: Union[int, slice]) -> Union[str, List[str]]:
        """The move text at ``index`` (negative from the end), or a list for
        a slice; IndexError past the end."""
    def __iter__(self) -> Iterator[str]:
        """The move texts as written, in order."""
    def __eq__(self, other: object, /) -> bool:
        """The same transcript in the same move notation."""
    def __hash__(self) -> int:
        """A hash of what ``==`` compares."""
    def __repr__(self) -> str:
        """``Game('3+ 1(4)2', notation='wgosa')``: ``eval`` gives an equal
        game."""

@final
class Solution:
    """What ``solve`` proved, and ``sprouts.ray.solve`` too (its ``cost``
    says what the distributed run cost)."""

    def __init__(
        self,
        variant: _Variant,
        win: bool,
        nimber: Optional[int] = None,
        winning_moves: Optional[List[str]] = None,
        same: Optional[List[int]] = None,
        searched: int = 0,
        seconds: float = 0.0,
        cost: Optional[Any] = None,
    ) -> None:
        """A solution as ``repr`` writes it (``outcome`` follows from
        ``win``)."""
    @property
    def variant(self) -> _Variant:
        """``"normal"`` or ``"misere"``."""
    @property
    def outcome(self) -> _Outcome:
        """``"win"`` or ``"loss"`` for the player to move."""
    @property
    def win(self) -> bool:
        """Whether the player to move wins."""
    @property
    def nimber(self) -> Optional[int]:
        """The nimber (normal play; None in misère play)."""
    @property
    def winning_moves(self) -> Optional[List[str]]:
        """The winning moves (empty for a loss), one per group of moves
        leaving the same position up to symmetry, as ``sprouts solve``
        lists them (``?`` for a move the notation cannot write; off the
        plane, the position the move leaves in neo-GLOP); for a game in its
        own notation, for a position only when ``moves`` was given (else
        None; None from ``sprouts.ray.solve``)."""
    @property
    def same(self) -> Optional[List[int]]:
        """For each winning move, how many other winning moves lead to the
        same position up to symmetry."""
    @property
    def searched(self) -> int:
        """Positions searched (move lists generated)."""
    @property
    def seconds(self) -> float:
        """Seconds taken."""
    @property
    def cost(self) -> Optional[Any]:
        """What a distributed solve cost (``sprouts.ray.RayCost``, whose
        fields also read as the solution's own, ``s.worker_searched``);
        None for a solve in this process."""
    def __repr__(self) -> str:
        """``Solution(variant='normal', win=True, ...)``: ``eval`` gives the
        same values."""

def solve(
    target: Union[Position, Game, str],
    *,
    timeout: Optional[float] = None,
    db: Union[str, "os.PathLike[str]", None] = None,
    threads: int = 0,
    moves: Optional[_MoveNotation] = None,
    misere: bool = False,
) -> Solution:
    """Solves a position, or the position at the end of a game (a text is
    read as ``Position.parse`` reads it; ``misere`` applies to texts only).

    The search runs on its own thread without the GIL; Ctrl-C stops it and
    raises KeyboardInterrupt. ``timeout`` (seconds) raises Timeout when the
    answer is not proved by then. ``db`` is a redb database file shared
    with ``sprouts solve --db`` (created if missing): proved results are
    read from and written to it. ``threads``: the search and ``threads -
    1`` helpers (normal and misère play; 0: one per CPU, at most 8). ``moves`` (a move
    notation) asks for the winning moves in that notation (a game's are
    given in its own notation anyway).

    Raises Timeout, SolveError, DatabaseError, NotationError, MoveError,
    ArgumentError (all ``sprouts.Error``) or TypeError."""

@final
class MoveResult:
    """One distinct move of ``each_move``: the first of the moves that leave
    the same lands, and what its search found."""

    @property
    def move(self) -> str:
        """The move, in the game's notation or the one asked (WGOSA's by
        default)."""
    @property
    def same(self) -> int:
        """How many other moves leave the same lands."""
    @property
    def wins(self) -> Optional[bool]:
        """True: the move wins for the player who makes it (it leaves a
        loss); False: it loses; None: undecided within the timeout."""
    @property
    def result(self) -> Literal["wins", "loses", "undecided"]:
        """``wins`` as ``sprouts solve --each-move`` writes it."""
    @property
    def searched(self) -> int:
        """Positions searched for this move (0: the database knew it)."""
    @property
    def seconds(self) -> float:
        """Seconds taken for this move."""

@final
class EachMove:
    """What ``each_move`` found."""

    @property
    def variant(self) -> _Variant:
        """``"normal"`` or ``"misere"``."""
    @property
    def outcome(self) -> Literal["win", "loss", "undecided"]:
        """For the player to move: ``"win"`` once a move wins, ``"loss"``
        once every move loses, else ``"undecided"``."""
    @property
    def win(self) -> Optional[bool]:
        """Whether the player to move wins; None when undecided."""
    @property
    def distinct(self) -> int:
        """How many distinct moves the position has."""
    @property
    def moves(self) -> List[MoveResult]:
        """The moves decided or tried, in that order: those the database
        (or a moment's search) decides first, then the others; it ends at
        a winning move."""
    @property
    def searched(self) -> int:
        """Positions searched in all."""
    @property
    def seconds(self) -> float:
        """Seconds taken in all."""

def each_move(
    target: Union[Position, Game, str],
    *,
    timeout: Optional[float] = None,
    db: Union[str, "os.PathLike[str]", None] = None,
    threads: int = 0,
    moves: Optional[_MoveNotation] = None,
    misere: bool = False,
    on_move: Optional[Callable[[MoveResult], Any]] = None,
    slice: Optional[float] = None,
) -> EachMove:
    """Solves the distinct moves of a position (or of the end of a game)
    one at a time, as ``sprouts solve --each-move`` does: moves that leave
    the same lands count once, each gets its own ``timeout`` (seconds; None:
    no limit), and it stops at the first winning move. A move out of time is
    ``"undecided"``, not an error. ``on_move`` is called with each
    MoveResult as it is decided; an exception it raises stops the solve and
    is raised. With a ``db`` (shared with ``sprouts solve --db``), what each
    move proved is kept: run again, decided moves are read back (0
    searched) and the others go on. ``threads``: with 2 or more, helpers
    work on the moves after the one being searched. ``slice`` (seconds):
    the moves not decided at once are taken in rounds, each given ``slice``
    in the first and twice as long in each next (up to ``timeout``), as
    ``sprouts solve --each-move --slice`` does, so that one hard move does
    not hold up a winning one; ``on_move`` is then called after every
    slice (``wins`` None while the move is open) and ``moves`` lists each
    move once, as it ended. Ctrl-C stops it and raises KeyboardInterrupt.

    Raises SolveError, DatabaseError, NotationError, MoveError,
    ArgumentError (all ``sprouts.Error``) or TypeError."""

def default_db_path() -> Optional[pathlib.Path]:
    """The database file ``sprouts solve`` uses by default, or None."""

def db_results(path: Union[str, "os.PathLike[str]"]) -> bytes:
    """The normal-play results a database holds, as result bytes (the
    encoding ``Master.exchange`` and ``Worker.prove`` use)."""

class Job:
    """A couple (land + nim heap) a worker took from a Master; it counts as
    taken while this object lives."""

    @property
    def land(self) -> bytes:
        """The land's key bytes."""
    @property
    def heap(self) -> int:
        """The nim heap."""
    @property
    def withdrawn(self) -> bool:
        """Whether the search no longer wants it."""

class Master:
    """The search of a normal-play position with workers in other processes
    (``sprouts.ray``), started on a thread of its own over the database
    ``db`` (or in memory)."""

    def __init__(
        self,
        target: Union[Position, Game, str],
        workers: int,
        db: Union[str, "os.PathLike[str]", None] = None,
    ) -> None: ...
    @property
    def done(self) -> bool:
        """Whether the search is done (or was cancelled)."""
    @property
    def searched(self) -> int:
        """Positions the search expanded so far."""
    @property
    def received(self) -> int:
        """Results received from the workers so far."""
    @property
    def posted(self) -> int:
        """Couples posted now."""
    def take_job(self) -> Optional[Job]:
        """The shallowest posted couple the fewest workers took, or None."""
    def exchange(self, worker: int, results: bytes) -> bytes:
        """Hands the master what worker ``worker`` proved; returns what the
        search and the other workers proved since its last exchange."""
    def cancel(self) -> None:
        """Stops the search; ``close`` then returns None."""
    def close(self) -> Optional[Tuple[bool, int, int]]:
        """Stores the results received, flushes the database and returns
        (win, nimber, searched), or None for a cancelled search."""

class Worker:
    """A prover for a Master's jobs: a solver with its own tables."""

    def __init__(self, table_bytes: int = 256 << 20) -> None: ...
    def prove(
        self, land: bytes, heap: int, news: bytes, seconds: float
    ) -> Tuple[Optional[bool], bytes, int]:
        """Learns ``news``, then works on ``land`` + ``heap`` for at most
        about ``seconds``: (outcome or None, result bytes, positions
        expanded so far)."""
    def run_job(self, job: bytes) -> bytes:
        """Runs a TreeMaster's job (bytes of ``TreeMaster.take_job``) for
        at most its budget of positions: the answer, as bytes for
        ``TreeMaster.complete``."""

class TreeMaster:
    """The search of a normal-play position on a master tree of jobs
    (docs/ray.md#scaling), over the database ``db`` or in memory; each job
    is at most ``job`` positions."""

    def __init__(
        self,
        target: Union[Position, Game, str],
        workers: int,
        db: Optional[Union[str, "os.PathLike[str]"]] = None,
        job: int = 20000,
    ) -> None: ...
    @property
    def done(self) -> bool:
        """Whether the search is done (or was cancelled)."""
    def counts(self) -> Dict[str, int]:
        """``received``, ``jobs``, ``nodes``, ``searched``,
        ``workers_searched`` and ``in_flight`` so far."""
    def take_job(self, worker: int) -> Optional[bytes]:
        """A job for worker ``worker`` (bytes for ``Worker.run_job``), or
        None when every leaf is held or the search is done."""
    def complete(self, worker: int, answer: bytes) -> Tuple[int, int]:
        """Takes back the worker's answer to the job it holds: (results
        it held, positions the worker expanded in all)."""
    def abandon(self, worker: int) -> None:
        """The worker died: its job goes to the next."""
    def cancel(self) -> None:
        """Stops the search; proved results are kept."""
    def close(self) -> Optional[Tuple[bool, int, int]]:
        """(win, nimber, searched), or None if cancelled before the
        answer; flushes the database."""

def misere_stored(
    db: Union[str, "os.PathLike[str]"], target: Union[Position, Game, str]
) -> Optional[bool]:
    """The misère outcome the database holds for a position (True: the
    player to move wins), as ``sprouts.ray`` stores a worker's answer, or
    None (also for a file that does not exist)."""

def misere_store(
    db: Union[str, "os.PathLike[str]"], target: Union[Position, Game, str], win: bool
) -> None:
    """Stores a proved misère outcome of a position in the database
    (created if missing)."""

class MisereWorker:
    """A prover of misère positions (a Ray actor's): a solver with its own
    tables, kept from one job to the next."""

    def __init__(self) -> None: ...
    def prove(
        self, target: Union[Position, Game, str], seconds: Optional[float] = None
    ) -> Tuple[Optional[bool], int]:
        """Whether the player to move wins the misère position (a text is
        read in misère play): (win, or None if not proved within
        ``seconds``; positions searched so far)."""
