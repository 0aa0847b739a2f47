"""The odds as small JSON-ready charts for the tracker's forms, one function per form.

Each function takes what the form holds (plain ints, card lists, ids), runs the game's odds and
returns a dict of plain JSON values:

    {"title": str,
     "chances": [{"name": "wound", "fraction": "7/9", "float": 0.777...}, ...],
     "distributions": [{"name": "damage", "rows": [{"value": "3", "fraction": "1/6",
                                                    "float": 0.1666...}, ...]}],
     "figures": {"expected_damage": {"fraction": ..., "float": ...}, "play": "3,3,3", ...},
     "steps": [str, ...]}

Rows rarer than 1 in 20,000 are folded into one "rarer" row so a phone can draw the chart; the
exact full result is what the `toolkit.odds.<game>` functions return. Bad input raises
`DomekitError` with a clear message, as everywhere else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import Any

from toolkit.odds.render import SHOWN_AT_LEAST


def _number(value: Fraction) -> dict[str, Any]:
    return {"fraction": f"{value.numerator}/{value.denominator}", "float": float(value)}


def chart(result: Mapping[str, Any], title: str) -> dict[str, Any]:
    """Any odds result as the chart shape above."""
    from toolkit.output import to_jsonable

    chances = [
        {"name": name[2:], **_number(value)}
        for name, value in result.items()
        if name.startswith("p_") and isinstance(value, Fraction)
    ]
    distributions = []
    figures: dict[str, Any] = {}
    for name, value in result.items():
        if name.startswith("p_") or name == "steps":
            continue
        if name.endswith("_distribution") and isinstance(value, Mapping):
            rows, rare = [], Fraction(0)
            for outcome, probability in value.items():
                if probability < SHOWN_AT_LEAST:
                    rare += probability
                else:
                    rows.append({"value": str(outcome), **_number(probability)})
            if rare:
                rows.append({"value": "rarer", **_number(rare)})
            distributions.append({"name": name.removesuffix("_distribution"), "rows": rows})
        else:
            figures[name] = to_jsonable(value)
    return {
        "title": title,
        "chances": chances,
        "distributions": distributions,
        "figures": figures,
        "steps": list(result.get("steps", [])),
    }


def deathdome_attack(
    *,
    cards: Sequence[int],
    weapon_strength: int = 0,
    push_on: int | None = None,
    skill: int = 0,
    bonus_s: int = 0,
    armour: Sequence[int] = (),
    toughness: int = 0,
    bonus_t: int = 0,
    vitae: int,
    behind: str = "empty",
    defence: Sequence[int] | None = None,
    defender_cards: int | None = None,
    data_dir: str | Path | None = None,
) -> dict[str, Any]:
    """The attack form: the cards about to be played against the target's known defence cards,
    or against `defender_cards` unknown cards (default: a turn's base draw) it plays in full."""
    from toolkit.games.deathdome.rules import Defender, WeaponProfile
    from toolkit.games.deathdome.odds import attack_odds, load_rules, special_play_deck

    rules = load_rules(data_dir)
    result = attack_odds(
        hand=list(cards),
        weapon=WeaponProfile(strength=weapon_strength, push_on=push_on),
        skill=skill,
        bonus=bonus_s,
        target=Defender(
            cards=(),
            armour=tuple(armour),
            toughness=toughness,
            bonus=bonus_t,
            vitae=vitae,
            behind=behind,  # type: ignore[arg-type]
        ),
        defender_hand=None if defence is None else list(defence),
        cards=defender_cards,
        play=list(cards),
        deck=special_play_deck(data_dir),
        rules=rules,
    )
    return chart(result, "Attack odds")


def deathdome_capture(**kwargs: Any) -> dict[str, Any]:
    """The capture form: `toolkit.games.deathdome.odds.capture_odds`'s keywords, rules loaded here."""
    from toolkit.games.deathdome.odds import capture_odds, load_rules

    rules = load_rules(kwargs.pop("data_dir", None))
    return chart(capture_odds(rules=rules, **kwargs), "Capture payout")


def dominum_attack(
    *,
    strength: int,
    defense: int,
    used: Sequence[Any] = (),
    reserve: Sequence[Any] = (),
    use_reserve: Any = None,
    defender_used: Sequence[Any] = (),
    defender_reserve: Sequence[Any] = (),
    defender_policy: str = "deck",
    coordinating: int = 0,
    deadly: bool = False,
    attacker_weakened: bool = False,
    defender_weakened: bool = False,
    data_dir: str | Path | None = None,
) -> dict[str, Any]:
    """The attack form: both power decks as they stand (cards as 1..4 or 'critical')."""
    from toolkit.games.dominum.odds import PowerState, attack_odds, load_rules

    rules = load_rules(data_dir)
    cards = partial(_power_cards, rules=rules)
    result = attack_odds(
        strength=strength,
        defense=defense,
        coordinating=coordinating,
        deadly=deadly,
        attacker_weakened=attacker_weakened,
        defender_weakened=defender_weakened,
        attacker=PowerState.of(used=cards(used), reserve=cards(reserve), rules=rules),
        defender=PowerState.of(
            used=cards(defender_used), reserve=cards(defender_reserve), rules=rules
        ),
        use_reserve=None if use_reserve is None else cards([use_reserve])[0],
        defender_policy=defender_policy,  # type: ignore[arg-type]
        rules=rules,
    )
    return chart(result, "Attack odds")


def dominum_assault(
    *,
    in_zone: int,
    fortified: int = 0,
    barrage: int = 0,
    surge: bool = False,
    used: Sequence[Any] = (),
    reserve: Sequence[Any] = (),
    use_reserve: Sequence[Any] = (),
    policy: str = "deck",
    data_dir: str | Path | None = None,
) -> dict[str, Any]:
    """The assault form: VP and Surge from the power deck as it stands."""
    from toolkit.games.dominum.odds import PowerState, assault_odds, load_rules

    rules = load_rules(data_dir)
    cards = partial(_power_cards, rules=rules)
    result = assault_odds(
        in_zone=in_zone,
        fortified=fortified,
        barrage=barrage,
        surge=surge,
        state=PowerState.of(used=cards(used), reserve=cards(reserve), rules=rules),
        use_reserve=cards(use_reserve),
        policy=policy,  # type: ignore[arg-type]
        rules=rules,
    )
    return chart(result, "Assault odds")


def _power_cards(values: Sequence[Any], *, rules: Any) -> list[Any]:
    """Power cards as a form holds them ('3', 'Critical', 3) checked against the rules."""
    from toolkit.games.dominum.power import check_power

    return [check_power(_card(value), rules=rules) for value in values]


def _card(value: Any) -> Any:
    """'3' -> 3, 'Critical' -> 'critical': what a form field holds to what the engine takes."""
    if isinstance(value, str):
        text = value.strip().lower()
        return int(text) if text.isdigit() else text
    return value


def domppa_melee(*, data_dir: str | Path | None = None, **kwargs: Any) -> dict[str, Any]:
    """The melee form: `toolkit.games.domppa.odds.melee_odds`'s keywords (attack, defence, parry,
    blow=Blow(...), defender=Defender(...), damage_types=[...])."""
    from toolkit.games.domppa.odds import load_rules, melee_odds

    return chart(melee_odds(load_rules(data_dir), **kwargs), "Melee odds")


def domppa_ranged(*, data_dir: str | Path | None = None, **kwargs: Any) -> dict[str, Any]:
    """The ranged form: `toolkit.games.domppa.odds.ranged_odds`'s keywords."""
    from toolkit.games.domppa.odds import load_rules, ranged_odds

    return chart(ranged_odds(load_rules(data_dir), **kwargs), "Ranged odds")


def domppa_morale(
    *, morale: int, max_hp: int, hp: int, bonus: int = 0, data_dir: str | Path | None = None
) -> dict[str, Any]:
    from toolkit.games.domppa.odds import load_rules, morale_odds

    result = morale_odds(load_rules(data_dir), morale=morale, max_hp=max_hp, hp=hp, bonus=bonus)
    return chart(result, "Morale odds")


def naturedome_clash(
    *,
    hand: Sequence[str],
    attacker_health: int,
    defender_health: int,
    defender_hand: Sequence[str] | None = None,
    cards: int | None = None,
    seen: Sequence[str] = (),
    data_dir: str | Path | None = None,
) -> dict[str, Any]:
    """The clash form: card ids in the attacker's hand (and the defender's, if known)."""
    from toolkit.games.naturedome.odds import cards_by_id, clash_odds, load

    rules, deck = load(data_dir)
    result = clash_odds(
        hand=cards_by_id(deck, hand, "hand"),
        attacker_health=attacker_health,
        defender_health=defender_health,
        defender_hand=None
        if defender_hand is None
        else cards_by_id(deck, defender_hand, "defender hand"),
        cards=cards,
        seen=cards_by_id(deck, seen, "seen"),
        deck=deck,
        rules=rules,
    )
    return chart(result, "Clash odds")
