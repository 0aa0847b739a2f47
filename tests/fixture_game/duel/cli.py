"""`domekit duel damage`: what a roll deals, and the exact odds of the duel (toolkit/dice.py)."""

from __future__ import annotations

import json

import typer

from duel.match import damage, percent, roll_damage, rules, win_chance
from toolkit.errors import DomekitError
from toolkit.parsing import parse_numbers

app = typer.Typer(no_args_is_help=True)


@app.command("damage")
def damage_command(
    roll: str = typer.Option("", "--roll", help="The dice as they fell, e.g. 5,6."),
    hp: str = typer.Option("", "--hp", help="Your HP and the other's, e.g. 10,7 (default: full)."),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
) -> None:
    """A roll's damage, the exact damage of any roll, and your chance to win if you roll next."""
    most, dice = rules(), parse_numbers(roll, "--roll")
    mine, theirs = parse_numbers(hp, "--hp") or (most.hp, most.hp)
    if dice and (len(dice) != most.dice or not all(1 <= d <= most.sides for d in dice)):
        raise DomekitError(f"--roll: expected {most.dice} dice of 1 to {most.sides}")
    if not 1 <= min(mine, theirs) <= max(mine, theirs) <= most.hp:
        raise DomekitError(f"--hp: expected two HP of 1 to {most.hp}, like 10,7")
    odds, win = roll_damage(most).probabilities(), win_chance(mine, theirs, most)
    dealt = damage(sum(dice), most) if dice else None
    if as_json:
        found = {"roll": list(dice), "damage": dealt, "hp": [mine, theirs], "win": str(win),
                 "damage_odds": {str(d): str(p) for d, p in odds.items()}}  # fmt: skip
        typer.echo(json.dumps(found, indent=2))
        return
    if dice:
        typer.echo(f"{' + '.join(map(str, dice))} = {sum(dice)}: {dealt} damage")
    typer.echo(f"the damage of a roll ({most.dice}d{most.sides} less {most.threshold}):")
    for points, p in odds.items():
        typer.echo(f"  {points}  {str(p):>5}  {percent(p):>7}")
    typer.echo(f"rolling next on {mine} HP against {theirs}: you win {percent(win)}")
