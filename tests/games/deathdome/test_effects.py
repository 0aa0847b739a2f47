"""Death Dome's effect vocabulary and the cards written in it: every word the engine applies is in
effects.toml (and nothing else is), every card's printed text is what its effects generate, the
rule book's combos and sets are data, and bad effects stop the load naming file, row, field and
word."""

from __future__ import annotations

from pathlib import Path

import pytest
from card_edits import assert_data_error, copy_card_data, edit_text
from hypothesis import given
from hypothesis import strategies as st

from toolkit.data.effects import Effect
from toolkit.games.deathdome import effects as words
from toolkit.games.deathdome.data import combo_lines, load_deathdome, printed

DATA = load_deathdome()
VOCABULARY = DATA.words()
CARDS = [*DATA.items.values(), *DATA.special_play]
DOC = Path(__file__).parents[3] / "docs" / "effects" / "deathdome.md"


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    return copy_card_data("deathdome", tmp_path / "deathdome")


def test_the_vocabulary_is_exactly_the_words_the_engine_applies():
    assert {word.word for word in VOCABULARY.words.values()} == set(words.WORDS)
    for word in VOCABULARY.words.values():
        assert word.rule and word.means and word.text, word.word


def test_the_vocabulary_has_the_rule_books_own_notation():
    """Card Abilities: "S1, S2 , S3 , S4 = weapons", "T1, T2, T3, T4 = armor", "+S,+M,+T plus to
    that stat", "+V = a healing ability", "-V = direct unblockable damage"; Special Play Deck:
    the twelve timing icons; Push Back, Splash Damage, Incapacitate, Ignore Line of Sight."""
    notation = {"S", "T", "+S", "+M", "+T", "+V", "-V", "push back on", "prevent push back"}
    notation |= {f"[{icon}]" for icon in ("S", "D", "A", "M", "+A", "+M", "V", "K", "C", "P")}
    notation |= {"[T]", "[O]", "incapacitate", "splash", "ignore line of sight", "range"}
    assert notation <= set(words.WORDS)
    assert VOCABULARY.parse("S2; +V 1; -V2; [+A]", path="x") == (
        Effect("S", (2,)),
        Effect("+V", (1,)),
        Effect("-V", (2,)),
        Effect("[+A]"),
    )


def test_the_documentation_lists_every_word_with_the_function_that_applies_it():
    text = DOC.read_text(encoding="utf-8")
    assert text == words.markdown(VOCABULARY), (
        "remake it: python -m toolkit.games.deathdome.effects"
    )
    for word, function in words.WORDS.items():
        assert f"| {word} |" in text and function in text, word


@given(st.sampled_from(CARDS))
def test_every_cards_printed_text_is_what_its_effects_generate(card):
    """The printed rules text is made from the effects and the combos the card is part of, and
    the effects read back from their own terms (a card written from its effects is itself)."""
    lines = combo_lines(card, VOCABULARY, DATA.combos, DATA.items)
    assert card.text == " ".join(
        part for part in (printed(VOCABULARY, card.effects), *lines) if part
    )
    cell = "; ".join(effect.term() for effect in card.effects)
    assert VOCABULARY.parse(cell, path="items.csv") == card.effects
    for effect in card.effects:
        assert VOCABULARY.text([effect]) in card.text


def test_the_cards_the_issue_names_print_what_they_do():
    """The printed Riot Shield says it prevents push back, the Buzz Saw Suit its cut, the
    Titan Armour its -1 M: the same terms the engine reads."""
    assert "Prevents push back." in DATA.items["riot-shield"].text
    assert words.has(DATA.items["riot-shield"].effects, "prevent push back")
    assert "An adjacent attacker that wounds this unit loses 1 Vitae." in (
        DATA.items["buzz-saw-suit"].text
    )
    assert "-1 M while worn." in DATA.items["titan-armour"].text
    assert DATA.items["jet-boots"].text == "[+M] Once per turn: +1 M."


RULE_BOOK_COMBOS = [
    # rules/deathdome.txt, Combos, as written there
    ("earmufs with hoblerones healer", {"earmuffs", "hoblerone-healer"}),
    ("hoblerones healer with the pain dispursor", {"hoblerone-healer", "pain-dispersor"}),
    ("spider legs / adrenialine wiht the buzz saw suit", {"spider-legs", "buzz-saw-suit"}),
    ("spider legs / adrenialine wiht the buzz saw suit", {"adrenaline", "buzz-saw-suit"}),
    ("pain dispursor with the perfect plans", {"pain-dispersor", "perfect-plans"}),
    ("pain dispursor with the cyber suit", {"pain-dispersor", "cyber-suit"}),
    ("implats with the telegun", {"implants", "telegun"}),
    ("sansatchel satchel with the riot shield", {"sansachel-satchel", "riot-shield"}),
    ("vaccum fan with the buzz pole", {"vacuum-fan", "buzz-pole"}),
    ("vaccum fan with kamikazie vest", {"vacuum-fan", "kamikaze-vest"}),
    ("sansachels satchel, steriods, boxing gloves", {"sansachel-satchel", "steroids",
                                                     "boxing-gloves"}),
]  # fmt: skip


