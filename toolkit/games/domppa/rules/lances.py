"""Domppa's Lances chapter (rules/domppa.en.md): the charge's damage bonus and the lance
breaking."""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.games.domppa.config import DomppaRules
from toolkit.games.domppa.rules.common import not_negative


def lance_bonus(rules: DomppaRules, straight_squares: int) -> int:
    """+1 damage per square moved straight."""
    not_negative(straight_squares=straight_squares)
    rules.limits.check("lance_squares", straight_squares, "squares charged straight")
    return straight_squares * rules.lance.bonus_per_square


@dataclass(frozen=True)
class LanceBreakage:
    total: int
    result: str  # "broken", "dropped" or "whole"
    steps: list[str]


def lance_breakage(
    rules: DomppaRules,
    *,
    attack: int,
    target_protection: int,
    roll_total: int,
    modifiers: int = 0,
) -> LanceBreakage:
    """2d6 + attack skill + modifiers, -1 per 5 points of the target's armour above the base 7.

    Below 17: broken; 17-19: dropped but whole; 20+: whole.
    """
    not_negative(target_protection=target_protection)
    base = rules.protection.base
    armour = max(0, target_protection - base)
    penalty = armour // rules.lance.protection_step
    total = roll_total + attack + modifiers - penalty
    if total < rules.lance.broken_below:
        result = "broken"
    elif total < rules.lance.whole_from:
        result = "dropped"
    else:
        result = "whole"
    text = f"2d6 {roll_total} + attack {attack}"
    if modifiers:
        text += f" + modifiers {modifiers}"
    return LanceBreakage(
        total,
        result,
        [
            f"armour {target_protection} - base {base} = {armour}: -1 per "
            f"{rules.lance.protection_step} = -{penalty}",
            f"{text} - {penalty} = {total}",
            f"below {rules.lance.broken_below}: broken; {rules.lance.broken_below}-"
            f"{rules.lance.whole_from - 1}: dropped but whole; {rules.lance.whole_from}+: whole"
            f" -> {result}",
        ],
    )
