"""Death Dome's card data: units, item cards, legendary sets, combos, the Special Play deck,
print settings.

`load_deathdome(data_dir)` reads card_data/deathdome (or a user's copy), validates every file and
cross-checks them (a weapon's deck is a unit type, a set's items exist and carry that set, ...).
A card's rules are its `effects` cell, read with the vocabulary of effects.toml; its printed rules
text is made from them (`text`), so the card and the engine cannot disagree. Every problem is a
`DataError` naming the file, row and field.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator

from toolkit.data import (
    check_colours,
    check_colours_cover,
    game_data_dir,
    line_of,
    load_csv_rows,
    load_toml,
    printing,
    read_csv,
    read_text,
    unique_rows,
    validate,
)
from toolkit.data.effects import Effect, Vocabulary
from toolkit.data.limits import MAX_COPIES
from toolkit.errors import DataError
from toolkit.games.deathdome import effects as effect_words

if TYPE_CHECKING:
    from toolkit.games.deathdome.board import Board
    from toolkit.games.deathdome.config import RulesConfig

UNIT_TYPES = ("gunner", "warrior", "medic", "scout")
TIMING_ICONS = tuple(effect_words.ICONS.values())
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


_C = TypeVar("_C", bound=_Row)


class UnitType(_Row):
    """One of the four units of every team, with its four stats."""

    type: Literal["gunner", "warrior", "medic", "scout"]
    name: str = Field(min_length=1)
    movement: int = Field(ge=0)
    skill: int = Field(ge=0)
    toughness: int = Field(ge=0)
    vitae: int = Field(ge=1, le=MAX_VITAE)  # a sanity bound: the kit prints a space each
    text: str = ""


class _Card(_Row):
    """A card whose rules are its effects: the printed rules text is made from them."""

    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    qty: int = Field(ge=1, le=MAX_COPIES)
    effects: tuple[Effect, ...] = ()
    """What the card does, in the rule book's notation (card_data/deathdome/effects.toml)."""
    notes: str = ""
    """Flavour, printed apart from the rules: never rules."""
    text: str = ""
    """The printed rules text: made by the loader from `effects` (and the card's combos)."""

    @property
    def icons(self) -> tuple[str, ...]:
        """The timing icons the card prints ([S] [D] ...), as their letters."""
        return effect_words.icons(self.effects)

    @property
    def range(self) -> int | None:
        return effect_words.number(self.effects, "range")


class Item(_Card):
    """An item card: a weapon from one unit type's deck, armour or equipment."""

    kind: Literal["weapon", "armour", "equipment"]
    deck: str = Field(min_length=1)
    set: Literal["plutonium", "butros", "sansachel", "hoblerone"] | None = None
    price: int = Field(ge=0)

    @property
    def is_weapon(self) -> bool:
        return self.kind == "weapon"

    @property
    def is_drug(self) -> bool:
        """A drug the medic gives a friend (rules: Medic Unit); offensive drugs attack."""
        return effect_words.has(self.effects, "drug")

    @property
    def attack(self) -> str | None:
        """`ranged`, `close` or `area` (rules: Weapons); None on a card that does not attack."""
        return effect_words.attack_type(self.effects)

    @property
    def strength(self) -> int | None:
        """S1..S4 as 1..4 (rules: Card Abilities)."""
        return effect_words.number(self.effects, "S")

    @property
    def toughness(self) -> int | None:
        """T1..T4 as 1..4 (rules: Card Abilities)."""
        return effect_words.number(self.effects, "T")

    @property
    def push_on(self) -> int | None:
        return effect_words.number(self.effects, "push back on")

    @property
    def splash(self) -> bool:
        return effect_words.has(self.effects, "splash")

    @property
    def incapacitate(self) -> bool:
        return effect_words.has(self.effects, "incapacitate")

    @property
    def ignore_los(self) -> bool:
        return effect_words.has(self.effects, "ignore line of sight")

    @property
    def usable(self) -> bool:
        """Something its unit uses (an action, a free action, a drug given), not only worn."""
        return any(effect.word in effect_words.USE_WORDS for effect in self.effects)


