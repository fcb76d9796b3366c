"""Every command the README and the docs pages show runs as written.

The pages are read in the order of ``PAGES`` (a record saved on one page is replayed on a
later one). Each ```sh block's lines that start with ``sparrows`` are run in order with
the installed console script on the PATH, in one scratch folder (so a record saved by one
example is there for the next), stdin empty unless redirected. A trailing ``# exit N`` comment gives
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

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
#: The pages whose examples run, in order.
PAGES = [
    README,
    *(
        ROOT / "docs" / f"{name}.md"
        for name in (
            "playing",
            "calculator",
            "simulation",
            "bots-measured",
            "records",
            "library",
            "research",
            "benchmarks",
            "development",
            "engine",
            "envs",
            "envs-speed",
            "formats",
            "protocol",
            "rulesets",
            "selfplay",
        )
    ),
]
BIN = Path(sys.executable).parent

#: Input files the examples read.
FIXTURES = {
    "hands.txt": "123m456p789s1122z\n234m067p3345s1156z\n123m456p789s11122z\n",
    "suzume-hands.txt": "2*34666\nggg234\n",
    "wins.txt": "123m406p789s1z [777z] 1z\n22334455m678p99s5m\n",
}


def _blocks(language: str, pages: list[Path] = PAGES) -> list[str]:
    blocks: list[str] = []
    for page in pages:
        text = page.read_text(encoding="utf-8")
        blocks += re.findall(rf"^```{language}\n(.*?)^```", text, flags=re.S | re.M)
    return blocks


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


def test_every_page_is_walked() -> None:
    """A new page under docs/ is walked too (add it to PAGES where its examples belong)."""
    assert set((ROOT / "docs").glob("*.md")) <= set(PAGES)


def test_the_readme_links_resolve() -> None:
    """Every relative link of the README and the docs pages names a file that exists, and
    an anchor names a heading of that page."""
    broken = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, anchor = target.partition("#")
            file = (page.parent / path).resolve() if path else page
            if not file.exists():
                broken.append(f"{page.name}: {target}")
            elif anchor and file.suffix == ".md":
                heads = re.findall(r"^#+ (.*)$", file.read_text(encoding="utf-8"), re.M)
                slugs = {re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-") for h in heads}
                if anchor not in slugs:
                    broken.append(f"{page.name}: {target}")
    assert not broken, broken


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
