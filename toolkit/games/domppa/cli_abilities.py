"""`domekit domppa ...`: the calculators of the Special abilities and Story mode chapters (heat
aura, fire shield, burning, freezing, stealth, healer, pillage, the abilities list), and the
stats ones issue 26 added (armour proficiency, a square's sizes, a night's rest, the heal action).
Parses flags, calls toolkit.games.domppa, prints with toolkit.output.emit. No rules live here.
"""

from __future__ import annotations

from typing import Any

import typer

from toolkit.errors import DomekitError
from toolkit.games.domppa.cli_common import DICE, DICE_HELP, JSON, _emit, _roll, _rules, app
from toolkit.output import counted


@app.command("heat-aura")
def heat_aura(
    ctx: typer.Context,
    level: int = typer.Option(..., "--level", help="Heat Aura X."),
    fire_resist: int = typer.Option(0, "--fire-resist", help="The victim's Resist fire X."),
    dice: str | None = DICE,
    as_json: bool = JSON,
) -> None:
    """Heat aura: its area in squares and, with --dice, the 2d6 - 2 fire stun it deals."""
    from toolkit.games.domppa.abilities import heat_aura_area, heat_aura_damage

    rules = _rules(ctx)
    area = heat_aura_area(rules, level)
    result: dict[str, Any] = {"area": area}
    steps = [f"Heat Aura {level}: {counted(area, 'square')}"]
    if dice is not None:
        total_2d6, shows_six, roll_steps = _roll(rules, dice, None, "--dice", "--roll")
        damage = heat_aura_damage(
            rules, roll_total=total_2d6, fire_resist=fire_resist, roll_shows_six=bool(shows_six)
        )
        result.update(fatigue=damage.fatigue, ignites=damage.ignites)
        steps += roll_steps + damage.steps
    _emit({**result, "steps": steps}, as_json, "Domppa heat aura")


@app.command("fire-shield")
def fire_shield(
    ctx: typer.Context,
    fire_paths: int = typer.Option(..., "--fire-paths", help="The shielded caster's fire paths."),
    protection: int = typer.Option(
        ..., "--protection", help="The striker's protection total, before the over-20 halving."
    ),
    fire_resist: int = typer.Option(0, "--fire-resist", help="The striker's Resist fire X."),
    dice: str = typer.Option(..., "--dice", help=DICE_HELP),
    as_json: bool = JSON,
) -> None:
    """Fire Shield: one who strikes takes 2d6 + 1 per fire path above one, fire damage."""
    from toolkit.games.domppa.abilities import fire_shield_damage

    rules = _rules(ctx)
    total_2d6, shows_six, roll_steps = _roll(rules, dice, None, "--dice", "--roll")
    damage = fire_shield_damage(
        rules,
        roll_total=total_2d6,
        fire_paths=fire_paths,
        protection=protection,
        fire_resist=fire_resist,
        roll_shows_six=bool(shows_six),
    )
    result = {
        "damage": damage.damage,
        "ignites": damage.ignites,
        "steps": [*roll_steps, *damage.steps],
    }
    _emit(result, as_json, "Domppa fire shield")


@app.command("put-out")
def put_out(
    ctx: typer.Context,
    fire_resist: int = typer.Option(0, "--fire-resist", help="Resist fire X."),
    cold_scale: int = typer.Option(0, "--cold-scale", help="Cold scale (heat is negative)."),
    rain: bool = typer.Option(False, "--rain", help="It rains."),
    as_json: bool = JSON,
) -> None:
    """A burning character's chance to put the fire out this turn."""
    from toolkit.games.domppa.conditions import put_out_chance

    chance = put_out_chance(_rules(ctx), fire_resist=fire_resist, cold_scale=cold_scale, rain=rain)
    _emit({"chance": chance.percent, "steps": chance.steps}, as_json, "Domppa burning")


@app.command("warm-up")
def warm_up(
    ctx: typer.Context,
    cold_resist: int = typer.Option(0, "--cold-resist", help="Resist cold X."),
    heat_scale: int = typer.Option(0, "--heat-scale", help="Heat scale (cold is negative)."),
    as_json: bool = JSON,
) -> None:
    """A freezing character's chance to warm up this turn."""
    from toolkit.games.domppa.conditions import warm_up_chance

    chance = warm_up_chance(_rules(ctx), cold_resist=cold_resist, heat_scale=heat_scale)
    _emit({"chance": chance.percent, "steps": chance.steps}, as_json, "Domppa freezing")


