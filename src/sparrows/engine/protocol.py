"""The ruleset plug-in protocol: what the engine asks a ruleset, and the rule facts its
advice reads (:mod:`sparrows.advice`, the ruleset's own class named by
:attr:`Ruleset.advice_class`). The engine owns the table; a ruleset answers with data
(see :mod:`.flow`).

A ruleset object is immutable configuration, shared by every game of a simulation: what
changes during a game lives in the game (the table, the ledger, and ``game.state``, the
ruleset's own per-game record made by :meth:`Ruleset.new_state`, which only the ruleset's
hooks update). Memo tables keyed by hand keys are pure functions of their key and may live
on the ruleset.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Self

from ..errors import OptionsError
from ..tiles import Tile, TileSet, format_tile
from ..tiles.tile import Dialect
from .actions import Action, ActionType
from .flow import GameOver, NextHand, Outcome, Window
from .layouts import ActionLayout, layout
from .memo import Memos
from .options import build_options
from .wall import Wall

if TYPE_CHECKING:
    from ..analysis import Form
    from ..client.extras import Extra
    from ..client.view import Payload, View
    from .game import Game
    from .observation import Observation


@dataclass(frozen=True)
class Returns:
    """A game's result per seat, for rewards: ``points`` (the final scores), ``places``
    (1-based), ``final`` (the ruleset's final figure: riichi's points over the return
    with oka and uma, in thousands, or the house table's money value; elsewhere the
    points), ``chips`` (where the table plays them, placement chips included; else None).
    Before the game is over (``over`` False) the same figures of the standing."""

    over: bool
    points: tuple[int, ...]
    places: tuple[int, ...]
    final: tuple[float, ...]
    chips: tuple[int, ...] | None


@dataclass(frozen=True)
class EarlierVersion:
    """What a ruleset's records written by an earlier version of it lack: event types and
    fields added since, and fields whose values it now writes differently. Such a record
    still replays (the games play the same) and is checked on everything else."""

    new_events: frozenset[str] = frozenset()
    new_fields: dict[str, frozenset[str]] = field(default_factory=dict)
    changed_fields: frozenset[tuple[str, str]] = frozenset()
    #: The options such a record meant, in this version's names (an option split in two
    #: since): called with a copy of the record's options, returns them.
    options: Callable[[dict[str, Any]], dict[str, Any]] | None = None


class Ruleset(ABC):
    """One ruleset with its options. Subclasses set the class attributes and implement the
    abstract hooks; every other method has a default."""

    name: ClassVar[str]
    version: ClassVar[str]
    dialect: ClassVar[Dialect] = "mpsz"
    #: Seats at the table (a ruleset may set it per instance: riichi's three-player presets).
    num_players: int = 4
    #: Tiles a player holds between turns, a meld counting 3 (13; Suzume 5).
    hand_size: ClassVar[int] = 13
    #: Lowest balance an account may reach (the ruleset pays at most down to it).
    floors: ClassVar[dict[str, int]] = {}
    #: Bonus tiles (flowers, seasons) drawn are set aside and replaced by the engine (a
    #: ruleset may set it per instance when an option decides).
    auto_bonus: bool = False
    tileset: TileSet
    options: Any
    #: The options dataclass (one field per rule option, documented by ``#:`` comments)
    #: and the named presets (option values): ``sparrows rules NAME`` shows them.
    options_class: ClassVar[type | None] = None
    #: Whether players call melds (chi, pon, kongs); without calls a hand's size is fixed.
    calls_melds: ClassVar[bool] = True

    @classmethod
    def from_options(cls, given: dict[str, Any]) -> Self:
        """The ruleset with options from a preset name (key ``preset``) and values, through
        the one option builder (OptionsError for unknown names or wrong types)."""
        if cls.options_class is None:
            raise OptionsError(f"the {cls.name} ruleset has no options")
        return cls(build_options(cls.options_class, cls.presets, given, cls.name))  # type: ignore[call-arg]

    presets: ClassVar[dict[str, dict[str, Any]]] = {}
    #: Earlier versions whose records this one replays, and how their events differ
    #: (a version not listed plays differently: its records are refused by name).
    earlier_versions: ClassVar[dict[str, EarlierVersion]] = {}

    # ------------------------------------------------------------------ configuration
    def options_dict(self) -> dict[str, Any]:
        """The options as JSON would read them back (tuples as lists): records compare it."""
        return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(self.options).items()}

    @cached_property
    def memos(self) -> Memos:
        """The ruleset's memo tables (pure functions of their keys), capped: the engine
        trims them at every hand's start (:mod:`.memo`)."""
        return Memos()

    @cached_property
    def tile_text(self) -> list[str]:
        """Each tile id's text in the ruleset's notation."""
        return [format_tile(t, self.dialect) for t in self.tileset.tiles]

    @cached_property
    def kind_weight(self) -> list[int]:
        """Per tile id, 5 ** (index of its kind among the set's kinds): a hand's kinds as
        one integer key (see ``Game.hand_key``); small for small tile sets."""
        index = {k: i for i, k in enumerate(sorted({t.kind for t in self.tileset.tiles}))}
        return [5 ** index[t.kind] for t in self.tileset.tiles]

    @cached_property
    def face_weight(self) -> list[int]:
        """Per tile id, 5 ** (index of its face among the set's distinct faces): a hand's
        faces as one integer key (see ``Game.face_key``)."""
        faces = sorted(set(self.tileset.tiles))
        index = {f: i for i, f in enumerate(faces)}
        return [5 ** index[t] for t in self.tileset.tiles]

    #: The name of the family's fixed action layout (:mod:`.layouts`); None: a plug-in
    #: ruleset numbers its own :meth:`all_actions`.
    layout_name: ClassVar[str | None] = None

    @cached_property
    def layout(self) -> ActionLayout:
        """Every action the ruleset can offer, numbered once for its family (RL masks,
        the indices in a view's prompt); see :mod:`sparrows.engine.layouts`."""
        name = self.family_layout()
        if name is not None:
            return layout(name)
        return ActionLayout(self.name, 1, self.all_actions())

    def family_layout(self) -> str | None:
        """The layout's name for this instance (riichi: by seats and tile set)."""
        return self.layout_name

    def all_actions(self) -> list[Action]:
        """A plug-in ruleset without a family layout: every action it can ever offer, in
        a fixed order (its layout)."""
        raise NotImplementedError(f"the {self.name} ruleset names no action layout")

    # ------------------------------------------------------------------ game and hands
    @abstractmethod
    def start_balances(self) -> dict[str, list[int]]:
        """Each ledger account (``points`` first: the scores; ``chips``...) with its
        starting balance per seat."""

    def new_state(self) -> Any:
        """The ruleset's per-game state (riichi flags, honba, void suits...)."""
        return None

    def build_wall(self, order: Sequence[int]) -> Wall:
        """The wall of a hand from an ordering of every tile id (shuffled, or injected)."""
        return Wall.simple(order)

    @abstractmethod
    def start_hand(self, game: Game) -> Outcome:
        """The deal (ops) and the first step of a hand. A choice that depends on the
        dealt hands (a tile exchange) is a window with no options: the engine resolves it
        at once, after the deal ops, and ``resolve`` then opens the real one."""

    def hand_info(self, game: Game) -> dict[str, Any]:
        """Public facts of the hand shown at its start (honba, sticks...)."""
        return {}

    #: Words for the action types where the ruleset's players say them otherwise (the
    #: Chinese family: chow, pung, kong); the terminal shows and accepts them.
    call_names: ClassVar[dict[str, str]] = {}

    def round_label(
        self, round_wind: int, hand: int, info: dict[str, Any]
    ) -> tuple[str, str] | None:
        """The hand as players name it, long and compact (riichi: ``East 2, honba 1`` and
        ``E2-1``), from the round wind, the hand number and :meth:`hand_info`; None: by
        the hand number."""
        return None

    # ------------------------------------------------------------------ decisions
    @abstractmethod
    def turn_actions(self, game: Game, seat: int) -> list[Action]:
        """Legal actions of ``seat`` on its turn."""

    @abstractmethod
    def on_turn(self, game: Game, seat: int, action: Action) -> Outcome:
        """What a (legal) turn action does."""

    @abstractmethod
    def resolve(self, game: Game, window: Window, answers: dict[int, Action]) -> Outcome:
        """What a decision window's answers (every seat asked, passes included) do."""

    @abstractmethod
    def on_exhausted(self, game: Game) -> Outcome:
        """A live draw is due and the wall is empty: settle the hand."""

    @abstractmethod
    def next_hand(self, game: Game) -> NextHand | GameOver:
        """After a hand: the next dealer and round, or the end of the game."""

    def returns(self, game: Game) -> Returns:
        """The game's result per seat (:class:`Returns`): once over, from the ruleset's
        final figures (``game.result``: ``final``, ``places``, ``chips`` where it says
        them); before, the standing by the ledger."""
        scores = tuple(game.scores)
        result = game.result if game.over else {}
        places = tuple(result.get("places") or self.places(scores))
        final = tuple(float(v) for v in result.get("final") or scores)
        chips = result.get("chips") or game.ledger.accounts.get("chips")
        return Returns(game.over, scores, places, final, None if chips is None else tuple(chips))

    def places(self, scores: Sequence[int]) -> list[int]:
        """1-based places; equal scores share a place (:func:`places_by_seat` breaks
        ties by seat)."""
        return [1 + sum(1 for o in scores if o > s) for s in scores]

    # ------------------------------------------------------------------ views
    #: The class of :meth:`extra`'s facts (``sparrows.client.extras``), None if none.
    extra_class: ClassVar[type | None] = None
    #: The class of a win's ``detail`` (``sparrows.client.details``), None if none.
    detail_class: ClassVar[type | None] = None

    def extra(self, game: Game, viewer: int | None) -> Extra | None:
        """The ruleset's own facts in ``viewer``'s view (None: a spectator), typed
        (:mod:`sparrows.client.extras`): public fields the same for every viewer, private
        ones the viewer's own (None for a spectator). None: the ruleset has none."""
        return None

    def extra_fields(
        self, game: Game, viewer: int | None, names: tuple[str, ...]
    ) -> tuple[Any, ...]:
        """Fields of :meth:`extra` by name, the same values (the environments' encoder
        reads a few at every decision). This default builds the object; a ruleset whose
        object is costly to build answers from the parts it builds it from."""
        extra = self.extra(game, viewer)
        return tuple(getattr(extra, name, None) for name in names)

    def seat_winds(self, game: Game) -> tuple[int, ...] | None:
        """Each seat's wind (0 East .. 3 North) this hand; None where the ruleset has
        no seat winds."""
        return None

    def counters(self, game: Game) -> tuple[int, int]:
        """(honba, riichi sticks on the table): the repeat and deposit counters players
        see; (0, 0) where the ruleset has none."""
        return (0, 0)

    def shown_hands(self, game: Game, viewer: int | None) -> frozenset[int]:
        """Seats whose concealed tiles ``viewer`` sees besides its own (an open riichi:
        every viewer; the riichi peek house rule: the riichi player's neighbours)."""
        return frozenset()

    def payload(self, game: Game, seat: int) -> Payload | None:
        """The ruleset's facts for the decision ``seat`` owes now (the kokan choices'
        values, the reason for a dealer's choice, an exchange, a void), or None."""
        return None

    def default_action(self, view: View) -> Action:
        """What a seat that does not answer in time does, from its view's prompt: pass
        where it may, else discard the drawn tile (the last discard offered when the
        drawn one may not go), else the ruleset's suggestion, else the first action."""
        prompt = view.prompt
        if prompt is None:
            raise OptionsError(f"seat {view.viewer} owes no decision now")
        texts = prompt.actions
        if "pass" in texts:
            return Action(ActionType.PASS)
        discards = [t for t in texts if t.startswith("discard ")]
        if discards:
            drawn = f"discard {view.drawn}" if view.drawn is not None else None
            chosen = drawn if drawn in discards else discards[-1]
            return Action.from_string(chosen, self.dialect)
        return Action.from_string(self.default_choice(view), self.dialect)

    def default_choice(self, view: View) -> str:
        """The default answer in a window with no pass (an exchange, a void, a dealer's
        choice, kokan): the first action offered, unless the ruleset says otherwise."""
        assert view.prompt is not None
        return view.prompt.actions[0]

    def validate(self, game: Game) -> None:  # noqa: B027 - optional hook
        """Check the ruleset's own invariants (raise AssertionError)."""

    #: Rates the simulation reports per agent from the per-seat counters the ruleset
    #: reports (``Report({"counts": {name: [per seat]}})``): name -> (numerator, denominator).
    stat_ratios: ClassVar[dict[str, tuple[str, str]]] = {}

    # ------------------------------------------------------------------ facts for advice
    #: What a complete hand looks like, for shanten, waits and ukeire (every ruleset sets
    #: it: the engine itself never reads it).
    form: Form
    #: The ruleset's advice for bots and hints, ``"module:Class"`` (a subclass of
    #: :class:`sparrows.advice.Advice`, imported when first asked for by
    #: :func:`sparrows.advice.advice_for`; the engine never imports it).
    advice_class: ClassVar[str] = "sparrows.advice.base:Advice"
    #: Word for the face-up indicator tiles ("dora indicator"; Suzume: "dora", since the
    #: tile shown is itself the dora).
    indicator_label: ClassVar[str] = "dora indicator"  # "": the ruleset turns no indicator

    @cached_property
    def kinds_in_play(self) -> tuple[int, ...]:
        """Tile kinds of the set that make hands (bonus tiles excluded)."""
        return tuple(sorted(k for k in self.tileset.kinds if k < 34))

    def dora_kinds(self, indicators: Sequence[Tile]) -> frozenset[int]:
        """Kinds worth a dora given the face-up indicators (none by default)."""
        return frozenset()

    def no_win_reason(self, game: Game, seat: int, tile: int | None = None) -> str | None:
        """Why ``seat`` is not offered a win although its hand (with ``tile``, a discarded
        tile id; None: its own hand, a tsumo) forms a winning shape (a value too low, no
        yaku, furiten...). None where there is nothing to explain: the hand is not
        complete, or the win is offered. Say it as a :class:`~sparrows.reasons.Reason` (a ``str``
        with an id a client words in its own language)."""
        return None

    def legend(self) -> str:
        """A key to the ruleset's special tiles and powers for the table (``k`` in
        ``sparrows play``); "" when there is nothing to explain."""
        return ""

    def rule_tables(self) -> dict[str, list[tuple[str, Any, str]]]:
        """The ruleset's value tables as data for display (``sparrows rules NAME``): table
        title -> rows of (name, value, one-line description). None by default."""
        return {}

    def dead_kinds(self, obs: Observation) -> frozenset[int]:
        """Kinds that no winning hand of ``obs``'s seat can use now (Sichuan: its void
        suit); bonus tiles (kinds 34 and up) always count as dead for the advice."""
        return frozenset()

    def dead_choices(self) -> dict[str, frozenset[int]]:
        """For a hand analysed without a game (``sparrows analyze``): the named choices of
        dead kinds a player of this ruleset must make (Sichuan: each void suit); none by
        default."""
        return {}

    def kind_text(self, kind: int) -> str:
        """A kind named in the ruleset's notation, by its plainest face in the tile set
        (Suzume's red dragon ``r``, riichi's ``5m`` where a red ``0m`` exists too)."""
        faces = [t for t in set(self.tileset.tiles) if t.kind == kind]
        if not faces:
            return format_tile(Tile(kind))
        face = min(faces, key=lambda t: (t.red or t.code != Tile(kind).code, t.code))
        return format_tile(face, self.dialect)


def places_by_seat(scores: Sequence[int]) -> list[int]:
    """1-based places, ties going to the seat nearer the first dealer (seat 0)."""
    places = [0] * len(scores)
    for rank, seat in enumerate(sorted(range(len(scores)), key=lambda s: (-scores[s], s))):
        places[seat] = rank + 1
    return places
