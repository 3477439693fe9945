"""Quotation marks glued to a word are split off, so the quote ends and its speaker is named.

Text taken from web pages often loses the space or line break next to a mark ('a step.”The
army', 'like that,”Marlow said', 'she said,“The bridge'). spaCy's own rules keep '”Marlow' as
one token: the quote has no closing mark the stages can see, and "Marlow" is no name.
``sayso.nlp.loader.GLUED_MARK_INFIXES`` splits such marks off, and the punctuation before them.
"""

from __future__ import annotations

from typing import Any

import pytest

import sayso


def _words(nlp: Any, text: str) -> list[str]:
    return [t.text for t in nlp.make_doc(text)]


@pytest.mark.model
@pytest.mark.parametrize(
    ("text", "pieces"),
    [
        ("like that,”Marlow said", ["that", ",", "”", "Marlow"]),
        ("the last ferry.”The pier", ["ferry", ".", "”", "The"]),
        ('no more."What then', ["more", ".", '"', "What"]),
        ("she said,“The bridge", ["said", ",", "“", "The"]),
        ("the word”Later on", ["word", "”", "Later"]),
    ],
)
def test_a_glued_mark_is_a_token_of_its_own(nlp: Any, text: str, pieces: list[str]) -> None:
    words = _words(nlp, text)
    at = words.index(pieces[0])
    assert words[at : at + len(pieces)] == pieces


@pytest.mark.model
@pytest.mark.parametrize("text", ["a 5'10\"tall man", "the U.S. team", "“Go Bucks” pins"])
def test_marks_inside_words_and_spaced_marks_are_left_as_they_were(nlp: Any, text: str) -> None:
    assert "".join(_words(nlp, text)) == text.replace(" ", "")
    assert len(_words(nlp, text)) == len(nlp.tokenizer.inner(text))


@pytest.mark.model
def test_a_speaker_glued_to_the_closing_mark_is_named(nlp: Any) -> None:
    text = (
        "“I never thought a neighbour of twenty years would turn on the whole street,”Marlow "
        "said. “Some of what he has written since is hard to read.”"
    )
    (quote,) = sayso.extract(text, nlp=nlp).quotes
    assert quote.kind == "direct"
    assert quote.source is not None and quote.source.text == "Marlow"
    assert quote.content_spans[0].text.startswith("I never thought")


GLUED = [
    "“We cannot keep patching it,”Alder said, “not for another winter.”",
    "Alder was blunt:“We cannot keep patching a dock that floods every winter.”",
]


def _spaced(text: str) -> str:
    return text.replace(",”A", ",” A").replace(":“", ": “")


@pytest.mark.model
@pytest.mark.parametrize("text", GLUED)
def test_glued_text_gives_the_quotes_of_the_spaced_text(nlp: Any, text: str) -> None:
    def shown(t: str) -> list[tuple[str, str, str | None]]:
        return [(q.kind, q.content, q.speaker) for q in sayso.extract(t, nlp=nlp).quotes]

    glued, spaced = shown(text), shown(_spaced(text))
    assert _spaced(text) != text
    assert glued == spaced
    assert any(kind == "direct" and content.startswith("We cannot") for kind, content, _ in glued)
