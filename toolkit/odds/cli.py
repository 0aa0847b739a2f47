"""`domekit odds <game> <calculation> ...`: the calculators' flags minus the rolls.

Each command prints every chance (`p_<name>`) and distribution (`<name>_distribution`) as a table
with bars; `--json` gives exact fractions beside floats. Heavy imports stay inside the commands.
"""

from __future__ import annotations

from pathlib import Path

import typer

from toolkit.errors import DomekitError
from toolkit.parsing import parse_counts, parse_numbers, split_list

app = typer.Typer(
    help="Exact odds before you commit: every roll and draw weighed by the rules engines.",
    no_args_is_help=True,
)
dominum_app = typer.Typer(help="Dominum odds: attack, assault.", no_args_is_help=True)
domppa_app = typer.Typer(
    help="Domppa odds: melee, ranged, morale, fear, awe.", no_args_is_help=True
)
naturedome_app = typer.Typer(help="Nature Dome odds: clash.", no_args_is_help=True)
deathdome_app = typer.Typer(help="Death Dome odds: attack, capture.", no_args_is_help=True)
app.add_typer(dominum_app, name="dominum")
app.add_typer(domppa_app, name="domppa")
app.add_typer(naturedome_app, name="naturedome")
app.add_typer(deathdome_app, name="deathdome")

JSON_HELP = "Print JSON: exact fractions and floats."
DATA_HELP = "A folder with your own card data (default: the shipped card_data/<game>)."
# --data and --json as every command here takes them
DATA = typer.Option(None, help=DATA_HELP)
JSON = typer.Option(False, "--json", help=JSON_HELP)


def _at_least(value: int, flag: str, least: int = 0) -> int:
    if value < least:
        raise DomekitError(f"{flag} must be {least} or more, got {value}")
    return value


# -- Dominum ----------------------------------------------------------------------------------

USED_HELP = "Power cards already in the used pile, e.g. 1,4,critical."
RESERVE_HELP = "Power cards on the reserve board, e.g. 3,4."


def _dominum_cards(text: str | None, flag: str, rules):  # type: ignore[no-untyped-def]
    from toolkit.games.dominum.power import parse_power

    return [parse_power(part, rules=rules, what=flag) for part in split_list(text, flag)]


def _dominum_rules(data: Path | None):  # type: ignore[no-untyped-def]
    from toolkit.games.dominum.odds import load_rules

    return load_rules(data)


@dominum_app.command("attack")
def dominum_attack(
    strength: int = typer.Option(..., help="The (primary) attacker's attack strength."),
    defense: int = typer.Option(..., help="The defender's defence strength."),
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
    data: Path | None = DATA,
    as_json: bool = JSON,
) -> None:
    """Chance to wound, to be blocked and counterattacked, from both power decks as they stand."""
    from toolkit.games.dominum.odds import PowerState, attack_odds
    from toolkit.odds.render import emit_odds

    rules = _dominum_rules(data)
    chosen = _dominum_cards(use_reserve, "--use-reserve", rules)
    if len(chosen) > 1:
        raise DomekitError("--use-reserve names one card for an attack")
    result = attack_odds(
        strength=_at_least(strength, "--strength"),
        defense=_at_least(defense, "--defense"),
        coordinating=_at_least(coordinating, "--coordinating"),
        deadly=deadly,
        attacker_weakened=attacker_weakened,
        defender_weakened=defender_weakened,
        attacker=PowerState.of(
            used=_dominum_cards(used, "--used", rules),
            reserve=_dominum_cards(reserve, "--reserve", rules),
            rules=rules,
            who="attacker",
        ),
        defender=PowerState.of(
            used=_dominum_cards(defender_used, "--defender-used", rules),
            reserve=_dominum_cards(defender_reserve, "--defender-reserve", rules),
            rules=rules,
            who="defender",
        ),
        use_reserve=chosen[0] if chosen else None,
        defender_policy=defender_policy,  # type: ignore[arg-type]
        rules=rules,
    )
    emit_odds(result, as_json=as_json, title="Dominum attack odds")


