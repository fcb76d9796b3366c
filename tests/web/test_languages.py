"""The page in every language (issue 31): English, Japanese, simplified and traditional
Chinese hold the same keys (the test lists what each lacks), keep every placeholder, name
every scoring item the rules can send, and the lobby and a table render in each with no
key shown raw and no script error."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api")

from tests.support.browser import CHROMIUM, play, post_json

if not CHROMIUM.exists():
    pytest.skip("no /usr/bin/chromium (make browser installs it)", allow_module_level=True)

LANGUAGES = ["ja", "zh-Hans", "zh-Hant"]

#: What each language lacks or adds against English, and placeholders that differ.
COMPARE = """async () => {
  const { DICT } = await import('/static/js/i18n.js');
  const out = {};
  const walk = (en, other, path, report) => {
    if (Array.isArray(en)) {
      const same = Array.isArray(other) && other.length === en.length;
      if (!same) report.push(`${path}: ${en.length} items`);
      return;
    }
    if (en && typeof en === 'object') {
      for (const k of Object.keys(en)) {
        if (!(other && k in other)) report.push(`missing ${path}.${k}`);
        else walk(en[k], other[k], `${path}.${k}`, report);
      }
      for (const k of Object.keys(other || {})) if (!(k in en)) report.push(`extra ${path}.${k}`);
      return;
    }
    if (typeof en === 'string') {
      const want = (en.match(/\\{\\w+\\}/g) || []).sort().join();
      const got = (String(other).match(/\\{\\w+\\}/g) || []).sort().join();
      if (want !== got) report.push(`placeholders ${path}: ${want} vs ${got}`);
    }
  };
  for (const code of Object.keys(DICT)) {
    if (code === 'en') continue;
    const report = [];
    walk(DICT.en, DICT[code], code, report);
    out[code] = report;
  }
  return out;
}"""


def test_every_language_has_every_key(server: str, browser: Any) -> None:
    page = browser.new_page()
    try:
        page.goto(server + "/credits")
        missing = page.evaluate(COMPARE)
        assert sorted(missing) == sorted(LANGUAGES)
        assert missing == {code: [] for code in LANGUAGES}
    finally:
        page.close()


def test_every_fu_item_and_abort_reason_has_a_name() -> None:
    """Riichi's fu items (FU_ITEMS) and abortive draws (the reasons the rules give) are
    worded in every language's ``fu`` and ``aborts`` blocks."""
    from pathlib import Path

    from sparrows.rules.riichi.fu import FU_ITEMS

    src = Path(__file__).resolve().parents[2] / "src/sparrows"
    rules = (src / "rules/riichi/game.py").read_text(encoding="utf-8")
    aborts = set(re.findall(r'_abort(?:_ops)?\(game, "([a-z ]+)"', rules))
    assert {"nine terminals", "four winds", "three ron"} <= aborts
    for name in ["i18n.js", "lang/ja.js", "lang/zh-Hans.js", "lang/zh-Hant.js"]:
        text = (src / "server/static/js" / name).read_text(encoding="utf-8")
        for field, wanted in (("fu", set(FU_ITEMS)), ("aborts", aborts)):
            block = re.search(r"\b" + field + r": \{(.*?)\n\s*\}", text, re.S)
            assert block, (name, field)
            named = set(re.findall(r'"([^"]+)":', block.group(1)))
            assert wanted <= named, (name, field, sorted(wanted - named))


def test_every_action_verb_is_worded_in_every_language() -> None:
    """Every action type has its word (``act.<verb>``) in every language: the replay and
    the log say a move by it (a nine-terminals abort was once shown as ``act.abort``)."""
    from pathlib import Path

    from sparrows.engine import ActionType

    src = Path(__file__).resolve().parents[2] / "src/sparrows/server/static/js"
    for name in ["i18n.js", "lang/ja.js", "lang/zh-Hans.js", "lang/zh-Hant.js"]:
        text = (src / name).read_text(encoding="utf-8")
        worded = set(re.findall(r'"act\.([a-z_]+)":', text))
        missing = sorted(a.value for a in ActionType if a.value not in worded)
        assert missing == [], (name, missing)


def test_every_reason_is_worded_in_every_language() -> None:
    """What the rules and the server say (sparrows.reasons) is worded in every language's
    ``reasons`` block, with no placeholder the server does not fill."""
    from pathlib import Path

    from sparrows.reasons import REASONS

    src = Path(__file__).resolve().parents[2] / "src/sparrows/server/static/js"
    for name in ["i18n.js", "lang/ja.js", "lang/zh-Hans.js", "lang/zh-Hant.js"]:
        text = (src / name).read_text(encoding="utf-8")
        block = re.search(r"\breasons: \{(.*?)\n\s*\}", text, re.S)
        assert block, name
        worded = dict(re.findall(r'^\s*([a-z_]+): "(.*)",$', block.group(1), re.M))
        assert set(worded) == set(REASONS), (name, set(REASONS) ^ set(worded))
        for key, words in worded.items():
            filled = set(re.findall(r"\{(\w+)\}", REASONS[key]))
            assert set(re.findall(r"\{(\w+)\}", words)) <= filled, (name, key)


SAID = """async () => {
  const i18n = await import('/static/js/i18n.js');
  return [
    i18n.said({id: 'own_discard', args: {tile: '5p'}}, 'english'),
    i18n.tileName('5p'),
    i18n.said({id: 'void_tile', args: {suit: 's'}}, 'english'),
    i18n.words('suits').s,
    i18n.said({id: 'a_later_id', args: {}}, 'english'),
    i18n.said(null, 'english'),
  ];
}"""


