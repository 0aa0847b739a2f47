"""Death Dome's money as pure functions: purchases and sales, transfers between teams, the match
payout and the campaign's standing.

rules/deathdome.txt, "Make purchases", "Notes" and "Payout Winnings": "Each team receives
1,000,000cr (credits) to start for equipment purchases." "Any money transaction between players
can happen at any time". "$100,000 for controlling any normal control points; $500,000 for
controlling the towers' middle control points; $100,000 per kill." Every number comes from
`RulesConfig` (card_data/deathdome/rules.toml); every outcome carries `steps`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from toolkit.errors import DomekitError, RuleError
from toolkit.games.deathdome.config import RulesConfig
from toolkit.games.deathdome.rules import check_not_negative, check_teams


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
    check_not_negative("price", price)
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
        check_not_negative("price", price)
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
    check_not_negative("amount", amount)
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
            check_not_negative(f"{label} for {team}", count)
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
