"""Abbreviated titles are one token, so a sentence does not end inside a name.

spaCy's English exceptions keep "Gov." and "Sen." whole but not "Sgt.", "Lt.", "Det.": "said Sgt.
Stephen Wells" was split after "Sgt", a sentence ended there, and "Sgt" was shown as the speaker
(a QA read of real news, thirty-third session). ``sayso.nlp.loader.TITLE_ABBREVIATIONS`` adds them.
"""

from __future__ import annotations

from typing import Any

import pytest

import sayso
from sayso.nlp.loader import TITLE_ABBREVIATIONS


@pytest.mark.model
@pytest.mark.parametrize("title", TITLE_ABBREVIATIONS)
def test_an_abbreviated_title_is_one_token(nlp: Any, title: str) -> None:
    assert [t.text for t in nlp.make_doc(f"said {title} Ana Ruiz")][:2] == ["said", title]


@pytest.mark.model
def test_the_person_after_the_title_is_the_speaker(nlp: Any) -> None:
    text = "“The gate was closed before the storm,” said Sgt. Stephen Walls, a spokesman for the sheriff."
    (quote,) = sayso.extract(text, nlp=nlp).quotes
    assert quote.speaker == "Stephen Walls"


@pytest.mark.model
def test_the_people_after_a_plural_title_speak(nlp: Any) -> None:
    """ "said Reps. Gerry Connolly of Virginia, ...": "Reps" was the speaker (forty-seventh session)."""
    text = "“It is a good day for the port,” said Sens. Tom Hale of Ohio and Jo Park of Iowa."
    (quote,) = sayso.extract(text, nlp=nlp).quotes
    assert quote.speaker is not None and "Tom Hale" in quote.speaker
