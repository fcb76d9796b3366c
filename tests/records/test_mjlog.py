"""The mjlog XML reader: the 31 Houou games of the oracle folder read from Tenhou's XML
give exactly the games the tenhou.net/6 JSON reader gives for the same games (all but the
file name, and the player names the JSON replaced with placeholders), plain or gzip
compressed; broken, hostile or oversized files raise RecordError with a one-line message."""

from __future__ import annotations

import dataclasses
import gzip
import os
import re
import zlib
from collections import Counter
from pathlib import Path
from urllib.parse import unquote

import pytest

from sparrows.errors import RecordError
from sparrows.records.mjlog import MJLOG_YAKU, read_mjlog, rule_from_type, tile_code
from sparrows.records.record import MAX_RECORD_BYTES
from sparrows.records.tenhou6 import JAPANESE_YAKU, TenhouGame, read_game
from tests.conftest import oracle_path


def mjlog_files() -> list[Path]:
    return sorted(oracle_path("riichi", "mjlog").glob("*.mjlog"))


def json_twin(mjlog: Path) -> Path:
    return oracle_path("riichi", "tenhou6") / (mjlog.stem + ".json")


@pytest.fixture(scope="module")
def first_log() -> Path:
    return mjlog_files()[0]


def _hand_fields(game: TenhouGame) -> list[dict[str, object]]:
    return [
        {f.name: getattr(hand, f.name) for f in dataclasses.fields(hand) if f.name != "file"}
        for hand in game.hands
    ]


# --------------------------------------------------------------------------- real games


def test_the_oracle_folder_holds_31_games() -> None:
    files = mjlog_files()
    assert len(files) == 31
    assert all(json_twin(f).exists() for f in files)


@pytest.mark.parametrize("index", range(31))
def test_mjlog_reads_as_the_json_does(index: int) -> None:
    mjlog = mjlog_files()[index]
    ours, theirs = read_mjlog(mjlog), read_game(json_twin(mjlog))
    assert ours.file == mjlog.name  # the real name, not the JSON's
    assert all(hand.file == mjlog.name for hand in ours.hands)
    assert ours.title == theirs.title
    assert ours.rule == theirs.rule == {"disp": "鳳南喰赤", "aka": 1}
    assert len(ours.hands) == len(theirs.hands)
    for mine, expected in zip(_hand_fields(ours), _hand_fields(theirs), strict=True):
        for key, value in expected.items():
            assert mine[key] == value, f"hand {expected['number']}: {key}"
    assert ours.wins == theirs.wins  # points texts, fu, han, yaku, deltas, pao


def test_names_are_the_decoded_names_of_the_log() -> None:
    """The JSON twins hold placeholders ("Aさん".."Dさん"); the XML holds the real names."""
    for mjlog in mjlog_files():
        text = mjlog.read_text(encoding="utf-8")
        first = re.search(r"<UN ([^>]*)>", text)
        assert first
        raw = dict(re.findall(r'(\w+)="([^"]*)"', first[1]))
        game = read_mjlog(mjlog)
        assert game.names == tuple(unquote(raw[f"n{seat}"]) for seat in range(4))
        assert all(game.names) and "%" not in "".join(game.names)
        assert read_game(json_twin(mjlog)).names == ("Aさん", "Bさん", "Cさん", "Dさん")


def test_whole_collection_counts() -> None:
    games = [read_mjlog(f) for f in mjlog_files()]
    hands = [hand for game in games for hand in game.hands]
    results = Counter(hand.result for hand in hands)
    assert len(hands) == 326
    assert sum(len(hand.wins) for hand in hands) == 265  # one double ron
    assert results["和了"] == 264
    assert sum(results.values()) - results["和了"] == 62
    for name in ("九種九牌", "四家立直", "四槓散了", "四風連打", "流し満貫", "全員不聴", "流局"):
        assert results[name], name
    calls = Counter(
        re.sub(r"\d", "", entry)
        for hand in hands
        for entries in (*hand.draws, *hand.discards)
        for entry in entries
        if isinstance(entry, str)
    )
    assert set(calls) == {"c", "p", "r", "a", "k", "m"}
    texts = {re.sub(r"\d+", "N", win.points_text) for game in games for win in game.wins}
    assert {"N符N飜N点", "N符N飜N-N点", "N符N飜N点∀", "役満N点∀"} <= texts


