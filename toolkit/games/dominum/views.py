"""What each Dominum tracker page shows, from the typed match (templates/dominum/).

Each page's context is also its JSON twin (`/table.json`, `/player/red.json`), so it holds plain
JSON values only: spaces as `row,column`, power cards as `3` or `critical`.
"""

from __future__ import annotations

from typing import Any

from toolkit.data.effects import Vocabulary
from toolkit.errors import DomekitError
from toolkit.games.dominum import abilities
from toolkit.games.dominum.actions.phases import Deploy, Place
from toolkit.games.dominum.board import PLAYERS, Player, Space, opponent, space_name
from toolkit.games.dominum.config import DominumRules
from toolkit.games.dominum.effects import text as effects_text
from toolkit.games.dominum.light import LightState, resolve
from toolkit.games.dominum.match import LIGHT, DominumMatch
from toolkit.games.dominum.phases import assault_counts, deploy
from toolkit.games.dominum.power import CRITICAL, card_json, card_order, card_text
from toolkit.games.dominum.rules import initial_scores
from toolkit.games.dominum.state import MatchState, Side, Unit
from toolkit.games.dominum.triggers import stronghold_limit
from toolkit.games.dominum.turns import deployment_turn, place, whose_turn
from toolkit.tracker.contract import Json, Page, PageNotFound, View


def table_page(match: DominumMatch) -> Page:
    return Page(f"Dominum · match {match.number}", table_view(match))


def player_page(match: DominumMatch, player: str) -> Page:
    found = next((p for p in PLAYERS if p == player), None)
    if found is None:
        raise PageNotFound(f"this match has no player page {player}")
    return Page(f"{found.title()} player", player_view(match, found))


def screen_page(match: DominumMatch) -> Page:
    """The big screen (/k/<kit>/screen): the board, both players' VP, charge, decks, the round
    and whose phase it is (templates/dominum/screen.html)."""
    return Page(f"Dominum · match {match.number}", table_view(match))


PAGES: dict[str, View[DominumMatch]] = {
    "table": View(table_page),
    "player": View(player_page, "player"),
    "screen": View(screen_page),
}
"""The pages a kit prints and the tracker serves: /table, /player/<player> (a player's mat: red
or gold) and the big screen (templates/dominum/<name>.html)."""


def table_view(match: DominumMatch) -> Json:
    data = match.data
    view: Json = {
        "match_number": match.number,
        "began": match.setup is not None,
        "domains": dict(match.domains),
        "domain_choices": list(data.domains),
        "forces": {p: list(match.forces[p]) for p in match.forces},
        "players": list(PLAYERS),
        "last": None if match.last is None else match.last.to_json(),
        "power_cards": [str(v) for v in sorted(set(data.rules.power_deck.values))] + [CRITICAL],
    }
    if match.mode == LIGHT:  # said only when light: a full match's view is as it was
        view["light"] = True
    if match.light is not None:
        view.update(light_view(match.light, data.vocabulary))
        return view
    if match.state is None:
        view["reset_to_reserve"] = data.rules.power_deck.reset_to_reserve
        return view
    state = match.state
    vocabulary = data.vocabulary
    rnd = state.round
    phase = state.phase
    view.update(
        {
            "stage": state.stage,
            "result": state.result,
            "first_player": state.first_player,
            "round": rnd.number,
            "to_act": rnd.to_act,
            "starter": rnd.starter,
            "initiative": rnd.initiative,
            "linked": rnd.linked,
            "phase": {"player": phase.player, "name": phase.name} if phase else None,
            "phase_done": sorted(space_name(s) for s in phase.done) if phase else [],
            "pending": _pending_view(state),
            "board": _board_rows(state, vocabulary),
            "sides": {p: _side_view(state, p, vocabulary) for p in PLAYERS},
            "units": [_unit_view(s, u, vocabulary) for s, u in sorted(state.units.items())],
            "phases": list(state.rules.rounds.phases),
            "spaces": [space_name(s) for s in sorted(state.board.spaces)],
            "deployment_turn": deployment_turn(state) if state.stage == "deployment" else None,
        }
    )
    if state.stage == "deployment":
        view["place_spaces"] = _legal_spaces(state, deployment_turn(state), "place")
    return view


def light_view(state: LightState, vocabulary: Vocabulary) -> Json:
    """A light match: what the phone keeps of each player, their forces by name (the cards an
    attack names), the round, an attack waiting for its answer, a counterattack allowed."""
    strike = state.strike
    counter = state.counter
    view: Json = {
        "stage": "over" if state.over else "rounds",
        "result": state.result,
        "round": state.round,
        "first_player": state.first_player,
        "sides": {p: _light_side(state, p, vocabulary) for p in PLAYERS},
        "assault_scores": list(initial_scores(state.rules)),
        "strike": None,
        "counter": None,
    }
    if strike is not None:
        attacker, target = strike.action.attacker, strike.action.target
        _fight, told = resolve(state, strike, None)
        view["strike"] = {
            "player": strike.action.player,
            "defender": opponent(strike.action.player),
            "attacker": attacker,
            "target": target,
            "power": card_json(strike.power),
            "total": told.attack_total,
            "defense": told.defense_total,
        }
    if counter is not None:
        view["counter"] = {"player": counter.player, "attacker": counter.attacker,
                           "target": counter.target}  # fmt: skip
    return view


