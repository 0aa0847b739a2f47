"""An attack in a match, with every card in play: the attacker's weapon and what lasts on it, the
Special Play cards on each stack, what each defender wears, the combos and sets they make.

rules/deathdome.txt, "Combat": "To attack declare your target play a number of Special Play cards
from your hand and add the value of Points together plus the strength of the weapon you are
using." "The defending player plays a number of Special Play cards from their hand and adds the
value of any armor or +T points." "[V] If at least one vitae is removed the unit is wounded. Some
items have additional effect only if the unit is wounded." "Splash Damage": each enemy next to the
target faces the same attack; "The defender always chooses the order of hits for his units." The
sides come from `loadout` (the same the calculator and the odds use), the numbers from the pure
`rules`; this module reads them off the match and writes the outcome into its books.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations

from toolkit.errors import DomekitError, RuleError
from toolkit.games.deathdome import effects as words
from toolkit.games.deathdome import loadout
from toolkit.games.deathdome import rules as engine
from toolkit.games.deathdome.actions import Attack
from toolkit.games.deathdome.books import (
    Step,
    check_jail,
    kill,
    need_able,
    need_in_play,
    set_unit,
    use_unit_phase,
)
from toolkit.games.deathdome.data import Item
from toolkit.games.deathdome.loadout import Applied, Played
from toolkit.games.deathdome.state import MatchState, UnitRef
from toolkit.parsing import Json

ROUTINE = frozenset(
    {"S", "T", "power", "range", *words.ATTACK_TYPES, *words.ICONS}
    | {"push back on", "splash", "incapacitate", "ignore line of sight", "swap places"}
)
"""Effects the rules' own steps already show (the stacks' numbers, push back, splash,
Incapacitate); every other applied effect gets a step naming its card."""
MOST_ADJACENT_ASKED = 3
"""Wounded units asked about at once (a question's options are the sets of them)."""


@dataclass(frozen=True)
class Hit:
    """One defending unit of an attack: its side, the cards it played, what it wears."""

    ref: UnitRef
    defender: engine.Defender
    played: Played
    applied: list[Applied]
    adjacent_known: bool


@dataclass(frozen=True)
class Fight:
    """An attack's engine inputs, read off the match and the cards in play."""

    attacker: engine.Attacker
    played: Played
    applied: list[Applied]
    hits: list[Hit]
    steps: list[str]


def weapon_of(state: MatchState, action: Attack) -> Item | None:
    """The weapon the attacker uses: one it carries that attacks (not a drug for friends)."""
    if not action.weapon:
        return None
    item = state.data.item(action.weapon)
    if item.id not in state.unit(action.attacker).items:
        raise RuleError("Weapons", f"{action.attacker} does not carry {item.name}")
    if item.kind != "weapon":
        raise RuleError("Weapons", f"{item.name} is not a weapon")
    if item.attack is None:
        raise RuleError(
            "Medic Unit",
            f"{item.name} is a drug for friends: the medic gives it (use), it does not attack",
        )
    return item


def _stack(
    cards: Sequence[int | str], side: loadout.Side, state: MatchState, carried: Sequence[Item],
    field: str,
) -> Played:  # fmt: skip
    try:
        return loadout.stack_cards(cards, side, state.data.cards, carried)
    except DomekitError as exc:
        raise RuleError("Special Play Deck", f"{field}: {exc}") from None


def _carried(state: MatchState, ref: UnitRef) -> list[Item]:
    return [state.data.item(i) for i in state.unit(ref).items]


def stat_steps(state: MatchState, ref: UnitRef, stat: str) -> list[str]:
    """How the cards in play on a unit changed one of its stats, a step each."""
    return [s for s in state.unit_stats(ref).set_steps if s.endswith(stat) and ":" in s]


def fight(state: MatchState, action: Attack) -> Fight:
    """The attack's sides from the match: the attacker's weapon and Skill (sets, drugs, combos),
    the cards on its stack; each defender's armour, Toughness and cards, what it wears."""
    weapon = weapon_of(state, action)
    attack_cards: list[int | str] = [*action.cards, *action.plays]
    played = _stack(attack_cards, "attack", state, [], "cards")
    targets = [(action.target, action.defense, action.defence_plays, action.bonus_t)]
    targets += [(hit.unit, hit.cards, hit.plays, 0) for hit in action.splash]
    defences = [
        _stack([*cards, *plays], "defence", state, _carried(state, ref), f"{ref} defends")
        for ref, cards, plays, _ in targets
    ]
    if any(p.counters for p in defences):
        played = loadout.countered(played, next(p for p in defences if p.counters))
    defences = [loadout.countered(p, played) for p in defences]
    cards = state.unit_cards(action.attacker)
    skill = state.unit_stats(action.attacker).stats["skill"]
    attacker, applied = loadout.attacker_side(
        cards, skill, weapon, played, bonus=action.bonus_s, swap=bool(action.swap)
    )
    steps = stat_steps(state, action.attacker, "skill")
    reach = engine.weapon_reach(attacker.weapon, state.rules)
    hits = []
    for (ref, _, _, bonus), defence in zip(targets, defences, strict=True):
        unit = state.unit(ref)
        need_in_play(unit, ref)
        known = action.adjacent is not None or (ref == action.target and reach == 1)
        adjacent = ref in action.adjacent if action.adjacent is not None else known
        defender, guarded = loadout.defender_side(
            state.unit_cards(ref),
            state.unit_stats(ref).stats["toughness"],
            unit.vitae,
            defence,
            bonus=bonus,
            behind=action.behind if ref == action.target else "empty",
            adjacent=adjacent,
            name=ref.text(),
        )
        hits.append(Hit(ref, defender, defence, guarded, known))
    return Fight(attacker, played, applied, hits, steps)


def odds_sides(state: MatchState, action: Attack) -> tuple[engine.Attacker, engine.Defender]:
    """The attacker (weapon, Skill, +S) and the target (armour, Toughness, +T, Vitae, what it
    wears) of an attack, without the cards on the stacks: the odds weigh those."""
    bare = replace(action, cards=(), plays=(), defense=(), defence_plays=(), splash=())
    found = fight(state, bare)
    return found.attacker, found.hits[0].defender


def _notable(applied: Sequence[Applied], vocabulary: object, prefix: str = "") -> list[str]:
    from toolkit.data.effects import Vocabulary

    assert isinstance(vocabulary, Vocabulary)
    shown = []
    for entry in applied:
        if entry.effect.word not in ROUTINE:
            step = f"{prefix}{entry.card}: {vocabulary.text([entry.effect])}"
            if step not in shown:
                shown.append(step)
    return shown


def attack(state: MatchState, action: Attack) -> Step:
    """ "To attack declare your target play a number of Special Play cards from your hand and add
    the value of Points together plus the strength of the weapon you are using": the engine's
    resolve_attack (resolve_splash for a splash weapon, each hit in the defender's order), with
    every card in play; then what the cards do once the wounds are known."""
    controller = action.controller
    state.team(controller)
    unit = state.unit(action.attacker)
    need_in_play(unit, action.attacker)
    need_able(unit, action.attacker)
    if action.target.colour == controller:
        raise RuleError("Combat", "attack an enemy unit, not one of your own")
    for splashed in action.splash:
        if splashed.unit.colour == controller:
            raise RuleError("Splash Damage", "splash damage hits enemy units only")
    found = fight(state, action)
    attacker = found.attacker
    names = [h.ref.text() for h in found.hits]
    if len(set(names)) != len(names):
        raise RuleError("Splash Damage", "a unit is named twice among the targets")
    if action.splash and not attacker.weapon.splash:
        raise RuleError("Splash Damage", f"{attacker.weapon.name} does not cause splash damage")
    check_jail(state, action.jail)
    if action.attacker_jail:
        check_jail(state, action.attacker_jail)
    state = use_unit_phase(state)
    vocabulary = state.data.cards.words()
    defenders = [h.defender for h in found.hits]
    steps: list[str] = []
    if attacker.weapon.splash:
        result = engine.resolve_splash(attacker, defenders, state.rules)
        outcomes, steps = [o for _, o in result.hits], list(result.steps)
    else:
        outcomes = [engine.resolve_attack(attacker, defenders[0], state.rules)]
    check_triggers(found, outcomes)
    several = len(outcomes) > 1
    summary, hits_json, cut_by = [], [], []
    for hit, outcome in zip(found.hits, outcomes, strict=True):
        name = hit.ref.text()
        prefix = f"{name}: " if several else ""
        steps += [f"{prefix}{step}" for step in outcome.steps]
        steps += _notable(hit.applied, vocabulary, prefix)
        steps += [f"{prefix}{s}" for s in stat_steps(state, hit.ref, "toughness")]
        state, line, more = book_hit(state, action, found, hit, outcome)
        steps += more
        summary.append(line)
        hits_json.append(_hit_json(state, hit, outcome))
        if outcome.attacker_vitae_loss:
            cut_by.append((hit.ref.colour, outcome.attacker_vitae_loss))
    steps += [*found.steps, *_notable(found.applied, vocabulary)]
    result_json: Json = {"summary": "; ".join(summary), "steps": steps, "hits": hits_json}
    if cut_by:
        state, more = cut_attacker(state, action, cut_by)
        steps += more
        result_json["attacker_vitae_loss"] = sum(cut for _, cut in cut_by)
    open_adjacency = [
        h.ref.text()
        for h, o in zip(found.hits, outcomes, strict=True)
        if o.wounded and h.defender.retaliate and not h.adjacent_known
    ]
    if open_adjacency:
        result_json["adjacent_unknown"] = open_adjacency
    main = outcomes[0]
    if attacker.weapon.swap and action.swap is None and (main.wounded or main.swapped):
        result_json["swap_open"] = True
    return state, result_json


def check_triggers(found: Fight, outcomes: Sequence[engine.AttackOutcome]) -> None:
    """ "[V] when a unit loses vitae", "[K] when a unit is killed": such a card is played only
    when it happens (on the attack stack: to any unit hit; on a defence: to that unit)."""
    if found.played.on_wound and not any(o.wounded for o in outcomes):
        raise RuleError("Special Play Deck", f"{found.played.on_wound[0]}: no unit loses Vitae")
    if found.played.on_kill and not any(o.killed for o in outcomes):
        raise RuleError("Special Play Deck", f"{found.played.on_kill[0]}: no unit is killed")
    for hit, outcome in zip(found.hits, outcomes, strict=True):
        if hit.played.on_wound and not outcome.wounded:
            raise RuleError(
                "Special Play Deck", f"{hit.played.on_wound[0]}: {hit.ref} loses no Vitae"
            )
        if hit.played.on_kill and not outcome.killed:
            raise RuleError(
                "Special Play Deck", f"{hit.played.on_kill[0]}: {hit.ref} is not killed"
            )


def book_hit(
    state: MatchState, action: Attack, found: Fight, hit: Hit, outcome: engine.AttackOutcome
) -> tuple[MatchState, str, list[str]]:
    """One hit into the books: Vitae, a kill (its kill point, a bounty), Incapacitate, an item
    used up; the summary line and the steps it adds."""
    name, ref, steps = hit.ref.text(), hit.ref, []
    hurt = replace(state.unit(ref), vitae=outcome.vitae_left)
    if hit.played.used:
        left = list(hurt.items)
        for item in hit.played.used:
            left.remove(item)
            steps.append(f"{name}: {state.data.item(item).name} is used up (discarded)")
        hurt = replace(hurt, items=tuple(left))
    if outcome.killed:
        credited: str | None = action.controller
        why = ""
        if hit.played.no_kill_point:
            credited, why = None, f"{name}'s card: the kill gives no kill point"
        state, killed = kill(set_unit(state, ref, hurt), ref, credited, action.jail, why=why)
        steps += killed["steps"]
        if found.played.take:
            state, more = bounty(state, action.controller, ref.colour, found.played.take)
            steps += more
        if hit.played.draw:
            steps.append(f"{ref.colour} draws {hit.played.draw} Special Play cards ([K])")
        return state, f"{name} killed", steps
    if outcome.incapacitated:
        hurt = replace(hurt, incapacitated=True, sitting_out=False)
    state = set_unit(state, ref, hurt)
    line = f"{name} takes {outcome.damage}, Vitae {outcome.vitae_left}"
    if outcome.swapped:
        line = f"{name} swaps places with {action.attacker}"
    if outcome.push_back:
        squares = outcome.push_squares
        line += ", pushed back" + (f" {squares} squares" if squares > 1 else "")
    return state, line, steps


def bounty(state: MatchState, taker: str, payer: str, amount: int) -> tuple[MatchState, list[str]]:
    """A [K] card's "take": the killed unit's team pays the killer's team, what it has at most."""
    paid = min(amount, state.team(payer).credits)
    teams = dict(state.teams)
    teams[payer] = replace(teams[payer], credits=teams[payer].credits - paid)
    teams[taker] = replace(teams[taker], credits=teams[taker].credits + paid)
    return replace(state, teams=teams), [f"bounty: {payer} pays {taker} {paid:,} cr"]


def cut_attacker(
    state: MatchState, action: Attack, cut_by: Sequence[tuple[str, int]]
) -> tuple[MatchState, list[str]]:
    """An adjacent attacker that wounds a Buzz Saw Suit loses Vitae; at 0 it is killed, the kill
    point going to the team whose unit made it ("the player controlling the unit that makes the
    kill"), to the jail it chooses (`attacker_jail`)."""
    ref = action.attacker
    unit = state.unit(ref)
    vitae, steps = unit.vitae, []
    for colour, cut in cut_by:
        before, vitae = vitae, max(0, vitae - cut)
        steps.append(f"{ref} loses {cut} Vitae to {colour}'s Buzz Saw: Vitae {before} -> {vitae}")
        if vitae == 0:
            state = set_unit(state, ref, replace(unit, vitae=0))
            state, killed = kill(state, ref, colour, action.attacker_jail)
            return state, [*steps, *killed["steps"]]
    return set_unit(state, ref, replace(unit, vitae=vitae)), steps


def _hit_json(state: MatchState, hit: Hit, o: engine.AttackOutcome) -> Json:
    found: Json = {
        "unit": hit.ref.text(),
        "damage": o.damage,
        "vitae_left": o.vitae_left,
        "killed": o.killed,
        "wounded": o.wounded,
        "push_back": o.push_back,
        "incapacitated": o.incapacitated,
    }
    if o.push_back and o.push_squares != state.rules.combat.push_back_distance:
        found["push_squares"] = o.push_squares
    for key, value in (("healed", o.healed), ("swapped", o.swapped), ("cancelled", o.cancelled)):
        if value:
            found[key] = value
    return found


def attack_asks(state: MatchState, action: Attack, outcome: Json) -> list[Json]:
    """What the table must still say before an attack is recorded, asked only when it happens
    (the check page shows it as one tap a choice): whether the attacker swaps places instead of
    damaging (a "swap places" weapon), which wounded units wearing a Buzz Saw Suit stand next to
    the attacker, what lies behind a target pushed back ("Push Back": a wall or a unit negates
    it, lava kills), which jail a killed unit goes to when the board has several ("the player
    who caused the unit's demise chooses a jail"), and the jail of an attacker its target's
    saws kill. `outcome` is what `attack` made of the action on `state` (the state before it)."""
    if outcome.get("swap_open"):
        return [
            {
                "field": "swap",
                "question": f"{action.target} is hit: swap places with it instead of damage?",
                "options": [
                    {"value": "no", "label": "No: damage", "preview": True},
                    {"value": "yes", "label": "Yes: swap places", "preview": True},
                ],
            }
        ]
    unknown = outcome.get("adjacent_unknown") or []
    if unknown and action.adjacent is None:
        return [_adjacent_question(unknown[:MOST_ADJACENT_ASKED])]
    hits = {hit["unit"]: hit for hit in outcome.get("hits", [])}
    main = hits.get(action.target.text())
    if main is not None and main["push_back"] and action.behind == "empty":
        name = action.target.text()
        return [
            {
                "field": "behind",
                "question": f"{name} is pushed back: what is on the square behind it?",
                "options": [
                    {"value": "empty", "label": "Nothing: pushed back"},
                    {"value": "wall", "label": "A wall: stays"},
                    {"value": "unit", "label": "A unit: stays"},
                    # Lava kills: the check page asks the jail next.
                    {"value": "lava", "label": "Lava: killed", "preview": True},
                ],
            }
        ]
    jails = state.data.jails
    killed = [name for name, hit in hits.items() if hit["killed"]]
    if killed and not action.jail and len(jails) > 1:
        return [jail_question("jail", f"{', '.join(killed)} killed: which jail?", jails)]
    attacker_killed = state.unit(action.attacker).vitae <= outcome.get("attacker_vitae_loss", 0)
    if attacker_killed and not action.attacker_jail and len(jails) > 1:
        return [
            jail_question(
                "attacker_jail", f"{action.attacker} is killed by the saws: which jail?", jails
            )
        ]
    return []


def jail_question(field: str, question: str, jails: Sequence[str]) -> Json:
    return {
        "field": field,
        "question": question,
        "options": [{"value": j, "label": f"Jail {j}"} for j in jails],
    }


def _adjacent_question(units: Sequence[str]) -> Json:
    """Which of these wounded units stand next to the attacker: every set of them an option."""
    options = []
    for size in range(len(units), -1, -1):
        for chosen in combinations(units, size):
            label = ", ".join(chosen) + " next to it" if chosen else "None next to it"
            options.append({"value": ",".join(chosen) or "none", "label": label, "preview": True})
    return {
        "field": "adjacent",
        "question": f"Which stand next to the attacker ({', '.join(units)} wear saws)?",
        "options": options,
    }
