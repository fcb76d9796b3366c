"""Every win of the 31 real Tenhou games reproduces exactly: fu, han, yaku, the printed
points and every player's score change (honba, riichi sticks, double ron)."""

from __future__ import annotations

import re

from sparrows.records.tenhou6 import JAPANESE_YAKU, TenhouWin, win_situation, wins
from sparrows.rules.riichi import Payment, riichi_options, score, settle

from .conftest import oracle_path


def _printed(pay: Payment, tsumo: bool, dealer_won: bool) -> str:
    """Tenhou's points text: '7700', '1000-2000' (non-dealer tsumo), '4000∀' (dealer)."""
    if not tsumo:
        return str(pay.ron)
    if dealer_won:
        return f"{pay.tsumo_other}∀"
    return f"{pay.tsumo_other}-{pay.tsumo_dealer}"


def test_every_tenhou_win() -> None:
    games = wins(oracle_path("riichi", "tenhou6"))
    assert len(games) == 265
    opts = riichi_options("tenhou")
    previous: TenhouWin | None = None
    wrong = []
    for w in games:
        # On a double ron Tenhou gives honba and sticks to the first winner only.
        second = previous is not None and (
            previous.file,
            previous.kyoku,
            previous.honba,
            previous.start_scores,
        ) == (w.file, w.kyoku, w.honba, w.start_scores)
        previous = w
        sit = win_situation(w, honba=0, sticks=0) if second else win_situation(w)
        r = score(sit, opts)
        if not r.is_win:
            wrong.append((w, r.reason))
            continue
        problems = []
        if w.fu and (r.fu, r.han) != (w.fu, w.han):
            problems.append(f"fu/han {r.fu}/{r.han} != {w.fu}/{w.han}")
        if sorted(JAPANESE_YAKU[n] for n, _ in w.yaku) != sorted(i for i, _ in r.yaku):
            problems.append(f"yaku {r.yaku} != {w.yaku}")
        # printed points exclude honba: score the hand again without them
        plain = score(win_situation(w, honba=0, sticks=0), opts).payment
        text = re.sub(r"^.*?(\d[\d\-∀]*)点(∀?)$", r"\1\2", w.points_text)
        if _printed(plain, w.tsumo, w.seat_wind == 0) != text:
            problems.append(f"points {_printed(plain, w.tsumo, w.seat_wind == 0)} != {text}")
        honba_part = 0 if w.tsumo else sit.honba * opts.honba_ron
        deltas = settle(
            r.payment, w.winner, None if w.tsumo else w.from_seat, w.dealer, w.pao, honba_part
        )
        if tuple(deltas) != w.deltas:
            problems.append(f"deltas {deltas} != {w.deltas}")
        if problems:
            wrong.append((w.file, w.kyoku, problems))
    assert not wrong, f"{len(wrong)} of {len(games)} wins differ; first: {wrong[:3]}"


def test_pao_payments() -> None:
    """Worked by hand from the rules page: the liable player pays all of a tsumo and half
    of a ron (the discarder the other half and the honba)."""
    yakuman_ron = Payment(ron=32000 + 600, sticks=1000)  # non-dealer ron, 2 honba, 1 stick
    assert settle(yakuman_ron, winner=1, from_seat=2, dealer=0, pao=3, honba_points=600) == [
        0,
        33600,
        -16600,
        -16000,
    ]
    tsumo = Payment(tsumo_dealer=16000, tsumo_other=8000)  # non-dealer yakuman tsumo
    assert settle(tsumo, winner=1, from_seat=None, dealer=0, pao=2) == [0, 32000, -32000, 0]
    # without pao the same tsumo is paid by everyone: dealer 16000, others 8000
    assert settle(tsumo, winner=1, from_seat=None, dealer=0) == [-16000, 32000, -8000, -8000]
    # a pao player who is also the discarder simply pays the ron
    assert settle(yakuman_ron, winner=1, from_seat=3, dealer=0, pao=3, honba_points=600) == [
        0,
        33600,
        0,
        -32600,
    ]
