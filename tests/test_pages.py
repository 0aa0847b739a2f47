"""A kit's page addresses (toolkit/pages.py): what a QR code prints, the tracker reads back as
the same page, and nothing a kit prints can be taken for one of the tracker's own routes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toolkit.pages import KIT_WORDS, is_page_name, page_path, page_url, read_path

BASE, KIT = "http://192.168.1.20:8000", "Zm9vYmFyYmF6cXV4MTIzNDU2"


@pytest.mark.parametrize(
    ("page", "url"),
    [
        (("table",), f"{BASE}/k/{KIT}/table"),  # the payout sheet's
        (("team", "red"), f"{BASE}/k/{KIT}/team/red"),  # a Death Dome roster's
        (("unit", "red", "gunner"), f"{BASE}/k/{KIT}/unit/red/gunner"),  # a Vitae meter's
        (("player", "1"), f"{BASE}/k/{KIT}/player/1"),  # a Nature Dome meter's
        (("unit", "fire-mage"), f"{BASE}/k/{KIT}/unit/fire-mage"),  # a Domppa character card's
    ],
)
def test_the_urls_the_kits_print_read_back_as_their_pages(page, url):
    name, *args = page
    assert page_url(BASE, KIT, name, *args) == url
    assert read_path(url.removeprefix(f"{BASE}/k/{KIT}/")) == (name, tuple(args))


def test_the_old_spelling_of_a_page_without_arguments_still_reads():
    assert read_path("page/table") == ("table", ())
    assert read_path("page/table/x") is None and read_path("page") is None


@pytest.mark.parametrize("path", ["history", "act", "export/payout.csv", "seat", "table/", "a//b"])
def test_the_trackers_own_words_and_empty_segments_are_no_page(path):
    assert read_path(path) is None


@pytest.mark.parametrize("word", sorted(KIT_WORDS) + ["page", "Table", "", "1st", "a b"])
def test_a_game_cannot_name_a_page_the_tracker_would_not_read_as_its(word):
    assert not is_page_name(word)
    with pytest.raises(ValueError, match="not a page name"):
        page_path(word)


@pytest.mark.parametrize("argument", ["", "a/b", "red.json", " red"])
def test_an_argument_that_would_not_read_back_is_refused_before_it_is_printed(argument):
    with pytest.raises(ValueError, match="not one path segment"):
        page_path("team", argument)


names = st.from_regex(r"[a-z][a-z0-9_-]{0,39}", fullmatch=True).filter(is_page_name)
segments = st.text(st.characters(exclude_characters="/", exclude_categories=["Cs"]), min_size=1)
arguments = segments.filter(lambda s: s == s.strip() and not s.endswith(".json"))


@given(names, st.lists(arguments, max_size=8))
def test_every_page_a_kit_may_print_reads_back_as_itself(name, args):
    url = page_url(BASE, KIT, name, *args)
    assert read_path(url.removeprefix(f"{BASE}/k/{KIT}/")) == (name, tuple(args))
