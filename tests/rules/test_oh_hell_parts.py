"""The parts of the Oh Hell rulesets: one decider per move kind, and the voids a play shows.

Like python-chess testing ``legal_moves`` against ``is_legal``, the move lists
of random games are checked against the one decider of each move kind
(:meth:`OhHell.play_error`, :meth:`OhHell.bid_error`); and the voids
the information companion reports for every play
(:meth:`~counter_rules.rulesets.oh_hell_companions.OhHellInformation.voids_shown`)
are checked against the real hidden hand of its player.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oh_hell_helpers import random_game
from strategies import general_oh_hell_rules
from test_oh_hell_variants import bid, game, play

from counter_rules import (
    Bid,
    Blackout,
    Card,
    GameState,
    InvalidArgumentError,
    OhHell,
    Phase,
    Play,
    PlayedCard,
    Rank,
    Suit,
    TrickResult,
    UpAndDown,
    apply_move,
    cards,
    legal_moves,
    new_game,
    resolve_trick,
)
from counter_rules.rulesets.base import Ruleset
from counter_rules.rulesets.information import Information
from counter_rules.rulesets.parts.jokers import CALLS

OPTION_SETS: dict[str, OhHell] = {
    "plain": OhHell(players=4, schedule=(5, 3)),
    "two-decks": OhHell(players=6, decks=2, schedule=(9,)),
    "must-trump": OhHell(players=4, schedule=(8, 6), follow="must_trump"),
    "trumps-broken": OhHell(players=4, schedule=(8, 6), trumps_broken=True),
    "must-trump-broken": OhHell(
        players=3, schedule=(10,), follow="must_trump", trumps_broken=True, trump="rotation"
    ),
    "loser-jokers": OhHell(players=4, schedule=(8, 5), jokers="loser", follow="must_trump"),
    "high-jokers": OhHell(players=4, schedule=(8, 5), jokers="high", trumps_broken=True),
    "brader-jokers": OhHell(players=4, schedule=(8, 5), jokers="brader", follow="must_trump"),
    "atkinson-jokers": OhHell(players=5, schedule=(9, 4), jokers="atkinson", trumps_broken=True),
    "bowers": OhHell(players=4, schedule=(10, 7), bowers=True, follow="must_trump"),
    "bowers-broken": OhHell(players=4, schedule=(10,), bowers=True, trumps_broken=True),
    "hook": OhHell(players=4, schedule=(4, 3), hook=True),
    "must-total": OhHell(players=3, schedule=(4, 2), bids_must_total=True),
    "simultaneous-blind": OhHell(
        players=3, schedule=(3, 3, 3, 3), simultaneous_bidding=True, blind_bidding=True
    ),
    "office": OhHell.office(players=4, rounds=2),
    "north-east": OhHell.north_east_blackout(5),
    "up-and-down-blind": UpAndDown(players=3, up_to_ten=True, blind_bidding=True),
    "cooperative": Blackout(players=3, cooperative=True),
}
SEEDS = (1, 2, 3)
VoidsShown = Callable[[Sequence[PlayedCard], PlayedCard, Suit | None, int], tuple[Suit | None, ...]]


def _states(name: str) -> list[GameState]:
    return [s for seed in SEEDS for s in random_game(OPTION_SETS[name], seed)]


def _candidate_plays(state: GameState, seat: int) -> list[Play]:
    plays: list[Play] = []
    for card in state.hands[seat]:
        plays.append(Play(seat, card))
        if card.rank is Rank.JOKER:
            plays.extend(Play(seat, card, None, call) for call in CALLS)
    return plays


@pytest.mark.parametrize("name", sorted(OPTION_SETS))
def test_listed_plays_are_exactly_those_the_decider_accepts(name: str) -> None:
    """At every playing state, the legal plays are the held cards (with each
    call) for which the one decider of plays finds no reason."""
    rules = OPTION_SETS[name]
    checked = 0
    for state in _states(name):
        if state.phase is not Phase.PLAYING:
            continue
        (seat,) = state.to_act
        accepted = {p for p in _candidate_plays(state, seat) if rules.play_error(state, p) is None}
        listed = legal_moves(state)
        assert len(set(listed)) == len(listed)
        assert set(listed) == accepted, (name, state.hands[seat], state.trick)
        checked += 1
    assert checked > 0


@pytest.mark.parametrize("name", sorted(OPTION_SETS))
def test_listed_bids_are_exactly_those_the_decider_accepts(name: str) -> None:
    """At every bidding state, the legal bids of each seat to act are the bids
    from 0 to one past the cards dealt, open or blind, the one decider of bids
    accepts."""
    rules = OPTION_SETS[name]
    checked = 0
    for state in _states(name):
        if state.phase is not Phase.BIDDING:
            continue
        accepted = {
            Bid(seat, n, blind)
            for seat in state.to_act
            for n in range(state.cards_dealt + 2)
            for blind in (False, True)
            if rules.bid_error(state, seat, n, blind) is None
        }
        assert set(legal_moves(state)) == accepted
        checked += 1
    assert checked > 0


@pytest.mark.parametrize("name", ["plain", "must-trump", "atkinson-jokers", "hook"])
def test_an_illegal_move_gets_the_deciders_reason(name: str) -> None:
    """The reason an illegal move is refused is the decider's."""
    from counter_rules import IllegalMoveError

    rules = OPTION_SETS[name]
    refused = 0
    for state in _states(name)[:400]:
        if state.phase is Phase.PLAYING:
            (seat,) = state.to_act
            moves: list[Play | Bid] = list(_candidate_plays(state, seat))
        elif state.phase is Phase.BIDDING and len(state.to_act) == 1:
            (seat,) = state.to_act
            moves = [Bid(seat, n) for n in range(state.cards_dealt + 2)]
        else:
            continue
        legal = set(legal_moves(state))
        for move in moves:
            if move in legal:
                continue
            if isinstance(move, Play):
                reason = rules.play_error(state, move)
            else:
                reason = rules.bid_error(state, move.seat, move.tricks, move.blind)
            assert reason is not None
            with pytest.raises(IllegalMoveError) as caught:
                apply_move(state, move)
            assert caught.value.reason == reason
            refused += 1
    assert refused > 0


