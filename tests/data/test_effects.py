"""The effect vocabulary: a card's effects cell read into effects, and its printed text made
from them (toolkit/data/effects.py)."""

from __future__ import annotations

import tempfile
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toolkit.data.effects import Effect, Vocabulary, effects_json, load_vocabulary
from toolkit.errors import DataError

VOCABULARY = """
[word.S]
params = ["value"]
text = "S{value}"
rule = "Card Abilities"
means = "adds {value} to each attack stack"

[word."+V"]
params = ["value"]
text = "Heal {value} Vitae (+V)."
rule = "Card Abilities"
means = "the unit heals {value} Vitae"

[word."push back on"]
params = ["kind"]
text = "Push back on {kind} of a kind."
rule = "Push Back"
means = "a wounded target is pushed back when {kind} played cards share a value"

[word.splash]
text = "Splash damage."
rule = "Splash Damage"
means = "every enemy adjacent to the target faces the attack too"

[word.combo]
params = ["name:item"]
text = "Combo with {item}."
rule = "Combos"
means = "works with {item}"
"""
KNOWN = ("S", "+V", "push back on", "splash", "combo")


@pytest.fixture
def vocabulary(tmp_path: Path) -> Vocabulary:
    path = tmp_path / "effects.toml"
    path.write_text(VOCABULARY)
    return load_vocabulary(path, KNOWN)


def test_a_cell_reads_in_the_rule_books_notation(vocabulary: Vocabulary) -> None:
    effects = vocabulary.parse("S2; push back on 2;  Splash ; combo Vacuum-Fan", path="items.csv")
    assert effects == (
        Effect("S", (2,)),
        Effect("push back on", (2,)),
        Effect("splash"),
        Effect("combo", ("vacuum-fan",)),
    )
    assert vocabulary.text(effects) == (
        "S2 Push back on 2 of a kind. Splash damage. Combo with vacuum-fan."
    )


def test_a_number_may_be_written_on_or_apart(vocabulary: Vocabulary) -> None:
    assert vocabulary.parse("+V2", path="x") == vocabulary.parse("+v 2", path="x")
    assert vocabulary.parse("+V2", path="x")[0].arg == 2


def test_an_empty_cell_is_no_effect(vocabulary: Vocabulary) -> None:
    assert vocabulary.parse("  ", path="x") == ()


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        ("S2; splsh", "unknown effect word 'splsh'"),
        ("S2; splsh", "did you mean 'splash'"),
        ("push bak on 2", "did you mean 'push back on'"),
        ("S", "'S' is written 'S <value>'"),
        ("splash 3", "'splash' is written 'splash'"),
        ("S two", "value should be a whole number, got 'two'"),
        ("S2;;splash", "an empty effect"),
        ("combo vacuum_fan!", "is not a name"),
    ],
)
def test_a_bad_cell_names_file_row_field_and_word(
    vocabulary: Vocabulary, cell: str, message: str
) -> None:
    with pytest.raises(DataError) as caught:
        vocabulary.parse(cell, path="items.csv", row=7, field="effects")
    text = str(caught.value)
    assert message in text
    assert "items.csv" in text and "7" in text and "effects" in text


def test_a_vocabulary_word_the_engine_does_not_apply_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "effects.toml"
    path.write_text(VOCABULARY)
    with pytest.raises(DataError, match="the engine applies no effect word 'combo'"):
        load_vocabulary(path, ("S", "+V", "push back on", "splash"))
    with pytest.raises(DataError, match="no entry for the effect words teleport"):
        load_vocabulary(path, (*KNOWN, "teleport"))


def test_a_placeholder_without_its_parameter_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "effects.toml"
    path.write_text('[word.S]\nparams = []\ntext = "S{value}"\nrule = "r"\nmeans = "m"\n')
    with pytest.raises(DataError, match="placeholder names no parameter"):
        load_vocabulary(path, ("S",))


