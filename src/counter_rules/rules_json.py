"""A ruleset as JSON data and back: :func:`rules_to_dict` and
:func:`rules_from_dict`, which records, saved games and the wire use.

Example:
    >>> from counter_rules import OhHell, rules_from_dict, rules_to_dict
    >>> rules_from_dict(rules_to_dict(OhHell(players=5))) == OhHell(players=5)
    True
"""

from __future__ import annotations

from typing import Any

from counter_rules.argument_checks import shorten
from counter_rules.errors import CounterRulesError, InvalidArgumentError, InvalidNotationError
from counter_rules.rulesets.base import Ruleset
from counter_rules.rulesets.registry import (
    option_from_json,
    option_to_json,
    ruleset_entries,
    ruleset_entry_for,
)

__all__ = ["load_rules", "rules_from_dict", "rules_to_dict"]


def _bad(where: str, problem: str, document: str) -> InvalidNotationError:
    """An error naming the document (a record, a view) and the place in it."""
    return InvalidNotationError(
        f"{document} {where}: {problem}" if where else f"{document}: {problem}"
    )


def rules_to_dict(rules: Ruleset) -> dict[str, Any]:
    """A ruleset as plain JSON data: ``{"game": ..., "options": {...}}``.

    ``game`` is the tag of the ruleset's class in the registry
    (:func:`counter_rules.register_ruleset`), ``options`` every option of the
    class in its JSON form (a preset such as the office rules is recorded as
    the :class:`~counter_rules.OhHell` it builds).

    Raises:
        InvalidArgumentError: The ruleset's class is not registered, or an
            option has no JSON form.

    Example:
        >>> from counter_rules import Blackout, rules_to_dict
        >>> rules_to_dict(Blackout(5, hook=True))["options"]["hook"]
        True
    """
    entry = ruleset_entry_for(rules)
    options = {name: option_to_json(value) for name, value in entry.options_of(rules).items()}
    return {"game": entry.game, "options": options}


def rules_from_dict(data: object, where: str = "rules") -> Ruleset:
    """Build a ruleset from :func:`rules_to_dict` data, checking every option.

    Args:
        data: JSON data as :func:`rules_to_dict` writes it.
        where: How error messages name the place of ``data`` in a larger document.

    Raises:
        InvalidNotationError: Unknown game or option, or a bad value; the
            message names where.

    Example:
        >>> from counter_rules import rules_from_dict
        >>> rules_from_dict({"game": "Counter", "options": {"players": 3}})
        Counter(players=3, target=None, hook=False)
    """
    return load_rules(data, where, "record")


def load_rules(data: object, where: str, document: str) -> Ruleset:
    """:func:`rules_from_dict` for a document of any kind (internal: records and the wire)."""
    if not isinstance(data, dict) or set(data) != {"game", "options"}:
        raise _bad(where, 'expected an object with keys "game" and "options"', document)
    game = data["game"]
    entries = {e.game: e for e in ruleset_entries() if e.game is not None}
    if not isinstance(game, str) or game not in entries:
        raise _bad(
            f"{where}.game",
            f"expected one of {', '.join(entries)} (or a game registered with "
            f"register_ruleset), got {game!r:.60}",
            document,
        )
    entry = entries[game]
    options = data["options"]
    if not isinstance(options, dict):
        raise _bad(f"{where}.options", f"expected an object, got {options!r:.60}", document)
    kwargs: dict[str, object] = {}
    for name, value in options.items():
        try:
            option = entry.option(name)
        except InvalidArgumentError:
            allowed = ", ".join(o.name for o in entry.options)
            raise _bad(
                f"{where}.options",
                f"unknown option {name!r:.40} for {game} ({allowed})",
                document,
            ) from None
        try:
            kwargs[name] = option_from_json(value, option.hint)
        except CounterRulesError as exc:
            raise _bad(f"{where}.options.{name}", shorten(str(exc)), document) from None
    try:
        return entry.build(**kwargs)
    except CounterRulesError as exc:
        raise _bad(f"{where}.options", str(exc), document) from None
    except (TypeError, ValueError, OverflowError) as exc:
        # A ruleset written by a user may not check its options as the
        # built-in ones do; its own error still comes out as the record's.
        raise _bad(
            f"{where}.options", f"{type(exc).__name__}: {shorten(str(exc))}", document
        ) from None
