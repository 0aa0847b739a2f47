"""Death Dome's card data: units, item cards, legendary sets, the Special Play deck, print settings.

`load_deathdome(data_dir)` reads card_data/deathdome (or a user's copy), validates every file and
cross-checks them (a weapon's deck is a unit type, a set's items exist and carry that set, ...).
Every problem is a `DataError` naming the file, row and field.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from toolkit.data import (
    check_colours,
    check_colours_cover,
    game_data_dir,
    line_of,
    load_csv_rows,
    load_toml,
    printing,
    read_text,
    unique_rows,
)
from toolkit.data.limits import MAX_COPIES
from toolkit.errors import DataError

if TYPE_CHECKING:
    from toolkit.games.deathdome.board import Board
    from toolkit.games.deathdome.config import RulesConfig

UNIT_TYPES = ("gunner", "warrior", "medic", "scout")
TIMING_ICONS = ("S", "D", "A", "M", "+A", "+M", "V", "K", "C", "P", "T", "O")
ICON_MEANINGS = {
    "S": "when you make an attack stack",
    "D": "when you defend / defence stack",
    "A": "uses an action",
    "M": "uses your movement phase",
    "+A": "a free action",
    "+M": "a free movement",
    "V": "when a unit loses Vitae",
    "K": "when a unit is killed",
    "C": "when a Control Point is turned",
    "P": "push back or prevent push back",
    "T": "any time on your turn",
    "O": "any time / counters",
}
SET_IDS = ("plutonium", "butros", "sansachel", "hoblerone")
# Sanity bounds, not rule numbers: the kit prints a card per copy (MAX_COPIES, in limits.py) and
# a meter space per Vitae, so a typo like 7000000 must stop with a message instead of building
# for hours.
MAX_VITAE = 99


class _Row(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


def _icons(value: object) -> tuple[str, ...]:
    if value is None or value == "":
        return ()
    if isinstance(value, list | tuple):
        return tuple(value)
    icons = tuple(str(value).replace(",", " ").split())
    for icon in icons:
        if icon.strip("[]") not in TIMING_ICONS:
            raise ValueError(
                f"unknown timing icon {icon!r}; expected some of {' '.join(TIMING_ICONS)}"
            )
    return tuple(icon.strip("[]") for icon in icons)


class UnitType(_Row):
    """One of the four units of every team, with its four stats."""

    type: Literal["gunner", "warrior", "medic", "scout"]
    name: str = Field(min_length=1)
    movement: int = Field(ge=0)
    skill: int = Field(ge=0)
    toughness: int = Field(ge=0)
    vitae: int = Field(ge=1, le=MAX_VITAE)  # a sanity bound: the kit prints a space each
    text: str = ""


class Item(_Row):
    """An item card: a weapon from one unit type's deck, armour or equipment."""

    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    kind: Literal["weapon", "armour", "equipment"]
    deck: str = Field(min_length=1)
    attack: Literal["ranged", "close", "area"] | None = None
    strength: int | None = Field(default=None, ge=1, le=4)
    toughness: int | None = Field(default=None, ge=1, le=4)
    range: int | None = Field(default=None, ge=1)
    push_on: int | None = Field(default=None, ge=2, le=3)
    splash: bool = False
    incapacitate: bool = False
    ignore_los: bool = False
    set: Literal["plutonium", "butros", "sansachel", "hoblerone"] | None = None
    price: int = Field(ge=0)
    qty: int = Field(ge=1, le=MAX_COPIES)
    icons: tuple[str, ...] = ()
    text: str = ""

    _check_icons = field_validator("icons", mode="before")(_icons)

    @property
    def is_weapon(self) -> bool:
        return self.kind == "weapon"


class SpecialPlayCard(_Row):
    """A Special Play card: a power card (1..4) and/or an effect with timing icons."""

    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    power: int | None = Field(default=None, ge=1, le=4)
    icons: tuple[str, ...] = ()
    qty: int = Field(ge=1, le=MAX_COPIES)
    text: str = ""

    _check_icons = field_validator("icons", mode="before")(_icons)


