"""``counter-rules serve``: a table in the browser (the extra ``web``)."""

from __future__ import annotations

import argparse
import math
import os
import socket
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

from counter_rules.argument_checks import shown
from counter_rules.bots import bot_from_name
from counter_rules.cli._arguments import UsageError, seed_number, whole_number
from counter_rules.cli._bot_args import bots_help
from counter_rules.cli._failures import CommandError
from counter_rules.cli._output import Streams
from counter_rules.cli._ruleset_args import add_ruleset_arguments, rules_from_args
from counter_rules.errors import CounterRulesError
from counter_rules.input_limits import JSON_LIMIT, read_bounded

__all__ = ["DESCRIPTION", "EXAMPLES", "SUMMARY", "add_arguments", "run"]

SUMMARY = "play in the browser: a game server with a table page"
DESCRIPTION = (
    "Serve a table in the browser. The first table is opened with the ruleset and\n"
    "options given; its link for seat 0 and the links that invite the other seats\n"
    "are printed. Bots play every seat nobody has taken. More tables can be opened\n"
    "from the lobby at the server's address. Needs the extra web:\n"
    "pip install 'counter-rules[web]'."
)
EXAMPLES = (
    "counter-rules serve",
    "counter-rules serve --rules up-and-down --players 5 --port 8080",
    "counter-rules serve --save-dir games --resume games/1a2b3c4d.json",
    "counter-rules serve --allow-origin https://cards.example.org",
)
_LONGEST = 10**7  # seconds: about four months


