"""Shared test helpers: the CLI run in-process, exactly as a user's shell would see it."""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from toolkit.cli import app
from toolkit.games import EXTRA_GAMES

# No test writes to the user's real data folder (~/.local/share/domekit): Domekit's home, where
# kits, decks and the default database go, is a fresh temporary folder for the whole run, and
# the processes the tests start inherit it.
TEST_HOME = tempfile.mkdtemp(prefix="domekit-test-home-")
os.environ["DOMEKIT_HOME"] = TEST_HOME
os.environ.pop("DOMEKIT_DB", None)

# The fixture game, the duel (tests/fixture_game/duel/), joins the registry after the shipped
# games, here and in every process the tests start (`domekit`, `uvicorn`): it is named in
# DOMEKIT_EXTRA_GAMES, which the registry reads when it first lists the games, and its folder is
# on the path. So every test that walks the registry runs for a game nobody wrote it for.
FIXTURE_GAMES = str(Path(__file__).resolve().parent / "fixture_game")
sys.path.insert(0, FIXTURE_GAMES)
os.environ["PYTHONPATH"] = os.pathsep.join(
    filter(None, [FIXTURE_GAMES, os.environ.get("PYTHONPATH", "")])
)
os.environ[EXTRA_GAMES] = "duel:GAME"


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(TEST_HOME, ignore_errors=True)


@dataclass
class CliResult:
    exit_code: int
    stdout: str
    stderr: str

    def json(self) -> Any:
        return json.loads(self.stdout)

    def assert_refused(self, needle: str) -> None:
        """Refused as bad input: exit code 2, one `error: ` line naming `needle`, no traceback."""
        assert self.exit_code == 2, (self.exit_code, self.stdout, self.stderr)
        assert self.stderr.startswith("error: ") and needle in self.stderr, self.stderr
        assert "Traceback" not in self.stderr


def run_cli(*args: str) -> CliResult:
    """Run `domekit ARGS...` in-process; stdout and stderr are kept apart."""
    result = CliRunner().invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return CliResult(result.exit_code, result.stdout, result.stderr)


@pytest.fixture
def cli():
    return run_cli


# The wheel in a fresh venv, built once a session for every test that runs Domekit installed.
from tests.installed import source, user, venv, wheel  # noqa: E402, F401