# -- voids ----------------------------------------------------------------------


def _plays(rules: Ruleset, seed: int) -> Iterator[tuple[GameState, Play]]:
    """Each play of a random game, with the state it is made in."""
    rng = random.Random(seed)
    state = new_game(rules, seed=seed)
    while not state.is_over:
        move = rng.choice(legal_moves(state))
        if isinstance(move, Play):
            yield state, move
        state = apply_move(state, move)


def _check_voids(rules: Ruleset, voids_shown: VoidsShown, seeds: range) -> int:
    """Check every play's shown voids against its player's real hand; return
    how many voids were shown."""
    shown = 0
    for seed in seeds:
        for state, move in _plays(rules, seed):
            trump = state.trump
            trumps = sum(1 for t in state.tricks for p in t.plays if p.card.suit is trump)
            played = PlayedCard(move.seat, move.card, None, move.call)
            voids = voids_shown(state.trick, played, trump, trumps)
            hand = state.hands[move.seat]
            for suit in voids:
                held = [c for c in hand if rules.information.counts_toward_void(c, suit, trump)]
                assert not held, (rules, state.trick, move, suit, held)
            shown += len(voids)
    return shown


@pytest.mark.parametrize("name", sorted(OPTION_SETS))
def test_voids_shown_hold_in_the_players_real_hand(name: str) -> None:
    """A play shows a void only in suits of which its player holds no card that
    counts toward one (checked against the hidden hands of random games)."""
    rules = OPTION_SETS[name]
    assert _check_voids(rules, rules.information.voids_shown, range(4)) > 0


def test_the_base_rule_of_voids_is_plain_follow_suit() -> None:
    """The default of every ruleset: a card off the led suit shows a void in it,
    and a card counts toward the void of its own suit."""
    rules = OPTION_SETS["plain"]

    def base(*args: object) -> tuple[Suit | None, ...]:
        return Information().voids_shown(*args)  # type: ignore[arg-type]

    assert _check_voids(rules, base, range(4)) > 0
    led = (PlayedCard(0, Card.parse("2H")),)
    assert Information().voids_shown(led, PlayedCard(1, Card.parse("3S")), None, 0) == (
        Suit.HEARTS,
    )
    assert Information().voids_shown(led, PlayedCard(1, Card.parse("3H")), None, 0) == ()
    assert Information().voids_shown((), PlayedCard(0, Card.parse("3H")), None, 0) == ()
    assert Information().counts_toward_void(Card.parse("3H"), Suit.HEARTS, Suit.SPADES)
    assert not Information().counts_toward_void(Card.parse("3H"), Suit.SPADES, Suit.SPADES)


