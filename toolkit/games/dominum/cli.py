"""`domekit dominum ...`: the Dominum calculators (attack, assault, duel)."""

from __future__ import annotations

from pathlib import Path

import typer

from toolkit.errors import DomekitError

app = typer.Typer(help="Dominum calculators: attack, assault, duel.", no_args_is_help=True)

DATA_HELP = "A folder with your own rules.toml (default: the shipped card_data/dominum)."
JSON_HELP = "Print JSON (names are the flags' names in snake_case)."
POWER_HELP = "The power card drawn: 1 to 4 or critical."
# --data and --json as every command here takes them
DATA = typer.Option(None, help=DATA_HELP)
JSON = typer.Option(False, "--json", help=JSON_HELP)


def _rules(data: Path | None):  # type: ignore[no-untyped-def]
    from toolkit.games.dominum.config import default_rules, load_rules

    return default_rules() if data is None else load_rules(data)


def _count(value: int, flag: str) -> int:
    if value < 0:
        raise DomekitError(f"{flag} must be 0 or more, got {value}")
    return value


@app.command()
def attack(
    strength: int = typer.Option(..., help="The (primary) attacker's attack strength."),
    power: str = typer.Option(..., help=POWER_HELP),
    defense: int = typer.Option(..., help="The defender's defence strength."),
    defense_power: str | None = typer.Option(
        None, help="The defender's optional draw: 1 to 4 or critical."
    ),
    coordinating: int = typer.Option(0, help="Other cards coordinating (+1 each)."),
    deadly: bool = typer.Option(False, "--deadly", help="The primary attacker has Deadly."),
    attacker_weakened: bool = typer.Option(
        False, "--attacker-weakened", help="The attacker is weakened (-1)."
    ),
    defender_weakened: bool = typer.Option(
        False, "--defender-weakened", help="The defender is weakened (-1)."
    ),
    data: Path | None = DATA,
    as_json: bool = JSON,
) -> None:
    """Resolve one attack: attack total against defence total, wound or blocked."""
    from toolkit.games.dominum.power import parse_power
    from toolkit.games.dominum.rules import Keyword, resolve_attack
    from toolkit.output import emit

    rules = _rules(data)
    outcome = resolve_attack(
        strength=_count(strength, "--strength"),
        power=parse_power(power, rules=rules, what="--power"),
        defense=_count(defense, "--defense"),
        defense_power=(
            None
            if defense_power is None
            else parse_power(defense_power, rules=rules, what="--defense-power")
        ),
        coordinating=_count(coordinating, "--coordinating"),
        attacker_weakened=attacker_weakened,
        defender_weakened=defender_weakened,
        abilities=frozenset({Keyword.DEADLY}) if deadly else frozenset(),
        rules=rules,
    )
    emit(
        {
            "attack_total": outcome.attack_total,
            "defense_total": outcome.defense_total,
            "result": outcome.result,
            "counterattack": outcome.counterattack,
            "steps": outcome.steps,
        },
        as_json=as_json,
        title="Dominum attack",
    )


@app.command()
def assault(
    in_zone: int = typer.Option(
        ..., help="Own cards in the opponent's assault zone, fortified spaces included."
    ),
    fortified: int = typer.Option(0, help="How many of them stand on a fortified space."),
    barrage: int = typer.Option(0, help="Own Barrage cards in the neutral line."),
    power: str = typer.Option(..., help="The two power cards drawn, e.g. 3,4 or 2,critical."),
    surge: bool = typer.Option(False, "--surge", help="Spend the Surge token for +1."),
    data: Path | None = DATA,
    as_json: bool = JSON,
) -> None:
    """Resolve an assault: initial score, two power draws, Surge, VP."""
    from toolkit.games.dominum.power import parse_power
    from toolkit.games.dominum.rules import resolve_assault
    from toolkit.output import emit

    rules = _rules(data)
    pieces = power.split(",")
    if len(pieces) != rules.assault.power_draws or not all(p.strip() for p in pieces):
        raise DomekitError(
            f"--power takes {rules.assault.power_draws} cards separated by commas "
            f"(e.g. 3,4), got {power!r}"
        )
    cards = [parse_power(piece, rules=rules, what="--power") for piece in pieces]
    _count(in_zone, "--in-zone")
    _count(fortified, "--fortified")
    _count(barrage, "--barrage")
    if fortified > in_zone:
        raise DomekitError(
            f"--fortified ({fortified}) cannot exceed --in-zone ({in_zone}): "
            "--in-zone counts the cards on fortified spaces too"
        )
    outcome = resolve_assault(
        in_zone=in_zone,
        fortified=fortified,
        barrage=barrage,
        powers=cards,
        surge=surge,
        rules=rules,
    )
    emit(
        {
            "initial": outcome.initial,
            "total": outcome.total,
            "vp": outcome.vp,
            "takes_surge": outcome.takes_surge,
            "steps": outcome.steps,
        },
        as_json=as_json,
        title="Dominum assault",
    )


@app.command()
def duel(
    power: str = typer.Option(..., help="The initiator's power card: 1 to 4 or critical."),
    opponent_power: str | None = typer.Option(
        None, help="The opponent's power card, if the opponent draws."
    ),
    data: Path | None = DATA,
    as_json: bool = JSON,
) -> None:
    """Resolve a power duel: high card wins, ties go to the opponent, a Critical wins."""
    from toolkit.games.dominum.power import parse_power
    from toolkit.games.dominum.rules import power_duel
    from toolkit.output import emit

    rules = _rules(data)
    outcome = power_duel(
        parse_power(power, rules=rules, what="--power"),
        (
            None
            if opponent_power is None
            else parse_power(opponent_power, rules=rules, what="--opponent-power")
        ),
        rules=rules,
    )
    emit(
        {"winner": outcome.winner, "steps": outcome.steps},
        as_json=as_json,
        title="Dominum power duel",
    )
