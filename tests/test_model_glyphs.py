"""Dashes the model never saw are parsed as the ones it knows; what is shown keeps the text as given.

The small English model tags HuffPost's horizontal bar "―" as a verb or a noun, and the parse
around it falls apart: in the sentence below "public" became who boasted. The tokenizer parses
a same-length copy with such dashes mapped (``sayso.quotes.glyphs.MODEL_GLYPHS``); offsets
hold, and the quotes' strings are cut from the original text.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sayso
from sayso.quotes.glyphs import MODEL_GLYPHS, original_text

TEXT = (
    "When the mayor noted that Varga had not paid the fee ― as was true for the years his "
    "accounts were made public ― Varga boasted, “That makes me smart.”"
)


@pytest.mark.model
def test_a_horizontal_bar_is_parsed_as_a_dash(nlp: Any) -> None:
    article = sayso.extract(TEXT, nlp=nlp)
    assert article.text == TEXT
    by_content = {q.content: q for q in article.quotes}
    assert by_content["That makes me smart."].source is not None
    assert by_content["That makes me smart."].source.text == "Varga"
    (noted,) = [q for q in article.quotes if q.cue is not None and q.cue.text == "noted"]
    assert "fee ― as was true" in noted.content  # the glyph as given, not the model's copy
    for q in article.quotes:
        for span in q.content_spans:
            assert TEXT[span.start : span.end] == span.text


@pytest.mark.model
def test_the_doc_keeps_the_original_text_only_when_it_differs(nlp: Any) -> None:
    doc = nlp.make_doc(TEXT)
    assert doc.text == TEXT.translate(MODEL_GLYPHS) != TEXT
    assert original_text(doc) == TEXT
    plain = nlp.make_doc("No rare dashes here — only the usual one.")
    assert original_text(plain) == plain.text


@given(st.text(alphabet=st.sampled_from(["a", " ", "—", *map(chr, MODEL_GLYPHS)]), max_size=40))
@settings(max_examples=200, deadline=None)
def test_the_mapping_keeps_every_offset(text: str) -> None:
    mapped = text.translate(MODEL_GLYPHS)
    assert len(mapped) == len(text)
    assert all(a == b or ord(a) in MODEL_GLYPHS for a, b in zip(text, mapped, strict=True))


# A curly apostrophe inside a word is read by the model as a closing mark when a quotation
# follows: "Fox’s “Sunday Morning Futures” to suggest" became two sentences, the show's title
# the subject; "Politico’s Hadas Gold" one name, the outlet's possessive in it (thirty-second
# session: 156 shown speakers of the first 1,500 news-5k articles changed, most of them so).
# The model reads a copy with such apostrophes straight; what is shown keeps them as given.
POSSESSIVE = (
    "Politico’s Lena Dorn reported that the mayor wasn’t happy with the “direction” of the paper.\n\n"
    "Yahoo’s Mick Isaak reported that the bureau had not reviewed the emails."
)
NAMED = "Dana O’Brien spoke on Monday. “We’re not done,” O’Brien said."
MINISTRY = (
    "Norway’s Foreign Ministry said the ship had left port. Norway's Defense Ministry said it was safe."
)


@pytest.mark.model
def test_a_curly_possessive_is_read_as_one(nlp: Any) -> None:
    quotes = sayso.extract(POSSESSIVE, nlp=nlp).quotes
    sources = [q.source.text if q.source else None for q in quotes]
    assert sources == ["Politico’s Lena Dorn", "Yahoo’s Mick Isaak"]
    assert [q.speaker for q in quotes] == ["Lena Dorn", "Mick Isaak"]  # not "Politico’s Lena Dorn"
    assert "wasn’t happy" in quotes[0].content  # the apostrophe as given


@pytest.mark.model
def test_names_keep_their_apostrophes(nlp: Any) -> None:
    article = sayso.extract(NAMED, nlp=nlp)
    assert [q.speaker for q in article.quotes] == ["Dana O’Brien"]
    assert [s.name for s in article.speakers] == ["Dana O’Brien"]


@pytest.mark.model
def test_a_nations_ministry_keeps_the_nation(nlp: Any) -> None:
    # every nation has a foreign ministry: "Foreign Ministry" alone would be one speaker for all
    speakers = [q.speaker for q in sayso.extract(MINISTRY, nlp=nlp).quotes]
    assert speakers == ["Norway’s Foreign Ministry", "Norway's Defense Ministry"]


@pytest.mark.model
def test_an_owner_is_named_in_full_before_a_curly_possessive(nlp: Any) -> None:
    text = "Ross Kendry spoke on Monday. Kendry’s campaign said the race was close."
    assert [q.speaker for q in sayso.extract(text, nlp=nlp).quotes] == ["Ross Kendry’s campaign"]
