"""Death Dome's rules as pure functions: combat, push back, splash, incapacitate, death and kill
points, turn structure, equipment, payout and the campaign.

No I/O and no randomness: cards played and dice rolled come in as arguments, every number comes
from `RulesConfig` (card_data/deathdome/rules.toml), and every outcome is a frozen dataclass with
`steps`, a breakdown a player can follow. Rule sentences quoted in docstrings are from
rules/deathdome.txt; the readings of unclear ones are in docs/rulings/deathdome.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from toolkit.errors import DomekitError, RuleError
from toolkit.games.deathdome.board import (
    Board,
    Square,
    distance,
    line_of_sight,
    push_back_options,
)
from toolkit.games.deathdome.config import RulesConfig

AttackType = Literal["ranged", "close", "area"]
Behind = Literal["empty", "wall", "unit", "lava"]
BEHIND: tuple[str, ...] = ("empty", "wall", "unit", "lava")


# ------------------------------------------------------------------------------- typed inputs


@dataclass(frozen=True)
class WeaponProfile:
    """The numbers on a weapon card that combat uses (no dependency on the CSV loader)."""

    strength: int = 0  # S1..S4 = 1..4; 0 for "no weapon"
    attack: AttackType = "ranged"
    range: int | None = None  # None: the attack type's default from rules.toml
    push_on: int | None = None  # None: rules.toml's push_back_of_a_kind (3); some weapons say 2
    splash: bool = False
    incapacitate: bool = False
    ignore_los: bool = False
    push_squares: int | None = None  # None: rules.toml's push_back_distance (1)
    name: str = "weapon"


@dataclass(frozen=True)
class Attacker:
    """The attacking side of one attack: cards played, weapon, Skill and temporary +S."""

    cards: tuple[int, ...]
    weapon: WeaponProfile = WeaponProfile()
    skill: int = 0
    bonus: int = 0  # temporary +S


@dataclass(frozen=True)
class Defender:
    """One defending unit: cards played, every worn armour's T, Toughness, +T and its Vitae."""

    cards: tuple[int, ...]
    armour: tuple[int, ...] = ()
    toughness: int = 0
    bonus: int = 0  # temporary +T
    vitae: int = 1
    behind: Behind = "empty"  # what is on the square it would be pushed onto
    name: str = "target"


def _check_cards(cards: Sequence[int], what: str, rules: RulesConfig) -> None:
    for card in cards:
        rules.limits.check("power_card", card, f"{what}: a Special Play card's power value")


def _check_not_negative(what: str, value: int) -> None:
    if value < 0:
        raise DomekitError(f"{what} cannot be negative (got {value})")


# ------------------------------------------------------------------------------------- stacks


@dataclass(frozen=True)
class Stack:
    total: int
    steps: list[str]


def attack_stack(attacker: Attacker, rules: RulesConfig, *, explain: bool = True) -> Stack:
    """ "play a number of Special Play cards from your hand and add the value of Points together
    plus the strength of the weapon you are using. This is the total attack." (+ Skill and +S:
    "S1..S4 = weapons, additions to skill or each attack stack made").
    `explain=False`: the same total with empty `steps`."""
    _check_cards(attacker.cards, "attack cards", rules)
    for what, value in (
        ("weapon strength", attacker.weapon.strength),
        ("skill", attacker.skill),
        ("bonus (+S)", attacker.bonus),
    ):
        _check_not_negative(what, value)
    if attacker.weapon.strength:  # 0: no weapon
        rules.limits.check("weapon_strength", attacker.weapon.strength, "weapon strength (S)")
    cards = sum(attacker.cards)
    total = cards + attacker.weapon.strength + attacker.skill + attacker.bonus
    if not explain:
        return Stack(total, [])
    shown = " + ".join(str(c) for c in attacker.cards) or "none"
    return Stack(
        total,
        [
            f"attack stack = cards {shown} ({cards}) + weapon S{attacker.weapon.strength} "
            f"+ Skill {attacker.skill} + bonus +S {attacker.bonus} = {total}"
        ],
    )


