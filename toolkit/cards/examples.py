"""`domekit cards --example NAME`: the sample decks that ship with Domekit (the checkout's
`examples/`, installed as the package `toolkit.examples`) written into the working folder, to
read, edit and build from: a sheet, a layout, a template and the pictures it names."""

from __future__ import annotations

from importlib.resources.abc import Traversable
from pathlib import Path

from toolkit.errors import DomekitError


def examples() -> dict[str, Traversable]:
    """The shipped examples by name (each a folder)."""
    from importlib.resources import files

    root = files("toolkit.examples")
    return {
        entry.name: entry
        for entry in sorted(root.iterdir(), key=lambda entry: entry.name)
        if entry.is_dir() and not entry.name.startswith(("_", "."))
    }


def _files(folder: Traversable, prefix: str = "") -> list[tuple[str, Traversable]]:
    found = []
    for entry in sorted(folder.iterdir(), key=lambda entry: entry.name):
        if entry.name.startswith(("_", ".")) or entry.name.endswith(".pyc"):
            continue
        name = f"{prefix}{entry.name}"
        found.extend(_files(entry, f"{name}/") if entry.is_dir() else [(name, entry)])
    return found


def write_example(name: str, into: Path) -> list[Path]:
    """Write the example `name` as the folder `into/name`; refuse to replace any file there."""
    shipped = examples()
    if name not in shipped:
        raise DomekitError(f"--example {name!r}: expected one of {', '.join(shipped)}")
    target = into / name
    files = _files(shipped[name])
    taken = [str(target / relative) for relative, _ in files if (target / relative).exists()]
    if taken:
        raise DomekitError(f"--example {name}: {taken[0]} already exists; nothing was written")
    written = []
    for relative, source in files:
        path = target / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(source.read_bytes())
        written.append(path)
    return written


def build_command(written: list[Path], into: Path) -> str:
    """The `domekit cards` command that builds a written example: the one its layout's comments
    give (`#   domekit cards examples/...`), as run from `into`; else its sheet with its layout."""
    relative = [path.relative_to(into).as_posix() for path in written]
    layouts = [name for name in relative if name.endswith(("layout.toml", "layout.yaml"))]
    for layout in layouts[:1]:
        for line in (into / layout).read_text(encoding="utf-8").splitlines():
            command = line.lstrip("# ").strip()
            if command.startswith("domekit cards "):
                return command.replace("examples/", "")
    sheets = [name for name in relative if name.endswith((".csv", ".tsv", ".xlsx", ".ods"))]
    return " ".join(
        ["domekit cards", *sheets[:1], *(f"--layout {layout}" for layout in layouts[:1])]
    )
