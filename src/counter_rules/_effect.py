"""One rule that applied in a trick (internal home of :class:`~counter_rules.Effect`).

:class:`Effect` is an attrs class, interpreted in both builds; it lives
outside the compiled module :mod:`counter_rules.trick`, its public home,
which exports it.
"""

from __future__ import annotations

import attrs

from counter_rules.cards import Rank

__all__ = ["Effect"]


@attrs.frozen
class Effect:
    """One rule that applied while a trick was resolved, in the order it applied.

    ``str(effect)`` is a sentence for a person; ``kind`` is a stable machine tag
    (``"ace"``, ``"five"``, ``"winner"``, ...), ``rank`` the card power behind it
    (``None`` for general rules such as the winner), ``index`` the position in
    the trick of the card it concerns.
    """

    kind: str
    """A stable tag, a card power (``"ace"`` ... ``"king"``) or a general rule
    (``"trump"``, ``"winner"``, ``"no-winner"``)."""
    text: str
    """The explanation for a person."""
    rank: Rank | None = None
    """The rank whose power applied, or ``None`` for a general rule."""
    index: int | None = None
    """The index in the trick of the card concerned, or ``None``."""

    def __str__(self) -> str:
        return self.text
