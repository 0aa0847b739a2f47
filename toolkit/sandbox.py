"""jinja2 templates from strangers: sandboxed, and bounded in what they make, their time and memory.

Designers share card templates, so a template is hostile input. Three layers:

1. **No code execution.** jinja2's `ImmutableSandboxedEnvironment`: no attribute that starts
   with `_` (so no `cycler.__init__.__globals__.os` nor `lipsum.__globals__`), no method that
   changes a list or dict, no loader (so no `{% include %}` of a file).
2. **No giant values.** `*`, `**` and `+` are checked before Python computes them: a string or
   list past MAX_TEMPLATE_VALUE items (`'x' * 10**9`) or a whole number past
   MAX_TEMPLATE_INT_BITS (`9 ** 9 ** 9`) is refused with the expression's figures; jinja2's
   sandbox already refuses a `range()` past 100,000. One card's markup stops at
   MAX_TEMPLATE_OUTPUT characters.
3. **A process that can be stopped.** Whatever slips past those (a loop of loops, a huge
   `'{:>999999999}'.format(1)` made in one C call) runs in a child process: compiling (jinja2
   folds constant expressions while compiling, so compiling runs template code too) and every
   row's render. The child's address space is capped at TEMPLATE_MEMORY above what it started
   with, and the parent kills it when a row takes longer than TEMPLATE_SECONDS. The child is
   forked where the OS can (a few milliseconds), spawned elsewhere.

Syntax is checked in this process: parsing runs no template code.
"""

from __future__ import annotations

import math
import multiprocessing
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from toolkit.data.limits import (
    MAX_TEMPLATE_INT_BITS,
    MAX_TEMPLATE_OUTPUT,
    MAX_TEMPLATE_VALUE,
    TEMPLATE_MEMORY,
    TEMPLATE_SECONDS,
    size_text,
)

TEMPLATE_FILE = "<template>"  # the file name jinja2 gives a template's code, in tracebacks


@dataclass
class TemplateFailure(Exception):
    """A template that cannot be compiled or rendered; `index` is the row (None: compiling)."""

    message: str
    line: int | None = None
    index: int | None = None

    def __str__(self) -> str:
        return self.message


def _environment() -> Any:
    from jinja2 import StrictUndefined
    from jinja2.exceptions import SecurityError
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    class BoundedSandbox(ImmutableSandboxedEnvironment):
        """The immutable sandbox, with `*`, `**` and `+` checked before they run."""

        intercepted_binops = frozenset({"*", "**", "+"})

        def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
            problem = _binop_problem(operator, left, right)
            if problem:
                raise SecurityError(problem)
            return super().call_binop(context, operator, left, right)

    return BoundedSandbox(
        autoescape=True, undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True
    )


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 20 else f"{text[:17]}..."


def _binop_problem(operator: str, left: Any, right: Any) -> str | None:
    """Why `left operator right` would be too big to make, or None."""
    sequence = (str, list, tuple)
    made = None
    if operator == "*":
        for items, count in ((left, right), (right, left)):
            if isinstance(items, sequence) and _is_int(count):
                made = len(items) * max(count, 0)
        if _is_int(left) and _is_int(right):
            bits = left.bit_length() + right.bit_length()
            if bits > MAX_TEMPLATE_INT_BITS:
                return _too_many_bits(f"{_show(left)} * {_show(right)}", bits)
    elif operator == "**" and _is_int(left) and _is_int(right) and right > 0 and abs(left) > 1:
        bits = math.ceil(right * math.log2(abs(left))) + 1
        if bits > MAX_TEMPLATE_INT_BITS:
            return _too_many_bits(f"{_show(left)} ** {_show(right)}", bits)
    elif operator == "+":
        if isinstance(left, sequence) and isinstance(right, sequence):
            made = len(left) + len(right)
        elif _is_int(left) and _is_int(right):
            bits = max(left.bit_length(), right.bit_length()) + 1
            if bits > MAX_TEMPLATE_INT_BITS:
                return _too_many_bits(f"{_show(left)} + {_show(right)}", bits)
    if made is not None and made > MAX_TEMPLATE_VALUE:
        return (
            f"{_show(left)} {operator} {_show(right)} would make {made:,} characters or items; "
            f"a template may make at most {MAX_TEMPLATE_VALUE:,}"
        )
    return None