@app.command()
def stealth(
    ctx: typer.Context,
    stealth_value: int = typer.Option(..., "--stealth", help="Stealthy X."),
    dice: str = typer.Option("", "--dice", help="The stealth dice's faces, e.g. 6,2."),
    as_json: bool = JSON,
) -> None:
    """Stealth dice: one per full 20 of stealth; each 6+ is a success."""
    from toolkit.games.domppa.abilities import stealth_dice, stealth_successes
    from toolkit.games.domppa.dice import split_faces

    rules = _rules(ctx)
    count = stealth_dice(rules, stealth_value)
    faces = split_faces(dice, "--dice") if dice.strip() else []
    successes = stealth_successes(rules, stealth_value, faces)
    result = {
        "dice": count,
        "successes": successes,
        "steps": [
            f"stealth {stealth_value} / {rules.abilities.stealth_per_die} = {count} dice",
            f"faces {', '.join(map(str, faces)) or 'none'}: {successes} success(es) on "
            f"{rules.abilities.stealth_success_from}+",
        ],
    }
    _emit(result, as_json, "Domppa stealth")


@app.command()
def healer(
    ctx: typer.Context,
    level: int = typer.Option(..., "--level", help="Healer X (Recuperation: 2)."),
    dice: str = typer.Option(..., "--dice", help="The two plain d6 faces, e.g. 2,3."),
    as_json: bool = JSON,
) -> None:
    """Healer's daily roll: both dice at most the level removes one affliction."""
    from toolkit.games.domppa.abilities import healer_check
    from toolkit.games.domppa.dice import split_faces

    rules = _rules(ctx)
    faces = split_faces(dice, "--dice")
    if len(faces) != 2:
        raise DomekitError(f"--dice: the healer rolls two plain d6s (got {dice!r})")
    success = healer_check(rules, level, faces[0], faces[1])
    verdict = "one affliction removed" if success else "no affliction removed"
    result = {
        "success": success,
        "steps": [f"dice {faces[0]} and {faces[1]}, both at most {level}? {verdict}"],
    }
    _emit(result, as_json, "Domppa healer")


@app.command()
def pillage(
    ctx: typer.Context,
    die: int = typer.Option(..., "--die", help="The d6 rolled."),
    bonus: int = typer.Option(0, "--bonus", help="The party's pillage bonus."),
    as_json: bool = JSON,
) -> None:
    """Pillage: unrest rises by (d6 + pillage bonus) x 5."""
    from toolkit.games.domppa.abilities import pillage_unrest

    rules = _rules(ctx)
    unrest = pillage_unrest(rules, die, bonus)
    step = f"({die} + {bonus}) x {rules.abilities.pillage_multiplier} = {unrest}"
    _emit({"unrest": unrest, "steps": [step]}, as_json, "Domppa pillage")


@app.command()
def abilities(
    ctx: typer.Context,
    as_json: bool = JSON,
) -> None:
    """Every ability the rules name, whether the toolkit computes it, and its text (effects.toml,
    X where the character sheet writes its number)."""
    from toolkit.games.domppa.words import ABILITIES, TEXT_ONLY

    vocabulary = _rules(ctx).vocabulary
    listed = {}
    for name, key in ABILITIES.items():
        word = vocabulary.word(name)
        placeholders = tuple("<kind>" if param.is_name else "X" for param in word.params)
        listed[key] = {
            "name": word.word,
            "status": "text" if key in TEXT_ONLY else "computed",
            "text": word.render(placeholders),
            "rule": word.rule,
        }
    if as_json:
        _emit({"abilities": listed}, True, "")
        return
    steps = [f"{spec['name']} ({spec['status']}): {spec['text']}" for spec in listed.values()]
    _emit({"abilities": len(listed), "steps": steps}, False, "Domppa abilities")


