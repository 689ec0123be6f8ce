"""The analysis of a whole game: :func:`analyse`, :class:`Analysis`, :class:`Decision`."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from functools import partial
from time import perf_counter
from typing import Any, Final

import attrs

from counter_rules.analysis._solving import (
    Outcome,
    Searches,
    can_make_after,
    outcome_positions,
    outcomes_after,
)
from counter_rules.analysis._worlds import job_count, run_apart, with_met_rules
from counter_rules.argument_checks import shown
from counter_rules.engine import legal_moves
from counter_rules.errors import InvalidArgumentError, InvalidNotationError, SearchLimitReached
from counter_rules.input_limits import FieldReader, read_json
from counter_rules.moves import Move, Pass
from counter_rules.notation import format_move, parse_move
from counter_rules.phase import Phase
from counter_rules.recording import record_of, replay
from counter_rules.records import GameRecord
from counter_rules.rules_json import load_rules, rules_to_dict
from counter_rules.rulesets.base import Ruleset
from counter_rules.runner import Task, time_left
from counter_rules.state import GameState

__all__ = ["Analysis", "AnalysisStopped", "Decision", "analyse"]

_IN_PLAY = (Phase.PLAYING, Phase.PASSING)
_LONGEST = 1e9  # seconds a decision may be given: past any run, and fits a float


@attrs.frozen(kw_only=True)
class Decision:
    """One play (or pass) of a game with more than one legal choice, judged
    with every hand open.

    Two questions judge it (see :doc:`analysis`). *Sure of*: values count the
    tricks not yet finished that the seat can be sure of alone, against all
    the other seats (:func:`~counter_rules.analysis.solve` with
    ``seats=(seat,)``), the trick the move completes included. *Every seat
    for itself*: the outcome of the hand after the move made and after the
    seat's best move when every seat plays for its own points
    (:func:`~counter_rules.analysis.outcome`, the seat asking).
    """

    hand: int
    """The hand the decision was made in (from 1)."""
    trick: int
    """The trick of the hand it was made in (from 1; a pass belongs to the
    trick that follows it)."""
    seat: int
    """Who decided."""
    move: Move
    """The card played (or passed)."""
    value: int
    """The tricks the seat could be sure of after the move made."""
    best: int
    """The most tricks the seat could be sure of with its best move."""
    best_moves: tuple[Move, ...]
    """The moves worth :attr:`best`."""
    bid: int | None
    """The seat's bid this hand (``None`` for a ruleset without bids)."""
    could_make_before: bool | None
    """Whether the seat could be sure of making its bid exactly before the move."""
    could_make_after: bool | None
    """Whether it still could after the move."""
    outcome: Outcome | None = None
    """How the hand ends after the move made when every seat plays for its own
    points, or ``None`` when that search did not finish in the time given or
    within its count of positions (:func:`analyse`)."""
    best_outcome: Outcome | None = None
    """How it ends after the seat's best move under that question (the move
    :func:`~counter_rules.analysis.outcome` picks for it), or ``None``."""
    outcome_best_moves: tuple[Move, ...] = ()
    """The moves that give the seat :attr:`best_outcome`'s points (none
    without an outcome)."""

    @property
    def lost(self) -> int:
        """The tricks the move gave away: :attr:`best` less :attr:`value`."""
        return self.best - self.value

    @property
    def points_lost(self) -> int:
        """The points the move cost the seat when every seat plays for its own
        points (0 without an outcome)."""
        if self.outcome is None or self.best_outcome is None:
            return 0
        return self.best_outcome.points[self.seat] - self.outcome.points[self.seat]

    @property
    def broke_bid(self) -> bool:
        """Whether the move made a makeable bid impossible to be sure of."""
        return bool(self.could_make_before) and self.could_make_after is False

    def to_dict(self) -> dict[str, Any]:
        """The decision as JSON data (moves in the notation of
        :func:`~counter_rules.format_move`, ASCII)."""
        return {
            "hand": self.hand,
            "trick": self.trick,
            "seat": self.seat,
            "move": format_move(self.move, ascii=True),
            "value": self.value,
            "best": self.best,
            "lost": self.lost,
            "best_moves": [format_move(m, ascii=True) for m in self.best_moves],
            "bid": self.bid,
            "could_make_before": self.could_make_before,
            "could_make_after": self.could_make_after,
            "outcome": _outcome_dict(self.outcome),
            "best_outcome": _outcome_dict(self.best_outcome),
            "outcome_best_moves": [format_move(m, ascii=True) for m in self.outcome_best_moves],
            "points_lost": self.points_lost,
        }