@dominum_app.command("assault")
def dominum_assault(
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
    data: Path | None = DATA,
    as_json: bool = JSON,
) -> None:
    """Assault total and VP distribution from the power deck as it stands."""
    from toolkit.games.dominum.odds import PowerState, assault_odds
    from toolkit.odds.render import emit_odds

    rules = _dominum_rules(data)
    if fortified > in_zone:
        raise DomekitError(
            f"--fortified ({fortified}) cannot exceed --in-zone ({in_zone}): "
            "--in-zone counts the cards on fortified spaces too"
        )
    result = assault_odds(
        in_zone=_at_least(in_zone, "--in-zone"),
        fortified=_at_least(fortified, "--fortified"),
        barrage=_at_least(barrage, "--barrage"),
        surge=surge,
        state=PowerState.of(
            used=_dominum_cards(used, "--used", rules),
            reserve=_dominum_cards(reserve, "--reserve", rules),
            rules=rules,
        ),
        use_reserve=_dominum_cards(use_reserve, "--use-reserve", rules),
        policy=policy,  # type: ignore[arg-type]
        rules=rules,
    )
    emit_odds(result, as_json=as_json, title="Dominum assault odds")


# -- Domppa -----------------------------------------------------------------------------------
# The flags are `domekit domppa melee/ranged`'s, minus the rolls (--hit-dice, --hit-roll,
# --damage-dice, --damage-roll) and --head (a head hit is now the 10% chance; --head-protection
# gives the helmet's total). --lucky re-rolls dice and is not weighed here.

TYPE_HELP = (
    "Damage type: none, blunt, piercing, slashing, armor-piercing, armor-negating; "
    "several separated by commas are compared (the first is shown in full)."
)


def _domppa_kinds(damage_type: str):  # type: ignore[no-untyped-def]
    from toolkit.games.domppa.odds import DamageType

    kinds = []
    for part in split_list(damage_type, "--type") or ["none"]:
        try:
            kinds.append(DamageType(part.lower()))
        except ValueError:
            names = ", ".join(kind.value for kind in DamageType)
            raise DomekitError(f"--type: {part!r} is not one of {names}") from None
    return kinds


def _domppa_element(element: str):  # type: ignore[no-untyped-def]
    from toolkit.games.domppa.odds import Element

    try:
        return Element(element.lower())
    except ValueError:
        names = ", ".join(kind.value for kind in Element)
        raise DomekitError(f"--element: {element!r} is not one of {names}") from None


def _darkness(value: str | None):  # type: ignore[no-untyped-def]
    if value is None:
        return None
    cleaned = value.strip().lower().replace("-", "_")
    if cleaned not in ("night", "pitch_dark", "blind"):
        raise DomekitError(f"--darkness must be night, pitch-dark or blind (got {value!r})")
    return cleaned


def _not_negative(**values: int | None) -> None:
    for name, value in values.items():
        if value is not None and value < 0:
            raise DomekitError(f"--{name.replace('_', '-')} must be 0 or more, got {value}")


def _domppa_rules(data: Path | None):  # type: ignore[no-untyped-def]
    from toolkit.games.domppa.odds import load_rules

    return load_rules(data)


def _target(protection, head_protection, shield_protection, resist, size, hp, max_hp, morale,  # type: ignore[no-untyped-def]
            morale_bonus, protection_bonus=0, berserk_morale=None):  # fmt: skip
    from toolkit.games.domppa.odds import Defender

    head = protection if head_protection is None else head_protection
    return Defender(
        body=protection + protection_bonus,
        head=head + protection_bonus,
        shield_protection=shield_protection,
        resist=resist,
        size=size or 0,
        hp=hp,
        max_hp=max_hp,
        morale=berserk_morale if (berserk_morale is not None and morale is not None) else morale,
        morale_bonus=morale_bonus,
    )


