"""A surname two people share stays with the one it has stood for (stage 3 on the model's parse).

News names the second member of a family in full and goes on using the bare surname for the
first ("... lost to Ruth Varga in the primary. But Varga said ..." is still Tomas). The raw
attributions are written by hand, so a failure is one of coreference alone.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_speakers_unit import check_consistent

from sayso.quotes.coref.agents import WordClasses
from sayso.quotes.speakers import resolve
from sayso.quotes.types import RawAttribution

STORY = (
    "Former governor Tomas Varga campaigned for the senator in Ashford on Monday.\n\n"
    "Varga said the senator had earned a second term. Varga praised her record on water.\n\n"
    "The two made peace years ago, after the senator beat Ruth Varga in a bitter primary. "
    "But Varga said the state needed more than peace.\n\n"
    "Ruth Varga, his sister, said on Tuesday that she would stay out of the race."
)


def _span(words: str, nth: int = 0) -> tuple[int, int]:
    found = list(re.finditer(r"(?<!\w)" + re.escape(words) + r"(?!\w)", STORY))
    return found[nth].start(), found[nth].end()


def _raw(content: str, source: str, nth: int = 0) -> RawAttribution:
    return RawAttribution("indirect", (_span(content),), None, _span(source, nth), 0.9)


@pytest.mark.model
def test_a_shared_surname_keeps_the_person_it_has_stood_for(nlp: Any) -> None:
    with nlp.select_pipes(disable=["sayso_quotes"]):  # the model's parse only
        doc = nlp(STORY)
    raws = [
        _raw("the senator had earned a second term", "Varga", 1),
        _raw("the state needed more than peace", "Varga", 4),
        _raw("that she would stay out of the race", "Ruth Varga", 1),
    ]
    quotes, speakers = resolve(doc, raws, words=WordClasses.from_nlp(nlp))
    check_consistent(STORY, quotes, speakers)
    by_content = {q.content: q.speaker for q in quotes}
    assert by_content["the senator had earned a second term"] == "Tomas Varga"
    # Ruth Varga was just named in full, but the bare surname has stood for Tomas all along.
    assert by_content["the state needed more than peace"] == "Tomas Varga"
    assert by_content["that she would stay out of the race"] == "Ruth Varga"