def _too_many_bits(expression: str, bits: int) -> str:
    return (
        f"{expression} would make a {bits:,}-bit number; a template's whole numbers stay "
        f"within {MAX_TEMPLATE_INT_BITS} bits"
    )


def check_syntax(source: str) -> None:
    """A TemplateFailure (with its line) if `source` is not a jinja2 template."""
    from jinja2 import TemplateSyntaxError

    try:
        _environment().parse(source)
    except TemplateSyntaxError as exc:
        raise TemplateFailure(f"template error: {exc.message}", exc.lineno) from None
    except RecursionError:
        raise TemplateFailure("template error: expressions nested too deeply") from None


def render_each(source: str, contexts: Sequence[dict[str, Any]]) -> list[str]:
    """The template rendered once per context, in a child process bounded in time and memory;
    the first failure is a TemplateFailure naming the context's index and the template line."""
    if not contexts:
        return []
    methods = multiprocessing.get_all_start_methods()
    context = (
        multiprocessing.get_context("fork")
        if "fork" in methods
        else multiprocessing.get_context("spawn")
    )
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(target=_render_child, args=(sender, source, list(contexts)))
    child.daemon = True
    child.start()
    sender.close()
    rendered: list[str] = []
    try:
        for index in range(len(contexts)):
            if not receiver.poll(TEMPLATE_SECONDS):
                raise TemplateFailure(
                    f"the template ran longer than {TEMPLATE_SECONDS:g} s and was stopped "
                    "(a loop that never ends?)",
                    index=index,
                )
            try:
                kind, message, line = receiver.recv()
            except EOFError:
                raise TemplateFailure(
                    f"the template's render stopped (more than {size_text(TEMPLATE_MEMORY)} of "
                    "memory?)",
                    index=index,
                ) from None
            if kind == "compile-error":
                raise TemplateFailure(message, line)
            if kind == "error":
                raise TemplateFailure(message, line, index)
            rendered.append(message)
    finally:
        receiver.close()
        if child.is_alive():
            child.kill()
        child.join()
    return rendered


def _render_child(sender: Any, source: str, contexts: list[dict[str, Any]]) -> None:
    """In the child: cap memory, compile, render each context and send ("ok", markup, None) or
    ("error", message, line); a compile failure is ("compile-error", message, line)."""
    cap_memory(TEMPLATE_MEMORY)
    try:
        template = _environment().from_string(source)
    except BaseException as exc:  # noqa: BLE001 - the template's fault, whatever it is
        sender.send(("compile-error", _describe(exc), _template_line(exc)))
        return
    for values in contexts:
        try:
            sender.send(("ok", _render_bounded(template, values), None))
        except BaseException as exc:  # noqa: BLE001 - MemoryError and RecursionError too
            sender.send(("error", _describe(exc), _template_line(exc)))
            return
    sender.close()


def _render_bounded(template: Any, values: dict[str, Any]) -> str:
    from jinja2.exceptions import SecurityError

    parts: list[str] = []
    made = 0
    for part in template.generate(values):
        made += len(part)
        if made > MAX_TEMPLATE_OUTPUT:
            raise SecurityError(
                f"the template makes more than {MAX_TEMPLATE_OUTPUT:,} characters for one card"
            )
        parts.append(part)
    return "".join(parts)


def cap_memory(extra: int) -> None:
    """Limit this process's address space to what it has now plus `extra` bytes (Linux)."""
    try:
        import resource

        with open("/proc/self/statm") as statm:
            current = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        resource.setrlimit(resource.RLIMIT_AS, (current + extra, current + extra))
    except (ImportError, OSError, ValueError):
        pass  # no /proc or no resource module: the time limit still holds


def _describe(exc: BaseException) -> str:
    from jinja2 import TemplateError

    if isinstance(exc, MemoryError):
        return f"the template needs more than {size_text(TEMPLATE_MEMORY)} of memory"
    if isinstance(exc, RecursionError):
        return "the template calls itself too deeply (a macro without an end?)"
    if isinstance(exc, TemplateError):
        return str(exc.message if getattr(exc, "message", None) else exc)
    return f"{type(exc).__name__}: {exc}"


def _template_line(exc: BaseException) -> int | None:
    """The template line an error happened on (jinja2 puts it in the traceback)."""
    line = getattr(exc, "lineno", None)
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == TEMPLATE_FILE:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line