WEAPON = typer.Option(..., help="Weapon damage bonus.")
PROTECTION = typer.Option(
    ..., help="Target's protection total on a body hit (armour + natural), before the halving."
)
HEAD_PROTECTION = typer.Option(
    None, help="Target's protection total on a head hit (helmet + natural); default --protection."
)
DAMAGE_TYPE = typer.Option("none", "--type", "--damage-type", help=TYPE_HELP)
ELEMENT = typer.Option("none", help="none, fire, cold, poison or paralysis.")
STUN = typer.Option(False, "--stun", help="Stun damage: fatigue instead of HP.")
SHIELD_PROT = typer.Option(0, help="Shield's protection (added on a shield hit).")
RESIST = typer.Option(0, help="Target's Resist X against the element.")
HP = typer.Option(None, help="Target's HP now: gives p_kill.")
MAX_HP = typer.Option(None, help="Target's max HP (with --morale: p_morale_failure).")
MORALE = typer.Option(None, help="Target's morale: the chance it fails the test after the blow.")
MORALE_BONUS = typer.Option(0, help="Target's party morale bonus (Inspirational, Standard).")
DARKNESS = typer.Option(None, help="Light level: night, pitch-dark or blind.")


@domppa_app.command("melee")
def domppa_melee(
    attack: int = typer.Option(..., help="Attacker's attack skill."),
    defence: int = typer.Option(..., help="Defender's defence, without the shield."),
    parry: int = typer.Option(0, help="Defender's shield parry (added to defence)."),
    shield_protection: int = SHIELD_PROT,
    strength: int = typer.Option(..., help="Attacker's strength."),
    weapon_damage: int = WEAPON,
    protection: int = PROTECTION,
    head_protection: int | None = HEAD_PROTECTION,
    damage_type: str = DAMAGE_TYPE,
    element: str = ELEMENT,
    stun: bool = STUN,
    resist: int = RESIST,
    size: int | None = typer.Option(None, help="Defender's size (paralysis)."),
    lance_squares: int = typer.Option(0, help="Squares charged straight."),
    darkness: str | None = DARKNESS,
    dark_vision: bool = typer.Option(False, "--dark-vision", help="Attacker has Dark Vision."),
    defender_dark_vision: bool = typer.Option(False, "--defender-dark-vision"),
    fatigue: int = typer.Option(0, help="Attacker's fatigue."),
    defender_fatigue: int = typer.Option(0, help="Defender's fatigue."),
    blows_received: int = typer.Option(0, help="Blows the defender already took this round."),
    fleeing: bool = typer.Option(False, "--fleeing", help="The attacker is fleeing."),
    defender_fleeing: bool = typer.Option(False, "--defender-fleeing"),
    berserk: int = typer.Option(0, help="Attacker is berserk +X."),
    defender_berserk: int = typer.Option(0, help="Defender is berserk +X."),
    hp: int | None = HP,
    max_hp: int | None = MAX_HP,
    morale: int | None = MORALE,
    morale_bonus: int = MORALE_BONUS,
    data: Path | None = DATA,
    as_json: bool = JSON,
) -> None:
    """One melee blow: hit, shield hit, head hit, damage, kill and morale failure chances."""
    from toolkit.games.domppa.conditions import Conditions, melee_sides
    from toolkit.games.domppa.odds import Blow, melee_odds
    from toolkit.games.domppa.rules import lance_bonus
    from toolkit.odds.render import emit_odds

    _not_negative(
        attack=attack, defence=defence, parry=parry, shield_protection=shield_protection,
        strength=strength, weapon_damage=weapon_damage, protection=protection,
        head_protection=head_protection, resist=resist, size=size, lance_squares=lance_squares,
        fatigue=fatigue, defender_fatigue=defender_fatigue, blows_received=blows_received,
        berserk=berserk, defender_berserk=defender_berserk,
    )  # fmt: skip
    rules = _domppa_rules(data)
    light = _darkness(darkness)
    # The same sides `domekit domppa melee` fights with: conditions, parry, berserk protection.
    sides = melee_sides(
        rules, attack=attack, strength=strength, defence=defence, parry=parry,
        attacker=Conditions(
            fatigue=fatigue, darkness=light, dark_vision=dark_vision, fleeing=fleeing,
            berserk=berserk,
        ),
        defender=Conditions(
            fatigue=defender_fatigue, darkness=light, dark_vision=defender_dark_vision,
            fleeing=defender_fleeing, blows_received=blows_received, berserk=defender_berserk,
        ),
    )  # fmt: skip
    kinds = _domppa_kinds(damage_type)
    blow = Blow(
        strength=sides.attacker.strength,
        weapon_damage=weapon_damage,
        damage_type=kinds[0],
        element=_domppa_element(element),
        stun=stun,
        bonus=lance_bonus(rules, lance_squares),
    )
    target = _target(
        protection, head_protection, shield_protection, resist, size, hp, max_hp, morale,
        morale_bonus, sides.protection_bonus, sides.defender.morale,
    )  # fmt: skip
    result = melee_odds(
        rules,
        attack=sides.attacker.attack,
        defence=sides.defender.defence,
        parry=sides.parry,
        blow=blow,
        defender=target,
        damage_types=kinds,
    )
    result["steps"] = sides.steps + result["steps"]
    emit_odds(result, as_json=as_json, title="Domppa melee odds")