class ItemSet(BaseModel):
    """A legendary set: 3 items; its equipment card gives a stat bonus while all 3 are owned."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: Literal["plutonium", "butros", "sansachel", "hoblerone"]
    name: str = Field(min_length=1)
    stat: Literal["skill", "toughness", "movement", "vitae"]
    bonus: int = Field(ge=1)
    items: tuple[str, str, str]
    bonus_item: str


class _Sets(BaseModel):
    model_config = ConfigDict(extra="forbid")
    set: list[ItemSet]


class CardSettings(printing.CardSettings):
    corner_radius: float = Field(default=3.0, ge=0, le=20)


class BoardSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")
    square: float = Field(gt=5, le=100)
    overlap: float = Field(ge=0, le=50)


class MeterSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")
    space: float = Field(gt=4, le=40)


class PieceSettings(BaseModel):
    """[pieces]: the punch-out markers (19 and 25 mm are the common circle punches)."""

    model_config = ConfigDict(extra="forbid")
    marker: float = Field(default=19.0, ge=12, le=40)  # control point and meter markers
    large_marker: float = Field(default=25.0, ge=12, le=40)  # round, incapacitated
    incapacitated: int = Field(default=8, ge=0, le=40)  # markers for incapacitated units


HexColour = str


class PrintSettings(BaseModel):
    """print.toml: sizes in millimetres and colours as #rrggbb."""

    model_config = ConfigDict(extra="forbid")
    card: CardSettings
    board: BoardSettings
    meter: MeterSettings
    standee: printing.StandeeSettings = printing.StandeeSettings()
    pieces: PieceSettings = PieceSettings()
    deck_colours: dict[str, HexColour]
    team_colours: dict[str, HexColour]
    cell_colours: dict[str, HexColour]

    _colours = field_validator("deck_colours", "team_colours", "cell_colours")(check_colours)


@dataclass(frozen=True)
class DeathDomeData:
    """All of Death Dome's data, validated and cross-checked."""

    folder: Path
    units: dict[str, UnitType]
    items: dict[str, Item]
    special_play: list[SpecialPlayCard]
    sets: list[ItemSet]
    print: PrintSettings
    rules: RulesConfig | None = None
    board: Board | None = None

    def item_by_name(self, name: str) -> Item | None:
        """An item looked up by its printed name or id, ignoring case."""
        wanted = name.strip().casefold()
        for item in self.items.values():
            if wanted in (item.name.casefold(), item.id.casefold()):
                return item
        return None

    def deck(self, deck: str) -> list[Item]:
        return [item for item in self.items.values() if item.deck == deck]


UNIT_COLUMNS = ("type", "name", "movement", "skill", "toughness", "vitae")
ITEM_COLUMNS = ("id", "name", "kind", "deck", "attack", "strength", "toughness", "price", "qty")
SPECIAL_PLAY_COLUMNS = ("id", "name", "power", "icons", "qty")


def load_units(path: Path) -> dict[str, UnitType]:
    rows = load_csv_rows(path, UnitType, UNIT_COLUMNS)
    rows = list(unique_rows(path, rows, "type"))
    units = {row.type: row for _, row in rows}
    missing = [kind for kind in UNIT_TYPES if kind not in units]
    if missing:
        raise DataError(path, f"missing unit type(s) {', '.join(missing)}", field="type")
    return units  # type: ignore[return-value]


def _check_item(path: Path, number: int, item: Item, unit_types: set[str]) -> None:
    def bad(field: str, message: str) -> DataError:
        return DataError(path, message, row=number, field=field)

    if item.kind == "weapon":
        if item.deck not in unit_types:
            raise bad(
                "deck",
                f"unknown unit type {item.deck!r} for a weapon's deck; "
                f"expected one of {', '.join(sorted(unit_types))}",
            )
        if item.attack is None:
            raise bad("attack", "a weapon needs an attack type: ranged, close or area")
        if item.strength is None:
            raise bad("strength", "a weapon needs a strength 1..4 (S1..S4)")
        if item.toughness is not None:
            raise bad("toughness", "only armour has a toughness; leave it blank for a weapon")
        if item.attack == "area" and item.range is None:
            raise bad("range", "an area weapon needs a range in squares")
        return
    if item.deck != item.kind:
        raise bad("deck", f"{item.kind} cards belong to the {item.kind!r} deck (got {item.deck!r})")
    for field in ("attack", "strength", "range", "push_on"):
        if getattr(item, field) is not None:
            raise bad(field, f"only weapons have a {field}; leave it blank for {item.kind}")
    for field in ("splash", "incapacitate", "ignore_los"):
        if getattr(item, field):
            raise bad(field, f"only weapons have {field}; leave it blank for {item.kind}")
    if item.kind == "armour" and item.toughness is None:
        raise bad("toughness", "armour needs a toughness 1..4 (T1..T4)")
    if item.kind == "equipment" and item.toughness is not None:
        raise bad("toughness", "only armour has a toughness; leave it blank for equipment")


def load_items(path: Path, unit_types: set[str]) -> dict[str, Item]:
    rows = load_csv_rows(path, Item, ITEM_COLUMNS)
    rows = list(unique_rows(path, rows, "id"))
    for number, item in rows:
        _check_item(path, number, item, unit_types)
    return {item.id: item for _, item in rows}


