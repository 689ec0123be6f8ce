"""The hint key of the table in the browser: for each legal move of a seat,
its points with every seat for itself, its double-dummy value and whether the
bid can still be made, from worlds sampled from that seat's view
(:func:`counter_rules.analysis.hint`), and the moves recommended."""

from __future__ import annotations

import random
from typing import Any

from counter_rules.analysis import hint
from counter_rules.errors import CounterRulesError
from counter_rules.notation import format_move
from counter_rules.views import PlayerView

__all__ = ["hint_for"]


def hint_for(player_view: PlayerView, *, worlds: int = 12, seconds: float = 2.0) -> dict[str, Any]:
    """The hint message for a seat's view: ``{"type": "hint", "text": ...,
    "moves": [{"label", "value", "bid_made", "points"}, ...], "best": [label,
    ...], "worlds": n}``, or an
    ``"error"`` saying why there is none (not the seat's turn to play, say).

    The worlds come from the view alone, never from the hidden hands, drawn
    from a generator seeded by the view's seat and hand, so that the same
    position gives the same hint."""
    rng = random.Random(f"counter-rules/hint/{player_view.seat}/{player_view.hand}")
    try:
        advice = hint(player_view, rng=rng, worlds=worlds, seconds=seconds)
    except CounterRulesError as exc:
        return {"type": "error", "message": f"no hint now: {exc}"}
    return {
        "type": "hint",
        "text": str(advice),
        "worlds": advice.worlds,
        "moves": [
            {
                "label": format_move(m.move).partition(":")[2],
                "value": round(m.value, 2),
                "bid_made": None if m.bid_made is None else round(m.bid_made, 2),
                "points": None if m.points is None else round(m.points, 2),
            }
            for m in advice.moves
        ],
        "best": [format_move(move).partition(":")[2] for move in advice.best],
    }