@domppa_app.command("ranged")
def domppa_ranged(
    precision: int = typer.Option(..., help="Shooter's precision."),
    size: int = typer.Option(..., help="Target's size."),
    distance: int = typer.Option(..., help="Distance in squares."),
    parry: int = typer.Option(0, help="Target's shield parry (counts x 2)."),
    shield_protection: int = SHIELD_PROT,
    strength: int = typer.Option(..., help="Shooter's strength."),
    weapon_damage: int = WEAPON,
    protection: int = PROTECTION,
    head_protection: int | None = HEAD_PROTECTION,
    damage_type: str = DAMAGE_TYPE,
    element: str = ELEMENT,
    stun: bool = STUN,
    resist: int = RESIST,
    darkness: str | None = DARKNESS,
    dark_vision: bool = typer.Option(False, "--dark-vision", help="Shooter has Dark Vision."),
    in_melee: bool = typer.Option(False, "--in-melee", help="The shooter is in melee."),
    berserk: bool = typer.Option(False, "--berserk", help="The shooter is berserk."),
    hp: int | None = HP,
    max_hp: int | None = MAX_HP,
    morale: int | None = MORALE,
    morale_bonus: int = MORALE_BONUS,
    data: Path | None = DATA,
    as_json: bool = JSON,
) -> None:
    """One shot: hit, shield hit, head hit, damage, kill and morale failure chances."""
    from toolkit.errors import RuleError
    from toolkit.games.domppa.conditions import darkness_penalty
    from toolkit.games.domppa.odds import Blow, ranged_odds
    from toolkit.odds.render import emit_odds

    _not_negative(
        size=size, distance=distance, parry=parry, shield_protection=shield_protection,
        strength=strength, weapon_damage=weapon_damage, protection=protection,
        head_protection=head_protection, resist=resist,
    )  # fmt: skip
    if berserk:
        raise RuleError("Berserk", "a berserk character cannot shoot")
    rules = _domppa_rules(data)
    dark = darkness_penalty(rules, _darkness(darkness), dark_vision)
    kinds = _domppa_kinds(damage_type)
    blow = Blow(
        strength=strength,
        weapon_damage=weapon_damage,
        damage_type=kinds[0],
        element=_domppa_element(element),
        stun=stun,
    )
    target = _target(
        protection, head_protection, shield_protection, resist, size, hp, max_hp, morale,
        morale_bonus,
    )  # fmt: skip
    result = ranged_odds(
        rules,
        precision=precision - dark,
        distance=distance,
        parry=parry,
        in_melee=in_melee,
        blow=blow,
        defender=target,
        damage_types=kinds,
    )
    if dark:
        result["steps"].insert(0, f"darkness: precision {precision} - {dark} = {precision - dark}")
    emit_odds(result, as_json=as_json, title="Domppa ranged odds")


