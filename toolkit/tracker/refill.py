"""A refused form shown again on its own page, without JavaScript: the page as it is now, with the
form that was posted filled in with what was typed and the refusal at its top.

The form is found by what identifies it on the page: its action and its hidden fields (other than
the tracker's own: client action id, version, next), as the page's script finds it too. The page
is the server's own rendering of the tracker's templates, so a plain tokenizer (html.parser) is
enough to find the tags; everything else of the page stays byte for byte.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from html.parser import HTMLParser
from typing import Any

OWN = frozenset({"client_action_id", "version", "next", "for_seat"})
NOT_TYPED = frozenset({"hidden", "submit", "button", "reset", "file", "image"})


class _Tags(HTMLParser):
    """Every start and end tag with its place in the text."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.starts = [0]
        for line in text.splitlines(keepends=True):
            self.starts.append(self.starts[-1] + len(line))
        self.tags: list[tuple[str, str, dict[str, str | None], int, int]] = []
        self.feed(text)
        self.close()

    def _at(self) -> int:
        line, column = self.getpos()
        return self.starts[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        start = self._at()
        raw = self.get_starttag_text() or ""
        self.tags.append(("start", tag, dict(attrs), start, start + len(raw)))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        start = self._at()
        self.tags.append(("end", tag, {}, start, start))


def _values(fields: Mapping[str, Any], name: str) -> list[str]:
    value = fields.get(name)
    if value is None:
        return []
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def _posted(fields: Mapping[str, Any], attrs: dict[str, str | None]) -> bool:
    """Whether a hidden field of the page's form holds what the posted form held."""
    name = attrs.get("name") or ""
    return name in OWN or _values(fields, name) == [attrs.get("value") or ""]


def _tag(tag: str, attrs: dict[str, str | None]) -> str:
    parts = [tag] + [
        name if value is None else f'{name}="{escape(value, quote=True)}"'
        for name, value in attrs.items()
    ]
    return "<" + " ".join(parts) + ">"


def refill(html: str, action: str, fields: Mapping[str, Any], note: str) -> str | None:
    """`html` with the form posting to `action` that sent `fields` filled with them and `note`
    (HTML) at its top; None when no form of the page is that form. Of two forms that could
    have sent the fields, the one whose button did (its name and value among them) wins."""
    tags = _Tags(html).tags
    best: tuple[int, int, list[Any]] | None = None
    for index, (kind, tag, attrs, _start, end) in enumerate(tags):
        if kind != "start" or tag != "form":
            continue
        inner = []
        for item in tags[index + 1 :]:
            if item[0] == "end" and item[1] == "form":
                break
            inner.append(item)
        # Posted to the form's action, or by one of its buttons to their own (a "record it
        # now" beside a form that checks first).
        targets = {attrs.get("action")} | {a.get("formaction") for _k, _t, a, _s, _e in inner}
        if action not in targets:
            continue
        hidden = [a for k, t, a, _s, _e in inner if k == "start" and t == "input"]
        if not all(_posted(fields, a) for a in hidden if a.get("type") == "hidden"):
            continue
        pressed = any(
            t == "button"
            and a.get("name")
            and _values(fields, a.get("name") or "") == [a.get("value") or ""]
            for k, t, a, _s, _e in inner
            if k == "start"
        )
        if best is None or (pressed and not best[0]):
            best = (int(pressed), end, inner)
    if best is None:
        return None
    return _filled(html, best[1], best[2], fields, note)


def _filled(
    html: str,
    form_end: int,
    inner: list[tuple[str, str, dict[str, str | None], int, int]],
    fields: Mapping[str, Any],
    note: str,
) -> str:
    edits: list[tuple[int, int, str]] = [(form_end, form_end, note)]
    seen: dict[str, int] = {}
    select: str | None = None
    textarea: tuple[str, int] | None = None
    for kind, tag, attrs, start, end in inner:
        name = attrs.get("name") or ""
        if kind == "end":
            if tag == "select":
                select = None
            elif tag == "textarea" and textarea is not None:
                typed = _values(fields, textarea[0])
                edits.append((textarea[1], start, escape(typed[0] if typed else "")))
                textarea = None
            continue
        if tag == "select":
            select = name if name in fields else None
        elif tag == "option" and select is not None:
            new = {k: v for k, v in attrs.items() if k != "selected"}
            if (attrs.get("value") or "") in _values(fields, select):
                new["selected"] = None
            edits.append((start, end, _tag(tag, new)))
        elif tag == "textarea" and name in fields:
            textarea = (name, end)
        elif tag == "input" and name and name not in OWN and name in fields:
            kind_of = (attrs.get("type") or "text").lower()
            if kind_of in ("checkbox", "radio"):
                new = {k: v for k, v in attrs.items() if k != "checked"}
                if (attrs.get("value") or "on") in _values(fields, name):
                    new["checked"] = None
                edits.append((start, end, _tag(tag, new)))
            elif kind_of not in NOT_TYPED:
                typed = _values(fields, name)
                at = seen.get(name, 0)
                seen[name] = at + 1
                if at < len(typed):
                    edits.append((start, end, _tag(tag, {**attrs, "value": typed[at]})))
    for start, end, text in sorted(edits, key=lambda e: e[0], reverse=True):
        html = html[:start] + text + html[end:]
    return html
