"""counter_rules: the exact rules of Counter and the Oh Hell family.

Everything public is importable from here.

Example:
    >>> import random
    >>> from counter_rules import Counter, apply_move, legal_moves, new_game
    >>> state = new_game(Counter(players=4), seed=42)
    >>> rng = random.Random(42)
    >>> while not state.is_over:
    ...     state = apply_move(state, rng.choice(legal_moves(state)))
    >>> len(state.winners) >= 1
    True
"""

from counter_rules.cards import SUITS, Card, Rank, Suit, cards, standard_deck
from counter_rules.deal import Deal
from counter_rules.engine import (
    apply_move,
    explain_trick,
    is_legal,
    legal_moves,
    new_game,
    resolve_trick,
)
from counter_rules.engine import transitions as _transitions
from counter_rules.errors import (
    CounterRulesError,
    GameOverError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidNotationError,
    WorkerLostError,
)
from counter_rules.hand_result import HandResult
from counter_rules.moves import Bid, Move, Pass, Play
from counter_rules.notation import format_move, parse_move
from counter_rules.phase import Phase
from counter_rules.recording import record_of, replay, state_from_json, state_to_json
from counter_rules.records import GameRecord
from counter_rules.rules_json import rules_from_dict, rules_to_dict
from counter_rules.rulesets import Blackout, Counter, OhHell, Ruleset, UpAndDown
from counter_rules.rulesets.options import RulesetOption, RulesetSpec
from counter_rules.rulesets.registry import (
    RulesetEntry,
    option_from_json,
    option_from_text,
    option_to_json,
    register_ruleset,
    ruleset_entries,
    ruleset_entry,
    ruleset_entry_for,
)
from counter_rules.sampling import sample_world
from counter_rules.state import GameState
from counter_rules.trick import Effect, PlayedCard, TrickResult
from counter_rules.views import PlayerView, view
from counter_rules.wire import (
    move_from_dict,
    move_from_json,
    move_to_dict,
    move_to_json,
    view_from_dict,
    view_from_json,
    view_to_dict,
    view_to_json,
    wire_schema,
)

__version__ = "0.1.0"

COMPILED: bool = not (_transitions.__file__ or "").endswith(".py")
"""Whether the engine's hot modules run compiled: true in the compiled build
that a wheel install gives (see :doc:`performance`), false in the pure-Python
package (an editable install, ``COUNTER_RULES_COMPILE=0``, or a build without
a C compiler). Both behave the same; the compiled one is faster."""

__all__ = [
    "Bid",
    "Blackout",
    "COMPILED",
    "Card",
    "Counter",
    "CounterRulesError",
    "Deal",
    "Effect",
    "GameOverError",
    "GameRecord",
    "GameState",
    "HandResult",
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidNotationError",
    "Move",
    "OhHell",
    "Pass",
    "Phase",
    "Play",
    "PlayedCard",
    "PlayerView",
    "Rank",
    "Ruleset",
    "RulesetEntry",
    "RulesetOption",
    "RulesetSpec",
    "SUITS",
    "Suit",
    "TrickResult",
    "UpAndDown",
    "WorkerLostError",
    "apply_move",
    "cards",
    "explain_trick",
    "format_move",
    "is_legal",
    "legal_moves",
    "move_from_dict",
    "move_from_json",
    "move_to_dict",
    "move_to_json",
    "new_game",
    "option_from_json",
    "option_from_text",
    "option_to_json",
    "parse_move",
    "record_of",
    "register_ruleset",
    "replay",
    "resolve_trick",
    "rules_from_dict",
    "rules_to_dict",
    "ruleset_entries",
    "ruleset_entry",
    "ruleset_entry_for",
    "sample_world",
    "standard_deck",
    "state_from_json",
    "state_to_json",
    "view",
    "view_from_dict",
    "view_from_json",
    "view_to_dict",
    "view_to_json",
    "wire_schema",
]
