"""`domekit dominum ...`: the Dominum calculators (attack, assault, duel), and
`domekit odds dominum ...` (attack, assault odds)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from toolkit.errors import DomekitError
from toolkit.games.dominum import GAME
from toolkit.odds.cli import ODDS_DATA, ODDS_JSON, at_least
from toolkit.parsing import split_list

if TYPE_CHECKING:
    from toolkit.games.dominum.config import DominumRules
    from toolkit.games.dominum.data import DominumData
    from toolkit.games.dominum.matchup import Matchup
    from toolkit.games.dominum.power import PowerCard

app = typer.Typer(help=GAME.calculators_help, no_args_is_help=True)

DATA_HELP = "A folder with your own rules.toml (default: the shipped card_data/dominum)."
JSON_HELP = "Print JSON (names are the flags' names in snake_case)."
POWER_HELP = "The power card drawn: 1 to 4 or critical."
# --data and --json as every command here takes them
DATA = typer.Option(None, help=DATA_HELP)
JSON = typer.Option(False, "--json", help=JSON_HELP)


def _rules(data: Path | None) -> DominumRules:
    from toolkit.games.dominum.config import default_rules, load_rules

    return default_rules() if data is None else load_rules(data)


CARDS_HELP = (
    "A folder with your own rules.toml (and, to name cards, your own domains.csv, effects.toml, "
    "...: a whole copy of card_data/dominum). Default: the shipped card_data/dominum."
)
WHERE_HELP = "Whose Domain the {who} stands in, to its owner: own, opponent or neutral."
# The two cards, by name, and where they stand: what their abilities do (matchup.py)
ATTACKER = typer.Option(
    None, "--attacker", help="The (primary) attacker, by its name in domains.csv."
)
DEFENDER = typer.Option(None, "--defender", help="The defender, by its name in domains.csv.")
ATTACKER_DOMAIN = typer.Option("own", help=WHERE_HELP.format(who="attacker"))
DEFENDER_DOMAIN = typer.Option("own", help=WHERE_HELP.format(who="defender"))
STRENGTH = typer.Option(
    None,
    help="The (primary) attacker's attack strength; with --attacker, it wins over the card's.",
)
DEFENSE = typer.Option(
    None, help="The defender's defense strength; with --defender, it wins over the card's."
)


def _fight(
    data: Path | None,
    *,
    attacker: str | None,
    defender: str | None,
    coordinating: int,
    **flags: Any,
) -> tuple[DominumData | None, DominumRules, Matchup]:
    """The attack the flags name: the card data (read when a card is named; else the rules
    alone), the rules, and the two cards' matchup (matchup.py)."""
    from toolkit.games.dominum.data import load_dominum
    from toolkit.games.dominum.matchup import matchup

    cards = None if attacker is None and defender is None else load_dominum(data)
    rules = _rules(data) if cards is None else cards.rules
    fight = matchup(
        cards,
        attacker=attacker,
        defender=defender,
        coordinating=at_least(coordinating, "--coordinating"),
        **flags,
    )
    return cards, rules, fight


