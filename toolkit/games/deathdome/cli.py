"""`domekit deathdome ...`: the Death Dome calculators, and `domekit odds deathdome ...`.

Flags are parsed here and handed to the pure engine (rules.py, board.py); no rules live here.
The engine is imported inside each command so `domekit --help` stays fast.
"""

from __future__ import annotations

from dataclasses import replace
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


ITEMS_HELP = (
    "ids from items.csv, e.g. riot-shield,kevlar-vest: their effects, combos and set bonuses apply"
)
AttackerItems = Annotated[
    str | None, typer.Option(help=f"The items the attacking unit carries: {ITEMS_HELP}.")
]
DefenderItems = Annotated[
    str | None, typer.Option(help=f"The items the defending unit carries: {ITEMS_HELP}.")
]
TeamItems = Annotated[
    str | None,
    typer.Option(
        help="The attacker's team's other items (on other units or spare): a set bonus needs "
        "the team to own all 3 of its items. Default: only those the unit carries."
    ),
]
DefenderTeamItems = Annotated[
    str | None, typer.Option(help="The defender's team's other items, as --team-items.")
]
AttackerDrugs = Annotated[
    str | None,
    typer.Option(
        help="Drugs (or Special Play cards) whose effects last on the attacker now, by id, e.g. "
        "steroids: they count as carried for combos."
    ),
]
DefenderDrugs = Annotated[
    str | None,
    typer.Option(help="Drugs whose effects last on the defender now, e.g. pain-dispersor."),
]
Adjacent = Annotated[
    bool | None,
    typer.Option(
        "--adjacent/--not-adjacent",
        help="The attacker stands next to the target (a Buzz Saw Suit cuts it). Default: when "
        "its weapon reaches only 1 square.",
    ),
]


@app.command()
def attack(
    attack_cards: Annotated[
        str,
        typer.Option(
            help="The Special Play cards played on the attack stack: power values and effect "
            "cards by id, e.g. 3,3,3 or 2,2,shove."
        ),
    ] = "",
    weapon_strength: Annotated[
        int | None,
        typer.Option(help="The weapon's S value (S1..S4); wins over the weapon card's. Default 0."),
    ] = None,
    skill: Annotated[
        int | None,
        typer.Option(
            help="The attacking unit's Skill as it stands; wins over --unit's and its cards' "
            "bonuses. Default 0."
        ),
    ] = None,
    bonus: Annotated[int, typer.Option(help="Temporary +S.")] = 0,
    defense_cards: Annotated[
        str,
        typer.Option(
            help="The cards played to defend: power values, effect cards by id, or an item of "
            "the defender used there, e.g. 2,1 or 2,brace or smoke-bombs."
        ),
    ] = "",
    armor: Annotated[
        str,
        typer.Option(
            help="The T value of each armour worn, e.g. 1,2; wins over --defender-items'."
        ),
    ] = "",
    toughness: Annotated[
        int | None,
        typer.Option(
            help="The defender's Toughness as it stands; wins over --defender's and its cards' "
            "bonuses. Default 0."
        ),
    ] = None,
    defense_bonus: Annotated[int, typer.Option(help="Temporary +T.")] = 0,
    vitae: Annotated[
        int | None, typer.Option(help="The defender's Vitae before the attack.")
    ] = None,
    push_on: Annotated[
        int | None,
        typer.Option(
            help="Push back on N of a kind: 3, or 2 for weapons marked so; wins over the weapon's."
        ),
    ] = None,
    behind: Annotated[
        str, typer.Option(help="What is on the square behind the target: empty, wall, unit, lava.")
    ] = "empty",
    weapon: Annotated[
        str | None,
        typer.Option(
            help="The weapon used, by name or id (one of --attacker-items when they are given)."
        ),
    ] = None,
    unit: Annotated[
        str | None, typer.Option(help="The attacking unit type (units.csv) for its Skill.")
    ] = None,
    defender: Annotated[
        str | None, typer.Option(help="The defending unit type for its Toughness and Vitae.")
    ] = None,
    attacker_items: AttackerItems = None,
    defender_items: DefenderItems = None,
    team_items: TeamItems = None,
    defender_team_items: DefenderTeamItems = None,
    attacker_drugs: AttackerDrugs = None,
    defender_drugs: DefenderDrugs = None,
    adjacent: Adjacent = None,
    higher_ground: Annotated[
        bool,
        typer.Option(help="The attacker is on the tower, the target is not (a High Ground card)."),
    ] = False,
    swap: Annotated[
        bool,
        typer.Option(help="The attacker swaps places instead of damaging (a Telegun lets it)."),
    ] = False,
    data: DataOption = None,
    json: JsonOption = False,
) -> None:
    """Resolve one attack: attack stack against defense stack, damage to Vitae, push back, and
    what every item worn and card played does. A flag given as a number wins over the cards."""
    from toolkit.games.deathdome.inputs import attack_sides
    from toolkit.output import emit

    rules = _rules(data)
    sides = attack_sides(
        rules, data, weapon=weapon, unit=unit, defender=defender,
        weapon_strength=weapon_strength, push_on=push_on, skill=skill, toughness=toughness,
        vitae=vitae, behind=behind, armor=parse_numbers(armor, "--armor") if armor else None,
        defense_bonus=defense_bonus, attacker_items=attacker_items,
        defender_items=defender_items, team_items=team_items,
        defender_team_items=defender_team_items, attacker_drugs=attacker_drugs,
        defender_drugs=defender_drugs, adjacent=adjacent,
    )  # fmt: skip
    result = _resolve(sides, rules, data, attack_cards, defense_cards, bonus, higher_ground, swap)
    head: dict[str, Any] = {
        "attack_cards": result.pop("attack_cards"),
        "weapon_strength": sides.weapon.strength,
        "skill": sides.skill,
        "bonus": bonus,
        "defense_cards": result.pop("defense_cards"),
        "armor": list(sides.target.armour),
        "toughness": sides.toughness,
        "defense_bonus": defense_bonus,
        "push_on": sides.weapon.push_on or rules.combat.push_back_of_a_kind,
        "behind": behind,
    }
    if weapon or sides.weapon.name != "weapon":
        head["weapon"] = sides.weapon.name
    if unit:
        head["unit"] = unit.lower()
    if defender:
        head["defender"] = defender.lower()
    head.update({name: ids for name, ids in sides.items.items() if ids})
    emit({**head, **result}, as_json=json, title="Death Dome attack")


