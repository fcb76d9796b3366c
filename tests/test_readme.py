"""Every command in the README runs as written.

Each ```sh block's lines that start with ``sparrows`` are run in order with the installed
console script on the PATH, in one scratch folder (so a record saved by one example is
there for the next), stdin empty unless redirected. A trailing ``# exit N`` comment gives
the expected status (default 0). Each ```python block is run as a script in the same
folder. ```text blocks (syntax summaries) are not run.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
BIN = Path(sys.executable).parent

#: Input files the examples read.
FIXTURES = {
    "hands.txt": "123m456p789s1122z\n234m067p3345s1156z\n123m456p789s11122z\n",
    "suzume-hands.txt": "2*34666\nggg234\n",
    "wins.txt": "123m406p789s1z [777z] 1z\n22334455m678p99s5m\n",
}


def _blocks(language: str) -> list[str]:
    text = README.read_text(encoding="utf-8")
    return re.findall(rf"^```{language}\n(.*?)^```", text, flags=re.S | re.M)


def _commands() -> list[tuple[str, int]]:
    commands = []
    for block in _blocks("sh"):
        joined = block.replace("\\\n", " ")
        for line in joined.splitlines():
            line = line.strip()
            if not line.startswith("sparrows"):
                continue
            status = 0
            m = re.search(r"\s#\s*exit (\d+)\s*$", line)
            if m:
                status = int(m.group(1))
            command = re.sub(r"\s+#.*$", "", line)  # comments are two-space-separated
            commands.append((command, status))
    return commands


def test_the_readme_has_examples() -> None:
    assert len(_commands()) >= 20 and _blocks("python")


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("readme")
    for name, content in FIXTURES.items():
        (folder / name).write_text(content)
    return folder


def test_every_readme_command_runs(scratch: Path) -> None:
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    failures = []
    for command, status in _commands():
        proc = subprocess.run(
            ["bash", "-c", command],
            cwd=scratch,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=300,
        )
        if proc.returncode != status or "Traceback" in proc.stderr:
            failures.append(f"{command!r} -> {proc.returncode} (want {status}): {proc.stderr}")
    assert not failures, "\n".join(failures)


def test_every_readme_python_block_runs(scratch: Path) -> None:
    for block in _blocks("python"):
        proc = subprocess.run(
            [sys.executable, "-c", block], cwd=scratch, capture_output=True, text=True, timeout=300
        )
        assert proc.returncode == 0, f"{block}\n{proc.stderr}"
