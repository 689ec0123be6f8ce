"""Progress of long work on standard error, the same for every command that
can run long (``analyse``, ``simulate``, the advice of ``play``).

On a terminal a bar is redrawn in place from the first unit of work; in a log
or a pipe a line is written at the first unit, then at most every few
seconds, and at the last. Each shows the time spent and, once a unit is done,
the time left at that pace. A note that the work is long goes first when the
command knows it at the start, or once the pace shows it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

__all__ = ["Progress", "duration"]

BAR_WIDTH = 30
"""The characters of the bar between its brackets."""


def duration(seconds: float) -> str:
    """A time as a person reads it: ``4 s``, ``2 min 5 s``, ``1 h 3 min``.

    Example:
        >>> from counter_rules.cli._progress import duration
        >>> duration(4.2), duration(125), duration(3790)
        ('4 s', '2 min 5 s', '1 h 3 min')
    """
    whole = max(0, round(seconds))
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60} s"
    return f"{whole // 3600} h {whole % 3600 // 60} min"


class Progress:
    """Reports ``done`` of ``total`` units of work (``"games"``,
    ``"decisions"``) to ``err``; called as ``progress(done, total)``, the
    form the library's ``progress=`` callbacks take.

    Args:
        err: Where it writes (standard error).
        unit: What is counted, in the plural.
        mode: ``"bar"`` (redrawn in place), ``"lines"`` (a line at most every
            ``every`` seconds), ``"off"``, or ``None``: a bar when ``err`` is a
            terminal, else lines.
        every: The fewest seconds between two lines.
        long_after: The estimated total, in seconds, from which the work is
            called long: :meth:`__call__` then writes once how long it will
            take at this pace, and ``advice`` (what to do about it).
        advice: Said after that estimate (``"--games N plays fewer"``).
        budget: The most seconds the work may take (it stops then), which
            caps the estimates; ``None``: no limit.
        clock: The time in seconds (a test gives its own).

    Example:
        >>> import io
        >>> from counter_rules.cli._progress import Progress
        >>> now = [0.0]
        >>> err = io.StringIO()
        >>> progress = Progress(err, "games", mode="lines", clock=lambda: now[0])
        >>> for done in range(5):
        ...     now[0] = 3.0 * done
        ...     progress(done, 4)
        >>> print(err.getvalue(), end="")
        0/4 games, 0 s
        2/4 games, 6 s, about 6 s left
        4/4 games, 12 s
    """

    def __init__(
        self,
        err: TextIO,
        unit: str,
        *,
        mode: str | None = None,
        every: float = 5.0,
        long_after: float = 60.0,
        advice: str = "",
        budget: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if mode is None:
            isatty = getattr(err, "isatty", None)
            mode = "bar" if isatty and isatty() else "lines"
        # Alike on purpose: a field an argument, as any such __init__ reads.
        self.err = err
        self.unit = unit
        self.mode = mode
        self.every = every
        self.long_after = long_after
        self.advice = advice
        self.budget = budget
        self.clock = clock
        self.started = clock()
        self.last: float | None = None
        self.first: int | None = None  # the units done at the first call (a resumed run's)
        self.drawn = 0  # the length of the bar's line on the screen, 0 when none
        self.warned = False

    @property
    def quiet(self) -> bool:
        """Whether nothing is written."""
        return self.mode == "off"

    def note(self, text: str) -> None:
        """Write a line of its own (a bar's line is ended first)."""
        if self.quiet:
            return
        self.end()
        self.err.write(text + "\n")
        self.err.flush()

    def __call__(self, done: int, total: int) -> None:
        if self.quiet:
            return
        now = self.clock()
        spent = now - self.started
        if self.first is None:
            self.first = done
        here = done - self.first  # the units done at this pace
        left = spent / here * (total - done) if here > 0 and done < total else None
        if left is not None and self.budget is not None:
            left = max(0.0, min(left, self.budget - spent))
        if left is not None and not self.warned and spent + left >= self.long_after:
            self.warned = True
            self.note(
                f"at this pace the {total:,} {self.unit} take about {duration(spent + left)}"
                + (f"; {self.advice}" if self.advice else "")
            )
        text = f"{done:,}/{total:,} {self.unit}, {duration(spent)}"
        if left is not None:
            text += f", about {duration(left)} left"
        if self.mode == "bar":
            filled = round(BAR_WIDTH * done / total) if total else BAR_WIDTH
            line = f"[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {text}"
            self.err.write("\r" + line.ljust(self.drawn))
            self.drawn = len(line)
            if done >= total:
                self.end()
        elif self.last is None or done >= total or now - self.last >= self.every:
            self.err.write(text + "\n")
            self.last = now
        self.err.flush()

    def end(self) -> None:
        """End the bar's line, if one is drawn (after the last unit, or when
        the work stops early)."""
        if self.drawn:
            self.err.write("\n")
            self.err.flush()
            self.drawn = 0
