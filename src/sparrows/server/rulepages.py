"""A one-page summary of each ruleset for the players (``/rules/{name}``, linked from the
lobby and the table): what wins, the scoring tables and the options with their defaults.

Every figure comes from the rules' own data (:func:`sparrows.rules.catalog.describe`, the
ruleset's ``rule_tables``, riichi's yaku registry); only the sentences on what wins are
written here. English (the scoring items' names in other languages are on the page's own
result panels)."""

from __future__ import annotations

from html import escape
from typing import Any

from ..errors import SparrowsError
from ..rules.catalog import STATUS, describe

#: What wins, in a few sentences per ruleset.
WINS: dict[str, list[str]] = {
    "suzume": [
        "44 tiles: the numbers 1-9 of one suit (one red copy of each) and the green and "
        "red dragons; hands of five tiles, six with the one drawn or won on.",
        "A win is two sets of three (runs or triplets) worth at least five points; the only "
        "call is Ron, never on a kind you discarded this hand.",
    ],
    "riichi": [
        "Four sets (runs, triplets, quads) and a pair, seven pairs, or thirteen orphans.",
        "A win needs at least one yaku (dora alone is not one); a discard you threw "
        "earlier, or one you passed since your last turn, makes you furiten: you may not "
        "win on a discard then.",
        "Points come from han and fu (the tables below); dora, red fives and ura dora add "
        "han to a win that already has a yaku.",
    ],
    "hongkong": [
        "Four sets and a pair (or a special hand), with at least the table's minimum faan.",
        "Faan add up (the table below), limited hands score the limit; the payment is one "
        "share per faan from the table, the discarder paying more than the others (half-"
        "gun by default).",
    ],
    "sichuan": [
        "Three suits, no honours or flowers; each player first passes three tiles and then "
        "voids one suit: a hand still holding the void suit cannot win.",
        "Bloody battle: a winner leaves the hand and the others play on until three have "
        "won or the wall ends.",
        "Pung and gang (kong) but no chow; faan double the base; gangs pay at once.",
    ],
    "classical": [
        "Four sets and a pair (Mah Jongg). Every hand is scored, the winner's and the "
        "losers': points for its sets, pairs and bonus tiles, then doubled for each double.",
        "The winner is paid its score by each loser; the losers then pay one another the "
        "difference of their scores; every payment to or from East is doubled.",
    ],
}


def rules_page(name: str) -> str:
    """The HTML of ``name``'s rules summary (SparrowsError: no such ruleset)."""
    if name not in STATUS:
        raise SparrowsError(f"no ruleset {name!r}; rulesets: {', '.join(STATUS)}")
    info = describe(name)
    parts = [f"<h1>{escape(_title(name))}</h1>", f"<p class='muted'>{escape(STATUS[name])}</p>"]
    parts.append("<section class='card'><h2>What wins</h2>")
    parts += [f"<p>{escape(line)}</p>" for line in WINS.get(name, [])]
    parts.append("</section>")
    tables: dict[str, list[Any]] = dict(info["tables"])
    if name == "riichi":
        tables = {**_riichi_tables(), **tables}
    for title, rows in tables.items():
        body = "".join(
            f"<tr><td>{escape(str(n))}</td><td class='num'>{escape(str(v))}</td>"
            f"<td>{escape(str(d))}</td></tr>"
            for n, v, d in rows
        )
        parts.append(
            f"<section class='card'><h2>{escape(title)}</h2><table>{body}</table></section>"
        )
    options = "".join(
        f"<tr><td><code>{escape(o['name'])}</code></td><td class='num'>"
        f"{escape(str(o['default']))}</td><td>{escape(o['doc'])}</td></tr>"
        for o in info["options"]
    )
    parts.append(
        "<section class='card'><h2>Options (their defaults; presets change some)</h2>"
        f"<table>{options}</table></section>"
    )
    return _PAGE.format(title=escape(_title(name)), body="\n".join(parts))


def _title(name: str) -> str:
    return {
        "suzume": "Suzume-Jong",
        "riichi": "Riichi",
        "hongkong": "Hong Kong",
        "sichuan": "Sichuan bloody battle",
        "classical": "Classical Chinese",
    }.get(name, name)


def _riichi_tables() -> dict[str, list[tuple[str, Any, str]]]:
    from ..rules.riichi.yaku import YAKU, YAKUMAN

    def han(closed: int, opened: int) -> str:
        return f"{closed}" if closed == opened else f"{closed} ({opened or '-'} open)"

    standard = [y for y in YAKU if not y.options]
    return {
        "Yaku (han closed, open)": [
            (y.name, han(y.han_closed, y.han_open), "") for y in standard if y.han_closed
        ],
        "Yakuman": [
            (y.name, "double" if y.double else "13+", "") for y in YAKUMAN if not y.options
        ],
    }


_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>sparrows · {title} rules</title>
<link rel="icon" href="/static/tiles/fluffystuff/Chun.svg">
<link rel="stylesheet" href="/static/css/base.css">
<link rel="stylesheet" href="/static/css/rules.css">
</head>
<body>
<header class="topbar">
<a class="brand" href="/">sparrows</a><span class="muted">rules</span>
</header>
<main class="rules" data-testid="rules">
{body}
</main>
</body>
</html>
"""
