"""End to end in a real browser: ``streamlit run app/main.py`` driven by Playwright and Debian's chromium.

In the Russian interface (the default), as a player would: loads a sample deck, edits it, runs a
deal simulation twice (the second run comes from the cache), checks the chart and the numbers,
visits every page and takes a screenshot of each (on Tournament: scores run twice, the second from the
game cache, swaps found and one applied; on Compare: two decks compared); then the English interface
through ``?lang=en``.
Screenshots go to a temporary folder, or to ``reports/screenshots/`` when ``BERSERK_SCREENSHOTS=1``
(that is how the committed ones are made), so running the tests changes no tracked file. Every
label is taken from the message catalog, not typed here. Skipped (with the reason) only when
chromium is not installed: ``apt-get install -y chromium``.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
TIMEOUT_MS = 120_000
LONG_RUN_MS = 600_000  # a whole-field run (45 deck pairs, ten decks' thresholds first), busy machine

sys.path.insert(0, str(ROOT / "app"))
from i18n import catalog  # noqa: E402

RU = catalog("ru")
EN = catalog("en")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason="chromium is not installed at /usr/bin/chromium (apt-get install -y chromium)",
    ),
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A Streamlit server on a free port, up once its health endpoint answers."""
    port = _free_port()
    log = open(tmp_path_factory.mktemp("streamlit") / "streamlit.log", "w")  # noqa: SIM115
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            "app/main.py",
            "--server.port",
            str(port),
            "--server.address",
            "127.0.0.1",
            "--server.headless",
            "true",
            "--browser.gatherUsageStats",
            "false",
            "--server.fileWatcherType",
            "none",
        ],
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
        env=os.environ | {"PYTHONUNBUFFERED": "1"},
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while True:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as reply:
                if reply.status == 200 and reply.read().strip() == b"ok":
                    break
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            log.close()
            pytest.fail(f"streamlit did not come up on port {port}: {Path(log.name).read_text()[-2000:]}")
        time.sleep(0.5)
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


@pytest.fixture(scope="module")
def page(server):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        tab = context.new_page()
        tab.set_default_timeout(TIMEOUT_MS)
        tab.goto(server)
        yield tab
        context.close()
        browser.close()


def settle(page) -> None:
    """Wait until the script run is over and every element has been drawn."""
    page.wait_for_selector("[data-testid='stMain']")
    page.wait_for_timeout(500)
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=\"stStatusWidget\"]')"
        " && !document.querySelector('[data-testid=\"stSkeleton\"]')",
        timeout=TIMEOUT_MS,
    )
    page.wait_for_timeout(800)


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    """Where screenshots go: ``reports/screenshots/`` only when asked (``BERSERK_SCREENSHOTS=1``)."""
    if os.environ.get("BERSERK_SCREENSHOTS") == "1":
        return ROOT / "reports" / "screenshots"
    return tmp_path_factory.mktemp("screenshots")


def screenshot(page, shots: Path, name: str) -> Path:
    """A screenshot of the whole page: the viewport is stretched to the page's height first."""
    shots.mkdir(parents=True, exist_ok=True)
    height = page.evaluate("() => document.querySelector('[data-testid=\"stMain\"]').scrollHeight")
    page.set_viewport_size({"width": 1400, "height": max(1000, min(int(height), 9000))})
    page.wait_for_timeout(1500)
    path = shots / f"{name}.png"
    page.screenshot(path=str(path))
    page.set_viewport_size({"width": 1400, "height": 1000})
    return path


def go_to(page, title: str) -> None:
    page.locator("[data-testid='stSidebar']").get_by_role("link", name=title).click()
    page.get_by_role("heading", name=title, level=1).wait_for()
    settle(page)


def choose(page, label: str, option: str) -> None:
    """Pick ``option`` in the selectbox labelled ``label``."""
    box = page.locator("[data-testid='stSelectbox']").filter(has_text=label)
    box.click()
    page.get_by_role("option", name=option).click()


