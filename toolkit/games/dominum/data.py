"""Dominum's card data: Domain cards, Stronghold tiles and the print settings of the kit.

`load_dominum(data_dir)` reads card_data/dominum (or a user's copy): domains.csv (every Domain's
cards), strongholds.csv (each Domain's Stronghold tiles), effects.toml (the effect words their
`effects` cells are written in), print.toml (sizes, colours, component counts) and the rules
engine's rules.toml. Every problem is a `DataError` naming the file, row and field: an unknown
effect word, a bad range, a Domain that cannot field a force ("1 Hero card,
4 Elite cards, 7 Warrior cards"), a Domain without its Stronghold tiles, a missing colour.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from toolkit.data import (
    check_colours,
    check_colours_cover,
    game_data_dir,
    load_csv_rows,
    load_toml_model,
    printing,
    read_text,
)
from toolkit.data.effects import Vocabulary
from toolkit.errors import DataError
from toolkit.games.dominum.effects import Ability, Owner, group, load_effects
from toolkit.games.dominum.effects import text as effects_text

if TYPE_CHECKING:
    from toolkit.games.dominum.config import DominumRules

CARD_TYPES = ("hero", "elite", "warrior")
RANGES = ("radial", "standard")

DOMAIN_COLUMNS = ("domain", "name", "type", "strength", "range", "effects")
STRONGHOLD_COLUMNS = ("domain", "name", "effects")
RETIRED_COLUMNS = ("keywords", "ability")
"""The columns a card's abilities had before they were data (issue 26): refused, naming
`effects`."""


class _Row(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


def _lower(value: object) -> object:
    return value.strip().lower() if isinstance(value, str) else value


class DomainCard(_Row):
    """A Domain card ("Card Anatomy"): name, fly icon, type, attack strength, range, and its
    abilities as an `effects` cell (effects.py; the ability text box prints their text).
    `defense` is blank when the card defends with its strength (RULINGS.md); the match's card
    (`setup.card_of`) then defends with its strength."""

    domain: str = Field(min_length=1)
    name: str = Field(min_length=1)
    type: Literal["hero", "elite", "warrior"]
    strength: int = Field(ge=0, le=20)
    defense: int | None = Field(default=None, ge=0, le=20)
    range: Literal["radial", "standard"]
    fly: bool = False
    effects: str = ""
    qty: int = Field(default=1, ge=1, le=30)

    _check_lower = field_validator("type", "range", mode="before")(_lower)


class Stronghold(_Row):
    """A Stronghold tile: a Domain's unique ability (its `effects` cell); it holds the Charge
    tokens."""

    domain: str = Field(min_length=1)
    name: str = Field(min_length=1)
    effects: str = Field(min_length=1)


class CardSettings(printing.CardSettings):
    """A card's size; the battlefield's spaces are one card each, hence the narrower bounds."""

    width: float = Field(gt=20, le=200)
    height: float = Field(gt=20, le=200)
    safe: float = Field(ge=0, le=15)


class BoardSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")
    margin: float = Field(ge=0, le=20)
    overlap: float = Field(ge=0, le=50)


class TokenSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")
    phase: float = Field(ge=12, le=40)
    condition: float = Field(ge=10, le=40)
    counter: float = Field(ge=10, le=40)


class Components(BaseModel):
    """Counts from "Game Components"."""

    model_config = ConfigDict(extra="forbid")
    wound: int = Field(ge=0, le=100)
    weaken: int = Field(ge=0, le=100)
    charge: int = Field(ge=0, le=100)
    surge: int = Field(ge=0, le=100)
    initiative: int = Field(ge=1, le=10)
    strongholds_per_domain: int = Field(ge=1, le=10)


class PrintSettings(BaseModel):
    """print.toml: sizes in millimetres, component counts, colours as #rrggbb."""

    model_config = ConfigDict(extra="forbid")
    card: CardSettings
    power_card: CardSettings
    board: BoardSettings
    token: TokenSettings
    components: Components
    player_colours: dict[str, str]
    domain_colours: dict[str, str]
    board_colours: dict[str, str]

    _colours = field_validator("player_colours", "domain_colours", "board_colours")(check_colours)


