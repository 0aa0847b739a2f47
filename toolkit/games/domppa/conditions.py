"""Conditions that change a fighter's numbers, and what they do each turn.

Fatigue, darkness (and dark vision), fleeing, defence dropping per blow, berserk, formation
fighter, fire power, paralysis; burning, freezing and fatigue bookkeeping. Pure functions with
steps; the numbers come from card_data/domppa/rules.toml.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from toolkit.errors import DomekitError, RuleError
from toolkit.games.domppa.config import Darkness, DomppaRules
from toolkit.games.domppa.dice import check_plain_die
from toolkit.games.domppa.rules import not_negative


@dataclass(frozen=True)
class FatiguePenalty:
    penalty: int
    incapacitated: bool
    steps: list[str]


def fatigue_penalty(rules: DomppaRules, fatigue: int) -> FatiguePenalty:
    """-1 attack and defence per full 20 fatigue; at 100+ no acting and defence 0."""
    not_negative(fatigue=fatigue)
    config = rules.fatigue
    penalty = fatigue // config.penalty_step
    out = fatigue >= config.incapacitated_at
    step = f"fatigue {fatigue}: -{penalty} attack and defence (-1 per full {config.penalty_step})"
    if out:
        step += f"; {config.incapacitated_at}+: cannot act, defence 0"
    return FatiguePenalty(penalty, out, [step])


def darkness_penalty(rules: DomppaRules, darkness: Darkness | None, dark_vision: bool) -> int:
    """Night -3, pitch dark -6, blind -9 to attack, defence and precision; Dark Vision: -1, -3."""
    if darkness is None:
        return 0
    table = rules.darkness.dark_vision_penalty if dark_vision else rules.darkness.penalty
    return table[darkness]


@dataclass(frozen=True)
class Conditions:
    """What the fighter is under right now."""

    fatigue: int = 0
    darkness: Darkness | None = None
    dark_vision: bool = False
    fleeing: bool = False
    blows_received: int = 0
    berserk: int = 0
    formation: Literal["attack", "defence"] | None = None
    paralysed: bool = False
    fire_power: int = 0
    heat_scale: int = 0
    two_weapon_penalty: int = 0
    mount: Literal["horse", "chariot"] | None = None


@dataclass(frozen=True)
class Fighting:
    """A fighter's numbers after its conditions."""

    attack: int
    defence: int
    precision: int
    strength: int
    protection_bonus: int
    can_act: bool
    may_cast_or_shoot: bool
    morale: int | None = None
    steps: list[str] = field(default_factory=list)


