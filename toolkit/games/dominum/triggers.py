"""What the cards' and Strongholds' abilities do by themselves (rules/dominum.txt: "Triggered
Abilities", "Conditions", "Strongholds", "Keyword Abilities: Knockback"): the bonuses and guards
that hold while a condition does (Infiltrate, Protector, or always), and what happens when a card
is wounded the first time, defeated, deployed, or an enemy enters an assault zone.

The effects are the cards' data (effects.py); nothing here knows a card by its name. In a match
recorded before the effects were data (`MatchState.card_effects` False) none of this applies: the
table applied the abilities by hand then.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Literal

from toolkit.data.effects import Effect
from toolkit.errors import RuleError
from toolkit.games.dominum.board import Player, Space, opponent, space_name, space_text
from toolkit.games.dominum.config import DominumRules
from toolkit.games.dominum.effects import Ability
from toolkit.games.dominum.rules import Modifier, apply_wound
from toolkit.games.dominum.state import (
    Card,
    Choice,
    MatchState,
    Pending,
    Side,
    Unit,
    discard,
    with_side,
    with_unit,
)

Where = Literal["own", "opponent", "neutral"]
"""Whose Domain a card stands in, to its owner (the calculators' --attacker-domain)."""


@dataclass(frozen=True)
class Bonus:
    """A number an ability adds to a total, with the card and ability that give it."""

    card: str
    ability: Ability
    value: int

    def modifier(self, total: str) -> Modifier:
        head = self.ability.head.word if self.ability.head else "always"
        return Modifier(self.value, f"{head} ({self.card}): +{self.value} to the {total}")


# -- conditions -----------------------------------------------------------------------------------
def condition_holds(ability: Ability, where: Where) -> bool:
    """Infiltrate: only in the opponent's Domain. Protector: only in its own Domain. An ability
    with no condition always holds."""
    if ability.heads("Infiltrate"):
        return where == "opponent"
    if ability.heads("Protector"):
        return where == "own"
    return ability.head is None


def where(state: MatchState, space: Space, owner: Player) -> Where:
    side = state.board.owner_of(space)
    return "neutral" if side is None else "own" if side == owner else "opponent"


def holding(card: Card, place: Where, word: str) -> Iterator[tuple[Ability, Effect]]:
    """The card's static effects named `word` whose condition holds where it stands."""
    for ability in card.abilities:
        if ability.static and condition_holds(ability, place):
            for effect in ability.effects:
                if effect.word == word:
                    yield ability, effect


# -- bonuses and guards ---------------------------------------------------------------------------
def card_attack_bonuses(card: Card, place: Where) -> list[Bonus]:
    """The card's own "add N to this card's attack total" (Infiltrate: the Skitterling's)."""
    return [Bonus(card.name, a, e.arg) for a, e in holding(card, place, "attack total")]


def attack_bonuses(state: MatchState, space: Space, unit: Unit) -> list[Bonus]:
    if not state.card_effects:
        return []
    return card_attack_bonuses(unit.card, where(state, space, unit.owner))


def defense_bonuses(state: MatchState, space: Space, unit: Unit) -> list[Bonus]:
    """What the defender's allies and Stronghold add to its defense total: an adjacent ally's
    "ally cards adjacent to this card add N" (Protector: Aelindra's), the Stronghold's "ally
    cards on your fortified spaces add N" (Free City Walls)."""
    if not state.card_effects:
        return []
    board = state.board
    found = []
    for near, ally in state.units.items():
        if ally.owner == unit.owner and near != space and board.adjacent(near, space):
            place = where(state, near, ally.owner)
            for ability, effect in holding(ally.card, place, "adjacent allies defense total"):
                found.append(Bonus(ally.card.name, ability, effect.arg))
    if space in board.fortified(unit.owner):
        tile = state.sides[unit.owner].stronghold
        for ability in tile.abilities:
            for effect in ability.effects:
                if ability.static and effect.word == "fortified allies defense total":
                    found.append(Bonus(tile.name, ability, effect.arg))
    return found


def card_knockback_guard(card: Card, place: Where) -> str | None:
    """The card's own "this card cannot be knocked back" (Protector: the Wildwood Sentinel's)."""
    for ability, _ in holding(card, place, "cannot be knocked back"):
        head = ability.head.word if ability.head else "always"
        return f"{card.name} cannot be knocked back ({head})"
    return None


def knockback_guard(state: MatchState, space: Space, unit: Unit) -> str | None:
    """Why a Knockback cannot shift this card: its own ability, or an adjacent ally's "adjacent
    ally Warriors cannot be knocked back" (Protector: the Shieldbearer's) for a Warrior."""
    if not state.card_effects:
        return None
    guard = card_knockback_guard(unit.card, where(state, space, unit.owner))
    if guard is not None or unit.card.kind != "warrior":
        return guard
    for near, ally in state.units.items():
        if ally.owner == unit.owner and state.board.adjacent(near, space):
            place = where(state, near, ally.owner)
            word = "adjacent ally warriors cannot be knocked back"
            for ability, _ in holding(ally.card, place, word):
                head = ability.head.word if ability.head else "always"
                return f"{ally.card.name} keeps adjacent ally Warriors from Knockback ({head})"
    return None


# -- the Stronghold --------------------------------------------------------------------------------
def stronghold_limit(state: MatchState, player: Player) -> int:
    """Strongholds: "A Stronghold ability can only be used once in a turn unless otherwise
    stated" (rules.toml stronghold.uses_per_turn); a card's "your Stronghold ability may be used
    N times in a turn" raises it while its condition holds (Protector: Skyfather Oren's)."""
    limit = state.rules.stronghold.uses_per_turn
    for space, unit in state.units.items():
        if unit.owner == player:
            for _, effect in holding(unit.card, where(state, space, player), "stronghold uses"):
                limit = max(limit, effect.arg)
    return limit


def use_stronghold(state: MatchState, player: Player, steps: list[str]) -> MatchState:
    """One more use of the player's Stronghold ability this turn, within its limit."""
    used = state.stronghold_used.get(player, 0)
    limit = stronghold_limit(state, player)
    tile = state.sides[player].stronghold.name
    if used >= limit:
        raise RuleError("Strongholds", f"{tile}'s ability was used {used} time(s) this turn")
    steps.append(f"{tile}: its ability used ({used + 1} of {limit} this turn)")
    return replace(state, stronghold_used={**state.stronghold_used, player: used + 1})


def charged(side: Side, amount: int, rules: DominumRules) -> Side:
    """Charge tokens onto a Stronghold: "Strongholds can have up to 3 Charge tokens"."""
    return replace(side, charge=min(rules.stronghold.charge_limit, side.charge + amount))


def paid(side: Side, amount: int) -> Side:
    """A cost in Charge tokens paid from the Stronghold (RuleError when it holds too few)."""
    if amount < 1:
        raise RuleError("Activated Abilities", f"a cost is 1 Charge or more, got {amount}")
    if side.charge < amount:
        raise RuleError(
            "Activated Abilities",
            f"the Stronghold holds {side.charge} Charge, the cost is {amount}",
        )
    return replace(side, charge=side.charge - amount)


def add_charge(state: MatchState, player: Player, amount: int, steps: list[str]) -> MatchState:
    """Charge tokens onto a Stronghold, an ability's."""
    side = state.sides[player]
    now = charged(side, amount, state.rules)
    steps.append(f"{player}'s Stronghold charge {side.charge} -> {now.charge}")
    return with_side(state, player, now)


def pay_charge(state: MatchState, player: Player, amount: int, steps: list[str]) -> MatchState:
    """An ability's cost in Charge tokens, paid from the Stronghold."""
    now = paid(state.sides[player], amount)
    steps.append(f"{player} pays {amount} Charge: {now.charge} left")
    return with_side(state, player, now)


def weaken(state: MatchState, space: Space, steps: list[str], *, chosen: bool) -> MatchState:
    """Weakened: -1 attack and defense; "Weakens can not be staked": a card a player chose that is
    weakened already is refused, one an effect reaches anyway stays as it is."""
    unit = state.units[space]
    if unit.weakened:
        if chosen:
            raise RuleError(
                "Weakened", f"{unit.card.name} is weakened already (weakens do not stack)"
            )
        steps.append(f"{unit.card.name} is weakened already")
        return state
    steps.append(f"{unit.card.name} on {space_name(space)} is weakened (-1/-1)")
    return with_unit(state, space, replace(unit, weakened=True))


# -- wounds and defeats ---------------------------------------------------------------------------
def wounded(
    state: MatchState,
    by: Space,
    space: Space,
    steps: list[str],
    *,
    on_discard: Space | None,
    choices: list[Choice],
) -> tuple[MatchState, bool]:
    """A wound token on the card on `space` from the card on `by` (any Knockback already done):
    its 1st wound ability, or its defeat with its On Discard ability and its player's "when an
    ally is defeated" Stronghold ability. `on_discard` is the enemy an On Discard's "weaken one
    adjacent enemy" names; when it names none and there is a choice, the choice is left open
    (`choices`, and the pending record until the player names it). Whether it was defeated."""
    target = state.units[space]
    wound = apply_wound(target.wounds, abilities=target.card.keywords, rules=state.rules)
    steps += wound.steps
    if not wound.defeated:
        state = with_unit(state, space, replace(target, wounds=wound.wounds))
        if wound.first_wound and state.card_effects:
            state = _first_wound(state, target, by, steps)
        return state, False
    state, _ = discard(state, space)
    if state.card_effects:
        state = _on_discard(state, target, space, steps, on_discard, choices)
        state = _ally_defeated(state, target.owner, steps)
    elif on_discard is not None:
        raise RuleError("On Discard", "this match's table applies the abilities by hand")
    return state, True


def _abilities(card: Card, head: str) -> Iterator[Ability]:
    return (ability for ability in card.abilities if ability.heads(head))


def _first_wound(state: MatchState, target: Unit, by: Space, steps: list[str]) -> MatchState:
    """1st wound: "The effect happens when you take your first wound. Mandatory." """
    for ability in _abilities(target.card, "1st wound"):
        for effect in ability.effects:
            steps.append(f"1st wound ({target.card.name}): {effect.term()}")
            if effect.word == "add charge":
                state = add_charge(state, target.owner, effect.arg, steps)
            elif effect.word == "weaken the wounder" and by in state.units:
                state = weaken(state, by, steps, chosen=False)
    return state


def discard_choices(state: MatchState, space: Space, owner: Player) -> list[Space]:
    """The enemies an On Discard's "weaken one adjacent enemy" may name: those adjacent to the
    defeated card's space that are not weakened already."""
    return sorted(
        near
        for near, unit in state.units.items()
        if unit.owner != owner and state.board.adjacent(near, space) and not unit.weakened
    )


def _on_discard(
    state: MatchState,
    target: Unit,
    space: Space,
    steps: list[str],
    chosen: Space | None,
    choices: list[Choice],
) -> MatchState:
    """On Discard: "Active only if a card leaves the battlefield after receiving a second wound"
    (never after a retreat or a sacrifice, which do not come here)."""
    used = False
    for ability in _abilities(target.card, "On Discard"):
        for effect in ability.effects:
            steps.append(f"On Discard ({target.card.name}): {effect.term()}")
            enemies = discard_choices(state, space, target.owner)
            if effect.word == "weaken every adjacent enemy":
                for near in enemies:
                    state = weaken(state, near, steps, chosen=False)
            elif effect.word == "weaken an adjacent enemy":
                state = _one_adjacent(state, target, enemies, chosen, steps, choices)
                used = chosen is not None
            elif effect.word == "add charge":
                state = add_charge(state, target.owner, effect.arg, steps)
    if chosen is not None and not used:
        raise RuleError("On Discard", f"{target.card.name} has no On Discard that names an enemy")
    return state


def _one_adjacent(
    state: MatchState,
    target: Unit,
    enemies: list[Space],
    chosen: Space | None,
    steps: list[str],
    choices: list[Choice],
) -> MatchState:
    """The On Discard's "weaken one adjacent enemy": the one its player names; when more than
    one could be and none is named, the choice stays open (asked; else named next)."""
    if not enemies:
        steps.append("no adjacent enemy to weaken")
        if chosen is not None:
            raise RuleError("On Discard", "no adjacent enemy is left to weaken")
        return state
    if chosen is None and len(enemies) == 1:
        chosen = enemies[0]
    if chosen is None:
        names = " or ".join(space_name(s) for s in enemies)
        steps.append(f"{target.owner} names the adjacent enemy it weakens: {names}")
        options = tuple(
            (space_name(s), f"{state.units[s].card.name} on {space_name(s)}") for s in enemies
        )
        question = f"On Discard ({target.card.name}): which adjacent enemy is weakened?"
        choices.append(Choice("on_discard", question, options))
        pending = replace(state.pending, discard_by=target.owner, discard_from=tuple(enemies))
        return replace(state, pending=pending)
    if chosen not in enemies:
        raise RuleError("On Discard", f"{space_text(chosen)} is not an adjacent enemy to weaken")
    return weaken(state, chosen, steps, chosen=True)


def _ally_defeated(state: MatchState, owner: Player, steps: list[str]) -> MatchState:
    """The defeated card's player's Stronghold ability "When an ally card is defeated" (Flesh
    Pits), within the Stronghold's uses this turn."""
    tile = state.sides[owner].stronghold
    for ability in tile.abilities:
        if ability.heads("when an ally is defeated"):
            if state.stronghold_used.get(owner, 0) >= stronghold_limit(state, owner):
                steps.append(f"{tile.name}: its ability was used this turn already")
                continue
            state = use_stronghold(state, owner, steps)
            for effect in ability.effects:
                if effect.word == "add charge":
                    state = add_charge(state, owner, effect.arg, steps)
    return state


# -- deploys and assault zones -------------------------------------------------------------------
def neutral_line_cost(
    state: MatchState, player: Player, card: Card, steps: list[str], *, stronghold: bool
) -> MatchState:
    """A card into the Neutral Line where the rules put none: its own "may be deployed into the
    Neutral Line for N Charge" (the Shadowblade's), else, when `stronghold` (the deploy phase),
    the Stronghold's "deploy one card into the Neutral Line" (Muster Field); its cost paid.
    RuleError when neither lets it."""
    if state.card_effects:
        for ability in card.abilities:
            if ability.keyword == "deployed into the neutral line" and ability.head is not None:
                steps.append(f"{card.name} goes into the Neutral Line by its ability")
                return pay_charge(state, player, ability.head.arg, steps)
        tile = state.sides[player].stronghold
        for ability in tile.abilities:
            if stronghold and ability.has("deploy a card into the neutral line"):
                steps.append(f"{tile.name}: {card.name} is deployed into the Neutral Line")
                state = use_stronghold(state, player, steps)
                return pay_charge(state, player, ability.charge, steps)
    raise RuleError("Deploy Phase", f"{card.name} cannot go into the Neutral Line")


def free_strike(ability: Ability) -> Effect | None:
    return ability.has("make a free strike") or ability.has("make a free strike with lunge")


def deployed(state: MatchState, space: Space, steps: list[str]) -> MatchState:
    """On Deploy: "you must choose to use that ability immediately once you deploy that card,
    otherwise the ability is lost": the next action may use it (a free strike it gives is an
    attack of the kind free strike; one with a cost is used with `use`)."""
    if not state.card_effects:
        return state
    unit = state.units[space]
    pending = state.pending
    for ability in _abilities(unit.card, "On Deploy"):
        strike = free_strike(ability) if not ability.costs else None
        if strike is not None:
            lunge = strike.word == "make a free strike with lunge"
            pending = replace(pending, strike_from=space, strike_lunge=lunge)
            steps.append(f"On Deploy ({unit.card.name}): it may {strike.word} now")
        else:
            pending = replace(pending, deployed=space)
            steps.append(f"On Deploy ({unit.card.name}): its ability may be used now")
    return replace(state, pending=pending)


def entered(state: MatchState, start: Space | None, end: Space) -> MatchState:
    """A card that came from `start` (None: from the hand) onto `end`: if that is the enemy's
    assault zone, and it was not there before, the enemy's "When an enemy card enters your
    assault zone" Stronghold ability may be used now (pending `entered`)."""
    if not state.card_effects or end not in state.units:
        return state
    mover = state.units[end].owner
    them = opponent(mover)
    zone = state.board.assault_zone(them)
    if end not in zone or (start is not None and start in zone):
        return state
    tile = state.sides[them].stronghold
    if any(a.heads("when an enemy enters your assault zone") for a in tile.abilities):
        return replace(state, pending=replace(state.pending, entered=end))
    return state


def cleared(pending: Pending, *, keep_entered: bool = False) -> Pending:
    """No more "at once": a new pending record (keeping an enemy's zone entry when asked)."""
    return Pending(entered=pending.entered if keep_entered else None)
