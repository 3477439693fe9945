"""A cue inside quotation marks introduces words of that quote, never the narration around it.

A parser that reads a narration clause and the quote after it as one sentence can hang the
quote's own verb ("he is *praising* her") on the narration's verb, as if the narration were
what was praised. The texts are invented; they run on the model's frozen parse
(``tests/fixtures/quoted_cues.spacy``, made by ``scripts/freeze_parses.py``).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, FrozenParses


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    frozen = FrozenParses("quoted_cues")
    yield FrozenEngine(frozen)
    frozen.save()  # only in record mode


NARRATION = "After the match, fans took to the forums to argue about the referee, with one member posting"
TEXT = NARRATION + ': "Wow, he is praising the keeper and the keeper tells him to sit down."'


def test_a_quoted_cue_never_takes_the_narration_for_its_content(engine: FrozenEngine) -> None:
    quotes = [q.to_dict() for q in engine(TEXT)._.quotes]
    assert any("praising the keeper" in q["content"] for q in quotes), quotes  # the quote is found
    for q in quotes:
        assert "took to the forums" not in q["content"], q


def test_a_quoted_cue_keeps_content_inside_its_quote(engine: FrozenEngine) -> None:
    text = 'The mayor spoke last. "I believe the ferry will run again by spring," she said.'
    quotes = [q.to_dict() for q in engine(text)._.quotes]
    assert [q["content"] for q in quotes if "ferry" in q["content"]], quotes
    assert all("mayor spoke" not in q["content"] for q in quotes), quotes