@domppa_app.command("morale")
def domppa_morale(
    morale: int = typer.Option(..., help="The character's morale."),
    max_hp: int = typer.Option(..., help="Max HP."),
    hp: int = typer.Option(..., help="HP now."),
    inspirational: list[int] = typer.Option(
        [], "--inspirational", help="Inspirational X in the party (repeat; the largest counts)."
    ),
    standard: bool = typer.Option(False, "--standard", help="A standard bearer in the party."),
    berserk: bool = typer.Option(False, "--berserk", help="Berserk: morale counts 50."),
    rally: bool = typer.Option(False, "--rally", help="A rally: the re-rolled test (same odds)."),
    data: Path | None = DATA,
    as_json: bool = JSON,
) -> None:
    """A morale test now: chance to pass (a tie passes) or flee."""
    from toolkit.games.domppa.abilities import party_morale_bonus
    from toolkit.games.domppa.odds import morale_odds
    from toolkit.odds.render import emit_odds

    rules = _domppa_rules(data)
    bonus, bonus_steps = party_morale_bonus(
        rules, inspirational=inspirational, standards=int(standard)
    )
    value = rules.morale.berserk_morale if berserk else morale
    result = morale_odds(rules, morale=value, max_hp=max_hp, hp=hp, bonus=bonus)
    result["steps"] = (
        ([f"berserk: morale {value}"] if berserk else [])
        + (bonus_steps if bonus else [])
        + (["a rally re-rolls the test: the same chance"] if rally else [])
        + result["steps"]
    )
    emit_odds(result, as_json=as_json, title="Domppa morale odds")


@domppa_app.command("fear")
def domppa_fear(
    fear: int = typer.Option(..., help="The Fear X of the one causing fear."),
    morale: int = typer.Option(..., help="The target's morale."),
    max_hp: int = typer.Option(..., help="The target's max HP."),
    hp: int = typer.Option(..., help="The target's HP now."),
    death_paths: int = typer.Option(0, help="Death paths of the one causing fear (+1 fear each)."),
    data: Path | None = DATA,
    as_json: bool = JSON,
) -> None:
    """Fear: the chance the target breaks and flees."""
    from toolkit.games.domppa.odds import fear_odds
    from toolkit.odds.render import emit_odds

    result = fear_odds(
        _domppa_rules(data), fear=fear, morale=morale, max_hp=max_hp, hp=hp,
        death_paths=death_paths,
    )  # fmt: skip
    emit_odds(result, as_json=as_json, title="Domppa fear odds")


@domppa_app.command("awe")
def domppa_awe(
    morale: int = typer.Option(..., help="The striker's morale."),
    awe: int = typer.Option(..., help="The target's Awe X."),
    data: Path | None = DATA,
    as_json: bool = JSON,
) -> None:
    """Awe: the chance the striker may strike at all."""
    from toolkit.games.domppa.odds import awe_odds
    from toolkit.odds.render import emit_odds

    result = awe_odds(_domppa_rules(data), morale=morale, awe=awe)
    emit_odds(result, as_json=as_json, title="Domppa awe odds")


# -- Nature Dome ------------------------------------------------------------------------------


@naturedome_app.command("clash")
def naturedome_clash(
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
    data: Path | None = DATA,
    as_json: bool = JSON,
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


# -- Death Dome -------------------------------------------------------------------------------


@deathdome_app.command("attack")
def deathdome_attack(
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
    data: Path | None = DATA,
    as_json: bool = JSON,
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
        _at_least(defender_cards, "--defender-cards")
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


@deathdome_app.command("capture")
def deathdome_capture(
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
    data: Path | None = DATA,
    as_json: bool = JSON,
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