def test_a_card_off_suit_shows_a_void_in_the_led_suit() -> None:
    """Unable to follow, any card may be played: a card off the led suit shows a void in it."""
    rules = OPTION_SETS["plain"]
    led = (PlayedCard(0, Card.parse("2H")),)
    assert rules.information.voids_shown(led, PlayedCard(1, Card.parse("3S")), Suit.CLUBS, 0) == (
        Suit.HEARTS,
    )


def test_must_trump_a_plain_card_off_suit_shows_no_trumps_either() -> None:
    """A player void in the led suit must trump if able: a plain discard shows
    a void in the led suit and in trumps."""
    rules = OPTION_SETS["must-trump"]
    led = (PlayedCard(0, Card.parse("2H")),)
    voids = rules.information.voids_shown(led, PlayedCard(1, Card.parse("3S")), Suit.CLUBS, 0)
    assert set(voids) == {Suit.HEARTS, Suit.CLUBS}


def test_unbroken_trump_lead_shows_only_trumps_held() -> None:
    """Trumps may not be led before they are broken unless the leader holds
    nothing else: such a lead shows every other suit void; after a trump was
    played it shows nothing."""
    rules = OPTION_SETS["trumps-broken"]
    lead = PlayedCard(0, Card.parse("2C"))
    assert set(rules.information.voids_shown((), lead, Suit.CLUBS, 0)) == {
        Suit.HEARTS,
        Suit.SPADES,
        Suit.DIAMONDS,
    }
    assert rules.information.voids_shown((), lead, Suit.CLUBS, 1) == ()


def test_a_joker_played_at_any_time_shows_nothing() -> None:
    """A Joker that may be played at any time (office, high and Atkinson Jokers)
    reveals nothing about the player's hand."""
    joker = PlayedCard(1, Card.parse("Jo"), None, None)
    led = (PlayedCard(0, Card.parse("2H")),)
    for name in ("loser-jokers", "high-jokers"):
        assert OPTION_SETS[name].information.voids_shown(led, joker, Suit.CLUBS, 0) == ()
    called = PlayedCard(1, Card.parse("Jo"), None, "high")
    assert OPTION_SETS["atkinson-jokers"].information.voids_shown(led, called, Suit.CLUBS, 0) == ()


def test_an_atkinson_joker_lead_shows_a_hand_of_jokers() -> None:
    """A Joker may be led only by a player holding nothing else: the lead shows
    every suit void."""
    rules = OPTION_SETS["atkinson-jokers"]
    lead = PlayedCard(0, Card.parse("Jo"), None, "low")
    assert set(rules.information.voids_shown((), lead, Suit.CLUBS, 2)) == set(Suit)


def test_a_brader_joker_lead_asks_for_jokers() -> None:
    """Brader's Jokers are a suit of their own: a card other than the second
    Joker, played to a led Joker, shows the player holds no Joker."""
    rules = OPTION_SETS["brader-jokers"]
    led = (PlayedCard(0, Card.parse("Jo")),)
    voids = rules.information.voids_shown(led, PlayedCard(1, Card.parse("3C")), Suit.CLUBS, 0)
    assert voids == (None,)
    assert rules.information.counts_toward_void(Card.parse("Jo/1"), None, Suit.CLUBS)


def test_bowers_the_left_bower_follows_trump_and_counts_toward_trumps_void() -> None:
    """Under bowers the left bower is a trump: played to a lead of its printed
    suit it shows a void there, and under the hand's trump it counts toward a
    void in trump, not in its printed suit; every other Jack counts toward
    its own suit (at no trump, every Jack does)."""
    rules = OPTION_SETS["bowers"]
    led = (PlayedCard(0, Card.parse("2D")),)
    assert rules.information.voids_shown(led, PlayedCard(1, Card.parse("JD")), Suit.HEARTS, 0) == (
        Suit.DIAMONDS,
    )
    jd, js, jh = Card.parse("JD"), Card.parse("JS"), Card.parse("JH")
    assert not rules.information.counts_toward_void(jd, Suit.DIAMONDS, Suit.HEARTS)
    assert rules.information.counts_toward_void(jd, Suit.HEARTS, Suit.HEARTS)
    assert rules.information.counts_toward_void(jh, Suit.HEARTS, Suit.HEARTS)
    assert rules.information.counts_toward_void(js, Suit.SPADES, Suit.HEARTS)
    assert not rules.information.counts_toward_void(js, Suit.HEARTS, Suit.HEARTS)
    assert rules.information.counts_toward_void(jd, Suit.DIAMONDS, None)
    assert rules.information.counts_toward_void(Card.parse("QD"), Suit.DIAMONDS, Suit.HEARTS)


