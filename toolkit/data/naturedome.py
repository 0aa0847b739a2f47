"""Nature Dome's data: rules.toml (the rule numbers) and power_cards.csv (the Power Card deck).

Every problem is a `DataError` naming the file, the spreadsheet row and the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from toolkit.data import game_data_dir, load_toml_model, read_csv, validate
from toolkit.errors import DataError
from toolkit.games.naturedome.config import NatureDomeRules
from toolkit.games.naturedome.rules import CardKind, PowerCard

RULES_FILE = "rules.toml"
CARDS_FILE = "power_cards.csv"
CARD_COLUMNS = ("id", "name", "animal", "kind", "attack", "defend", "escape", "boost", "qty")
CARD_VALUES = ("attack", "defend", "escape")


class PowerCardRow(BaseModel):
    """One row of power_cards.csv; empty cells take the defaults."""

    model_config = ConfigDict(extra="ignore")

    id: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")  # one word: actions name cards by id
    name: str = Field(min_length=1)
    animal: str = ""
    kind: CardKind
    attack: int = Field(0, ge=0)
    defend: int = Field(0, ge=0)
    escape: int = Field(0, ge=0)
    boost: int = Field(0, ge=0)
    qty: int = Field(1, ge=1, le=99)  # a sanity bound: the kit prints a card per copy
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