def _resolve(
    sides: Any,
    rules: RulesConfig,
    data: Path | None,
    attack_cards: str,
    defense_cards: str,
    bonus: int,
    higher_ground: bool,
    swap: bool,
) -> dict[str, Any]:
    """The attack the flags describe, through the engine: the cards on each stack (a Counter
    cancelling the other side's), resolve_attack, what the cards do once it is known."""
    from toolkit.games.deathdome import loadout
    from toolkit.games.deathdome.actions import played
    from toolkit.games.deathdome.inputs import card_data
    from toolkit.games.deathdome.rules import Attacker, resolve_attack

    power, named = played(attack_cards, "--attack-cards")
    guard, guard_named = played(defense_cards, "--defense-cards")
    cards = card_data(data) if named or guard_named or sides.applied else None
    attack = loadout.Played(power=power)
    defence = loadout.Played(power=guard)
    if cards is not None:
        attack = _stack(loadout, [*power, *named], "attack", cards, (), "--attack-cards")
        defence = _stack(
            loadout, [*guard, *guard_named], "defence", cards, sides.carried, "--defense-cards"
        )
        if defence.counters:
            attack = loadout.countered(attack, defence)
        defence = loadout.countered(defence, attack)
    if attack.higher_ground and not higher_ground:
        raise DomekitError(
            "--attack-cards: a card played only from higher ground: give --higher-ground "
            "(rule: Line of Sight)"
        )
    attacker = Attacker(
        cards=attack.power, weapon=sides.weapon, skill=sides.skill, bonus=bonus,
        effects=attack.bonus, cause_push_back=attack.cause_push_back, swap=swap,
    )  # fmt: skip
    target = replace(
        sides.target,
        cards=defence.power,
        effects=defence.bonus,
        prevent_push_back=sides.target.prevent_push_back or defence.prevent_push_back,
        heal=defence.heal,
        cancels=defence.cancels_ranged,
    )
    outcome = resolve_attack(attacker, target, rules)
    applied = [*sides.applied, *attack.applied, *defence.applied, *defence.item_applied]
    steps = [*outcome.steps, *sides.steps]
    for name in attack.on_kill + defence.on_kill:
        if not outcome.killed:
            steps.append(f"{name} ([K]): no unit is killed, no effect")
    for name in defence.on_wound:
        if not outcome.wounded:
            steps.append(f"{name} ([V]): the unit loses no Vitae, no effect")
    result: dict[str, Any] = {
        "attack_cards": [*attack.power, *named],
        "defense_cards": [*defence.power, *guard_named],
        "attack": outcome.attack,
        "defense": outcome.defense,
        "damage": outcome.damage,
        "vitae": outcome.vitae,
        "vitae_left": outcome.vitae_left,
        "wounded": outcome.wounded,
        "killed": outcome.killed,
        "push_back": outcome.push_back,
        "push_back_squares": outcome.push_squares,
        "incapacitated": outcome.incapacitated,
        "attacker_vitae_loss": outcome.attacker_vitae_loss,
    }
    if outcome.healed:
        result["healed"] = outcome.healed
    if outcome.swapped or outcome.cancelled:
        result.update(swapped=outcome.swapped, cancelled=outcome.cancelled)
    if outcome.killed:
        result["kill_point"] = not defence.no_kill_point
        if attack.take:
            result["credits_taken"] = attack.take
            steps.append(f"bounty: the killed unit's team pays {attack.take:,} cr (what it has)")
    if cards is not None:
        result["effects"] = loadout.applied_json(applied, cards.words())
    else:
        result["effects"] = []
    result["steps"] = steps
    return result