def defense_stack(defender: Defender, rules: RulesConfig, *, explain: bool = True) -> Stack:
    """ "The defending player plays a number of Special Play cards from their hand and adds the
    value of any armor or +T points. This is the total defense." (+ the unit's Toughness).
    `explain=False`: the same total with empty `steps`."""
    _check_cards(defender.cards, "defense cards", rules)
    rules.limits.check_count("items_per_unit", defender.armour, "armour cards worn")
    for armour in defender.armour:
        _check_not_negative("armour T", armour)
        rules.limits.check("armour_toughness", armour, "armour T")
    _check_not_negative("toughness", defender.toughness)
    _check_not_negative("defense bonus (+T)", defender.bonus)
    cards, armour = sum(defender.cards), sum(defender.armour)
    total = cards + armour + defender.toughness + defender.bonus
    if not explain:
        return Stack(total, [])
    shown = " + ".join(str(c) for c in defender.cards) or "none"
    worn = " + ".join(f"T{t}" for t in defender.armour) or "none"
    return Stack(
        total,
        [
            f"defense stack = cards {shown} ({cards}) + armour {worn} ({armour}) "
            f"+ Toughness {defender.toughness} + bonus +T {defender.bonus} = {total}"
        ],
    )


def push_back_triggered(cards: Sequence[int], weapon: WeaponProfile, rules: RulesConfig) -> bool:
    """ "3 special play cards (3 of a kind), all of an equivalent number value, are added to the
    attack" - or 2 for weapons marked "Push Back on 2 of a kind"."""
    needed = weapon.push_on if weapon.push_on is not None else rules.combat.push_back_of_a_kind
    rules.limits.check("push_back_of_a_kind", needed, f"{weapon.name}: push back on N of a kind")
    return any(count >= needed for count in Counter(cards).values())


# ------------------------------------------------------------------------------------- attack


@dataclass(frozen=True)
class AttackOutcome:
    """One attack against one unit."""

    attack: int
    defense: int
    damage: int
    vitae: int
    vitae_left: int
    wounded: bool
    killed: bool
    push_back: bool  # the unit is pushed (into lava included)
    pushed_into_lava: bool
    incapacitated: bool
    steps: list[str]


def resolve_attack(
    attacker: Attacker, defender: Defender, rules: RulesConfig, *, explain: bool = True
) -> AttackOutcome:
    """Attack stack against defense stack; the rest comes off Vitae.

    "Subtract the defense stack from the attack stack anything left over is subtracted from that
    units Vitae." "If at least one vitae is removed the unit is wounded." Vitae 0 = killed.
    Push back needs the unit wounded and N of a kind; a wall or unit behind negates it, lava
    behind kills. Incapacitate needs the unit wounded by an Incapacitate weapon.
    `explain=False`: the same outcome with empty `steps` (the odds engine calls this for every
    set of cards against every defense).
    """
    _check_target(defender)
    attack = attack_stack(attacker, rules, explain=explain)
    triggered = push_back_triggered(attacker.cards, attacker.weapon, rules)
    return _attack_against(attacker, attack, triggered, defender, rules, explain)


def resolve_attacks(
    attacker: Attacker, defenders: Sequence[Defender], rules: RulesConfig
) -> list[AttackOutcome]:
    """`resolve_attack(attacker, defender, rules, explain=False)` for each defender, in order:
    the attack stack and the push-back trigger are worked out once for all of them."""
    for defender in defenders:
        _check_target(defender)
    attack = attack_stack(attacker, rules, explain=False)
    triggered = push_back_triggered(attacker.cards, attacker.weapon, rules)
    return [
        _attack_against(attacker, attack, triggered, defender, rules, False)
        for defender in defenders
    ]


def _check_target(defender: Defender) -> None:
    if defender.vitae < 1:
        raise DomekitError(
            f"vitae must be at least 1 for a unit still in play (got {defender.vitae})"
        )
    if defender.behind not in BEHIND:
        raise DomekitError(f"behind must be one of {', '.join(BEHIND)} (got {defender.behind!r})")


