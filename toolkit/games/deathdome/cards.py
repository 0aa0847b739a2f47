"""The cards played outside an attack: a unit uses an item it carries, a team plays a Special Play
card on its own. What each does is its effects, in the rule book's notation.

rules/deathdome.txt: "+V = a healing ability"; "-V = direct unblockable damage"; "+S,+M,+T plus to
that stat for the rest of your turn or one phase" (Card Abilities); "When using a drug pack on a
teammate, the effects of the card are automatic" (Medic Unit); "Drugs can be administered by the
medic to any adjacent unit" (Notes); the timing icons (Special Play Deck): "[A] you must use an
action to do this", "[+A] a free action is being awarded", "[T] play anytime on your turn", "[O]
play anytime / counters", "[C] when a Control Point is turned"; "No kill points are awarded as a
result of special play cards that are not played on specific units" (Death). Where a unit stands
is the table's: range and "adjacent" are the players' call, as for attacks.
"""

from __future__ import annotations

from dataclasses import replace

from toolkit.errors import RuleError
from toolkit.games.deathdome import effects as words
from toolkit.games.deathdome import loadout
from toolkit.games.deathdome.actions import PlayCard, Use
from toolkit.games.deathdome.books import (
    Step,
    check_jail,
    kill,
    need_able,
    need_in_play,
    set_unit,
    use_unit_phase,
)
from toolkit.games.deathdome.data import Item, SpecialPlayCard
from toolkit.games.deathdome.state import Lasting, MatchState, UnitRef, replace_team

ON_YOUR_TURN = frozenset({"A", "M", "+A", "+M", "T"})
"""Icons of what is done on the team's own turn ([A] and [M] take a unit phase's parts)."""
ON_ITS_OWN = frozenset({"-V", "+V", "+M", "free action", "free movement", "draw", "turn back"})
"""Special Play words the engine applies when a card is played on its own (not on a stack)."""
LASTS = frozenset({"+S", "+T", "+M", "immune to -V", "immune to incapacitate"})
"""Words whose effect lasts on the unit (the rest of the turn, or until its team's next)."""
RULE = "Special Play Deck"


def _until(card: Item | SpecialPlayCard) -> Lasting:
    next_turn = words.has(card.effects, "until your next turn")
    return Lasting(card.id, "next turn" if next_turn else "turn")


def heal(state: MatchState, ref: UnitRef, amount: int, why: str) -> tuple[MatchState, str]:
    """ "+V = a healing ability": the unit heals `amount` Vitae, never above its full Vitae."""
    unit = state.unit(ref)
    need_in_play(unit, ref)
    top = state.full_vitae(ref)
    after = min(top, unit.vitae + amount)
    step = f"{why}: {ref} heals {amount} Vitae (+V): Vitae {unit.vitae} -> {after} (at most {top})"
    return set_unit(state, ref, replace(unit, vitae=after)), step


def direct_damage(
    state: MatchState, ref: UnitRef, amount: int, why: str, credited: str | None, jail: str
) -> tuple[MatchState, list[str]]:
    """ "-V = direct unblockable damage": `amount` Vitae lost, no defence stack; Vitae 0 kills,
    the kill point going to `credited` (the team that played the card on the unit, or whose unit
    blasted). A unit immune to -V loses nothing."""
    unit = state.unit(ref)
    need_in_play(unit, ref)
    cards = state.unit_cards(ref)
    if cards.has("immune to -V"):
        shield = next(a.card for a in cards.effects() if a.effect.word == "immune to -V")
        return state, [f"{why}: {ref} is immune to -V ({shield}): no Vitae lost"]
    after = max(0, unit.vitae - amount)
    steps = [f"{why}: {ref} loses {amount} Vitae (-V): Vitae {unit.vitae} -> {after}"]
    state = set_unit(state, ref, replace(unit, vitae=after))
    if after == 0:
        state, killed = kill(state, ref, credited, jail)
        steps += killed["steps"]
    return state, steps


def add_lasting(state: MatchState, ref: UnitRef, lasting: Lasting) -> MatchState:
    unit = state.unit(ref)
    kept = tuple(k for k in unit.lasting if k.card != lasting.card)
    return set_unit(state, ref, replace(unit, lasting=(*kept, lasting)))


def use_target(item: Item) -> str | None:
    """Whom an item is used on: a `friend` (a drug), the units next to it (`neighbours`: a
    blast), `one` unit (a heal, a pull), or none (the user itself: Jet Boots, Implants)."""
    if item.is_drug:
        return "friend"
    if words.has(item.effects, "self-destruct"):
        return "neighbours"
    if words.has(item.effects, "+V") or words.has(item.effects, "pull"):
        return "one"
    return None


def _one_target(action: Use, item: Item) -> UnitRef:
    if len(action.targets) != 1:
        raise RuleError("Item Cards", f"{item.name} is used on one unit: name it (on blue.scout)")
    return action.targets[0]


# -------------------------------------------------------------------------------- items used