def _stack(loadout: Any, cards: list[Any], side: str, data: Any, carried: Any, flag: str) -> Any:
    try:
        return loadout.stack_cards(cards, side, data, carried)
    except DomekitError as exc:
        raise DomekitError(f"{flag}: {exc}") from None


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
    from toolkit.games.deathdome.payout import payout as match_payout
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
    items: Annotated[
        str | None,
        typer.Option(
            help="The items the unit carries, by id: a combo's range, or the Needle Gun's reach "
            "for the medic's offensive drugs."
        ),
    ] = None,
    data: DataOption = None,
    json: JsonOption = False,
) -> None:
    """Line of sight between two squares of the data board, with the reason when there is none."""
    from toolkit.games.deathdome import loadout
    from toolkit.games.deathdome.board import line_of_sight
    from toolkit.games.deathdome.inputs import card_data, find_weapon, item_ids
    from toolkit.games.deathdome.rules import weapon_reach
    from toolkit.output import emit

    rules = _rules(data)
    board = _board(data, rules)
    start, end = board.parse_square(origin), board.parse_square(target)
    profile = None
    if weapon:
        cards = card_data(data)
        carried = loadout.unit_cards(cards, item_ids(cards, items, "--items"))
        profile = loadout.weapon_profile(find_weapon(cards, weapon), carried)[0]
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
    items: Annotated[
        str | None,
        typer.Option(
            help="The items the unit carries, by id (Titan Armour's -1 M, Spider Legs' climb, a "
            "set's +1 M apply); --movement wins over their Movement."
        ),
    ] = None,
    drugs: Annotated[
        str | None,
        typer.Option(help="Drugs and cards whose effects last on it now, e.g. adrenaline."),
    ] = None,
    team_items: TeamItems = None,
    data: DataOption = None,
    json: JsonOption = False,
) -> None:
    """Can this unit move FROM -> TO in one movement phase? The path, or the reason not, with
    what its items and drugs do to its Movement and to how it may reach the tower."""
    from toolkit.games.deathdome import loadout
    from toolkit.games.deathdome.board import can_move
    from toolkit.games.deathdome.effects import STATS
    from toolkit.games.deathdome.inputs import card_data, find_unit, item_ids
    from toolkit.output import emit

    rules = _rules(data)
    board = _board(data, rules)
    colour, _, unit_type = unit.strip().lower().partition(".")
    if colour not in rules.teams.colours:
        raise DomekitError(
            f"unknown team {colour!r} in {unit!r}; expected COLOUR.TYPE with a colour among "
            f"{', '.join(rules.teams.colours)}"
        )
    carried: list[str] = []
    cards = loadout.UnitCards()
    if items or drugs:
        found = card_data(data)
        carried = item_ids(found, items, "--items")
        lasting = item_ids(found, drugs, "--drugs", lasting=True)
        owned = [*item_ids(found, team_items, "--team-items"), *carried]
        cards = loadout.unit_cards(found, carried, lasting, owned)
    if movement is None:
        if not unit_type:
            raise DomekitError(f"{unit!r} names no unit type: give COLOUR.TYPE or --movement N")
        base = find_unit(card_data(data), unit_type, "UNIT")
        stats = loadout.unit_stats({s: getattr(base, s) for s in STATS}, cards)
        movement = stats.stats["movement"]
    elif unit_type:
        find_unit(card_data(data), unit_type, "UNIT")
    climb = cards.has("climb the tower")
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
        climb=climb,
    )
    effects = [a for a in cards.effects() if a.effect.word in ("-M", "+M", "climb the tower")]
    effects += [a for a in cards.effects() if a.effect.term().startswith("set bonus movement")]
    emit(
        {
            "unit": unit.lower(),
            "from": check.origin,
            "to": check.target,
            "movement": movement,
            "teammates": sorted(map(str, friends)),
            "enemies": sorted(map(str, foes)),
            "lava": lava,
            "items": carried,
            "climb": climb,
            "effects": loadout.applied_json(effects, card_data(data).words()) if effects else [],
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
        ...,
        help="The Special Play cards in hand: power values and effect cards by id, e.g. "
        "3,3,3,1 or 2,2,overcharge.",
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
        help="The defender's cards, if known (it plays its power cards; what its effect "
        "cards would change is shown as a choice).",
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
    attacker_items: AttackerItems = None,
    defender_items: DefenderItems = None,
    team_items: TeamItems = None,
    defender_team_items: DefenderTeamItems = None,
    attacker_drugs: AttackerDrugs = None,
    defender_drugs: DefenderDrugs = None,
    adjacent: Adjacent = None,
    data: Path | None = ODDS_DATA,
    as_json: bool = ODDS_JSON,
) -> None:
    """Wound, kill and push-back chances for every set of cards the hand could play, with what
    every item worn and card played does; a choice left to a player as its best and worst."""
    from toolkit.games.deathdome.actions import played
    from toolkit.games.deathdome.inputs import attack_sides, card_data, card_id
    from toolkit.games.deathdome.odds import attack_odds, load_rules, special_play_deck
    from toolkit.odds.render import emit_odds

    rules = load_rules(data)
    # The same flags, card lookups and checks as `domekit deathdome attack`.
    sides = attack_sides(
        rules, data, weapon=weapon, unit=unit, defender=defender,
        weapon_strength=weapon_strength, push_on=push_on, skill=skill, toughness=toughness,
        vitae=vitae, behind=behind, armor=parse_numbers(armor, "--armor") if armor else None,
        defense_bonus=defense_bonus, attacker_items=attacker_items,
        defender_items=defender_items, team_items=team_items,
        defender_team_items=defender_team_items, attacker_drugs=attacker_drugs,
        defender_drugs=defender_drugs, adjacent=adjacent,
    )  # fmt: skip
    in_hand: list[int | str] = [*played(hand, "--hand")[0], *played(hand, "--hand")[1]]
    known = None if defender_hand is None else played(defender_hand, "--defender-hand")
    named = any(isinstance(card, str) for card in in_hand) or bool(known and known[1])
    for flag, ids in (("--hand", in_hand), ("--defender-hand", known[1] if known else ())):
        for card in ids:
            if isinstance(card, str):
                card_id(card_data(data), card, flag)
    if defender_cards is not None and defender_hand is not None:
        raise DomekitError("give --defender-hand or --defender-cards, not both")
    if defender_cards is not None:
        at_least(defender_cards, "--defender-cards")
    result = attack_odds(
        hand=in_hand,
        weapon=sides.weapon,
        skill=sides.skill,
        bonus=bonus,
        target=sides.target,
        defender_hand=None if known is None else [*known[0], *known[1]],
        cards=defender_cards,
        seen=[*played(seen, "--seen")[0], *played(seen, "--seen")[1]],
        play=None if play is None else [*played(play, "--play")[0], *played(play, "--play")[1]],
        deck=special_play_deck(data, by_card=True),
        rules=rules,
        data=card_data(data),
    )
    if sides.applied or named:
        from toolkit.games.deathdome.loadout import applied_json

        result["effects"] = applied_json(sides.applied, card_data(data).words())
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