@pytest.mark.parametrize(
    "options",
    [
        {"jokers": "high"},
        {"jokers": "loser"},
        {"bowers": True},
        {"follow": "must_trump"},
        {"trumps_broken": True},
    ],
)
def test_options_that_change_play_or_resolution_leave_the_plain_quick_paths(
    options: dict[str, object],
) -> None:
    """The engine's quick paths for plain Oh Hell stand in for the methods only
    where the options keep plain following (plays) and plain winners (tricks)."""
    from counter_rules.rulesets.base import SHORTCUT_NONE, SHORTCUT_PLAIN

    plain = OhHell(players=4, schedule=(5,)).shortcuts()
    assert (plain.plays, plain.tricks) == (SHORTCUT_PLAIN, SHORTCUT_PLAIN)
    rules = OhHell(players=4, schedule=(5,), **options).shortcuts()  # type: ignore[arg-type]
    assert rules.plays == SHORTCUT_NONE
    changes_winner = options.get("jokers") in ("high", "loser") or options.get("bowers")
    assert rules.tricks == (SHORTCUT_NONE if changes_winner else SHORTCUT_PLAIN)


@st.composite
def _rules_with_new_options(draw: st.DrawFn) -> OhHell:
    """Any general Oh Hell ruleset, with bowers and high Jokers drawn too."""
    rules = draw(general_oh_hell_rules())
    changes: dict[str, object] = {"bowers": draw(st.booleans())}
    if rules.jokers != "none" and draw(st.booleans()):
        changes["jokers"] = "high"
    return attrs.evolve(rules, **changes)  # type: ignore[arg-type]


@settings(max_examples=25, deadline=None)
@given(rules=_rules_with_new_options(), seed=st.integers(0, 2**16))
def test_any_ruleset_lists_exactly_what_its_deciders_accept(rules: OhHell, seed: int) -> None:
    """For drawn rulesets, at every state of a random game the legal moves are
    exactly the held cards and bids the deciders accept, and every play shows
    only voids its player's real hand has."""
    for state, move in _plays(rules, seed):
        (seat,) = state.to_act
        accepted = {p for p in _candidate_plays(state, seat) if rules.play_error(state, p) is None}
        assert set(legal_moves(state)) == accepted
        trump = state.trump
        trumps = sum(1 for t in state.tricks for p in t.plays if p.card.suit is trump)
        played = PlayedCard(move.seat, move.card, None, move.call)
        for suit in rules.information.voids_shown(state.trick, played, trump, trumps):
            assert not [
                c for c in state.hands[seat] if rules.information.counts_toward_void(c, suit, trump)
            ]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_counter_voids_shown_hold_in_the_players_real_hand(players: int) -> None:
    """Counter: a follower off the suit to follow (trumps after a led Two) holds
    none of it but possibly its Eight; checked against real hidden hands."""
    from counter_rules import Counter

    rules = Counter(players=players, target=6)
    assert _check_voids(rules, rules.information.voids_shown, range(6)) > 0
    eight = Card.parse("8S")
    assert not rules.information.counts_toward_void(eight, Suit.SPADES, Suit.HEARTS)
    assert rules.information.counts_toward_void(Card.parse("9S"), Suit.SPADES, Suit.HEARTS)


# -- the trick: values, the winner and its explanation --------------------------
#
# Mutants of the trick modules (``tools/mutate.py`` on plain_tricks.py and
# oh_hell_tricks.py with the Oh Hell rule tests) that survive because no
# behaviour changes; every other mutant is killed by a test:
#
# - plain_tricks ``_HALF_STRENGTH = [0] * KEY_COUNT``, 0 -> 1 and 0 -> -1: the
#   placeholder of keys that no card of an Oh Hell deck has (a trick or a deal
#   holding another card is refused before it is resolved).
# - plain_tricks ``plain_level``'s ``else 0`` -> ``else -1``, and
#   oh_hell_tricks' Brader Joker level ``(1 if suit is None else 0)``,
#   0 -> -1: a card that cannot win is never played before one that can (the
#   led card ranks, or after led Jokers the first suited card), so
#   ``best_card`` passes over a negative level as it passes over level 0.
# - oh_hell_tricks ``return plain_tricks.resolve_suited(...)`` deleted: the
#   short path of a trick without Jokers or bowers that is not explained; the
#   full path after it gives the same result
#   (``test_oh_hell_quick_resolution_equals_the_explained_one``).


