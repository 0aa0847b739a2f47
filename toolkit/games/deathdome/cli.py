"""`domekit deathdome ...`: the Death Dome calculators, and `domekit odds deathdome ...`.

Flags are parsed here and handed to the pure engine (rules.py, board.py); no rules live here.
The engine is imported inside each command so `domekit --help` stays fast.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from toolkit.errors import DomekitError
from toolkit.games.deathdome import GAME
from toolkit.odds.cli import ODDS_DATA, ODDS_JSON, at_least
from toolkit.parsing import parse_counts, parse_numbers, split_list

if TYPE_CHECKING:
    from toolkit.games.deathdome.board import Board, Square
    from toolkit.games.deathdome.config import RulesConfig

app = typer.Typer(help=GAME.calculators_help, no_args_is_help=True)

DataOption = Annotated[
    Path | None,
    typer.Option("--data", help="A card_data/deathdome folder to use instead of the shipped one."),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for machines.")]


# ---------------------------------------------------------------------------------- parsing


def _folder(data: Path | None) -> Path:
    from toolkit.data import game_data_dir

    return game_data_dir("deathdome", data)


def _rules(data: Path | None) -> RulesConfig:
    from toolkit.games.deathdome.config import load_rules_config

    return load_rules_config(_folder(data) / "rules.toml")


def _board(data: Path | None, rules: RulesConfig) -> Board:
    from toolkit.games.deathdome.board import load_board

    return load_board(_folder(data) / "board.toml", colours=rules.teams.colours)


def _squares(board: Board, text: str, flag: str) -> set[Square]:
    squares: set[Square] = set()
    for part in text.replace(" ", "").split(","):
        if part:
            try:
                squares.add(board.parse_square(part))
            except DomekitError as exc:
                raise DomekitError(f"{flag}: {exc}") from None
    return squares


# ---------------------------------------------------------------------------------- attack


@app.command()
def attack(
    attack_cards: Annotated[
        str, typer.Option(help="Power values of the Special Play cards played, e.g. 3,3,3.")
    ] = "",
    weapon_strength: Annotated[
        int | None, typer.Option(help="The weapon's S value (S1..S4); default 0 or the --weapon's.")
    ] = None,
    skill: Annotated[
        int | None, typer.Option(help="The attacking unit's Skill; default 0 or the --unit's.")
    ] = None,
    bonus: Annotated[int, typer.Option(help="Temporary +S.")] = 0,
    defense_cards: Annotated[
        str, typer.Option(help="Power values of the cards played to defend, e.g. 2,1.")
    ] = "",
    armor: Annotated[str, typer.Option(help="The T value of each armour worn, e.g. 1,2.")] = "",
    toughness: Annotated[
        int | None, typer.Option(help="The defender's Toughness; default 0 or the --defender's.")
    ] = None,
    defense_bonus: Annotated[int, typer.Option(help="Temporary +T.")] = 0,
    vitae: Annotated[
        int | None, typer.Option(help="The defender's Vitae before the attack.")
    ] = None,
    push_on: Annotated[
        int | None, typer.Option(help="Push back on N of a kind: 3, or 2 for weapons marked so.")
    ] = None,
    behind: Annotated[
        str, typer.Option(help="What is on the square behind the target: empty, wall, unit, lava.")
    ] = "empty",
    weapon: Annotated[
        str | None,
        typer.Option(help="A weapon's name from items.csv: its S, push on, incapacitate."),
    ] = None,
    unit: Annotated[
        str | None, typer.Option(help="The attacking unit type (units.csv) for its Skill.")
    ] = None,
    defender: Annotated[
        str | None, typer.Option(help="The defending unit type for its Toughness and Vitae.")
    ] = None,
    data: DataOption = None,
    json: JsonOption = False,
) -> None:
    """Resolve one attack: attack stack against defense stack, damage to Vitae, push back."""
    from toolkit.games.deathdome.inputs import attack_sides
    from toolkit.games.deathdome.rules import Attacker, Defender, resolve_attack
    from toolkit.output import emit

    rules = _rules(data)
    sides = attack_sides(
        rules, data, weapon=weapon, unit=unit, defender=defender,
        weapon_strength=weapon_strength, push_on=push_on, skill=skill, toughness=toughness,
        vitae=vitae, behind=behind,
    )  # fmt: skip
    profile = sides.weapon
    attacker = Attacker(
        cards=parse_numbers(attack_cards, "--attack-cards"),
        weapon=profile,
        skill=sides.skill,
        bonus=bonus,
    )
    target = Defender(
        cards=parse_numbers(defense_cards, "--defense-cards"),
        armour=parse_numbers(armor, "--armor"),
        toughness=sides.toughness,
        bonus=defense_bonus,
        vitae=sides.vitae,
        behind=behind,  # type: ignore[arg-type]
    )
    outcome = resolve_attack(attacker, target, rules)
    result: dict[str, Any] = {
        "attack_cards": list(attacker.cards),
        "weapon_strength": profile.strength,
        "skill": attacker.skill,
        "bonus": bonus,
        "defense_cards": list(target.cards),
        "armor": list(target.armour),
        "toughness": target.toughness,
        "defense_bonus": defense_bonus,
        "push_on": profile.push_on or rules.combat.push_back_of_a_kind,
        "behind": behind,
    }
    if weapon:
        result["weapon"] = profile.name
    if unit:
        result["unit"] = unit.lower()
    if defender:
        result["defender"] = defender.lower()
    result.update(
        attack=outcome.attack,
        defense=outcome.defense,
        damage=outcome.damage,
        vitae=outcome.vitae,
        vitae_left=outcome.vitae_left,
        wounded=outcome.wounded,
        killed=outcome.killed,
        push_back=outcome.push_back,
        incapacitated=outcome.incapacitated,
        steps=outcome.steps,
    )
    emit(result, as_json=json, title="Death Dome attack")


# ---------------------------------------------------------------------------------- payout


@app.command()
def payout(
    fans: Annotated[int, typer.Option(help="The die the match winner rolled for the fans.")],
    control_points: Annotated[
        str, typer.Option(help="Normal control points held per team, e.g. red=3,blue=5.")
    ] = "",
    tower_centres: Annotated[
        str, typer.Option(help="Tower centre control points held per team, e.g. red=1.")
    ] = "",
    kills: Annotated[str, typer.Option(help="Kill points per team, e.g. red=2,blue=1.")] = "",
    teams: Annotated[
        str | None,
        typer.Option(
            help="The teams playing, clockwise around the table, e.g. red,green,blue "
            "(default: the teams named, in rules.toml's colour order)."
        ),
    ] = None,
    last_standing: Annotated[
        str | None, typer.Option(help="The only team left standing in the Dome, if any.")
    ] = None,
    data: DataOption = None,
    json: JsonOption = False,
) -> None:
    """The match payout: control points, tower centres and kills, then the fans for every team."""
    from toolkit.games.deathdome.rules import payout as match_payout
    from toolkit.games.deathdome.rules import turn_order
    from toolkit.output import emit

    rules = _rules(data)
    cps = parse_counts(control_points, "--control-points")
    towers = parse_counts(tower_centres, "--tower-centres")
    kill_counts = parse_counts(kills, "--kills")
    named = set(cps) | set(towers) | set(kill_counts)
    if last_standing:
        last_standing = last_standing.strip().lower()
        named.add(last_standing)
    for team in sorted(named):
        if team not in rules.teams.colours:
            raise DomekitError(
                f"unknown team {team!r}; the teams are {', '.join(rules.teams.colours)}"
            )
    if teams is not None:
        seating = [t.strip().lower() for t in teams.split(",") if t.strip()]
        extra = sorted(named - set(seating))
        if extra:
            raise DomekitError(f"{', '.join(extra)} named but not in --teams {teams}")
    else:
        seating = [colour for colour in rules.teams.colours if colour in named]
    if len(seating) < rules.teams.min:
        raise DomekitError(
            f"{len(seating)} team(s) named; a match has {rules.teams.min} to {rules.teams.max} "
            "(name them with --teams)"
        )
    order = turn_order(seating, seating, rules)
    outcome = match_payout(
        order, cps, towers, kill_counts, fans, rules, last_standing=last_standing
    )
    emit(
        {
            "control_points": {t: cps.get(t, 0) for t in order},
            "tower_centres": {t: towers.get(t, 0) for t in order},
            "kills": {t: kill_counts.get(t, 0) for t in order},
            "fans": fans,
            "teams": order,
            "last_standing": last_standing,
            "match_payout": outcome.match_payout,
            "fans_money": outcome.fans_money,
            "payout": outcome.payout,
            "winner": outcome.winner,
            "steps": outcome.steps,
        },
        as_json=json,
        title="Death Dome payout",
    )


# ---------------------------------------------------------------------------- line of sight


@app.command()
def los(
    origin: Annotated[str, typer.Argument(metavar="FROM", help="The unit's square, e.g. C5.")],
    target: Annotated[str, typer.Argument(metavar="TO", help="The target square, e.g. H12.")],
    ignore_los: Annotated[
        bool, typer.Option(help="The weapon ignores line of sight (walls and the tower).")
    ] = False,
    weapon: Annotated[
        str | None, typer.Option(help="A weapon's name: also checks its range.")
    ] = None,
    data: DataOption = None,
    json: JsonOption = False,
) -> None:
    """Line of sight between two squares of the data board, with the reason when there is none."""
    from toolkit.games.deathdome.board import line_of_sight
    from toolkit.games.deathdome.inputs import card_data, find_weapon, weapon_profile
    from toolkit.games.deathdome.rules import weapon_reach
    from toolkit.output import emit

    rules = _rules(data)
    board = _board(data, rules)
    start, end = board.parse_square(origin), board.parse_square(target)
    profile = weapon_profile(find_weapon(card_data(data), weapon)) if weapon else None
    sight = line_of_sight(
        board, start, end, ignore_los=ignore_los or bool(profile and profile.ignore_los)
    )
    result: dict[str, Any] = {
        "from": str(start),
        "to": str(end),
        "ignore_los": ignore_los,
        "visible": sight.visible,
        "reason": sight.reason,
        "distance": sight.distance,
        "higher_ground": sight.higher_ground,
    }
    steps = list(sight.steps)
    if profile is not None:
        reach = weapon_reach(profile, rules)
        result["weapon"] = profile.name
        result["in_range"] = sight.distance <= reach
        steps.append(f"{profile.name} reaches {reach}: target {sight.distance} away")
    result["steps"] = steps
    emit(result, as_json=json, title="Death Dome line of sight")


# ---------------------------------------------------------------------------------- movement


@app.command()
def move(
    unit: Annotated[
        str,
        typer.Argument(
            metavar="UNIT",
            help="The moving unit as COLOUR.TYPE, e.g. red.scout (its team for the enemy-base "
            "rule, its type for Movement from units.csv); COLOUR alone with --movement.",
        ),
    ],
    origin: Annotated[str, typer.Argument(metavar="FROM", help="The unit's square, e.g. C5.")],
    target: Annotated[str, typer.Argument(metavar="TO", help="Where it should end, e.g. E8.")],
    movement: Annotated[
        int | None, typer.Option(help="Movement rating (default: the unit type's in units.csv).")
    ] = None,
    teammates: Annotated[str, typer.Option(help="Squares of its teammates, e.g. D5,D6.")] = "",
    enemies: Annotated[str, typer.Option(help="Squares of enemy units, e.g. F7.")] = "",
    lava: Annotated[bool, typer.Option(help="A card lets this unit enter lava.")] = False,
    data: DataOption = None,
    json: JsonOption = False,
) -> None:
    """Can this unit move FROM -> TO in one movement phase? The path, or the reason not."""
    from toolkit.games.deathdome.board import can_move
    from toolkit.games.deathdome.inputs import card_data, find_unit
    from toolkit.output import emit

    rules = _rules(data)
    board = _board(data, rules)
    colour, _, unit_type = unit.strip().lower().partition(".")
    if colour not in rules.teams.colours:
        raise DomekitError(
            f"unknown team {colour!r} in {unit!r}; expected COLOUR.TYPE with a colour among "
            f"{', '.join(rules.teams.colours)}"
        )
    if movement is None:
        if not unit_type:
            raise DomekitError(f"{unit!r} names no unit type: give COLOUR.TYPE or --movement N")
        movement = find_unit(card_data(data), unit_type, "UNIT").movement
    elif unit_type:
        find_unit(card_data(data), unit_type, "UNIT")
    if movement < 0:
        raise DomekitError(f"--movement cannot be negative (got {movement})")
    start, end = board.parse_square(origin), board.parse_square(target)
    friends = _squares(board, teammates, "--teammates")
    foes = _squares(board, enemies, "--enemies")
    both = friends & foes
    if both:
        raise DomekitError(f"{', '.join(sorted(map(str, both)))} named as teammate and enemy")
    if start in foes or start in friends:
        raise DomekitError(f"{start} is the moving unit's own square; do not list it")
    check = can_move(
        board,
        start,
        end,
        movement=movement,
        colour=colour,
        teammates=friends,
        enemies=foes,
        lava_allowed=lava,
    )
    emit(
        {
            "unit": unit.lower(),
            "from": check.origin,
            "to": check.target,
            "movement": movement,
            "teammates": sorted(map(str, friends)),
            "enemies": sorted(map(str, foes)),
            "lava": lava,
            "allowed": check.allowed,
            "reason": check.reason,
            "squares_needed": check.squares_needed,
            "path": check.path,
            "steps": check.steps,
        },
        as_json=json,
        title="Death Dome movement",
    )


# ------------------------------------------------------------------------------------ draws


@app.command()
def draws(
    control_points: Annotated[
        int, typer.Option(help="Control points the team controls (tower centres included).")
    ] = 0,
    data: DataOption = None,
    json: JsonOption = False,
) -> None:
    """Cards drawn at the start of a turn: 3 + 1 for every 5 control points."""
    from toolkit.games.deathdome.rules import draws as count_draws
    from toolkit.output import emit

    outcome = count_draws(control_points, _rules(data))
    emit(
        {"control_points": control_points, "draws": outcome.draws, "steps": outcome.steps},
        as_json=json,
        title="Death Dome draws",
    )


# -- domekit odds deathdome: the calculators' flags minus the rolls --------------------------------

odds_app = typer.Typer(help=GAME.odds_help, no_args_is_help=True)


@odds_app.command("attack")
def odds_attack(
    hand: str = typer.Option(
        ..., help="Power values of the Special Play cards in hand, e.g. 3,3,3,1."
    ),
    weapon_strength: int | None = typer.Option(
        None, help="The weapon's S value (S1..S4); default 0 or the --weapon's."
    ),
    skill: int | None = typer.Option(
        None, help="The attacking unit's Skill; default 0 or --unit's."
    ),
    bonus: int = typer.Option(0, help="Temporary +S."),
    push_on: int | None = typer.Option(
        None, help="Push back on N of a kind: 3 (default), or 2 for weapons marked so."
    ),
    armor: str | None = typer.Option(None, help="The T value of each armour worn, e.g. 1,2."),
    toughness: int | None = typer.Option(
        None, help="The defender's Toughness; default 0 or the --defender's."
    ),
    defense_bonus: int = typer.Option(0, help="Temporary +T."),
    vitae: int | None = typer.Option(None, help="The defender's Vitae before the attack."),
    behind: str = typer.Option("empty", help="Behind the target: empty, wall, unit, lava."),
    defender_hand: str | None = typer.Option(
        None,
        "--defender-hand",
        "--defense-cards",
        help="The defender's power cards, if known (it plays them all).",
    ),
    defender_cards: int | None = typer.Option(
        None, help="How many unknown cards the defender holds (default: a turn's base draw)."
    ),
    seen: str | None = typer.Option(
        None, help="Power cards already out of the deck (played or discarded), e.g. 4,4."
    ),
    play: str | None = typer.Option(
        None, help="Show this set of the hand's cards in full (default: the best set)."
    ),
    weapon: str | None = typer.Option(
        None, help="A weapon's name from items.csv: its S and push back on N of a kind."
    ),
    unit: str | None = typer.Option(None, help="The attacking unit type (units.csv): its Skill."),
    defender: str | None = typer.Option(
        None, help="The defending unit type: its Toughness and Vitae."
    ),
    data: Path | None = ODDS_DATA,
    as_json: bool = ODDS_JSON,
) -> None:
    """Wound, kill and push-back chances for every set of cards the hand could play."""
    from toolkit.games.deathdome.inputs import attack_sides
    from toolkit.games.deathdome.odds import attack_odds, load_rules, special_play_deck
    from toolkit.games.deathdome.rules import Defender
    from toolkit.odds.render import emit_odds

    rules = load_rules(data)
    # The same flags, card lookups and checks as `domekit deathdome attack`.
    sides = attack_sides(
        rules, data, weapon=weapon, unit=unit, defender=defender,
        weapon_strength=weapon_strength, push_on=push_on, skill=skill, toughness=toughness,
        vitae=vitae, behind=behind,
    )  # fmt: skip
    if defender_cards is not None and defender_hand is not None:
        raise DomekitError("give --defender-hand or --defender-cards, not both")
    if defender_cards is not None:
        at_least(defender_cards, "--defender-cards")
    result = attack_odds(
        hand=parse_numbers(hand, "--hand"),
        weapon=sides.weapon,
        skill=sides.skill,
        bonus=bonus,
        target=Defender(
            cards=(),
            armour=parse_numbers(armor, "--armor"),
            toughness=sides.toughness,
            bonus=defense_bonus,
            vitae=sides.vitae,
            behind=behind,  # type: ignore[arg-type]
        ),
        defender_hand=None
        if defender_hand is None
        else parse_numbers(defender_hand, "--defender-hand"),
        cards=defender_cards,
        seen=parse_numbers(seen, "--seen"),
        play=None if play is None else parse_numbers(play, "--play"),
        deck=special_play_deck(data),
        rules=rules,
    )
    emit_odds(result, as_json=as_json, title="Death Dome attack odds")


@odds_app.command("capture")
def odds_capture(
    team: str = typer.Option(..., help="The team that captures."),
    kind: str = typer.Option("control-point", help="control-point or tower-centre."),
    taken_from: str | None = typer.Option(None, help="The team that held it, if any."),
    control_points: str | None = typer.Option(
        None, help="Normal control points held per team now, e.g. red=3,blue=5."
    ),
    tower_centres: str | None = typer.Option(
        None, help="Tower centres held per team, e.g. blue=1."
    ),
    kills: str | None = typer.Option(None, help="Kill points per team, e.g. red=2."),
    teams: str | None = typer.Option(
        None, help="The teams playing in turn order, e.g. red,blue (default: those named)."
    ),
    data: Path | None = ODDS_DATA,
    as_json: bool = ODDS_JSON,
) -> None:
    """The payout swing of a capture, and the chance to win the match before and after."""
    from toolkit.games.deathdome.odds import capture_odds, load_rules
    from toolkit.odds.render import emit_odds

    rules = load_rules(data)
    cps = parse_counts(control_points, "--control-points")
    towers = parse_counts(tower_centres, "--tower-centres")
    kill_points = parse_counts(kills, "--kills")
    if teams is not None:
        playing = [name.lower() for name in split_list(teams, "--teams")]
    else:
        named = {team.lower(), *cps, *towers, *kill_points}
        if taken_from:
            named.add(taken_from.lower())
        playing = [colour for colour in rules.teams.colours if colour in named]
        unknown = named - set(playing)
        if unknown:
            raise DomekitError(
                f"unknown team(s) {', '.join(sorted(unknown))}; the colours are "
                f"{', '.join(rules.teams.colours)}"
            )
    result = capture_odds(
        teams=playing,
        control_points=cps,
        tower_centres=towers,
        kills=kill_points,
        team=team.lower(),
        kind=kind,  # type: ignore[arg-type]
        taken_from=None if taken_from is None else taken_from.lower(),
        rules=rules,
    )
    emit_odds(result, as_json=as_json, title="Death Dome capture odds")