class SpecialPlayCard(_Card):
    """A Special Play card: a power card (1..4) and/or an effect with timing icons."""

    @property
    def power(self) -> int | None:
        """1..4 for a power card (rules: Special Play Deck), None for an effect card."""
        return effect_words.number(self.effects, "power")


class Combo(_Row):
    """Items that do more together (rules: Combos): while one unit carries all of them (a drug
    given to it counts while it lasts), it has the combo's effects too."""

    id: str = Field(min_length=1)
    items: tuple[str, ...]
    effects: tuple[Effect, ...]
    notes: str = ""

    @field_validator("items", mode="before")
    @classmethod
    def _split(cls, value: object) -> object:
        if isinstance(value, str):
            return tuple(part.strip() for part in value.split("+") if part.strip())
        return value


class ItemSet(BaseModel):
    """A legendary set: 3 items; its equipment card gives a stat bonus while all 3 are owned.
    `stat`, `bonus` and `bonus_item` come from that card's `set bonus` effect (items.csv)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: Literal["plutonium", "butros", "sansachel", "hoblerone"]
    name: str = Field(min_length=1)
    items: tuple[str, str, str]
    stat: Literal["movement", "skill", "toughness", "vitae"] = "skill"
    bonus: int = 0
    bonus_item: str = ""


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
    vocabulary: Vocabulary | None = None
    combos: tuple[Combo, ...] = ()

    def item_by_name(self, name: str) -> Item | None:
        """An item looked up by its printed name or id, ignoring case."""
        wanted = name.strip().casefold()
        for item in self.items.values():
            if wanted in (item.name.casefold(), item.id.casefold()):
                return item
        return None

    def card_by_name(self, name: str) -> SpecialPlayCard | None:
        """A Special Play card looked up by its printed name or id, ignoring case."""
        wanted = name.strip().casefold()
        for card in self.special_play:
            if wanted in (card.name.casefold(), card.id.casefold()):
                return card
        return None

    def deck(self, deck: str) -> list[Item]:
        return [item for item in self.items.values() if item.deck == deck]

    def combos_of(self, card: str) -> list[Combo]:
        """The combos an item is part of (rules: Combos)."""
        return [combo for combo in self.combos if card in combo.items]

    def words(self) -> Vocabulary:
        if self.vocabulary is None:
            raise DataError(self.folder / "effects.toml", "no effect vocabulary loaded")
        return self.vocabulary


UNIT_COLUMNS = ("type", "name", "movement", "skill", "toughness", "vitae")
ITEM_COLUMNS = ("id", "name", "kind", "deck", "price", "qty", "effects")
SPECIAL_PLAY_COLUMNS = ("id", "name", "qty", "effects")
COMBO_COLUMNS = ("id", "items", "effects")
LEGACY_COLUMNS = (
    "attack", "strength", "toughness", "range", "push_on", "splash", "incapacitate",
    "ignore_los", "icons", "power", "text",
)  # fmt: skip
"""Columns the effects cell replaced: a file that still has one is refused, saying so."""


def load_units(path: Path) -> dict[str, UnitType]:
    rows = load_csv_rows(path, UnitType, UNIT_COLUMNS)
    rows = list(unique_rows(path, rows, "type"))
    units = {row.type: row for _, row in rows}
    missing = [kind for kind in UNIT_TYPES if kind not in units]
    if missing:
        raise DataError(path, f"missing unit type(s) {', '.join(missing)}", field="type")
    return units  # type: ignore[return-value]


def _card_rows(
    path: Path, model: type[_C], required: tuple[str, ...], vocabulary: Vocabulary
) -> list[tuple[int, _C]]:
    """A card file's rows, each with its effects cell read by the vocabulary (file, row, field
    and word named when a term is not one of its words)."""
    found = read_csv(path, required)
    if not found:
        raise DataError(path, "no rows below the header")
    legacy = [name for name in LEGACY_COLUMNS if name in found[0][1]]
    if legacy:
        raise DataError(
            path,
            f"the column(s) {', '.join(legacy)} are now terms of the effects column, in the rule "
            f"book's notation (e.g. '[S]; ranged; S 2; range 12'): see effects.toml",
            row=1,
            field=legacy[0],
        )
    rows = []
    for number, values in found:
        cleaned: dict[str, object] = {k: v for k, v in values.items() if v != ""}
        cleaned["effects"] = vocabulary.parse(values.get("effects", ""), path=path, row=number)
        rows.append((number, validate(model, cleaned, path, row=number)))
    return list(unique_rows(path, rows, "id"))


def _words_fit(
    path: Path,
    number: int,
    card: str,
    effects: tuple[Effect, ...],
    allowed: frozenset[str],
    what: str,
) -> None:
    """Every word of a card is one the engine applies on a card of its kind."""
    for effect in effects:
        if effect.word not in allowed:
            raise DataError(
                path,
                f"{card!r}: the engine does not apply {effect.word!r} on {what}",
                row=number,
                field="effects",
            )


def _check_item(
    path: Path, number: int, item: Item, unit_types: set[str], rules: RulesConfig
) -> None:
    def bad(field: str, message: str) -> DataError:
        return DataError(path, message, row=number, field=field)

    words = [effect.word for effect in item.effects]
    for word in {w for w in words if w in ("S", "range", "push back on", "push back squares")}:
        if words.count(word) > 1:
            raise bad("effects", f"{item.id!r}: {word!r} is written twice")
    bounded = {
        "S": "weapon_strength",
        "T": "armour_toughness",
        "push back on": "push_back_of_a_kind",
    }
    for effect in item.effects:
        limit = rules.limits[bounded[effect.word]] if effect.word in bounded else None
        if limit is not None and not limit.allows(effect.arg):
            raise bad(
                "effects",
                f"{item.id!r}: {effect.term()!r}: {effect.word} is {limit.bounds()} "
                f"(rule: {limit.rule})",
            )
        if limit is None and any(isinstance(a, int) and a < 1 for a in effect.args):
            raise bad("effects", f"{item.id!r}: {effect.term()!r} needs a number from 1")
    if item.kind == "weapon":
        if item.deck not in unit_types:
            raise bad(
                "deck",
                f"unknown unit type {item.deck!r} for a weapon's deck; "
                f"expected one of {', '.join(sorted(unit_types))}",
            )
        if item.is_drug:
            _words_fit(path, number, item.id, item.effects, effect_words.DRUG_WORDS, "a drug")
            return
        _words_fit(path, number, item.id, item.effects, effect_words.WEAPON_WORDS, "a weapon")
        kinds = [w for w in words if w in effect_words.ATTACK_TYPES]
        if len(kinds) != 1:
            raise bad(
                "effects",
                f"{item.id!r}: a weapon needs one kind, 'ranged', 'close combat' or "
                "'area effect' (or 'drug' for a drug the medic gives his friends)",
            )
        if item.strength is None:
            raise bad("effects", f"{item.id!r}: a weapon needs a strength, S 1 to S 4")
        if item.attack == "area" and item.range is None:
            raise bad(
                "effects", f"{item.id!r}: an area effect weapon needs a range, e.g. 'range 4'"
            )
        return
    if item.deck != item.kind:
        raise bad("deck", f"{item.kind} cards belong to the {item.kind!r} deck (got {item.deck!r})")
    if item.kind == "armour":
        _words_fit(path, number, item.id, item.effects, effect_words.ARMOUR_WORDS, "armour")
        if item.toughness is None:
            raise bad("effects", f"{item.id!r}: armour needs a toughness, T 1 to T 4")
        return
    _words_fit(path, number, item.id, item.effects, effect_words.EQUIPMENT_WORDS, "equipment")
    for effect in item.effects:
        if effect.word == "set bonus":
            if item.set is None:
                raise bad("set", f"{item.id!r} gives a set bonus but names no set")
            if effect.args[0] not in effect_words.STATS:
                raise bad(
                    "effects",
                    f"{item.id!r}: a set bonus raises one of "
                    f"{', '.join(effect_words.STATS)} (got {effect.args[0]!r})",
                )


def load_items(
    path: Path, unit_types: set[str], vocabulary: Vocabulary, rules: RulesConfig
) -> dict[str, Item]:
    rows = _card_rows(path, Item, ITEM_COLUMNS, vocabulary)
    for number, item in rows:
        _check_item(path, number, item, unit_types, rules)
    return {item.id: item for _, item in rows}


def load_special_play(
    path: Path, vocabulary: Vocabulary, rules: RulesConfig | None = None
) -> list[SpecialPlayCard]:
    rows = _card_rows(path, SpecialPlayCard, SPECIAL_PLAY_COLUMNS, vocabulary)
    for number, card in rows:
        _words_fit(
            path, number, card.id, card.effects, effect_words.SPECIAL_PLAY_WORDS,
            "a Special Play card",
        )  # fmt: skip
        limit = rules.limits["power_card"] if rules is not None else None
        if card.power is not None and limit is not None and not limit.allows(card.power):
            raise DataError(
                path,
                f"{card.id!r}: power {card.power} is not {limit.bounds()} (rule: {limit.rule})",
                row=number,
                field="effects",
            )
        if card.power is None and not card.icons:
            raise DataError(
                path,
                "a card needs a power 1..4 or at least one timing icon",
                row=number,
                field="effects",
            )
    return [card for _, card in rows]


def load_combos(path: Path, items: dict[str, Item], vocabulary: Vocabulary) -> tuple[Combo, ...]:
    """combos.csv: each combo's items (ids joined by +) and the effects they give together."""
    rows = _card_rows(path, Combo, COMBO_COLUMNS, vocabulary)
    combos = []
    for number, combo in rows:

        def bad(field: str, message: str, number: int = number) -> DataError:
            return DataError(path, message, row=number, field=field)

        if len(combo.items) < 2 or len(set(combo.items)) != len(combo.items):
            raise bad("items", "a combo is 2 or more different items joined by +")
        for item_id in combo.items:
            if item_id not in items:
                raise bad("items", f"no item {item_id!r} in items.csv")
        _words_fit(path, number, combo.id, combo.effects, effect_words.COMBO_WORDS, "a combo")
        cards = [items[item_id] for item_id in combo.items]
        worn = [card for card in cards if not card.is_drug]
        decks = {card.deck for card in worn if card.kind == "weapon"}
        if len(worn) > 3 or len(decks) > 1 or sum(card.is_drug for card in cards) > 1:
            raise bad(
                "items",
                "no unit can carry these together (3 items at most, weapons from one deck, "
                "one drug given to it)",
            )
        words = {effect.word for effect in combo.effects}
        if words & effect_words.COMBO_WEAPON_WORDS and not any(c.attack for c in cards):
            raise bad("effects", f"{combo.id!r} changes a weapon, but none of its items is one")
        if "+V" in words and not any(c.usable for c in cards):
            raise bad("effects", f"{combo.id!r} heals, but none of its items is used to heal")
        if "blast" in words and not any(effect_words.has(c.effects, "blast") for c in cards):
            raise bad("effects", f"{combo.id!r} adds to a blast, but none of its items blasts")
        combos.append(combo)
    return tuple(combos)


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
        if isinstance(raw, dict):
            moved = [key for key in ("stat", "bonus", "bonus_item") if key in raw]
            if moved:
                raise DataError(
                    path,
                    f"{moved[0]!r}: a set's bonus is its equipment card's 'set bonus' effect in "
                    "items.csv now (e.g. 'set bonus skill 1')",
                    line=line,
                    field=f"{where}.{moved[0]}",
                )
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
        givers = [
            (items[i], effect)
            for i in item_set.items
            for effect in items[i].effects
            if effect.word == "set bonus"
        ]
        if len(givers) != 1 or givers[0][0].kind != "equipment":
            raise DataError(
                items_path,
                f"set {item_set.id!r}: exactly one of its items, an equipment card, gives the "
                f"set bonus ('set bonus <stat> <value>' in effects); found {len(givers)}",
                field="effects",
            )
        card, effect = givers[0]
        sets.append(
            item_set.model_copy(
                update={"stat": effect.args[0], "bonus": effect.args[1], "bonus_item": card.id}
            )
        )
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