def _attack_against(
    attacker: Attacker,
    attack: Stack,
    triggered: bool,
    defender: Defender,
    rules: RulesConfig,
    explain: bool,
) -> AttackOutcome:
    """One attack stack against one defending unit (checked): damage, wound, kill, push back."""
    defense = defense_stack(defender, rules, explain=explain)
    damage = max(0, attack.total - defense.total)
    vitae_left = max(0, defender.vitae - damage)
    wounded = vitae_left < defender.vitae
    killed = wounded and vitae_left == 0
    needed = (
        attacker.weapon.push_on
        if attacker.weapon.push_on is not None
        else rules.combat.push_back_of_a_kind
    )
    killed_by_damage = killed
    push_back = triggered and wounded and not killed and defender.behind not in ("wall", "unit")
    pushed_into_lava = push_back and defender.behind == "lava"
    killed = killed or pushed_into_lava  # lava behind kills at once
    incapacitated = attacker.weapon.incapacitate and wounded and not killed
    steps: list[str] = []
    if explain:
        steps = [*attack.steps, *defense.steps]
        steps.append(
            f"damage = attack {attack.total} - defense {defense.total} = "
            f"{attack.total - defense.total}" + (" -> 0 (nothing left over)" if damage == 0 else "")
        )
        steps.append(f"Vitae {defender.vitae} - {damage} = {vitae_left}")
        if killed_by_damage:
            steps.append("Vitae 0: the unit is killed and goes to jail")
        elif wounded:
            steps.append("at least one Vitae removed: the unit is wounded ([V] effects apply)")
        else:
            steps.append("no Vitae removed: not wounded ([V] effects do not apply)")
        steps.append(
            _push_back_step(attacker, defender, rules, needed, triggered, wounded, killed_by_damage)
        )
        if attacker.weapon.incapacitate:
            steps.append(
                "incapacitate: wounded, so it cannot move or act on its team's next turn"
                if incapacitated
                else "incapacitate: no effect (not wounded, or killed)"
            )
    return AttackOutcome(
        attack=attack.total,
        defense=defense.total,
        damage=damage,
        vitae=defender.vitae,
        vitae_left=vitae_left,
        wounded=wounded,
        killed=killed,
        push_back=push_back,
        pushed_into_lava=pushed_into_lava,
        incapacitated=incapacitated,
        steps=steps,
    )


def _push_back_step(
    attacker: Attacker,
    defender: Defender,
    rules: RulesConfig,
    needed: int,
    triggered: bool,
    wounded: bool,
    killed: bool,
) -> str:
    if not triggered:
        return f"push back: no {needed} of a kind among the attack cards"
    if not wounded:
        return f"push back: {needed} of a kind, but the unit is not wounded"
    if killed:
        return f"push back: {needed} of a kind, but the unit is killed"
    if defender.behind in ("wall", "unit"):
        return f"push back: {needed} of a kind, negated by the {defender.behind} behind it"
    if defender.behind == "lava":
        return f"push back: {needed} of a kind, pushed onto lava: killed instantly, sent to jail"
    squares = attacker.weapon.push_squares or rules.combat.push_back_distance
    return f"push back: {needed} of a kind and wounded: pushed back {squares} square(s)"


@dataclass(frozen=True)
class SplashOutcome:
    """A splash attack: the target and each adjacent enemy, in the defender's chosen order."""

    hits: list[tuple[str, AttackOutcome]]
    steps: list[str]


def resolve_splash(
    attacker: Attacker, defenders: Sequence[Defender], rules: RulesConfig
) -> SplashOutcome:
    """ "the targeted unit and all enemy units adjacent to the targeted unit are affected by the
    attack. Any Special Play cards used to enhance the attack also affect the adjacent units."
    Each defends separately; "The defender always chooses the order of hits for his units":
    `defenders` comes in that order."""
    if not attacker.weapon.splash:
        raise RuleError("Splash Damage", f"{attacker.weapon.name} does not cause splash damage")
    hits: list[tuple[str, AttackOutcome]] = []
    steps: list[str] = ["the same attack stack hits every unit; each defends separately"]
    for number, defender in enumerate(defenders, start=1):
        outcome = resolve_attack(attacker, defender, rules)
        hits.append((defender.name, outcome))
        steps.append(
            f"hit {number} on {defender.name}: damage {outcome.damage}, "
            f"Vitae left {outcome.vitae_left}" + (", killed" if outcome.killed else "")
        )
    return SplashOutcome(hits=hits, steps=steps)


