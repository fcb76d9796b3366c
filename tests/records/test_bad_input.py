"""Bad input ends in the documented error (a SparrowsError subclass) with a message naming
what is wrong, never another exception: record files, Tenhou logs, the riichi scorer,
tile conversions and melds. Each test failed before its fix, except the sparrows-record
cases of a missing file, a directory and non-UTF-8 bytes (``load_record`` already refused
them; they stand beside the Tenhou reader's cases, which did not)."""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sparrows.agents import make_agent
from sparrows.engine import Game
from sparrows.errors import HandError, NotationError, RecordError, SparrowsError, excerpt
from sparrows.records import load_record, replay, save_record
from sparrows.records.record import MAX_RECORD_BYTES
from sparrows.records.tenhou6 import read_game
from sparrows.rules import get_ruleset
from sparrows.rules.riichi import RiichiScore, WinSituation, riichi_options, score
from sparrows.tiles import (
    Colour,
    Meld,
    MeldType,
    Tile,
    from_id136,
    from_mjai,
    from_tenhou,
    make_meld,
    parse_hand,
    parse_tiles,
    to_ids136,
)
from tests.records.test_tenhou6 import _open_kan_hand
from tests.records.test_tenhou6 import _write as write_tenhou

Loader = Callable[[Path], Any]
LOADERS: list[Loader] = [load_record, read_game]
LOADER_IDS = ["sparrows", "tenhou"]
SHORT = 600  # no message here needs more characters than this


def _in_time(call: Callable[[], Any], seconds: float = 30) -> BaseException | None:
    """Run ``call`` in a daemon thread; the exception it raised (None if none). Fails if it
    is still running after ``seconds`` (a blocked open or an endless read)."""
    outcome: list[BaseException | None] = []

    def target() -> None:
        try:
            call()
            outcome.append(None)
        except BaseException as exc:  # reported to the test
            outcome.append(exc)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still reading after {seconds} s"
    return outcome[0]


# ----------------------------------------------------------------- record files (both)


