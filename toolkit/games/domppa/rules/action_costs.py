"""Domppa's Actions chapter (rules/domppa.en.md): what each action in combat costs in action
points (AP), from the actions table (card_data/domppa/rules.toml, [actions.table])."""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.errors import DomekitError, RuleError
from toolkit.games.domppa.config import DomppaRules
from toolkit.games.domppa.rules.common import not_negative
from toolkit.games.domppa.words import ABILITY_NAMES


@dataclass(frozen=True)
class ActionCost:
    action: str
    ap: int
    remaining: int
    steps: list[str]


def action_cost(
    rules: DomppaRules,
    action: str,
    *,
    remaining_ap: int,
    squares: int = 0,
    diagonal_squares: int = 0,
    difficult_squares: int = 0,
    bodyguard: int = 0,
    abilities: frozenset[str] | None = None,
) -> ActionCost:
    """What an action costs and the AP left.

    Movement costs per square (diagonals dearer, difficult terrain +1 a square); "1+" actions
    cost every AP left, at least their minimum; Bodyguard X adds X to disengage and to moving while
    engaged (once per action). `abilities`, when given, must hold the ability the action requires.
    """
    table = rules.actions.table
    if action not in table:
        raise DomekitError(f"unknown action {action!r}; the actions are {', '.join(table)}")
    spec = table[action]
    not_negative(
        remaining_AP=remaining_ap,
        squares=squares,
        diagonal_squares=diagonal_squares,
        difficult_squares=difficult_squares,
        bodyguard=bodyguard,
    )
    if abilities is not None and spec.requires and spec.requires not in abilities:
        ability = ABILITY_NAMES[spec.requires]
        raise RuleError(f"Actions: {action}", f"needs the {ability} ability")
    steps: list[str] = []
    if spec.per_square:
        if difficult_squares > squares + diagonal_squares:
            raise DomekitError("difficult squares cannot outnumber the squares moved")
        diagonal = spec.diagonal if spec.diagonal is not None else spec.cost
        extra = rules.actions.difficult_terrain_extra
        cost = squares * spec.cost + diagonal_squares * diagonal + difficult_squares * extra
        steps.append(
            f"{action}: {squares} x {spec.cost} + {diagonal_squares} diagonal x {diagonal}"
            f" + {difficult_squares} difficult x {extra} = {cost} AP"
        )
    elif spec.all_remaining:
        cost = max(remaining_ap, spec.cost)
        steps.append(f"{action}: all remaining AP ({remaining_ap}), at least {spec.cost}")
    else:
        cost = spec.cost
        steps.append(f"{action}: {cost} AP")
    if spec.bodyguard and bodyguard:
        cost += bodyguard
        steps.append(f"bodyguard {bodyguard}: +{bodyguard} AP")
    if cost > remaining_ap:
        raise RuleError(f"Actions: {action}", f"costs {cost} AP but only {remaining_ap} AP remain")
    steps.append(f"{remaining_ap} - {cost} = {remaining_ap - cost} AP left")
    return ActionCost(action, cost, remaining_ap - cost, steps)