def _seconds(name: str) -> Callable[[str], float]:
    """An argparse ``type`` for a finite number of seconds from 0."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not 0 <= value <= _LONGEST:
            raise argparse.ArgumentTypeError(
                f"{name} must be a number of seconds from 0 to {_LONGEST:,}, got {shown(text, 40)}"
            )
        return value

    return parse


def _workers() -> int:
    """Bot workers by default: one core is left to the server itself."""
    return max(1, min(4, (os.cpu_count() or 2) - 1))


# Alike on purpose: the options are declared one call each.
def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``serve``."""
    parser.add_argument("--host", default="127.0.0.1", help="the address (default 127.0.0.1)")
    parser.add_argument(
        "--port", type=whole_number("--port", 0, 65535), default=8000, metavar="P",
        help="the port (default 8000; 0: any free port, printed)",
    )  # fmt: skip
    add_ruleset_arguments(parser)
    parser.add_argument(
        "--seed", type=seed_number("--seed"), default=None, metavar="N",
        help="the seed of the first table's game: the same seed deals the same cards "
        "again (default: a fresh one; --resume takes the saved game's)",
    )  # fmt: skip
    parser.add_argument(
        "--bot", default="heuristic", metavar="NAME",
        help="the bot of the seats nobody plays, " + bots_help("heuristic"),
    )  # fmt: skip
    parser.add_argument(
        "--bot-delay", type=_seconds("--bot-delay"), default=0.6, metavar="SECONDS",
        help="how long a bot waits before its move (default 0.6)",
    )  # fmt: skip
    parser.add_argument(
        "--bot-seconds", type=_seconds("--bot-seconds"), default=10.0, metavar="SECONDS",
        help="the most a bot may think about one move; past it, it plays a random legal "
        "move (default 10)",
    )  # fmt: skip
    parser.add_argument(
        "--bot-workers", type=whole_number("--bot-workers", 0, 64), default=_workers(),
        metavar="N",
        help="worker processes where bots think, off the server's own (0: a thread of the "
        f"server; default {_workers()}, one core less than the machine's, at most 4)",
    )  # fmt: skip
    parser.add_argument(
        "--takeover", type=_seconds("--takeover"), default=30.0, metavar="SECONDS",
        help="how long a person may be gone before a bot plays their seat (default 30)",
    )  # fmt: skip
    parser.add_argument(
        "--max-tables", type=whole_number("--max-tables", 1, 100_000), default=100, metavar="N",
        help="the most tables open at once (default 100; a table nobody has watched for "
        "30 minutes is closed)",
    )  # fmt: skip
    parser.add_argument(
        "--allow-origin", action="append", default=[], metavar="URL",
        help="an address browsers reach the server by besides its own, such as the public "
        "address of a reverse proxy in front of it (repeatable); pages of other sites "
        "cannot open tables or sockets",
    )  # fmt: skip
    parser.add_argument(
        "--save-dir", type=Path, default=None, metavar="DIR",
        help="write each table's record to DIR after every move",
    )  # fmt: skip
    parser.add_argument(
        "--resume", type=Path, default=None, metavar="FILE",
        help="open the first table with the game of a saved record instead of a new one",
    )  # fmt: skip


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Start the server; it runs until interrupted (Ctrl-C)."""
    command = "counter-rules serve"
    try:
        import uvicorn

        from counter_rules.web.app import LOOPBACK_HOSTS, create_app
        from counter_rules.web.tables import Tables
    except ModuleNotFoundError as exc:
        raise UsageError(
            f"serve needs the extra web ({exc.name} is not installed): "
            "pip install 'counter-rules[web]'",
            command,
        ) from None
    try:
        bot_from_name(args.bot)
    except CounterRulesError as exc:
        raise UsageError(f"--bot: {exc}", command) from None
    origins = tuple(args.allow_origin)
    for origin in origins:
        if not origin.startswith(("http://", "https://")) or not urlsplit(origin).hostname:
            raise UsageError(
                f"--allow-origin must be an address such as https://cards.example.org, "
                f"got {shown(origin, 60)}",
                command,
            )
    if args.save_dir is not None:
        try:
            args.save_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(
                f"--save-dir {shown(str(args.save_dir), 200)} cannot be a folder of records: "
                f"{exc.strerror or exc}",
                command,
            ) from None
    tables = Tables(
        bot=args.bot,
        takeover_after=args.takeover,
        save_dir=args.save_dir,
        max_tables=args.max_tables,
    )
    if args.resume is not None:
        text = _record(args.resume, command)
        try:
            table = tables.resume(text)
        except CounterRulesError as exc:
            raise UsageError(
                f"--resume {args.resume} is not a game record: {exc}", command
            ) from None
    else:
        _, rules = rules_from_args(args)
        table = tables.open(rules, args.seed)
    # The port is taken before a link is printed: a busy one prints none.
    try:
        listening = socket.create_server(
            (args.host, args.port), family=_family(args.host), reuse_port=False
        )
    except OSError as exc:
        raise CommandError(
            f"cannot serve at {args.host} port {args.port}: {exc.strerror or exc}"
        ) from None
    host = f"[{args.host}]" if ":" in args.host else args.host
    base = f"http://{host}:{listening.getsockname()[1]}"
    streams.out.write(f"counter-rules serve: {base}/\n")
    streams.out.write(f"your seat (0): {base}{table.link(0)}\n")
    for seat in range(1, table.players):
        streams.out.write(f"invite seat {seat}: {base}{table.link(seat)}\n")
    streams.out.write(f"watch: {base}/t/{table.table_id}\n")
    streams.out.flush()
    loopback = args.host in LOOPBACK_HOSTS
    app = create_app(
        tables,
        bot_delay=args.bot_delay,
        bot_seconds=args.bot_seconds,
        bot_workers=args.bot_workers,
        allowed_hosts=(*LOOPBACK_HOSTS, *(urlsplit(o).hostname or "" for o in origins))
        if loopback
        else None,
        allowed_origins=origins,
    )
    config = uvicorn.Config(
        app,
        log_level="warning",
        ws_max_size=1 << 16,
        timeout_graceful_shutdown=2,
    )
    with listening:
        uvicorn.Server(config).run(sockets=[listening])
    return 0


def _family(host: str) -> socket.AddressFamily:
    return socket.AF_INET6 if ":" in host else socket.AF_INET


def _record(path: Path, command: str) -> str:
    """The text of the record ``--resume`` names, read no further than the
    longest record."""
    try:
        with open(path, "rb") as file:
            data = read_bounded(file, JSON_LIMIT, "record")
        return data.decode("utf-8")
    except OSError as exc:
        raise UsageError(f"--resume: cannot read {path}: {exc.strerror or exc}", command) from None
    except UnicodeDecodeError as exc:
        raise UsageError(
            f"--resume {path} is not a game record: not UTF-8 ({exc.reason})", command
        ) from None
    except CounterRulesError as exc:
        raise UsageError(f"--resume {path} is not a game record: {exc}", command) from None
