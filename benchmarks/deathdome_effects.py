"""Time what the cards in play cost Death Dome's engines (issue 26).

    .venv/bin/python benchmarks/deathdome_effects.py [--runs 41]

Prints the median of `--runs` runs (milliseconds) for:
- the data: load_deathdome() reading every file, the effects cells included;
- the match: an attack with both units' items, a drug lasting, a combo, a defence card (apply);
- the calculator's sides: attack_sides for --attacker-items/--defender-items/--attacker-drugs;
- the attack odds (cold: caches of the odds engine cleared), hand 3,3,3,1, Heavy Rifle S2 and
  Skill 1 against T1 + Toughness 2, Vitae 4, 3 unknown defender cards: with the deck as power
  values only (the odds before issue 26), by card (the defender's effect cards as a choice), and
  with two effect cards in the hand too (64 sets of cards).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from toolkit import dice  # noqa: E402
from toolkit.games.deathdome import odds as dd  # noqa: E402
from toolkit.games.deathdome.actions import Action  # noqa: E402
from toolkit.games.deathdome.data import load_deathdome  # noqa: E402
from toolkit.games.deathdome.inputs import attack_sides  # noqa: E402
from toolkit.games.deathdome.match import apply, new_match  # noqa: E402
from toolkit.games.deathdome.rules import Defender, WeaponProfile  # noqa: E402
from toolkit.odds import common  # noqa: E402


def median_ms(
    run: Callable[[], Any], runs: int, before: Callable[[], None] = lambda: None
) -> float:
    times = []
    for _ in range(runs):
        before()
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def match_with_cards() -> tuple[Any, Action]:
    state = new_match(None, ["red", "blue"])
    buys = {
        "red": [("warrior", "boxing-gloves"), ("warrior", "sansachel-satchel"),
                ("medic", "steroids")],
        "blue": [("gunner", "riot-shield"), ("gunner", "buzz-saw-suit")],
    }  # fmt: skip
    while (colour := state.purchase_team()) is not None:
        if buys[colour]:
            unit, item = buys[colour].pop(0)
            state, _ = apply(
                state, Action.from_fields({"type": "buy", "team": colour, "item": item})
            )
            fields = {"type": "equip", "unit": f"{colour}.{unit}", "item": item}
            state, _ = apply(state, Action.from_fields(fields))
        else:
            state, _ = apply(state, Action.from_fields({"type": "pass", "team": colour}))
    state, _ = apply(state, Action.from_fields({"type": "start"}))
    give = {"type": "use", "unit": "red.medic", "item": "steroids", "targets": "red.warrior"}
    state, _ = apply(state, Action.from_fields(give))
    attack = Action.from_fields(
        {"type": "attack", "attacker": "red.warrior", "target": "blue.gunner",
         "weapon": "boxing-gloves", "cards": "2,2,shove", "defence": "1,dodge",
         "adjacent": "blue.gunner"}
    )  # fmt: skip
    return state, attack


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=41)
    runs = parser.parse_args().runs
    rules = dd.load_rules()
    data = dd.cards_data()
    state, attack = match_with_cards()

    def odds(deck: tuple[Any, ...], hand: list[Any], cards_data: Any) -> Any:
        return dd.attack_odds(
            hand=hand, weapon=WeaponProfile(strength=2), skill=1,
            target=Defender(cards=(), armour=(1,), toughness=2, vitae=4), cards=3,
            deck=deck, rules=rules, data=cards_data,
        )  # fmt: skip

    def cold() -> None:
        dice._draw_hand.cache_clear()
        common.forget()

    rows = [
        ("load_deathdome() (every file, effects read)", lambda: load_deathdome(), lambda: None),
        ("match: attack with items, a drug, a combo, cards", lambda: apply(state, attack), None),
        (
            "calculator: attack_sides with items and a drug",
            lambda: attack_sides(
                rules,
                None,
                unit="warrior",
                defender="gunner",
                attacker_items="boxing-gloves,sansachel-satchel",
                attacker_drugs="steroids",
                defender_items="riot-shield,buzz-saw-suit",
            ),  # fmt: skip
            None,
        ),
        (
            "odds: power-only deck (as before issue 26)",
            lambda: odds(dd.special_play_deck(), [3, 3, 3, 1], None),
            cold,
        ),
        (
            "odds: deck by card (the defender's effect cards a choice)",
            lambda: odds(dd.special_play_deck(by_card=True), [3, 3, 3, 1], data),
            cold,
        ),
        (
            "odds: by card, Overcharge and Shove in hand too",
            lambda: odds(
                dd.special_play_deck(by_card=True), [3, 3, 3, 1, "overcharge", "shove"], data
            ),
            cold,
        ),
    ]
    print(f"median of {runs} runs, milliseconds")
    for name, run, before in rows:
        print(f"{median_ms(run, runs, before or (lambda: None)):9.2f}  {name}")


if __name__ == "__main__":
    main()
