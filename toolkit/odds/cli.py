"""What every game's `domekit odds <game> <calculation> ...` commands share.

The commands themselves live in each game's package (`odds_app` of `toolkit/games/<game>/cli.py`,
named by the game's `Game.odds`); `toolkit/cli.py` builds the `domekit odds` group from the
registry. They take the calculators' flags minus the rolls, and print every chance (`p_<name>`)
and distribution (`<name>_distribution`) as a table with bars (`toolkit.odds.render.emit_odds`);
`--json` gives exact fractions beside floats. Heavy imports stay inside the commands.
"""

from __future__ import annotations

import typer

from toolkit.errors import DomekitError

JSON_HELP = "Print JSON: exact fractions and floats."
DATA_HELP = "A folder with your own card data (default: the shipped card_data/<game>)."
# --data and --json as every odds command takes them
ODDS_DATA = typer.Option(None, help=DATA_HELP)
ODDS_JSON = typer.Option(False, "--json", help=JSON_HELP)


def at_least(value: int, flag: str, least: int = 0) -> int:
    """`value` if it is `least` or more; else a DomekitError naming the flag."""
    if value < least:
        raise DomekitError(f"{flag} must be {least} or more, got {value}")
    return value
