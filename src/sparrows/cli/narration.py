"""What the terminal says of a game's events: one line (or a few) per event as one seat
may see it, in the ruleset's own words. The terminal table (``sparrows play``) tells its
player what happened between decisions with it; ``sparrows replay`` tells a whole
record with it. A win is told by its family's scoring: doubles (classical), faan (Hong
Kong, Sichuan), han and fu (riichi), or plain points (Suzume)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TextIO

from ..client.details import (
    WIN_DETAILS,
    ClassicalWinDetail,
    FaanWinDetail,
    RiichiWinDetail,
    SuzumeWinDetail,
)
from ..engine.game import Game
from ..tiles import parse_tiles
from ..tiles.kinds import WIND_NAMES
from .common import BOLD, RESET, relative_name, show_tiles

Event = dict[str, Any]


def verb(name: str, said: str, third: str | None = None, pad: int = 0) -> str:
    """``You win`` / ``Right wins`` (``third``: the verb's third-person form where it is
    not ``said + s``); ``pad`` aligns the name in a column."""
    form = said if name == "You" else (third or f"{said}s")
    return f"{name:<{pad}} {form}" if pad else f"{name} {form}"


def possessive(name: str) -> str:
    return "your" if name == "You" else f"{name}'s"


class Narrator:
    """Tells ``game``'s events to ``out`` as ``seat`` sees them (the other seats named
    from it: You, Right, Across, Left)."""

    def __init__(self, game: Game, seat: int, out: TextIO, color: bool) -> None:
        self.game = game
        self.ruleset = game.ruleset
        self.seat = seat
        self.out = out
        self.color = color
        self.dialect = game.ruleset.dialect
        self.dealt = False  # a draw has happened this hand (later indicators are news)
        n = game.n
        self.order = [(seat + i) % n for i in range(n)]  # You first, then in turn order

    # ---------------------------------------------------------------- words
    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def name(self, seat: int) -> str:
        return relative_name(seat, self.seat, self.game.n)

    def tiles(self, text: str | list[str]) -> str:
        joined = "".join(text) if isinstance(text, list) else text
        return show_tiles(parse_tiles(joined, self.dialect), self.dialect, self.color)

    def meld_word(self, meld: str) -> str:
        """A meld type as players of this ruleset say it."""
        words = self.ruleset.call_names
        if meld == "open_kan":
            return words.get("kan", "kan")
        if meld == "closed_kan":
            return words.get("ankan", "closed kan").replace("-", " ")
        if meld == "added_kan":
            return words.get("kakan", "added kan").replace("-", " ")
        return words.get(meld, meld)

    def bold(self, text: str) -> str:
        return f"{BOLD}{text}{RESET}" if self.color else text

    def scores_line(self, scores: list[int], chips: list[int] | None = None) -> str:
        """Scores in seat order from you; chips beside them where the table keeps them."""
        if chips is None:
            chips = self.game.ledger.accounts.get("chips")
        return "  ".join(
            f"{self.name(s)} {scores[s]}" + (f" ({chips[s]:+d} chips)" if chips else "")
            for s in self.order
        )

    # ---------------------------------------------------------------- events
    def show_event(self, e: Event, review: bool = False) -> None:
        """One event as a line of the table. ``review`` (a replay) also shows deals and
        draws that the viewer may see."""
        kind = e["type"]
        if kind in ("hand_start", "draw"):
            self.dealt = kind == "draw"
        told = _TOLD.get(kind)
        if told is not None:
            told(self, e, review)

    def _hand_start(self, e: Event, review: bool) -> None:
        dealer = self.name(e["dealer"])
        label = self.ruleset.indicator_label
        extra = e.get("extra") or {}
        named = self.ruleset.round_label(e["round_wind"], e["hand"], extra)
        if named is not None:  # riichi: East 2, honba 1
            title = named[0]
            counters = f" · sticks {extra['sticks']}" if extra.get("sticks") else ""
        else:
            hands = getattr(self.ruleset.options, "hands", None)
            number = f"{e['hand'] + 1}/{hands}" if hands else f"{e['hand'] + 1}"
            title = f"Hand {number} · {WIND_NAMES[e['round_wind'] % 4]} round"
            counters = "".join(
                f" · {name} {extra[name]}" for name in ("honba", "sticks") if extra.get(name)
            )
        self.say()
        shown = f" · {label}: {self.tiles(e['indicators'])}" if label else ""
        self.say(self.bold(f"=== {title} · dealer: {dealer}{shown}{counters} ==="))

    def _indicator(self, e: Event, review: bool) -> None:
        if self.dealt:  # not the hand's first (shown at its start)
            self.say(f"  new {self.ruleset.indicator_label}: {self.tiles(e['tile'])}")

    def _bonus(self, e: Event, review: bool) -> None:
        who = verb(self.name(e["seat"]), "set", pad=6)
        self.say(f"  {who} aside {self.tiles(e['tile'])} (bonus tile)")

    def _call(self, e: Event, review: bool) -> None:
        name = self.meld_word(e["meld"])
        self.say(f"  {verb(self.name(e['seat']), 'call', pad=6)} {name}: {self.tiles(e['tiles'])}")

    def _robbed(self, e: Event, review: bool) -> None:
        what = self.meld_word(e["meld"]) if e["meld"] != "bonus" else "North"
        self.say(
            f"  {verb(self.name(e['robber']), 'rob', pad=6)} the {self.tiles(e['tile'])} "
            f"of {possessive(self.name(e['seat']))} {what}: it is theirs to win on"
        )

    def _choices(self, e: Event, review: bool) -> None:
        if e["what"] == "exchange_die":
            roll = e["values"][0]
            way = (
                "clockwise (to the player on your left)"
                if roll <= 2
                else "counter-clockwise (to the player on your right)"
                if roll <= 4
                else "across"
            )
            self.say(f"  The die shows {roll}: the tiles pass {way}.")
        elif e["what"] == "void":
            voids = ", ".join(f"{self.name(s)} {e['values'][s]}" for s in self.order)
            self.say(f"  Void suits: {voids}")

    def _exchange(self, e: Event, review: bool) -> None:
        if e["tiles"] is None:
            return
        if e["src"] == self.seat:
            self.say(f"  You give {self.tiles(e['tiles'])} to {self.name(e['dst'])}")
        elif e["dst"] == self.seat:
            self.say(f"  You get {self.tiles(e['tiles'])} from {self.name(e['src'])}")

    def _transfer(self, e: Event, review: bool) -> None:
        if e["reason"] == "riichi":
            self.say(self.bold(f"  {verb(self.name(e['src']), 'declare')} riichi"))

    def _abort(self, e: Event, review: bool) -> None:
        who = f" ({self.name(e['seat'])})" if e.get("seat") is not None else ""
        self.say(self.bold(f"*** Abortive draw: {e['reason']}{who}."))

    def _deal(self, e: Event, review: bool) -> None:
        if review and e["tiles"] is not None:
            self.say(f"  {self.name(e['seat']):<6} dealt {self.tiles(e['tiles'])}")

    def _draw(self, e: Event, review: bool) -> None:
        if review:
            drawn = self.tiles(e["tile"]) if e["tile"] is not None else "a tile"
            self.say(f"  {self.name(e['seat']):<6} draws {drawn} ({e['left']} left)")

    def _discard(self, e: Event, review: bool) -> None:
        if review or e["seat"] != self.seat:
            riichi = " (riichi)" if e.get("riichi") else ""
            self.say(f"  {self.name(e['seat']):<6} discards {self.tiles(e['tile'])}{riichi}")

    def _misdeclared(self, e: Event, review: bool) -> None:
        paid = {p for s, p in enumerate(e["payments"]) if s != e["seat"]}
        penalty = (
            f"a penalty of {paid.pop()} to each other player"
            if len(paid) == 1
            else "penalties: "
            + ", ".join(f"{self.name(s)} {p:+d}" for s, p in enumerate(e["payments"]) if p)
        )
        self.say(
            f"  {verb(self.name(e['seat']), 'declare')} {e['action']} with "
            f"{self.tiles(e['hand'])}: only {e['points']} points, {penalty}"
        )

    def _exhaustive_draw(self, e: Event, review: bool) -> None:
        self.say(self.bold("*** The wall is empty: exhaustive draw."))
        ready = set(e.get("ready") or ())
        melds = e.get("melds") or []
        waits = e.get("waits") or []
        for s in self.order:
            hand = e["hands"][s] if e.get("hands") else []
            if s in ready:
                state = "ready, waiting on " + " ".join(waits[s] if waits else ["?"])
            else:
                state = "not ready"
            if not hand:
                self.say(f"      {self.name(s):<7} {state}")
                continue
            called = " ".join(melds[s]) if melds and melds[s] else ""
            shown = self.tiles(hand) + (f"  {called}" if called else "")
            self.say(f"      {self.name(s):<7} {shown:<44} {state}")

    def _hand_end(self, e: Event, review: bool) -> None:
        changes = ", ".join(
            f"{self.name(s)} {e['deltas'][s]:+d}" for s in self.order if e["deltas"][s]
        )
        if changes:
            self.say(f"    this hand in all: {changes}")
        self.say("    scores: " + self.scores_line(e["scores"], e.get("accounts", {}).get("chips")))

    def _game_end(self, e: Event, review: bool) -> None:
        self.say()
        ended = e.get("ended") or {}
        for seat in ended.get("bust", ()):
            self.say(
                self.bold(
                    f"{verb(self.name(seat), 'go', 'goes')} below zero (bust): the game ends."
                )
            )
        for seat in ended.get("called_game", ()):
            self.say(
                self.bold(f"{verb(self.name(seat), 'reach', 'reaches')} the called game: it ends.")
            )
        self.say(self.bold("=== Game over ==="))
        order = sorted(range(self.game.n), key=lambda s: (e["places"][s], self.order.index(s)))
        result = e.get("result") or {}
        final = result.get("final")
        if "placement_chips" in result:  # the house preset's chip settlement
            self.say(
                f"  {'':<9}{'points':>7}{'chips':>7}{'oka/uma':>9}{'total':>7}"
                f"{'value':>10}  (a chip is {result['chip_value']:,} points)"
            )
            for s in order:
                self.say(
                    f"  {e['places'][s]}. {self.name(s):<6}{result['points'][s]:>7}"
                    f"{result['game_chips'][s]:>+7d}{result['placement_chips'][s]:>+9d}"
                    f"{result['chips'][s]:>+7d}{result['final'][s] * 1000:>+10,.0f}"
                )
            return
        for s in order:
            after = f"   ({final[s]:+.1f} with oka and uma)" if final else ""
            self.say(f"  {e['places'][s]}. {self.name(s):<6} {e['scores'][s]:>6}{after}")

    # ---------------------------------------------------------------- a win
    def _payments(self, payments: list[int]) -> str:
        """Each change, in seat order from you, and the riichi sticks taken from (or left
        on) the table, so that the line sums to zero."""
        parts = [f"{self.name(s)} {payments[s]:+d}" for s in self.order if payments[s]]
        table = -sum(payments)
        if table:
            parts.append(f"sticks on the table {table:+d}")
        return ", ".join(parts)

    def _win(self, e: Event, review: bool) -> None:
        """A win: who, how and on which tile, the hand with the winning tile apart, every
        item and the total as the ruleset's family counts it (its win detail's form,
        ``sparrows.client.details.WIN_DETAILS``: :meth:`_doubles`, :meth:`_faan`,
        :meth:`_han`; :meth:`_points` for any other), and one payments line summing to
        0."""
        who = self.name(e["seat"])
        tile = e["tile"]
        how = (
            "by tsumo (self-drawn)"
            if e["from_seat"] is None
            else f"by ron on {possessive(self.name(e['from_seat']))} discard"
        )
        self.say(self.bold(f"*** {verb(who, 'win')} {how}, on {self.tiles(tile)}"))
        rest = list(e["hand"])
        if tile in rest:
            rest.remove(tile)
        detail = e.get("detail") or {}
        melds = " ".join(detail.get("melds") or ())
        self.say(
            f"      hand: {self.tiles(rest)}{'  ' + melds if melds else ''}  + {self.tiles(tile)}"
            f"   (read as {e['reading']})"
        )
        family = WIN_DETAILS.get(self.ruleset.name)  # the detail's form: the family's
        _WIN_TOLD.get(family, Narrator._points)(self, e, detail)
        self.say(f"    payments: {self._payments(e['payments'])}")
        if detail.get("steps"):  # the house preset: order of operations and chips
            for step in detail["steps"]:
                self.say(f"      - {step}")

    def _doubles(self, e: Event, detail: dict[str, Any]) -> None:
        """Classical: each item in points or doubles, the hand's score, the other hands'."""
        kinds = {name: kind for name, kind, _ in detail["items"]}
        for (label, value), (name, _, _) in zip(e["items"], detail["items"], strict=True):
            unit = {"points": "pts", "doubles": "dbl"}.get(kinds[name], "")
            self.say(f"      {label:<62} {value:>4} {unit}")
        if detail.get("limit_hand"):
            self.say(f"      limit hand: {detail['score']}")
        else:
            self.say(f"      {detail['points']} points x 2^{detail['doubles']} = {detail['score']}")
        others = ", ".join(
            f"{self.name(s)} {detail['hand_scores'][s]}" for s in self.order if s != e["seat"]
        )
        self.say(f"    the other hands score: {others}")

    def _faan(self, e: Event, detail: dict[str, Any]) -> None:
        """Hong Kong and Sichuan: faan items, the total after the cap, who pays as what."""
        for label, value in e["items"]:
            self.say(f"      {label:<62} {value:>3}")
        capped = " (capped)" if detail.get("capped") else ""
        self.say(f"      {'Total faan' + capped:<62} {detail['faan']:>3}")
        if detail.get("call_transfer"):
            self.say(f"      call transfer: +{detail['call_transfer']} (the gang's points)")
        if detail.get("paid_by") is not None:  # a bloom after a claimed kong
            kong = self.ruleset.call_names.get("kan", "kong")
            feeder = self.name(detail["paid_by"])
            self.say(f"      {verb(feeder, 'pay')} as the discarder, having fed the {kong}")

    def _han(self, e: Event, detail: dict[str, Any]) -> None:
        """Riichi: yaku in han (or yakuman), ura indicators, fu with its items, the value,
        then honba and sticks on their own lines."""
        for label, value in e["items"]:
            if detail.get("yakuman"):
                self.say(f"      {label:<40} {value // 13}x yakuman")
            else:
                self.say(f"      {label:<40} {value:>3} han")
        if detail.get("ura_indicators"):
            self.say(f"      ura indicators: {self.tiles(detail['ura_indicators'])}")
        if not detail.get("yakuman") and detail.get("fu_items"):
            fus = detail["fu_items"]
            total = sum(f for _, f in fus)
            parts = " + ".join(f"{name} {f}" for name, f in fus)
            rounded = f", rounded up to {detail['fu']}" if total != detail["fu"] else ""
            self.say(f"      fu: {parts} = {total}{rounded}")
        counted = [] if detail.get("yakuman") else [f"{detail['han']} han {detail['fu']} fu"]
        if detail.get("limit"):
            counted.append(str(detail["limit"]))
        # Tenhou's printed value holds the honba: the table's value is without it
        honba = int(detail.get("honba") or 0) * getattr(self.ruleset.options, "honba_ron", 0)
        self.say(f"      {', '.join(counted)}: {e['points'] - honba} points")
        if honba:
            self.say(f"      honba {detail['honba']}: +{honba}")
        paid = -sum(p for p in e["payments"] if p < 0)
        sticks = e["payments"][e["seat"]] - paid
        if sticks > 0:
            self.say(f"      riichi sticks: +{sticks}")

    def _points(self, e: Event, detail: dict[str, Any]) -> None:
        """Suzume: each item in points, and the total."""
        for label, value in e["items"]:
            self.say(f"      {label:<40} {value:>3}")
        self.say(f"      {'Total':<40} {e['points']:>3}")


#: what each kind of event says (the others say nothing)
_TOLD: Final[dict[str, Callable[[Narrator, Event, bool], None]]] = {
    "hand_start": Narrator._hand_start,
    "indicator": Narrator._indicator,
    "bonus": Narrator._bonus,
    "call": Narrator._call,
    "robbed": Narrator._robbed,
    "choices": Narrator._choices,
    "exchange": Narrator._exchange,
    "transfer": Narrator._transfer,
    "abort": Narrator._abort,
    "deal": Narrator._deal,
    "draw": Narrator._draw,
    "discard": Narrator._discard,
    "win": Narrator._win,
    "misdeclared": Narrator._misdeclared,
    "exhaustive_draw": Narrator._exhaustive_draw,
    "hand_end": Narrator._hand_end,
    "game_end": Narrator._game_end,
}

#: how each family's win is counted out, by the form of its win detail
_WIN_TOLD: Final[dict[type | None, Callable[[Narrator, Event, dict[str, Any]], None]]] = {
    ClassicalWinDetail: Narrator._doubles,
    FaanWinDetail: Narrator._faan,
    RiichiWinDetail: Narrator._han,
    SuzumeWinDetail: Narrator._points,
}
