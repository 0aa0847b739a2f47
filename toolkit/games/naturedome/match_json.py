"""A duel's JSON form: what the tracker's log stores as a match's start, exports and imports.

It holds what the table can see and count, as the tracker has stored it since its first version:
both Health Meters, how many cards each hand and the draw pile hold, the played pile by card id,
the rounds, whose attack it is, the last clash. So only a duel played with real cards shuffled by
hand (`new_match_by_hand`) has it; a duel whose cards the engine deals knows more than the form
can hold, and is refused.

Players: `attacker` and `winner` are indexes (0 is Player 1), `round_winners` and the last
clash's `attacker` are player numbers (1 is Player 1), as the stored states have them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from toolkit.errors import DomekitError
from toolkit.games.naturedome.config import NatureDomeRules
from toolkit.games.naturedome.match import FACE_DOWN, LastClash, MatchState
from toolkit.games.naturedome.rules import Defense, PowerCard
from toolkit.parsing import Json

GAME = "naturedome"

Count = Annotated[int, Field(ge=0, le=10_000)]
CardId = Annotated[str, Field(max_length=64)]


class _Form(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class LastClashForm(_Form):
    attacker: Literal[1, 2]
    attack_total: Count
    defense_total: Count
    damage: Count
    defence: Defense
    steps: list[Annotated[str, Field(max_length=500)]] = Field(max_length=100)


class StateForm(_Form):
    """The JSON form's members and their shapes (the sums are checked against the deck after)."""

    game: Literal["naturedome"] | None = None
    data_dir: str | None = None
    duel: Annotated[int, Field(ge=1, le=10**6)] = 1
    round: Annotated[int, Field(ge=1, le=100)] = 1
    health: tuple[Count, Count]
    rounds_won: tuple[Count, Count] = (0, 0)
    round_winners: list[Literal[1, 2]] = Field(default_factory=list, max_length=100)
    attacker: Literal[0, 1] = 0
    hands: tuple[Count, Count]
    draw_pile: Count
    played: dict[str, Annotated[int, Field(ge=1, le=10_000)]] = Field(default_factory=dict)
    reshuffles: Count = 0
    winner: Literal[0, 1] | None = None
    last: LastClashForm | None = None
    # Light tracking (issue 27) only: the mode, the cards each player named in their hand (the
    # rest of it face down), the attacker's cards laid while the defender has not answered.
    mode: Literal["light", "full"] | None = None
    named: tuple[list[CardId], list[CardId]] | None = None
    table: list[CardId] = Field(default_factory=list, max_length=20)


def to_json(state: MatchState) -> Json:
    """The stored form; DomekitError for a duel whose cards the engine knows (its deck's order).
    A light duel's form also holds the cards its players named and a clash half laid."""
    if not state.by_hand or any(card is not FACE_DOWN for card in state.draw_pile):
        raise DomekitError(
            "only a duel played with cards shuffled by hand has the tracker's JSON form (it "
            "holds counts, not the order of the deck)"
        )
    if not state.light and (
        state.table or any(card is not FACE_DOWN for card in (*state.hands[0], *state.hands[1]))
    ):
        raise DomekitError(
            "a duel tracked in full rests between whole clashes, its hands face down (only a "
            "light duel names the cards drawn)"
        )
    found: Json = {
        "game": GAME,
        "data_dir": state.data_dir,
        "duel": state.duel,
        "round": state.round,
        "health": list(state.health),
        "rounds_won": list(state.rounds_won),
        "round_winners": [winner + 1 for winner in state.round_winners],
        "attacker": state.attacker,
        "hands": [len(hand) for hand in state.hands],
        "draw_pile": len(state.draw_pile),
        "played": dict(Counter(card.id for card in state.played)),
        "reshuffles": state.reshuffles,
        "winner": state.winner,
        "last": None if state.last is None else last_clash_json(state.last),
    }
    if state.light:
        found["mode"] = "light"
    named = [sorted(card.id for card in hand if card is not FACE_DOWN) for hand in state.hands]
    if any(named):
        found["named"] = named
    if state.table:
        found["table"] = [card.id for card in state.table]
    return found


def last_clash_json(last: LastClash) -> Json:
    """The last clash as the state's JSON form and the pages show it."""
    return {
        "attacker": last.attacker + 1,
        "attack_total": last.attack_total,
        "defense_total": last.defense_total,
        "damage": last.damage,
        "defence": last.defense.value,
        "steps": list(last.steps),
    }


