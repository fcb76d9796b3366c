"""The first-run experience (issue 7): what a new user hit in the CLI and the terminal
table, each kept fixed. CLI tests run the installed console script."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sparrows.advice import advice_for
from sparrows.cli.play import TerminalTable
from sparrows.engine import Game
from sparrows.reasons import Reason
from sparrows.rules import get_ruleset
from sparrows.tiles import parse_tiles

SCRIPT = Path(sys.executable).with_name("sparrows")


def run(
    args: list[str], stdin: str | None = None, cwd: Path | None = None, timeout: int = 120
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *args], input=stdin, capture_output=True, text=True, timeout=timeout, cwd=cwd
    )


def one_error_line(proc: subprocess.CompletedProcess[str]) -> str:
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert "Traceback" not in proc.stderr and "usage:" not in proc.stderr
    return lines[0]


# ---------------------------------------------------------------------- argument errors


@pytest.mark.parametrize(
    ("args", "loaded", "not_loaded"),
    [
        (["score", "123m456p789s11122z"], "sparrows.cli.score", "sparrows.sim"),
        (["analyse", "123m456p789s1122z"], "sparrows.cli.analyze", "sparrows.cli.play"),
        (["rules"], "sparrows.cli.rules", "sparrows.cli.simulate"),
    ],
)
def test_a_command_loads_only_what_it_uses(args: list[str], loaded: str, not_loaded: str) -> None:
    """The command line starts fast: a command imports its own module, not every other
    command's (the game, the simulator, the server)."""
    code = (
        "import contextlib, io, sys\n"
        "from sparrows.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    status = main({args!r})\n"
        f"print(status, {loaded!r} in sys.modules, {not_loaded!r} in sys.modules)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.stdout.split() == ["0", "True", "False"], proc.stderr


def test_the_full_help_still_lists_every_command() -> None:
    proc = run(["--help"])
    for command in ("play", "analyze", "score", "simulate", "replay", "export", "serve"):
        assert command in proc.stdout


def test_a_typo_names_the_closest_option_of_the_subcommand() -> None:
    line = one_error_line(run(["score", "123m456p789s11122z", "--riichii"]))
    assert line.startswith("sparrows score: error:") and "did you mean --riichi?" in line


def test_a_missing_hand_is_one_line() -> None:
    line = one_error_line(run(["score"]))
    assert "required: hand" in line and "sparrows score --help" in line
    assert "give a hand" in one_error_line(run(["analyze"]))


def test_help_texts_exist() -> None:
    help_text = run(["simulate", "--help"]).stdout
    for words in ("--rules", "(default suzume", "--seed", "same statistics", "--option"):
        assert words in help_text
    assert "machine-readable" in run(["rules", "--help"]).stdout


# ---------------------------------------------------------------------- output paths
def test_simulate_refuses_a_bad_out_path_before_playing() -> None:
    start = time.monotonic()
    line = one_error_line(run(["simulate", "-n", "100000", "--out", "/nonexistent/x.json"]))
    assert "no folder /nonexistent" in line and time.monotonic() - start < 20


def test_play_refuses_a_bad_save_path_before_the_game(tmp_path: Path) -> None:
    proc = run(["play", "--save", "/bad/dir/x.json"], "#1\n" * 5, tmp_path)
    line = one_error_line(proc)
    assert "no folder /bad/dir" in line and "Your hand" not in proc.stdout
    assert "is a directory" in one_error_line(run(["play", "--save", str(tmp_path)], "q\n"))


def test_simulate_out_is_written_atomically(tmp_path: Path) -> None:
    out = tmp_path / "s.json"
    proc = run(["simulate", "-n", "3", "--out", str(out), "--quiet"])
    assert proc.returncode == 0, proc.stderr
    assert json.loads(out.read_text())["games"] == 3
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]  # no temporary file left


