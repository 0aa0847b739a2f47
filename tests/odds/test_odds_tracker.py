"""The tracker's chart functions return plain JSON with the same figures as the odds engine."""

from __future__ import annotations

import json
from fractions import Fraction

from toolkit.games.deathdome import odds as deathdome_odds
from toolkit.games.dominum import odds as dominum_odds
from toolkit.games.domppa import odds as domppa_odds
from toolkit.games.domppa.odds import Blow, Defender
from toolkit.games.naturedome import odds as naturedome_odds


def roundtrip(chart: dict) -> dict:
    return json.loads(json.dumps(chart))  # plain JSON values only, or this raises


def test_deathdome_attack_chart():
    chart = roundtrip(
        deathdome_odds.attack_chart(cards=[3, 3, 3], toughness=2, vitae=20, defense=[])
    )
    chances = {row["name"]: row for row in chart["chances"]}
    assert chances["push_back"]["fraction"] == "1/1"
    damage = next(d for d in chart["distributions"] if d["name"] == "damage")
    assert damage["rows"] == [{"value": "7", "fraction": "1/1", "float": 1.0}]


def test_dominum_charts():
    attack = roundtrip(
        dominum_odds.attack_chart(strength=3, defense=4, defender_policy="never", used=["Critical"])
    )
    chances = {row["name"]: row["fraction"] for row in attack["chances"]}
    assert chances["wound"] == "3/4"  # 2, 2, 3, 3, 4, 4 of the 8 cards left
    assault = roundtrip(dominum_odds.assault_chart(in_zone=2, fortified=1))
    vp = next(d for d in assault["distributions"] if d["name"] == "vp")
    assert [row["fraction"] for row in vp["rows"]] == ["5/9", "13/36", "1/12"]


def test_domppa_and_naturedome_charts():
    melee = roundtrip(
        domppa_odds.melee_chart(
            attack=5, defence=5, blow=Blow(strength=4, weapon_damage=1), defender=Defender(hp=5)
        )
    )
    assert {row["name"] for row in melee["chances"]} >= {"hit", "shield_hit", "head_hit", "kill"}
    assert "truncated_mass" not in melee["figures"]
    damage = next(d for d in melee["distributions"] if d["name"] == "damage")
    assert sum(Fraction(row["fraction"]) for row in damage["rows"]) == 1
    assert damage["rows"][-1]["value"] in ("rarer",) or damage["rows"][-1]["value"].endswith(
        " or more"
    )
    clash = roundtrip(
        naturedome_odds.clash_chart(
            hand=["talon-dive"],
            attacker_health=1000,
            defender_health=1000,
            defender_hand=["ink-cloud"],
        )  # fmt: skip
    )
    assert clash["figures"]["best_play"] == "talon-dive"
    assert clash["distributions"][0]["rows"] == [{"value": "0", "fraction": "1/1", "float": 1.0}]
