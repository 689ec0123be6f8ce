"""Resolve a trick of Counter and print why the winner won.

Run: ``python examples/explain_trick.py``.
"""

from __future__ import annotations

from counter_rules import Counter, PlayedCard, Suit, cards, resolve_trick


def main() -> None:
    """Explain a trick with a victor Four, then one where a Queen cancels it."""
    four, other_four, king, queen = cards("4S 4H KS QS")
    victor = [PlayedCard(0, king), PlayedCard(1, four, reveal=other_four)]
    victor += [PlayedCard(2, cards("9S")[0]), PlayedCard(3, cards("2D")[0])]
    for plays in (victor, [*victor[:3], PlayedCard(3, queen)]):
        result = resolve_trick(plays, trump=Suit.DIAMONDS, rules=Counter())
        print(result.explain())
        print("winner:", result.winner, "\n")


if __name__ == "__main__":
    main()
