"""Where friends reach the server: the base address the table links are built from, the
machine's network addresses, and QR codes of the links (segno, drawn as SVG here: no
image from anywhere else).

A link must open on a friend's phone, so it is never built from the address the host's
own browser used (``localhost``, ``0.0.0.0``): ``--public-url`` when the host gives one,
else the machine's network address when the server listens on every interface, else
(listening on this machine only) the request's own address, with a warning that such
links open on this machine alone.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from ..errors import SparrowsError

#: Addresses that mean "every interface" to listen on (never a place to send a friend).
ANY = ("0.0.0.0", "::", "")


@dataclass
class Hosting:
    """How the server is reached. ``base`` (``http://192.168.1.20:8000``; empty: the
    request's own address) is filled in once the port is known; ``local_only``: the
    server listens on this machine alone, so its links open nowhere else."""

    base: str = ""
    local_only: bool = False

    def link_base(self, request_base: str) -> str:
        return (self.base or request_base).rstrip("/")


def check_public_url(url: str) -> str:
    """A ``--public-url`` as given, checked: http(s), a host, no query or fragment."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise SparrowsError(
            f"--public-url must be an http:// or https:// address with a host, not {url!r}"
        )
    if parts.query or parts.fragment:
        raise SparrowsError(f"--public-url takes no query or fragment: {url!r}")
    return url.rstrip("/")


def network_addresses() -> list[str]:
    """This machine's IPv4 addresses others on its networks may reach (not loopback):
    the one its default route leaves from first (found without sending anything)."""
    found: list[str] = []
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))  # a UDP "connect" only picks the route
        found.append(probe.getsockname()[0])
    except OSError:
        pass
    finally:
        probe.close()
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        address = str(info[4][0])
        if address not in found:
            found.append(address)
    return [a for a in found if not ipaddress.ip_address(a).is_loopback]


def hosting_for(host: str, port: int, public_url: str | None) -> tuple[Hosting, list[str]]:
    """How links are built for a server listening on ``host``:``port``, and the
    addresses to print (where friends open the lobby)."""
    if public_url:
        return Hosting(base=public_url), [public_url + "/"]
    if host in ANY:
        nets = network_addresses()
        urls = [f"http://{a}:{port}" for a in nets]
        return Hosting(base=urls[0] if urls else "", local_only=not urls), [u + "/" for u in urls]
    if ipaddress.ip_address(host).is_loopback if _is_ip(host) else host == "localhost":
        return Hosting(local_only=True), []
    shown = f"[{host}]" if ":" in host else host
    return Hosting(base=f"http://{shown}:{port}"), [f"http://{shown}:{port}/"]


def _is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def qr_svg(text: str) -> str:
    """``text`` as a QR code: an SVG image as a ``data:`` URI for an ``<img>`` (dark
    modules on white, a quiet zone of four modules, error correction M: it scans from a
    screen; no markup of ours or the link's enters the page)."""
    import segno

    code = segno.make(text, error="m", micro=False)
    uri: str = code.svg_data_uri(scale=4, border=4, dark="#000", light="#fff")
    return uri