# ---------------------------------------------------------------------- simulate
def _children(pid: int) -> set[int]:
    kids = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                kids.add(int(entry.name))
    return kids


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.parametrize(
    ("workers", "sig", "status"),
    [
        pytest.param(1, signal.SIGINT, 130, marks=pytest.mark.slow),  # make test-all
        (2, signal.SIGTERM, 143),
    ],
)
def test_simulate_stopped_early_keeps_finished_games(
    tmp_path: Path, workers: int, sig: signal.Signals, status: int
) -> None:
    out = tmp_path / "stats.json"
    proc = subprocess.Popen(
        [str(SCRIPT), "simulate", "-n", "1000000000", "--workers", str(workers), "--out", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # Ctrl-C as at a terminal, even when the tests run from a background job (a shell
        # starts those with SIGINT ignored, and the child would inherit that)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    import threading

    said: list[str] = []  # stderr as it comes (the progress bar)
    reader = threading.Thread(target=lambda: said.extend(iter(proc.stderr.readline, "")))  # type: ignore[union-attr]
    reader.start()
    workers_seen: set[int] = set()
    deadline = time.monotonic() + 120
    began = time.monotonic()
    while time.monotonic() < deadline:  # wait until games have finished (the bar moves)
        time.sleep(0.5)
        workers_seen |= _children(proc.pid)
        if workers > 1 and len(workers_seen) < workers:
            continue
        # at least five seconds, and the progress bar drawn (a slow start on a busy
        # machine: the signal then never lands before the run has begun)
        if time.monotonic() - began > 5 and "left" in "".join(said):
            break
    time.sleep(2)
    proc.send_signal(sig)
    stdout = proc.stdout.read() if proc.stdout else ""  # type: ignore[union-attr]
    proc.wait(timeout=60)
    reader.join(timeout=10)
    stderr = "".join(said)
    assert proc.returncode == status, stderr
    assert "Stopped early:" in stdout and "Traceback" not in stderr
    assert "left" in stderr  # the progress bar shows the time left
    stats = json.loads(out.read_text())
    assert stats["complete"] is False and stats["games"] > 0
    assert stats["games_requested"] == 1_000_000_000
    if workers > 1:
        assert len(workers_seen) >= workers
        time.sleep(0.5)
        assert not [p for p in workers_seen if _alive(p)], "workers left running"


def test_simulate_caps_workers_and_checks_the_seed() -> None:
    proc = run(["simulate", "-n", "1", "--workers", "100"])
    assert proc.returncode == 0 and "using 1 worker(s)" in proc.stderr
    assert "not -1" in one_error_line(run(["simulate", "--seed", "-1"]))


def test_simulate_takes_preset_and_options() -> None:
    proc = run(["simulate", "-n", "2", "--preset", "tutorial", "--option", "hands=4", "--quiet"])
    assert proc.returncode == 0 and "2 games, 8 hands" in proc.stdout
    assert "unknown option 'handz'" in one_error_line(run(["simulate", "--option", "handz=4"]))
    assert "whole number" in one_error_line(run(["simulate", "--option", "hands=many"]))
    assert "unknown preset" in one_error_line(run(["simulate", "--preset", "blitz"]))


# ---------------------------------------------------------------------- score
def test_score_exit_status_convention() -> None:
    suzume_no = run(["score", "--rules", "suzume", "345666", "--dora", "7"])
    riichi_no = run(["score", "123m456p789s11112z"])
    assert suzume_no.returncode == riichi_no.returncode == 1
    assert "Not a valid win" in suzume_no.stdout and "Not a valid win" in riichi_no.stdout


def test_score_refuses_flags_that_do_not_apply() -> None:
    line = one_error_line(run(["score", "--rules", "suzume", "234666", "--seat", "E"]))
    assert "--seat" in line and "riichi option" in line
    line = one_error_line(run(["score", "123m456p789s11122z", "--ura", "1m"]))
    assert "--ura counts only for a riichi winner" in line
    assert "--seat E" in one_error_line(run(["score", "123m456p789s11122z", "--dealer"]))


def test_dora_lists_take_commas() -> None:
    a = json.loads(
        run(["score", "123m456p789s11z22z", "--win", "2z", "--dora", "1m,4p", "--json"]).stdout
    )
    b = json.loads(
        run(["score", "123m456p789s11z22z", "--win", "2z", "--dora", "1m4p", "--json"]).stdout
    )
    assert a["dora"] == b["dora"] == 2  # 2m and 5p


def test_red_fives_option_for_the_calculator() -> None:
    line = one_error_line(run(["score", "123m406p789s11122z", "--option", "red_fives=0,0,0"]))
    assert "red 5p" in line


# ---------------------------------------------------------------------- analyze
def test_analyze_size_message_and_best_mark() -> None:
    line = one_error_line(run(["analyze", "123m"]))
    assert "3 concealed tiles" in line and "called meld" in line and "with 3 called" not in line
    out = run(["analyze", "123m456p789s11257z"]).stdout
    starred = [ln.split()[1] for ln in out.splitlines() if ln.startswith(" *")]
    # 2z, 5z and 7z are all 1-shanten after the discard; each accepts the same tiles
    assert sorted(starred) == ["2z", "5z", "7z"]
    out = run(["analyze", "2*34 66g", "--ruleset", "suzume"]).stdout
    starred = [ln.split()[1] for ln in out.splitlines() if ln.startswith(" *")]
    assert starred == ["g"]  # the only discard that leaves a ready hand on 5 and 6


def test_closed_streams_are_one_error_line() -> None:
    proc = subprocess.run(
        f"{SCRIPT} analyze - <&-", shell=True, capture_output=True, text=True, timeout=60
    )
    assert "standard input is closed" in one_error_line(proc)
    if os.path.exists("/dev/full"):
        proc = subprocess.run(
            f"{SCRIPT} analyze 123m456p789s1122z >/dev/full",
            shell=True,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert "cannot write the output" in one_error_line(proc)


def test_long_input_is_cut_in_error_lines() -> None:
    line = one_error_line(run(["analyze", "1m" + "x" * 100_000]))
    assert len(line) < 400


# ---------------------------------------------------------------------- play
def test_play_hides_the_default_seed_until_the_end(tmp_path: Path) -> None:
    proc = run(["play", "--no-color"], "q\n", tmp_path)
    banner = proc.stdout.splitlines()[0]
    assert "seed" not in banner.lower()
    seed = int(proc.stdout.split("Seed ", 1)[1].split(".", 1)[0])
    assert seed >= 0 and seed.bit_length() > 20  # drawn from secrets, not the clock


def test_play_takes_preset_and_options(tmp_path: Path) -> None:
    proc = run(
        ["play", "--seed", "1", "--preset", "tutorial", "--option", "hands=2"], "q\n", tmp_path
    )
    assert proc.returncode == 0 and "=== Hand 1/2" in proc.stdout
    assert "unknown option 'x'" in one_error_line(run(["play", "--option", "x=1"], "q\n", tmp_path))


def _table(seat: int = 0) -> tuple[Game, TerminalTable, io.StringIO]:
    game = Game(get_ruleset("suzume"), seed=3)
    out = io.StringIO()
    return game, TerminalTable(game, seat, out, io.StringIO(), color=False), out


def _set_hand(game: Game, seat: int, text: str) -> None:
    """Give ``seat`` the tiles ``text`` (taken from wherever they are in the wall or other
    hands is not needed here: the tests only read the hand)."""
    faces = game.faces
    wanted = parse_tiles(text, "suzume")
    pool = [i for h in game.hands for i in h] + game.wall.live
    ids = []
    for tile in wanted:
        i = next(i for i in pool if faces[i] == tile and i not in ids)
        ids.append(i)
    game.hands[seat] = ids
    game.hand_key[seat] = sum(game.key_weight[t] for t in ids)
    game.counts[seat] = [0] * 42
    for t in ids:
        game.counts[seat][game.kind[t]] += 1
    game.face_key[seat] = sum(game.face_weight[t] for t in ids)


def test_table_takes_tiles_by_name_and_positions_with_a_prefix() -> None:
    game, table, _ = _table()
    legal = game.legal_actions(0)
    hand = table._hand_order(drawn=True)  # seed 3: 3* 4 6* 9 g | g
    action, _ = table._parse("9", legal)
    assert action is not None and str(action.tile) == "9s"
    action, _ = table._parse("#1", legal)
    assert action is not None and action.tile == hand[0]
    _, problem = table._parse("5", legal)
    assert problem.startswith("You hold no 5.")
    _, problem = table._parse("r", legal)  # r is the red dragon, never "ron"
    assert "You hold no r" in problem
    _, problem = table._parse("w", legal)
    assert problem.startswith("No win to declare: ")
    _, problem = table._parse("p", legal)
    assert "Nothing to pass" in problem


def test_table_prompt_has_no_dangling_comma() -> None:
    from sparrows.engine import Action, ActionType

    _, table, _ = _table()
    prompt = table._prompt([Action(ActionType.RON), Action(ActionType.PASS)])
    assert prompt == "[w = RON, p = pass, h = hint, ? = help] > "


def test_table_explains_a_win_that_is_not_offered_and_marks_furiten() -> None:
    game, table, _ = _table(seat=1)
    rules = game.ruleset
    _set_hand(game, 1, "23455")  # ready on 5 only: 234 555 (the dora of seed 3 is 6)
    five = next(i for i in game.wall.live if str(game.faces[i]) == "5s")
    reason = rules.no_win_reason(game, 1, five)
    # run 1 + triplet 2 + tanyao 1 = 4, below the minimum of 5
    assert reason == "the hand is worth 4 before the dealer bonus; a win needs 5"
    assert isinstance(reason, Reason) and reason.args == {"worth": 4, "need": 5}
    hint = advice_for(rules).hint(game.observation(1))
    assert hint.shanten == 0 and hint.waits == (22,) and not hint.furiten
    game.discards[1].append(five)  # a discarded wait: furiten
    reason = rules.no_win_reason(game, 1, five)
    assert reason is not None and reason.startswith("furiten: you discarded a 5 earlier")
    assert isinstance(reason, Reason) and reason.to_json()["args"] == {"tile": "5"}
    assert advice_for(rules).hint(game.observation(1)).furiten
    lines = table.hand_lines(drawn=False)
    assert "ready (FURITEN: no ron)" in lines[0]
    assert lines[1].split() == ["#1", "#2", "#3", "#4", "#5"]


def test_table_marks_dora_and_says_dora_in_suzume() -> None:
    _game, table, out = _table()
    table.feed()
    assert "· dora: 6* ===" in out.getvalue()  # seed 3's indicator is the red 6
    lines = table.hand_lines(drawn=True)
    assert "6'" in lines[0] and "(' = dora)" in lines[0]


def test_table_grammar_and_seat_order() -> None:
    _game, table, out = _table(seat=2)
    table.show_event(
        {
            "type": "win",
            "seat": 3,
            "from_seat": 2,
            "tile": "5",
            "hand": ["2", "3", "4", "5", "5", "5"],
            "reading": "234 555",
            "points": 6,
            "items": [["Run", 1]],
            "payments": [0, 0, -6, 6],
        }
    )
    table.show_event({"type": "hand_end", "scores": [1, 2, 3, 4], "deltas": [0, 0, 0, 0]})
    text = out.getvalue()
    assert "Right wins by ron on your discard" in text
    assert "scores: You 3  Right 4  Across 1  Left 2" in text  # the table's order, You first
    assert "payments: You -6, Right +6" in text


def test_exhaustive_draw_shows_every_hand_and_who_was_ready() -> None:
    from sparrows.agents import make_agent
    from sparrows.sim import play_game

    game = play_game(
        get_ruleset("suzume"), [make_agent("random", seed=s) for s in range(4)], 1, record=True
    )
    draws = [e for e in game.events if e.type == "exhaustive_draw"]
    assert draws and all(len(e.hands) == 4 for e in draws)  # type: ignore[attr-defined]
    out = io.StringIO()
    table = TerminalTable(game, 0, out, io.StringIO(), color=False)
    for e in game.events:
        table.show_event(e.to_json())
    text = out.getvalue()
    assert "exhaustive draw" in text and ("not ready" in text or " ready" in text)
    from sparrows.analysis import SUZUME, analyse

    for e in draws:
        for seat, shown in enumerate(e.hands):  # type: ignore[attr-defined]
            counts = [0] * 34
            for t in parse_tiles("".join(shown), "suzume"):
                counts[t.kind] += 1
            assert (analyse(counts, SUZUME).value == 0) == (seat in e.ready)  # type: ignore[attr-defined]


def test_hint_key_in_a_game(tmp_path: Path) -> None:
    proc = run(["play", "--seed", "3", "--no-color"], "h\nq\n", tmp_path)
    assert "Hint: shanten now 1. Best discards" in proc.stdout


def test_text_replay_shows_draws_and_red_discards(tmp_path: Path) -> None:
    from sparrows.agents import make_agent
    from sparrows.records import save_record
    from sparrows.sim import play_game

    game = play_game(
        get_ruleset("suzume"), [make_agent("random", seed=s) for s in range(4)], 4, record=True
    )
    path = save_record(game, tmp_path / "g.json")
    shown = run(["replay", str(path)]).stdout
    red_discards = [
        e.tile  # type: ignore[attr-defined]
        for e in game.events
        if e.type == "discard" and e.tile.endswith("*")  # type: ignore[attr-defined]
    ]
    assert red_discards and f"discards {red_discards[0]}" in shown
    assert " draws " in shown and "left)" in shown


def test_table_tells_the_penalty_of_a_misdeclared_win_from_the_event() -> None:
    from sparrows.engine import events as ev

    _game, table, out = _table(seat=0)
    e = ev.Misdeclared(1, "tsumo", ["1", "2", "3", "5", "5", "9"], 3, [2, -6, 2, 2])
    table.show_event(e.to_json())
    assert "only 3 points, a penalty of 2 to each other player" in out.getvalue()
    e = ev.Misdeclared(1, "ron", ["1", "2", "3", "5", "5", "9"], 3, [0, -4, 4, 0])
    table.show_event(e.to_json())
    assert "penalties: " in out.getvalue() and "+4" in out.getvalue()


def test_the_riichi_hint_names_the_weighed_pick(tmp_path: Path) -> None:
    """`h` in a riichi game: after the ranked discards, the discard weighing value and
    danger picks (the balanced bot's, the page's hint box's) with the hand's worth and its
    chance; nobody threatens at the first discard, so no deal-in cost, and the pick is one
    of the fastest discards listed."""
    proc = run(["play", "--rules", "riichi", "--seed", "3", "--no-color"], "h\nq\n", tmp_path)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    said = next(line for line in lines if "Weighing value and danger:" in line)
    pick = said.split(":", 1)[1].split(",")[0].strip()
    fastest = [line.split()[1] for line in lines if line.startswith("  * ")]
    assert pick in fastest, (said, fastest)
    assert "a win worth about" in said and "deal-in" not in said
