"""The Death Dome kit's sheets: a roster and a page of Vitae meters per team (with the team's and
the units' QR codes), the payout sheet with the round track and the table's QR code, and the
one-page rules reference."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from toolkit.games.deathdome.data import ICON_MEANINGS, UNIT_TYPES, DeathDomeData
from toolkit.games.deathdome.kit.common import MARGIN, TITLE, credits, team_colour, team_letter
from toolkit.pdf.geometry import Rect, pt
from toolkit.pdf.pieces import TrackSpace, draw_track
from toolkit.pdf.qr import draw_qr
from toolkit.pdf.sheets import Section, draw_heading, draw_meter, draw_sections, draw_table
from toolkit.pdf.style import REGULAR, Look, line, text

DARK = (0.15, 0.15, 0.15)


def roster_page(
    c: Canvas,
    page: Rect,
    data: DeathDomeData,
    team: str,
    order: int,
    team_url: str,
    look: Look,
) -> None:
    assert data.rules is not None
    area = page.inset(MARGIN)
    colour = team_colour(data, team)
    qr_size = data.print.qr.size
    head, rest = area.split_top(14)
    draw_heading(c, f"{TITLE}: {team.title()} team roster", head, colour=colour, look=look)
    top, rest = rest.split_top(qr_size + 8)
    draw_qr(c, team_url, top.right - qr_size, top.y + 2, qr_size)
    c.setFillColorRGB(0, 0, 0)
    text(
        c,
        f"Team {team_letter(team)} ({team}): turn order {order}. Scan the code for the team's "
        "page on the table tracker (credits, control points, kills).\nStarting credits: "
        f"{credits(data.rules.campaign.starting_credits)}. Up to "
        f"{data.rules.match.max_items_per_unit} items per unit; weapons only from the unit's own "
        "deck. Items not on a unit when the match starts are sold back at cost.",
        Rect(top.x, top.y + 2, top.w - qr_size - 6, top.h - 4),
        max_size=10,
    )
    header = ["Unit", "Move", "Skill", "Tough.", "Vitae", "Item 1", "Item 2", "Item 3"]
    rows = [
        [unit.name, unit.movement, unit.skill, unit.toughness, unit.vitae, "", "", ""]
        for unit in (data.units[t] for t in UNIT_TYPES)
    ]
    below = draw_table(
        c,
        rest,
        header,
        [[str(v) for v in row] for row in rows],
        [2.0, 0.8, 0.8, 0.8, 0.8, 2.4, 2.4, 2.4],
        row_height=14,
        size=10,
        header_colour=colour,
        look=look,
    )
    ledger = Rect(rest.x, rest.y, rest.w, below - rest.y - 8)
    line(c, "Credits ledger", Rect(ledger.x, ledger.top - 7, ledger.w, 6), max_size=12)
    matches = data.rules.campaign.matches
    ledger_rows = [["Start", "", "", "", credits(data.rules.campaign.starting_credits)]]
    ledger_rows += [[f"Match {n}", "", "", "", ""] for n in range(1, matches + 1)]
    draw_table(
        c,
        Rect(ledger.x, ledger.y, ledger.w, ledger.h - 9),
        ["", "Purchases", "Sales", "Payout", "Credits"],
        ledger_rows,
        [1.2, 2, 2, 2, 2],
        row_height=11,
        size=10,
        header_colour=colour,
        look=look,
    )


def meters_page(
    c: Canvas, page: Rect, data: DeathDomeData, team: str, unit_urls: dict[str, str], look: Look
) -> None:
    area = page.inset(MARGIN)
    colour = team_colour(data, team)
    qr_size = data.print.qr.size
    head, rest = area.split_top(14)
    draw_heading(c, f"{TITLE}: {team.title()} team Vitae meters", head, colour=colour, look=look)
    c.setFillColorRGB(0, 0, 0)
    note, rest = rest.split_top(11)
    text(
        c,
        "Put the unit's meter marker on its Vitae. Each point lost moves it one space right; at 0 "
        "the unit is killed and goes to jail. Scan a unit's code (here or on its standee) to "
        "record it on the table tracker.",
        note,
        max_size=9,
    )
    band = rest.h / len(UNIT_TYPES)
    items = data.rules.match.max_items_per_unit if data.rules else 3
    for index, unit_type in enumerate(UNIT_TYPES):
        unit = data.units[unit_type]
        slot = Rect(rest.x, rest.top - (index + 1) * band, rest.w, band - 3)
        c.setStrokeColorRGB(0.7, 0.7, 0.7)
        c.setDash(2, 2)
        c.line(pt(slot.x), pt(slot.y - 1.5), pt(slot.right), pt(slot.y - 1.5))
        c.setDash()
        draw_qr(c, unit_urls[unit_type], slot.right - qr_size, slot.top - qr_size, qr_size)
        track = draw_meter(
            c,
            Rect(slot.x, slot.y, slot.w, slot.h - qr_size - 1),
            unit.vitae,
            space=data.print.meter.space,
            label=f"{team.title()} {unit.name} · Vitae {unit.vitae}",
            colour=colour,
            zero_label="jail",
            look=look,
        )
        c.setFillColorRGB(0, 0, 0)
        info = Rect(slot.x, track.top + 1, slot.w - qr_size - 4, slot.top - track.top - 1)
        line(
            c,
            f"{team_letter(team)}  {unit.name}: Movement {unit.movement} · Skill {unit.skill} · "
            f"Toughness {unit.toughness} · Vitae {unit.vitae}",
            Rect(info.x, info.top - 6, info.w, 5.5),
            max_size=10,
        )
        c.setStrokeColorRGB(0.5, 0.5, 0.5)
        c.setLineWidth(0.3)
        step = (info.h - 7) / items
        for number in range(items):
            y = info.top - 7 - (number + 1) * step + 1
            c.setFont(REGULAR, 7.5)
            c.drawString(pt(info.x), pt(y + 0.8), f"Item {number + 1}")
            c.line(pt(info.x + 12), pt(y), pt(info.right), pt(y))


def payout_page(
    c: Canvas,
    page: Rect,
    data: DeathDomeData,
    teams: tuple[str, ...],
    table_url: str,
    look: Look,
) -> None:
    assert data.rules is not None
    rules = data.rules
    qr_size = data.print.qr.size
    area = page.inset(MARGIN)
    head, rest = area.split_top(14)
    draw_heading(c, f"{TITLE}: payout sheet and round track", head, colour=DARK, look=look)
    top, rest = rest.split_top(qr_size + 6)
    draw_qr(c, table_url, top.right - qr_size, top.y + 2, qr_size)
    pay = rules.payout
    c.setFillColorRGB(0, 0, 0)
    text(
        c,
        f"After round {rules.match.rounds}: {credits(pay.control_point)} per control point held, "
        f"{credits(pay.tower_centre)} per tower centre held, {credits(pay.kill)} per kill. "
        f"The biggest payout wins the match and rolls a d{pay.fans_die_sides}: every team gets "
        f"{credits(pay.fans_per_pip)} x the roll (fans). Scan the code for the table tracker.",
        Rect(top.x, top.y + 2, top.w - qr_size - 6, top.h - 4),
        max_size=10,
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
    columns = -(-len(spaces) // 2)
    space = min(data.print.pieces.large_marker + 2, rest.w / columns)
    track, rest = rest.split_top(2 * space + 4)
    draw_track(
        c,
        Rect(track.x, track.y, space * columns, 2 * space),
        spaces,
        columns=columns,
        space_height=space,
        value_size=14,
    )
    rows: list[list[str]] = []
    for match in range(1, rules.campaign.matches + 1):
        for team in teams:
            rows.append([f"Match {match}", team.title(), "", "", "", "", "", ""])
    draw_table(
        c,
        Rect(rest.x, rest.y, rest.w, rest.h - 4),
        ["Match", "Team", "CPs", "Tower CPs", "Kills", "Fans", "Payout", "Credits"],
        rows,
        [1.2, 1.1, 0.9, 1.1, 0.9, 0.9, 1.5, 1.6],
        row_height=min(8.5, (rest.h - 4) / (len(rows) + 1)),
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
                "thin walls or lava. Onto the tower only from a bridge.",
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