def use_item(state: MatchState, action: Use) -> Step:
    """A unit uses an item it carries, on the team's turn: what its effects say, once per match
    or once per turn where it says so, taking a unit phase where it shows [A]."""
    state.need_phase("play", rule="Item Cards")
    ref = action.unit
    unit = state.unit(ref)
    need_in_play(unit, ref)
    need_able(unit, ref)
    item = state.data.item(action.item)
    if item.id not in unit.items:
        raise RuleError("Item Cards", f"{ref} does not carry {item.name}")
    if not item.usable:
        raise RuleError(
            "Item Cards", f"{item.name} is not used: what it does, it does while it is carried"
        )
    once = [w for w in ("once per match", "once per turn") if words.has(item.effects, w)]
    if once and item.id in unit.used:
        raise RuleError("Item Cards", f"{item.name}: {once[0]}, and {ref} has used it")
    if once:
        state = set_unit(state, ref, replace(state.unit(ref), used=(*unit.used, item.id)))
    if item.is_drug:
        state, steps = give_drug(state, action, item)
    elif words.has(item.effects, "self-destruct"):
        state, steps = blast(state, action, item)
    elif words.has(item.effects, "pull"):
        state, steps = pull(state, action, item)
    else:
        state, steps = _own_effects(state, action, item)
    if "A" in item.icons:  # last: what the item may not do is refused for that first
        state = use_unit_phase(state)
    return state, {"summary": f"{ref} uses {item.name}", "steps": steps}


def give_drug(state: MatchState, action: Use, drug: Item) -> tuple[MatchState, list[str]]:
    """ "When using a drug pack on a teammate, the effects of the card are automatic": its +V
    heals at once, its +S, +T, +M last the rest of the turn (or until the team's next turn), and
    while they last the drug counts as carried by the friend for combos (a combo's +V heals as
    it is given). With a "drugs at range" weapon the medic reaches its range."""
    target = _one_target(action, drug)
    if target.colour != action.unit.colour or target == action.unit:
        raise RuleError(
            "Medic Unit",
            f"{drug.name} is given to another unit of the medic's team; an offensive drug "
            "attacks an enemy",
        )
    need_in_play(state.unit(target), target)
    reach, _ = loadout.drug_reach(
        [state.data.item(i) for i in state.unit(action.unit).items],
        state.rules.combat.close_combat_range,
    )
    steps = [f"{action.unit} gives {drug.name} to {target} (reach {reach})"]
    if any(effect.word in LASTS for effect in drug.effects):
        lasting = _until(drug)
        state = add_lasting(state, target, lasting)
        until = "its team's next turn begins" if lasting.until == "next turn" else "the turn ends"
        steps.append(f"{drug.name} lasts on {target} until {until}")
    amount = words.total(drug.effects, "+V")
    combos = [c for c in state.unit_cards(target).combos if drug.id in c.items]
    for combo in combos:
        steps.append(f"combo {' + '.join(combo.items)}: {combo.id}")
        amount += words.total(combo.effects, "+V")
    if amount:
        state, step = heal(state, target, amount, drug.name)
        steps.append(step)
    return state, steps


def _own_effects(state: MatchState, action: Use, item: Item) -> tuple[MatchState, list[str]]:
    """An item's heal on a unit (with its combos' +V), its +M lasting on its carrier, a free
    action for the team, a look at the deck (the table's)."""
    steps: list[str] = []
    amount = words.total(item.effects, "+V")
    if amount:
        combos = [c for c in state.unit_cards(action.unit).combos if item.id in c.items]
        amount += sum(words.total(c.effects, "+V") for c in combos)
        state, step = heal(state, _one_target(action, item), amount, item.name)
        steps.append(step)
    if words.has(item.effects, "+M"):
        state = add_lasting(state, action.unit, _until(item))
        steps.append(f"{action.unit}: +{words.total(item.effects, '+M')} M this turn")
    if words.has(item.effects, "free action"):
        state = replace(state, free_actions=state.free_actions + 1)
        steps.append(f"{action.unit.colour} has a free action this turn")
    looked = words.number(item.effects, "look at the top")
    if looked:
        steps.append(f"look at the top {looked} Special Play cards and put them back in any order")
    return state, steps


def pull(state: MatchState, action: Use, item: Item) -> tuple[MatchState, list[str]]:
    """The Vacuum Fan pulls an enemy toward the user: what lies on the square it would enter
    (`onto`) decides, as for a push back: a wall or a unit stops it, lava kills it ("If a unit
    is pushed back onto a lava space they are killed instantly"), the kill the user's team's."""
    target = _one_target(action, item)
    if target.colour == action.unit.colour:
        raise RuleError("Item Cards", f"{item.name} pulls an enemy")
    need_in_play(state.unit(target), target)
    squares = words.total(item.effects, "pull")
    if action.onto in ("wall", "unit"):
        return state, [f"{target} is not pulled: a {action.onto} is in the way"]
    steps = [f"{target} is pulled {squares} square(s) toward {action.unit}"]
    if action.onto == "lava":
        unit = state.unit(target)
        state = set_unit(state, target, replace(unit, vitae=0))
        state, killed = kill(state, target, action.unit.colour, action.jail)
        steps += ["pulled onto lava: killed instantly", *killed["steps"]]
    return state, steps


