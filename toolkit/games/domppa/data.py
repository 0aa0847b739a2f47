"""Loading Domppa's card_data: rules.toml and effects.toml (the rule numbers and the effect
words), characters.csv, weapons.csv, armour.csv, shields.csv, mounts.csv, spells.csv (sample
spell cards, optional), and the kit's print.toml and map.toml (`load_kit_data`: all of it, with
derived character stats and each character's gear checked against its cards and its
proficiencies).

Every problem is a located `DataError` (file, row, field). Columns are documented in
card_data/domppa/README.md. A card's words (effects.py) are its columns read as effect words and
its `effects` cell: `weapon_effects`, `armour_effects`, `shield_effects`, `mount_effects`; its
printed rules text is `card_text`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field as default
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    field_validator,
    model_serializer,
)

from toolkit.data import (
    game_data_dir,
    load_csv_models,
    load_csv_rows,
    load_toml_model,
    read_csv,
    unique_rows,
)
from toolkit.data.effects import Effect
from toolkit.data.printing import (
    CardSettings,
    Section,
    StandeeSettings,
    check_colour_table,
)
from toolkit.errors import DataError, DomekitError
from toolkit.games.domppa import words
from toolkit.games.domppa.abilities import Ability, parse_abilities
from toolkit.games.domppa.config import DomppaRules
from toolkit.games.domppa.effects import cell_effects, has, load_effects
from toolkit.games.domppa.gear import Held, hands_held
from toolkit.games.domppa.mapdata import COLUMNS, BattleMap, Terrain, load_map
from toolkit.games.domppa.rules import (
    HelmetProficiency,
    armour_tier,
    encumbrance,
    grid_range,
    helmet_is_heavy,
    hit_points,
    may_wear,
    protection_total,
    unit_size,
)
from toolkit.pdf.geometry import hex_colour

__all__ = ["COLUMNS", "BattleMap", "Terrain", "load_map"]  # the map's, read here too

GAME = "domppa"
DAMAGE_TYPES = words.DAMAGE_TYPE_WORDS
ELEMENTS = ("none", *words.ELEMENT_WORDS)
CONDITIONS = ("burning", "freezing", "poisoned", "paralysed", "fleeing", "berserk", "stunned")
DECKS = {"weapon": "Weapon", "armour": "Armour", "shield": "Shield", "spell": "Spell"}
UNARMED = "none"
"""The weapon a character strikes with when it holds none (the forms' and flags' word)."""


def load_rules(folder: str | Path | None = None) -> DomppaRules:
    """rules.toml and effects.toml from the shipped data (cached) or from a user's folder."""
    if folder is None:
        return _shipped_rules()
    return _rules_of(game_data_dir(GAME, folder))


@lru_cache(maxsize=1)
def _shipped_rules() -> DomppaRules:
    return _rules_of(game_data_dir(GAME))


def _rules_of(root: Path) -> DomppaRules:
    rules = load_toml_model(root / "rules.toml", DomppaRules)
    return rules.with_vocabulary(load_effects(root, rules))


