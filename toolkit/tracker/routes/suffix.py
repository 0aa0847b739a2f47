"""A page and its JSON twin from one route, as Datasette's `(\\.(?P<format>json))?$`: a page's
last path segment may end in `.json` (`/table.json`, `/team/red.json`), which asks for the JSON.

Routes spell it `{page:page}{format:format}` (or `history{format:format}`): `page` is a page's
path after its kit (toolkit/pages.py), matched as short as it can be, so `format` takes the
`.json` if there is one ("json", else "html").
"""

from __future__ import annotations

import re

from starlette.convertors import Convertor, register_url_convertor

from toolkit.pages import KIT_WORDS


class PagePath(Convertor[str]):
    # One or more segments, never one of the tracker's own words first: their own routes answer
    # those (a GET of /act stays 405, /history/x a 404 of no route).
    regex = (
        rf"(?!(?:{'|'.join(re.escape(word) for word in sorted(KIT_WORDS))})(?:[./]|$))"
        r"[^/]+?(?:/[^/]+?)*?"
    )

    def convert(self, value: str) -> str:
        return value

    def to_string(self, value: str) -> str:
        return value


class Format(Convertor[str]):
    regex = r"(?:\.json)?"

    def convert(self, value: str) -> str:
        return "json" if value else "html"

    def to_string(self, value: str) -> str:
        return ".json" if value == "json" else ""


register_url_convertor("page", PagePath())
register_url_convertor("format", Format())
