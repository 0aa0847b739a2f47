"""What `domekit cards` prints: the outputs on stdout (one a line), how the sheet was read and
what was written on stderr, then the warnings; or all of it as one JSON object."""

from __future__ import annotations

from typing import Any

import typer

from toolkit.cards import CardsResult


def as_dict(result: CardsResult) -> dict[str, Any]:
    """A PDF alone: its seven fields as ever (pdf, cards, sheets, pages, per_page, orientation,
    warnings); with PNG, TTS or a preview, also the outputs, formats, columns, how the sheet was
    read, and a `png` and `tts` object each."""
    deck = result.pdf
    if deck is not None and result.outputs == [deck.pdf]:
        return {
            "pdf": str(deck.pdf),
            "cards": deck.cards,
            "sheets": deck.sheets,
            "pages": deck.pages,
            "per_page": deck.layout.per_page,
            "orientation": "landscape" if deck.layout.landscape else "portrait",
            "warnings": list(result.warnings),
        }
    columns = result.columns
    found: dict[str, Any] = {
        "outputs": [str(path) for path in result.outputs],
        "formats": list(result.formats),
        "cards": result.cards,
        "columns": {
            "title": columns.title,
            "text": columns.text,
            "qty": columns.qty,
            "image": columns.image,
            "qr": columns.qr,
            "back": columns.back,
            "stats": list(columns.stats),
            "more_text": list(columns.body),
            "not_printed": dict(columns.skipped),
        }
        if columns is not None
        else None,
        "read": result.how,
        "warnings": list(result.warnings),
    }
    if deck is not None:
        found.update(
            pdf=str(deck.pdf),
            sheets=deck.sheets,
            pages=deck.pages,
            per_page=deck.layout.per_page,
            orientation="landscape" if deck.layout.landscape else "portrait",
        )
    for raster in result.raster:
        found[raster.kind] = {
            "folder": str(raster.folder),
            "files": raster.files,
            "pixels": list(raster.pixels),
            **(
                {"sheets": raster.sheets, "grid": list(raster.grid)} if raster.kind == "tts" else {}
            ),
        }
    return found


def summary_lines(result: CardsResult) -> list[str]:
    lines = []
    if result.columns is not None:
        how = f" ({result.how})" if result.how else ""
        lines.append(f"columns{how}: {result.columns.describe()}")
    deck = result.pdf
    if deck is not None:
        orientation = "landscape" if deck.layout.landscape else "portrait"
        lines.append(
            f"{deck.cards} cards on {deck.sheets} sheets ({deck.pages} pages), "
            f"{deck.layout.per_page} per {orientation} page"
        )
    for raster in result.raster:
        width, height = raster.pixels
        if raster.kind == "png":
            backs = len([name for name in raster.files if name.startswith("back")])
            lines.append(
                f"{result.cards} cards as PNG files of {width} x {height} px with bleed"
                + (f", {backs} back{'s' if backs > 1 else ''}" if backs else "")
            )
        else:
            across, down = raster.grid
            lines.append(
                f"{result.cards} cards on {raster.sheets} TTS deck sheet"
                f"{'s' if raster.sheets > 1 else ''} ({across} x {down} cells of {width} x "
                f"{height} px), deck.json"
            )
    return lines


def print_result(result: CardsResult, *, as_json: bool = False) -> None:
    if as_json:
        import json

        typer.echo(json.dumps(as_dict(result), indent=2, ensure_ascii=False))
        return
    for path in result.outputs:
        typer.echo(path)
    for line in summary_lines(result):
        typer.echo(line, err=True)
    for warning in result.warnings:
        typer.echo(f"warning: {warning}", err=True)