def blast(state: MatchState, action: Use, item: Item) -> tuple[MatchState, list[str]]:
    """The Kamikaze Vest: every unit named next to the user loses the blast's Vitae (its combos
    add theirs), then the user is killed, with no kill point for anyone."""
    check_jail(state, action.jail)
    amount = words.total(item.effects, "blast")
    combos = [c for c in state.unit_cards(action.unit).combos if item.id in c.items]
    amount += sum(words.total(c.effects, "blast") for c in combos)
    steps = [f"{action.unit} blasts: every unit next to it loses {amount} Vitae"]
    for ref in action.targets:
        if ref == action.unit:
            continue
        state, more = direct_damage(state, ref, amount, item.name, action.unit.colour, action.jail)
        steps += more
    state = set_unit(state, action.unit, replace(state.unit(action.unit), vitae=0))
    why = f"{item.name}: no kill point for anyone"
    state, killed = kill(state, action.unit, None, action.jail, why=why)
    return state, [*steps, *killed["steps"]]


# ---------------------------------------------------------------------- Special Play cards


def play_card(state: MatchState, action: PlayCard) -> Step:
    """A Special Play card played on its own: its timing icons say when ([A], [M], [+A], [+M],
    [T] on the team's own turn, an [A] card taking a unit phase), its words what it does."""
    state.need_phase("play", rule=RULE)
    team = action.team
    state.team(team)
    card = state.data.cards.card_by_name(action.card)
    if card is None:
        raise RuleError(RULE, f"no Special Play card {action.card!r} in special_play.csv")
    own = [e for e in card.effects if e.word in ON_ITS_OWN]
    if not own:
        raise RuleError(
            RULE,
            f"{card.name} is played on an attack or defence stack: record it with the attack "
            f"(cards 3,3,{card.id})",
        )
    timing = ON_YOUR_TURN & set(card.icons)
    if timing and state.current_team() != team:
        icons = " ".join(f"[{icon}]" for icon in sorted(timing))
        raise RuleError(RULE, f"{card.name} is played on {team}'s own turn ({icons})")
    steps = [f"{team} plays {card.name}"]
    for effect in own:
        state, more = _card_effect(state, action, card, effect.word, effect.args)
        steps += more
    if "A" in card.icons:
        state = use_unit_phase(state)
    where = words.number(card.effects, "range")
    if where is not None:
        steps.append(f"{card.name} reaches {where} square(s) (the players see the board)")
    return state, {"summary": steps[0], "steps": steps}


def _card_effect(
    state: MatchState,
    action: PlayCard,
    card: SpecialPlayCard,
    word: str,
    args: tuple[int | str, ...],
) -> tuple[MatchState, list[str]]:
    value = int(args[0]) if args else 0
    if word in ("-V", "+V", "+M"):
        if action.unit is None:
            raise RuleError(RULE, f"{card.name} is played on a unit: name it (on blue.scout)")
        if word == "-V":
            # Played on a specific unit: its kill gives a kill point (rules: Death).
            return direct_damage(state, action.unit, value, card.name, action.team, action.jail)
        if action.unit.colour != action.team:
            raise RuleError(RULE, f"{card.name} is played on one of {action.team}'s own units")
        if word == "+V":
            state, step = heal(state, action.unit, value, card.name)
            return state, [step]
        need_in_play(state.unit(action.unit), action.unit)
        return add_lasting(state, action.unit, _until(card)), [
            f"{action.unit}: +{value} M this turn"
        ]
    if word == "free action":
        return replace(state, free_actions=state.free_actions + 1), [
            f"{action.team} has a free action this turn"
        ]
    if word == "free movement":
        return state, [f"a free movement of up to {value} squares (not a movement phase)"]
    if word == "draw":
        return state, [f"{action.team} draws {value} Special Play card(s)"]
    return turn_back(state, action, card)


def turn_back(
    state: MatchState, action: PlayCard, card: SpecialPlayCard
) -> tuple[MatchState, list[str]]:
    """ "[C] when a Control Point is turned": the point the team `against` just turned goes back
    to the team playing the card."""
    if action.against is None or action.against == action.team:
        raise RuleError(RULE, f"{card.name}: name the team that turned your point (against blue)")
    field = "control_points" if action.point == "control_point" else "tower_centres"
    took = state.team(action.against)
    if getattr(took, field) < 1:
        raise RuleError(RULE, f"{action.against} holds no {action.point.replace('_', ' ')}")
    teams = replace_team(state, action.against, replace(took, **{field: getattr(took, field) - 1}))
    state = replace(state, teams=teams)
    back = state.team(action.team)
    teams = replace_team(state, action.team, replace(back, **{field: getattr(back, field) + 1}))
    state = replace(state, teams=teams)
    return state, [
        f"{action.team} turns the {action.point.replace('_', ' ')} back from {action.against}"
    ]