@app.command()
def attack(
    attacker: str | None = ATTACKER,
    defender: str | None = DEFENDER,
    attacker_domain: str = ATTACKER_DOMAIN,
    defender_domain: str = DEFENDER_DOMAIN,
    strength: int | None = STRENGTH,
    power: str = typer.Option(..., help=POWER_HELP),
    defense: int | None = DEFENSE,
    defense_power: str | None = typer.Option(
        None, help="The defender's optional draw: 1 to 4 or critical."
    ),
    lunge_power: str | None = typer.Option(
        None, help="Lunge: the attacker shifted first and drew this second card, used instead."
    ),
    coordinating: int = typer.Option(0, help="Other cards coordinating (+1 each)."),
    deadly: bool = typer.Option(False, "--deadly", help="The primary attacker has Deadly."),
    attacker_weakened: bool = typer.Option(
        False, "--attacker-weakened", help="The attacker is weakened (-1)."
    ),
    defender_weakened: bool = typer.Option(
        False, "--defender-weakened", help="The defender is weakened (-1)."
    ),
    data: Path | None = typer.Option(None, help=CARDS_HELP),
    as_json: bool = JSON,
) -> None:
    """Resolve one attack: attack total against defense total, wound or blocked. With --attacker
    and --defender the cards' abilities apply (listed under `effects`)."""
    from toolkit.games.dominum.power import parse_power
    from toolkit.output import emit

    cards, rules, fight = _fight(
        data,
        attacker=attacker,
        defender=defender,
        strength=strength,
        defense=defense,
        attacker_where=attacker_domain,
        defender_where=defender_domain,
        deadly=deadly,
        lunged=lunge_power is not None,
        coordinating=coordinating,
        attacker_weakened=attacker_weakened,
        defender_weakened=defender_weakened,
    )
    outcome = fight.resolve(
        parse_power(power, rules=rules, what="--power"),
        None
        if defense_power is None
        else parse_power(defense_power, rules=rules, what="--defense-power"),
        None
        if lunge_power is None
        else parse_power(lunge_power, rules=rules, what="--lunge-power"),
        rules=rules,
    )
    emit(
        {
            "attack_total": outcome.attack_total,
            "defense_total": outcome.defense_total,
            "result": outcome.result,
            "counterattack": outcome.counterattack,
            "free_strike": outcome.free_strike,
            "knockback": outcome.knockback,
            "evasive_shift": outcome.evasive_shift,
            "submerge": outcome.submerge,
            "effects": [] if cards is None else fight.effects(cards.vocabulary, outcome),
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
    at_least(in_zone, "--in-zone")
    at_least(fortified, "--fortified")
    at_least(barrage, "--barrage")
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


# -- domekit odds dominum: the calculators' flags minus the rolls ----------------------------------

odds_app = typer.Typer(help=GAME.odds_help, no_args_is_help=True)

USED_HELP = "Power cards already in the used pile, e.g. 1,4,critical."
RESERVE_HELP = "Power cards on the reserve board, e.g. 3,4."


def _power_cards(text: str | None, flag: str, rules: DominumRules) -> list[PowerCard]:
    from toolkit.games.dominum.power import parse_power

    return [parse_power(part, rules=rules, what=flag) for part in split_list(text, flag)]


@odds_app.command("attack")
def odds_attack(
    attacker: str | None = ATTACKER,
    defender: str | None = DEFENDER,
    attacker_domain: str = ATTACKER_DOMAIN,
    defender_domain: str = DEFENDER_DOMAIN,
    strength: int | None = STRENGTH,
    defense: int | None = DEFENSE,
    lunged: bool = typer.Option(
        False,
        "--lunged",
        help="Lunge: the attacker shifted first, so it may draw a second card seeing the first "
        "(the odds show the best and the worst of that choice).",
    ),
    coordinating: int = typer.Option(0, help="Other cards coordinating (+1 each)."),
    deadly: bool = typer.Option(False, "--deadly", help="The primary attacker has Deadly."),
    attacker_weakened: bool = typer.Option(False, "--attacker-weakened"),
    defender_weakened: bool = typer.Option(False, "--defender-weakened"),
    used: str | None = typer.Option(None, help="Attacker's used pile. " + USED_HELP),
    reserve: str | None = typer.Option(None, help="Attacker's reserve. " + RESERVE_HELP),
    use_reserve: str | None = typer.Option(
        None, help="The attacker uses this reserve card instead of drawing."
    ),
    defender_used: str | None = typer.Option(None, help="Defender's used pile."),
    defender_reserve: str | None = typer.Option(None, help="Defender's reserve board."),
    defender_policy: str = typer.Option(
        "deck",
        help="When the defender draws: never; deck (draws its deck's top when the attack would "
        "wound and a card there could block); best (lowest reserve card that surely blocks, "
        "else as deck).",
    ),
    data: Path | None = typer.Option(None, help=CARDS_HELP),
    as_json: bool = ODDS_JSON,
) -> None:
    """Chance to wound, to be blocked and counterattacked, from both power decks as they stand;
    with --attacker and --defender the cards' abilities apply, as in `domekit dominum attack`."""
    from toolkit.games.dominum.odds import PowerState, attack_odds
    from toolkit.odds.render import emit_odds

    cards, rules, fight = _fight(
        data,
        attacker=attacker,
        defender=defender,
        strength=strength,
        defense=defense,
        attacker_where=attacker_domain,
        defender_where=defender_domain,
        deadly=deadly,
        lunged=lunged,
        coordinating=coordinating,
        attacker_weakened=attacker_weakened,
        defender_weakened=defender_weakened,
    )
    chosen = _power_cards(use_reserve, "--use-reserve", rules)
    if len(chosen) > 1:
        raise DomekitError("--use-reserve names one card for an attack")
    result = attack_odds(
        attacker=PowerState.of(
            used=_power_cards(used, "--used", rules),
            reserve=_power_cards(reserve, "--reserve", rules),
            rules=rules,
            who="attacker",
        ),
        defender=PowerState.of(
            used=_power_cards(defender_used, "--defender-used", rules),
            reserve=_power_cards(defender_reserve, "--defender-reserve", rules),
            rules=rules,
            who="defender",
        ),
        use_reserve=chosen[0] if chosen else None,
        defender_policy=defender_policy,  # type: ignore[arg-type]
        fight=fight,
        vocabulary=None if cards is None else cards.vocabulary,
        rules=rules,
    )
    emit_odds(result, as_json=as_json, title="Dominum attack odds")


@odds_app.command("assault")
def odds_assault(
    in_zone: int = typer.Option(
        ..., help="Own cards in the opponent's assault zone, fortified spaces included."
    ),
    fortified: int = typer.Option(0, help="How many of them stand on a fortified space."),
    barrage: int = typer.Option(0, help="Own Barrage cards in the neutral line."),
    surge: bool = typer.Option(False, "--surge", help="Spend the Surge token for +1."),
    used: str | None = typer.Option(None, help=USED_HELP),
    reserve: str | None = typer.Option(None, help=RESERVE_HELP),
    use_reserve: str | None = typer.Option(
        None, help="Reserve cards used instead of drawing (policy deck), e.g. 4 or 4,critical."
    ),
    policy: str = typer.Option(
        "deck",
        help="deck: --use-reserve cards, the rest from the deck; best: each draw chosen to "
        "maximise the expected VP.",
    ),
    data: Path | None = ODDS_DATA,
    as_json: bool = ODDS_JSON,
) -> None:
    """Assault total and VP distribution from the power deck as it stands."""
    from toolkit.games.dominum.odds import PowerState, assault_odds
    from toolkit.odds.render import emit_odds

    rules = _rules(data)
    if fortified > in_zone:
        raise DomekitError(
            f"--fortified ({fortified}) cannot exceed --in-zone ({in_zone}): "
            "--in-zone counts the cards on fortified spaces too"
        )
    result = assault_odds(
        in_zone=at_least(in_zone, "--in-zone"),
        fortified=at_least(fortified, "--fortified"),
        barrage=at_least(barrage, "--barrage"),
        surge=surge,
        state=PowerState.of(
            used=_power_cards(used, "--used", rules),
            reserve=_power_cards(reserve, "--reserve", rules),
            rules=rules,
        ),
        use_reserve=_power_cards(use_reserve, "--use-reserve", rules),
        policy=policy,  # type: ignore[arg-type]
        rules=rules,
    )
    emit_odds(result, as_json=as_json, title="Dominum assault odds")