def _resolved(
    rules: OhHell,
    text: str,
    trump: Suit | None,
    *,
    leader: int = 0,
    trump_card: str | None = None,
) -> TrickResult:
    """Resolve ``"Jo:low 5D KD"`` (leader first; a Joker's call after a colon)."""
    plays = []
    for i, item in enumerate(text.split()):
        shown, _, call = item.partition(":")
        seat = (leader + i) % rules.players
        plays.append(PlayedCard(seat, Card.parse(shown), None, call or None))
    turned = Card.parse(trump_card) if trump_card else None
    return resolve_trick(plays, trump=trump, rules=rules, trump_card=turned)


def _explained(
    rules: OhHell,
    text: str,
    trump: Suit | None,
    *,
    leader: int = 0,
    trump_card: str | None = None,
) -> list[str]:
    """The sentences explaining the trick, in order."""
    result = _resolved(rules, text, trump, leader=leader, trump_card=trump_card)
    return [str(effect) for effect in result.effects]


PLAIN_4 = OhHell(players=4, schedule=(3,))
LOSER_JOKERS = OhHell(players=4, schedule=(3,), jokers="loser")
BRADER_JOKERS = OhHell(players=3, schedule=(3,), jokers="brader")


def test_a_tricks_values_are_the_card_strengths_ace_high_and_joker_above() -> None:
    """A card is worth its rank (Jack 11, Queen 12, King 13), the Ace 14 (Ace
    high) and a Joker 15: the values a trick reports."""
    result = _resolved(LOSER_JOKERS, "Jo AS KS 2S", Suit.HEARTS)
    assert list(result.values) == [15, 14, 13, 2]
    assert result.half_values == (30, 28, 26, 4)
    result = _resolved(PLAIN_4, "JD QD 10D 9D", None)
    assert list(result.values) == [11, 12, 10, 9]
    assert result.winner == 1


def test_a_trick_played_through_the_engine_reports_the_same_values() -> None:
    """The engine's own path for plain Oh Hell reports each card's strength:
    the Ace 14, the King 13, the Two 2."""
    state = bid(game(OhHell(players=3, schedule=(1,)), ("KH", "AS", "2S"), "3C"), 0, 0, 0)
    state = play(state, "AS", "2S", "KH")  # seat 1 leads
    assert state.tricks[0].half_values == (28, 4, 26)
    assert state.tricks[0].winner == 1


def test_of_two_identical_cards_of_two_packs_the_first_played_wins() -> None:
    """With two packs, a card of the second pack ranks as its twin of the first,
    and of two identical cards the one played first wins."""
    two_packs = OhHell(players=4, decks=2, schedule=(3,))
    result = _resolved(two_packs, "KS/1 AS/1 QS AS", Suit.HEARTS)
    assert list(result.values) == [13, 14, 12, 14]
    assert result.winner == 1
    assert _resolved(two_packs, "QS AS KS/1 AS/1", Suit.HEARTS).winner == 1
    one_card = attrs.evolve(two_packs, schedule=(1,))
    state = bid(game(one_card, ("2C", "KS/1", "AS/1", "AS"), "3D"), 0, 0, 0, 0)
    state = play(state, "KS/1", "AS/1", "AS", "2C")  # seat 1 leads
    assert state.tricks[0].winner == 2


def test_plain_following_lists_the_led_suit_when_held_else_any_card() -> None:
    """Plain Oh Hell's follow rule, as the advice companion lists it for bots:
    a player holding the led suit plays one of its cards; a player holding
    none, or leading, plays any card."""
    hand = tuple(cards("2H 9S KS"))
    spade_led = (PlayedCard(0, Card.parse("5S")),)
    club_led = (PlayedCard(0, Card.parse("5C")),)
    advice = PLAIN_4.advice
    assert [str(p.card) for p in advice.plays_from(hand, spade_led, None, 1) or ()] == [
        "9♠",
        "K♠",
    ]
    assert [str(p.card) for p in advice.plays_from(hand, club_led, None, 1) or ()] == [
        "2♥",
        "9♠",
        "K♠",
    ]
    assert [str(p.card) for p in advice.plays_from(hand, (), None, 0) or ()] == ["2♥", "9♠", "K♠"]


