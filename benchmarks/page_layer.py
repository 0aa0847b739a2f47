"""The page layer's shape, counted: the routes that serve the games' pages, the rules of the
shared stylesheets that belong to one game, and the lines of the generic page layer.

    .venv/bin/python benchmarks/page_layer.py [CHECKOUT]

CHECKOUT (default: this one) is the folder whose toolkit/, templates/ and stylesheets are
counted; its toolkit is imported, so run it with that checkout first on sys.path (it is put
there). A rule belongs to one game when its selector names a class or id that only that game's
templates use (templates/<game>/, a class built from a colour, `team-{{ ... }}`, counted by its
prefix), as issue 25 counted the game-prefixed rules of toolkit/tracker/static/*.css.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent)
sys.path.insert(0, str(ROOT))
GENERIC = ["toolkit/tracker/routes/pages.py", "toolkit/tracker/routes/suffix.py",
           "toolkit/tracker/web.py", "toolkit/tracker/contract.py", "toolkit/tracker/imports.py",
           "toolkit/tracker/folders.py", "toolkit/pages.py", "toolkit/pdf/kits.py"]  # fmt: skip


def css_rules(text: str) -> list[str]:
    """Every rule's selector, those inside @media too."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    selectors, buffer = [], ""
    for char in text:
        if char == "{":
            if not buffer.strip().startswith("@"):
                selectors.append(buffer.strip())
            buffer = ""
        elif char == "}":
            buffer = ""
        else:
            buffer += char
    return selectors


def owners(templates: Path, static: Path) -> dict[str, set[str]]:
    """Each class or id a template names (a `name-{{` prefix as `name-`): the games using it;
    "" for the shared templates, for a word of the page scripts' strings and for the palette's
    colours (the `--red` of domekit.css is every game's `red`)."""
    found: dict[str, set[str]] = {}
    for script in static.glob("*.js"):
        for literal in re.findall(r'"([^"\n]*)"', script.read_text()):
            for word in literal.split():
                found.setdefault(word, set()).add("")
    for colour in re.findall(r"--([a-z]+):", (static / "domekit.css").read_text()):
        found.setdefault(colour, set()).add("")
    for path in templates.rglob("*.html"):
        game = path.parent.name if path.parent != templates else ""
        for attribute in re.findall(r'(?:class|id)="([^"]*)"', path.read_text()):
            for token in re.sub(r"\{[{%].*?[}%]\}", " ", attribute).split():
                found.setdefault(token, set()).add(game)
            for prefix in re.findall(r"([\w-]+-)\{\{", attribute):
                found.setdefault(prefix, set()).add(game)
    return found


def game_rules(stylesheet: Path, used: dict[str, set[str]]) -> list[str]:
    def one_game(name: str) -> bool:
        games = used.get(name) or next(
            (g for prefix, g in used.items() if prefix.endswith("-") and name.startswith(prefix)),
            set(),
        )
        return len(games) == 1 and "" not in games

    return [
        selector
        for selector in css_rules(stylesheet.read_text())
        if any(one_game(name) for name in re.findall(r"[.#]([A-Za-z][\w-]*)", selector))
    ]


def page_routes() -> int:
    from fastapi.routing import APIRoute

    from toolkit.tracker.routes import pages

    return sum(isinstance(r, APIRoute) and r.path != "/" for r in pages.router.routes)


def main() -> None:
    used = owners(ROOT / "templates", ROOT / "toolkit/tracker/static")
    shared = sorted((ROOT / "toolkit/tracker/static").glob("*.css"))
    counts = {sheet.name: len(game_rules(sheet, used)) for sheet in shared}
    print(f"checkout: {ROOT}")
    print(f"routes serving the games' pages: {page_routes()}")
    print(f"rules of one game in the shared stylesheets: {sum(counts.values())} {counts}")
    own = sorted((ROOT / "templates").glob("*/static/*.css"))
    rules = sum(len(css_rules(sheet.read_text())) for sheet in own)
    print(f"games' own stylesheets: {len(own)} ({rules} rules)")
    lines = {
        name: len((ROOT / name).read_text().splitlines())
        for name in GENERIC
        if (ROOT / name).exists()
    }
    print(f"lines of the generic page layer: {sum(lines.values())} {lines}")


if __name__ == "__main__":
    main()
