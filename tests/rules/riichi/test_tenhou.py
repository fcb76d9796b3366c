"""Pao settlement, worked by hand (the 31 real Tenhou games have no pao; every one of
their wins is checked through the engine in ``tests/records/test_tenhou6.py``)."""

from __future__ import annotations

from sparrows.rules.riichi import Payment, settle


def test_pao_payments() -> None:
    """Worked by hand: the liable player pays all of a tsumo; on a ron the discarder and
    the liable player pay half each and the liable player the honba (Tenhou's rule)."""
    yakuman_ron = Payment(ron=32000 + 600, sticks=1000)  # non-dealer ron, 2 honba, 1 stick
    assert settle(yakuman_ron, winner=1, from_seat=2, dealer=0, pao=3, honba_points=600) == [
        0,
        33600,  # 32000 + 600 honba + the 1000 stick
        -16000,  # the discarder: half
        -16600,  # the liable player: half and the honba
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