def printed(vocabulary: Vocabulary, effects: Iterable[Effect]) -> str:
    """Effects as a card prints them: each term's text (effects.toml's), a term that does not
    end a sentence ("Range 3", "T1") closed with a full stop; timing icons as they are."""
    parts = []
    for effect in effects:
        text = vocabulary.text([effect])
        if effect.word not in effect_words.ICONS and text[-1:] not in ".:!?)":
            text += "."
        parts.append(text)
    return " ".join(parts)


def combo_lines(
    card: Item | SpecialPlayCard,
    vocabulary: Vocabulary,
    combos: tuple[Combo, ...],
    items: dict[str, Item],
) -> list[str]:
    """What each combo a card is part of prints on it: "Combo with Vacuum Fan: Range 3"."""
    lines = []
    for combo in combos:
        if card.id in combo.items:
            names = " + ".join(items[i].name for i in combo.items if i != card.id)
            lines.append(f"Combo with {names}: {printed(vocabulary, combo.effects)}")
    return lines


def card_text(
    card: Item | SpecialPlayCard,
    vocabulary: Vocabulary,
    combos: tuple[Combo, ...] = (),
    items: dict[str, Item] | None = None,
) -> str:
    """A card's printed rules text: its effects' text, then each combo it is part of."""
    lines = combo_lines(card, vocabulary, combos, items or {}) if combos else []
    return " ".join(part for part in (printed(vocabulary, card.effects), *lines) if part)