def load_special_play(path: Path) -> list[SpecialPlayCard]:
    rows = load_csv_rows(path, SpecialPlayCard, SPECIAL_PLAY_COLUMNS)
    rows = list(unique_rows(path, rows, "id"))
    for number, card in rows:
        if card.power is None and not card.icons:
            raise DataError(
                path,
                "a card needs a power 1..4 or at least one timing icon",
                row=number,
                field="icons",
            )
    return [card for _, card in rows]


def load_sets(path: Path, items: dict[str, Item], items_path: Path) -> list[ItemSet]:
    data = load_toml(path)
    raw_sets = data.get("set")
    if not isinstance(raw_sets, list):
        raise DataError(path, "expected [[set]] tables", field="set")
    text = read_text(path)
    sets: list[ItemSet] = []
    for index, raw in enumerate(raw_sets):
        where = f"set[{index}]"
        set_id = raw.get("id") if isinstance(raw, dict) else None
        line = line_of(text, f'"{set_id}"') if set_id else None
        try:
            item_set = ItemSet.model_validate(raw)
        except Exception as exc:  # pydantic ValidationError
            from pydantic import ValidationError

            if not isinstance(exc, ValidationError):
                raise
            err = exc.errors()[0]
            field = ".".join(str(p) for p in err["loc"])
            raise DataError(path, err["msg"], line=line, field=f"{where}.{field}") from None
        for item_id in item_set.items:
            item = items.get(item_id)
            if item is None:
                raise DataError(
                    path,
                    f"set item {item_id!r} is not in items.csv",
                    line=line_of(text, item_id),
                    field=f"{where}.items",
                )
            if item.set != item_set.id:
                raise DataError(
                    items_path,
                    f"item {item_id!r} is listed in set {item_set.id!r} in sets.toml "
                    f"but its set column says {item.set or 'nothing'!r}",
                    field="set",
                )
        if item_set.bonus_item not in item_set.items:
            raise DataError(
                path,
                f"bonus_item {item_set.bonus_item!r} must be one of the set's 3 items",
                line=line_of(text, "bonus_item"),
                field=f"{where}.bonus_item",
            )
        if items[item_set.bonus_item].kind != "equipment":
            raise DataError(
                path,
                f"bonus_item {item_set.bonus_item!r} must be an equipment card",
                field=f"{where}.bonus_item",
            )
        sets.append(item_set)
    ids = [item_set.id for item_set in sets]
    missing = [set_id for set_id in SET_IDS if set_id not in ids]
    duplicated = sorted({set_id for set_id in ids if ids.count(set_id) > 1})
    if missing or duplicated:
        raise DataError(
            path,
            f"expected the four sets {', '.join(SET_IDS)} once each"
            + (f"; missing {', '.join(missing)}" if missing else "")
            + (f"; twice {', '.join(duplicated)}" if duplicated else ""),
            field="set",
        )
    for item in items.values():
        if item.set is not None and item.id not in next(s for s in sets if s.id == item.set).items:
            raise DataError(
                items_path,
                f"item {item.id!r} says set {item.set!r} but sets.toml does not list it",
                field="set",
            )
    return sets


def load_print_settings(path: Path) -> PrintSettings:
    from toolkit.data import load_toml_model

    return load_toml_model(path, PrintSettings)


def load_deathdome(data_dir: str | Path | None = None) -> DeathDomeData:
    """Read, validate and cross-check every Death Dome data file."""
    folder = game_data_dir("deathdome", data_dir)
    units = load_units(folder / "units.csv")
    items = load_items(folder / "items.csv", set(units))
    special_play = load_special_play(folder / "special_play.csv")
    sets = load_sets(folder / "sets.toml", items, folder / "items.csv")
    settings = load_print_settings(folder / "print.toml")
    rules, board = _engine_data(folder)
    _check_colours_cover(folder / "print.toml", settings, rules, units)
    return DeathDomeData(
        folder=folder,
        units=units,
        items=items,
        special_play=special_play,
        sets=sets,
        print=settings,
        rules=rules,
        board=board,
    )


def _check_colours_cover(
    path: Path, settings: PrintSettings, rules: RulesConfig | None, units: dict[str, UnitType]
) -> None:
    """print.toml must colour every team, deck and board cell kind the kit prints."""
    from toolkit.games.deathdome.board import KINDS

    wanted = {
        "team_colours": list(rules.teams.colours) if rules else [],
        "deck_colours": [*units, "armour", "equipment", "special_play"],
        "cell_colours": list(KINDS),
    }
    check_colours_cover(path, settings, wanted)


def _engine_data(folder: Path) -> tuple[RulesConfig | None, Board | None]:
    """rules.toml and board.toml, through the rules engine's own loaders."""
    from toolkit.games.deathdome.board import load_board
    from toolkit.games.deathdome.config import load_rules_config

    rules = load_rules_config(folder / "rules.toml")
    board = load_board(folder / "board.toml", colours=rules.teams.colours)
    return rules, board