def fighting_stats(
    rules: DomppaRules,
    *,
    attack: int,
    defence: int,
    precision: int = 0,
    strength: int = 0,
    conditions: Conditions | None = None,
) -> Fighting:
    """Attack, defence, precision and strength after fatigue, darkness, fleeing, blows received
    this round, berserk, formation fighter, fire power, a mount and two weapons.

    Defence never drops below 0; a unit at 100+ fatigue or paralysed cannot act and has defence 0.
    """
    c = conditions or Conditions()
    not_negative(defence=defence, blows_received=c.blows_received, berserk=c.berserk)
    steps: list[str] = []
    attack_mod = defence_mod = precision_mod = strength_mod = 0

    tired = fatigue_penalty(rules, c.fatigue)
    if tired.penalty:
        attack_mod -= tired.penalty
        defence_mod -= tired.penalty
        steps += tired.steps
    dark = darkness_penalty(rules, c.darkness, c.dark_vision)
    if dark:
        attack_mod -= dark
        defence_mod -= dark
        precision_mod -= dark
        vision = " with dark vision" if c.dark_vision else ""
        steps.append(f"{c.darkness}{vision}: -{dark} attack, defence and precision")
    if c.fleeing:
        flee = rules.morale.fleeing_penalty
        attack_mod -= flee
        defence_mod -= flee
        steps.append(f"fleeing: -{flee} attack and defence")
    if c.blows_received:
        defence_mod -= c.blows_received
        steps.append(f"{c.blows_received} blow(s) received this round: -{c.blows_received} defence")
    morale = None
    if c.berserk:
        attack_mod += c.berserk
        strength_mod += c.berserk
        defence_mod -= c.berserk
        morale = rules.morale.berserk_morale
        steps.append(
            f"berserk +{c.berserk}: +{c.berserk} attack, strength and protection, "
            f"-{c.berserk} defence, morale {morale}; cannot cast or shoot"
        )
    if c.formation is not None:
        bonus = rules.abilities.formation_fighter_bonus
        if c.formation == "attack":
            attack_mod += bonus
        else:
            defence_mod += bonus
        steps.append(f"formation fighter: +{bonus} {c.formation}")
    if c.fire_power and c.heat_scale:
        power = c.fire_power * c.heat_scale
        attack_mod += power
        defence_mod += power
        strength_mod += power
        steps.append(f"fire power {c.fire_power} x heat scale {c.heat_scale}: {power:+d}")
    if c.mount is not None:
        bonus = (
            rules.abilities.riding_defence
            if c.mount == "horse"
            else rules.abilities.chariot_defence
        )
        defence_mod += bonus
        steps.append(f"on a {c.mount}: +{bonus} defence")
    if c.two_weapon_penalty:
        attack_mod -= c.two_weapon_penalty
        steps.append(f"two weapons: -{c.two_weapon_penalty} to hit")

    can_act = not (tired.incapacitated or c.paralysed)
    final_defence = max(0, defence + defence_mod)
    if not can_act:
        why = "paralysed" if c.paralysed else f"fatigue {c.fatigue}"
        steps.append(f"{why}: cannot act, defence 0")
        final_defence = 0
    elif defence + defence_mod < 0:
        steps.append(f"defence {defence + defence_mod} counts as 0")
    steps.append(
        f"attack {attack} -> {attack + attack_mod}, defence {defence} -> {final_defence}"
        + (f", precision {precision} -> {precision + precision_mod}" if precision_mod else "")
        + (f", strength {strength} -> {strength + strength_mod}" if strength_mod else "")
    )
    return Fighting(
        attack=attack + attack_mod,
        defence=final_defence,
        precision=precision + precision_mod,
        strength=strength + strength_mod,
        protection_bonus=c.berserk,
        can_act=can_act,
        may_cast_or_shoot=c.berserk == 0,
        morale=morale,
        steps=steps,
    )


def require_can_act(fighting: Fighting, who: str = "the attacker") -> None:
    if not fighting.can_act:
        raise RuleError("Fatigue / Paralysis", f"{who} cannot act")


# --- burning, freezing, fatigue over turns ---------------------------------------------------


@dataclass(frozen=True)
class Chance:
    percent: int
    steps: list[str]


def _clamp_percent(value: int) -> int:
    return max(0, min(100, value))


def put_out_chance(
    rules: DomppaRules, *, fire_resist: int = 0, cold_scale: int = 0, rain: bool = False
) -> Chance:
    """25% + fire resist x 5% + cold scale x 5% (+100% in rain); heat scale is negative cold."""
    f = rules.fire
    raw = (
        f.put_out_base_percent
        + fire_resist * f.put_out_per_fire_resist
        + cold_scale * f.put_out_per_cold_scale
        + (f.put_out_rain_percent if rain else 0)
    )
    text = (
        f"{f.put_out_base_percent}% + fire resist {fire_resist} x {f.put_out_per_fire_resist}%"
        f" + cold scale {cold_scale} x {f.put_out_per_cold_scale}%"
        + (f" + rain {f.put_out_rain_percent}%" if rain else "")
    )
    return Chance(_clamp_percent(raw), [f"{text} = {raw}%, chance {_clamp_percent(raw)}%"])


