"""Every enabled button of every page pressed twice (AppTest): no exception, and a repeated run
returns its cached result instead of crashing with ``CacheReplayClosureError`` (issue 12).

The long runs are made small first (a few deals, games and cells), then each button present on
the page — including those that appear after another was pressed — is clicked twice in a row.
"""

from __future__ import annotations

import pytest
from app_helpers import edit_field, open_app


def _small(page: str, at) -> None:
    """Shrink the page's long runs so pressing everything stays quick."""
    if page == "deals":
        at.number_input(key="deals_trials").set_value(200)
        at.number_input(key="deals_estimate").set_value(100)
    elif page == "budgets":
        at.multiselect(key="budgets_samples").set_value(["tournament-02"])
        at.multiselect(key="budgets_rules").set_value(["relaunch"])
        at.number_input(key="budgets_trials").set_value(100)
    elif page == "matchup":
        at.multiselect(key="matchup_samples").set_value(["tournament-02"])
        at.number_input(key="matchup_games").set_value(10)
    elif page == "tournament":
        edit_field(at)  # two decks (the field's reset button brings back five)
        # Form fields set through the session state: their values then hold through the runs of
        # buttons outside the form too.
        for key, value in (
            ("tournament_games", 10),
            ("tournament_candidates", 2),
            ("tournament_max_games", 100),
        ):
            at.session_state[key] = value
        at.run()
    elif page == "compare":
        at.session_state["compare_trials"] = 100
        at.session_state["compare_games"] = 10
        at.run()
    elif page == "deck":
        at.text_area(key="paste_text").input("3 Смотрящий в ночь\n")  # a short deck for "load pasted"


def _enabled(at) -> list[str]:
    return [b.key for b in at.button if not b.disabled]


@pytest.mark.parametrize(
    "page", ["deck", "cards", "deals", "recruit", "combat", "budgets", "matchup", "tournament", "compare"]
)
def test_every_button_pressed_twice(page):
    at = open_app(page)
    _small(page, at)
    pressed: set[str] = set()
    while True:
        todo = [k for k in _enabled(at) if k not in pressed]
        if not todo:
            break
        for key in todo:
            for _ in range(2):
                if key not in _enabled(at):
                    break  # e.g. the last copy of a card is gone, and its buttons with it
                at.button(key=key).click().run()
                assert not at.exception, (page, key, at.exception)
            pressed.add(key)
    assert pressed or page in ("recruit", "combat"), page  # those two pages have no button


@pytest.mark.parametrize(
    ("page", "button", "done"),
    [
        ("deals", "deals_run", "Done: 200 deals per policy, seed 1."),
        ("budgets", "budgets_run", "Done: 4 cells × 100 deals, seed 1."),
        ("matchup", "matchup_run", "Done: 1 pairs × 10 games, seed 1."),
        ("tournament", "tournament_run", "Done: 2 decks against the field, 10 games per pair, seed 0."),
        ("tournament", "tournament_tune_run", "Done: 2 swaps, 500 games, rounds: 1."),
        ("compare", "compare_run", "Done: 100 deals per deck and seat, 10 games between the decks, seed 1."),
    ],
)
def test_a_repeated_run_shows_the_same_results(page, button, done):
    """The second press with the same inputs comes from the cache: same figures, bar at 'Done'."""
    at = open_app(page)
    _small(page, at)
    at.button(key=button).click().run()
    first = [(d.value.to_csv()) for d in at.dataframe]
    at.button(key=button).click().run()
    assert not at.exception
    assert [d.value.to_csv() for d in at.dataframe] == first
    assert [p.proto.text for p in at.get("progress")] == [done]