BOARD_COLOURS = ("neutral", "assault_zone", "stronghold")


@dataclass(frozen=True)
class DominumData:
    """All of Dominum's kit data, validated and cross-checked."""

    folder: Path
    rules: DominumRules
    cards: tuple[DomainCard, ...]
    strongholds: tuple[Stronghold, ...]
    print: PrintSettings
    vocabulary: Vocabulary
    abilities: Mapping[DomainCard | Stronghold, tuple[Ability, ...]]
    """Each card's and tile's `effects` cell, read (effects.py)."""

    def text(self, item: DomainCard | Stronghold) -> str:
        """The rules text a card or tile prints: what its effects generate."""
        return effects_text(self.vocabulary, self.abilities[item])

    @property
    def domains(self) -> tuple[str, ...]:
        """Domain names in the order domains.csv first gives them."""
        return tuple(dict.fromkeys(card.domain for card in self.cards))

    def domain_cards(self, domain: str) -> list[DomainCard]:
        return [card for card in self.cards if card.domain == domain]

    def domain_strongholds(self, domain: str) -> list[Stronghold]:
        return [tile for tile in self.strongholds if tile.domain == domain]

    def card(self, name: str) -> DomainCard | None:
        wanted = name.strip().casefold()
        return next((card for card in self.cards if card.name.casefold() == wanted), None)

    def stronghold(self, name: str) -> Stronghold | None:
        wanted = name.strip().casefold()
        return next((tile for tile in self.strongholds if tile.name.casefold() == wanted), None)


def load_domain_cards(path: Path, rules: DominumRules) -> list[tuple[int, DomainCard]]:
    """domains.csv: names unique within a Domain; every Domain can field a whole force."""
    _no_retired_columns(path)
    rows: list[tuple[int, DomainCard]] = load_csv_rows(path, DomainCard, DOMAIN_COLUMNS)
    seen: dict[tuple[str, str], int] = {}
    first_row: dict[str, int] = {}
    for number, card in rows:
        key = (card.domain.casefold(), card.name.casefold())
        if key in seen:
            raise DataError(
                path,
                f"{card.domain} has two cards named {card.name!r} (first on row {seen[key]}); "
                "give one more copies in qty instead",
                row=number,
                field="name",
            )
        seen[key] = number
        first_row.setdefault(card.domain, number)
    needed = {"hero": rules.forces.hero, "elite": rules.forces.elite}
    needed["warrior"] = rules.forces.warrior
    for domain, number in first_row.items():
        for kind in CARD_TYPES:
            have = sum(card.qty for _, card in rows if card.domain == domain and card.type == kind)
            if have < needed[kind]:
                raise DataError(
                    path,
                    f"Domain {domain!r} has {have} {kind} card(s); a force needs {needed[kind]} "
                    f"(1 Stronghold, {rules.forces.hero} Hero, {rules.forces.elite} Elite, "
                    f"{rules.forces.warrior} Warrior cards)",
                    row=number,
                    field="type",
                )
    return rows


def load_strongholds(
    path: Path, domains: tuple[str, ...], per_domain: int
) -> list[tuple[int, Stronghold]]:
    """strongholds.csv: each Domain of domains.csv has exactly its Stronghold tiles."""
    _no_retired_columns(path)
    rows: list[tuple[int, Stronghold]] = load_csv_rows(path, Stronghold, STRONGHOLD_COLUMNS)
    counts: dict[str, int] = {}
    seen: dict[str, int] = {}
    for number, tile in rows:
        if tile.domain not in domains:
            raise DataError(
                path,
                f"unknown Domain {tile.domain!r}; domains.csv has {', '.join(domains)}",
                row=number,
                field="domain",
            )
        if tile.name.casefold() in seen:
            raise DataError(
                path,
                f"duplicate Stronghold {tile.name!r} (first on row {seen[tile.name.casefold()]})",
                row=number,
                field="name",
            )
        seen[tile.name.casefold()] = number
        counts[tile.domain] = counts.get(tile.domain, 0) + 1
        if counts[tile.domain] > per_domain:
            raise DataError(
                path,
                f"Domain {tile.domain!r} has more than {per_domain} Stronghold tiles "
                "(print.toml components.strongholds_per_domain)",
                row=number,
                field="domain",
            )
    for domain in domains:
        if counts.get(domain, 0) != per_domain:
            raise DataError(
                path,
                f"Domain {domain!r} has {counts.get(domain, 0)} Stronghold tile(s); each Domain "
                f"has {per_domain} (print.toml components.strongholds_per_domain)",
                field="domain",
            )
    return rows