def test_gzip_and_plain_read_alike(tmp_path: Path, first_log: Path) -> None:
    packed = tmp_path / first_log.name
    packed.write_bytes(gzip.compress(first_log.read_bytes()))
    assert packed.read_bytes()[:2] == b"\x1f\x8b"
    assert read_mjlog(packed) == read_mjlog(first_log)
    # several gzip members one after another read as one stream
    data = first_log.read_bytes()
    middle = data.index(b"<INIT", len(data) // 2)
    packed.write_bytes(gzip.compress(data[:middle]) + gzip.compress(data[middle:]))
    assert read_mjlog(packed) == read_mjlog(first_log)


def test_tile_codes_and_tables() -> None:
    assert [tile_code(t) for t in (0, 16, 17, 35, 36, 52, 53, 88, 89, 107, 108, 135)] == [
        11, 51, 15, 19, 21, 52, 25, 53, 35, 39, 41, 47,
    ]  # fmt: skip
    assert len(MJLOG_YAKU) == 55 and set(MJLOG_YAKU) == set(JAPANESE_YAKU)
    assert MJLOG_YAKU[0] == "門前清自摸和" and MJLOG_YAKU[52:] == ("ドラ", "裏ドラ", "赤ドラ")
    assert rule_from_type(169) == {"disp": "鳳南喰赤", "aka": 1}
    assert rule_from_type(0x41 | 0x02) == {"disp": "般東喰速", "aka": 0}


# --------------------------------------------------------------------------- bad input


def _refused(path: Path, *fragments: str) -> str:
    with pytest.raises(RecordError) as info:
        read_mjlog(path)
    message = str(info.value)
    assert "\n" not in message and len(message) < 300, message
    for fragment in fragments:
        assert fragment in message, message
    return message


def _write_changed(tmp_path: Path, source: Path, old: str, new: str, count: int = 1) -> Path:
    text = source.read_text(encoding="utf-8")
    assert old in text
    target = tmp_path / source.name
    target.write_text(text.replace(old, new, count), encoding="utf-8")
    return target


def test_truncated_xml(tmp_path: Path, first_log: Path) -> None:
    data = first_log.read_bytes()
    cut = tmp_path / "cut.mjlog"
    cut.write_bytes(data[: len(data) // 2])
    _refused(cut, "cut.mjlog is not valid XML", "line 1")
    cut.write_bytes(gzip.compress(data)[:-100])  # a gzip stream cut short
    _refused(cut, "cut.mjlog is not a readable gzip file")


def test_not_xml_at_all(tmp_path: Path, first_log: Path) -> None:
    path = tmp_path / "game.mjlog"
    path.write_bytes(json_twin(first_log).read_bytes())
    _refused(path, "game.mjlog is not valid XML")
    path.write_bytes(bytes(range(256)) * 4)
    _refused(path, "game.mjlog is not a text (UTF-8) file")
    path.write_bytes(b"")
    _refused(path, "game.mjlog is not valid XML")
    path.write_bytes(b"\x1f\x8b not really gzip")
    _refused(path, "game.mjlog is not a readable gzip file")
    path.write_text('<?xml version="1.0"?><html><body/></html>', encoding="utf-8")
    _refused(path, "game.mjlog is not a Tenhou mjlog", "<html>")
    path.write_text('<mjloggm ver="2.3"><GO type="169"/></mjloggm>', encoding="utf-8")
    _refused(path, "holds no hand")
    _refused(tmp_path, "is a directory")
    _refused(tmp_path / "missing.mjlog", "cannot read missing.mjlog")


@pytest.mark.parametrize(
    ("old", "new", "fragments"),
    [
        ('m="42537"', 'm="1"', ["hand 1:", "meld code 1 (open kan)", "not the last discard"]),
        ('m="42537"', 'm="70000"', ["hand 1:", "<N> m='70000' is not a number"]),
        ('m="42537"', 'm="4253x"', ["hand 1:", "m='4253x' is not a number"]),
        ('m="42537"', 'm="42538"', ["hand 1:", "seat 0's meld code 42538 (pon)", "from seat 2"]),
        ('m="42537"', 'm="32"', ["hand 1:", "north dora"]),
        ('m="42537"', 'm="25"', ["hand 1:", "meld code 25 is not a pon or an added kan"]),
        ('m="15946"', 'm="15948"', ["hand 3:", "meld code 15948 is not a chi from the left"]),
    ],
)
def test_bad_meld_codes(tmp_path: Path, old: str, new: str, fragments: list[str]) -> None:
    source = oracle_path("riichi", "mjlog", "2020081220gm-00a9-0000-9ee6ab3b.mjlog")
    _refused(_write_changed(tmp_path, source, old, new), source.name, *fragments)


@pytest.mark.parametrize(
    ("old", "new", "fragments"),
    [
        ('seed="0,1,0,5,4,89" ', "", ["hand 1:", "<INIT> has no 'seed' attribute"]),
        ('seed="0,1,0,5,4,89"', 'seed="0,1,0,5,4"', ["<INIT> seed='0,1,0,5,4' is not 6 numbers"]),
        (' who="2" fromWho="1"', ' fromWho="1"', ["hand 1:", "<AGARI> has no 'who' attribute"]),
        ('sc="500,0,170,-80,', 'sc="500,0,', ["hand 1:", "<AGARI> sc=", "is not 8 numbers"]),
        ('ten="30,7700,0"', 'ten="30,7700,9"', ["hand 1:", "<AGARI> ten='30,7700,9'"]),
        ('yaku="7,1,52,1,54,2"', 'yaku="7,1,99,1"', ["hand 1:", "unknown yaku id 99"]),
        ("<T110/>", "<T999/>", ["hand 1:", "<T999>: 999 is not a tile id"]),
        ("<T110/>", "<T15/>", ["hand 1:", "tile id 15 appears twice"]),
        ("<D79/>", "<D80/>", ["hand 1:", "seat 0 discards tile id 80, which it does not hold"]),
        ("<T110/>", "<X110/>", ["hand 1:", "unknown element <X110>"]),
        ('hai0="15,108,6,', 'hai0="15,108,', ["hand 1:", "hai0=", "is not 13 numbers"]),
        ('oya="0" hai0="15', 'oya="2" hai0="15', ["hand 1:", "oya=2 is not the dealer"]),
        ('<GO type="169"', '<GO type="185"', ["three-player game"]),
        ('n1="%43%4C%53"', 'n1="%FF%FE"', ["<UN> n1 is not a URL-encoded UTF-8 name"]),
        ('<INIT seed="0,0,0', '<T1/><INIT seed="0,0,0', ["play before the first <INIT>"]),
    ],
)
def test_missing_or_bad_attributes(
    tmp_path: Path, old: str, new: str, fragments: list[str]
) -> None:
    source = oracle_path("riichi", "mjlog", "2020081220gm-00a9-0000-9ee6ab3b.mjlog")
    _refused(_write_changed(tmp_path, source, old, new), source.name, *fragments)


def test_a_hand_cut_short(tmp_path: Path) -> None:
    source = oracle_path("riichi", "mjlog", "2020081220gm-00a9-0000-9ee6ab3b.mjlog")
    text = source.read_text(encoding="utf-8")
    cut = re.sub(r"<AGARI[^>]*owari[^>]*>", "", text)
    path = tmp_path / source.name
    path.write_text(cut, encoding="utf-8")
    _refused(path, "hand 4: the hand has no result")
    # play after the hand ended
    path.write_text(text.replace("</mjloggm>", "<T1/></mjloggm>"), encoding="utf-8")
    _refused(path, "hand 4: play goes on after the hand ended")


def test_entities_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "laughs.mjlog"
    lol = "".join(f'<!ENTITY l{i} "{f"&l{i - 1};" * 10}">' for i in range(1, 10))
    path.write_text(
        f'<?xml version="1.0"?><!DOCTYPE mjloggm [<!ENTITY l0 "lol">{lol}]>'
        '<mjloggm><UN n0="&l9;"/></mjloggm>',
        encoding="utf-8",
    )
    _refused(path, "document type declaration is not allowed")
    path.write_text(
        '<?xml version="1.0"?><!DOCTYPE mjloggm [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        '<mjloggm><UN n0="&x;"/></mjloggm>',
        encoding="utf-8",
    )
    _refused(path, "document type declaration is not allowed")
    path.write_text('<mjloggm><UN n0="&x;"/></mjloggm>', encoding="utf-8")
    _refused(path, "is not valid XML", "undefined entity")


def test_the_xml_declaration_cannot_change_the_encoding(tmp_path: Path, first_log: Path) -> None:
    """The bytes are read as UTF-8 whatever the declaration says (so a declared UTF-7 or
    EBCDIC cannot hide a document type declaration from the check)."""
    path = tmp_path / first_log.name
    for encoding in ("Shift_JIS", "UTF-16", "UTF-7", "cp037"):
        declaration = f'<?xml version="1.0" encoding="{encoding}"?>'.encode()
        path.write_bytes(declaration + first_log.read_bytes())
        assert read_mjlog(path) == read_mjlog(first_log)
    path.write_bytes(b"\xef\xbb\xbf" + first_log.read_bytes())  # a UTF-8 byte order mark
    assert read_mjlog(path) == read_mjlog(first_log)


def test_too_large_plain_file(tmp_path: Path) -> None:
    path = tmp_path / "huge.mjlog"
    with path.open("wb") as file:
        file.truncate(MAX_RECORD_BYTES + 1)  # sparse: no real disk use
    _refused(path, "huge.mjlog is larger than 32 MiB")


def test_gzip_bomb_is_refused_without_expanding_it(tmp_path: Path) -> None:
    # one member: 16 MiB of spaces, about 16 kB packed; 200 of them: ~3 MB packed,
    # 3.2 GB unpacked. The reader stops at the limit.
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    chunk = b" " * (1024 * 1024)
    member = b"".join(packer.compress(chunk) for _ in range(16)) + packer.flush()
    bomb = b"<mjloggm>" + b" " * 100
    path = tmp_path / "bomb.mjlog"
    path.write_bytes(gzip.compress(bomb) + member * 200)
    assert 2_000_000 < os.path.getsize(path) < MAX_RECORD_BYTES
    _refused(path, "bomb.mjlog decompresses to more than 32 MiB")
