"""What the rules and the server say to a player (sparrows.reasons): an id with its
parameters that is also the English sentence, kept whole through a copy or a pickle (a
hint crosses processes in a simulation, a score in Ray)."""

from __future__ import annotations

import copy
import pickle

import pytest

from sparrows.reasons import REASONS, Reason


def test_a_reason_is_its_english_sentence_and_its_id() -> None:
    said = Reason("below_faan", faan=2, need=3)
    assert said == "the hand is worth 2 faan; a win needs at least 3 (min_faan)"
    assert said.startswith("the hand is worth") and isinstance(said, str)
    assert said.to_json() == {"id": "below_faan", "args": {"faan": 2, "need": 3}, "text": said}


@pytest.mark.parametrize(
    "keep", [copy.copy, copy.deepcopy, lambda r: pickle.loads(pickle.dumps(r))]
)
def test_a_reason_survives_a_copy_and_a_pickle(keep: object) -> None:
    said = Reason("furiten_tile", tile="5")
    again = keep(said)  # type: ignore[operator]
    assert isinstance(again, Reason) and again == said
    assert (again.key, again.args) == ("furiten_tile", {"tile": "5"})


def test_an_unknown_id_or_a_missing_parameter_is_our_fault() -> None:
    with pytest.raises(KeyError):
        Reason("no_such_reason")
    with pytest.raises(KeyError):
        Reason("below_points", worth=4)  # no need=


def test_every_sentence_fills_from_its_own_parameters() -> None:
    import string

    for key, text in REASONS.items():
        names = {f for _, f, _, _ in string.Formatter().parse(text) if f}
        said = Reason(key, **{n: 1 for n in names})
        assert "{" not in said and said.key == key
