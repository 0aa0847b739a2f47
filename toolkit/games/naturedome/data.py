"""Nature Dome's data: rules.toml (the rule numbers), power_cards.csv (the Power Card deck) and
the kit's print.toml (`load_kit_data`: all three, the Health Meter step checked against them).

Every problem is a `DataError` naming the file, the spreadsheet row and the field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, field_validator

from toolkit.data import game_data_dir, load_toml_model, read_csv, read_text, validate
from toolkit.data.effects import Vocabulary
from toolkit.data.limits import MAX_COPIES
from toolkit.data.printing import CardSettings, Section, check_colour_table
from toolkit.errors import DataError
from toolkit.games.naturedome.config import NatureDomeRules
from toolkit.games.naturedome.effects import load_effects
from toolkit.games.naturedome.rules import CARD_ID, CardKind, PowerCard
from toolkit.pdf.geometry import hex_colour

RULES_FILE = "rules.toml"
CARDS_FILE = "power_cards.csv"
PRINT_FILE = "print.toml"
GAME = "naturedome"
CARD_COLUMNS = ("id", "name", "animal", "kind", "attack", "defend", "escape", "boost", "qty")
CARD_VALUES = ("attack", "defend", "escape")


class PowerCardRow(BaseModel):
    """One row of power_cards.csv; empty cells take the defaults."""

    model_config = ConfigDict(extra="ignore")

    id: str = Field(pattern=CARD_ID)
    name: str = Field(min_length=1)
    animal: str = ""
    kind: CardKind
    attack: int = Field(0, ge=0)
    defend: int = Field(0, ge=0)
    escape: int = Field(0, ge=0)
    boost: int = Field(0, ge=0)
    qty: int = Field(1, ge=1, le=MAX_COPIES)  # the kit prints a card per copy
    text: str = ""


@dataclass(frozen=True)
class DeckEntry:
    """One kind of Power Card and how many copies of it the deck holds."""

    card: PowerCard
    qty: int
    row: int


def load_rules(folder: str | Path | None = None) -> NatureDomeRules:
    """card_data/naturedome/rules.toml (or the same file in `folder`), validated."""
    return load_toml_model(game_data_dir("naturedome", folder) / RULES_FILE, NatureDomeRules)


def _check_kind(row: PowerCardRow, path: Path, number: int) -> None:
    if row.kind is CardKind.BOOST:
        for value_name in CARD_VALUES:
            if getattr(row, value_name):
                raise DataError(
                    path,
                    f"an Attack Boost has no {value_name} value; leave the cell empty",
                    row=number,
                    field=value_name,
                )
        if row.boost == 0:
            raise DataError(
                path, "an Attack Boost needs a boost value above 0", row=number, field="boost"
            )
    else:
        if row.boost:
            raise DataError(
                path,
                "only an Attack Boost (kind boost) has a boost value; leave the cell empty",
                row=number,
                field="boost",
            )
        if not any(getattr(row, value_name) for value_name in CARD_VALUES):
            raise DataError(
                path,
                "a power card needs an attack, defend or escape value above 0",
                row=number,
                field="attack",
            )


def load_power_cards(folder: str | Path | None = None) -> list[DeckEntry]:
    """The kinds of Power Card in power_cards.csv, in file order, each with its quantity."""
    path = game_data_dir("naturedome", folder) / CARDS_FILE
    entries: list[DeckEntry] = []
    seen: dict[str, int] = {}
    for number, values in read_csv(path, CARD_COLUMNS):
        cleaned = {name: value for name, value in values.items() if value != ""}
        row = validate(PowerCardRow, cleaned, path, row=number)
        if row.id in seen:
            raise DataError(
                path,
                f"duplicate id {row.id!r} (first on row {seen[row.id]})",
                row=number,
                field="id",
            )
        seen[row.id] = number
        _check_kind(row, path, number)
        card = PowerCard(**row.model_dump(exclude={"qty"}))
        entries.append(DeckEntry(card=card, qty=row.qty, row=number))
    if not entries:
        raise DataError(path, "no cards below the header")
    return entries


def load_deck(folder: str | Path | None = None) -> list[PowerCard]:
    """The whole Power Card deck, each card repeated as often as its qty says, in file order."""
    return [entry.card for entry in load_power_cards(folder) for _ in range(entry.qty)]


# ---------------------------------------------------------------------------------------------
# print.toml


class MeterSettings(Section):
    step: int = Field(gt=0)
    space_height: float = Field(ge=6, le=40)
    marker_width: float = Field(ge=8, le=80)
    marker_height: float = Field(ge=5, le=40)
    token: float = Field(default=25.0, ge=12, le=40)  # round markers: a 25 mm circle punch


COLOUR_NAMES = (
    "green",
    "yellow",
    "red",
    "knocked_out",
    "player1",
    "player2",
    "power",
    "boost",
    "back",
    "attack",
    "defend",
    "escape",
)


class PrintSettings(Section):
    """card_data/naturedome/print.toml."""

    card: CardSettings
    meter: MeterSettings
    colours: dict[str, str]

    @field_validator("colours")
    @classmethod
    def _colours(cls, value: dict[str, str]) -> dict[str, str]:
        return check_colour_table(value, COLOUR_NAMES)

    def colour(self, name: str) -> tuple[float, float, float]:
        return hex_colour(self.colours[name])


@dataclass(frozen=True)
class NatureDomeKitData:
    folder: Path
    rules: NatureDomeRules
    deck: list[DeckEntry]
    print: PrintSettings
    vocabulary: Vocabulary
    """effects.toml: the words a card's values are, and the card's printed rules text."""


def _line_of(path: Path, section: str, key: str) -> int | None:
    """The line of `key = ...` inside `[section]` of a TOML file."""
    inside = False
    for number, line in enumerate(read_text(path).splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith("["):
            inside = stripped == f"[{section}]"
        elif inside and re.match(rf"{re.escape(key)}\s*=", stripped):
            return number
    return None


def check_meter_step(data: NatureDomeKitData) -> None:
    """The marker moves in steps: the rule numbers and every card value must be multiples of the
    step, or a player could not put the marker where the damage says."""
    step = data.print.meter.step
    rules_path = data.folder / RULES_FILE
    numbers = {
        "health.start": data.rules.health.start,
        "health.yellow_at_or_below": data.rules.health.yellow_at_or_below,
        "health.red_at_or_below": data.rules.health.red_at_or_below,
        "penalty.yellow": data.rules.penalty.yellow,
        "penalty.red": data.rules.penalty.red,
    }
    for name, value in numbers.items():
        if value % step:
            raise DataError(
                rules_path,
                f"{value} is not a multiple of the Health Meter step {step} "
                f"(print.toml meter.step); the marker could not show it",
                line=_line_of(rules_path, *name.split(".")),
                field=name,
            )
    cards_path = data.folder / CARDS_FILE
    for entry in data.deck:
        for name in ("attack", "defend", "escape", "boost"):
            value = getattr(entry.card, name)
            if value % step:
                raise DataError(
                    cards_path,
                    f"{value} is not a multiple of the Health Meter step {step} "
                    f"(print.toml meter.step); the marker could not show the damage",
                    row=entry.row,
                    field=name,
                )


def load_kit_data(folder: str | Path | None) -> NatureDomeKitData:
    """rules.toml, power_cards.csv and effects.toml through the engine's loaders, and print.toml,
    checked."""
    root = game_data_dir(GAME, folder)
    data = NatureDomeKitData(
        folder=root,
        rules=load_rules(root),
        deck=load_power_cards(root),
        print=load_toml_model(root / PRINT_FILE, PrintSettings),
        vocabulary=load_effects(root),
    )
    check_meter_step(data)
    return data
