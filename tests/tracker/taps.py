"""Counting a player's taps in a real browser: every click is a tap, picking from a <select> is two
(open it, pick), typing is one tap to focus the box plus one a character (and one to clear a box
that already holds something). The tap-count tests (test_taps_browser.py) drive the pages through
a `Taps` and compare the counts with docs/tracker.md's table."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Page


class Taps:
    """A page and the taps made on it since the last `reset`."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0

    def reset(self) -> int:
        """The taps counted so far, and start counting again."""
        done, self.count = self.count, 0
        return done

    def tap(self, selector: str) -> None:
        self.page.locator(selector).first.click()
        self.count += 1

    def pick(self, selector: str, value: str) -> None:
        """Choose `value` in a <select>: free when it is already chosen."""
        box = self.page.locator(selector).first
        if box.input_value() != value:
            box.select_option(value)
            self.count += 2

    def type(self, selector: str, text: str) -> None:
        box = self.page.locator(selector).first
        had = box.input_value()
        if had == text:
            return
        box.fill(text)
        self.count += 1 + (1 if had else 0) + len(text)
