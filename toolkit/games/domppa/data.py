"""Loading Domppa's card_data: rules.toml, characters.csv, weapons.csv, armour.csv, shields.csv,
and the kit's print.toml and map.toml (`load_kit_data`: all of it, with derived character stats
and each character's gear checked against its cards).

Every problem is a located `DataError` (file, row, field). Columns are documented in
card_data/domppa/README.md.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass
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
    load_toml,
    load_toml_model,
    read_csv,
    read_text,
    validate,
)
from toolkit.data.printing import (
    CardSettings,
    Section,
    StandeeSettings,
    check_colour_table,
)
from toolkit.errors import DataError, DomekitError
from toolkit.games.domppa.abilities import Ability, parse_abilities
from toolkit.games.domppa.config import DomppaRules
from toolkit.games.domppa.rules import encumbrance, hit_points, protection_total, unit_size
from toolkit.pdf.geometry import hex_colour

GAME = "domppa"
DAMAGE_TYPES = ("blunt", "piercing", "slashing", "armor-piercing", "armor-negating")
ELEMENTS = ("none", "fire", "cold", "poison", "paralysis")
COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
CONDITIONS = ("burning", "freezing", "poisoned", "paralysed", "fleeing", "berserk", "stunned")
DECKS = {"weapon": "Weapon", "armour": "Armour", "shield": "Shield", "spell": "Spell"}
Movement = Literal["open", "difficult", "impassable"]
Pattern = Literal["none", "dots", "trees", "bricks", "waves", "ripples", "planks", "stripes"]


def load_rules(folder: str | Path | None = None) -> DomppaRules:
    """rules.toml from the shipped data (cached) or from a user's folder."""
    if folder is None:
        return _shipped_rules()
    return load_toml_model(game_data_dir(GAME, folder) / "rules.toml", DomppaRules)


