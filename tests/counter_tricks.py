"""Shared helpers for the effect tests: resolve a trick written as text."""

from __future__ import annotations

from fractions import Fraction

from counter_rules import Card, Counter, Effect, PlayedCard, Suit, TrickResult, resolve_trick


def trick(
    text: str,
    trump: Suit | None,
    *,
    leader: int = 0,
    doubled_lead: bool = False,
    last_trick: bool = False,
) -> TrickResult:
    """Resolve ``"4S+4D KS 3H ..."`` (leader first; ``+`` shows a Four with a Four)
    with as many players as cards."""
    items = text.split()
    plays = []
    for i, item in enumerate(items):
        shown, _, reveal = item.partition("+")
        plays.append(
            PlayedCard(
                (leader + i) % len(items),
                Card.parse(shown),
                Card.parse(reveal) if reveal else None,
            )
        )
    return resolve_trick(
        plays,
        trump=trump,
        rules=Counter(players=len(items)),
        doubled_lead=doubled_lead,
        last_trick=last_trick,
    )


def values(result: TrickResult) -> list[Fraction]:
    """The exact final values, as a list."""
    return list(result.values)


def effects(result: TrickResult, kind: str) -> list[Effect]:
    """The effects of one kind, in order."""
    return [effect for effect in result.effects if effect.kind == kind]