def _light_side(state: LightState, player: Player, vocabulary: Vocabulary) -> Json:
    side = state.sides[player]
    forces: dict[str, Json] = {}
    for card in side.hand:  # each card once by name, with how many of it the player brought
        found = forces.setdefault(card.name, {"name": card.name, "kind": card.kind,
                                              "strength": card.strength,
                                              "defense": card.defense, "count": 0})  # fmt: skip
        found["count"] += 1
    return {
        **_kept_view(side, player, state.rules),
        "forces": list(forces.values()),
        "stronghold": {
            "name": side.stronghold.name,
            "text": effects_text(vocabulary, side.stronghold.abilities),
        },
    }


def player_view(match: DominumMatch, player: Player) -> Json:
    view = table_view(match)
    view["me"] = player
    view["them"] = them = opponent(player)
    if view["began"] and match.light is not None:
        view["mine"] = view["sides"][player]
        view["theirs"] = view["sides"][them]
        return view
    if view["began"]:
        view["mine"] = view["sides"][player]
        view["theirs"] = view["sides"][them]
        view["my_units"] = [u for u in view["units"] if u["owner"] == player]
        view["their_units"] = [u for u in view["units"] if u["owner"] != player]
        phase = view["phase"]
        view["my_phase"] = phase["name"] if phase and phase["player"] == player else None
        state = match.state
        if state is not None:
            view["place_spaces"] = _legal_spaces(state, player, "place")
            view["deploy_spaces"] = _legal_spaces(state, player, "deploy")
            view["empty_spaces"] = [
                space_name(s) for s in sorted(state.board.spaces) if s not in state.units
            ]
            view["my_abilities"] = _usable_view(state, player, match.data.vocabulary)
            view["my_alt_attackers"] = _alt_attackers(state, player)
        view["my_turn"] = (  # choosing a Phase token
            state is not None
            and state.stage == "rounds"
            and state.phase is None
            and whose_turn(state) == player
        )
    if view.get("my_turn") and state is not None:
        # The Assault Phase token: offered only with a card in the opponent's Assault Zone.
        in_zone = assault_counts(state, player)[0]
        view["can_assault"] = in_zone >= state.rules.assault.min_cards_in_zone
    return view


def _legal_spaces(state: MatchState, player: Player, kind: str) -> list[str]:
    """The spaces where the player's first card in hand may be placed (initial deployment) or
    deployed (Deploy Phase) now: those the engine accepts (the board drawn with them as buttons)."""
    hand = state.sides[player].hand
    if not hand:
        return []
    step = place if kind == "place" else deploy
    kind_of = Place if kind == "place" else Deploy
    found = []
    for space in sorted(state.board.spaces):
        if space in state.units:
            continue
        try:
            step(state, kind_of(player=player, card=hand[0].name, space=space))  # type: ignore[arg-type]
        except DomekitError:
            continue
        found.append(space_name(space))
    return found


def battlefield_rows(match: DominumMatch) -> list[list[Any]]:
    """The battlefield as a CSV download: one row a card."""
    rows: list[list[Any]] = [["space", "owner", "card", "strength", "wounds", "weakened"]]
    if match.state is None:
        return rows
    for space, unit in sorted(match.state.units.items()):
        rows.append([space_name(space), unit.owner, unit.card.name, unit.card.strength,
                     unit.wounds, "yes" if unit.weakened else ""])  # fmt: skip
    return rows


def _optional(space: Space | None) -> str | None:
    return space_name(space) if space else None


def _pending_view(state: MatchState) -> Json:
    pending = state.pending

    def owner(space: Space | None) -> Player | None:
        unit = state.units.get(space) if space else None
        return unit.owner if unit else None

    view: Json = {
        "counter_from": _optional(pending.counter_from),
        "counter_to": _optional(pending.counter_to),
        "counter_player": owner(pending.counter_from),
        "submerge": pending.submerge,
        "advance_from": _optional(pending.advance_from),
        "advance_to": _optional(pending.advance_to),
        "advance_player": owner(pending.advance_from),
    }
    if state.card_effects:  # what the cards' abilities leave to follow at once
        entered = owner(pending.entered)
        view |= {
            "strike_from": _optional(pending.strike_from),
            "strike_player": owner(pending.strike_from),
            "strike_lunge": pending.strike_lunge,
            "entered": _optional(pending.entered),
            "entered_player": None if entered is None else opponent(entered),
            "discard_player": pending.discard_by,
            "discard_from": [space_name(s) for s in pending.discard_from],
        }
    return view


