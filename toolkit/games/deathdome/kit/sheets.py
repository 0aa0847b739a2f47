"""The Death Dome kit's paper sheets: a sheet per team (its roster, its units' Vitae meters, the
team's and the units' QR codes), the campaign sheet (the round track, every match's payout and
every team's credits, the table's QR code) and the one-page rules reference."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from toolkit.errors import DomekitError
from toolkit.games.deathdome.data import ICON_MEANINGS, UNIT_TYPES, DeathDomeData, UnitType
from toolkit.games.deathdome.kit.common import MARGIN, TITLE, credits, team_colour, team_letter
from toolkit.pdf.geometry import Rect, pt, text_colour_on
from toolkit.pdf.pieces import TRACK_GAP, TrackSpace, draw_track, space_for, track_size
from toolkit.pdf.qr import QR_SIZE, draw_qr
from toolkit.pdf.sheets import Section, draw_heading, draw_sections, draw_table
from toolkit.pdf.style import INK, REGULAR, Look, line, text

DARK = (0.15, 0.15, 0.15)


# ---------------------------------------------------------------------------------------------
# A team's sheet: its roster and its units' Vitae meters


def vitae_bonus(data: DeathDomeData) -> tuple[int, str]:
    """The most Vitae sets can add to a unit, and the sets' names ("Hoblerone's Set")."""
    sets = [s for s in data.sets if s.stat == "vitae"]
    return sum(s.bonus for s in sets), " or ".join(s.name for s in sets)


def vitae_spaces(data: DeathDomeData, unit: UnitType) -> list[TrackSpace]:
    """A unit's Vitae meter: a space for every point up to its start plus what a set can add,
    the start marked, then the jail (0)."""
    bonus, _ = vitae_bonus(data)
    spaces = []
    for value in range(unit.vitae + bonus, 0, -1):
        if value > unit.vitae:
            spaces.append(TrackSpace(str(value), "with set", SET_FILL))
        elif value == unit.vitae:
            spaces.append(TrackSpace(str(value), "start", START_FILL))
        else:
            spaces.append(TrackSpace(str(value)))
    spaces.append(TrackSpace("0", "jail", JAIL_FILL))
    return spaces


SET_FILL = (0.93, 0.93, 0.93)
START_FILL = (1.0, 1.0, 1.0)
JAIL_FILL = (0.8, 0.8, 0.8)
UNIT_ROW = QR_SIZE  # mm: a unit's name, stats and item lines beside its QR code
METER_LABEL = 5.0


def _meter_cell(data: DeathDomeData) -> tuple[float, float]:
    """A Vitae meter space: the meter marker's size and a millimetre more."""
    side = space_for(data.print.pieces.marker)
    if data.print.meter.space < side:
        raise DomekitError(
            f"print.toml: meter.space {data.print.meter.space:g} mm is smaller than the "
            f"{data.print.pieces.marker:g} mm meter marker needs ({side:g} mm)"
        )
    return (data.print.meter.space, data.print.meter.space)