def splash_targets(board: Board, target: Square, enemies: Mapping[Square, str]) -> list[Square]:
    """The attacker's enemies (square -> team colour) on the 8 squares next to the target, less
    any standing in their own base ("No units can be harmed inside their own base")."""
    found = []
    for square, colour in enemies.items():
        if square == target or distance(square, target) != 1:
            continue
        cell = board.cell(square)
        if cell.kind == "base" and cell.colour == colour:
            continue
        found.append(square)
    return sorted(found, key=lambda s: (s.row, s.col))


# --------------------------------------------------------------------------- attack legality


@dataclass(frozen=True)
class TargetCheck:
    allowed: bool
    reason: str
    distance: int
    reach: int
    higher_ground: bool
    steps: list[str]


def weapon_reach(weapon: WeaponProfile, rules: RulesConfig) -> int:
    """ "Ranged Weapons have a range of 9 spaces"; "Close Combat weapons can only target adjacent
    enemies"; a weapon's own range when it has one. Area weapons name theirs on the card."""
    if weapon.range is not None:
        return weapon.range
    if weapon.attack == "close":
        return rules.combat.close_combat_range
    return rules.combat.ranged_range


def can_target(
    board: Board,
    attacker_square: Square,
    attacker_colour: str,
    target_square: Square,
    target_colour: str,
    weapon: WeaponProfile,
    rules: RulesConfig,
) -> TargetCheck:
    """Whether a unit may attack another: not from or into bases and jails, in range, in sight."""
    reach = weapon_reach(weapon, rules)
    apart = distance(attacker_square, target_square)
    steps = [f"{weapon.name}: reach {reach}, target {apart} square(s) away"]
    sight = line_of_sight(board, attacker_square, target_square, ignore_los=weapon.ignore_los)

    def result(allowed: bool, reason: str) -> TargetCheck:
        steps.append(reason)
        return TargetCheck(
            allowed, reason, apart, reach, sight.visible and sight.higher_ground, steps
        )

    here, there = board.cell(attacker_square), board.cell(target_square)
    if attacker_colour == target_colour:
        return result(False, "the target is on the attacker's own team")
    if here.kind == "jail" or there.kind == "jail":
        return result(False, "no actions may be performed from jail or on units in jail")
    if here.kind == "base":
        return result(False, "units cannot attack from inside their base")
    if there.kind == "base" and there.colour == target_colour:
        return result(False, "no units can be harmed inside their own base")
    if apart > reach:
        return result(False, f"out of range: {apart} > {reach}")
    if apart == 0:
        return result(False, "the target is on the attacker's square")
    steps.extend(sight.steps)
    if not sight.visible:
        return result(False, f"no line of sight: {sight.reason}")
    return result(
        True, "in range and in line of sight" + (" (higher ground)" if sight.higher_ground else "")
    )


def push_back_squares(
    board: Board,
    attacker_square: Square,
    target_square: Square,
    weapon: WeaponProfile,
    rules: RulesConfig,
    *,
    occupied: Iterable[Square] = (),
    colour: str | None = None,
) -> list[tuple[list[Square], str, str]]:
    """The squares a wounded unit may be pushed to (straight back, or the manager's choice of the
    squares moving away when not in a perfect line), each with 'moved', 'negated' or 'lava'."""
    squares = weapon.push_squares or rules.combat.push_back_distance
    return [
        (passed, option.result, option.reason)
        for passed, option in push_back_options(
            board,
            attacker_square,
            target_square,
            squares=squares,
            occupied=frozenset(occupied),
            colour=colour,
        )
    ]


