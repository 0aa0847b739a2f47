"""MkDocs hooks (mkdocs.yml): the pages that must not drift are made at build time.

- `index.md` is README.md, its links into docs/ made site links;
- `commands.md`, the command reference, is read off the `domekit` command itself (every group,
  command, argument and option, with its help and default), so it says what `--help` says;
- a link from any page to a file of the repository outside docs/ (a benchmark script, a module)
  becomes a link to that file in the repository, as it works on GitHub.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[1]
LINK = re.compile(r"(!?\[[^\]]*\]\()([^)\s]+)(\))")
FENCE = re.compile(r"^(```|~~~)")


def on_files(files: Files, config: Any) -> Files:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    files.append(File.generated(config, "index.md", content=readme_page(readme, config)))
    files.append(File.generated(config, "commands.md", content=command_reference()))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    if page.file.src_uri == "index.md":
        return markdown
    return outside_links(markdown, page.file.src_uri, config)


def repo_link(path: str, config: Any) -> str:
    """A file or folder of the repository (a path from its root) on the repository's site."""
    kind = "tree" if path.endswith("/") or (ROOT / path).is_dir() else "blob"
    return f"{config['repo_url'].rstrip('/')}/{kind}/main/{path.lstrip('/')}"


def each_link(markdown: str, change: Any) -> str:
    """`markdown` with every link target outside code blocks passed through `change`."""
    out, fenced = [], False
    for line in markdown.splitlines(keepends=True):
        if FENCE.match(line.lstrip()):
            fenced = not fenced
        if not fenced:
            line = LINK.sub(lambda m: m.group(1) + change(m.group(2)) + m.group(3), line)
        out.append(line)
    return "".join(out)


def is_local(target: str) -> bool:
    return not re.match(r"^[a-z][a-z0-9+.-]*:|^#|^/", target)


def readme_page(readme: str, config: Any) -> str:
    """README as the site's home: `docs/x.md` is `x.md`; any other file is the repository's."""

    def change(target: str) -> str:
        if not is_local(target):
            return target
        if target.startswith("docs/"):
            return target.removeprefix("docs/")
        return repo_link(target, config)

    return each_link(readme, change)


def outside_links(markdown: str, src_uri: str, config: Any) -> str:
    def change(target: str) -> str:
        if not is_local(target):
            return target
        path, _, anchor = target.partition("#")
        joined = posixpath.normpath(posixpath.join("docs", posixpath.dirname(src_uri), path))
        if joined.startswith("docs/") or not path:
            return target
        return repo_link(joined, config) + (f"#{anchor}" if anchor else "")

    return each_link(markdown, change)


def command_reference() -> str:
    import typer

    from toolkit.cli import app

    root = typer.main.get_command(app)
    lines = [
        "# Command reference",
        "",
        "Every `domekit` command with its arguments and options, read off the command itself "
        "when this site is built (`domekit COMMAND --help`, or `-h`, prints the same).",
        "",
    ]
    ctx = root.context_class(root, info_name="domekit")

    # typer's commands are its own click's (typer._click), so they are told apart by what they do.
    def walk(command: Any, ctx: Any, depth: int) -> None:
        path = ctx.command_path
        if depth:
            lines.extend([f"{'#' * min(depth + 1, 4)} `{path}`", ""])
        help_text = (command.help or "").strip()
        if help_text:
            lines.extend([help_text.replace("\b\n", ""), ""])
        usage = " ".join(command.collect_usage_pieces(ctx))
        lines.extend(["```", f"{path} {usage}".rstrip(), "```", ""])
        params = [p for p in command.get_params(ctx) if depth == 0 or p.name != "help"]
        rows = [param_row(param, ctx) for param in params]
        rows = [row for row in rows if row]
        if rows:
            lines.extend(["| argument or option | meaning |", "| --- | --- |", *rows, ""])
        if hasattr(command, "list_commands"):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                if sub is not None and not sub.hidden:
                    walk(sub, sub.context_class(sub, info_name=name, parent=ctx), depth + 1)

    walk(root, ctx, 0)
    return "\n".join(lines)


def param_row(param: Any, ctx: Any) -> str | None:
    if getattr(param, "hidden", False):
        return None
    if param.param_type_name == "argument":
        name = f"`{param.metavar or param.name.upper()}`"
        text = getattr(param, "help", None) or ""
    else:
        record = param.get_help_record(ctx)
        if record is None:
            return None
        name, text = f"`{record[0]}`", record[1]
    text = " ".join(text.split())
    return "| " + " | ".join(cell.replace("|", "\\|") for cell in (name, text)) + " |"
