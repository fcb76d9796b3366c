"""Regenerate the web table's tile art (``src/sparrows/server/static/tiles/``).

The art comes from the shared asset snapshot (``../shared/assets/tiles`` from the repository
root unless another path is given)::

    python tools/recolour_tiles.py [ASSETS]

It rewrites three folders and nothing else under ``static/tiles/``:

``fluffystuff/``
    FluffyStuff's ``Regular`` faces (CC0) that the page uses: the 34 kinds, the three red
    fives (``*5-Dora``), ``Front`` and ``Back``, plus the set's ``LICENSE.md`` and
    ``SOURCE.md``. ``Blank.svg`` (a red "?") is not used.
``xhokir/``
    Xhokir's flowers and seasons (CC BY 4.0), ``Flower1-4`` and ``Season1-4``, plus the set's
    ``LICENSE.md`` and ``SOURCE.md``.
``recoloured/``
    Copies of FluffyStuff's faces in another colour, the way FluffyStuff made its own red
    fives: every ink colour of the face becomes the target colour and the white highlights
    stay, so the bamboos, circles and characters keep their shape. Black ink (outlines,
    numerals, the peacock's body) becomes a dark shade of the target instead, so the
    drawing stays readable. Made: Suzume's red bamboos (``Sou1-9-Red`` but 5, which is
    FluffyStuff's ``Sou5-Dora``) and the riichi house set's special copies (purple 3s, blue
    7s, gold 5p, platinum 5s, cyan 5m). A ``README.md`` says where they come from.

Which files the page asks for is ``faceUrl`` in ``static/js/tiles.js``; the favicon is
``Chun.svg``, ``Front.svg`` and ``Back.svg`` come from ``static/css/base.css``. The samoheen
set in the snapshot is not used. Only the standard library is needed.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src/sparrows/server/static/tiles"
DEFAULT_ASSETS = ROOT.parent / "shared/assets/tiles"

SUITS = ("Man", "Pin", "Sou")
HONOURS = ("Ton", "Nan", "Shaa", "Pei", "Haku", "Hatsu", "Chun")
NOTES = ("LICENSE.md", "SOURCE.md")

#: FluffyStuff's files the page uses (from ``<assets>/fluffystuff/Regular/``).
FLUFFY_FILES: tuple[str, ...] = (
    "Front",
    "Back",
    *(f"{suit}{n}" for suit in SUITS for n in range(1, 10)),
    *(f"{suit}5-Dora" for suit in SUITS),
    *HONOURS,
)

#: Xhokir's files the page uses (from ``<assets>/xhokir/Regular/``).
XHOKIR_FILES: tuple[str, ...] = (
    *(f"Flower{n}" for n in range(1, 5)),
    *(f"Season{n}" for n in range(1, 5)),
)

#: Each target colour: (main ink, dark ink for what was black). Red is FluffyStuff's own red
#: five colour; purple, blue, gold and cyan are the hues ``base.css`` rings those copies with;
#: platinum is a light silver-grey (darker than the tile's cream so it still reads).
COLOURS: dict[str, tuple[str, str]] = {
    "Red": ("#d71e1e", "#7a0c0c"),
    "Purple": ("#8e2fc4", "#4a1470"),
    "Blue": ("#1d4fd8", "#0c2a7a"),
    "Gold": ("#c08a00", "#6b4a00"),
    "Platinum": ("#a4acb6", "#5b636e"),
    "Cyan": ("#00a8c2", "#005866"),
}

#: The recoloured faces: target colour -> FluffyStuff faces.
RECOLOURED: dict[str, tuple[str, ...]] = {
    # Suzume's red bamboos; the red 5 is FluffyStuff's Sou5-Dora.
    "Red": tuple(f"Sou{n}" for n in range(1, 10) if n != 5),
    # The riichi house set (``sparrows.tiles.notation``: P B G T C copies).
    "Purple": ("Man3", "Pin3", "Sou3"),
    "Blue": ("Man7", "Pin7", "Sou7"),
    "Gold": ("Pin5",),
    "Platinum": ("Sou5",),
    "Cyan": ("Man5",),
}

#: The ink colours FluffyStuff's number tiles are drawn with, and which ink each becomes:
#: black (outlines, numerals) the dark shade, the rest the main colour. White stays.
INK: dict[str, str] = {
    "#000000": "dark",  # numerals of the characters, circles' outer rings, the peacock's lines
    "#000037": "main",  # the circles' navy
    "#004900": "main",  # the bamboos' green
    "#b93c3c": "main",  # the characters' 萬, the red circles and bamboos
}
KEEP = {"#ffffff"}

PAINT = re.compile(r"(?P<key>fill|stroke|stop-color)(?P<sep>:|=\")(?P<colour>#[0-9a-fA-F]{6})")


def recolour(svg: str, colour: str, source: str) -> str:
    """``svg`` (one of FluffyStuff's faces) with its ink in ``colour``. Only the drawing is
    changed (what follows ``</defs>``); unknown colours are refused, so new art is looked at
    before it is shipped."""
    main, dark = COLOURS[colour]
    head, sep, body = svg.partition("</defs>")
    if not sep:
        raise ValueError(f"{source}: no </defs>, not a FluffyStuff face")

    def swap(match: re.Match[str]) -> str:
        old = match["colour"].lower()
        if old in KEEP:
            return match[0]
        if old not in INK:
            raise ValueError(f"{source}: unexpected colour {old}; add it to INK")
        new = dark if INK[old] == "dark" else main
        return f"{match['key']}{match['sep']}{new}"

    new_body = PAINT.sub(swap, body)
    if new_body == body:
        raise ValueError(f"{source}: no ink to recolour")
    note = (
        f"<!-- {colour} copy of FluffyStuff's {source} (CC0, "
        "https://github.com/FluffyStuff/riichi-mahjong-tiles), made by tools/recolour_tiles.py -->"
    )
    first, newline, rest = head.partition("\n")
    # After the XML declaration, which must come first.
    head = f"{first}\n{note}{newline}{rest}" if first.startswith("<?xml") else f"{note}\n{head}"
    return head + sep + new_body


def readme(assets: Path) -> str:
    source = (assets / "fluffystuff/SOURCE.md").read_text(encoding="utf-8")
    commit = re.search(r"Commit: ([0-9a-f]{40})", source)
    at = f" at commit {commit[1]}" if commit else ""
    lines = [
        "# Recoloured faces",
        "",
        "Derived from FluffyStuff's riichi-mahjong-tiles",
        f"(https://github.com/FluffyStuff/riichi-mahjong-tiles{at}), `Regular/` faces,",
        "CC0 1.0 / public domain (see `../fluffystuff/LICENSE.md`). The copies here are CC0 too.",
        "",
        "Made by `tools/recolour_tiles.py` the way FluffyStuff made its own red fives: in the",
        "drawing (what follows `</defs>`), every ink colour becomes the target colour and the",
        "white highlights stay; black ink (outlines, numerals) becomes a dark shade of it.",
        "Nothing else in the files is changed. Draw them over `../fluffystuff/Front.svg`.",
        "",
        "| copy | colour (main / dark) | faces |",
        "| --- | --- | --- |",
    ]
    for colour, faces in RECOLOURED.items():
        main, dark = COLOURS[colour]
        files = ", ".join(f"`{face}-{colour}.svg`" for face in faces)
        lines.append(f"| {colour} | `{main}` / `{dark}` | {files} |")
    lines += [
        "",
        "Red: Suzume's red bamboos (the red 5 is FluffyStuff's own `Sou5-Dora.svg`).",
        "Purple, blue, gold, platinum, cyan: the riichi house set's special tiles",
        "(purple 3m 3p 3s, blue 7m 7p 7s, gold 5p, platinum 5s, cyan 5m).",
        "",
    ]
    return "\n".join(lines)


def copy_set(source: Path, notes: Path, names: tuple[str, ...], target: Path) -> int:
    target.mkdir(parents=True)
    for name in names:
        shutil.copyfile(source / f"{name}.svg", target / f"{name}.svg")
    for note in NOTES:
        shutil.copyfile(notes / note, target / note)
    return len(names) + len(NOTES)


def build(assets: Path, out: Path = OUT) -> dict[str, int]:
    """Rewrite ``out``'s three folders from ``assets``; the number of files in each."""
    if not assets.is_dir():
        raise FileNotFoundError(f"no tile assets at {assets}")
    fluffy = assets / "fluffystuff"
    xhokir = assets / "xhokir"
    wanted = [fluffy / "Regular" / f"{n}.svg" for n in FLUFFY_FILES]
    wanted += [xhokir / "Regular" / f"{n}.svg" for n in XHOKIR_FILES]
    wanted += [d / note for d in (fluffy, xhokir) for note in NOTES]
    missing = [str(p) for p in wanted if not p.is_file()]
    if missing:
        raise FileNotFoundError("missing in the assets: " + ", ".join(missing))
    # Made in memory first: a refused colour leaves the shipped tree alone.
    made = {
        f"{face}-{colour}.svg": recolour(
            (fluffy / "Regular" / f"{face}.svg").read_text(encoding="utf-8"),
            colour,
            f"{face}.svg",
        )
        for colour, faces in RECOLOURED.items()
        for face in faces
    }
    for folder in ("fluffystuff", "xhokir", "recoloured"):
        shutil.rmtree(out / folder, ignore_errors=True)
    counts = {
        "fluffystuff": copy_set(fluffy / "Regular", fluffy, FLUFFY_FILES, out / "fluffystuff"),
        "xhokir": copy_set(xhokir / "Regular", xhokir, XHOKIR_FILES, out / "xhokir"),
    }
    recoloured = out / "recoloured"
    recoloured.mkdir(parents=True)
    for name, text in made.items():
        (recoloured / name).write_text(text, encoding="utf-8")
    (recoloured / "README.md").write_text(readme(assets), encoding="utf-8")
    counts["recoloured"] = len(made) + 1
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument(
        "assets",
        nargs="?",
        type=Path,
        default=DEFAULT_ASSETS,
        help=f"the shared tile assets (default: {DEFAULT_ASSETS})",
    )
    parser.add_argument("--out", type=Path, default=OUT, help=f"the tiles folder (default: {OUT})")
    args = parser.parse_args(argv)
    try:
        counts = build(args.assets, args.out)
    except (OSError, ValueError) as err:
        print(f"recolour_tiles: {err}", file=sys.stderr)
        return 1
    for folder, n in counts.items():
        print(f"{args.out / folder}: {n} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