# ------------------------------------------------------------------------ death, jail, kills


@dataclass(frozen=True)
class KillCredit:
    """Who gets the kill point for a unit sent to jail."""

    credited_to: str | None
    kill_points: int
    steps: list[str]


def kill_credit(
    controller: str | None, rules: RulesConfig, *, special_play_not_on_unit: bool = False
) -> KillCredit:
    """ "Kill points are always awarded to the player controlling the unit that makes the kill,
    even if that unit is not on their team." "No kill points are awarded as a result of special
    play cards that are not played on specific units." Lava from a push back: the attacker."""
    if special_play_not_on_unit or controller is None:
        return KillCredit(
            None, 0, ["killed by a Special Play card not played on a unit: no kill point"]
        )
    points = rules.combat.kill_points_per_kill
    return KillCredit(
        controller,
        points,
        [
            f"{controller} controls the unit that made the kill: +{points} kill point "
            f"({rules.payout.kill:,} credits at payout); {controller} chooses the jail"
        ],
    )


def release_squares(board: Board, colour: str) -> list[Square]:
    """ "When a unit is released from jail, it goes directly to any space inside of its team
    base." The player chooses one of these squares (an empty one)."""
    squares = board.squares_of("base", colour=colour)
    if not squares:
        raise DomekitError(f"the board has no {colour} base")
    return squares


def jail_released_by(board: Board, square: Square) -> str:
    """Which jail a jail release point opens."""
    cell = board.cell(square)
    if cell.kind != "jail_release" or cell.jail is None:
        raise RuleError("activate a jail release point", f"{square} is not a jail release point")
    return cell.jail


def team_out(units_in_jail: int, rules: RulesConfig) -> bool:
    """ "if a player has all of his units put in jail he is out of the match"."""
    return units_in_jail >= rules.teams.units_per_team


def last_team_standing(teams: Sequence[str], out: Iterable[str]) -> str | None:
    """ "If a team is the only team left standing in the Dome that team is automatically the match
    winner." None while two or more teams remain."""
    gone = set(out)
    standing = [team for team in teams if team not in gone]
    return standing[0] if len(standing) == 1 else None


@dataclass(frozen=True)
class HealOutcome:
    vitae: int
    vitae_left: int
    steps: list[str]


def heal_in_base(
    vitae: int, max_vitae: int, *, in_own_base: bool, rules: RulesConfig
) -> HealOutcome:
    """ "any unit can use an action to heal one Vitae while inside the base" (never above its
    full Vitae)."""
    if not in_own_base:
        raise RuleError("Your Base", "a unit heals with an action only inside its own base")
    healed = min(max_vitae, vitae + rules.combat.base_heal)
    return HealOutcome(
        vitae,
        healed,
        [
            f"action in base: Vitae {vitae} + {rules.combat.base_heal}, "
            f"at most {max_vitae} = {healed}"
        ],
    )


# ---------------------------------------------------------------------------- turn structure


def cards_to_draw(control_points: int, rules: RulesConfig) -> int:
    """ "you draw cards according to your supply 3 + 1 for every 5 cps you control"."""
    _check_not_negative("control points", control_points)
    return rules.match.base_draw + control_points // rules.match.control_points_per_extra_card


@dataclass(frozen=True)
class Draws:
    control_points: int
    draws: int
    steps: list[str]


def draws(control_points: int, rules: RulesConfig) -> Draws:
    count = cards_to_draw(control_points, rules)
    per = rules.match.control_points_per_extra_card
    return Draws(
        control_points,
        count,
        [
            f"{rules.match.base_draw} + 1 for every full {per} control points: "
            f"{rules.match.base_draw} + {control_points} // {per} = {count}"
        ],
    )


def check_teams(colours: Sequence[str], rules: RulesConfig) -> None:
    known = rules.teams.colours
    for colour in colours:
        if colour not in known:
            raise DomekitError(f"unknown team {colour!r}; the teams are {', '.join(known)}")
    if len(set(colours)) != len(colours):
        raise DomekitError(f"a team is named twice in {', '.join(colours)}")
    if not rules.teams.min <= len(colours) <= rules.teams.max:
        raise DomekitError(
            f"{len(colours)} teams; a match has {rules.teams.min} to {rules.teams.max}"
        )


