"""Where a command writes (:class:`Streams`), and its output guarded:
a write that fails is an :class:`OutputError`, a reader that went away ends
the command quietly."""

from __future__ import annotations

import contextlib
import errno
import io
import os
import sys
from typing import TextIO, cast

import attrs

__all__ = ["OutputError", "Streams", "guarded_output", "quiet_stdout"]


@attrs.frozen
class Streams:
    """Where a command writes and reads."""

    out: TextIO
    """Standard output."""
    inp: TextIO
    """Where ``play`` reads the player's answers."""
    err: TextIO
    """Errors and progress."""
    color: bool
    """Whether the output may hold ANSI colours."""


def quiet_stdout() -> None:
    """Send what standard output still holds nowhere (its reader went away,
    or it cannot be written), so that the interpreter's last flush raises
    nothing either."""
    if sys.stdout is None:  # started without one
        return
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


class OutputError(OSError):
    """The command's output cannot be written (a full disk, a closed device)."""


class _Output(io.TextIOBase):
    """The command's output: every write error but a closed pipe (the reader
    went away, which ends the command quietly) becomes an :class:`OutputError`."""

    def __init__(self, stream: TextIO | None) -> None:
        super().__init__()
        self._stream = stream

    def _target(self) -> TextIO:
        if self._stream is None:  # started without one (``>&-``)
            raise OutputError(errno.EBADF, "standard output is closed")
        return self._stream

    def write(self, text: str) -> int:
        try:
            return self._target().write(text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(exc.errno, exc.strerror or str(exc)) from None

    def flush(self) -> None:
        if self._stream is None:  # nothing was written: the writes raised
            return
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(exc.errno, exc.strerror or str(exc)) from None

    def isatty(self) -> bool:
        return self._stream is not None and self._stream.isatty()


def guarded_output(stream: TextIO | None) -> TextIO:
    """``stream`` (``None``: a closed standard output) as a command writes
    to it: its write errors are :class:`OutputError` values."""
    return cast(TextIO, _Output(stream))