def _outcome_dict(outcome: Outcome | None) -> dict[str, list[int]] | None:
    """An outcome as JSON data."""
    if outcome is None:
        return None
    return {"tricks": list(outcome.tricks), "points": list(outcome.points)}


def _card_text(move: Move) -> str:
    """The card a move plays or passes, as the report names it (``Q♣``,
    ``4♠+4♥`` for a Four shown with another)."""
    if isinstance(move, Pass):
        return str(move.card)
    return format_move(move).partition(":")[2]


def _done_text(move: Move) -> str:
    """What the seat did: ``played Q♣``, ``passed 9♥``."""
    return f"{'passed' if isinstance(move, Pass) else 'played'} {_card_text(move)}"


def _best_text(moves: tuple[Move, ...]) -> str:
    """How the seat could have kept the most: ``with K♠ or Q♠``, ``by passing 9♥``."""
    cards = " or ".join(_card_text(m) for m in moves)
    return f"by passing {cards}" if isinstance(moves[0], Pass) else f"with {cards}"


@attrs.frozen(kw_only=True)
class Analysis:
    """What :func:`analyse` found: every decision of the play, in order.

    ``str()`` gives :meth:`report`; :meth:`to_json` the whole analysis.
    """

    rules: Ruleset
    """The ruleset of the game."""
    decisions: tuple[Decision, ...]
    """Every play and pass that had more than one legal choice, in order (but
    those in :attr:`unsolved`)."""
    unsolved: tuple[tuple[int, int, Move], ...] = ()
    """The decisions not solved in the time :func:`analyse` was given, as
    (hand, trick, move made), in the order of the game."""

    def lost_by_seat(self) -> tuple[int, ...]:
        """The tricks each seat gave away in all."""
        lost = [0] * self.rules.players
        for decision in self.decisions:
            lost[decision.seat] += decision.lost
        return tuple(lost)

    def points_lost_by_seat(self) -> tuple[int, ...]:
        """The points each seat's decisions cost it in all, with every seat
        for itself (:attr:`Decision.points_lost`)."""
        lost = [0] * self.rules.players
        for decision in self.decisions:
            lost[decision.seat] += decision.points_lost
        return tuple(lost)

    def broken_bids(self) -> tuple[Decision, ...]:
        """The decisions that made the deciding seat's bid impossible to be sure of."""
        return tuple(d for d in self.decisions if d.broke_bid)

    def report(self) -> str:
        """A report for a person: each decision that gave tricks away or lost a
        makeable bid, hand by hand, then the totals."""
        players = self.rules.players
        hands = sorted({d.hand for d in self.decisions})
        lines = [
            f"{self.rules.name}, {players} players: {len(self.decisions)} decisions in "
            f"{len(hands)} {'hand' if len(hands) == 1 else 'hands'} analysed with every hand open"
        ]
        for hand in hands:
            lines.append(f"Hand {hand}:")
            quiet = True
            for d in self.decisions:
                if d.hand != hand or not (d.lost or d.broke_bid or d.points_lost):
                    continue
                quiet = False
                notes = []
                if d.lost:
                    tricks = "trick" if d.lost == 1 else "tricks"
                    notes.append(
                        f"gave away {d.lost} {tricks} (could be sure of {d.best} "
                        f"{_best_text(d.best_moves)}, {d.value} after it)"
                    )
                if d.broke_bid:
                    notes.append(f"its bid of {d.bid} could no longer be made for sure")
                if d.points_lost and d.outcome is not None and d.best_outcome is not None:
                    best = d.best_outcome
                    notes.append(
                        f"cost {d.points_lost} {'point' if d.points_lost == 1 else 'points'} "
                        f"with every seat for itself ({best.points[d.seat]} "
                        f"{_best_text(d.outcome_best_moves)}, {d.outcome.points[d.seat]} after it)"
                    )
                lines.append(
                    f"  trick {d.trick}: seat {d.seat} {_done_text(d.move)}: {'; '.join(notes)}"
                )
            if quiet:
                lines.append(
                    "  every decision kept the most tricks, every makeable bid and the most "
                    "points with every seat for itself"
                )
        if self.unsolved:
            count = len(self.unsolved)
            places: dict[tuple[int, int], list[str]] = {}
            for h, t, m in self.unsolved:
                places.setdefault((h, t), []).append(f"seat {m.seat} {_done_text(m)}")
            lines.append(
                f"{count} {'decision was' if count == 1 else 'decisions were'} not solved "
                "in the time given:"
            )
            lines += [f"  hand {h} trick {t}: {', '.join(w)}" for (h, t), w in places.items()]
        lost = self.lost_by_seat()
        lines.append("Tricks given away: " + ", ".join(f"seat {s} {n}" for s, n in enumerate(lost)))
        points = self.points_lost_by_seat()
        lines.append(
            "Points lost with every seat for itself: "
            + ", ".join(f"seat {s} {n}" for s, n in enumerate(points))
        )
        broken = self.broken_bids()
        if broken:
            lines.append(
                "Bids lost by a decision: "
                + ", ".join(f"seat {d.seat} (hand {d.hand}, trick {d.trick})" for d in broken)
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.report()

    def to_dict(self) -> dict[str, Any]:
        """The analysis as JSON data."""
        return {
            "rules": rules_to_dict(self.rules),
            "decisions": [d.to_dict() for d in self.decisions],
            "lost_by_seat": list(self.lost_by_seat()),
            "points_lost_by_seat": list(self.points_lost_by_seat()),
            "unsolved": [
                {"hand": h, "trick": t, "seat": m.seat, "move": format_move(m, ascii=True)}
                for h, t, m in self.unsolved
            ],
        }

    def to_json(self, *, indent: int | None = None) -> str:
        """The analysis as JSON text: :meth:`from_json` reads it back, and
        :func:`analyse` takes it up again (``resume``)."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> Analysis:
        """Read an analysis written by :meth:`to_json`, checking every field.

        Raises:
            InvalidNotationError: The text is not such an analysis; the
                message names where the problem is.

        Example:
            >>> from counter_rules import OhHell, apply_move, legal_moves, new_game
            >>> from counter_rules.analysis import Analysis, analyse
            >>> state = new_game(OhHell(players=3, schedule=(3,)), seed=1)
            >>> while not state.is_over:
            ...     state = apply_move(state, legal_moves(state)[0])
            >>> analysis = analyse(state)
            >>> Analysis.from_json(analysis.to_json()) == analysis
            True
            >>> Analysis.from_json("[]")
            Traceback (most recent call last):
            ...
            counter_rules.errors.InvalidNotationError: analysis: expected an object, got []
        """
        return cls.from_dict(read_json(text, "analysis"))

    @classmethod
    def from_dict(cls, data: object) -> Analysis:
        """Check JSON data (as :meth:`to_dict` writes it) and build the
        analysis; see :meth:`from_json`."""
        fields = _READER.fields(data, "", _ANALYSIS_KEYS)
        rules = load_rules(fields["rules"], "rules", "analysis")
        players = rules.players
        analysis = cls(
            rules=rules,
            decisions=_READER.items(
                fields["decisions"], "decisions", partial(_read_decision, players=players)
            ),
            unsolved=_READER.items(
                fields["unsolved"], "unsolved", partial(_read_unsolved, players=players)
            ),
        )
        for name, totals in (
            ("lost_by_seat", analysis.lost_by_seat()),
            ("points_lost_by_seat", analysis.points_lost_by_seat()),
        ):
            if fields[name] != list(totals):
                raise _READER.bad(
                    name,
                    f"expected {list(totals)}, the decisions' sum, got {shown(fields[name], 40)}",
                )
        return analysis


class AnalysisStopped(KeyboardInterrupt):
    """Ctrl-C (:exc:`KeyboardInterrupt`) stopped :func:`analyse`: a
    :exc:`KeyboardInterrupt` like any other, which also carries what the
    analysis had judged, so that ``analyse(game, resume=stopped.analysis)``
    takes it up."""

    def __init__(self, analysis: Analysis) -> None:
        super().__init__(analysis)
        self.analysis = analysis
        """The decisions judged before the stop; the others are listed in
        :attr:`Analysis.unsolved`."""


# The fields of an analysis, a decision and an unsolved decision as to_dict
# writes them, and the largest number any of them holds.
_ANALYSIS_KEYS = ("rules", "decisions", "lost_by_seat", "points_lost_by_seat", "unsolved")
_DECISION_KEYS = (
    "hand", "trick", "seat", "move", "value", "best", "lost", "best_moves", "bid",
    "could_make_before", "could_make_after", "outcome", "best_outcome",
    "outcome_best_moves", "points_lost",
)  # fmt: skip
_UNSOLVED_KEYS = ("hand", "trick", "seat", "move")
_MOST = 1_000_000
_READER: Final = FieldReader("analysis")


def _read_move(data: object, where: str, players: int) -> Move:
    if not isinstance(data, str) or len(data) > 40:
        raise _READER.bad(where, f"expected a move such as 'P1:QS', got {shown(data, 40)}")
    try:
        move = parse_move(data)
    except InvalidNotationError as exc:
        raise _READER.bad(where, str(exc)) from None
    if move.seat >= players:
        raise _READER.bad(where, f"seat {move.seat} is not a seat of {players} players")
    return move


def _read_outcome(data: object, where: str, players: int) -> Outcome:
    fields = _READER.fields(data, where, ("tricks", "points"))
    return Outcome(
        tricks=_READER.items(
            fields["tricks"], f"{where}.tricks", partial(_READER.number, low=0, high=_MOST), players
        ),
        points=_READER.items(
            fields["points"],
            f"{where}.points",
            partial(_READER.number, low=-_MOST, high=_MOST),
            players,
        ),
    )


def _read_decision(data: object, where: str, players: int) -> Decision:
    r = _READER
    fields = r.fields(data, where, _DECISION_KEYS)
    move = partial(_read_move, players=players)
    outcome = r.maybe(partial(_read_outcome, players=players))
    flag = r.maybe(r.flag)
    decision = Decision(
        hand=r.number(fields["hand"], f"{where}.hand", 1, _MOST),
        trick=r.number(fields["trick"], f"{where}.trick", 1, _MOST),
        seat=r.number(fields["seat"], f"{where}.seat", 0, players - 1),
        move=move(fields["move"], f"{where}.move"),
        value=r.number(fields["value"], f"{where}.value", 0, _MOST),
        best=r.number(fields["best"], f"{where}.best", 0, _MOST),
        best_moves=r.items(fields["best_moves"], f"{where}.best_moves", move),
        bid=r.maybe(partial(r.number, low=0, high=_MOST))(fields["bid"], f"{where}.bid"),
        could_make_before=flag(fields["could_make_before"], f"{where}.could_make_before"),
        could_make_after=flag(fields["could_make_after"], f"{where}.could_make_after"),
        outcome=outcome(fields["outcome"], f"{where}.outcome"),
        best_outcome=outcome(fields["best_outcome"], f"{where}.best_outcome"),
        outcome_best_moves=r.items(
            fields["outcome_best_moves"], f"{where}.outcome_best_moves", move
        ),
    )
    if decision.move.seat != decision.seat:
        raise r.bad(
            f"{where}.move", f"the move is seat {decision.move.seat}'s, not seat {decision.seat}'s"
        )
    if not decision.best_moves:
        raise r.bad(f"{where}.best_moves", "expected at least one move")
    if decision.value > decision.best:
        raise r.bad(where, f"the value {decision.value} is above the best {decision.best}")
    for name, derived in (("lost", decision.lost), ("points_lost", decision.points_lost)):
        if fields[name] != derived:
            raise r.bad(f"{where}.{name}", f"expected {derived}, got {shown(fields[name], 40)}")
    return decision


def _read_unsolved(data: object, where: str, players: int) -> tuple[int, int, Move]:
    fields = _READER.fields(data, where, _UNSOLVED_KEYS)
    move = _read_move(fields["move"], f"{where}.move", players)
    if fields["seat"] != move.seat:
        raise _READER.bad(
            f"{where}.seat",
            f"expected {move.seat}, the move's seat, got {shown(fields['seat'], 40)}",
        )
    return (
        _READER.number(fields["hand"], f"{where}.hand", 1, _MOST),
        _READER.number(fields["trick"], f"{where}.trick", 1, _MOST),
        move,
    )


def _steps(game: object) -> Iterator[tuple[GameState, Move]]:
    if isinstance(game, GameState):
        record = record_of(game)
    elif isinstance(game, GameRecord):
        record = game
    else:
        raise InvalidArgumentError(
            f"analyse needs a GameRecord or a GameState, got {type(game).__name__}"
        )
    states = replay(record)
    yield from zip(states, record.moves, strict=False)


def _check_seconds(name: str, value: object) -> float | None:
    if value is not None and (
        isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value <= _LONGEST
    ):
        raise InvalidArgumentError(
            f"{name} must be a positive number up to {_LONGEST:.0e} or None, got {shown(value, 40)}"
        )
    return value


def analyse(
    game: GameRecord | GameState,
    *,
    seconds: float | None = None,
    budget: float | None = None,
    progress: Callable[[int, int], None] | None = None,
    jobs: int | None = 1,
    resume: Analysis | None = None,
) -> Analysis:
    """Judge every play decision of a game with every hand open.

    For each play (and each pass after Counter's Five) that had more than one
    legal choice: the move made, the tricks the seat could be sure of after
    it and with its best move (so the tricks it gave away), and whether its bid
    could still be made exactly before and after the move. Forced moves are
    left out. Each decision also gets the hand's outcome with every seat for
    itself, where that search settles it within 200,000 positions in the
    plain family (whose searches :func:`~counter_rules.analysis.fast_search`
    answers) and 20,000 elsewhere, where a position costs far more: late in a
    hand; early on it has too many to search.

    Args:
        game: A :class:`~counter_rules.GameRecord`, or a
            :class:`~counter_rules.GameState` (finished or running: the game
            up to it is analysed).
        seconds: The most time each decision may take; one that takes longer
            is left out and listed in :attr:`Analysis.unsolved`. ``None`` (the
            default) solves every decision however long it takes (from the
            first tricks of a Counter hand that can be very long: see
            :doc:`analysis`).
        budget: The most time the whole analysis may take. The decisions
            are then analysed from the cheapest (the fewest cards left in the
            seat's hand) to the dearest, so that the time goes to those it
            can solve; those not solved when it is spent are listed in
            :attr:`Analysis.unsolved`. ``None`` (the default): no limit, and
            the decisions are analysed in the order of the game.
        progress: Called with the decisions analysed so far and their number:
            once before the first (with 0, or the number ``resume`` holds)
            and after each one, so that a long analysis can show how far it
            is.
        jobs: How many decisions are judged at once, each in its own
            worker process (``None``: one per CPU; see
            :func:`~counter_rules.analysis.solve_worlds` for how the workers
            run). A decision goes to the worker that judged the seat's last
            decision of the hand where that one is free, as its searches
            serve the next. Without time limits the
            analysis is the same whatever the number of workers; with them,
            more workers judge more decisions in the time on a machine with
            the cores for them. 1 (the default) judges the decisions one
            after another in this process.
        resume: An earlier analysis of the same game (one stopped by its
            ``budget``, say, or read back with :meth:`Analysis.from_json`):
            its decisions are kept as they are, and only the others (those it
            lists as :attr:`~Analysis.unsolved`) are judged. An analysis can
            so be stopped and taken up again, with more time, as often as
            wanted.

    Raises:
        InvalidArgumentError: ``game`` is neither, ``seconds`` or ``budget``
            is not a positive number (up to 10**9) or ``None``, ``progress``
            is not callable or ``None``, or ``jobs`` is not a positive
            integer or ``None``, or ``resume`` is not an analysis of this
            game (the message names the first decision it does not have).
        WorkerLostError: With ``jobs`` above 1, a decision lost its
            worker three times.
        AnalysisStopped: Ctrl-C stopped the analysis (a
            :exc:`KeyboardInterrupt`); it holds what had been judged.

    Example:
        >>> from counter_rules import OhHell, apply_move, legal_moves, new_game
        >>> from counter_rules.analysis import Analysis, analyse
        >>> state = new_game(OhHell(players=3, schedule=(3,)), seed=1)
        >>> while not state.is_over:  # everyone bids 0 and plays the first legal card
        ...     state = apply_move(state, legal_moves(state)[0])
        >>> analysis = analyse(state)
        >>> [(d.seat, d.lost, d.broke_bid) for d in analysis.decisions]
        [(1, 0, True), (2, 0, True), (1, 1, False)]
        >>> print(analysis)  # doctest: +NORMALIZE_WHITESPACE
        Oh Hell, 3 players: 3 decisions in 1 hand analysed with every hand open
        Hand 1:
          trick 1: seat 1 played 10♦: its bid of 0 could no longer be made for sure;
            cost 8 points with every seat for itself (10 with 2♠, 2 after it)
          trick 1: seat 2 played 2♣: its bid of 0 could no longer be made for sure
          trick 2: seat 1 played 2♠: gave away 1 trick (could be sure of 1 with K♠, 0 after
            it); cost 1 point with every seat for itself (2 with K♠, 1 after it)
        Tricks given away: seat 0 0, seat 1 1, seat 2 0
        Points lost with every seat for itself: seat 0 0, seat 1 9, seat 2 0
        Bids lost by a decision: seat 1 (hand 1, trick 1), seat 2 (hand 1, trick 1)
        >>> analyse(state, budget=30).decisions == analysis.decisions
        True
        >>> stopped = Analysis(rules=analysis.rules, decisions=analysis.decisions[:1],
        ...     unsolved=tuple((d.hand, d.trick, d.move) for d in analysis.decisions[1:]))
        >>> analyse(state, resume=stopped) == analysis
        True
    """
    _check_seconds("seconds", seconds)
    _check_seconds("budget", budget)
    if progress is not None and not callable(progress):
        raise InvalidArgumentError(
            f"progress must be called with (done, total) or be None, got {shown(progress, 40)}"
        )
    workers = job_count(jobs)
    steps = [
        (state, move, choices)
        for state, move in _steps(game)
        if state.phase in _IN_PLAY and len(choices := legal_moves(state, move.seat)) > 1
    ]
    found = {} if resume is None else _resumed(resume, game.rules, steps)
    known = len(found)
    order = [i for i in range(len(steps)) if i not in found]
    if budget is not None:
        order.sort(key=lambda i: len(steps[i][0].hands[steps[i][1].seat]))
    end = 0.0 if budget is None else perf_counter() + budget
    unsolved: dict[int, tuple[int, int, Move]] = {}

    def judged(done: int, i: int, decision: Decision | None) -> None:
        if decision is None:
            unsolved[i] = _place(steps[i])
        else:
            found[i] = decision
        if progress is not None:
            progress(known + done, len(steps))

    if progress is not None:
        progress(known, len(steps))
    try:
        if workers == 1:
            # What the searches of a hand found serves the hand's other decisions.
            kept: dict[int, Searches] = {}
            for done, i in enumerate(order, 1):
                # Once the budget is spent, the rest is listed unsolved.
                spent = end and perf_counter() >= end
                judged(
                    done,
                    i,
                    None if spent else _judge(kept, steps[i], seconds, end),
                )
        else:
            _judge_apart(steps, order, seconds, end, workers, judged)
    except KeyboardInterrupt as stop:
        unsolved.update((i, _place(steps[i])) for i in order if i not in found)
        raise AnalysisStopped(_found(game.rules, found, unsolved)) from stop
    return _found(game.rules, found, unsolved)


def _found(
    rules: Ruleset, found: dict[int, Decision], unsolved: dict[int, tuple[int, int, Move]]
) -> Analysis:
    """The analysis of the decisions ``found`` and ``unsolved``, by their
    index in the game."""
    return Analysis(
        rules=rules,
        decisions=tuple(found[i] for i in sorted(found)),
        unsolved=tuple(unsolved[i] for i in sorted(unsolved)),
    )


_Step = tuple[GameState, Move, tuple[Move, ...]]


def _place(step: _Step) -> tuple[int, int, Move]:
    """Where a decision was made, as :attr:`Analysis.unsolved` lists it:
    (hand, trick, move made)."""
    state, move, _ = step
    return state.hand_number, len(state.tricks) + 1, move


def _resumed(resume: object, rules: Ruleset, steps: list[_Step]) -> dict[int, Decision]:
    """The decisions of ``resume`` by their index in ``steps``, each checked
    against the game: the same seat's move at the same hand and trick, the
    bid it had and best moves it could make."""
    if not isinstance(resume, Analysis):
        raise InvalidArgumentError(
            f"resume must be an Analysis (Analysis.from_json reads one) or None, "
            f"got {shown(resume, 40)}"
        )
    if resume.rules != rules:
        raise InvalidArgumentError(
            f"resume is an analysis of {resume.rules!r:.80}, not of this game's {rules!r:.80}"
        )
    index = {_place(step): i for i, step in enumerate(steps)}
    found: dict[int, Decision] = {}
    for decision in resume.decisions:
        i = index.get((decision.hand, decision.trick, decision.move), -1)
        if i >= 0:
            state, _, choices = steps[i]
            if (
                i not in found
                and decision.bid == state.bids[decision.seat]
                and set(decision.best_moves + decision.outcome_best_moves) <= set(choices)
            ):
                found[i] = decision
                continue
        raise InvalidArgumentError(
            f"resume is not an analysis of this game: it holds a decision the game does "
            f"not have, hand {decision.hand} trick {decision.trick} "
            f"{format_move(decision.move)} (bid {decision.bid})"
        )
    return found


def _judge(
    kept: dict[int, Searches], step: _Step, seconds: float | None, end: float
) -> Decision | None:
    """A decision judged within ``seconds`` and by the ``end`` of the budget
    (0.0 for none), with the searches ``kept`` for its hand; ``None`` when
    out of time. A process keeps the searches of one hand, that of its last
    decision: those of another hand go when a decision of a new hand comes.
    Searches kept for every hand hold gigabytes where a budget has the
    decisions taken from the fewest cards left up, hand after hand, and what
    one hand's table gives its next decision costs less than the fresh
    memory the others' tables take (see the performance page)."""
    state, move, choices = step
    hand = state.hand_number
    searches = kept.get(hand)
    if searches is None:
        kept.clear()
        searches = kept[hand] = Searches()
        searches.outcome_limit = outcome_positions(state)
    now = perf_counter()
    deadlines = [t for t in (0.0 if seconds is None else now + seconds, end) if t]
    searches.deadline = min(deadlines, default=0.0)
    try:
        return _decision(searches, state, move, choices)
    except SearchLimitReached:
        return None


# A worker's searches, by hand (see _judge_task).
_kept_apart: dict[int, Searches] = {}


def _judge_task(seconds: float | None, task: Task) -> Decision | None:
    """A decision judged in a worker of :func:`~counter_rules.runner.hand_out`."""
    state, move, choices = task[1]
    step = (with_met_rules(state), move, choices)
    return _judge(_kept_apart, step, seconds, time_left(task))


def _judge_apart(
    steps: list[_Step],
    order: list[int],
    seconds: float | None,
    end: float,
    workers: int,
    judged: Callable[[int, int, Decision | None], None],
) -> None:
    """The decisions of ``order`` judged by ``workers`` worker processes, each
    handed to the worker that judged the seat's last decision of the hand
    when it is free (its searches serve the next)."""

    def seat_of(step: _Step) -> tuple[int, int]:
        return step[0].hand_number, step[1].seat

    def name(number: int) -> str:
        hand, seat = seat_of(steps[order[number]])
        return f"the decision of seat {seat} in hand {hand}"

    runs = run_apart((steps[i] for i in order), _judge_task, seconds, workers, name, end, seat_of)
    done = 0
    seen = set()
    with contextlib.closing(runs):
        for number, decision in runs:
            done += 1
            seen.add(order[number])
            judged(done, order[number], decision if isinstance(decision, Decision) else None)
    for i in order:  # not handed out: the budget was spent
        if i not in seen:
            done += 1
            judged(done, i, None)


def _decision(
    searches: Searches, state: GameState, move: Move, choices: tuple[Move, ...]
) -> Decision:
    """One decision judged (:class:`SearchLimitReached` when out of time)."""
    seat = move.seat
    side = 1 << seat
    bid = state.bids[seat]
    before = after = None
    values = searches.move_values(state, side, choices)
    if bid is not None:
        before = searches.can_make(state, seat, bid)
        after = before and can_make_after(searches, state, move, seat, bid)
    best = max(values.values())
    try:
        outcomes = outcomes_after(searches, state, choices, seat)
    except SearchLimitReached:
        outcomes = {}
    chosen: Outcome | None = None
    best_outcome: Outcome | None = None
    best_points: tuple[Move, ...] = ()
    if outcomes:
        chosen = outcomes[move]
        most = max(o.points[seat] for o in outcomes.values())
        best_points = tuple(m for m in choices if outcomes[m].points[seat] == most)
        best_outcome = outcomes[best_points[0]]
    hand, trick, _ = _place((state, move, choices))
    return Decision(
        hand=hand,
        trick=trick,
        seat=seat,
        move=move,
        value=values[move],
        best=best,
        best_moves=tuple(m for m in choices if values[m] == best),
        bid=bid,
        could_make_before=before,
        could_make_after=after,
        outcome=chosen,
        best_outcome=best_outcome,
        outcome_best_moves=best_points,
    )