def turn_order(colours: Iterable[str], seating: Sequence[str], rules: RulesConfig) -> list[str]:
    """ "The red team always goes first ... with play continuing in clockwise direction."

    `seating` is the teams clockwise around the table; the order starts at red (or, when red is
    not playing, the first colour of rules.toml's list that is) and goes on clockwise. The same
    order serves purchases ("The red team always purchases first")."""
    playing = list(colours)
    check_teams(list(seating), rules)
    missing = [c for c in playing if c not in seating]
    if missing or len(playing) != len(seating):
        raise DomekitError(
            f"the seating ({', '.join(seating)}) must list exactly the teams playing "
            f"({', '.join(playing)})"
        )
    first = next(c for c in rules.teams.colours if c in seating)
    start = list(seating).index(first)
    return list(seating[start:]) + list(seating[:start])


@dataclass(frozen=True)
class Turn:
    round: int
    team: str
    draws_phase: bool = True  # cards are drawn at the start of every turn


def match_turns(order: Sequence[str], rules: RulesConfig) -> list[Turn]:
    """Every turn of a match: "There are 12 rounds ... Each player takes one turn per round"."""
    return [Turn(r, team) for r in range(1, rules.match.rounds + 1) for team in order]


def unit_phases_left(phases_used: int, rules: RulesConfig) -> int:
    """ "a player may perform 2 unit phases. They may use two seperate units or a single unit
    twice." Raises when a turn already used them all."""
    left = rules.match.unit_phases_per_turn - phases_used
    if left < 0:
        raise RuleError(
            "On Your Turn",
            f"{phases_used} unit phases used; a turn has {rules.match.unit_phases_per_turn}",
        )
    return left


# -------------------------------------------------------------------------------- equipment


@dataclass(frozen=True)
class ItemProfile:
    """What the equipment rules need to know about an item card."""

    id: str
    kind: Literal["weapon", "armour", "equipment"]
    deck: str  # the unit type for weapons; "armour" / "equipment" otherwise
    price: int = 0
    set: str | None = None
    name: str = ""


@dataclass(frozen=True)
class LoadoutCheck:
    allowed: bool
    problems: list[str]
    steps: list[str]


def check_loadout(unit_type: str, items: Sequence[ItemProfile], rules: RulesConfig) -> LoadoutCheck:
    """ "Each one of your units may carry up to three items maximum." "Units may only carry weapons
    from their respective decks." "Equipment and armor cards may be carried by any unit types.\""""
    problems: list[str] = []
    limit = rules.limits["items_per_unit"].most or 0
    if not rules.limits["items_per_unit"].allows(len(items)):
        problems.append(f"{len(items)} items; a unit carries at most {limit}")
    for item in items:
        if item.kind == "weapon" and item.deck != unit_type:
            problems.append(
                f"{item.name or item.id} is a {item.deck} weapon; a {unit_type} carries only "
                f"weapons from the {unit_type} deck"
            )
    steps = [f"{unit_type} carries {len(items)} of at most {limit} items"] + problems
    if not problems:
        steps.append("allowed")
    return LoadoutCheck(not problems, problems, steps)


@dataclass(frozen=True)
class SetProfile:
    """A legendary set: its 3 items and the equipment card that gives the bonus."""

    id: str
    stat: Literal["skill", "toughness", "movement", "vitae"]
    bonus: int
    items: tuple[str, ...]
    bonus_item: str
    name: str = ""


@dataclass(frozen=True)
class SetBonus:
    bonuses: dict[str, int]  # stat -> bonus for this unit
    steps: list[str]