@lru_cache(maxsize=1)
def _shipped_rules() -> DomppaRules:
    return load_toml_model(game_data_dir(GAME) / "rules.toml", DomppaRules)


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

    @model_serializer(mode="wrap")
    def _dump(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """The row as a match stores it; a character without gear (one added at the table, or
        one of a match saved before characters carried gear) stores none, so its saved state
        reads the same as it always did."""
        row: dict[str, Any] = handler(self)
        for optional in ("gear", "side"):  # issue 17's side, the same way
            if not row.get(optional):
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


def load_weapons(folder: str | Path | None = None) -> list[WeaponRow]:
    return load_csv_models(_folder(folder) / "weapons.csv", WeaponRow, key="name")


def load_armour(folder: str | Path | None = None) -> list[ArmourRow]:
    return load_csv_models(_folder(folder) / "armour.csv", ArmourRow, key="name")


def load_shields(folder: str | Path | None = None) -> list[ShieldRow]:
    return load_csv_models(_folder(folder) / "shields.csv", ShieldRow, key="name")


def load_spells(folder: str | Path | None = None) -> list[SpellRow]:
    """spells.csv, if the folder has one (an older copy of the data has none: no spell cards)."""
    path = _folder(folder) / "spells.csv"
    return load_csv_models(path, SpellRow, key="name") if path.exists() else []


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
# map.toml


class Terrain(Section):
    """One legend entry of map.toml."""

    name: str = Field(min_length=1)
    movement: Movement
    colour: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    pattern: Pattern = "none"


@dataclass(frozen=True)
class BattleMap:
    name: str
    rows: tuple[str, ...]  # top row first, as written in the file
    legend: dict[str, Terrain]

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def height(self) -> int:
        return len(self.rows)

    def symbol(self, col: int, row: int) -> str:
        """The symbol of the square at column `col` (0 = A) and row `row` (0 = row 1, bottom)."""
        return self.rows[self.height - 1 - row][col]

    def used_symbols(self) -> list[str]:
        """Legend symbols the grid uses, in legend order."""
        used = set("".join(self.rows))
        return [symbol for symbol in self.legend if symbol in used]


def _grid_first_line(text: str) -> int | None:
    """The file line of the grid's first row (the line after `grid = '''`)."""
    for number, line in enumerate(text.splitlines(), start=1):
        if re.match(r"\s*grid\s*=", line):
            rest = line.split("=", 1)[1].strip()
            return number + 1 if rest in ("'''", '"""') else number
    return None


def load_map(path: str | Path) -> BattleMap:
    """map.toml: `name`, `grid` (one character a square) and `[legend]`; every problem is a
    DataError naming the file, the line and, for the legend, the field."""
    path = Path(path)
    data = load_toml(path)
    text = read_text(path)
    name = data.get("name", "Battle map")
    if not isinstance(name, str) or not name.strip():
        raise DataError(path, "name must be a non-empty text", field="name")
    raw_legend = data.get("legend")
    if not isinstance(raw_legend, dict) or not raw_legend:
        raise DataError(path, "missing [legend]: one entry per grid symbol", field="legend")
    legend: dict[str, Terrain] = {}
    for symbol, entry in raw_legend.items():
        if len(symbol) != 1 or symbol.isspace():
            raise DataError(
                path, f"legend symbol {symbol!r} must be one visible character", field="legend"
            )
        try:
            legend[symbol] = validate(Terrain, entry, path)
        except DataError as exc:
            raise DataError(
                path,
                exc.detail,
                line=_line_of_symbol(text, symbol),
                field=f"legend.{symbol}.{exc.field}" if exc.field else f"legend.{symbol}",
            ) from None
    grid = data.get("grid")
    if not isinstance(grid, str):
        raise DataError(
            path, "missing grid: a multi-line text, one character a square", field="grid"
        )
    lines = grid.split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines or all(not line.strip() for line in lines):
        raise DataError(path, "the map is empty; expected one text line per map row", field="grid")
    first = _grid_first_line(text)
    width = len(lines[0])
    if width > len(COLUMNS):
        raise DataError(
            path, f"the map is {width} squares wide; at most {len(COLUMNS)} (A to Z)", line=first
        )
    for index, line in enumerate(lines):
        line_no = first + index if first else None
        if len(line) != width:
            raise DataError(
                path,
                f"map row {index + 1} from the top is {len(line)} squares wide; "
                f"the first row is {width}",
                line=line_no,
                field="grid",
            )
        for col, symbol in enumerate(line):
            if symbol not in legend:
                known = " ".join(repr(s) for s in legend)
                raise DataError(
                    path,
                    f"unknown symbol {symbol!r} in column {COLUMNS[col]} (square "
                    f"{COLUMNS[col]}{len(lines) - index}); the legend has {known}",
                    line=line_no,
                    field="grid",
                )
    return BattleMap(name=name.strip(), rows=tuple(lines), legend=legend)


def _line_of_symbol(text: str, symbol: str) -> int | None:
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip().startswith((f'"{symbol}"', f"'{symbol}'")):
            return number
    return None


# ---------------------------------------------------------------------------------------------
# What a character carries, checked against the gear cards at build time
#
# characters.csv names each character's gear (`gear`: card names, `|`-separated). Every item must
# have a card in weapons.csv, armour.csv or shields.csv; at most one body armour, one helmet and
# one shield. The printed figures follow from the cards, or the build stops naming the row:
# protection_body is the body armour's protection (0 without one), protection_head the helmet's
# (0 without one); equipment_encumbrance lies between the encumbrance of the armour worn (at
# least) and of everything carried (at most): the rules add "equipment encumbrance" without saying
# which carried items count, so the data's figure stands as long as the cards allow it.


@dataclass(frozen=True)
class Gear:
    """One character's cards."""

    weapons: tuple[WeaponRow, ...] = ()
    body: ArmourRow | None = None
    helmet: ArmourRow | None = None
    shield: ShieldRow | None = None

    @property
    def cards(self) -> tuple[WeaponRow | ArmourRow | ShieldRow, ...]:
        worn = tuple(card for card in (self.body, self.helmet, self.shield) if card is not None)
        return (*self.weapons, *worn)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(card.name for card in self.cards)

    @property
    def armour_encumbrance(self) -> int:
        return sum(card.encumbrance for card in (self.body, self.helmet) if card is not None)

    @property
    def encumbrance(self) -> int:
        return sum(card.encumbrance for card in self.cards)


def character_gear(
    path: Path,
    rows: Sequence[CharacterRow],
    weapons: Sequence[WeaponRow],
    armour: Sequence[ArmourRow],
    shields: Sequence[ShieldRow],
) -> dict[str, Gear]:
    """Each character's gear by name, every figure checked against its cards (a DataError
    naming the file, row and field where one disagrees)."""
    every: list[WeaponRow | ArmourRow | ShieldRow] = [*weapons, *armour, *shields]
    cards = {card.name.casefold(): card for card in every}
    numbers = [number for number, _ in read_csv(path)]
    found: dict[str, Gear] = {}
    for number, row in zip(numbers, rows, strict=True):
        found[row.name] = _gear(path, number, row, cards)
    return found


def _gear(
    path: Path, number: int, row: CharacterRow, cards: dict[str, WeaponRow | ArmourRow | ShieldRow]
) -> Gear:
    def problem(message: str, field: str) -> DataError:
        return DataError(path, f"{row.name}: {message}", row=number, field=field)

    weapons: list[WeaponRow] = []
    worn: dict[str, ArmourRow | ShieldRow] = {}
    for name in split_list(row.gear):
        card = cards.get(name.casefold())
        if card is None:
            raise problem(
                f"carries {name!r}, which has no card in weapons.csv, armour.csv or shields.csv",
                "gear",
            )
        if isinstance(card, WeaponRow):
            weapons.append(card)
            continue
        slot = card.slot if isinstance(card, ArmourRow) else "shield"
        if slot in worn:
            raise problem(f"wears two {slot} cards: {worn[slot].name} and {card.name}", "gear")
        worn[slot] = card
    body, helmet, shield = worn.get("body"), worn.get("head"), worn.get("shield")
    assert body is None or isinstance(body, ArmourRow)
    assert helmet is None or isinstance(helmet, ArmourRow)
    assert shield is None or isinstance(shield, ShieldRow)
    gear = Gear(tuple(weapons), body, helmet, shield)
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
    spells: list[SpellRow] = dataclasses.field(default_factory=list)


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
    against the cards it carries (`character_gear`)."""
    root = game_data_dir(GAME, folder)
    rules = load_rules(root)
    path = root / "characters.csv"
    characters: list[Character] = []
    seen: dict[str, str] = {}
    rows = load_characters(root, rules)
    weapons, armour, shields = load_weapons(root), load_armour(root), load_shields(root)
    gear = character_gear(path, rows, weapons, armour, shields)
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
        spells=load_spells(root),
    )
