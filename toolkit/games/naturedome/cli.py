"""`domekit naturedome ...`: the Nature Dome calculators, and `domekit odds naturedome ...`."""

from __future__ import annotations

from pathlib import Path

import typer

from toolkit.errors import DomekitError
from toolkit.games.naturedome import GAME
from toolkit.odds.cli import ODDS_DATA, ODDS_JSON
from toolkit.parsing import split_list

app = typer.Typer(help=GAME.calculators_help, no_args_is_help=True)


def _not_negative(flag: str, value: int) -> None:
    if value < 0:
        raise DomekitError(f"{flag} must be 0 or more (got {value}); no card is worth less than 0")


@app.command()
def clash(
    attack: int = typer.Option(..., "--attack", help="The attack card's Attack Point Value."),
    boost: list[int] = typer.Option(
        [],
        "--boost",
        help="An Attack Boost the attack card is laid on; repeat for a boost laid on a boost.",
    ),
    defend: int | None = typer.Option(None, "--defend", help="The defend card's Defend value."),
    escape: int | None = typer.Option(None, "--escape", help="The escape card's Escape value."),
    attacker_health: int | None = typer.Option(
        None, "--attacker-health", help="The attacker's health (default: the starting health)."
    ),
    defender_health: int | None = typer.Option(
        None, "--defender-health", help="The defender's health (default: the starting health)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
) -> None:
    """One clash: an attack card (on Attack Boosts) against a defend or an escape card.

    Zone penalties follow each player's health; damage is the attack's excess.
    """
    from toolkit.games.naturedome import rules as nd
    from toolkit.games.naturedome.data import load_rules
    from toolkit.output import emit

    if (defend is None) == (escape is None):
        raise DomekitError(
            "give exactly one of --defend or --escape: a player can either defend or escape "
            "with a card, but not both"
        )
    _not_negative("--attack", attack)
    for value in boost:
        _not_negative("--boost", value)
    defense = nd.Defense.DEFEND if defend is not None else nd.Defense.ESCAPE
    defense_value = defend if defend is not None else escape
    assert defense_value is not None
    _not_negative(f"--{defense.value}", defense_value)

    settings = load_rules()
    start = settings.health.start
    healths = {
        "--attacker-health": start if attacker_health is None else attacker_health,
        "--defender-health": start if defender_health is None else defender_health,
    }
    for flag, health in healths.items():
        if health < 0 or health > start:
            raise DomekitError(f"{flag} must be 1 to the starting health {start} (got {health})")
        if health == 0:
            raise DomekitError(f"{flag} is 0: that player is already knocked out")

    result = nd.clash(
        nd.PowerCard(id="", name="", attack=attack),
        defense,
        (
            nd.PowerCard(id="", name="", defend=defense_value)
            if defense is nd.Defense.DEFEND
            else nd.PowerCard(id="", name="", escape=defense_value)
        ),
        boosts=[
            nd.PowerCard(id="", name="", kind=nd.CardKind.BOOST, boost=value) for value in boost
        ],
        attacker_health=healths["--attacker-health"],
        defender_health=healths["--defender-health"],
        rules=settings,
    )
    emit(
        {
            "attack_total": result.attack_total,
            "defense_total": result.defense_total,
            "damage": result.damage,
            "defender_health": result.defender_health,
            "knocked_out": result.knocked_out,
            "steps": result.steps,
        },
        as_json=as_json,
        title="Nature Dome clash",
    )


# -- domekit odds naturedome: the calculators' flags minus the rolls -------------------------------

odds_app = typer.Typer(help=GAME.odds_help, no_args_is_help=True)


@odds_app.command("clash")
def odds_clash(
    hand: str = typer.Option(..., help="The attacker's hand: card ids, e.g. talon-dive,lion-roar."),
    attacker_health: int = typer.Option(1000, help="The attacker's health now."),
    defender_health: int = typer.Option(1000, help="The defender's health now."),
    defender_hand: str | None = typer.Option(
        None, help="The defender's hand, if known (card ids); otherwise it is drawn from the deck."
    ),
    cards: int | None = typer.Option(
        None, help="How many cards the unknown defender's hand holds (default: a full deal)."
    ),
    seen: str | None = typer.Option(
        None, help="Cards already played or discarded (ids): not in the defender's hand."
    ),
    data: Path | None = ODDS_DATA,
    as_json: bool = ODDS_JSON,
) -> None:
    """The best play from a hand and its damage against the defender's best answer."""
    from toolkit.games.naturedome.odds import cards_by_id, clash_odds, load
    from toolkit.odds.render import emit_odds

    rules, deck = load(data)
    result = clash_odds(
        hand=cards_by_id(deck, split_list(hand, "--hand"), "--hand"),
        attacker_health=attacker_health,
        defender_health=defender_health,
        defender_hand=(
            None
            if defender_hand is None
            else cards_by_id(deck, split_list(defender_hand, "--defender-hand"), "--defender-hand")
        ),
        cards=cards,
        seen=cards_by_id(deck, split_list(seen, "--seen"), "--seen"),
        deck=deck,
        rules=rules,
    )
    emit_odds(result, as_json=as_json, title="Nature Dome clash odds")
