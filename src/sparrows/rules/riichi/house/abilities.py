"""The house preset's abilities: what each does, the seed's suggested sets, and the
reading of the ``abilities`` option (the options check it; :mod:`.house` plays them)."""

from __future__ import annotations

from typing import Final

from ....errors import OptionsError

__all__ = ["ABILITIES", "ABILITY_SETS", "ability_names"]

#: The abilities catalog: id -> what it does (seed 001, with our decisions).
ABILITIES: Final[dict[str, str]] = {
    "ura_kaiji": "Ura-dora kaiji: ura dora count when winning with this tile, riichi or not",
    "han_o_tsukeru": (
        "Han o tsukeru: below mangan +1 han (as a dora); otherwise the lowest han of the next "
        "limit (mangan 6, haneman 8, baiman 11, sanbaiman 13 = kazoe yakuman); no effect on a "
        "yakuman"
    ),
    "chippu_zoka": "Chippu zoka: the hand's chips x1.5, rounded up (applied last)",
    "agari_hansu": (
        "Agari han-su o chippu ni kasan: + as many chips as the final han (13 per yakuman)"
    ),
    "yakuka": "Yaku-ka: a 1-han yaku and 1 chip",
    "naki_menzen": (
        "Naki menzen: closed-hand yaku (and riichi, not right after a call) with an open hand; "
        "fu stay those of the open hand; called triplets are never concealed"
    ),
    "tako_riichi": (
        "Tako riichi: at the riichi declaration, ura dora are revealed and from then on each turn "
        "draws and discards twice (ippatsu on the first draw only; not with open riichi)"
    ),
    "kokan": "Kokan: the winner picks -1 han +3 chips or -1 chip +3 han",
}
#: The seed's suggested configurations: abilities of the gold 5p, platinum 5s, cyan 5m.
ABILITY_SETS: Final[dict[str, tuple[str, str, str]]] = {
    "set1": ("han_o_tsukeru", "chippu_zoka", "agari_hansu"),
    "set2": ("naki_menzen", "tako_riichi", "kokan"),
    "set3": ("ura_kaiji", "yakuka", "naki_menzen"),
}


def ability_names(text: str) -> tuple[str, ...]:
    """The abilities of the gold 5p, platinum 5s and cyan 5m from an option value: a set
    name, comma-separated ids (up to three), or "" for none. OptionsError names a bad one."""
    text = text.strip()
    if not text:
        return ()
    if text in ABILITY_SETS:
        return ABILITY_SETS[text]
    names = tuple(n.strip() for n in text.split(","))
    for n in names:
        if n not in ABILITIES:
            raise OptionsError(
                f"unknown ability {n!r}; abilities: {', '.join(ABILITIES)} "
                f"(or a set: {', '.join(ABILITY_SETS)})"
            )
    if len(names) > 3:
        raise OptionsError(f"at most three abilities (gold 5p, platinum 5s, cyan 5m), not {text!r}")
    return names
