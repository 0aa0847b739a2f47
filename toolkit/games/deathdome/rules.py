"""Death Dome's rules as pure functions: combat, push back, splash, incapacitate, death and kill
points, turn structure and equipment (money and the payout: payout.py).

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
    swap: bool = False  # "swap places": instead of damage its player may swap with the target


@dataclass(frozen=True)
class Attacker:
    """The attacking side of one attack: cards played, weapon, Skill and temporary +S, and what
    the cards in play add (toolkit.games.deathdome.loadout makes these from the cards)."""

    cards: tuple[int, ...]
    weapon: WeaponProfile = WeaponProfile()
    skill: int = 0
    bonus: int = 0  # temporary +S, as told
    effects: int = 0  # +S of the cards in play: drugs, combos, effect cards on the stack
    cause_push_back: bool = False  # a [P] card: a wounded target is pushed whatever the cards
    swap: bool = False  # its player swaps places instead of damaging (a "swap places" weapon)


@dataclass(frozen=True)
class Defender:
    """One defending unit: cards played, every worn armour's T, Toughness, +T and its Vitae, and
    what the cards in play give it (toolkit.games.deathdome.loadout)."""

    cards: tuple[int, ...]
    armour: tuple[int, ...] = ()
    toughness: int = 0
    bonus: int = 0  # temporary +T, as told
    vitae: int = 1
    behind: Behind = "empty"  # what is on the square it would be pushed onto
    name: str = "target"
    effects: int = 0  # +T and T of the cards in play: drugs, combos, effect cards on the stack
    prevent_push_back: bool = False  # Riot Shield, Brace: never pushed back
    retaliate: int = 0  # Vitae an adjacent attacker that wounds it loses (Buzz Saw Suit)
    adjacent: bool = False  # the attacker stands next to it
    heal: int = 0  # [V] +V played on its defence: healed once it has lost Vitae
    immune_incapacitate: bool = False
    cancels: bool = False  # "cancel ranged attack" used: a ranged attack does nothing to it


def _check_cards(cards: Sequence[int], what: str, rules: RulesConfig) -> None:
    for card in cards:
        rules.limits.check("power_card", card, f"{what}: a Special Play card's power value")


def check_not_negative(what: str, value: int) -> None:
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
        ("+S of the cards in play", attacker.effects),
    ):
        check_not_negative(what, value)
    if attacker.weapon.strength:  # 0: no weapon
        rules.limits.check("weapon_strength", attacker.weapon.strength, "weapon strength (S)")
    cards = sum(attacker.cards)
    total = cards + attacker.weapon.strength + attacker.skill + attacker.bonus + attacker.effects
    if not explain:
        return Stack(total, [])
    shown = " + ".join(str(c) for c in attacker.cards) or "none"
    played = f" + cards in play +S {attacker.effects}" if attacker.effects else ""
    return Stack(
        total,
        [
            f"attack stack = cards {shown} ({cards}) + weapon S{attacker.weapon.strength} "
            f"+ Skill {attacker.skill} + bonus +S {attacker.bonus}{played} = {total}"
        ],
    )


def defense_stack(defender: Defender, rules: RulesConfig, *, explain: bool = True) -> Stack:
    """ "The defending player plays a number of Special Play cards from their hand and adds the
    value of any armor or +T points. This is the total defense." (+ the unit's Toughness).
    `explain=False`: the same total with empty `steps`."""
    _check_cards(defender.cards, "defense cards", rules)
    rules.limits.check_count("items_per_unit", defender.armour, "armour cards worn")
    for armour in defender.armour:
        check_not_negative("armour T", armour)
        rules.limits.check("armour_toughness", armour, "armour T")
    check_not_negative("toughness", defender.toughness)
    check_not_negative("defense bonus (+T)", defender.bonus)
    check_not_negative("+T of the cards in play", defender.effects)
    cards, armour = sum(defender.cards), sum(defender.armour)
    total = cards + armour + defender.toughness + defender.bonus + defender.effects
    if not explain:
        return Stack(total, [])
    shown = " + ".join(str(c) for c in defender.cards) or "none"
    worn = " + ".join(f"T{t}" for t in defender.armour) or "none"
    played = f" + cards in play +T {defender.effects}" if defender.effects else ""
    return Stack(
        total,
        [
            f"defense stack = cards {shown} ({cards}) + armour {worn} ({armour}) "
            f"+ Toughness {defender.toughness} + bonus +T {defender.bonus}{played} = {total}"
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
    push_squares: int = 0  # how far it is pushed back (0: not pushed)
    attacker_vitae_loss: int = 0  # Vitae the attacker loses (an adjacent Buzz Saw Suit)
    healed: int = 0  # Vitae a [V] card gave back after the wound
    swapped: bool = False  # the attacker swapped places instead of damaging
    cancelled: bool = False  # the attack did nothing (a ranged attack cancelled)


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
    """One attack stack against one defending unit (checked): damage, wound, kill, push back,
    and what the cards in play do once it is known (push back prevented, Incapacitate resisted,
    the attacker cut by an adjacent Buzz Saw Suit, a [V] heal, a swap, a cancelled attack)."""
    defense = defense_stack(defender, rules, explain=explain)
    cancelled = defender.cancels and attacker.weapon.attack == "ranged"
    damage = 0 if cancelled else max(0, attack.total - defense.total)
    swapped = attacker.swap and attacker.weapon.swap and damage > 0
    if swapped:
        damage = 0
    vitae_left = max(0, defender.vitae - damage)
    wounded = vitae_left < defender.vitae
    killed = wounded and vitae_left == 0
    needed = (
        attacker.weapon.push_on
        if attacker.weapon.push_on is not None
        else rules.combat.push_back_of_a_kind
    )
    killed_by_damage = killed
    pushes = (triggered or attacker.cause_push_back) and not defender.prevent_push_back
    push_back = pushes and wounded and not killed and defender.behind not in ("wall", "unit")
    pushed_into_lava = push_back and defender.behind == "lava"
    killed = killed or pushed_into_lava  # lava behind kills at once
    incapacitated = (
        attacker.weapon.incapacitate and wounded and not killed and not defender.immune_incapacitate
    )
    cut = defender.retaliate if wounded and defender.adjacent else 0
    healed = 0 if killed else min(defender.heal, defender.vitae - vitae_left)
    squares = attacker.weapon.push_squares or rules.combat.push_back_distance
    steps: list[str] = []
    if explain:
        steps = [*attack.steps, *defense.steps]
        if cancelled:
            steps.append(f"{defender.name} cancels the ranged attack: it does nothing")
        if swapped:
            steps.append(
                f"{attack.total - defense.total} damage, but the attacker swaps places with "
                "the target instead"
            )
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
                else "incapacitate: no effect ("
                + ("it cannot be incapacitated" if defender.immune_incapacitate and wounded
                   and not killed else "not wounded, or killed") + ")"
            )  # fmt: skip
        if cut:
            steps.append(f"wounded by an adjacent attacker: the attacker loses {cut} Vitae")
        if healed:
            steps.append(f"[V] it heals {healed} Vitae: Vitae {vitae_left + healed}")
    return AttackOutcome(
        attack=attack.total,
        defense=defense.total,
        damage=damage,
        vitae=defender.vitae,
        vitae_left=vitae_left + healed,
        wounded=wounded,
        killed=killed,
        push_back=push_back,
        pushed_into_lava=pushed_into_lava,
        incapacitated=incapacitated,
        steps=steps,
        push_squares=squares if push_back else 0,
        attacker_vitae_loss=cut,
        healed=healed,
        swapped=swapped,
        cancelled=cancelled,
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
    if not triggered and not attacker.cause_push_back:
        return f"push back: no {needed} of a kind among the attack cards"
    if triggered:
        why = f"{needed} of a kind"
    else:
        why = "a card pushes back whatever the cards"
    if defender.prevent_push_back:
        return f"push back: {why}, but the unit cannot be pushed back"
    if not wounded:
        return f"push back: {why}, but the unit is not wounded"
    if killed:
        return f"push back: {why}, but the unit is killed"
    if defender.behind in ("wall", "unit"):
        return f"push back: {why}, negated by the {defender.behind} behind it"
    if defender.behind == "lava":
        return f"push back: {why}, pushed onto lava: killed instantly, sent to jail"
    squares = attacker.weapon.push_squares or rules.combat.push_back_distance
    return f"push back: {why} and wounded: pushed back {squares} square(s)"


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
    check_not_negative("control points", control_points)
    return rules.match.base_draw + control_points // rules.match.control_points_per_extra_card


@dataclass(frozen=True)
class Draws:
    control_points: int
    draws: int
    steps: list[str]


def draws(control_points: int, rules: RulesConfig) -> Draws:
    count = cards_to_draw(control_points, rules)
    per = rules.match.control_points_per_extra_card
    base = rules.match.base_draw
    held = f"{control_points} control point{'' if control_points == 1 else 's'}"
    if count > base:
        more = count - base
        said = f"Cards to draw: {count} ({base}, and {more} more for {held}: 1 for every {per})"
    else:
        said = f"Cards to draw: {count} ({held}; 1 more card for every {per})"
    return Draws(control_points, count, [said])


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
    sets: list[str] = field(default_factory=list)  # the sets that give it their bonus


def set_bonuses(
    team_items: Iterable[str], unit_items: Iterable[str], sets: Sequence[SetProfile]
) -> SetBonus:
    """ "When your team possesses all 3 items of one set, the set item from the equipment deck
    provides a stat bonus to the unit equipped with it.\""""
    owned, carried = set(team_items), set(unit_items)
    bonuses: dict[str, int] = {}
    steps: list[str] = []
    given: list[str] = []
    for item_set in sets:
        if item_set.bonus_item not in carried:
            continue
        missing = [i for i in item_set.items if i not in owned]
        label = item_set.name or item_set.id
        if missing:
            steps.append(f"{label}: the team lacks {', '.join(missing)}: no bonus")
            continue
        bonuses[item_set.stat] = bonuses.get(item_set.stat, 0) + item_set.bonus
        given.append(item_set.id)
        steps.append(
            f"{label}: the team owns all {len(item_set.items)} items: "
            f"+{item_set.bonus} {item_set.stat}"
        )
    if not steps:
        steps.append("the unit carries no set item")
    return SetBonus(bonuses, steps, given)