def no_exception(page) -> None:
    assert page.locator("[data-testid='stException']").count() == 0, page.locator(
        "[data-testid='stException']"
    ).first.inner_text()


def grouped(n: int) -> str:
    """A number as the Russian interface writes it (narrow no-break space between thousands)."""
    return f"{n:,}".replace(",", "\u202f")


def test_russian_interface_every_page(page, shots):
    settle(page)
    main = page.locator("[data-testid='stMain']")
    sidebar = page.locator("[data-testid='stSidebar']")
    # First open: Russian, the sample deck, the menu, no Deploy button.
    page.get_by_role("heading", name=RU["page.deck"], level=1).wait_for()
    assert "Ковеноглина" in sidebar.inner_text()
    assert page.get_by_text("Deploy", exact=True).count() == 0
    # Load another sample deck.
    choose(page, RU["deck.sample"], "tournament-08 — Морраг Флай (30 карт)")
    main.get_by_role("button", name=RU["deck.load_sample"]).click()
    page.get_by_text(re.compile("^Загружен образец tournament-08")).wait_for()
    settle(page)
    assert "Морраг Флай" in sidebar.inner_text()
    main.get_by_role("heading", name="Морраг Флай — 30 карт").wait_for()
    assert page.locator(".js-plotly-plot").count() >= 5
    assert "Легальна по правилам relaunch / констрактед" in main.inner_text()
    assert "deck=" in page.url and "lang=ru" in page.url  # the deck is kept in the address
    # One copy fewer of the first card, then reload: the edited deck comes back from the URL.
    main.get_by_role("button", name="−").first.click()
    page.get_by_text(re.compile("^Убрана копия")).wait_for()
    settle(page)
    page.reload()
    settle(page)
    page.get_by_role("heading", name="Морраг Флай — 29 карт").wait_for()
    assert "не легальна" in main.inner_text()  # 29 cards: the banner and the problem
    main.get_by_role("button", name="+", exact=True).first.click()  # the copy back: legal again
    page.get_by_text(re.compile("^Добавлена копия")).wait_for()
    settle(page)
    page.get_by_role("heading", name="Морраг Флай — 30 карт").wait_for()
    assert "не легальна" not in main.inner_text()
    no_exception(page)
    screenshot(page, shots, "1-deck")

    go_to(page, RU["page.cards"])
    page.get_by_label(RU["cards.name_contains"]).fill("морраг")
    page.get_by_label(RU["cards.name_contains"]).press("Enter")
    page.get_by_text(re.compile(rf"^Подходит \d+ из {grouped(1310)} карт")).wait_for()
    settle(page)
    assert (
        "Опыт в атаке" in main.inner_text() or "Броня" in main.inner_text() or "Существо" in main.inner_text()
    )
    screenshot(page, shots, "2-cards")
    # a card with a fact the battle never plays says so, and why (20/77: only while it hosts a symbiote)
    page.get_by_label(RU["cards.name_contains"]).fill("санитар рощи")
    page.get_by_label(RU["cards.name_contains"]).press("Enter")
    page.get_by_text(re.compile(rf"^Подходит 1 из {grouped(1310)} карт")).wait_for()
    settle(page)
    assert "не играется" in main.inner_text() and "symbiote" in main.inner_text()
    no_exception(page)

    go_to(page, RU["page.deals"])
    # squads are recruited for strength by default: the page says what that measures and its unit,
    # and the threshold's default is a percentile of first deals' strength, not a crystal figure
    strength_unit = RU["objective.strength.unit"]
    page.get_by_text(re.compile("10-й процентиль ценности лучшего отряда")).wait_for()
    settle(page)
    assert strength_unit in main.inner_text()
    page.get_by_role("spinbutton", name=RU["deals.trials"]).fill("1000")
    page.get_by_role("spinbutton", name=RU["deals.estimate"]).fill("400")
    for attempt in range(2):  # the second run repeats the first: from the cache, no error
        main.get_by_role("button", name=RU["deals.run"]).click()
        page.get_by_text(f"Готово: {grouped(1000)} раздач на политику, зерно 1.").wait_for()
        page.get_by_role("heading", name=RU["deals.side_by_side"]).wait_for()
        settle(page)
        no_exception(page)
        text = main.inner_text()
        value = re.search(rf"{re.escape(RU['deals.m_value'])}\s*\n\s*(\d+\.\d\d)", text)
        assert value, (attempt, text[:2000])
        # the default objective is strength (log-odds of winning, about 20 for a relaunch squad of a
        # sample deck), never the 40-50 crystals a full squad spends; the library's own figures are
        # checked value for value by tests/dashboard/test_deals_page.py
        assert 0 < float(value.group(1)) < 40
    assert re.search(r"95% интервал ожидаемой ценности \d+\.\d{3} – \d+\.\d{3}; " + grouped(1000), text)
    assert page.locator(".js-plotly-plot").count() >= 5
    assert page.locator(".js-plotly-plot .bars path").count() > 0  # bars were drawn
    assert "Значения не целые" in text and f"ценность отряда, {strength_unit}" in main.inner_text()
    screenshot(page, shots, "3-deals")

    go_to(page, RU["page.recruit"])
    assert RU["recruit.m_value"] in main.inner_text() and "Что измеряет" in main.inner_text()
    screenshot(page, shots, "4-recruit")

    go_to(page, RU["page.combat"])
    assert re.search(r"P\(цель гибнет\)\s*\n\s*\d+\.\d%", main.inner_text())  # a share: percent, one decimal
    assert page.locator(".js-plotly-plot .heatmaplayer").count() == 1  # the dice grid
    screenshot(page, shots, "5-combat")

    go_to(page, RU["page.budgets"])
    page.get_by_role("spinbutton", name=RU["budgets.trials"]).fill("300")
    main.get_by_role("button", name=RU["budgets.run"]).click()
    page.get_by_text(re.compile(r"^Готово: \d+ клеток × 300 раздач")).wait_for()
    settle(page)
    no_exception(page)
    screenshot(page, shots, "6-budgets")

    go_to(page, RU["page.matchup"])
    # one objective and one player for both sides by default: strength and the heuristic player
    same = main.get_by_role("checkbox", name=RU["matchup.same_sides"])
    same.wait_for(state="attached")
    assert same.is_checked()
    for label, value in (("matchup.objective_both", "objective.strength.label"),
                         ("matchup.player_both", "player.heuristic")):
        picker = main.get_by_role("combobox", name=RU[label])
        picker.wait_for()
        assert picker.input_value() == RU[value], label
    page.get_by_role("spinbutton", name=RU["matchup.games"]).fill("40")
    main.get_by_role("button", name=RU["matchup.run"]).click()
    page.get_by_text(re.compile(r"^Готово: \d+ пар × 40 игр")).wait_for()
    page.get_by_role("heading", name=RU["matchup.pair"]).wait_for()
    settle(page)
    no_exception(page)
    text = main.inner_text()
    assert "Морраг Флай · текущая против" in text
    for label in ("matchup.m_wins", "matchup.m_first", "matchup.m_second"):
        assert re.search(re.escape(RU[label]) + r"\s*\n\s*\d+\.\d%", text), label
    # the board: card names with their life (drawn after the pair's figures: wait for it on a busy machine)
    main.get_by_text(re.compile("♥")).first.wait_for()
    assert "♥" in main.inner_text()
    page.get_by_role("slider").last.press("End")  # the last turn of the first game, with its log
    settle(page)
    main.get_by_text(re.compile(r"^Весь лог игры \(\d+ строк")).click()  # the whole game's log
    settle(page)
    assert " бьёт " in main.inner_text() and "кубик" in main.inner_text()
    screenshot(page, shots, "7-matchup")

    go_to(page, RU["page.tournament"])
    assert "Поле: 10 колод" in main.inner_text()  # the current field (data/fields/current-field.toml)
    page.get_by_role("spinbutton", name=RU["tournament.games"]).fill("10")  # (the fewest: a UI check)
    for _attempt in range(2):  # the second run comes from the on-disk game cache
        main.get_by_role("button", name=RU["tournament.run_scores"]).click()
        page.get_by_text(re.compile(r"^Готово: \d+ колод против поля, 10 игр на пару, зерно 0\.")).wait_for(
            timeout=LONG_RUN_MS)
        settle(page)
        no_exception(page)
    text = main.inner_text()
    assert re.search(re.escape(RU["tournament.m_current"]) + r"\s*\n\s*\d+\.\d%", text), text[:3000]
    assert "Лучший выбор — " in text and "из кэша 450 игр, сыграно 0" in text  # 45 pairs × 10, cached
    assert page.locator(".js-plotly-plot .heatmaplayer").count() == 1  # the matchups
    page.get_by_role("spinbutton", name=RU["tournament.candidates"]).fill("3")
    page.get_by_role("spinbutton", name=RU["tournament.max_games"]).fill("100")
    main.get_by_role("button", name=RU["tournament.run_tuning"]).click()
    page.get_by_text(re.compile(r"^Готово: 3 замен")).wait_for()
    settle(page)
    no_exception(page)
    screenshot(page, shots, "9-tournament")
    main.get_by_role("button", name=RU["tournament.apply_button"]).first.click()  # the best swap
    page.get_by_text(re.compile("^Применена замена")).wait_for()
    settle(page)
    assert "изменена заменой" in sidebar.inner_text()  # the current deck of every page changed
    assert main.get_by_role("button", name=RU["tournament.apply_button"]).first.is_disabled()

    go_to(page, RU["page.compare"])
    page.get_by_role("spinbutton", name=RU["compare.trials"]).fill("500")
    page.get_by_role("spinbutton", name=RU["compare.games"]).fill("40")
    main.get_by_role("button", name=RU["compare.run"]).click()
    page.get_by_text(re.compile(r"^Готово: 500 раздач на колоду и место, 40 игр")).wait_for()
    settle(page)
    no_exception(page)
    text = main.inner_text()
    # the applied swap renamed the deck (issue 21 item 8): "Морраг Флай −k … +k … · текущая"
    assert re.search(r"Морраг Флай −\d [^·]+ \+\d [^·]+ · текущая", text)
    assert RU["compare.head_to_head"] in text
    assert page.locator(".js-plotly-plot").count() >= 5  # curve, elements, odds, seats, head-to-head
    screenshot(page, shots, "10-compare")