@pytest.fixture(scope="module")
def record_json(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A real sparrows record, as JSON data, to spoil."""
    game = Game(get_ruleset("suzume", {"hands": 1}), 6)
    bots = [make_agent("random", seed=s) for s in range(4)]
    while not game.over:
        for seat in game.to_act():
            game.step(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))
    path = save_record(game, tmp_path_factory.mktemp("record") / "game.json")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _write_json(tmp_path: Path, data: Any) -> Path:
    path = tmp_path / "spoilt.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("load", LOADERS, ids=LOADER_IDS)
def test_deep_nesting_is_refused(tmp_path: Path, load: Loader) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000, encoding="utf-8")
    with pytest.raises(RecordError, match="nested too deeply"):
        load(path)


@pytest.mark.parametrize("load", LOADERS, ids=LOADER_IDS)
def test_a_number_too_long_to_convert(tmp_path: Path, load: Loader) -> None:
    path = tmp_path / "long.json"
    path.write_text('{"format": "sparrows-record", "x": ' + "7" * 5000 + "}", encoding="utf-8")
    with pytest.raises(RecordError, match="number too long"):
        load(path)


@pytest.mark.parametrize("load", LOADERS, ids=LOADER_IDS)
def test_missing_file(tmp_path: Path, load: Loader) -> None:
    with pytest.raises(RecordError, match=r"cannot read .*nope\.json"):
        load(tmp_path / "nope.json")


@pytest.mark.parametrize("load", LOADERS, ids=LOADER_IDS)
def test_a_directory(tmp_path: Path, load: Loader) -> None:
    with pytest.raises(RecordError, match=r"cannot read .*directory"):
        load(tmp_path)


@pytest.mark.parametrize("load", LOADERS, ids=LOADER_IDS)
def test_bytes_that_are_not_utf8(tmp_path: Path, load: Loader) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes('{"title": ["Café"]}'.encode("latin-1"))
    with pytest.raises(RecordError, match="UTF-8"):
        load(path)


@pytest.mark.parametrize("constant", ["Infinity", "-Infinity", "NaN", "1e999"])
def test_non_finite_numbers_in_a_sparrows_record(
    tmp_path: Path, record_json: dict[str, Any], constant: str
) -> None:
    text = json.dumps(record_json)[:-1] + f', "note": [1, {constant}]}}'
    path = tmp_path / "inf.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError, match="not valid JSON"):
        load_record(path)


@pytest.mark.parametrize("constant", ["Infinity", "-Infinity", "NaN", "1e999"])
def test_non_finite_numbers_in_a_tenhou_log(tmp_path: Path, constant: str) -> None:
    path = tmp_path / "inf.json"
    path.write_text(f'{{"title": [], "log": [], "sc": [{constant}]}}', encoding="utf-8")
    with pytest.raises(RecordError, match="not valid JSON"):
        read_game(path)


@pytest.mark.parametrize("load", LOADERS, ids=LOADER_IDS)
def test_files_over_the_size_limit(tmp_path: Path, load: Loader) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as file:
        file.truncate(MAX_RECORD_BYTES + 1)  # sparse: nothing is written
    with pytest.raises(RecordError, match="larger than 32 MiB"):
        load(path)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
@pytest.mark.parametrize("load", LOADERS, ids=LOADER_IDS)
def test_dev_zero_is_refused_quickly(load: Loader) -> None:
    error = _in_time(lambda: load(Path("/dev/zero")))
    assert isinstance(error, RecordError) and "larger than" in str(error)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("load", LOADERS, ids=LOADER_IDS)
def test_a_fifo_without_a_writer_does_not_block(tmp_path: Path, load: Loader) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    error = _in_time(lambda: load(fifo), seconds=10)
    assert isinstance(error, RecordError)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("load", LOADERS, ids=LOADER_IDS)
def test_an_endless_fifo_is_cut_at_the_limit(tmp_path: Path, load: Loader) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    keep = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # lets the writer open at once
    writer = os.open(fifo, os.O_WRONLY)

    def feed() -> None:
        chunk = b" " * 65536
        try:
            while True:
                os.write(writer, chunk)
        except OSError:  # the readers are gone
            pass
        finally:
            os.close(writer)

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    try:
        started = time.monotonic()
        error = _in_time(lambda: load(fifo))
        assert isinstance(error, RecordError) and "larger than" in str(error)
        assert time.monotonic() - started < 30
    finally:
        os.close(keep)
        feeder.join(10)


def test_preset_of_the_wrong_type(tmp_path: Path, record_json: dict[str, Any]) -> None:
    data = {**record_json, "options": {**record_json["options"], "preset": []}}
    with pytest.raises(RecordError, match="preset"):
        replay(load_record(_write_json(tmp_path, data)))


def test_a_seed_the_game_refuses_is_a_record_error(
    tmp_path: Path, record_json: dict[str, Any]
) -> None:
    data = {**record_json, "seed": -1}
    with pytest.raises(RecordError, match="seed"):
        replay(load_record(_write_json(tmp_path, data)))


@pytest.mark.parametrize(("key", "value"), [("rule", "ab"), ("title", 5), ("name", {"a": 1})])
def test_tenhou_fields_of_the_wrong_type(tmp_path: Path, key: str, value: object) -> None:
    path = tmp_path / "log.json"
    path.write_text(json.dumps({key: value, "log": []}), encoding="utf-8")
    with pytest.raises(RecordError, match=f"'{key}' must be"):
        read_game(path)


# ----------------------------------------------------------------- short messages


def test_excerpt_keeps_the_start_and_says_how_long() -> None:
    assert excerpt("123m") == "123m"
    assert excerpt("x" * 80) == "x" * 80
    assert excerpt("x" * 100_000) == "x" * 80 + "… (100000 characters)"
    assert excerpt("abcdef", 3) == "abc… (6 characters)"


def test_notation_errors_quote_an_excerpt() -> None:
    text = "1" * 100_000 + "m"
    with pytest.raises(NotationError, match="too many") as info:
        parse_hand(text)
    message = str(info.value)
    assert len(message) < SHORT and "100001 characters" in message
    assert info.value.text == text  # the whole input stays on the error
    with pytest.raises(NotationError, match="unexpected character 'x'") as info:
        parse_tiles("1" * 100_000 + "x")
    assert len(str(info.value)) < SHORT and "position 100000" in str(info.value)


def test_a_huge_meld_is_named_by_an_excerpt() -> None:
    with pytest.raises(NotationError, match="not a meld") as info:
        parse_hand("[" + "12" * 50_000 + "m]")
    assert len(str(info.value)) < SHORT


def test_replay_differences_show_excerpts(tmp_path: Path, record_json: dict[str, Any]) -> None:
    data = json.loads(json.dumps(record_json))
    data["events"][1]["note"] = "x" * 100_000
    with pytest.raises(RecordError, match=r"event 1 differs from the replay in 'note'") as info:
        replay(load_record(_write_json(tmp_path, data)))
    assert len(str(info.value)) < SHORT and "characters)" in str(info.value)


def test_tenhou_errors_show_excerpts(tmp_path: Path) -> None:
    kyoku = _open_kan_hand("262626m26", 3)
    kyoku[14] = ["262626m" + "26" * 50_000, kyoku[14][1]]  # seat 3's draws: a call too long
    with pytest.raises(RecordError, match="should hold 4 tiles") as info:
        read_game(write_tenhou(tmp_path, kyoku))
    assert len(str(info.value)) < SHORT


# ----------------------------------------------------------------- the riichi scorer


def win(
    hand: str, tile: str | Tile, *, opts: Any = None, dora: str = "", ura: str = "", **kw: Any
) -> RiichiScore:
    h = parse_hand(hand)
    (w,) = parse_tiles(tile) if isinstance(tile, str) else (tile,)
    sit = WinSituation(
        tuple(h.concealed),
        w,
        tuple(h.melds),
        seat_wind=kw.pop("seat_wind", 1),
        dora_indicators=tuple(parse_tiles(dora)) if dora else (),
        ura_indicators=tuple(parse_tiles(ura)) if ura else (),
        **kw,
    )
    return score(sit, opts)


PINFU = "23m456p678s345s88p"  # + 1m or 4m


def test_hand_error_is_a_sparrows_error_and_a_value_error() -> None:
    assert issubclass(HandError, SparrowsError) and issubclass(HandError, ValueError)
    assert win(PINFU, "4m").is_win  # the control hand scores


@pytest.mark.parametrize(
    ("hand", "tile", "where"),
    [
        ("1111m456p678s345s8p", "1m", {}),  # concealed + winning tile
        ("[1111m] 456p678s345s8p", "1m", {}),  # a kan + winning tile
        ("23m456p678s345s88p", "4m", {"dora": "8p8p8p"}),  # hand + dora indicators
        ("23m456p678s345s88p", "4m", {"dora": "8p", "ura": "8p8p", "riichi": True}),
        ("23m456p678s345s88p", "4m", {"dora": "1z1z1z1z1z"}),  # indicators alone
    ],
)
def test_five_copies_are_refused(hand: str, tile: str, where: dict[str, Any]) -> None:
    with pytest.raises(HandError, match="5 copies of"):
        win(hand, tile, **where)


def test_red_fives_the_options_lack() -> None:
    no_reds = riichi_options(red_fives=(0, 0, 0))
    with pytest.raises(HandError, match="red 5p"):
        win("23m406p678s345s88p", "4m", opts=no_reds)
    with pytest.raises(HandError, match="red 5m"):
        win(PINFU, "4m", opts=no_reds, dora="0m")  # an indicator is a physical tile too
    with pytest.raises(HandError, match="2 red 5s"):  # the standard set has one per suit
        win("23m456p678s340s88p", "4m", dora="0s")
    assert win("23m406p678s345s88p", "4m").aka == 1  # one red 5p: fine


def test_tiles_riichi_lacks() -> None:
    with pytest.raises(HandError, match="only fives have red copies"):
        win(PINFU, Tile(21, Colour.RED))  # Suzume's red 4s, as the winning tile
    with pytest.raises(HandError, match="special tile"):
        win(PINFU, Tile(2, Colour.PURPLE))  # the house preset's purple 3m
    with pytest.raises(HandError, match="special tile"):
        win(PINFU, "4m", dora="5!z")  # a pocchi white dragon, as an indicator


@pytest.mark.parametrize(
    "tile_place", ["win", "concealed", "dora", "ura", "meld"], ids=lambda p: str(p)
)
def test_flowers_and_seasons_are_refused(tile_place: str) -> None:
    plum, spring = Tile(34), Tile(38)
    h = parse_hand(PINFU)
    concealed = list(h.concealed)
    melds: list[Meld] = []
    win_tile = parse_tiles("4m")[0]
    kw: dict[str, Any] = {}
    if tile_place == "win":
        win_tile = plum
    elif tile_place == "concealed":
        concealed[0] = spring
    elif tile_place == "dora":
        kw["dora_indicators"] = (plum,)
    elif tile_place == "ura":
        kw["ura_indicators"] = (spring,)
        kw["riichi"] = True
    else:
        concealed = concealed[3:]
        melds = [Meld(MeldType.PON, (plum, plum, plum), 2)]
    sit = WinSituation(tuple(concealed), win_tile, tuple(melds), seat_wind=1, **kw)
    with pytest.raises(HandError, match="flowers and seasons"):
        score(sit)


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("seat_wind", 4, "seat_wind must be 0-3"),
        ("seat_wind", -1, "seat_wind must be 0-3"),
        ("seat_wind", 1.0, "seat_wind must be 0-3"),
        ("round_wind", 7, "round_wind must be 0-3"),
        ("honba", -100, "honba must be"),
        ("riichi_sticks", -1, "riichi_sticks must be"),
    ],
)
def test_winds_and_counters_out_of_range(field: str, value: object, words: str) -> None:
    with pytest.raises(HandError, match=words):
        win(PINFU, "4m", **{field: value})


@pytest.mark.parametrize(
    ("meld", "words"),
    [
        (Meld(MeldType.PON, tuple(parse_tiles("123m")), 2), "pon needs three alike"),
        (Meld(MeldType.CHI, tuple(parse_tiles("123z")), 3), "chi needs a run"),
        (Meld(MeldType.CHI, tuple(parse_tiles("89m1p")), 3), "chi needs a run"),
        (Meld(MeldType.CHI, tuple(parse_tiles("1234m")), 3), "chi needs a run"),
        (Meld(MeldType.OPEN_KAN, tuple(parse_tiles("777z")), 2), "open_kan needs four alike"),
        (Meld(MeldType.CLOSED_KAN, tuple(parse_tiles("7776z"))), "closed_kan needs four alike"),
        (Meld(MeldType.ADDED_KAN, tuple(parse_tiles("777z")), 2), "added_kan needs four"),
        (Meld(MeldType.PON, (), 2), "pon needs three alike, not no tiles"),
    ],
)
def test_melds_whose_tiles_do_not_match_their_type(meld: Meld, words: str) -> None:
    sit = WinSituation(tuple(parse_tiles("456p678s345s8p")), parse_tiles("8p")[0], (meld,))
    with pytest.raises(HandError, match=words):
        score(sit)
    # impossible *conditions* stay answers, not errors
    open_riichi = WinSituation(
        tuple(parse_tiles("456p678s345s8p")),
        parse_tiles("8p")[0],
        (make_meld(parse_tiles("777z"), source=2),),
        riichi=True,
    )
    answer = score(open_riichi)
    assert not answer.is_win and "closed hand" in (answer.reason or "")


# ----------------------------------------------------------------- conversions


@pytest.mark.parametrize(
    "reds", [(-1, 0, 0), (5, 0, 0), (), (1, 1), (1, 1, 1, 1), (1.0, 1, 1), (True, 1, 1), "111"]
)
def test_reds_must_be_three_counts_0_to_4(reds: Any) -> None:
    with pytest.raises(NotationError, match="reds must be three whole numbers 0-4"):
        to_ids136(parse_tiles("5m"), reds=reds)
    with pytest.raises(NotationError, match="reds must be three whole numbers 0-4"):
        from_id136(17, reds=reds)
    # counts in range still convert
    assert to_ids136(parse_tiles("5m0m"), reds=[2, 0, 0]) == [18, 16]
    assert from_id136(17, reds=(2, 0, 0)) == Tile(4, Colour.RED)
    assert to_ids136(parse_tiles("5m"), reds=(0, 0, 0)) == [16]


@pytest.mark.parametrize("value", [0.0, 16.0, True, False, "16", None])
def test_ids_must_be_ints(value: Any) -> None:
    with pytest.raises(NotationError, match="136-tile id must be a whole number"):
        from_id136(value)


@pytest.mark.parametrize("value", [11.0, 51.0, True, "11", None])
def test_tenhou_codes_must_be_ints(value: Any) -> None:
    with pytest.raises(NotationError, match="Tenhou tile code must be a whole number"):
        from_tenhou(value)


def test_unhashable_names_are_notation_errors() -> None:
    with pytest.raises(NotationError, match="not an mjai tile"):
        from_mjai(["5m"])  # type: ignore[arg-type]


# ----------------------------------------------------------------- melds


@pytest.mark.parametrize("source", [0, 4, 7, -1, True, 2.0, "2"])
def test_meld_source_must_be_a_seat_offset(source: Any) -> None:
    with pytest.raises(NotationError, match=r"source .*must be None or 1 \(right\)"):
        make_meld(parse_tiles("555z"), source=source)
    with pytest.raises(NotationError, match=r"source .*must be None"):
        make_meld(parse_tiles("5555z"), added=True, source=source)  # an added kan too
    for good in (None, 1, 2, 3):  # the Meld convention: 1 right, 2 across, 3 left
        assert make_meld(parse_tiles("555z"), source=good).source == good


def test_record_that_is_not_text(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe\x00not utf-8")
    with pytest.raises(RecordError, match="not a text"):
        load_record(bad)
