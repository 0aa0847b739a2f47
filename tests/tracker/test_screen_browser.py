"""The big-screen view (/k/<kit>/screen at 1920 x 1080) and the phone layout (390 x 844) of
every game of the registry (the test suite's duel among them) in a real browser (Debian's
chromium through Playwright): the screen shows every team, the round and turn and the last
actions as sentences, live, and Dominum's board, and every game's screen reads across the table;
on a phone the header never clips (four teams, a long title, the seat chip), every tap target is
at least 44 x 44 px, and the pages follow the phone's dark mode. Screenshots (light and dark) go
to DOMEKIT_SCREENSHOTS or the tmp folder."""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import every_game
import httpx
import pytest
from kit_browser import (
    PHONE,
    browser_missing,
    chromium,
    free_port,
    serving,
    set_up_every,
    shots_folder,
)

from toolkit.tracker.kits import record_kit

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(browser_missing() is not None, reason=str(browser_missing())),
]

SCREEN = {"width": 1920, "height": 1080}
TEAMS = ["red", "blue", "green", "yellow"]


def act(base: str, kit: str, **action) -> None:
    body = {"action": action, "client_action_id": secrets.token_hex(8)}
    reply = httpx.post(f"{base}/k/{kit}/act", json=body, timeout=10)
    assert reply.status_code == 200, reply.text


def start_deathdome(base: str, kit: str) -> None:
    act(base, kit, type="buy", team="red", item="heavy-rifle")
    act(base, kit, type="start")


@pytest.fixture(scope="module")
def tracker(tmp_path_factory) -> Iterator[tuple[str, dict[str, str]]]:
    folder = tmp_path_factory.mktemp("screen")
    (folder / "none").mkdir()
    db = f"sqlite:///{folder / 'tracker.sqlite3'}"
    kits = {}
    for game in every_game.names():
        kits[game] = secrets.token_hex(16)
        extra = {"teams": TEAMS} if game == "deathdome" else {}
        record_kit(db, {"kit_id": kits[game], "game": game, "base_url": "http://t", **extra})
        kits[f"{game} as printed"] = every_game.record(db, game)
    with serving(free_port(), db, folder / "none") as base:
        # Dominum tracked full: its screen shows the board (a light match leaves it to the
        # table).
        set_up_every(base, [kit for name, kit in kits.items() if name != "dominum"], "light")
        set_up_every(base, [kits["dominum"]], "full")
        start_deathdome(base, kits["deathdome"])
        kits["db"] = db
        for dominum in (kits["dominum"], kits["dominum as printed"]):  # full, then light
            act(base, dominum, type="begin", reserves={"red": ["3", "4"], "gold": ["1", "2"]},
                seed=7, first_player="red")  # fmt: skip
        yield base, kits


@pytest.fixture(scope="module")
def browser():
    with chromium() as found:
        yield found


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_screen_view_at_1920_shows_the_table_live(tracker, browser, tmp_path, scheme):
    from playwright.sync_api import expect

    base, kits = tracker
    shots = shots_folder(tmp_path)
    page = browser.new_context(viewport=SCREEN, color_scheme=scheme).new_page()
    dd = secrets.token_hex(16)
    record_kit(
        kits["db"], {"kit_id": dd, "game": "deathdome", "base_url": "http://t", "teams": TEAMS}
    )
    set_up_every(base, [dd], "light")
    start_deathdome(base, dd)
    page.goto(f"{base}/k/{dd}/screen")
    expect(page.locator("#live-status")).to_have_text("live", timeout=5000)
    main = page.locator("main")
    for colour in TEAMS:
        expect(main).to_contain_text(colour)
    expect(main).to_contain_text("Round 1 of 12")
    expect(main).to_contain_text("red's turn")
    expect(main).to_contain_text("1\u202f000\u202f000")  # credits
    assert page.locator("main form").count() == 0  # a screen to read, not to tap
    recent = page.locator("#recent ol.recent li")
    expect(recent.first).to_contain_text("The match starts")  # in sentences (issue 27)
    expect(recent.nth(1)).to_contain_text("Red buys Heavy Rifle")
    # Readable across the table, and nothing off the edge of the screen.
    assert float(page.evaluate("getComputedStyle(document.body).fontSize")[:-2]) >= 20
    assert page.evaluate("document.documentElement.scrollWidth") <= SCREEN["width"]
    page.screenshot(path=str(shots / f"screen-deathdome-{scheme}.png"))
    # Live: another phone ends red's turn.
    version = httpx.get(f"{base}/k/{dd}/table.json").json()["match"]["version"]
    act(base, dd, type="end_turn", team="red")
    expect(recent.first).to_contain_text("Red ends its turn", timeout=5000)
    expect(main).to_contain_text("blue's turn")
    expect(page.locator("body")).to_have_attribute("data-version", str(version + 1))
    # Dominum's board, every game's players and health.
    page.goto(f"{base}/k/{kits['dominum']}/screen")
    expect(page.locator(".dm-board").first).to_be_visible()
    expect(page.locator("main")).to_contain_text("gold")
    page.screenshot(path=str(shots / f"screen-dominum-{scheme}.png"))
    page.goto(f"{base}/k/{kits['naturedome']}/screen")
    expect(page.locator("main")).to_contain_text("1000")
    expect(page.locator("main")).to_contain_text("Player 2")
    page.screenshot(path=str(shots / f"screen-naturedome-{scheme}.png"))
    page.goto(f"{base}/k/{kits['domppa']}/screen")
    expect(page.locator("main")).to_contain_text("Round 1")
    expect(page.locator("main")).to_contain_text("HP")
    page.screenshot(path=str(shots / f"screen-domppa-{scheme}.png"))


