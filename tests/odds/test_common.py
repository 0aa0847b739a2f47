"""The odds the tracker asks again and again are remembered, within a bound in bytes: many
distinct questions never grow the cache past it, and the answers stay the same."""

from __future__ import annotations

from toolkit.games.naturedome.odds import cards_by_id, clash_odds, load
from toolkit.odds import common


def ask(hp: int):
    rules, deck = load()
    hand = cards_by_id(deck, ["pack-howl", "talon-dive"], "hand")
    return clash_odds(hand=hand, attacker_health=1000, defender_health=hp, deck=deck, rules=rules)


def test_many_distinct_queries_never_grow_the_cache_past_its_bound(monkeypatch):
    common.forget()
    one = common.size_of(ask(1000))
    assert one > 1000  # an answer of some size, so the bound below holds only a few
    monkeypatch.setattr(common, "QUERY_CACHE_BYTES", 20 * one)  # room for about 20 answers
    common.forget()
    for hp in range(500, 560):
        ask(hp)
        assert common.cached_bytes() <= common.QUERY_CACHE_BYTES
    assert common.cached_bytes() >= common.QUERY_CACHE_BYTES // 2  # it keeps the latest ones
    assert ask(559) == ask(559) and ask(559)["expected_damage"] == ask(559)["expected_damage"]


def test_an_answer_bigger_than_an_eighth_of_the_bound_is_not_kept(monkeypatch):
    common.forget()
    monkeypatch.setattr(common, "QUERY_CACHE_BYTES", 8 * 100)
    first = ask(700)
    assert common.cached_bytes() == 0
    assert ask(700) == first  # worked out again, the same