def _alt_attackers(state: MatchState, player: Player) -> list[Json]:
    """The player's cards whose Alt Attack is in the phase running now (and still unused)."""
    phase = state.phase
    if not state.card_effects or phase is None or phase.player != player:
        return []
    return [
        {"space": space_name(space), "name": unit.card.name}
        for space, unit in sorted(state.units.items())
        if unit.owner == player
        and space not in phase.alt_done
        and any(a.keyword == "Alt Attack" and a.phase == phase.name for a in unit.card.abilities)
    ]


def _usable_view(state: MatchState, player: Player, vocabulary: Vocabulary) -> list[Json]:
    """The abilities the player may use now, each with what its form needs to name: the cards
    it may act on (`targets`; None: it names none), and whether it moves one (`moves`)."""
    found = []
    for usable in abilities.usable(state, player):
        ability, source = usable.ability, usable.source
        names_card = ability.target is not None or any(
            cost.word.startswith("sacrifice") for cost in ability.costs
        )
        targets = [
            {"space": space_name(space), "name": unit.card.name}
            for space, unit in sorted(state.units.items())
            if abilities.target_refusal(state, player, source, ability, space) is None
        ]
        found.append(
            {
                "source": "stronghold" if source is None else space_name(source),
                "name": usable.name,
                "text": effects_text(vocabulary, (ability,)),
                "why": usable.why,
                "targets": targets if names_card else None,
                "moves": abilities.moves(ability),
            }
        )
    return found


def _board_rows(state: MatchState, vocabulary: Vocabulary) -> list[list[Json]]:
    board = state.board
    rows = []
    for row in range(0, board.rows + 2):
        cells: list[Json] = []
        for column in range(1, board.rules.columns + 1):
            space = (row, column)
            is_stronghold = space in board.strongholds
            if space not in board.spaces and not is_stronghold:
                cells.append({"blank": True})
                continue
            unit = state.units.get(space)
            owner = board.owner_of(space) if space in board.spaces else None
            zone = ""
            for player in PLAYERS:
                if space in board.fortified(player):
                    zone = "fortified"
                elif space in board.assault_zone(player) and not zone:
                    zone = "zone"
            cells.append(
                {
                    "blank": False,
                    "space": space_name(space),
                    "stronghold": is_stronghold,
                    "stronghold_of": "red" if row == 0 else "gold" if is_stronghold else "",
                    "domain": owner or "neutral",
                    "zone": zone,
                    "unit": _unit_view(space, unit, vocabulary) if unit else None,
                }
            )
        rows.append(cells)
    return rows


def _unit_view(space: Space, unit: Unit, vocabulary: Vocabulary) -> Json:
    card = unit.card
    return {
        "space": space_name(space),
        "name": card.name,
        "short": "".join(w[0] for w in card.name.replace(",", "").split()[:3]).upper(),
        "owner": unit.owner,
        "kind": card.kind,
        "strength": card.strength,
        "defense": card.defense,
        "wounds": unit.wounds,
        "weakened": unit.weakened,
        "radial": card.radial,
        "flying": card.flying,
        "keywords": sorted(k.value for k in card.keywords),
        "text": effects_text(vocabulary, card.abilities),
    }


def _kept_view(side: Side, player: Player, rules: DominumRules) -> Json:
    """What the phone keeps of a player in either mode: VP, Charge, the Surge token and the
    Power Deck (what is face down, the reserve board, the used pile, the cycles)."""
    power = side.power
    return {
        "player": player,
        "vp": side.vp,
        "winning_vp": rules.end.winning_vp,
        "charge": side.charge,
        "charge_limit": rules.stronghold.charge_limit,
        "surge": side.surge,
        "deck_left": len(power.deck),
        "deck_cards": [card_json(c) for c in sorted(set(power.deck), key=card_order)],
        "reserve": [card_json(c) for c in power.reserve],
        "reserve_limit": rules.power_deck.reserve_limit,
        "used": [card_text(c) for c in power.used],
        "deck_size": power.size,
        "counters_left": list(power.counters_left),
        "cycles_done": power.cycles_done,
        "cycles_to_end": rules.end.cycles_to_end,
        "next_draw_cycles": power.next_draw_cycles,
    }


def _side_view(state: MatchState, player: Player, vocabulary: Vocabulary) -> Json:
    side = state.sides[player]
    rules = state.rules
    rnd = state.round
    return {
        **_kept_view(side, player, rules),
        "hand": [{"name": c.name, "kind": c.kind, "strength": c.strength} for c in side.hand],
        "discard": [c.name for c in side.discard],
        "phases_used": list(rnd.used[player]),
        "activations": rules.rounds.activations_per_player,
        "links_used": rnd.links[player],
        "initiative": rnd.initiative == player,
        "on_battlefield": state.on_battlefield(player),
        "battlefield_limit": rules.battlefield.limit,
        "stronghold": {
            "name": side.stronghold.name,
            "text": effects_text(vocabulary, side.stronghold.abilities),
            "used": state.stronghold_used.get(player, 0),
            "limit": stronghold_limit(state, player),
        },
    }
