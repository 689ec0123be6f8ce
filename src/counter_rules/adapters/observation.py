"""The observation vector of a seat's view, shared by the adapters (needs ``numpy``).

:func:`encode_view` turns :func:`counter_rules.view` into a float32 vector
whose blocks :func:`observation_layout` lists. The PettingZoo adapter's
``"observation"`` and the OpenSpiel adapter's observation tensor are this
vector. The module needs numpy (which both the ``openspiel`` and the
``pettingzoo`` extras install) and neither framework.
"""

from __future__ import annotations

from counter_rules.adapters import _missing_extra

try:
    import numpy as np
    from numpy.typing import NDArray
except ModuleNotFoundError as error:
    raise _missing_extra(__name__, error, "openspiel", "pettingzoo") from error

from counter_rules.adapters.actions import ActionMap
from counter_rules.cards import SUITS
from counter_rules.errors import InvalidArgumentError
from counter_rules.phase import Phase
from counter_rules.rulesets.base import Ruleset
from counter_rules.views import PlayerView

__all__ = [
    "encode_information_state",
    "encode_view",
    "information_state_layout",
    "layout_size",
    "observation_layout",
]

_Layout = tuple[tuple[str, int, int], ...]

_PHASES = tuple(Phase)


def _stack(sizes: list[tuple[str, int]], start: int = 0) -> _Layout:
    layout = []
    for name, size in sizes:
        layout.append((name, start, size))
        start += size
    return tuple(layout)


def layout_size(layout: _Layout) -> int:
    """The length of a vector with the blocks ``layout``.

    Example:
        >>> from counter_rules import Counter
        >>> from counter_rules.adapters.observation import layout_size, observation_layout
        >>> layout_size(observation_layout(Counter(players=4)))
        726
    """
    _, start, size = layout[-1]
    return start + size


class _Writer:
    """Writes values into the blocks of a vector, refusing offsets outside a block."""

    def __init__(self, layout: _Layout) -> None:
        self.blocks = {name: (start, size) for name, start, size in layout}
        self.out = np.zeros(layout_size(layout), dtype=np.float32)

    def put(self, name: str, offset: int, value: float = 1.0) -> None:
        start, size = self.blocks[name]
        if not 0 <= offset < size:
            raise InvalidArgumentError(f"offset {offset} is outside block {name!r} of {size}")
        self.out[start + offset] = value


def observation_layout(rules: Ruleset) -> _Layout:
    """The blocks of the observation vector: ``(name, start, size)``, in order.

    With ``D`` the deck size (cards in ``rules.deck()`` order) and ``P`` the
    players (seats in seat order, absolute, not relative to the observer):

    ``hand`` (D) the seat's cards, 0/1; ``hand_hidden`` (1) 1 while the rules
    hide the own hand (Devil's bridge); ``shown_hands`` (P·D) other hands the
    rules show, seat by seat; ``trick`` (P·D) the current trick, seat by seat,
    the card each seat played; ``played`` (D) the cards of this hand's finished
    tricks; ``face_up`` (D) face-up stock cards (trump indicator, Counter's
    Jacks); ``revealed`` (D) Fours shown this hand; ``my_pass`` (D) the card
    the seat has chosen to pass; ``trump`` (5) one-hot ♣ ♦ ♥ ♠ or no trump;
    ``phase`` (4) one-hot bidding, playing, passing, game over; ``seat``,
    ``dealer``, ``leader`` (P each) one-hot; ``to_act`` (P) 0/1; ``bids`` (P)
    the bid, -1 where unknown or not yet visible; ``blind`` (P) 0/1;
    ``tricks_won``, ``hand_sizes``, ``scores`` (P each) counts; and the
    scalars ``cards_dealt``, ``hand_number``, ``stock_size``,
    ``doubled_lead`` (0/1).

    Example:
        >>> from counter_rules import Counter
        >>> from counter_rules.adapters.observation import observation_layout
        >>> layout = observation_layout(Counter(players=4))
        >>> layout[0], layout[-1]
        (('hand', 0, 52), ('doubled_lead', 725, 1))
    """
    deck = len(rules.deck())
    players = rules.players
    sizes = [
        ("hand", deck),
        ("hand_hidden", 1),
        ("shown_hands", players * deck),
        ("trick", players * deck),
        ("played", deck),
        ("face_up", deck),
        ("revealed", deck),
        ("my_pass", deck),
        ("trump", len(SUITS) + 1),
        ("phase", len(_PHASES)),
        ("seat", players),
        ("dealer", players),
        ("leader", players),
        ("to_act", players),
        ("bids", players),
        ("blind", players),
        ("tricks_won", players),
        ("hand_sizes", players),
        ("scores", players),
        ("cards_dealt", 1),
        ("hand_number", 1),
        ("stock_size", 1),
        ("doubled_lead", 1),
    ]
    return _stack(sizes)


def encode_view(player_view: PlayerView, actions: ActionMap) -> NDArray[np.float32]:
    """The observation vector of ``player_view`` (layout: :func:`observation_layout`).

    Example:
        >>> from counter_rules import Counter, new_game, view
        >>> from counter_rules.adapters.actions import ActionMap
        >>> from counter_rules.adapters.observation import encode_view
        >>> rules = Counter(players=4)
        >>> vector = encode_view(view(new_game(rules, seed=1), 0), ActionMap(rules))
        >>> vector.shape, int(vector[:52].sum())
        ((726,), 10)
    """
    v = player_view
    writer = _Writer(observation_layout(actions.rules))
    _write_view(writer, v, actions)
    return writer.out


