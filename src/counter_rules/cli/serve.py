"""``counter-rules serve``: a table in the browser (the extra ``web``)."""

from __future__ import annotations

import argparse
from pathlib import Path

from counter_rules.bots import bot_from_name
from counter_rules.cli._common import (
    Streams,
    UsageError,
    add_ruleset_arguments,
    bots_help,
    rules_from_args,
    seed_number,
    whole_number,
)
from counter_rules.errors import CounterRulesError

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
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``serve``."""
    parser.add_argument("--host", default="127.0.0.1", help="the address (default 127.0.0.1)")
    parser.add_argument(
        "--port", type=whole_number("--port", 1, 65535), default=8000, metavar="P",
        help="the port (default 8000)",
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
        "--bot-delay", type=float, default=0.6, metavar="SECONDS",
        help="how long a bot waits before its move (default 0.6)",
    )  # fmt: skip
    parser.add_argument(
        "--takeover", type=float, default=30.0, metavar="SECONDS",
        help="how long a person may be gone before a bot plays their seat (default 30)",
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

        from counter_rules.web.app import create_app
        from counter_rules.web.tables import Tables
    except ModuleNotFoundError as exc:
        raise UsageError(
            f"serve needs the extra web ({exc.name} is not installed): "
            "pip install 'counter-rules[web]'",
            command,
        ) from None
    if args.bot_delay < 0 or args.takeover < 0:
        raise UsageError("--bot-delay and --takeover must be 0 or more seconds", command)
    try:
        bot_from_name(args.bot)
    except CounterRulesError as exc:
        raise UsageError(f"--bot: {exc}", command) from None
    if args.save_dir is not None:
        args.save_dir.mkdir(parents=True, exist_ok=True)
    tables = Tables(bot=args.bot, takeover_after=args.takeover, save_dir=args.save_dir)
    if args.resume is not None:
        try:
            text = args.resume.read_text(encoding="utf-8")
        except OSError as exc:
            raise UsageError(
                f"--resume: cannot read {args.resume}: {exc.strerror}", command
            ) from None
        table = tables.resume(text)
    else:
        _, rules = rules_from_args(args)
        table = tables.open(rules, args.seed)
    base = f"http://{args.host}:{args.port}"
    streams.out.write(f"counter-rules serve: {base}/\n")
    streams.out.write(f"your seat (0): {base}{table.link(0)}\n")
    for seat in range(1, table.players):
        streams.out.write(f"invite seat {seat}: {base}{table.link(seat)}\n")
    streams.out.write(f"watch: {base}/t/{table.table_id}\n")
    streams.out.flush()
    app = create_app(tables, bot_delay=args.bot_delay)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws_max_size=1 << 16)
    return 0
