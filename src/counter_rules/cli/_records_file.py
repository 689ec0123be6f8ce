"""``simulate --records FILE`` and ``--resume FILE``: records saved as games
finish, and read back to continue an interrupted match.

Every game's record is written to ``FILE.partial`` the moment the game ends,
one line each, in one write: a run that is killed keeps every finished game as
a whole line. When the match is over, the records go in game order to a
temporary file in the same directory, which replaces ``FILE`` at once
(:func:`os.replace`): an existing ``FILE`` is replaced only by a complete one,
and ``FILE.partial`` is removed. A run that stops early leaves
``FILE.partial``, which ``--resume`` continues.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable, Sequence
from typing import BinaryIO

import attrs

from counter_rules.argument_checks import shorten
from counter_rules.cli._arguments import UsageError
from counter_rules.cli._failures import CommandError
from counter_rules.errors import CounterRulesError
from counter_rules.input_limits import JSON_LIMIT, read_lines
from counter_rules.records import GameRecord

__all__ = ["PARTIAL", "RecordsFile", "Resumed", "read_resumed", "write_whole"]

PARTIAL = ".partial"
"""The suffix of the file that holds the records of a match being played."""

_COMMAND = "counter-rules simulate"


@attrs.frozen
class Resumed:
    """The finished games of a records file (``--resume``)."""

    path: str
    """The file, as given."""
    records: tuple[GameRecord, ...]
    """Its games, in the file's order."""
    lines: tuple[bytes, ...]
    """Each game's line, as written (with its end of line)."""
    numbers: tuple[int, ...]
    """Each game's line number in the file, from 1."""
    offsets: tuple[int, ...]
    """Where each game's line starts in the file, in bytes."""
    whole: int
    """The length in bytes of the file's whole lines (a last line cut short
    by a killed run is not one)."""