def _write_view(writer: _Writer, v: PlayerView, actions: ActionMap) -> None:
    put = writer.put
    deck = len(actions.deck)
    index = actions.card_index
    if v.hand is None:
        put("hand_hidden", 0)
    for card in v.hand or ():
        put("hand", index(card))
    for seat, shown in enumerate(v.others):
        for card in shown or ():
            put("shown_hands", seat * deck + index(card))
    for played in v.trick:
        put("trick", played.seat * deck + index(played.card))
    for trick in v.tricks:
        for played in trick.plays:
            put("played", index(played.card))
    for card in v.face_up:
        put("face_up", index(card))
    for _, card in v.revealed_fours:
        put("revealed", index(card))
    if v.my_pass is not None:
        put("my_pass", index(v.my_pass))
    put("trump", len(SUITS) if v.trump is None else SUITS.index(v.trump))
    put("phase", _PHASES.index(v.phase))
    put("seat", v.seat)
    put("dealer", v.dealer)
    put("leader", v.leader)
    for seat in v.to_act:
        put("to_act", seat)
    for seat in range(v.players):
        bid = v.bids[seat]
        put("bids", seat, -1.0 if bid is None else float(bid))
        put("blind", seat, float(v.blind[seat]))
        put("tricks_won", seat, float(v.tricks_won[seat]))
        put("hand_sizes", seat, float(v.hand_sizes[seat]))
        put("scores", seat, float(v.scores[seat]))
    put("cards_dealt", 0, float(v.cards_dealt))
    put("hand_number", 0, float(v.hand_number))
    put("stock_size", 0, float(v.stock_size))
    put("doubled_lead", 0, float(v.doubled_lead))


def information_state_layout(rules: Ruleset) -> _Layout:
    """The blocks of the information state vector: ``(name, start, size)``.

    The vector is the observation vector (:func:`observation_layout`, the same
    blocks at the same offsets) followed by this hand's history, with ``H =
    len(rules.deck()) // rules.players`` (the most tricks a hand can have),
    ``D`` the deck size and ``P`` the players:

    ``trick_cards`` (H·P·D) trick by trick in the order played, seat by seat,
    the card each seat played to it; ``trick_leaders`` (H·P) trick by trick,
    one-hot, the seat that led it; ``trick_winners`` (H·(P+1)) trick by trick,
    one-hot, the winning seat or, last, nobody; ``passed`` and ``received``
    (D each) the cards this seat passed and received this hand (Counter's
    pass after a Five). Tricks not played yet are all zeros.

    Finished hands appear only through the observation's scores and hand
    number, so the vector has a fixed size; the information state string has
    every finished hand.

    Example:
        >>> from counter_rules import Counter
        >>> from counter_rules.adapters.observation import information_state_layout
        >>> layout = information_state_layout(Counter(players=4))
        >>> layout[-6:-4], layout[-1]
        ((('doubled_lead', 725, 1), ('trick_cards', 726, 2704)), ('received', 3599, 52))
    """
    deck = len(rules.deck())
    players = rules.players
    tricks = deck // players
    sizes = [
        ("trick_cards", tricks * players * deck),
        ("trick_leaders", tricks * players),
        ("trick_winners", tricks * (players + 1)),
        ("passed", deck),
        ("received", deck),
    ]
    return observation_layout(rules) + _stack(sizes, layout_size(observation_layout(rules)))


def encode_information_state(player_view: PlayerView, actions: ActionMap) -> NDArray[np.float32]:
    """The information state vector of ``player_view`` (layout:
    :func:`information_state_layout`); it starts with :func:`encode_view`.

    Raises:
        InvalidArgumentError: The view has more finished tricks than a hand can
            have (it is not a view of ``actions.rules``).

    Example:
        >>> from counter_rules import Counter, new_game, view
        >>> from counter_rules.adapters.actions import ActionMap
        >>> from counter_rules.adapters.observation import encode_information_state, encode_view
        >>> actions = ActionMap(Counter(players=4))
        >>> seat_0 = view(new_game(actions.rules, seed=1), 0)
        >>> vector = encode_information_state(seat_0, actions)
        >>> vector.shape, bool((vector[:726] == encode_view(seat_0, actions)).all())
        ((3651,), True)
    """
    v = player_view
    writer = _Writer(information_state_layout(actions.rules))
    _write_view(writer, v, actions)
    put = writer.put
    deck = len(actions.deck)
    players = actions.rules.players
    index = actions.card_index
    limit = actions.max_bid
    if len(v.tricks) > limit:
        raise InvalidArgumentError(
            f"the view has {len(v.tricks)} finished tricks; a hand has at most {limit}"
        )
    for t, trick in enumerate(v.tricks):
        for played in trick.plays:
            put("trick_cards", (t * players + played.seat) * deck + index(played.card))
        if trick.plays:
            put("trick_leaders", t * players + trick.plays[0].seat)
        winner = players if trick.winner is None else trick.winner
        put("trick_winners", t * (players + 1) + winner)
    for given, got in v.my_exchanges:
        if given is not None:
            put("passed", index(given))
        if got is not None:
            put("received", index(got))
    return writer.out