def test_a_reason_is_said_in_the_page_language(server: str, browser: Any) -> None:
    """The page words a reason by its id in its language, names the tile and the suit
    in it too, and falls back to the server's English line for an id it lacks."""
    page = browser.new_page()
    try:
        seen = {}
        for code in ["en", *LANGUAGES]:
            page.goto(f"{server}/credits?lang={code}")
            own, tile, void, suit, later, none = page.evaluate(SAID)
            assert tile in own and "{" not in own and own != "english", (code, own)
            assert suit in void and "{" not in void, (code, void)
            assert later == none == "english"
            seen[code] = own
        assert seen["en"] == "you discarded 5 dots earlier this hand, so you may not win on it"
        assert "捨て" in seen["ja"] and len(set(seen.values())) == 4
    finally:
        page.close()


def test_every_scoring_item_has_a_name() -> None:
    """The ids the rules can send in a win's detail.items are the ids the page names."""
    from pathlib import Path

    from sparrows.rules.classical import options as classical
    from sparrows.rules.hongkong import options as hongkong
    from sparrows.rules.sichuan import options as sichuan

    wanted = {
        "hongkong": {*hongkong.FAAN, *hongkong.LIMITS},
        "classical": {
            *classical.MELD_POINTS,
            *classical.POINTS,
            *classical.DOUBLES,
            *classical.LIMIT_HANDS,
        },
        "sichuan": set(sichuan.FAAN),
    }
    folder = Path(__file__).resolve().parents[2] / "src/sparrows/server/static/js/lang"
    for name in ["items-en.js", "ja.js", "zh-Hans.js", "zh-Hant.js"]:
        text = (folder / name).read_text(encoding="utf-8")
        for ruleset, ids in wanted.items():
            block = re.search(ruleset + r"\s*:\s*\{(.*?)\n\s*\}", text, re.S)
            assert block, (name, ruleset)
            named = set(re.findall(r"([a-z_0-9]+)\s*:", block.group(1)))
            assert ids <= named, (name, ruleset, sorted(ids - named))


@pytest.mark.parametrize(
    "code",
    # a hand each, in make test-all (make test checks every language's keys above)
    [pytest.param(c, marks=pytest.mark.slow) for c in LANGUAGES],
)
def test_the_lobby_and_a_table_render_in_each_language(
    server: str, browser: Any, code: str
) -> None:
    ruleset = {"ja": "riichi", "zh-Hans": "sichuan", "zh-Hant": "hongkong"}[code]
    body: dict[str, Any] = {
        "ruleset": ruleset,
        "seats": [{"kind": "human"}] + [{"kind": "bot:efficiency"}] * 3,
        "settings": {"bot_pace": 0, "claim_pause": 0},
    }
    if ruleset == "riichi":
        body["preset"] = "tenhou"
    made = post_json(server + "/api/tables", body)
    page = browser.new_page(viewport={"width": 1280, "height": 860})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    raw = re.compile(r"\b(table|lobby|end|hint|act|flow|round|callout|replay)\.[a-zA-Z]+\b")
    try:
        page.goto(f"{server}/?lang={code}")
        page.wait_for_selector("[data-testid=ruleset] option", state="attached")
        text = page.inner_text("body")
        assert not raw.search(text), raw.search(text)
        assert page.evaluate("document.documentElement.lang") == code
        assert page.locator("[data-testid=language]").input_value() == code
        link = made["links"]["0"]
        page.goto(link.replace("#", f"?lang={code}#"))
        play(page, lambda s: s["overlay"] != "", close_panels=False, timeout=90)
        text = page.inner_text("body")
        assert not raw.search(text), raw.search(text)
        assert "Next hand" not in text and "waiting for" not in text  # said in the language
        assert errors == []
    finally:
        page.close()


ENGLISH_LEFT = """() => [...document.querySelectorAll('input, select, .seat-label')]
  .map((n) => [n.placeholder, n.getAttribute('aria-label'),
               n.classList.contains('seat-label') ? n.textContent : ''])
  .flat().filter(Boolean).join(' | ')"""


def test_the_lobbys_seat_rows_are_in_the_language(server: str, browser: Any) -> None:
    """The seat rows' labels, placeholders and accessible names are the language's own
    (they were English in every language)."""
    page = browser.new_page()
    try:
        for code in LANGUAGES:
            page.goto(f"{server}/?lang={code}")
            page.wait_for_selector("[data-testid=seat-name]")
            said = page.evaluate(ENGLISH_LEFT)
            for english in ("Your name", "first dealer", "player", " name", "Seat "):
                assert english not in said, (code, english, said)
    finally:
        page.close()


def test_the_language_chosen_is_remembered(server: str, browser: Any) -> None:
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(server + "/")
        page.wait_for_selector("[data-testid=language]")
        page.select_option("[data-testid=language]", "zh-Hant")
        page.wait_for_load_state()
        page.wait_for_selector("[data-testid=ruleset] option", state="attached")
        assert page.evaluate("document.documentElement.lang") == "zh-Hant"
        page.goto(server + "/")  # a new visit: the choice is kept
        page.wait_for_selector("[data-testid=ruleset] option", state="attached")
        assert page.locator("[data-testid=language]").input_value() == "zh-Hant"
        assert page.locator("h1").inner_text() != "New table"
    finally:
        context.close()