@pytest.mark.parametrize(("written", "items"), RULE_BOOK_COMBOS)
def test_every_combo_of_the_rule_book_is_data_with_an_effect(written, items):
    combo = next(c for c in DATA.combos if set(c.items) == items)
    assert combo.effects, written
    assert len(DATA.combos) == len(RULE_BOOK_COMBOS)  # the ten lines, one of them two pairs


def test_the_four_sets_give_their_bonus_through_their_equipment_cards_effect():
    """ "Plutonium Set +1 skill, Butros Set +1 toughness, Sansachel's set +1 movement,
    Hoblerone's set +1 vitae" (Sets): the bonus item's `set bonus` effect."""
    for item_set in DATA.sets:
        card = DATA.items[item_set.bonus_item]
        assert card.kind == "equipment" and card.set == item_set.id
        assert Effect("set bonus", (item_set.stat, 1)) in card.effects


# ------------------------------------------------------------------------------- bad effects


@pytest.mark.parametrize(
    ("file", "old", "new", "expected"),
    [
        ("items.csv", "[D]; [P]; T 2; prevent push back,",
         "[D]; [P]; T 2; prevent pushback,",
         ["items.csv", "row 35", "field 'effects'", "unknown effect word 'prevent'",
          "did you mean 'prevent push back'"]),
        ("items.csv", "[D]; T 4; -M 1,", "[D]; T 4; -M 1; splash,",
         ["items.csv", "'titan-armour'", "does not apply 'splash' on armour"]),
        ("items.csv", "[S]; ranged; S 2,A reliable", "[S]; S 2,A reliable",
         ["items.csv", "row 2", "'heavy-rifle': a weapon needs one kind"]),
        ("items.csv", "Chainsaw,weapon,warrior,,200000,1,[S]; close combat; S 3,",
         "Chainsaw,weapon,warrior,,200000,1,[S]; close combat; S 3; S 2,",
         ["items.csv", "row 9", "'chainsaw': 'S' is written twice"]),
        ("special_play.csv", "[D]; +T 2,", "[D]; +T 2; pull 1,",
         ["special_play.csv", "row 8", "does not apply 'pull' on a Special Play card"]),
        ("combos.csv", "implants + telegun", "implants + telegn",
         ["combos.csv", "row 8", "field 'items'", "no item 'telegn'"]),
        ("combos.csv", "fan-pole,vacuum-fan + buzz-pole", "fan-pole,vacuum-fan + earmuffs",
         ["combos.csv", "'fan-pole' changes a weapon, but none of its items is one"]),
        ("combos.csv", "implants + telegun", "buzz-pole + telegun",
         ["combos.csv", "no unit can carry these together"]),
        ("items.csv", "set bonus skill 1", "set bonus luck 1",
         ["items.csv", "'plutonium-cell': a set bonus raises one of movement"]),
        ("items.csv", "set bonus skill 1", "[T]",
         ["items.csv", "set 'plutonium': exactly one of its items", "found 0"]),
        ("sets.toml", 'name = "Butros Set"', 'name = "Butros Set"\nstat = "toughness"',
         ["sets.toml", "'stat': a set's bonus is its equipment card's 'set bonus' effect"]),
        ("items.csv", "id,name,kind,deck,set,price,qty,effects,notes",
         "id,name,kind,deck,set,price,qty,effects,notes,strength",
         ["items.csv", "row 1", "'strength'", "are now terms of the effects column"]),
        ("effects.toml", '[word.splash]', '[word.splosh]',
         ["effects.toml", "the engine applies no effect word 'splosh'"]),
    ],
)  # fmt: skip
def test_bad_effects_stop_the_load_naming_file_row_field_and_word(copy, file, old, new, expected):
    edit_text(copy / file, old, new)
    assert_data_error(load_deathdome, copy, expected)


def test_a_house_rule_is_an_edit_to_a_csv(copy):
    """The Riot Shield without "prevent push back" is a shield that lets its unit be pushed."""
    edit_text(copy / "items.csv", "[D]; [P]; T 2; prevent push back,", "[D]; T 3,")
    shield = load_deathdome(copy).items["riot-shield"]
    assert shield.toughness == 3 and not words.has(shield.effects, "prevent push back")
    assert shield.text.startswith("[D] T3.")


def test_every_function_the_vocabulary_names_exists():
    """The documentation's "applied by" column names real engine functions (module.function)."""
    import importlib
    import re

    for word, where in words.WORDS.items():
        for module, name in re.findall(r"\b([a-z]+)\.([a-z_]+)\b", where):
            found = importlib.import_module(f"toolkit.games.deathdome.{module}")
            assert callable(getattr(found, name, None)), (word, f"{module}.{name}")
