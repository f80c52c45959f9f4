"""The exceptions the package raises, all under :class:`Error`, so that
``except sprouts.Error`` catches every failure of the package. Each is
also the built-in exception it used to be (``NotationError`` is a
``ValueError``, ``DatabaseError`` an ``OSError``, ...), so older
``except ValueError`` code keeps working. Each says it is ``sprouts.X``
(its ``__module__``), where the package exports it. Python's own protocol errors
(``TypeError`` for an argument of the wrong type, ``IndexError`` past the
end of a game, ``KeyboardInterrupt``) stay as they are."""

__all__ = [
    "ArgumentError",
    "DatabaseError",
    "DrawError",
    "Error",
    "InternalError",
    "MoveError",
    "NotationError",
    "SolveError",
    "Timeout",
]


class Error(Exception):
    """The base of every exception the sprouts package raises."""

    __module__ = "sprouts"


class NotationError(Error, ValueError):
    """A text that is no game or position: empty, several games, or not
    following its notation (the message says where and what was expected)."""

    __module__ = "sprouts"


class MoveError(Error, ValueError):
    """A move that cannot be played: ``number`` (from 1 in a game; None for
    a lone move), ``text`` (as written) and ``reason`` (why: a syntax error,
    an illegal move, or an ambiguous one with its candidates)."""

    __module__ = "sprouts"

    number: "int | None"
    text: str
    reason: str


class DrawError(Error, ValueError):
    """A position that cannot be drawn (an abbreviated position, or too many
    spots)."""

    __module__ = "sprouts"


class SolveError(Error, ValueError):
    """A position the solver cannot take (too many lives)."""

    __module__ = "sprouts"


class ArgumentError(Error, ValueError):
    """An argument a function cannot take: an unknown notation name,
    ``misere=True`` against a text that says normal play, a timeout that is
    no number of seconds, a position off the plane where a method needs one
    on it."""

    __module__ = "sprouts"


class DatabaseError(Error, OSError):
    """The database file cannot be opened, read or written."""

    __module__ = "sprouts"


class Timeout(Error, TimeoutError):
    """``solve()`` gave up at its timeout: nothing was proved about the
    position (attributes ``timeout``, the seconds given, and ``searched``)."""

    __module__ = "sprouts"

    timeout: float
    searched: int


class InternalError(Error, RuntimeError):
    """Not the input's fault: a thread that cannot start, a ``Master`` used
    after ``close()``, or a bug in the package (please report it)."""

    __module__ = "sprouts"
