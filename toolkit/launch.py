"""The `domekit` entry point (console script and `python -m toolkit`).

`domekit cards` and `domekit calibrate` are start-up bound (a 150-card deck draws in about 0.1 s),
so they run straight from their argparse parsers in toolkit/cards.py without importing typer,
rich and every game's CLI; everything else goes to the typer app in toolkit/cli.py, which runs
those two commands through the same parsers.
"""

from __future__ import annotations

import os
import sys

FAST_COMMANDS = ("cards", "calibrate")


def main() -> None:
    if sys.argv[1:2] and sys.argv[1] in FAST_COMMANDS:
        from toolkit.cards import fast_main

        raise SystemExit(fast_main(sys.argv[1:]))
    # Plain help and usage errors: typer's rich formatting costs about 0.4 s on every start.
    # Set TYPER_USE_RICH=1 to have it back.
    os.environ.setdefault("TYPER_USE_RICH", "0")
    from toolkit.cli import main as cli_main

    cli_main()
