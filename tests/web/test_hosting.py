"""Hosting for friends (issue 31): the table links (and their QR codes) are built from an
address a friend's device can open, never from ``localhost`` or ``0.0.0.0``: the host's
``--public-url``, else this machine's network address when ``serve --host 0.0.0.0``;
listening on this machine alone, the lobby says its links open here only. The QR code the
lobby shows decodes (from a Chromium screenshot) to the seat's link."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("segno")

from sparrows.errors import SparrowsError
from sparrows.server.hosting import (
    check_public_url,
    hosting_for,
    network_addresses,
)
from tests.support.browser import CHROMIUM, SPARROWS, post_json, start_server, stop_server

BOT = {"kind": "bot:efficiency"}
TABLE = {
    "ruleset": "suzume",
    "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human"}, BOT, BOT],
}


def _table(url: str) -> dict[str, Any]:
    made: dict[str, Any] = post_json(url + "/api/tables", TABLE)
    return made


def test_links_are_built_from_the_address_friends_open() -> None:
    assert hosting_for("0.0.0.0", 8000, "https://mj.example.org")[0].base == (
        "https://mj.example.org"
    )
    here = hosting_for("127.0.0.1", 8000, None)[0]
    assert here.local_only and here.base == ""
    assert hosting_for("localhost", 8000, None)[0].local_only
    assert hosting_for("192.0.2.7", 8123, None)[0].base == "http://192.0.2.7:8123"
    every, shown = hosting_for("0.0.0.0", 8000, None)
    nets = network_addresses()
    assert all(not a.startswith("127.") for a in nets)
    if nets:
        assert every.base == f"http://{nets[0]}:8000" and not every.local_only
        assert shown[0] == f"http://{nets[0]}:8000/"
    else:  # a machine on no network: the links can only open here, and it says so
        assert every.local_only
    for bad in ("ftp://x.org", "mj.example.org", "https://", "https://x.org/?a=1"):
        with pytest.raises(SparrowsError, match="--public-url"):
            check_public_url(bad)
    assert check_public_url("https://x.org/mj/") == "https://x.org/mj"


def test_a_bad_public_url_is_one_line_and_exit_2(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            *(str(SPARROWS), "serve", "--port", "0", "--db", str(tmp_path / "t.db")),
            *("--public-url", "ftp://x"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "--public-url" in done.stderr


def test_serve_on_every_interface_prints_and_links_the_network_address(tmp_path: Path) -> None:
    nets = network_addresses()
    if not nets:
        pytest.skip("this machine has no network address")
    proc, url = start_server(tmp_path / "t.db", "--host", "0.0.0.0")
    try:
        assert url.startswith("http://localhost:")  # the host's own browser opens this
        port = url.rsplit(":", 1)[1]
        assert proc.stdout is not None
        said = proc.stdout.readline()
        assert f"http://{nets[0]}:{port}/" in said, said
        made = _table(url)  # asked through localhost: the links still use the network
        for link in [*made["links"].values(), made["spectate"]]:
            assert link.startswith(f"http://{nets[0]}:{port}/table/"), link
            assert "localhost" not in link and "0.0.0.0" not in link
        assert made["local_only"] is False
    finally:
        stop_server(proc)


def test_public_url_and_this_machine_only(tmp_path: Path) -> None:
    proc, url = start_server(tmp_path / "a.db", "--public-url", "https://mj.example.org/")
    try:
        made = _table(url)
        assert all(v.startswith("https://mj.example.org/table/") for v in made["links"].values())
        assert made["spectate"].startswith("https://mj.example.org/table/")
    finally:
        stop_server(proc)
    proc, url = start_server(tmp_path / "b.db")
    try:
        made = _table(url)
        assert made["local_only"] is True  # the lobby warns: these open on this machine only
        assert set(made["qr"]) == {"0", "1", "spectate"}
    finally:
        stop_server(proc)


def _decode(png: bytes) -> list[str]:
    import zxingcpp
    from PIL import Image

    return [r.text for r in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))]


@pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium (make browser)")
@pytest.mark.slow  # make test-all: the browser's budget in make test
def test_the_lobby_shows_each_link_with_a_qr_code_that_scans_to_it(
    tmp_path: Path, browser: Any
) -> None:
    pytest.importorskip("zxingcpp")
    proc, url = start_server(tmp_path / "t.db", "--public-url", "http://192.0.2.99:8000")
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(url + "/")
        page.select_option("[data-testid=ruleset]", "suzume")
        page.fill("[data-testid=seat-name] >> nth=0", "Ann")
        page.click("[data-testid=create]")
        rows = page.locator("[data-testid=seat-link]")
        rows.first.wait_for()
        labels = [rows.nth(i).locator(".who").inner_text() for i in range(rows.count())]
        assert labels[0] == "Seat 1 \u00b7 Ann"
        assert all(not x.endswith(": Seat " + x.split()[1]) for x in labels), labels
        for row in [
            *(rows.nth(i) for i in range(rows.count())),
            page.locator("[data-testid=spectate-link]"),
        ]:
            link = row.locator("input").input_value()
            assert link.startswith("http://192.0.2.99:8000/table/")
            shot = row.locator("img.qr").screenshot()
            assert _decode(shot) == [link]
        assert page.locator("[data-testid=local-only]").count() == 0
        page.screenshot(path=str(tmp_path / "lobby-links.png"))
        page.close()
    finally:
        stop_server(proc)