def from_json(
    value: Mapping[str, Any], rules: NatureDomeRules, deck: tuple[PowerCard, ...]
) -> MatchState:
    """A stored state back, checked against the rules and the deck it was played with;
    DomekitError naming the member that does not fit."""
    form = _read(value)
    named = form.named or ([], [])
    if any(len(named[i]) > form.hands[i] for i in (0, 1)):
        raise DomekitError(f"a {GAME} state's named: more cards named than a hand holds")
    hands = tuple(
        (*_cards(named[i], deck, "named"), *(FACE_DOWN,) * (form.hands[i] - len(named[i])))
        for i in (0, 1)
    )
    state = MatchState(
        rules=rules,
        deck=deck,
        seed=None,
        draw_pile=(FACE_DOWN,) * form.draw_pile,
        hands=(hands[0], hands[1]),
        table=_cards(form.table, deck, "table"),
        light=form.mode == "light",
        health=form.health,
        played=_played(form.played, deck),
        round_winners=tuple(winner - 1 for winner in form.round_winners),
        round=form.round,
        attacker=form.attacker,
        reshuffles=form.reshuffles,
        winner=form.winner,
        last=None if form.last is None else _last(form.last),
        duel=form.duel,
        data_dir=form.data_dir,
    )
    _check_fits(state, form)
    return state


def _read(value: Mapping[str, Any]) -> StateForm:
    if value.get("game") not in (None, GAME):
        raise DomekitError(f"this is a {value.get('game')!r} state, not a {GAME} one")
    try:
        return StateForm.model_validate(dict(value))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "the state"
        raise DomekitError(f"a {GAME} state's {where}: {first['msg']}") from None


def _cards(ids: list[str], deck: tuple[PowerCard, ...], member: str) -> tuple[PowerCard, ...]:
    by_id = {card.id: card for card in deck}
    for card_id in ids:
        if card_id not in by_id:
            raise DomekitError(f"a {GAME} state's {member}: no Power Card {card_id!r} in the deck")
    return tuple(by_id[card_id] for card_id in ids)


def _played(played: Mapping[str, int], deck: tuple[PowerCard, ...]) -> tuple[PowerCard, ...]:
    by_id = {card.id: card for card in deck}
    cards: list[PowerCard] = []
    for card_id, count in played.items():
        card = by_id.get(card_id)
        if card is None:
            raise DomekitError(f"a {GAME} state's played: no Power Card {card_id!r} in the deck")
        cards += [card] * count
    return tuple(cards)


def _last(form: LastClashForm) -> LastClash:
    return LastClash(
        attacker=form.attacker - 1,
        attack_total=form.attack_total,
        defense_total=form.defense_total,
        damage=form.damage,
        defense=form.defence,
        steps=tuple(form.steps),
    )


def _check_fits(state: MatchState, form: StateForm) -> None:
    """What the shapes cannot say: the counts add up to the deck, no card is played more often
    than the deck holds it, the rounds agree, health is on the meter."""
    where = f"a {GAME} state"
    laid = len(state.table)
    counted = sum(form.hands) + form.draw_pile + len(state.played) + laid
    if counted != len(state.deck):
        on_table = f" + on the table {laid}" if laid else ""
        raise DomekitError(
            f"{where}: hands {form.hands[0]} + {form.hands[1]} + draw pile {form.draw_pile} + "
            f"played {len(state.played)}{on_table} = {counted}, but the deck holds "
            f"{len(state.deck)} cards"
        )
    for card_id, count in form.played.items():
        if count > state.copies(card_id):
            raise DomekitError(
                f"{where}'s played: {count} {card_id!r} played; the deck holds "
                f"{state.copies(card_id)}"
            )
    seen = Counter(
        card.id
        for card in (*state.played, *state.table, *state.hands[0], *state.hands[1])
        if card is not FACE_DOWN
    )
    for card_id, count in seen.items():
        if count > state.copies(card_id):
            raise DomekitError(
                f"{where}: {count} {card_id!r} played, laid or named; the deck holds "
                f"{state.copies(card_id)}"
            )
    if tuple(form.rounds_won) != state.rounds_won:
        raise DomekitError(
            f"{where}'s rounds_won {list(form.rounds_won)} do not match its round_winners "
            f"{form.round_winners}"
        )
    start = state.rules.health.start
    if any(health > start for health in state.health):
        raise DomekitError(f"{where}'s health {list(state.health)}: at most {start} each")
