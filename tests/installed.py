"""Domekit as users install it, shared by the tests that run it so (test_packaging, test_docs):
the wheel built from a clean copy of this tree, installed with its runtime dependencies into a
fresh venv (not editable, nothing from this checkout), once a session; `user` runs `domekit` from
it with HOME a temporary folder. conftest.py makes these fixtures every test's."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
IGNORED = shutil.ignore_patterns(
    ".git", ".venv*", ".benchvenv*", "output", "build", "dist", "*.egg-info", "__pycache__",
    ".pytest_cache", ".ruff_cache", ".hypothesis", "*.pyc",
)  # fmt: skip


def run(command: list[str], **options) -> subprocess.CompletedProcess:
    done = subprocess.run(command, capture_output=True, text=True, check=False, **options)
    assert done.returncode == 0, f"{command}: {done.stderr}"
    return done


@pytest.fixture(scope="session")
def source(tmp_path_factory) -> Path:
    """A clean copy of the tree (building writes build/ into the tree it builds)."""
    copy = tmp_path_factory.mktemp("source") / "domekit"
    shutil.copytree(ROOT, copy, ignore=IGNORED)
    return copy


@pytest.fixture(scope="session")
def wheel(source, tmp_path_factory) -> Path:
    dist = tmp_path_factory.mktemp("wheel")
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", str(source), "-w", str(dist)])
    [built] = dist.glob("domekit-*.whl")
    return built


@pytest.fixture(scope="session")
def venv(wheel, tmp_path_factory) -> Path:
    """A fresh venv holding the wheel and its runtime dependencies, nothing else."""
    folder = tmp_path_factory.mktemp("venv") / "v"
    start = time.perf_counter()
    run([sys.executable, "-m", "venv", str(folder)])
    python = folder / "bin" / "python"
    run([str(python), "-m", "pip", "install", "-q", str(wheel)])
    print(f"fresh venv with the wheel in {time.perf_counter() - start:.1f} s")
    return folder


@pytest.fixture
def user(venv, tmp_path):
    """Run `domekit ...` as a user would: the venv on PATH, HOME a temporary folder, no
    DOMEKIT_* or XDG_* settings, from a working folder that is neither this tree nor HOME."""
    home = tmp_path / "home"
    home.mkdir()
    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("DOMEKIT_", "XDG_", "PYTHON", "VIRTUAL_ENV"))
    }
    env.update(HOME=str(home), PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}")

    def domekit(*args: str, cwd: Path, check: bool = True) -> subprocess.CompletedProcess:
        cwd.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(
            [str(venv / "bin" / "domekit"), *args],
            capture_output=True, text=True, env=env, cwd=cwd, timeout=180, check=False,
        )  # fmt: skip
        if check:
            assert done.returncode == 0, f"domekit {' '.join(args)}: {done.stderr}"
        return done

    domekit.home = home  # type: ignore[attr-defined]
    domekit.venv = venv  # type: ignore[attr-defined]
    domekit.env = env  # type: ignore[attr-defined]
    return domekit
