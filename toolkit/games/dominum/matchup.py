"""Two cards face to face, as the calculators and the odds see an attack: no board, only the
cards (by their name in domains.csv), whose Domain each stands in, and what the table says.

`Matchup` holds what the two cards' abilities do to the attack (triggers.py's conditions read
from `--attacker-domain` / `--defender-domain`: Infiltrate, Protector), and `resolve` is the
engine's `rules.resolve_attack` with them, so `domekit dominum attack`, `domekit odds dominum
attack` and a match agree. What needs a board (an adjacent ally's Protector, the Stronghold) is
the match's alone.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any

from toolkit.data.effects import Vocabulary, effects_json
from toolkit.errors import DomekitError
from toolkit.games.dominum.data import DominumData
from toolkit.games.dominum.effects import Ability
from toolkit.games.dominum.power import PowerCard
from toolkit.games.dominum.rules import (
    AttackKind,
    AttackOutcome,
    Keyword,
    Modifier,
    resolve_attack,
)
from toolkit.games.dominum.state import Card
from toolkit.games.dominum.triggers import (
    Where,
    card_attack_bonuses,
    card_knockback_guard,
    condition_holds,
)

WHERE: tuple[Where, ...] = ("own", "opponent", "neutral")


def find_card(data: DominumData, name: str, flag: str) -> Card:
    """A card by its name in domains.csv (any case); a misspelt name names the nearest ones."""
    from toolkit.games.dominum.setup import card_of

    row = data.card(name)
    if row is None:
        names = [card.name for card in data.cards]
        close = difflib.get_close_matches(name, names, n=3, cutoff=0.5)
        close += [n for n in names if name.strip().casefold() in n.casefold() and n not in close]
        hint = f"; did you mean {', '.join(close[:3])}?" if close else ""
        raise DomekitError(f"{flag}: no card named {name!r} in domains.csv{hint}")
    return card_of(data, row)


def where_of(value: str, flag: str) -> Where:
    text = value.strip().lower()
    for place in WHERE:
        if text == place:
            return place
    raise DomekitError(f"{flag}: own, opponent or neutral (got {value!r})")


@dataclass(frozen=True)
class Matchup:
    """An attacker and a defender: their strengths and what their abilities do."""

    strength: int
    defense: int
    attacker: Card | None = None
    defender: Card | None = None
    attacker_where: Where = "own"
    defender_where: Where = "own"
    deadly: bool = False
    """--deadly: the attacker has Deadly (whatever its card says)."""
    lunged: bool = False
    """The attacker shifted first (Lunge): it may draw a second card."""
    coordinating: int = 0
    attacker_weakened: bool = False
    defender_weakened: bool = False
    kind: AttackKind = AttackKind.ATTACK
    extra: frozenset[Keyword] = field(default_factory=frozenset)
    """Keywords an ability lends the attack (the Flesh Hunter's free strike with Lunge)."""
    coordinating_abilities: frozenset[Keyword] = field(default_factory=frozenset)
    more_defense: tuple[Modifier, ...] = ()
    """What the board adds to the defense total (an adjacent ally's Protector, the Stronghold):
    a match's, from triggers.defense_bonuses."""
    more_attack: tuple[Modifier, ...] = ()
    """What the board adds to the attack total beyond the cards' own (a light match: what the
    table says it adds)."""

    @property
    def abilities(self) -> frozenset[Keyword]:
        found = set(self.attacker.keywords if self.attacker else ()) | set(self.extra)
        if self.deadly:
            found.add(Keyword.DEADLY)
        return frozenset(found)

    @property
    def defender_abilities(self) -> frozenset[Keyword]:
        return self.defender.keywords if self.defender else frozenset()

    def attack_modifiers(self) -> list[Modifier]:
        if self.attacker is None:
            return list(self.more_attack)
        bonuses = card_attack_bonuses(self.attacker, self.attacker_where)
        return [bonus.modifier("attack total") for bonus in bonuses] + list(self.more_attack)

    def knockback_guard(self) -> str | None:
        if self.defender is None:
            return None
        return card_knockback_guard(self.defender, self.defender_where)

    def resolve(
        self,
        power: PowerCard,
        defense_power: PowerCard | None = None,
        lunge_power: PowerCard | None = None,
        *,
        rules: Any,
    ) -> AttackOutcome:
        if lunge_power is not None and not self.lunged:
            raise DomekitError("a second power card comes only after a Lunge (--lunged)")
        return resolve_attack(
            strength=self.strength,
            power=power,
            lunge_power=lunge_power,
            defense=self.defense,
            defense_power=defense_power,
            coordinating=self.coordinating,
            attacker_weakened=self.attacker_weakened,
            defender_weakened=self.defender_weakened,
            kind=self.kind,
            abilities=self.abilities,
            coordinating_abilities=self.coordinating_abilities,
            defender_abilities=self.defender_abilities,
            defender_is_hero=self.defender is not None and self.defender.kind == "hero",
            attack_modifiers=self.attack_modifiers(),
            defense_modifiers=self.more_defense,
            knockback_guard=self.knockback_guard(),
            rules=rules,
        )

    def in_play(self, outcome: AttackOutcome | None = None) -> list[tuple[str, Ability]]:
        """The two cards' abilities that bear on this attack (and, given its outcome, on what
        follows), each with its card's name."""
        found: list[tuple[str, Ability]] = []
        if self.attacker is not None:
            for ability in self.attacker.abilities:
                if self._attacker_uses(ability, outcome):
                    found.append((self.attacker.name, ability))
        if self.defender is not None:
            for ability in self.defender.abilities:
                if self._defender_uses(ability, outcome):
                    found.append((self.defender.name, ability))
        return found

    def _attacker_uses(self, ability: Ability, outcome: AttackOutcome | None) -> bool:
        word = ability.keyword
        blocked = outcome is None or not outcome.wound
        wounds = outcome is None or outcome.wound
        if word in ("Deadly", "Free Strike"):
            return True
        if word == "Lunge":
            return self.lunged
        if word == "Outflank":
            return self.coordinating > 0
        if word == "Evasive":
            return blocked
        if word == "Knockback":
            hero = self.defender is not None and self.defender.kind == "hero"
            return wounds and not hero
        return (
            ability.static
            and any(effect.word == "attack total" for effect in ability.effects)
            and condition_holds(ability, self.attacker_where)
        )

    def _defender_uses(self, ability: Ability, outcome: AttackOutcome | None) -> bool:
        blocked = outcome is None or not outcome.wound
        if ability.keyword == "Submerge":
            return blocked and self.kind != AttackKind.COUNTERATTACK
        knockback = Keyword.KNOCKBACK in self.abilities and (outcome is None or outcome.wound)
        return (
            knockback
            and ability.static
            and condition_holds(ability, self.defender_where)
            and any(effect.word == "cannot be knocked back" for effect in ability.effects)
        )

    def effects(
        self, vocabulary: Vocabulary, outcome: AttackOutcome | None = None
    ) -> list[dict[str, str]]:
        """The abilities in play as the calculators' JSON lists them, a term an entry: `{"card",
        "effect", "text"}` (toolkit/data/effects.py's `effects_json`)."""
        entries = []
        for name, ability in self.in_play(outcome):
            entries += effects_json(name, vocabulary, ability.terms)
        return entries


def matchup(
    data: DominumData | None,
    *,
    attacker: str | None,
    defender: str | None,
    strength: int | None,
    defense: int | None,
    attacker_where: str = "own",
    defender_where: str = "own",
    **options: Any,
) -> Matchup:
    """A matchup from the calculators' flags: a card's strength and defense unless --strength
    or --defense is given (the flag wins); without a card, the flag is needed. `data` is the
    card data the names are looked up in (None when no card is named)."""
    attack_card = defense_card = None
    if attacker is not None or defender is not None:
        if data is None:  # pragma: no cover - the commands load it when a card is named
            raise DomekitError("a card named needs the card data")
        attack_card = None if attacker is None else find_card(data, attacker, "--attacker")
        defense_card = None if defender is None else find_card(data, defender, "--defender")
    if strength is None:
        if attack_card is None:
            raise DomekitError("give --attacker NAME or --strength N")
        strength = attack_card.strength
    if defense is None:
        if defense_card is None:
            raise DomekitError("give --defender NAME or --defense N")
        defense = defense_card.defense
    for value, flag in ((strength, "--strength"), (defense, "--defense")):
        if value < 0:
            raise DomekitError(f"{flag} must be 0 or more, got {value}")
    return Matchup(
        strength=strength,
        defense=defense,
        attacker=attack_card,
        defender=defense_card,
        attacker_where=where_of(attacker_where, "--attacker-domain"),
        defender_where=where_of(defender_where, "--defender-domain"),
        **options,
    )
