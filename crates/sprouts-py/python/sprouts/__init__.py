"""The game of Sprouts: games and positions in every notation the
``sprouts`` command reads, legal moves, canonical forms, drawings, and an
exact solver (normal and misère play).

>>> import sprouts
>>> game = sprouts.Game.parse("3+ 1(4)2 1(5)3 1(6)2 2(7@3)6")
>>> sprouts.solve(game).outcome
'win'

The entry points are :meth:`Game.parse`, :meth:`Position.parse`,
:meth:`Position.start`, :func:`solve` and :func:`each_move`; every exception the package
raises is a :class:`sprouts.Error`. See docs/python.md.
"""

from ._errors import (
    ArgumentError,
    DatabaseError,
    DrawError,
    Error,
    InternalError,
    MoveError,
    NotationError,
    SolveError,
    Timeout,
)
from ._sprouts import (
    NO_LIVE_REGION,
    EachMove,
    Game,
    MoveResult,
    Position,
    Solution,
    __version__,
    default_db_path,
    each_move,
    solve,
)

__all__ = [
    "NO_LIVE_REGION",
    "ArgumentError",
    "DatabaseError",
    "DrawError",
    "EachMove",
    "Error",
    "Game",
    "InternalError",
    "MoveError",
    "MoveResult",
    "NotationError",
    "Position",
    "Solution",
    "SolveError",
    "Timeout",
    "__version__",
    "default_db_path",
    "each_move",
    "solve",
]