def unit_height(data: DeathDomeData, unit: UnitType, width: float) -> float:
    """How tall a unit's part of its team sheet is on a sheet `width` mm wide."""
    cell = _meter_cell(data)
    spaces = len(vitae_spaces(data, unit))
    columns = int((width + TRACK_GAP) // (cell[0] + TRACK_GAP))
    return UNIT_ROW + 1.5 + METER_LABEL + track_size(spaces, columns, cell)[1] + 4


def team_page(
    c: Canvas,
    page: Rect,
    data: DeathDomeData,
    team: str,
    order: int,
    urls: tuple[str, dict[str, str]],
    look: Look,
) -> None:
    """A team's sheet: the team's QR code and rules for equipping, then each unit with its QR
    code, stats, item lines and its Vitae meter (start, room for a set's bonus, jail)."""
    assert data.rules is not None
    team_url, unit_urls = urls
    area = page.inset(MARGIN)
    colour = team_colour(data, team)
    head, rest = area.split_top(12)
    draw_heading(c, f"{TITLE}: {team.title()} team", head, colour=colour, look=look)
    top, rest = rest.split_top(QR_SIZE + 3)
    draw_qr(c, team_url, top.right - QR_SIZE, top.y + 1.5, QR_SIZE)
    bonus, sets = vitae_bonus(data)
    c.setFillColorRGB(*INK)
    text(
        c,
        f"Team {team_letter(team)} ({team}): turn order {order}. Scan the code for the team's "
        "page on the table tracker (credits, control points, kills). Up to "
        f"{data.rules.match.max_items_per_unit} items per unit (pencil them in); weapons only "
        "from the unit's own deck; items not on a unit when the match starts are sold back at "
        "cost. Vitae meter: the unit's meter marker starts on its Vitae"
        + (f" (+{bonus} with {sets})" if bonus else "")
        + "; each point lost moves it one space right; at 0 the unit goes to jail.",
        Rect(top.x, top.y + 1.5, top.w - QR_SIZE - 4, top.h - 2),
        max_size=9,
    )
    needed = sum(unit_height(data, data.units[t], area.w) for t in UNIT_TYPES)
    if needed > rest.h + 1e-6:
        raise DomekitError(
            f"units.csv: the {len(UNIT_TYPES)} Vitae meters need {needed:.0f} mm, a team sheet "
            f"has {rest.h:.0f} mm: lower the units' Vitae or print.toml meter.space"
        )
    y = rest.top - 1
    items = data.rules.match.max_items_per_unit
    for unit_type in UNIT_TYPES:
        unit = data.units[unit_type]
        height = unit_height(data, unit, area.w)
        block = Rect(area.x, y - height, area.w, height)
        _unit_part(c, block, data, team, unit, unit_urls[unit_type], items, look)
        y -= height


def _unit_part(
    c: Canvas,
    block: Rect,
    data: DeathDomeData,
    team: str,
    unit: UnitType,
    url: str,
    items: int,
    look: Look,
) -> None:
    colour = team_colour(data, team)
    row, rest = block.split_top(UNIT_ROW)
    draw_qr(c, url, row.right - QR_SIZE, row.top - QR_SIZE, QR_SIZE)
    info = Rect(row.x, row.y, row.w - QR_SIZE - 4, row.h)
    name, lines = info.split_top(6)
    c.setFillColorRGB(*INK)
    line(
        c,
        f"{team_letter(team)}  {unit.name}: Movement {unit.movement} · Skill {unit.skill} · "
        f"Toughness {unit.toughness} · Vitae {unit.vitae}",
        name,
        max_size=10.5,
    )
    c.setStrokeColorRGB(0.5, 0.5, 0.5)
    c.setLineWidth(0.3)
    step = lines.h / items
    for number in range(items):
        y = lines.top - (number + 1) * step + 1
        line(c, f"Item {number + 1}", Rect(lines.x, y, 12, step - 1.4), font=REGULAR,
             max_size=8)  # fmt: skip
        c.line(pt(lines.x + 13), pt(y), pt(lines.right), pt(y))
    _, rest = rest.split_top(1.5)
    label, rest = rest.split_top(METER_LABEL)
    band = look.band(colour)
    c.setFillColorRGB(*band)
    c.rect(pt(label.x), pt(label.y), pt(label.w), pt(label.h), stroke=0, fill=1)
    c.setFillColorRGB(*(text_colour_on(band) if look.full else (0, 0, 0)))
    line(c, f"{team.title()} {unit.name} · Vitae {unit.vitae}", label.inset(1.5, 0.6),
         max_size=9)  # fmt: skip
    cell = _meter_cell(data)
    columns = int((block.w + TRACK_GAP) // (cell[0] + TRACK_GAP))
    _, below = rest.split_top(0.8)
    draw_track(c, below, vitae_spaces(data, unit), columns=columns, cell=cell, value_size=14)


# ---------------------------------------------------------------------------------------------
# The campaign sheet: the round track, every match's payout and every team's credits


def campaign_page(
    c: Canvas,
    page: Rect,
    data: DeathDomeData,
    teams: tuple[str, ...],
    table_url: str,
    look: Look,
) -> None:
    assert data.rules is not None
    rules = data.rules
    area = page.inset(MARGIN)
    head, rest = area.split_top(12)
    draw_heading(c, f"{TITLE}: round track, payouts and credits", head, colour=DARK, look=look)
    top, rest = rest.split_top(QR_SIZE + 3)
    draw_qr(c, table_url, top.right - QR_SIZE, top.y + 1.5, QR_SIZE)
    pay = rules.payout
    c.setFillColorRGB(*INK)
    text(
        c,
        f"Every team starts with {credits(rules.campaign.starting_credits)}. After round "
        f"{rules.match.rounds}: {credits(pay.control_point)} per control point held, "
        f"{credits(pay.tower_centre)} per tower centre held, {credits(pay.kill)} per kill. The "
        f"biggest payout wins the match and rolls a d{pay.fans_die_sides}: every team gets "
        f"{credits(pay.fans_per_pip)} x the roll (fans). Most credits after "
        f"{rules.campaign.matches} matches wins. Scan the code for the table tracker.",
        Rect(top.x, top.y + 1.5, top.w - QR_SIZE - 4, top.h - 2),
        max_size=9.5,
    )
    label, rest = rest.split_top(7)
    line(
        c,
        "Round track: the round marker moves up one at the start of red's turn",
        Rect(label.x, label.y + 1, label.w, 5),
        max_size=10,
    )
    spaces = [TrackSpace("Start", "set up")]
    spaces += [TrackSpace(str(n), "round") for n in range(1, rules.match.rounds + 1)]
    spaces.append(TrackSpace("Payout", f"after {rules.match.rounds}"))
    side = space_for(data.print.pieces.large_marker)
    columns = int((area.w + TRACK_GAP) // (side + TRACK_GAP))
    columns = -(-len(spaces) // -(-len(spaces) // columns))  # rows as even as they can be
    _, height = track_size(len(spaces), columns, (side, side))
    track, rest = rest.split_top(height + 4)
    draw_track(c, track, spaces, columns=columns, cell=(side, side), value_size=14)
    rows: list[list[str]] = []
    for match in range(1, rules.campaign.matches + 1):
        for team in teams:
            rows.append([str(match), team.title(), "", "", "", "", "", "", "", ""])
    draw_table(
        c,
        rest,
        [
            "Match",
            "Team",
            "Purchases",
            "Sales",
            "CPs",
            "Towers",
            "Kills",
            "Fans",
            "Payout",
            "Credits",
        ],  # fmt: skip
        rows,
        [0.75, 0.95, 1.35, 1.35, 0.7, 0.85, 0.7, 0.7, 1.5, 1.6],
        row_height=min(9.0, rest.h / (len(rows) + 1)),
        size=9,
        look=look,
    )


def rules_sections(data: DeathDomeData) -> list[Section]:
    assert data.rules is not None
    r = data.rules
    m, cb, pay = r.match, r.combat, r.payout
    colours = ", ".join(r.teams.colours)
    return [
        Section(
            "Campaign and turn order",
            (
                f"- {r.teams.min} to {r.teams.max} teams ({colours}); each starts with "
                f"{credits(r.campaign.starting_credits)}. Most credits after "
                f"{r.campaign.matches} matches wins.",
                "- Each team draws a colour marker at random (face down): its colour.",
                "- Before a match: buy items, one per purchasing turn; red first, then clockwise.",
                f"- A match has {m.rounds} rounds; red plays first, then clockwise. Move the round "
                "marker at the start of red's turn.",
                f"- On your turn draw {m.base_draw} Special Play cards + 1 for every "
                f"{m.control_points_per_extra_card} control points you control.",
                f"- Then {m.unit_phases_per_turn} unit phases: two units or one unit twice. A unit "
                "phase = a movement phase and an action phase, in either order, never split.",
            ),
        ),
        Section(
            "Moving",
            (
                "- Up to Movement squares; diagonals count 1. Through teammates, never enemies, "
                "thin walls or lava, never into an enemy base. Onto the tower only from a bridge.",
                "- Actions: capture a control point (lay your marker on it), activate a jail "
                "release point, attack, use an item or card that needs an action.",
            ),
        ),
        Section(
            "Line of sight",
            (
                "- Traced centre to centre; walls and the tower block it. Bridges are ground "
                "level.",
                "- From the tower you see over short walls next to you; from the floor you see "
                "only the tower edge facing you and never the centre square.",
            ),
        ),
        Section(
            "Combat",
            (
                f"- Range: ranged {cb.ranged_range}, close combat {cb.close_combat_range} "
                "(adjacent), unless the card says otherwise.",
                "- Attack stack = Special Play power cards played + weapon S + unit Skill + "
                "any +S.",
                "- Defence stack = power cards played + every armour T + unit Toughness + any +T.",
                "- Damage = attack - defence, when positive, off Vitae. 1 or more lost = wounded; "
                "Vitae 0 = killed.",
                f"- Push back: a wounded target, and {cb.push_back_of_a_kind} played cards of one "
                "value (2 on 'push back on 2 of a kind' weapons): "
                f"{cb.push_back_distance} square straight away. Wall or unit behind: no push; "
                "lava: killed.",
                "- Splash: the target and every adjacent enemy face the same attack stack; the "
                "defender picks the order.",
                "- Incapacitate: a wounded unit lies on its side (lay its standee down, or put an "
                "incapacitated marker by it) and skips its team's next turn.",
                "- Ignore line of sight: walls and the tower do not stop the attack.",
            ),
        ),
        Section(
            "Death and jail",
            (
                "- The killer's player picks the jail and scores the kill point, even with "
                "another team's unit. Special Play cards not played on a unit score no kill.",
                "- A jail release point (an action) frees every unit in the jail it names to "
                "their bases; they may take a unit phase at once if you have one left.",
                "- Nothing is done on or from jails or bases; in its base a unit cannot be harmed "
                f"and may use an action to heal {cb.base_heal} Vitae.",
            ),
        ),
        Section(
            "Payout",
            (
                f"- After round {m.rounds}: {credits(pay.control_point)} per control point, "
                f"{credits(pay.tower_centre)} per tower centre, {credits(pay.kill)} per kill.",
                f"- The match winner rolls a d{pay.fans_die_sides}: every team gets "
                f"{credits(pay.fans_per_pip)} x the roll. Tie: earliest in turn order rolls.",
            ),
        ),
        Section(
            "Items and sets",
            (
                f"- Up to {m.max_items_per_unit} items per unit; weapons only from the unit's own "
                "deck. No trading during a match; money may change hands any time.",
                *[
                    f"- {s.name}: +{s.bonus} {s.stat} to the unit carrying "
                    f"{data.items[s.bonus_item].name} while the team owns all 3."
                    for s in data.sets
                ],
            ),
        ),
        Section(
            "Card abilities",
            (
                "- M Movement, S Skill, T Toughness, V Vitae.",
                "- S1..S4: weapons, added to each attack stack; T1..T4: armour, added to each "
                "defence stack.",
                "- +S, +M, +T: that stat up for the rest of your turn or one phase. +V heals; -V "
                "is direct unblockable damage.",
            ),
        ),
        Section(
            "Special Play icons",
            tuple(f"- [{icon}] {meaning}" for icon, meaning in ICON_MEANINGS.items()),
        ),
    ]


def rules_page(c: Canvas, page: Rect, data: DeathDomeData, look: Look) -> None:
    area = page.inset(MARGIN)
    head, rest = area.split_top(14)
    draw_heading(c, f"{TITLE}: rules reference", head, colour=DARK, look=look)
    c.setFillColorRGB(0, 0, 0)
    draw_sections(c, rules_sections(data), Rect(rest.x, rest.y, rest.w, rest.h - 3), columns=2)
