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
