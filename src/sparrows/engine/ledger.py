"""The ledger: named accounts per seat (``points``; ``chips`` and others where a ruleset
has them) and a table pot per account (riichi sticks). Every change is a move from one
holder to another, so each account's total is conserved; a floor is the ruleset's
declared policy and a move that would break it is a bug, never silently truncated."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

POT: Final = -1


class Ledger:
    def __init__(
        self, balances: Mapping[str, Sequence[int]], floors: Mapping[str, int] | None = None
    ) -> None:
        self.accounts: dict[str, list[int]] = {k: list(v) for k, v in balances.items()}
        self.pots: dict[str, int] = {k: 0 for k in self.accounts}
        self.floors: dict[str, int] = dict(floors or {})
        self.totals: dict[str, int] = {k: sum(v) for k, v in self.accounts.items()}

    def copy(self) -> Ledger:
        """An independent copy (``Game.clone``)."""
        other = Ledger({}, self.floors)
        other.accounts = {k: list(v) for k, v in self.accounts.items()}
        other.pots = dict(self.pots)
        other.totals = dict(self.totals)
        return other

    def balance(self, account: str, holder: int) -> int:
        return self.pots[account] if holder == POT else self.accounts[account][holder]

    def payable(self, account: str, payer: int, amount: int) -> int:
        """What ``payer`` can pay of ``amount`` without going below the account's floor
        (for rulesets whose policy is "pay down to the floor")."""
        floor = self.floors.get(account)
        if floor is None:
            return amount
        return max(0, min(amount, self.balance(account, payer) - floor))

    def move(self, account: str, src: int, dst: int, amount: int) -> None:
        if amount < 0:
            raise AssertionError(f"a negative move of {amount} {account}")
        if src == POT:
            self.pots[account] -= amount
        else:
            balances = self.accounts[account]
            balances[src] -= amount
            floor = self.floors.get(account)
            if floor is not None and balances[src] < floor:
                raise AssertionError(
                    f"seat {src} would go below the {account} floor {floor}: the ruleset "
                    "must pay what the policy allows (Ledger.payable)"
                )
        if dst == POT:
            self.pots[account] += amount
        else:
            self.accounts[account][dst] += amount
        if self.pots[account] < 0:
            raise AssertionError(f"the {account} pot went below 0")

    def check(self) -> None:
        for account, balances in self.accounts.items():
            total = sum(balances) + self.pots[account]
            if total != self.totals[account]:
                raise AssertionError(f"{account} not conserved: {total} != {self.totals[account]}")
            floor = self.floors.get(account)
            if floor is not None and min(balances) < floor:
                raise AssertionError(f"a {account} balance is below the floor {floor}")


class Settlement:
    """Builds the moves of one settlement against running balances, so that each payment
    sees the ones before it (a payer who just received can pay on; a payer at the floor
    pays what the policy allows). ``ops`` are the :class:`~.flow.Move` ops to return."""

    def __init__(self, ledger: Ledger, account: str = "points") -> None:
        from .flow import Move

        self._move = Move
        self.account = account
        self.balances = list(ledger.accounts[account])
        self.pot = ledger.pots[account]
        self.floor = ledger.floors.get(account)
        self.ops: list[Move] = []
        self.start = list(self.balances)

    def pay(self, src: int, dst: int, amount: int, reason: str, capped: bool = True) -> int:
        """Move ``amount`` (down to the floor when ``capped``); returns what was paid."""
        have = self.pot if src == POT else self.balances[src]
        if capped and self.floor is not None and src != POT:
            amount = max(0, min(amount, have - self.floor))
        self._shift(src, dst, amount)
        if amount:
            self.ops.append(self._move(self.account, src, dst, amount, reason))
        return amount

    def _shift(self, src: int, dst: int, amount: int) -> None:
        if src == POT:
            self.pot -= amount
        else:
            self.balances[src] -= amount
        if dst == POT:
            self.pot += amount
        else:
            self.balances[dst] += amount

    def apply(self, ops: Sequence[object]) -> Settlement:
        """Count moves made elsewhere (ops a ruleset is about to return, not applied
        yet) in the running balances, without adding them to :attr:`ops`: then
        ``balances`` are what the account will hold once they are applied."""
        from .flow import Move

        for op in ops:
            if isinstance(op, Move) and op.account == self.account:
                self._shift(op.src, op.dst, op.amount)
        return self

    def deltas(self) -> list[int]:
        return [b - s for b, s in zip(self.balances, self.start, strict=True)]