@app.command()
def proficiency(
    ctx: typer.Context,
    armour: str = typer.Option(..., "--armour", help="The armour's card (armour.csv)."),
    armour_proficiency: int | None = typer.Option(
        None, "--armour-proficiency", help="The wearer's armour proficiency (a tier, 0-4)."
    ),
    helmet_proficiency: str | None = typer.Option(
        None, "--helmet-proficiency", help="The wearer's helmet proficiency: none, light, heavy."
    ),
    as_json: bool = JSON,
) -> None:
    """Armour types: may this character wear that armour or helmet?"""
    from toolkit.games.domppa.data import card_text, load_armour
    from toolkit.games.domppa.rules import HELMET_PROFICIENCIES, may_wear

    rules = _rules(ctx)
    cards = {card.name.casefold(): card for card in load_armour(ctx.obj)}
    card = cards.get(armour.strip().casefold())
    if card is None:
        names = ", ".join(c.name for c in cards.values())
        raise DomekitError(f"--armour: no card {armour!r} in armour.csv ({names})")
    held: int | str | None = armour_proficiency if card.slot == "body" else helmet_proficiency
    flag = "--armour-proficiency" if card.slot == "body" else "--helmet-proficiency"
    if held is None:
        raise DomekitError(f"{card.name} is worn on the {card.slot}: give {flag}")
    if card.slot == "head" and held not in HELMET_PROFICIENCIES:
        raise DomekitError(f"{flag}: one of {', '.join(HELMET_PROFICIENCIES)}, got {held!r}")
    allowed, why = may_wear(rules, card.slot, card.protection, card.encumbrance, held)
    result = {"may_wear": allowed, "steps": [card_text(rules, card), why]}
    _emit(result, as_json, "Domppa armour proficiency")


@app.command()
def square(
    ctx: typer.Context,
    sizes: list[int] = typer.Argument(..., help="The sizes of the characters in one square."),
    as_json: bool = JSON,
) -> None:
    """Size: "A square holds characters of total size 3" (a mount's size counts with its
    rider's: `domekit domppa hp --mount NAME`)."""
    from toolkit.games.domppa.rules import fits_in_square

    rules = _rules(ctx)
    if any(size < 0 for size in sizes):
        raise DomekitError("a size is 0 or more")
    fits = fits_in_square(rules, sizes)
    total, capacity = sum(sizes), rules.size.square_capacity
    verdict = "fits" if fits else "does not fit"
    step = f"{' + '.join(map(str, sizes))} = {total}: {verdict} in a square of size {capacity}"
    _emit({"fits": fits, "total": total, "steps": [step]}, as_json, "Domppa square")


@app.command()
def rest(
    ctx: typer.Context,
    hp: int = typer.Option(..., "--hp", help="HP now."),
    max_hp: int = typer.Option(..., "--max-hp", help="Max HP."),
    as_json: bool = JSON,
) -> None:
    """A night's rest: lost HP heal, at most half of max HP."""
    from toolkit.games.domppa.rules import night_rest

    rules = _rules(ctx)
    rules.limits.check("max_hp", max_hp, "--max-hp")
    if not 0 <= hp <= max_hp:
        raise DomekitError(f"--hp must be 0 to --max-hp {max_hp}, got {hp}")
    after = night_rest(rules, hp, max_hp)
    most = max_hp // rules.hit_points.night_rest_fraction_divisor
    step = f"HP {hp} + at most {max_hp} / {rules.hit_points.night_rest_fraction_divisor} = {most}"
    _emit({"hp": after, "steps": [f"{step}, not above {max_hp}: {after}"]}, as_json, "Domppa rest")


@app.command()
def heal(
    ctx: typer.Context,
    level: int = typer.Option(..., "--level", help="The healer's Healer X."),
    hp: int = typer.Option(..., "--hp", help="The patient's HP now (1 or more: in the combat)."),
    max_hp: int = typer.Option(..., "--max-hp", help="The patient's max HP."),
    as_json: bool = JSON,
) -> None:
    """The heal action: the patient regains as many HP as the healer level."""
    from toolkit.games.domppa.abilities import heal_amount

    rules = _rules(ctx)
    rules.limits.check("max_hp", max_hp, "--max-hp")
    if not 1 <= hp <= max_hp:
        raise DomekitError(
            f"--hp must be 1 to --max-hp {max_hp}: a character at 0 HP has left the combat"
        )
    amount = heal_amount(level, hp=hp, max_hp=max_hp)
    step = f"healer level {level}: +{amount} HP (not above {max_hp}): {hp} -> {hp + amount}"
    _emit({"healed": amount, "hp": hp + amount, "steps": [step]}, as_json, "Domppa heal")
