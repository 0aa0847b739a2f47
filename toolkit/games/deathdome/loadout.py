"""What the cards in play give a unit and an attack: its items, the drugs and cards whose effects
last on it, the combos and set bonuses they make, and the Special Play cards on a stack.

The rule book's words: "S1, S2, S3, S4 = weapons, additions to skill or each attack stack made",
"T1, T2, T3, T4 = armor, additions to toughness or each defense stack made", "+S,+M,+T plus to
that stat for the rest of your turn or one phase" (Card Abilities); "When your team possesses all
3 items of one set, the set item from the equipment deck provides a stat bonus to the unit
equipped with it" (Sets); the Combos list; "1,2,3,4 = power cards this number can be added to any
attack or defense stack" and the timing icons (Special Play Deck). Everything comes from the cards'
effects (card_data/deathdome/effects.toml); nothing here knows a card by name. The match engine,
the calculator and the odds all build their combat sides here, so they cannot disagree.

A combo is on for a unit that carries every item of it; a drug given to the unit counts as carried
while its effects last (docs/rulings/deathdome.md). Its effects then count as the unit's; those
that change a weapon (range, push back) change the combo's weapon.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from toolkit.data.effects import Effect, Vocabulary
from toolkit.errors import DomekitError
from toolkit.games.deathdome import effects as words
from toolkit.games.deathdome.data import Combo, DeathDomeData, Item, ItemSet, SpecialPlayCard
from toolkit.games.deathdome.rules import (
    Attacker,
    Behind,
    Defender,
    SetProfile,
    WeaponProfile,
    set_bonuses,
)

Side = Literal["attack", "defence"]
STAT_WORDS = {"+S": "skill", "+T": "toughness", "+M": "movement", "T": "toughness"}
"""Words that raise a stat while their card is in play on the unit (not on a stack)."""


@dataclass(frozen=True)
class Applied:
    """One effect that took part, and the card it is printed on (the calculators' `effects`)."""

    card: str
    effect: Effect


def applied_json(applied: Iterable[Applied], vocabulary: Vocabulary) -> list[dict[str, str]]:
    """`{"card", "effect", "text"}` for each applied effect, in order, each once."""
    from toolkit.data.effects import effects_json

    seen: list[Applied] = []
    for item in applied:
        if item not in seen:
            seen.append(item)
    return [entry for a in seen for entry in effects_json(a.card, vocabulary, [a.effect])]


# ---------------------------------------------------------------------------- a unit's cards


@dataclass(frozen=True)
class UnitCards:
    """The cards in play for one unit: what it carries, what lasts on it (a drug given to it, a
    card played on it this turn), the combos they make and the sets whose bonus it gets."""

    carried: tuple[Item, ...] = ()
    lasting: tuple[Item | SpecialPlayCard, ...] = ()
    combos: tuple[Combo, ...] = ()
    sets: tuple[ItemSet, ...] = ()
    set_steps: tuple[str, ...] = ()

    def effects(self) -> list[Applied]:
        """Every effect in play on the unit (not those a weapon gives only when it attacks, nor
        those an item gives only when used)."""
        found = [
            Applied(item.name, effect)
            for item in self.carried
            if not item.attack and not item.is_drug
            for effect in item.effects
            if effect.word != "set bonus" and effect.word not in words.USE_WORDS
        ]
        found += [Applied(card.name, e) for card in self.lasting for e in _lasting(card)]
        found += [Applied(_combo_name(c, self), e) for c in self.combos for e in c.effects]
        for item_set in self.sets:
            giver = next(item for item in self.carried if item.id == item_set.bonus_item)
            found += [Applied(giver.name, e) for e in giver.effects if e.word == "set bonus"]
        return found

    def has(self, word: str) -> bool:
        return any(applied.effect.word == word for applied in self.effects())

    def ids(self) -> set[str]:
        return {card.id for card in (*self.carried, *self.lasting)}


def _lasting(card: Item | SpecialPlayCard) -> list[Effect]:
    """What a drug or a card keeps giving while it lasts: its stat words and immunities."""
    return [
        effect
        for effect in card.effects
        if effect.word in ("+S", "+T", "+M", "immune to -V", "immune to incapacitate")
    ]


def _combo_name(combo: Combo, cards: UnitCards) -> str:
    names = {card.id: card.name for card in (*cards.carried, *cards.lasting)}
    return "Combo: " + " + ".join(names.get(item, item) for item in combo.items)


def unit_cards(
    data: DeathDomeData,
    carried: Iterable[str],
    lasting: Iterable[str] = (),
    team_items: Iterable[str] | None = None,
) -> UnitCards:
    """The cards in play for a unit carrying `carried` (item ids), with `lasting` (drug and
    Special Play ids whose effects last on it), whose team owns `team_items` (None: only what
    the unit carries; a set bonus needs all 3 of the set's items owned by the team)."""
    items = tuple(_item(data, name) for name in carried)
    kept = tuple(_card(data, name) for name in lasting)
    present = {card.id for card in (*items, *kept)}
    combos = tuple(c for c in data.combos if all(item in present for item in c.items))
    owned = [*(team_items if team_items is not None else ()), *(item.id for item in items)]
    bonus = set_bonuses(owned, [item.id for item in items], set_profiles(data))
    sets = tuple(s for s in data.sets if s.id in bonus.sets)
    return UnitCards(items, kept, combos, sets, tuple(bonus.steps))


def set_profiles(data: DeathDomeData) -> tuple[SetProfile, ...]:
    """The legendary sets as the rules' set_bonuses takes them."""
    return tuple(
        SetProfile(s.id, s.stat, s.bonus, tuple(s.items), s.bonus_item, s.name) for s in data.sets
    )


def _item(data: DeathDomeData, name: str) -> Item:
    item = data.items.get(name) or data.item_by_name(name)
    if item is None:
        raise DomekitError(f"no item {name!r} in items.csv")
    return item


def _card(data: DeathDomeData, name: str) -> Item | SpecialPlayCard:
    found = data.items.get(name) or data.card_by_name(name) or data.item_by_name(name)
    if found is None:
        raise DomekitError(f"no item or Special Play card {name!r}")
    return found


@dataclass(frozen=True)
class Stats:
    """A unit's stats with every card in play on it, and how each card changed them."""

    stats: dict[str, int]
    steps: list[str]
    applied: list[Applied]


def unit_stats(base: dict[str, int], cards: UnitCards) -> Stats:
    """The four stats (Movement, Skill, Toughness, Vitae) of a unit: its type's, plus each set
    bonus, +S/+T/+M that lasts on it, a combo's T, less -M while worn (never below 0)."""
    stats = dict(base)
    steps = list(cards.set_steps)
    applied = []
    for entry in cards.effects():
        effect = entry.effect
        if effect.word == "set bonus":
            stat, change = str(effect.args[0]), int(effect.args[1])
        elif effect.word in STAT_WORDS and (effect.word != "T" or entry.card.startswith("Combo")):
            stat, change = STAT_WORDS[effect.word], effect.arg
        elif effect.word == "-M":
            stat, change = "movement", -effect.arg
        else:
            continue
        stats[stat] = max(0, stats[stat] + change)
        applied.append(entry)
        if effect.word != "set bonus":
            steps.append(f"{entry.card}: {change:+d} {stat}")
    return Stats(stats, steps, applied)


# ------------------------------------------------------------------------------------ weapons


def weapon_profile(
    item: Item, cards: UnitCards | None = None
) -> tuple[WeaponProfile, list[Applied]]:
    """A weapon card as the engine's WeaponProfile, with what a combo it is part of changes
    (a combo's range replaces the card's, its push back words add to them) and, for an
    offensive drug, the reach a "drugs at range" weapon the unit carries gives it."""
    combos = [c for c in (cards.combos if cards else ()) if item.id in c.items]
    terms = [Applied(item.name, e) for e in item.effects if e.word in ATTACK_WORDS]
    terms += [
        Applied(_combo_name(c, cards), e)
        for c in combos
        if cards is not None
        for e in c.effects
        if e.word in words.COMBO_WEAPON_WORDS
    ]
    if cards is not None and words.has(item.effects, "offensive drug"):
        # "With the Needle Gun card, the Medic may use his syringe from long range. This
        # includes ... offensive drugs on enemy units."
        reach, far = drug_reach(cards.carried, 0)
        if far:
            terms = [t for t in terms if t.effect.word != "range"]
            terms += [*far, Applied(far[0].card, Effect("range", (reach,)))]
    effects = [applied.effect for applied in terms]
    profile = WeaponProfile(
        strength=words.number(effects, "S") or 0,
        attack=words.attack_type(effects) or "ranged",  # type: ignore[arg-type]
        range=words.number(effects, "range"),
        push_on=words.number(effects, "push back on"),
        splash=words.has(effects, "splash"),
        incapacitate=words.has(effects, "incapacitate"),
        ignore_los=words.has(effects, "ignore line of sight"),
        push_squares=words.number(effects, "push back squares"),
        name=item.name,
        swap=words.has(effects, "swap places"),
    )
    return profile, terms


ATTACK_WORDS = frozenset(
    {"S", "range", *words.ATTACK_TYPES, "swap places", "offensive drug"} | words.COMBO_WEAPON_WORDS
)
"""A weapon's words that take part in its attacks."""
NO_WEAPON = WeaponProfile(strength=0, attack="close", name="no weapon")


def drug_reach(carried: Sequence[Item], close_combat: int) -> tuple[int, list[Applied]]:
    """How far the medic's drugs reach: adjacent, or a carried weapon's range where it says
    "drugs at range" (the Needle Gun: "the Medic may use his syringe from long range")."""
    for item in carried:
        if words.has(item.effects, "drugs at range") and item.range is not None:
            term = next(e for e in item.effects if e.word == "drugs at range")
            return item.range, [Applied(item.name, term)]
    return close_combat, []


# ------------------------------------------------------------------------------ what it wears


@dataclass(frozen=True)
class Guard:
    """What the cards in play do for a unit that defends (besides Toughness)."""

    armour: tuple[int, ...] = ()
    prevent_push_back: bool = False
    retaliate: int = 0
    immune_incapacitate: bool = False
    immune_direct: bool = False
    applied: list[Applied] = field(default_factory=list)


def guard(cards: UnitCards) -> Guard:
    """Each armour's T, Prevents push back, the attacker's Vitae an adjacent wound costs it,
    immunities: from every card in play on the unit."""
    armour = tuple(
        effect.arg for item in cards.carried for effect in item.effects if effect.word == "T"
    )
    applied = [Applied(i.name, e) for i in cards.carried for e in i.effects if e.word == "T"]
    flags = {"prevent push back": False, "immune to incapacitate": False, "immune to -V": False}
    retaliate = 0
    for entry in cards.effects():
        word = entry.effect.word
        if word in flags:
            flags[word] = True
            applied.append(entry)
        elif word == "-V to attacker":
            retaliate += entry.effect.arg
            applied.append(entry)
    return Guard(
        armour,
        flags["prevent push back"],
        retaliate,
        flags["immune to incapacitate"],
        flags["immune to -V"],
        applied,
    )


# ------------------------------------------------------------------------- cards on a stack


SIDE_WORDS: dict[Side, frozenset[str]] = {
    "attack": frozenset(
        {"power", "+S", "higher ground", "cause push back", "take", "cancel cards"}
    ),
    "defence": frozenset(
        {"power", "+T", "prevent push back", "+V", "draw", "cancel cards", "no kill point"}
    ),
}
"""The Special Play words the engine applies on an attack stack and on a defence stack."""
SIDE_ICONS: dict[Side, str] = {"attack": "S", "defence": "D"}


@dataclass(frozen=True)
class Played:
    """The Special Play cards played on one stack (and a usable item a defender uses there)."""

    power: tuple[int, ...] = ()
    bonus: int = 0  # +S on an attack stack, +T on a defence stack
    cause_push_back: bool = False
    prevent_push_back: bool = False
    take: int = 0  # credits taken from a killed unit's team (Bounty)
    heal: int = 0  # +V on a [V] card, once the unit has lost Vitae
    draw: int = 0
    no_kill_point: bool = False
    cancels_ranged: bool = False
    higher_ground: bool = False
    counters: bool = False
    on_wound: tuple[str, ...] = ()  # [V] cards: played only when a unit loses Vitae
    on_kill: tuple[str, ...] = ()  # [K] cards: played only when a unit is killed
    used: tuple[str, ...] = ()  # items used up on this stack ("discard")
    applied: tuple[Applied, ...] = ()  # the Special Play cards' effects
    item_applied: tuple[Applied, ...] = ()  # an item's used on the stack (not a card: no Counter)


def stack_cards(
    cards: Sequence[int | str],
    side: Side,
    data: DeathDomeData,
    carried: Sequence[Item] = (),
) -> Played:
    """The cards played on an attack or defence stack, each a power value (3) or a card's id or
    name (shove, Dodge); a defender may use an item it carries there (Smoke Bombs). A card that
    is not played on this side (its icons and words say) is refused, naming it."""
    power: list[int] = []
    applied: list[Applied] = []
    item_applied: list[Applied] = []
    on_wound, on_kill, used = [], [], []
    for value in cards:
        if isinstance(value, int):
            power.append(value)
            continue
        item = next((i for i in carried if value.casefold() in (i.id, i.name.casefold())), None)
        if item is not None and side == "defence" and item.icons and "O" in item.icons:
            item_applied += [
                Applied(item.name, e) for e in item.effects if e.word not in words.ICONS
            ]
            if words.has(item.effects, "discard"):
                used.append(item.id)
            continue
        card = data.card_by_name(value)
        if card is None:
            where = "a Special Play card" + (" or an item it carries" if side == "defence" else "")
            known = [c.id for c in data.special_play] + [i.id for i in carried]
            close = difflib.get_close_matches(value.lower(), known, n=1, cutoff=0.5)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise DomekitError(f"{value!r} is not {where} (special_play.csv){hint}")
        _check_side(card, side)
        if card.power is not None:
            power.append(card.power)
        applied += [Applied(card.name, e) for e in card.effects if e.word not in words.ICONS]
        if "V" in card.icons:
            on_wound.append(card.name)
        if "K" in card.icons:
            on_kill.append(card.name)
    effects = [entry.effect for entry in applied if entry.effect.word != "power"]
    return Played(
        power=tuple(power),
        bonus=words.total(effects, "+S" if side == "attack" else "+T"),
        cause_push_back=words.has(effects, "cause push back"),
        prevent_push_back=words.has(effects, "prevent push back"),
        take=words.total(effects, "take"),
        heal=words.total(effects, "+V"),
        draw=words.total(effects, "draw"),
        no_kill_point=words.has(effects, "no kill point"),
        cancels_ranged=any(a.effect.word == "cancel ranged attack" for a in item_applied),
        higher_ground=words.has(effects, "higher ground"),
        counters=words.has(effects, "cancel cards"),
        on_wound=tuple(on_wound),
        on_kill=tuple(on_kill),
        used=tuple(used),
        applied=tuple(applied),
        item_applied=tuple(item_applied),
    )


def _check_side(card: SpecialPlayCard, side: Side) -> None:
    """ "[S] when you make an attack / attack stack", "[D] when you defend / defense stack": a
    card goes on the stack its icon names, and only a card whose words act there."""
    other = "defence" if side == "attack" else "attack"
    icon_side = [s for s, icon in SIDE_ICONS.items() if icon in card.icons]
    extra = [e.word for e in card.effects if e.word not in words.ICONS]
    if (icon_side and side not in icon_side) or not all(w in SIDE_WORDS[side] for w in extra):
        raise DomekitError(
            f"{card.name} is not played on an {side} stack"
            + (f" (it is an {other} card: [{SIDE_ICONS[other]}])" if other in icon_side else "")
            + " (rule: Special Play Deck)"
        )


def stack_effect_cards(data: DeathDomeData, side: Side) -> list[SpecialPlayCard]:
    """The Special Play effect cards (not the plain power cards) a player may lay on an attack
    or a defence stack, as `stack_cards` takes them: the chips a phone offers on that side."""
    found = []
    for card in data.special_play:
        if card.power is not None:
            continue
        try:
            _check_side(card, side)
        except DomekitError:
            continue
        found.append(card)
    return found


def countered(mine: Played, theirs: Played) -> Played:
    """A side's cards once the other side's Counter ("cancel cards") has cancelled them: its
    power cards and its own counters stay, every other effect card does nothing."""
    if not theirs.counters:
        return mine
    kept = tuple(a for a in mine.applied if a.effect.word in ("power", "cancel cards"))
    return Played(
        power=mine.power,
        counters=mine.counters,
        cancels_ranged=mine.cancels_ranged,
        used=mine.used,
        applied=kept,
        item_applied=mine.item_applied,
    )


# ------------------------------------------------------------------------- the combat sides


def attacker_side(
    cards: UnitCards,
    skill: int,
    weapon: Item | None,
    played: Played,
    *,
    bonus: int = 0,
    swap: bool = False,
) -> tuple[Attacker, list[Applied]]:
    """The attack stack's side: the weapon (with its combos), the unit's Skill (sets, drugs and
    combos already in it), the cards on the stack: power values, +S, a [P] card's push back."""
    profile, applied = weapon_profile(weapon, cards) if weapon is not None else (NO_WEAPON, [])
    attacker = Attacker(
        cards=played.power,
        weapon=profile,
        skill=skill,
        bonus=bonus,
        effects=played.bonus,
        cause_push_back=played.cause_push_back,
        swap=swap,
    )
    return attacker, [*applied, *played.applied]


def defender_side(
    cards: UnitCards,
    toughness: int,
    vitae: int,
    played: Played,
    *,
    bonus: int = 0,
    behind: Behind = "empty",
    adjacent: bool = False,
    name: str = "target",
) -> tuple[Defender, list[Applied]]:
    """A defence stack's side: every armour's T, the unit's Toughness (sets, drugs and combos
    already in it), the cards on the stack, and what its cards in play do to the attack."""
    kept = guard(cards)
    defender = Defender(
        cards=played.power,
        armour=kept.armour,
        toughness=toughness,
        bonus=bonus,
        vitae=vitae,
        behind=behind,
        name=name,
        effects=played.bonus,
        prevent_push_back=kept.prevent_push_back or played.prevent_push_back,
        retaliate=kept.retaliate,
        adjacent=adjacent,
        heal=played.heal,
        immune_incapacitate=kept.immune_incapacitate,
        cancels=played.cancels_ranged,
    )
    return defender, [*kept.applied, *played.applied, *played.item_applied]