def set_bonuses(
    team_items: Iterable[str], unit_items: Iterable[str], sets: Sequence[SetProfile]
) -> SetBonus:
    """ "When your team possesses all 3 items of one set, the set item from the equipment deck
    provides a stat bonus to the unit equipped with it.\""""
    owned, carried = set(team_items), set(unit_items)
    bonuses: dict[str, int] = {}
    steps: list[str] = []
    for item_set in sets:
        if item_set.bonus_item not in carried:
            continue
        missing = [i for i in item_set.items if i not in owned]
        label = item_set.name or item_set.id
        if missing:
            steps.append(f"{label}: the team lacks {', '.join(missing)}: no bonus")
            continue
        bonuses[item_set.stat] = bonuses.get(item_set.stat, 0) + item_set.bonus
        steps.append(
            f"{label}: the team owns all {len(item_set.items)} items: "
            f"+{item_set.bonus} {item_set.stat}"
        )
    if not steps:
        steps.append("the unit carries no set item")
    return SetBonus(bonuses, steps)


@dataclass(frozen=True)
class Ledger:
    """Every team's credits after a money event."""

    credits: dict[str, int]
    steps: list[str]


def _known_team(credits: Mapping[str, int], team: str) -> None:
    if team not in credits:
        raise DomekitError(f"unknown team {team!r}; the teams are {', '.join(credits)}")


def purchase(credits: Mapping[str, int], team: str, price: int) -> Ledger:
    """One purchase ("You may purchase one item from any deck during your purchasing turn");
    a team cannot spend credits it does not have."""
    _known_team(credits, team)
    _check_not_negative("price", price)
    if credits[team] < price:
        raise RuleError(
            "Make purchases", f"{team} has {credits[team]:,} credits; the item costs {price:,}"
        )
    after = dict(credits)
    after[team] -= price
    return Ledger(after, [f"{team} pays {price:,}: {credits[team]:,} -> {after[team]:,}"])


def sell_back(credits: Mapping[str, int], team: str, prices: Sequence[int]) -> Ledger:
    """ "if any equipment is left over that is not on a unit that owner must sell it back to the
    bank at cost"."""
    _known_team(credits, team)
    for price in prices:
        _check_not_negative("price", price)
    after = dict(credits)
    after[team] += sum(prices)
    return Ledger(
        after,
        [f"{team} sells back {len(prices)} item(s) at cost: +{sum(prices):,} = {after[team]:,}"],
    )


def transfer(credits: Mapping[str, int], payer: str, payee: str, amount: int) -> Ledger:
    """ "Any money transaction between players can happen at any time" - never more than the payer
    has."""
    _known_team(credits, payer)
    _known_team(credits, payee)
    _check_not_negative("amount", amount)
    if payer == payee:
        raise DomekitError("a team cannot pay itself")
    if credits[payer] < amount:
        raise RuleError("Notes", f"{payer} has {credits[payer]:,} credits, not {amount:,}")
    after = dict(credits)
    after[payer] -= amount
    after[payee] += amount
    return Ledger(after, [f"{payer} pays {payee} {amount:,}"])


def starting_credits(teams: Sequence[str], rules: RulesConfig) -> Ledger:
    """ "Each team receives 1,000,000cr (credits) to start for equipment purchases.\""""
    check_teams(teams, rules)
    amount = rules.campaign.starting_credits
    return Ledger({t: amount for t in teams}, [f"every team starts with {amount:,} credits"])


# ----------------------------------------------------------------------------------- payout


@dataclass(frozen=True)
class PayoutOutcome:
    """The match payout: control points, tower centres, kills, then the fans for everyone."""

    payout: dict[str, int]  # total credits per team for the match, fans included
    match_payout: dict[str, int]  # before the fans roll: decides the winner
    fans: int  # the die the winner rolled
    fans_money: int  # paid to every team
    winner: str
    steps: list[str] = field(default_factory=list)


