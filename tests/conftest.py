"""Shared test helpers: the CLI run in-process, exactly as a user's shell would see it."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest
from typer.testing import CliRunner

from toolkit.cli import app


@dataclass
class CliResult:
    exit_code: int
    stdout: str
    stderr: str

    def json(self) -> Any:
        return json.loads(self.stdout)


def run_cli(*args: str) -> CliResult:
    """Run `domekit ARGS...` in-process; stdout and stderr are kept apart."""
    result = CliRunner().invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return CliResult(result.exit_code, result.stdout, result.stderr)


@pytest.fixture
def cli():
    return run_cli
