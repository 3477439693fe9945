"""'According to' names who passed the words on; a speaker named with "said" keeps the quote.

The texts are invented; they run on the model's frozen parse (``tests/fixtures/according_to.spacy``,
made by ``scripts/freeze_parses.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from frozen_parses import FrozenEngine, FrozenParses


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    frozen = FrozenParses("according_to")
    yield FrozenEngine(frozen)
    frozen.save()  # only in record mode


def quotes(engine: FrozenEngine, text: str) -> list[dict[str, Any]]:
    return [q.to_dict() for q in engine(text)._.quotes]


def test_the_speaker_who_said_it_keeps_the_quote(engine: FrozenEngine) -> None:
    text = "“If the plan fails,” she said, according to two former aides, “blame the council, not me.”"
    found = quotes(engine, text)
    assert found and {(q["kind"], q["source"]) for q in found} == {("direct", "she")}, found
    assert all("according" not in q["content"] for q in found), found  # never glued into the words


def test_according_to_alone_is_the_source(engine: FrozenEngine) -> None:
    found = quotes(engine, "The bridge will close in May, according to two engineers at the port.")
    (q,) = [q for q in found if "bridge" in q["content"]]
    assert (q["cue"], q["source"]) == ("according to", "two engineers at the port")


@pytest.mark.parametrize(
    "text, whole",
    [
        (
            "Ferry traffic rose by a third in the spring, and the harbor lost two of its oldest piers, "
            "according to the port authority.",
            "Ferry traffic rose by a third in the spring, and the harbor lost two of its oldest piers",
        ),
        (
            "Rents climbed in every district, but wages stayed flat, according to a study by the university.",
            "Rents climbed in every district, but wages stayed flat",
        ),
    ],
)
def test_according_to_after_coordinated_clauses_vouches_for_all_of_them(
    engine: FrozenEngine, text: str, whole: str
) -> None:
    # Eleventh session: the parser hangs the phrase on the last clause, which was all the content.
    (q,) = [q for q in quotes(engine, text) if q["cue"] == "according to"]
    assert q["content"] == whole