class _Row(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def split_list(value: str) -> tuple[str, ...]:
    """A cell's `|`-separated list, each part stripped, blanks left out."""
    return tuple(part.strip() for part in value.split("|") if part.strip())


class CharacterRow(_Row):
    name: str = Field(min_length=1)
    health: int = Field(ge=0)
    protection_body: int = Field(ge=0)
    protection_head: int = Field(ge=0)
    protection_natural: int = Field(ge=0)
    magic_resistance: int = Field(ge=0)
    morale: int
    strength: int
    attack: int
    defence: int = Field(ge=0)
    precision: int
    equipment_encumbrance: int = Field(ge=0)
    size: int | None = Field(default=None, ge=0)
    abilities: str = ""
    gear: str = ""  # the cards it carries, `|`-separated (checked against them at build time)
    notes: str = ""
    side: str = Field(default="", max_length=20)  # the side it fights for; blank for none
    armour_proficiency: int | None = Field(default=None, ge=0)
    """The highest armour tier it may wear ("Armour types"); blank: not checked."""
    helmet_proficiency: HelmetProficiency | None = None
    """none, light or heavy ("Proficiency in heavy helmets also allows light ones")."""

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """The row as a match stores it; a character without gear (one added at the table, or
        one of a match saved before characters carried gear) stores none, so its saved state
        reads the same as it always did (issue 17's side and issue 26's proficiencies too)."""
        row: dict[str, Any] = handler(self)
        for optional in ("gear", "side", "armour_proficiency", "helmet_proficiency"):
            if row.get(optional) in (None, ""):
                row.pop(optional, None)
        return row


class WeaponRow(_Row):
    name: str = Field(min_length=1)
    damage: int = Field(ge=0)
    length: int = Field(ge=0)
    damage_types: tuple[str, ...]
    element: Literal["none", "fire", "cold", "poison", "paralysis"] = "none"
    stun: bool = False
    range: int | None = Field(default=None, ge=0)
    encumbrance: int = Field(default=0, ge=0)
    notes: str = ""
    effects: str = ""
    """The words of its `effects` cell (lance, two-handed, decay), `;`-separated."""
    terms: tuple[Effect, ...] = Field(default=(), exclude=True)
    """That cell read into effects (load_weapons)."""

    @property
    def two_handed(self) -> bool:
        return has(self.terms, "two-handed")

    @property
    def lance(self) -> bool:
        return has(self.terms, "lance")

    @property
    def decay(self) -> bool:
        return has(self.terms, "decay")

    @field_validator("damage_types", mode="before")
    @classmethod
    def _types(cls, value: object) -> object:
        if isinstance(value, str):
            value = split_list(value)
        if not isinstance(value, list | tuple):
            return value  # pydantic says what is wrong with it
        for name in value:
            if name not in DAMAGE_TYPES:
                raise ValueError(f"{name!r} is not one of {', '.join(DAMAGE_TYPES)}")
        if not value:
            raise ValueError(f"name at least one of {', '.join(DAMAGE_TYPES)}")
        return value


class ArmourRow(_Row):
    name: str = Field(min_length=1)
    slot: Literal["body", "head"]
    protection: int = Field(ge=0)
    encumbrance: int = Field(ge=0)
    notes: str = ""


class ShieldRow(_Row):
    name: str = Field(min_length=1)
    parry: int = Field(ge=0)
    protection: int = Field(ge=0)
    encumbrance: int = Field(ge=0)
    notes: str = ""


class SpellRow(_Row):
    """A spell card (sample data: the rules say how spells are cast, not which there are)."""

    name: str = Field(min_length=1)
    path: str = Field(min_length=1, max_length=20)  # the magic path it belongs to: Fire, Nature
    level: int = Field(ge=1, le=10)  # the spell path level it needs
    range: int = Field(ge=1, le=200)  # the listed range; 1 is a touch spell
    area: int = Field(default=0, ge=0, le=9)  # an area spell's side in squares; 0 one target
    fatigue: int = Field(ge=0, le=200)  # the spell's own fatigue
    element: Literal["none", "fire", "cold", "poison", "paralysis"] = "none"
    effect: str = Field(min_length=1)


class MountRow(_Row):
    """A horse or a chariot: "Mounts and chariots also raise the size, depending on the mount";
    Riding and Charioteering give "more action points" (how many: the mount's)."""

    name: str = Field(min_length=1)
    kind: Literal["horse", "chariot"]
    size: int = Field(ge=0)
    action_points: int = Field(ge=0)
    notes: str = ""

    @property
    def needs(self) -> str:
        """The ability that lets a character ride it (its key)."""
        return "riding" if self.kind == "horse" else "charioteering"


def _folder(folder: str | Path | None) -> Path:
    return game_data_dir(GAME, folder)


def load_characters(
    folder: str | Path | None = None, rules: DomppaRules | None = None
) -> list[CharacterRow]:
    """characters.csv; every ability must be one the rules name."""
    from toolkit.games.domppa.abilities import parse_abilities

    path = _folder(folder) / "characters.csv"
    rows = load_csv_models(path, CharacterRow, key="name")
    rules = rules or load_rules(folder)
    numbers = [number for number, _ in read_csv(path)]
    for number, row in zip(numbers, rows, strict=True):
        try:
            parse_abilities(rules, row.abilities)
        except DomekitError as exc:
            raise DataError(path, str(exc), row=number, field="abilities") from None
    return rows


def load_weapons(
    folder: str | Path | None = None, rules: DomppaRules | None = None
) -> list[WeaponRow]:
    """weapons.csv, each `effects` cell read into its words (naming the row of a bad one); no
    weapon may be called "none", the forms' word for striking unarmed."""
    path = _folder(folder) / "weapons.csv"
    vocabulary = (rules or load_rules(folder)).vocabulary
    found = []
    required = [name for name, info in WeaponRow.model_fields.items() if info.is_required()]
    for number, row in unique_rows(path, load_csv_rows(path, WeaponRow, required), "name"):
        if row.name.strip().casefold() == UNARMED:
            raise DataError(
                path, f"{row.name!r} is the word for no weapon (unarmed)", row=number, field="name"
            )
        terms = cell_effects(vocabulary, row.effects, words.WEAPON_CELL_WORDS, path=path,
                             row=number)  # fmt: skip
        found.append(row.model_copy(update={"terms": terms}))
    return found


def load_armour(folder: str | Path | None = None) -> list[ArmourRow]:
    return load_csv_models(_folder(folder) / "armour.csv", ArmourRow, key="name")


def load_shields(folder: str | Path | None = None) -> list[ShieldRow]:
    return load_csv_models(_folder(folder) / "shields.csv", ShieldRow, key="name")


def load_spells(folder: str | Path | None = None) -> list[SpellRow]:
    """spells.csv, if the folder has one (an older copy of the data has none: no spell cards)."""
    path = _folder(folder) / "spells.csv"
    return load_csv_models(path, SpellRow, key="name") if path.exists() else []


def load_mounts(folder: str | Path | None = None) -> list[MountRow]:
    """mounts.csv: the horses and chariots characters may ride (none when the folder has no
    mounts.csv, as a folder made before mounts has none)."""
    path = _folder(folder) / "mounts.csv"
    if not path.exists():
        return []
    return load_csv_models(path, MountRow, key="name")


# ---------------------------------------------------------------------------------------------
# A card's words (effects.toml), from its columns and its effects cell


def weapon_effects(rules: DomppaRules, weapon: WeaponRow) -> tuple[Effect, ...]:
    """A weapon's words: its damage types (and the choice when it has several), its element,
    stun, range and length, then its effects cell."""
    found = [Effect(kind) for kind in weapon.damage_types]
    if len(weapon.damage_types) > 1:
        found.append(Effect("several damage types"))
    if weapon.element != "none":
        found.append(Effect(weapon.element))
    if weapon.stun:
        found.append(Effect("stun"))
    if weapon.range is not None:
        found.append(Effect("range", (weapon.range, grid_range(rules, weapon.range))))
    found.append(Effect("length", (weapon.length,)))
    return (*found, *weapon.terms)


def armour_effects(rules: DomppaRules, armour: ArmourRow) -> tuple[Effect, ...]:
    """Body armour: its tier; a helmet: light or heavy ("Armour types")."""
    if armour.slot == "body":
        return (Effect("armour tier", (armour_tier(rules, armour.encumbrance),)),)
    heavy = helmet_is_heavy(rules, armour.protection)
    return (Effect("heavy helmet" if heavy else "light helmet"),)


def shield_effects(shield: ShieldRow) -> tuple[Effect, ...]:
    return (Effect("shield", (shield.parry, shield.protection)),)


def mount_effects(mount: MountRow) -> tuple[Effect, ...]:
    return (Effect(mount.kind, (mount.size, mount.action_points)),)


def card_effects(
    rules: DomppaRules, card: WeaponRow | ArmourRow | ShieldRow | MountRow
) -> tuple[Effect, ...]:
    """Any card's words."""
    if isinstance(card, WeaponRow):
        return weapon_effects(rules, card)
    if isinstance(card, ArmourRow):
        return armour_effects(rules, card)
    if isinstance(card, ShieldRow):
        return shield_effects(card)
    return mount_effects(card)


def card_text(rules: DomppaRules, card: WeaponRow | ArmourRow | ShieldRow | MountRow) -> str:
    """A card's printed rules text: its words' texts (its `notes` print apart, as flavour)."""
    return rules.vocabulary.text(card_effects(rules, card))


# ---------------------------------------------------------------------------------------------
# print.toml


class MapSettings(Section):
    square: float = Field(ge=10, le=60)
    overlap: float = Field(ge=0, le=50)


class TrackerSettings(Section):
    """[trackers]: the square markers of the HP and fatigue trackers and the counters; a
    tracker's space is a marker and a millimetre more."""

    marker: float = Field(ge=8, le=25)


class TokenSettings(Section):
    diameter: float = Field(ge=12, le=60)
    copies: int = Field(ge=1, le=40)
    blows: int = Field(default=12, ge=0, le=60)  # Blow tokens: one per blow received


class CounterSettings(Section):
    """[counters]: how many counters of each kind (poison left, paralysis rounds left)."""

    copies: int = Field(default=2, ge=0, le=10)


COLOUR_NAMES = ("character", *DECKS, "hp", "fatigue", "blow", *CONDITIONS)


class PrintSettings(Section):
    """card_data/domppa/print.toml."""

    character_card: CardSettings
    equipment_card: CardSettings
    map: MapSettings
    trackers: TrackerSettings
    tokens: TokenSettings
    counters: CounterSettings = CounterSettings()
    standee: StandeeSettings = StandeeSettings()
    colours: dict[str, str]

    @field_validator("colours")
    @classmethod
    def _colours(cls, value: dict[str, str]) -> dict[str, str]:
        return check_colour_table(value, COLOUR_NAMES)

    def colour(self, name: str) -> tuple[float, float, float]:
        return hex_colour(self.colours[name])


# ---------------------------------------------------------------------------------------------
# What a character carries, checked against the gear cards at build time
#
# characters.csv names each character's gear (`gear`: card names, `|`-separated). Every item must
# have a card in weapons.csv, armour.csv, shields.csv or mounts.csv; at most one body armour, one
# helmet, one shield and one mount. The printed figures follow from the cards, or the build stops
# naming the row: protection_body is the body armour's protection (0 without one),
# protection_head the helmet's (0 without one); equipment_encumbrance lies between the
# encumbrance of the armour worn (at least) and of everything carried (at most): the rules add
# "equipment encumbrance" without saying which carried items count, so the data's figure stands
# as long as the cards allow it. "Wearing an armour needs the matching or a higher proficiency":
# the armour's tier and the helmet's weight against the character's proficiencies (when given);
# a mount needs its ability (a horse Riding, a chariot Charioteering).

Card = WeaponRow | ArmourRow | ShieldRow | MountRow


@dataclass(frozen=True)
class Gear:
    """One character's cards."""

    weapons: tuple[WeaponRow, ...] = ()
    body: ArmourRow | None = None
    helmet: ArmourRow | None = None
    shield: ShieldRow | None = None
    mount: MountRow | None = None

    @property
    def cards(self) -> tuple[WeaponRow | ArmourRow | ShieldRow, ...]:
        """The cards it carries and wears (each with an encumbrance)."""
        worn = tuple(card for card in (self.body, self.helmet, self.shield) if card is not None)
        return (*self.weapons, *worn)

    @property
    def names(self) -> tuple[str, ...]:
        """The cards it carries and wears (its mount apart: it rides it)."""
        return tuple(card.name for card in self.cards)

    @property
    def armour_encumbrance(self) -> int:
        return sum(card.encumbrance for card in (self.body, self.helmet) if card is not None)

    @property
    def encumbrance(self) -> int:
        return sum(card.encumbrance for card in self.cards)

    @property
    def held(self) -> Held:
        """What a combat starts it holding: its first melee weapon, none (unarmed) when it carries
        no melee weapon, and its shield when a hand is free for it."""
        first = next((weapon for weapon in self.weapons if weapon.range is None), None)
        if first is None:
            return Held(shield=self.shield.name if self.shield else "")
        free = self.shield is not None and not first.two_handed
        return Held(first.name, shield=self.shield.name if free and self.shield else "")


def character_gear(
    path: Path,
    rows: Sequence[CharacterRow],
    cards: Sequence[Card],
    rules: DomppaRules,
) -> dict[str, Gear]:
    """Each character's gear by name, every figure checked against its cards (a DataError
    naming the file, row and field where one disagrees)."""
    by_name = {card.name.casefold(): card for card in cards}
    numbers = [number for number, _ in read_csv(path)]
    found: dict[str, Gear] = {}
    for number, row in zip(numbers, rows, strict=True):
        found[row.name] = _gear(path, number, row, by_name, rules)
    return found


def _gear(
    path: Path, number: int, row: CharacterRow, cards: dict[str, Card], rules: DomppaRules
) -> Gear:
    def problem(message: str, field: str) -> DataError:
        return DataError(path, f"{row.name}: {message}", row=number, field=field)

    weapons: list[WeaponRow] = []
    worn: dict[str, ArmourRow | ShieldRow | MountRow] = {}
    for name in split_list(row.gear):
        card = cards.get(name.casefold())
        if card is None:
            raise problem(
                f"carries {name!r}, which has no card in weapons.csv, armour.csv, shields.csv or "
                "mounts.csv",
                "gear",
            )
        if isinstance(card, WeaponRow):
            weapons.append(card)
            continue
        slot = {ShieldRow: "shield", MountRow: "mount"}.get(type(card))
        slot = slot or (card.slot if isinstance(card, ArmourRow) else "")
        if slot in worn:
            verb = "rides" if slot == "mount" else "wears"
            raise problem(f"{verb} two {slot} cards: {worn[slot].name} and {card.name}", "gear")
        worn[slot] = card
    body, helmet, shield, mount = (worn.get(slot) for slot in ("body", "head", "shield", "mount"))
    assert body is None or isinstance(body, ArmourRow)
    assert helmet is None or isinstance(helmet, ArmourRow)
    assert shield is None or isinstance(shield, ShieldRow)
    assert mount is None or isinstance(mount, MountRow)
    gear = Gear(tuple(weapons), body, helmet, shield, mount)
    for field, value, card in (
        ("protection_body", row.protection_body, body),
        ("protection_head", row.protection_head, helmet),
    ):
        wanted = card.protection if card is not None else 0
        if value != wanted:
            source = f"its {card.name} card gives {wanted}" if card else "it wears no such card: 0"
            raise problem(f"{field} is {value}, but {source}", field)
    low, high = gear.armour_encumbrance, gear.encumbrance
    if not low <= row.equipment_encumbrance <= high:
        raise problem(
            f"equipment_encumbrance is {row.equipment_encumbrance}; its cards allow {low} (the "
            f"armour worn) to {high} (everything carried: {', '.join(gear.names) or 'nothing'})",
            "equipment_encumbrance",
        )
    for armour, proficiency, field in (
        (body, row.armour_proficiency, "armour_proficiency"),
        (helmet, row.helmet_proficiency, "helmet_proficiency"),
    ):
        if armour is not None and proficiency is not None:
            allowed, why = may_wear(
                rules, armour.slot, armour.protection, armour.encumbrance, proficiency
            )
            if not allowed:
                raise problem(why, field)
    if mount is not None:
        keys = {ability.key for ability in parse_abilities(rules, row.abilities)}
        if mount.needs not in keys:
            ability = words.ABILITY_NAMES[mount.needs]
            raise problem(f"rides {mount.name} (a {mount.kind}) without {ability}", "abilities")
    try:
        hands_held(rules, gear.held.weapons(weapons), shield=bool(gear.held.shield))
    except DomekitError as exc:
        raise problem(str(exc), "gear") from None
    return gear


# ---------------------------------------------------------------------------------------------
# All the kit's data


@dataclass(frozen=True)
class Character:
    """A characters.csv row with every derived stat computed by the rules engine."""

    id: str
    row: CharacterRow
    hp: int
    size: int
    size_from_data: bool
    protection_body: int
    protection_head: int
    encumbrance: int
    spell_encumbrance: int
    ap: int
    abilities: tuple[Ability, ...]


@dataclass(frozen=True)
class DomppaKitData:
    folder: Path
    rules: DomppaRules
    characters: list[Character]
    weapons: list[WeaponRow]
    armour: list[ArmourRow]
    shields: list[ShieldRow]
    map: BattleMap
    print: PrintSettings
    gear: dict[str, Gear]  # each character's cards, by name
    mounts: list[MountRow] = default(default_factory=list)
    spells: list[SpellRow] = default(default_factory=list)


def character_id(name: str) -> str:
    """The unit's id in its QR URL: the name in lower case, words joined by '-'."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def derive(rules: DomppaRules, row: CharacterRow) -> Character:
    abilities = parse_abilities(rules, row.abilities)
    hp = hit_points(rules, row.health).hp
    size = unit_size(rules, hp, row.size)
    basic = next((a.value for a in abilities if a.key == "basic_encumbrance"), None)
    load = encumbrance(rules, row.equipment_encumbrance, basic)
    protection = {
        head_hit: protection_total(
            rules,
            body=row.protection_body,
            head=row.protection_head,
            natural=row.protection_natural,
            head_hit=head_hit,
        ).effective
        for head_hit in (False, True)
    }
    return Character(
        id=character_id(row.name),
        row=row,
        hp=hp,
        size=size.size,
        size_from_data=size.from_data,
        protection_body=protection[False],
        protection_head=protection[True],
        encumbrance=load.encumbrance,
        spell_encumbrance=load.spell_encumbrance,
        ap=load.ap,
        abilities=abilities,
    )


def load_kit_data(folder: str | Path | None) -> DomppaKitData:
    """Everything the kit prints and the tracker starts from, every character's figures checked
    against the cards it carries and its proficiencies (`character_gear`)."""
    root = game_data_dir(GAME, folder)
    rules = load_rules(root)
    path = root / "characters.csv"
    characters: list[Character] = []
    seen: dict[str, str] = {}
    rows = load_characters(root, rules)
    weapons, armour, shields = load_weapons(root, rules), load_armour(root), load_shields(root)
    mounts = load_mounts(root)
    gear = character_gear(path, rows, [*weapons, *armour, *shields, *mounts], rules)
    for row in rows:
        try:
            character = derive(rules, row)
        except DomekitError as exc:
            raise DataError(path, f"{row.name}: {exc}", field="health") from None
        if character.id in seen:
            raise DataError(
                path,
                f"{row.name!r} and {seen[character.id]!r} give the same QR id {character.id!r}",
                field="name",
            )
        seen[character.id] = row.name
        characters.append(character)
    return DomppaKitData(
        folder=root,
        rules=rules,
        characters=characters,
        weapons=weapons,
        armour=armour,
        shields=shields,
        map=load_map(root / "map.toml"),
        print=load_toml_model(root / "print.toml", PrintSettings),
        gear=gear,
        mounts=mounts,
        spells=load_spells(root),
    )