def test_english_by_the_url(server, page, shots):
    page.goto(f"{server}/?lang=en")
    settle(page)
    page.get_by_role("heading", name=EN["page.deck"], level=1).wait_for()
    go_to(page, EN["page.combat"])
    assert "P(target dies)" in page.locator("[data-testid='stMain']").inner_text()
    no_exception(page)
    screenshot(page, shots, "8-combat-english")
    go_to(page, EN["page.tournament"])
    main = page.locator("[data-testid='stMain']")
    page.get_by_role("spinbutton", name=EN["tournament.games"]).fill("10")
    main.get_by_role("button", name=EN["tournament.run_scores"]).click()
    page.get_by_text(re.compile(r"^Done: \d+ decks against the field, 10 games per pair")).wait_for(
        timeout=LONG_RUN_MS)
    settle(page)
    no_exception(page)
    assert "Best choice: " in main.inner_text()
    screenshot(page, shots, "11-tournament-english")


def test_a_hostile_title_from_a_shared_link_is_only_text(server, page):
    """Issue 20 #3 in a real browser: a shared link whose title carries an ``<img onerror>``, a
    ``<script>`` and a Markdown image opens every page with the title shown as text — no element of
    the title's tags is created, no script of it runs, and the outside image is never fetched."""
    import urllib.parse

    from analysis.cards.table import load_cards
    from analysis.decks.deck import format_nxt, read_deck

    hostile = ("<img src=x onerror=window.__pwned=1> <script>window.__pwned=2</script> "
               "![t](https://example.invalid/p.png)")
    deck = read_deck(ROOT / "data" / "decks" / "tournament-01.txt", load_cards())
    code = format_nxt(deck).strip().lstrip("#")
    fetched: list[str] = []
    dialogs: list[str] = []

    def on_request(request) -> None:
        if urllib.parse.urlsplit(request.url).hostname == "example.invalid":
            fetched.append(request.url)

    def on_dialog(dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("request", on_request)
    page.on("dialog", on_dialog)
    query = urllib.parse.urlencode({"deck": code, "title": hostile, "lang": "en"})
    page.goto(f"{server}/?{query}")
    settle(page)
    for title in (EN["page.deck"], EN["page.deals"], EN["page.matchup"], EN["page.tournament"]):
        if title != EN["page.deck"]:
            go_to(page, title)
        no_exception(page)
        sidebar = page.locator("[data-testid='stSidebar']").inner_text()
        assert "<img src=x" in sidebar, "the title is shown in the sidebar as it was written"
        assert page.evaluate("() => window.__pwned === undefined"), f"a script of the title ran on {title}"
        assert page.locator("img[src='x']").count() == 0, f"the title's <img> became an element on {title}"
        assert page.locator("img[src*='example.invalid']").count() == 0
    page.remove_listener("request", on_request)
    page.remove_listener("dialog", on_dialog)
    assert fetched == [] and dialogs == []


def test_my_decks_are_kept_in_the_browser_across_a_reload(server, page):
    """Issue 21 #12: "My decks" lives in the browser's storage: save the current deck under a title,
    reload, find it, open it as the current deck, rename it, delete it — each surviving a reload."""
    # A new context of the module's browser: its own, empty storage (one Playwright per module).
    context = page.context.browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    main = page.locator("[data-testid='stMain']")
    picker = main.get_by_role("combobox", name=RU["deck.mine_pick"])

    def open_tab() -> None:
        settle(page)
        main.get_by_role("tab", name=RU["deck.tab_mine"]).click()
        settle(page)

    def stored() -> str | None:
        return page.evaluate("() => window.localStorage.getItem('berserk-analyzer.my-decks')")

    page.goto(server)
    open_tab()
    main.get_by_text(RU["deck.mine_empty"]).wait_for()
    title = main.get_by_label(RU["deck.mine_save_title"])
    title.fill("Мой ковен")
    title.press("Enter")
    settle(page)
    main.get_by_role("button", name=RU["deck.mine_save"], exact=True).click()
    main.get_by_text(re.compile("^Колода сохранена в браузере как Мой ковен")).wait_for()
    assert '"title":"Мой ковен"' in (stored() or "")
    page.reload()
    open_tab()
    assert picker.input_value() == "Мой ковен"
    no_exception(page)
    # Open it: it becomes the current deck, with its saved title.
    main.get_by_role("button", name=RU["deck.mine_load"], exact=True).click()
    main.get_by_text(re.compile("^Открыта сохранённая колода Мой ковен")).wait_for()
    settle(page)
    assert "Мой ковен" in page.locator("[data-testid='stSidebar']").inner_text()
    # Rename, reload, still there under the new title.
    main.get_by_role("tab", name=RU["deck.tab_mine"]).click()
    settle(page)
    new_title = main.get_by_label(RU["deck.mine_rename_to"])
    new_title.fill("Ковен для турнира")
    new_title.press("Enter")
    settle(page)
    main.get_by_role("button", name=RU["deck.mine_rename"], exact=True).click()
    main.get_by_text(re.compile("теперь называется Ковен для турнира")).wait_for()
    page.reload()
    open_tab()
    assert picker.input_value() == "Ковен для турнира"
    # Delete, reload: the list is empty again.
    main.get_by_role("button", name=RU["deck.mine_delete"], exact=True).click()
    main.get_by_text(re.compile("удалена из браузера")).wait_for()
    assert stored() == "[]"
    page.reload()
    open_tab()
    main.get_by_text(RU["deck.mine_empty"]).wait_for()
    no_exception(page)
    context.close()