def test_a_text_may_name_the_games_rule_numbers(tmp_path: Path) -> None:
    """A house rule's number reaches the printed card: the text names rules.toml's number."""
    path = tmp_path / "effects.toml"
    path.write_text(
        '[word."Formation Fighter"]\ntext = "+{bonus} attack or defence"\n'
        'rule = "Actions"\nmeans = "adds {bonus} for the round"\n'
    )
    vocabulary = load_vocabulary(path, ("Formation Fighter",), numbers={"bonus": 2})
    effects = vocabulary.parse("formation fighter", path="characters.csv")
    assert vocabulary.text(effects) == "+2 attack or defence"
    assert vocabulary.describe(effects[0]) == "adds 2 for the round"
    house = load_vocabulary(path, ("Formation Fighter",), numbers={"bonus": 3})
    assert house.text(effects) == "+3 attack or defence"
    with pytest.raises(DataError, match="placeholder names no parameter or rule number"):
        load_vocabulary(path, ("Formation Fighter",))


def test_effects_json_lists_card_term_and_text(vocabulary: Vocabulary) -> None:
    effects = vocabulary.parse("S3; splash", path="x")
    assert effects_json("Mortar", vocabulary, effects) == [
        {"card": "Mortar", "effect": "S 3", "text": "S3"},
        {"card": "Mortar", "effect": "splash", "text": "Splash damage."},
    ]


@cache
def _shared_vocabulary() -> Vocabulary:
    folder = Path(tempfile.mkdtemp(prefix="domekit-effects-"))
    (folder / "effects.toml").write_text(VOCABULARY)
    return load_vocabulary(folder / "effects.toml", KNOWN)


@given(
    st.lists(
        st.one_of(
            st.builds(lambda n: Effect("S", (n,)), st.integers(0, 99)),
            st.builds(lambda n: Effect("push back on", (n,)), st.integers(1, 4)),
            st.just(Effect("splash")),
            st.builds(
                lambda name: Effect("combo", (name,)),
                st.from_regex(r"[a-z][a-z0-9-]{0,12}", fullmatch=True),
            ),
        ),
        max_size=8,
    )
)
def test_terms_read_back_as_written(effects: list[Effect]) -> None:
    cell = "; ".join(effect.term() for effect in effects)
    assert _shared_vocabulary().parse(cell, path="x") == tuple(effects)


def test_a_word_may_quote_the_rule_book(tmp_path: Path) -> None:
    path = tmp_path / "effects.toml"
    path.write_text(
        '[word."+V"]\nparams = ["value"]\ntext = "Heal {value}."\nrule = "Card Abilities"\n'
        'quote = "+V = a healing ability"\nmeans = "heals {value}"\n'
    )
    vocabulary = load_vocabulary(path, ("+V",))
    assert vocabulary.word("+v").quote == "+V = a healing ability"
    assert _shared_vocabulary().word("S").quote == ""  # optional
    path.write_text(path.read_text().replace('"+V = a healing ability"', "3"))
    with pytest.raises(DataError, match="quote"):
        load_vocabulary(path, ("+V",))


def test_a_word_may_give_the_rules_reference_a_line(tmp_path: Path) -> None:
    path = tmp_path / "effects.toml"
    path.write_text(
        '[word.Splash]\ntext = "Splash."\nrule = "Card Abilities"\nmeans = "hits every adjacent"\n'
        'reminder = "Splash: {reach} squares round the target"\n'
    )
    vocabulary = load_vocabulary(path, ("Splash",), {"reach": 1})
    assert vocabulary.word("splash").reference() == "Splash: 1 squares round the target"
    assert _shared_vocabulary().word("S").reminder == ""  # optional: not on the reference
    path.write_text(path.read_text().replace("{reach}", "{value}"))
    with pytest.raises(DataError, match="reminder"):
        load_vocabulary(path, ("Splash",), {"reach": 1})