def test_an_explained_trick_names_the_trump_and_why_the_winner_wins() -> None:
    """An explanation says the trump, then which card wins and why: the highest
    trump, else the highest card of the led suit."""
    assert _explained(PLAIN_4, "KS AS QS 2S", None) == [
        "trump is none",
        "A♠ (seat 1) wins: the highest card of the led suit",
    ]
    assert _explained(PLAIN_4, "KS AS 2H QS", Suit.HEARTS, leader=2) == [
        "trump is ♥",
        "2♥ (seat 0) wins: the highest trump",
    ]
    (winner,) = [e for e in _resolved(PLAIN_4, "KS AS 2H QS", Suit.HEARTS).effects[1:]]
    assert (winner.kind, winner.index) == ("winner", 2)


def test_an_explained_trick_says_a_turned_up_joker_leaves_the_other_the_only_trump() -> None:
    """Under Brader's Jokers a turned-up Joker makes the other Joker the only
    trump: the explanation says so and calls the Joker the highest trump."""
    assert _explained(BRADER_JOKERS, "AS Jo/1 2S", None, trump_card="Jo") == [
        "a Joker was turned up: the other Joker is the only trump",
        "Jo/1 (seat 1) wins: the highest trump",
    ]


def test_an_explained_trick_says_a_led_joker_leaves_the_suit_to_the_next_card() -> None:
    """A led Joker that is not a suit of its own sets no suit: the explanation
    says the first suited card sets it. A led Brader Joker asks for Jokers, so
    nothing is said."""
    assert _explained(LOSER_JOKERS, "Jo 5D 2H 3D", Suit.HEARTS) == [
        "trump is ♥",
        "a Joker was led: the first suited card sets ♦",
        "2♥ (seat 2) wins: the highest trump",
    ]
    assert _explained(LOSER_JOKERS, "5D Jo 2H 3D", Suit.HEARTS)[1:] == [
        "2♥ (seat 2) wins: the highest trump"
    ]
    assert _explained(BRADER_JOKERS, "Jo AS KS", Suit.HEARTS) == [
        "trump is ♥",
        "Jo (seat 0) wins: the highest card of the led suit",
    ]


def test_a_trick_of_losing_jokers_alone_goes_to_nobody_and_its_leader_leads_again() -> None:
    """With two players and Jokers that never win, a led Joker and the other
    Joker played to it make a trick no card can win: it goes to nobody, and the
    player who led it leads again."""
    two = OhHell(players=2, schedule=(2,), jokers="loser")
    result = _resolved(two, "Jo Jo/1", Suit.HEARTS, leader=1)
    assert (result.winner, result.winning_index, result.next_leader) == (None, None, 1)
    assert [str(e) for e in result.effects] == [
        "trump is ♥",
        "no card can win: seat 1 leads again",
    ]


def test_a_following_card_outside_the_deck_is_refused_by_name() -> None:
    """A state built by hand whose follower holds a card of the led suit that
    the ruleset's deck lacks (a second pack's Queen in a one-pack game) gets
    the library's error naming the card, not a play of nothing."""
    state = play(bid(game(OhHell(players=2, schedule=(2,)), ["2H 3H", "AS KS"], "4D"), 0, 0), "AS")
    assert state.current_player == 0
    odd_card = Card.parse("QS/1")
    odd = attrs.evolve(state, hands=((odd_card, Card.parse("3H")), state.hands[1]))
    with pytest.raises(InvalidArgumentError, match=f"{odd_card} is not a card of this ruleset"):
        legal_moves(odd)


# Mutants of the trick modules that tools/mutate.py leaves alive, each
# equivalent (no trick a game can reach tells them apart):
# - plain_tricks `_HALF_STRENGTH = [0] * KEY_COUNT`, 0 -> 1 or -1: the entries
#   of keys that are no card, never read;
# - plain_tricks.plain_level `else 0` -> `else -1` and oh_hell_tricks' Joker
#   level `else 0` -> `else -1`: a level below 0 would rank only a card that
#   comes before every card that can win, and the first card that can win is
#   always the led card or the Joker that sets the suit;
# - oh_hell_tricks `return plain_tricks.resolve_suited(...)` deleted: the full
#   resolution then gives the same result for a trick of suited cards (it is
#   the shortcut the engine's path takes).
