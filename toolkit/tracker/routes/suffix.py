"""A page and its JSON twin from one route, as Datasette's `(\\.(?P<format>json))?$`: a page's
last path segment may end in `.json` (`/table.json`, `/team/red.json`), which asks for the JSON.

Routes spell it `{name:segment}{format:format}`: `segment` is a path segment matched as short as
it can be, so `format` takes the `.json` if there is one ("json", else "html").
"""

from __future__ import annotations

from starlette.convertors import Convertor, register_url_convertor


class Segment(Convertor[str]):
    regex = "[^/]+?"

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


register_url_convertor("segment", Segment())
register_url_convertor("format", Format())