def read_resumed(path: str) -> Resumed:
    """The games of a file written by ``--records`` (finished or not).

    Raises:
        UsageError: The file cannot be read, or a line is not a game record
            or does not name the bots that played it (no match could tell
            whose results it holds).
    """
    records: list[GameRecord] = []
    lines: list[bytes] = []
    numbers: list[int] = []
    offsets: list[int] = []
    whole = 0
    try:
        with open(path, "rb") as file:
            for number, line in enumerate(read_lines(file, JSON_LIMIT, "records file"), start=1):
                if not line.endswith(b"\n"):
                    break  # the last line, cut short: its game is played again
                start = whole
                whole += len(line)
                if not line.strip():
                    continue
                try:
                    record = GameRecord.from_json(line)
                except CounterRulesError as exc:
                    raise UsageError(
                        f"--resume {path!r:.200} line {number} is not a game record: "
                        f"{shorten(str(exc))}",
                        _COMMAND,
                    ) from None
                if record.bots is None:
                    raise UsageError(
                        f"--resume {path!r:.200} line {number} does not say which bots "
                        "played it, so its results cannot be credited to this match's bots "
                        "(play the match again without --resume)",
                        _COMMAND,
                    )
                records.append(record)
                lines.append(line)
                numbers.append(number)
                offsets.append(start)
    except OSError as exc:
        raise UsageError(
            f"--resume cannot read {path!r:.200}: {exc.strerror or exc}", _COMMAND
        ) from None
    except CounterRulesError as exc:  # a line too long to be a record
        raise UsageError(f"--resume {path!r:.200}: {exc}", _COMMAND) from None
    return Resumed(path, tuple(records), tuple(lines), tuple(numbers), tuple(offsets), whole)


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _write_all(file: BinaryIO, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = file.write(view)
        view = view[written or 0 :]


def write_whole(path: str, write: Callable[[BinaryIO], None]) -> None:
    """Write the file ``path`` with ``write`` through a temporary file in the
    same folder, which replaces ``path`` at once (:func:`os.replace`) when
    it is written whole: a file that was there is replaced only by a
    complete one, and keeps its mode (a new one gets the umask's).

    Raises:
        OSError: The file cannot be written; the temporary file is removed.
    """
    folder = os.path.dirname(os.path.abspath(path))
    temporary = None
    try:
        handle, temporary = tempfile.mkstemp(
            dir=folder, prefix=f".{os.path.basename(path)}.", suffix=".tmp"
        )
        with contextlib.suppress(OSError):  # the mode a new file gets, or the old one's
            os.chmod(temporary, _mode(path))
        with os.fdopen(handle, "wb") as out:
            write(out)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
        temporary = None
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.remove(temporary)


def _mode(path: str) -> int:
    try:
        return os.stat(path).st_mode & 0o777
    except OSError:
        umask = os.umask(0o022)
        os.umask(umask)
        return 0o666 & ~umask


class RecordsFile:
    """The records of one run of ``simulate --records FILE``.

    Raises:
        UsageError: ``FILE`` is not a regular file, or ``FILE.partial`` holds
            an interrupted run that this one does not continue, or cannot be
            written.
    """

    def __init__(self, path: str, resumed: Resumed | None) -> None:
        self.path = path
        self.partial = path + PARTIAL
        self.games = 0
        # Where each game's line is in the partial file, by the game's seed.
        self._lines: dict[int, tuple[int, int]] = {}
        if os.path.exists(path) and not os.path.isfile(path):
            raise UsageError(
                f"--records must name a regular file (the records are written to "
                f"{self.partial!r:.200} and renamed), got {path!r:.200}",
                _COMMAND,
            )
        continuing = resumed is not None and _same_file(resumed.path, self.partial)
        self._created = not continuing
        if os.path.exists(self.partial) and not continuing:
            raise UsageError(
                f"{self.partial!r:.200} holds the records of an interrupted run: continue it "
                f"with --resume {self.partial:.200}, or delete it first",
                _COMMAND,
            )
        try:
            if continuing:
                assert resumed is not None
                self._file: BinaryIO = open(self.partial, "r+b")  # noqa: SIM115
                self._file.truncate(resumed.whole)  # a last line cut short
                self._file.seek(0, os.SEEK_END)
            else:
                self._file = open(self.partial, "w+b")  # noqa: SIM115
        except OSError as exc:
            raise UsageError(
                f"--records cannot write {self.partial!r:.200}: {exc.strerror or exc}", _COMMAND
            ) from None
        if resumed is not None:
            for record, line, start in zip(
                resumed.records, resumed.lines, resumed.offsets, strict=True
            ):
                if continuing:  # the line stays where it is
                    self._lines[record.seed] = (start, len(line))
                    self.games += 1
                else:
                    self._add(record.seed, line)

    def _add(self, seed: int, line: bytes) -> None:
        start = self._file.seek(0, os.SEEK_END)
        try:
            _write_all(self._file, line)
            self._file.flush()
        except OSError as exc:
            raise CommandError(
                f"cannot write --records {self.partial!r:.200}: {exc.strerror or exc}"
            ) from None
        self._lines[seed] = (start, len(line))
        self.games += 1

    def add(self, seed: int, record: GameRecord) -> None:
        """Save one finished game, at once."""
        self._add(seed, (record.to_json() + "\n").encode("utf-8"))

    def finish(self, seeds: Sequence[int]) -> None:
        """Write the games of ``seeds``, in that order, to ``FILE`` at once,
        and remove ``FILE.partial``.

        Raises:
            CommandError: ``FILE`` cannot be written; ``FILE.partial`` is kept.
        """

        def write(out: BinaryIO) -> None:
            for seed in seeds:
                start, length = self._lines[seed]
                self._file.seek(start)
                _write_all(out, self._file.read(length))

        try:
            write_whole(self.path, write)
        except OSError as exc:
            raise CommandError(
                f"cannot write --records {self.path!r:.200}: {exc.strerror or exc}; "
                f"{self.kept() or 'no game was finished'}"
            ) from None
        self._file.close()
        with contextlib.suppress(OSError):
            os.remove(self.partial)

    def abandon(self) -> None:
        """Stop before any game was played: leave the files as they were."""
        with contextlib.suppress(OSError):
            self._file.close()
            if self._created:
                os.remove(self.partial)

    def kept(self) -> str | None:
        """What an interrupted run keeps, and how to continue it (``None``
        when no game was finished: nothing is kept)."""
        with contextlib.suppress(OSError):
            self._file.close()
        if not self.games:
            with contextlib.suppress(OSError):
                os.remove(self.partial)
            return None
        games = "1 finished game is" if self.games == 1 else f"{self.games} finished games are"
        return f"{games} kept in {self.partial}: continue with --resume {self.partial}"