def _no_retired_columns(path: Path) -> None:
    """A file still written with the prose `keywords` / `ability` columns is refused, naming the
    `effects` column that replaced them (docs/effects/dominum.md)."""
    lines = read_text(path).splitlines()
    first = lines[0] if lines else ""
    header = {
        cell.strip() for cell in first.split(";" if first.count(";") > first.count(",") else ",")
    }
    retired = [name for name in RETIRED_COLUMNS if name in header]
    if retired:
        raise DataError(
            path,
            f"the column(s) {', '.join(retired)} are gone: a card's abilities are one `effects` "
            "cell of effect words (e.g. 'Protector; adjacent allies defense total +1'), which "
            "also print its text; see docs/effects/dominum.md",
            row=1,
            field=retired[0],
        )


def read_abilities(
    path: Path,
    items: Sequence[tuple[int, DomainCard | Stronghold]],
    vocabulary: Vocabulary,
    phases: Sequence[str],
) -> dict[DomainCard | Stronghold, tuple[Ability, ...]]:
    """Every row's `effects` cell, parsed and grouped into abilities (DataError naming the file,
    row, field and word)."""
    found: dict[DomainCard | Stronghold, tuple[Ability, ...]] = {}
    for number, item in items:
        owner: Owner = "card" if isinstance(item, DomainCard) else "stronghold"
        terms = vocabulary.parse(item.effects, path=path, row=number)
        found[item] = group(terms, owner=owner, phases=phases, path=path, row=number)
    return found


def load_print_settings(path: Path) -> PrintSettings:
    return load_toml_model(path, PrintSettings)


def _check_colours_cover(path: Path, settings: PrintSettings, domains: tuple[str, ...]) -> None:
    """print.toml must colour both players, every Domain and every board area the kit prints."""
    from toolkit.games.dominum.board import PLAYERS

    wanted: dict[str, list[str]] = {
        "player_colours": list(PLAYERS),
        "domain_colours": list(domains),
        "board_colours": list(BOARD_COLOURS),
    }
    check_colours_cover(path, settings, wanted)


def load_dominum(data_dir: str | Path | None = None) -> DominumData:
    """Read, validate and cross-check every Dominum data file the kit uses."""
    from toolkit.games.dominum.config import load_rules

    folder = game_data_dir("dominum", data_dir)
    rules = load_rules(folder)
    settings = load_print_settings(folder / "print.toml")
    vocabulary = load_effects(folder)
    cards_path, tiles_path = folder / "domains.csv", folder / "strongholds.csv"
    rows = load_domain_cards(cards_path, rules)
    cards = tuple(card for _, card in rows)
    domains = tuple(dict.fromkeys(card.domain for card in cards))
    tiles = load_strongholds(tiles_path, domains, settings.components.strongholds_per_domain)
    _check_colours_cover(folder / "print.toml", settings, domains)
    phases = [phase for phase in rules.rounds.phases if phase != "initiative"]
    abilities = read_abilities(cards_path, rows, vocabulary, phases)
    abilities.update(read_abilities(tiles_path, tiles, vocabulary, phases))
    strongholds = tuple(tile for _, tile in tiles)
    return DominumData(folder, rules, cards, strongholds, settings, vocabulary, abilities)
