"""The command line: ``counter-rules`` (also ``python -m counter_rules``).

One module per subcommand:

- :mod:`~counter_rules.cli.play`: a game in the terminal against bots.
- :mod:`~counter_rules.cli.simulate`: a match between bots, summarised.
- :mod:`~counter_rules.cli.show`: replay a saved or recorded game.
- :mod:`~counter_rules.cli.analyse`: judge every play of a saved or recorded
  game with every hand open.
- :mod:`~counter_rules.cli.rules`: a ruleset's rules as a player reads them,
  and its options.
- :mod:`~counter_rules.cli.demo`: watch random players play a game of Counter.
- :mod:`~counter_rules.cli.explain`: resolve one trick, every effect step by step.

:func:`main` takes its output and input streams as arguments, so a whole
interactive game can be driven from a test. Every bad argument ends the
command with one line on standard error and exit status 2; a failure while it
runs (an output it cannot write, a plugin's error) with one line and status 1;
Ctrl-C ends it at once with status 130, a closed pipe quietly.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Sequence
from typing import TextIO

from counter_rules.cli import analyse, demo, explain, play, rules, serve, show, simulate
from counter_rules.cli._arguments import Parser, UsageError, cli_message
from counter_rules.cli._colour import wants_color
from counter_rules.cli._failures import failure_line
from counter_rules.cli._output import Streams, guarded_output, quiet_stdout
from counter_rules.cli._ruleset_args import make_rules
from counter_rules.errors import CounterRulesError

__all__ = ["main", "make_rules"]

_COMMANDS = (play, serve, simulate, show, analyse, rules, explain, demo)


def _version() -> str:
    """The version and which build runs (:data:`counter_rules.COMPILED`)."""
    from counter_rules import COMPILED, __version__

    build = "the compiled engine" if COMPILED else "pure Python"
    return f"counter-rules {__version__} ({build})"


def _parser() -> Parser:
    parser = Parser(
        prog="counter-rules",
        description="Play, simulate and explain the trick-taking game Counter and the "
        "Oh Hell family.",
        epilog="example:\n  counter-rules play --rules up-and-down --players 5\n\n"
        "counter-rules help COMMAND (or COMMAND --help) describes each command.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("-V", "--version", action="version", version=_version())
    sub = parser.add_subparsers(
        dest="command", required=True, metavar="COMMAND", parser_class=Parser
    )
    for command in _COMMANDS:
        name = command.__name__.rpartition(".")[2]
        child = sub.add_parser(
            name,
            help=command.SUMMARY,
            description=command.DESCRIPTION,
            epilog="example:\n" + "\n".join(f"  {line}" for line in command.EXAMPLES),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        child.add_argument("-V", "--version", action="version", version=_version())
        child.set_defaults(run=command.run)
        command.add_arguments(child)
    return parser


def main(
    argv: Sequence[str] | None = None,
    out: TextIO | None = None,
    inp: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Run the command line; returns the exit status.

    Args:
        argv: The arguments (default: ``sys.argv[1:]``).
        out: Where to write (default: standard output).
        inp: Where ``play`` reads the player's answers (default: standard input).
        err: Where errors and progress go (default: standard error).

    Returns:
        0 on success, 1 for a game abandoned or a failure while running (an
        output that cannot be written, a plugin's error), 2 for a bad
        argument, 130 after Ctrl-C, 141 when the reader of the output went away.

    Example:
        >>> from counter_rules.cli import main
        >>> main(["explain", "4S", "4D", "3S", "QS", "--trump", "H"])  # doctest: +ELLIPSIS
        trick: P0:4♠  P1:4♦  P2:3♠  P3:Q♠   (trump ♥)
        ...
        winner: seat 2
        next leader: seat 2; next trump: ♥
        0
    """
    stdout = guarded_output(sys.stdout if out is None else out)
    errors = sys.stderr if err is None else err
    command = "counter-rules"
    words = list(sys.argv[1:] if argv is None else argv)
    if not words:
        words = ["--help"]  # a bare command shows what it can do
    elif words[0] == "help":
        words = [*words[1:2], "--help"]  # help [COMMAND]
    try:
        parser = _parser()
        with contextlib.redirect_stdout(stdout):  # --help and --version
            args, unknown = parser.parse_known_args(words)
        command = f"counter-rules {args.command}"
        if unknown:
            # Said by the subcommand, whose options they are not.
            raise UsageError(f"unrecognized arguments: {' '.join(unknown)}", command)
        color = wants_color(stdout, getattr(args, "no_color", False))
        streams = Streams(stdout, sys.stdin if inp is None else inp, errors, color)
        status: int = args.run(args, streams)
        stdout.flush()
        return status
    except SystemExit as done:  # --help, --version
        return done.code if isinstance(done.code, int) else 0
    except UsageError as exc:
        errors.write(f"{exc.command}: error: {exc} (see {exc.command} --help)\n")
        return 2
    except CounterRulesError as exc:
        errors.write(f"{command}: error: {cli_message(exc)} (see {command} --help)\n")
        return 2
    except KeyboardInterrupt:
        with contextlib.suppress(OSError, ValueError):
            errors.write("\n")
        return 130
    except BrokenPipeError:
        if out is None:
            quiet_stdout()
        return 141
    except Exception as exc:  # a failure while running: one line, or a library bug
        line = failure_line(exc, command)
        if line is None:
            raise
        with contextlib.suppress(OSError, ValueError):
            errors.write(line + "\n")
            errors.flush()
        if out is None:
            quiet_stdout()
        return 1