def payout(
    teams: Sequence[str],
    control_points: Mapping[str, int],
    tower_centres: Mapping[str, int],
    kills: Mapping[str, int],
    fans: int,
    rules: RulesConfig,
    *,
    last_standing: str | None = None,
) -> PayoutOutcome:
    """ "$100,000 for controlling any normal control points; $500,000 for controlling the towers'
    middle control points; $100,000 per kill. The player with the biggest cash payout is the
    winner ... the winner rolls a single die ... Every player gets paid 100,000cr times the number
    rolled."

    `teams` is the turn order (red first, clockwise): a tie for the win goes to the tied team
    earliest in it. `last_standing` is the only team left in the Dome, if any: it wins outright,
    and every team is still paid for the control points showing its colour.
    """
    check_teams(list(teams), rules)
    pay = rules.payout
    for label, counts in (
        ("control points", control_points),
        ("tower centres", tower_centres),
        ("kills", kills),
    ):
        for team, count in counts.items():
            if team not in teams:
                raise DomekitError(
                    f"{label}: unknown team {team!r}; the teams are {', '.join(teams)}"
                )
            _check_not_negative(f"{label} for {team}", count)
    rules.limits.check("fans_roll", fans, "fans: the die")
    if last_standing is not None and last_standing not in teams:
        raise DomekitError(f"last standing: unknown team {last_standing!r}")

    steps: list[str] = []
    match_payout: dict[str, int] = {}
    for team in teams:
        cps, towers, kill = (
            control_points.get(team, 0),
            tower_centres.get(team, 0),
            kills.get(team, 0),
        )
        total = cps * pay.control_point + towers * pay.tower_centre + kill * pay.kill
        match_payout[team] = total
        steps.append(
            f"{team}: {cps} control points x {pay.control_point:,} + {towers} tower centres x "
            f"{pay.tower_centre:,} + {kill} kills x {pay.kill:,} = {total:,}"
        )
    if last_standing is not None:
        winner = last_standing
        steps.append(f"{winner} is the only team left standing: the match winner")
    else:
        best = max(match_payout.values())
        tied = [team for team in teams if match_payout[team] == best]
        winner = tied[0]
        if len(tied) > 1:
            steps.append(
                f"{', '.join(tied)} tie on {best:,}: {winner} is earliest in turn order and wins"
            )
        else:
            steps.append(f"{winner} has the biggest payout ({best:,}): the match winner")
    fans_money = fans * pay.fans_per_pip
    steps.append(
        f"{winner} rolls the fans die: {fans} x {pay.fans_per_pip:,} = {fans_money:,} to every team"
    )
    totals = {team: match_payout[team] + fans_money for team in teams}
    return PayoutOutcome(
        payout=totals,
        match_payout=match_payout,
        fans=fans,
        fans_money=fans_money,
        winner=winner,
        steps=steps,
    )


# ---------------------------------------------------------------------------------- campaign


@dataclass(frozen=True)
class CampaignStanding:
    credits: dict[str, int]
    matches_played: int
    finished: bool
    winners: list[str]  # empty until the last match; several on a tie
    steps: list[str]


def pay_out(credits: Mapping[str, int], outcome: PayoutOutcome) -> Ledger:
    """Add a match payout to every team's credits."""
    after = dict(credits)
    for team, amount in outcome.payout.items():
        _known_team(credits, team)
        after[team] += amount
    return Ledger(
        after, [f"{team}: +{outcome.payout[team]:,} = {after[team]:,}" for team in outcome.payout]
    )


def campaign_standing(
    credits: Mapping[str, int], matches_played: int, rules: RulesConfig
) -> CampaignStanding:
    """ "The winner is player with most overall credits at the end of 5 matches.\""""
    total = rules.campaign.matches
    if not 0 <= matches_played <= total:
        raise DomekitError(f"matches played is 0 to {total} (got {matches_played})")
    ranking = sorted(credits, key=lambda team: -credits[team])
    steps = [f"{team}: {credits[team]:,}" for team in ranking]
    finished = matches_played == total
    winners: list[str] = []
    if finished and credits:
        best = credits[ranking[0]]
        winners = [team for team in ranking if credits[team] == best]
        steps.append(f"after {total} matches the most credits wins: {', '.join(winners)}")
    else:
        steps.append(f"{matches_played} of {total} matches played")
    return CampaignStanding(dict(credits), matches_played, finished, winners, steps)