def warm_up_chance(rules: DomppaRules, *, cold_resist: int = 0, heat_scale: int = 0) -> Chance:
    """25% + cold resist x 5% + heat scale x 6%; cold scale is negative heat."""
    c = rules.cold
    raw = (
        c.warm_up_base_percent
        + cold_resist * c.warm_up_per_cold_resist
        + heat_scale * c.warm_up_per_heat_scale
    )
    text = (
        f"{c.warm_up_base_percent}% + cold resist {cold_resist} x {c.warm_up_per_cold_resist}%"
        f" + heat scale {heat_scale} x {c.warm_up_per_heat_scale}%"
    )
    return Chance(_clamp_percent(raw), [f"{text} = {raw}%, chance {_clamp_percent(raw)}%"])


def burning_damage(rules: DomppaRules, d2: int) -> int:
    """A burning character takes d2 damage every turn (a plain die)."""
    return check_plain_die(d2, rules.fire.burn_die_sides, "burning d2")


def starts_freezing(rules: DomppaRules, d6: int) -> bool:
    """After taking cold damage: freezing on a plain d6 of 5+."""
    return (
        check_plain_die(d6, rules.cold.freeze_die_sides, "freezing d6") >= rules.cold.freezes_from
    )


def freezing_fatigue(roll_total: int) -> int:
    """A freezing character takes 2d6 fatigue (as stun) every turn: the 2d6 as rolled."""
    not_negative(roll=roll_total)
    return roll_total


def attack_fatigue(encumbrance: int, berserk: int = 0) -> int:
    """A melee attacker takes fatigue equal to its encumbrance (+ X a turn while berserk)."""
    not_negative(encumbrance=encumbrance, berserk=berserk)
    return encumbrance + berserk


def spell_fatigue(spell_fatigue: int, spell_encumbrance: int) -> int:
    """Spells generate their fatigue directly, plus the spell casting encumbrance."""
    not_negative(spell_fatigue=spell_fatigue, spell_encumbrance=spell_encumbrance)
    return spell_fatigue + spell_encumbrance


def fatigue_recovery(rules: DomppaRules, fatigue: int, *, resting: bool, d6: int | None) -> int:
    """Fatigue at the end of a turn: a whole turn resting recovers 3; at 100+ it drops by a d6."""
    not_negative(fatigue=fatigue)
    if fatigue >= rules.fatigue.incapacitated_at:
        if d6 is None:
            raise DomekitError(f"fatigue {fatigue}: roll the d6 it recovers")
        fatigue -= check_plain_die(d6, rules.fatigue.incapacitated_recovery_die, "recovery die")
    if resting:
        fatigue -= rules.fatigue.rest_recovery
    return max(0, fatigue)


@dataclass(frozen=True)
class MeleeSides:
    """Both sides of a melee blow after their conditions, as the engine's melee step takes them."""

    attacker: Fighting
    defender: Fighting
    parry: int  # the shield's parry; none for a defender who cannot act

    @property
    def protection_bonus(self) -> int:
        """What the defender adds to its protection (berserk +X)."""
        return self.defender.protection_bonus

    @property
    def steps(self) -> list[str]:
        """Each side's conditions, when it has any."""
        steps: list[str] = []
        for who, side in (("attacker", self.attacker), ("defender", self.defender)):
            if len(side.steps) > 1:
                steps += [f"{who}: {step}" for step in side.steps]
        return steps


def melee_sides(
    rules: DomppaRules,
    *,
    attack: int,
    strength: int,
    defence: int,
    parry: int = 0,
    attacker: Conditions | None = None,
    defender: Conditions | None = None,
) -> MeleeSides:
    """Attacker and defender of one melee blow under their conditions (fighting_stats): the
    attacker must be able to act; a defender who cannot act (fatigue 100+, paralysed) has defence
    0 and no shield parry; a berserk defender's protection bonus and morale come with it. Both
    `domekit domppa melee` and `domekit odds domppa melee` start here."""
    hitting = fighting_stats(
        rules, attack=attack, defence=0, strength=strength, conditions=attacker
    )
    require_can_act(hitting)
    guarding = fighting_stats(rules, attack=0, defence=defence, conditions=defender)
    return MeleeSides(hitting, guarding, parry if guarding.can_act else 0)