@pytest.mark.parametrize("game", every_game.names())
def test_every_games_screen_reads_across_the_table(tracker, browser, tmp_path, game):
    from playwright.sync_api import expect

    base, kits = tracker
    page = browser.new_context(viewport=SCREEN).new_page()
    page.goto(f"{base}/k/{kits[game]}/screen")
    expect(page.locator("#live-status")).to_have_text("live", timeout=5000)
    expect(page.locator("main")).to_be_visible()
    assert page.locator("main form").count() == 0  # a screen to read, not to tap
    assert float(page.evaluate("getComputedStyle(document.body).fontSize")[:-2]) >= 20
    assert page.evaluate("document.documentElement.scrollWidth") <= SCREEN["width"]
    # The whole screen on the TV at once: nothing below the bottom edge.
    height = page.evaluate("document.documentElement.scrollHeight")
    print(f"{game}: the screen view is {height} px tall (1080 available)")
    assert height <= SCREEN["height"], (game, height)
    page.screenshot(path=str(shots_folder(tmp_path) / f"screen-every-{game}.png"))


def test_the_screen_of_the_view_only_link(tracker, browser):
    base, kits = tracker
    view = httpx.get(f"{base}/k/{kits['deathdome']}/table").text.split('href="/v/')[1].split("/")[0]
    reply = httpx.get(f"{base}/v/{view}/screen")
    assert reply.status_code == 200 and kits["deathdome"] not in reply.text


SMALL_TARGETS = """() => [...document.querySelectorAll(
    'a, button, select, summary, label.tap,'
    + ' input:not([type=hidden]):not([type=checkbox]):not([type=radio])')]
  .filter(e => e.offsetParent !== null && !e.closest('.odds, .dm-board, footer'))
  .map(e => [e.tagName + ' ' + (e.textContent || e.name || '').trim().slice(0, 30),
             Math.round(e.getBoundingClientRect().width),
             Math.round(e.getBoundingClientRect().height)])
  .filter(([, w, h]) => w < 44 || h < 44)"""
"""Every tap target a phone shows (links, buttons, lists, chips, fields) and its size, when it is
under 44 x 44 px (the odds charts and Dominum's board are drawn, not tapped; the footer is text)."""

CLIPPED = """() => {
  const header = document.querySelector('header.top'), width = window.innerWidth;
  return [...header.querySelectorAll('*')].filter(e => e.offsetParent !== null).filter(e => {
    const r = e.getBoundingClientRect();
    return r.left < 0 || r.right > width + 0.5 || e.scrollWidth > e.clientWidth + 1
      || getComputedStyle(e).textOverflow === 'ellipsis';
  }).map(e => e.tagName + ' ' + (e.textContent || '').trim().slice(0, 30));
}"""
"""What the header cuts off: anything past the phone's edge, text wider than its box."""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_phone_pages_a_header_that_never_clips_big_tap_targets_and_dark_mode(
    tracker, browser, tmp_path, scheme
):
    """Four teams, a long title and the seat chip: the header wraps its tabs rather than cut
    anything off (two rows at most); every tap target is 44 x 44 px or more; dark mode."""
    base, kits = tracker
    dd, nd = kits["deathdome"], kits["naturedome"]
    shots = shots_folder(tmp_path)
    context = browser.new_context(viewport=PHONE, color_scheme=scheme)
    page = context.new_page()
    page.goto(f"{base}/k/{dd}/seat")
    page.get_by_role("button", name="Yellow team").click()  # the longest seat chip
    pages = {
        "dd-table": f"/k/{dd}/table",
        "dd-team": f"/k/{dd}/team/red",
        "dd-unit": f"/k/{dd}/unit/red/gunner",
        "history": f"/k/{dd}/history",
        "nd-player": f"/k/{nd}/player/1",
        "nd-table": f"/k/{nd}/table",
        "dm-table": f"/k/{kits['dominum']}/table",
        "dp-table": f"/k/{kits['domppa']}/table",
    }
    for game in every_game.names():  # each kind of page every game's kit prints
        for path in every_game.one_of_each(game):
            pages[f"{game}-{path.replace('/', '-')}"] = f"/k/{kits[f'{game} as printed']}/{path}"
    for name, path in pages.items():
        page.goto(base + path)
        header = page.evaluate(
            "document.querySelector('header.top').getBoundingClientRect().height"
        )
        assert header <= 110, (name, header)  # the title and seat, then the tabs
        assert page.evaluate(CLIPPED) == [], name
        assert page.evaluate(SMALL_TARGETS) == [], name
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        shade = sum(int(x) for x in background[4:-1].split(",")[:3]) / 3
        assert (shade < 60) if scheme == "dark" else (shade > 200), (name, background)
        page.screenshot(path=str(shots / f"{name}-{scheme}.png"), full_page=True)