def load_print_settings(path: Path) -> PrintSettings:
    from toolkit.data import load_toml_model

    return load_toml_model(path, PrintSettings)


def load_deathdome(data_dir: str | Path | None = None) -> DeathDomeData:
    """Read, validate and cross-check every Death Dome data file."""
    folder = game_data_dir("deathdome", data_dir)
    rules, board = _engine_data(folder)
    vocabulary = effect_words.load_effects(folder / "effects.toml")
    units = load_units(folder / "units.csv")
    items = load_items(folder / "items.csv", set(units), vocabulary, rules)
    special_play = load_special_play(folder / "special_play.csv", vocabulary, rules)
    combos = load_combos(folder / "combos.csv", items, vocabulary)
    sets = load_sets(folder / "sets.toml", items, folder / "items.csv")
    items = {
        key: item.model_copy(update={"text": card_text(item, vocabulary, combos, items)})
        for key, item in items.items()
    }
    special_play = [
        card.model_copy(update={"text": card_text(card, vocabulary)}) for card in special_play
    ]
    settings = load_print_settings(folder / "print.toml")
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
        vocabulary=vocabulary,
        combos=combos,
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


def _engine_data(folder: Path) -> tuple[RulesConfig, Board]:
    """rules.toml and board.toml, through the rules engine's own loaders."""
    from toolkit.games.deathdome.board import load_board
    from toolkit.games.deathdome.config import load_rules_config

    rules = load_rules_config(folder / "rules.toml")
    board = load_board(folder / "board.toml", colours=rules.teams.colours)
    return rules, board
