"""End to end in a real browser: ``streamlit run app/main.py`` driven by Playwright and Debian's chromium.

Loads a sample deck, runs a deal simulation, checks the chart and the numbers, and saves a
screenshot of every page to ``reports/screenshots/``. Skipped (with the reason) only when
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

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
SHOTS = ROOT / "reports" / "screenshots"
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
TIMEOUT_MS = 120_000

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(),
                       reason="chromium is not installed at /usr/bin/chromium (apt-get install -y chromium)"),
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
        [sys.executable, "-m", "streamlit", "run", "app/main.py", "--server.port", str(port),
         "--server.address", "127.0.0.1", "--server.headless", "true",
         "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=os.environ | {"PYTHONUNBUFFERED": "1"},
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
        timeout=TIMEOUT_MS)
    page.wait_for_timeout(800)


def screenshot(page, name: str) -> Path:
    """A screenshot of the whole page: the viewport is stretched to the page's height first."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    height = page.evaluate("() => document.querySelector('[data-testid=\"stMain\"]').scrollHeight")
    page.set_viewport_size({"width": 1400, "height": max(1000, min(int(height), 7000))})
    page.wait_for_timeout(1500)
    path = SHOTS / f"{name}.png"
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


def test_deck_then_deals_then_every_page(page):
    settle(page)
    main = page.locator("[data-testid='stMain']")
    # First open: the sample deck is there, with the menu and the shared-deck sidebar.
    sidebar = page.locator("[data-testid='stSidebar']")
    assert "Ковеноглина" in sidebar.inner_text()
    # Load another sample deck.
    choose(page, "Sample deck", "tournament-08 — Морраг Флай (30 cards)")
    main.get_by_role("button", name="Load sample").click()
    page.get_by_text("Loaded sample tournament-08").wait_for()
    settle(page)
    assert "Морраг Флай" in sidebar.inner_text()
    assert main.get_by_role("heading", name="Морраг Флай — 30 cards").is_visible()
    assert page.locator(".js-plotly-plot").count() >= 5
    assert "LEGAL under relaunch / constructed" in main.inner_text()
    screenshot(page, "1-deck")

    go_to(page, "Cards")
    page.get_by_label("Name contains").fill("морраг")
    page.get_by_label("Name contains").press("Enter")
    page.get_by_text(re.compile(r"^\d+ of 1310 printings match\.$")).wait_for()
    settle(page)
    screenshot(page, "2-cards")

    go_to(page, "Deals")
    page.get_by_label("Deals (N)").fill("1000")
    page.get_by_label("Deals per stage for the optimal thresholds").fill("400")
    main.get_by_role("button", name="Run simulation").click()
    page.get_by_text("Done: 1,000 deals per policy, seed 1.").wait_for()
    page.get_by_role("heading", name="Mulligan policies side by side").wait_for()
    settle(page)
    text = main.inner_text()
    value = re.search(r"Expected value \(optimal\)\s*\n\s*(\d+\.\d\d)", text)
    assert value, text[:2000]
    assert 20 < float(value.group(1)) < 60  # a squad worth 20–60 crystals: numbers, not a blank
    assert re.search(r"95% intervals: expected value \d+\.\d{3} – \d+\.\d{3}; 1,000 deals", text)
    charts = page.locator(".js-plotly-plot")
    assert charts.count() >= 5
    assert page.locator(".js-plotly-plot .bars path").count() > 0  # bars were drawn
    screenshot(page, "3-deals")

    go_to(page, "Recruit")
    assert "Squad value" in main.inner_text()
    screenshot(page, "4-recruit")

    go_to(page, "Combat")
    assert re.search(r"P\(target dies\)\s*\n\s*\d\.\d{3}", main.inner_text())
    assert page.locator(".js-plotly-plot .heatmaplayer").count() == 1  # the dice grid
    screenshot(page, "5-combat")

    go_to(page, "Budgets")
    page.get_by_label("Deals per cell").fill("300")
    main.get_by_role("button", name="Compare budgets").click()
    page.get_by_text(re.compile(r"Done: \d+ cells × 300 deals")).wait_for()
    settle(page)
    screenshot(page, "6-budgets")

    go_to(page, "Matchup")
    page.get_by_label("Games per pair").fill("40")
    main.get_by_role("button", name="Run matchups").click()
    page.get_by_text(re.compile(r"Done: \d+ pairs × 40 games")).wait_for()
    page.get_by_role("heading", name="One pair in detail").wait_for()
    settle(page)
    assert re.search(r"current deck wins\s*\n\s*\d+\.\d%", main.inner_text())
    screenshot(page, "7-matchup")
