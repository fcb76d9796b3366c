"""Limits and payments: han and fu to basic points, basic points to what each payer pays."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .options import RiichiOptions

LIMIT_BASE: Final = {
    "mangan": 2000,
    "haneman": 3000,
    "baiman": 4000,
    "sanbaiman": 6000,
    "yakuman": 8000,
}


def _up100(x: int) -> int:
    return -(-x // 100) * 100


#: The most yakuman a hand counts with ``limit_to_sextuple_yakuman``.
SEXTUPLE: Final = 6


def basic_points(han: int, fu: int, yakuman: int, opts: RiichiOptions) -> tuple[int, str | None]:
    """Basic points and the limit's name (``None`` below mangan, and always with
    ``aotenjou``, where the basic points are fu x 2^(han + 2) however large)."""
    if opts.aotenjou:
        return fu * 2 ** (han + 2), None
    if yakuman:
        if opts.limit_to_sextuple_yakuman:
            yakuman = min(yakuman, SEXTUPLE)
        name = "yakuman" if yakuman == 1 else f"{yakuman}x yakuman"
        return 8000 * yakuman, name
    if han >= 13:
        if opts.kazoe == "yakuman":
            return 8000, "kazoe yakuman"
        if opts.kazoe == "none":  # 13 han a yakuman, 26 a double, ...
            times = han // 13
            if opts.limit_to_sextuple_yakuman:
                times = min(times, SEXTUPLE)
            return 8000 * times, "kazoe yakuman" if times == 1 else f"{times}x kazoe yakuman"
        return 6000, "sanbaiman"
    if han >= 11:
        return 6000, "sanbaiman"
    if han >= 8:
        return 4000, "baiman"
    if han >= 6:
        return 3000, "haneman"
    base = fu * 2 ** (han + 2)
    if han >= 5 or base >= 2000:
        return 2000, "mangan"
    if opts.kiriage and ((han == 4 and fu == 30) or (han == 3 and fu == 60)):
        return 2000, "mangan"
    return base, None


def nagashi_payment(dealer: bool, honba: int, opts: RiichiOptions) -> tuple[Payment, str]:
    """What each player pays a nagashi mangan (the one place for its value, used by the
    game and the calculator): a mangan tsumo without honba (``nagashi_value`` "mangan"),
    or a haneman tsumo with the honba (``nagashi_value`` "haneman"; the sticks are the
    caller's). With the limit's name."""
    if opts.nagashi_value == "haneman":
        return payment(LIMIT_BASE["haneman"], dealer, True, honba, 0, opts), "haneman"
    return payment(LIMIT_BASE["mangan"], dealer, True, 0, 0, opts), "mangan"


@dataclass(slots=True, init=False)
class Payment:
    """What the winner receives. On a ron ``ron`` is the discarder's payment; on a tsumo
    ``tsumo_dealer`` is the dealer's payment (0 when the winner is the dealer) and
    ``tsumo_other`` each non-dealer's. Honba are included; riichi sticks are ``sticks``."""

    ron: int
    tsumo_dealer: int
    tsumo_other: int
    sticks: int
    payers: int  # payers of a tsumo (2 with three players)

    # Written out: the compiled build runs a generated dataclass __init__ as interpreted code.
    def __init__(
        self,
        ron: int = 0,
        tsumo_dealer: int = 0,
        tsumo_other: int = 0,
        sticks: int = 0,
        payers: int = 3,
    ) -> None:
        self.ron = ron
        self.tsumo_dealer = tsumo_dealer
        self.tsumo_other = tsumo_other
        self.sticks = sticks
        self.payers = payers

    @property
    def total(self) -> int:
        """Everything the winner receives (every other player pays a tsumo)."""
        if self.ron:
            return self.ron + self.sticks
        if self.tsumo_dealer:
            return self.tsumo_dealer + (self.payers - 1) * self.tsumo_other + self.sticks
        return self.payers * self.tsumo_other + self.sticks

    @property
    def hand_value(self) -> int:
        """The value Tenhou prints: payments without sticks."""
        return self.total - self.sticks


def payment(
    base: int, dealer: bool, tsumo: bool, honba: int, sticks: int, opts: RiichiOptions
) -> Payment:
    """What each payer pays. Three players: the tsumo's fourth share is lost
    (``tsumo_loss``) or split between the two payers; a honba is ``honba_ron`` on a ron and
    an equal part of it from each tsumo payer."""
    payers = opts.players - 1
    per = opts.honba_ron // payers
    stick_points = sticks * opts.riichi_stick
    if not tsumo:
        return Payment(
            ron=_up100(base * (6 if dealer else 4)) + honba * opts.honba_ron,
            sticks=stick_points,
            payers=payers,
        )
    split = payers == 2 and not opts.tsumo_loss  # north bisection: half each
    if dealer:
        share = base * 2 + (base if split else 0)
        return Payment(tsumo_other=_up100(share) + honba * per, sticks=stick_points, payers=payers)
    return Payment(
        tsumo_dealer=_up100(base * 2 + (base // 2 if split else 0)) + honba * per,
        tsumo_other=_up100(base + (base // 2 if split else 0)) + honba * per,
        sticks=stick_points,
        payers=payers,
    )


def settle(
    pay: Payment,
    winner: int,
    from_seat: int | None,
    dealer: int,
    pao: int | None = None,
    honba_points: int = 0,
    players: int = 4,
) -> list[int]:
    """Each seat's score change for one win. ``from_seat`` None is a tsumo.

    Pao (responsibility for daisangen / daisuushi): on a tsumo the liable player pays the
    whole hand as if it had been a ron; on a ron the liable player and the discarder each
    pay half, the liable player also paying the honba (``honba_points`` is the honba part
    of the ron payment), as on Tenhou. Riichi sticks go to the winner.
    """
    deltas = [0] * players
    if from_seat is None and pao is not None:
        amount = pay.hand_value
        deltas[pao] -= amount
        deltas[winner] += amount
    elif from_seat is None:
        for seat in range(players):
            if seat == winner:
                continue
            owed = pay.tsumo_dealer if (seat == dealer and pay.tsumo_dealer) else pay.tsumo_other
            deltas[seat] -= owed
            deltas[winner] += owed
    elif pao is not None and pao != from_seat:
        value = pay.ron - honba_points
        deltas[pao] -= value // 2 + honba_points
        deltas[from_seat] -= value - value // 2
        deltas[winner] += pay.ron
    else:
        deltas[from_seat] -= pay.ron
        deltas[winner] += pay.ron
    deltas[winner] += pay.sticks
    return deltas
