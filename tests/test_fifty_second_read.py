"""Faults the fifty-second session's QA read of real articles found (40 news-5k articles drawn at
random, 619 items judged), as mechanisms (stages 1 to 4 on frozen parses). Every text here is
invented: the constructions are the real articles', the words and the people are not.

A surname the model tags an organisation in some sentences and nothing in others; "a man X had
once been married to" (no description of X); "whatever she says" (no saying); a cue between the
pieces of a split quote, its speaker inverted after it; a meme that "stated"; the one asked, as
the passive's subject, for the "he" who answers.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, frozen_engine


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    yield from frozen_engine("fifty_second_read")


# --- a surname tagged an organisation in some sentences, nothing in others ------------------------
_SURNAME = (
    "Brannock, who became the first official to testify, also wrote that he reported the call to "
    "the lawyer.\n\n"
    "“I realized the request was wrong,” Brannock wrote. “This would undermine security,” Brannock "
    "added.\n\n"
    "Brannock, an Army combat veteran who served in Iraq, became the first official to speak with "
    "investigators. Governor Dale Hunt railed against Brannock in a post.\n\n"
    "Brannock also wrote that he would appear under subpoena. He also told investigators he is not "
    "the whistleblower.\n"
)


def test_a_surname_described_as_a_person_is_one_speaker_wherever_tagged(engine: FrozenEngine) -> None:
    speakers = engine(_SURNAME)._.speakers
    assert [(s.name, s.kind) for s in speakers if s.name == "Brannock"] == [("Brannock", "person")]
    assert engine.quote_with(_SURNAME, "not the whistleblower")["speaker"] == "Brannock"


# --- "a man X had once been married to" -----------------------------------------------------------
_MARRIED = (
    "On Monday, Governor Hunt gave credence to a smear against Rep. Amara Teshome (D-Ohio) when he "
    "told reporters that there was “a lot of talk about the fact that she was married to her "
    "cousin.”\n\n"
    "The rumor began with the allegation that a man Teshome had once been married to was her "
    "cousin. Teshome has denied it.\n"
)


def test_a_name_after_an_indefinite_noun_is_no_description_of_it(engine: FrozenEngine) -> None:
    # "a man" does not make the congresswoman a man, so "he told reporters" stays the governor's
    assert engine.quote_with(_MARRIED, "a lot of talk")["speaker"] == "Hunt"


# --- "whatever she says" ----------------------------------------------------------------------------
_WHATEVER = (
    "One person close to the Marlowes told the Ledger that whatever she says “you are going to say "
    "it raises more questions than it answers” — but the person added, “it is something she needs "
    "to do.”\n"
)


def test_whatever_she_says_is_no_saying_of_hers(engine: FrozenEngine) -> None:
    assert engine.quote_with(_WHATEVER, "more questions")["speaker"] == "one person close to the Marlowes"


# --- a cue between the pieces of a split quote ---------------------------------------------------
_SPLIT = (
    "Gina Marlowe appears set to run again. “She is not perfect,” joked one of the governor’s "
    "longtime advisers, “but something beats nothing, and they have got nothing.”\n"
)


def test_the_speaker_after_a_cue_inside_a_split_quote_is_its_inverted_subject(engine: FrozenEngine) -> None:
    assert engine.quote_with(_SPLIT, "not perfect")["speaker"] == "one of the governor’s longtime advisers"


# --- a meme that "stated" ---------------------------------------------------------------------------
_MEME = (
    "The campaign of Rep. Dale Fenn (R-Iowa) posted a meme on its Facebook page mocking the student "
    "organizer Lena Ortiz. The meme stated, “This is how you look when you claim a heritage you do "
    "not know.”\n"
)


def test_a_meme_speaks_for_whoever_posted_it(engine: FrozenEngine) -> None:
    assert engine.quote_with(_MEME, "how you look")["speaker"] == "the campaign"


# --- the one asked, as a passive's subject ------------------------------------------------------
_ASKED = (
    "Senator Dale Ames accused the contractor of lying about the deal. When the contractor was "
    "questioned by reporters, he said the claim was false.\n"
)


def test_the_he_who_answers_is_the_one_questioned_not_the_accuser(engine: FrozenEngine) -> None:
    assert engine.quote_with(_ASKED, "the claim was false")["speaker"] == "the contractor"
