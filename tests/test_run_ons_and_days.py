"""Where reported speech starts and ends: a quote going on with it, the day it was said on,
another speaker's report joined to it, a set phrase before it (stage 2 on frozen parses).

Read off PolNeAR train (thirty-third session, ``scripts/span_boundaries.py``): in "X said he had
received offers, but “the offers were ...”" the parser hangs the quote's clause on "said" as a
second conjunct, so the quote found no speaker of its own and was hidden as nobody's while the
reported speech stopped at the comma; the annotators mark the whole as one content. In "said
Tuesday his actions are lawful" the parser hangs the day on the reported clause; the annotators
leave it out: it tells when the speaker spoke. Read by QA helpers on real articles: in "X said
that ..., and aid agencies warned that ..." the agencies' warning was shown as X's words; "All
told, the committee said, 40 people were hurt" had "all" as a speaker.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, frozen_engine


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    yield from frozen_engine("run_ons_and_days")


GOES_ON = (
    "Ziegler said he had received offers for the boat, "
    "but “the offers were to use it in a way I did not like.”"
)
BECAUSE = "She also argued that it would be better to wait, “because the money will come later anyway.”"
NEW_SENTENCE = "Ziegler said he had received offers for the boat. “The offers were not serious.”"
DAY = "The president said Tuesday his actions are consistent with the law."
ON_DAY = "Adelson said on Friday he met the candidate earlier this week."
THAT_DAY = "Adelson said that on Friday he met the candidate at his office."
JOINED = (
    "The Red Cross said that 20,000 people had fled, and aid agencies warned that the numbers could rise."
)
SECOND_CLAIM = (
    "Dr. Ellison said he did provide an answer to the question "
    "and that Dorne assured him he could pause to rework answers."
)
ALL_TOLD = "All told, the committee said, 40 people were hurt in the attacks."
PROFIT = "Berkshire said third-quarter profit rose 14 percent to $7.86 billion."
THESE_DAYS = "Mattis said these days he feels more like a support animal."


def test_a_quote_going_on_with_reported_speech_is_its_end(engine: FrozenEngine) -> None:
    quote = engine.quote_with(GOES_ON, "did not like")
    assert quote["kind"] == "mixed"
    assert quote["speaker"] == "Ziegler"
    assert quote["content"].startswith("he had received offers for the boat, but “the offers")
    because = engine.quote_with(BECAUSE, "come later")
    assert because["kind"] == "mixed"
    assert because["content"].startswith("that it would be better to wait, “because")


def test_a_quote_of_its_own_sentence_stays_apart(engine: FrozenEngine) -> None:
    quote = engine.quote_with(NEW_SENTENCE, "not serious")
    assert quote["kind"] == "direct"
    assert "received offers" not in quote["content"]


def test_the_day_it_was_said_on_is_no_part_of_it(engine: FrozenEngine) -> None:
    assert engine.quote_with(DAY, "consistent")["content"] == "his actions are consistent with the law"
    assert engine.quote_with(ON_DAY, "candidate")["content"] == "he met the candidate earlier this week"
    # after "that" the day is inside the reported clause
    assert engine.quote_with(THAT_DAY, "candidate")["content"].startswith("that on Friday he met")


def test_a_time_that_is_what_was_said_stays(engine: FrozenEngine) -> None:
    # a date inside the clause's subject, and a time that is no moment of speaking
    assert engine.quote_with(PROFIT, "rose")["content"].startswith("third-quarter profit")
    assert engine.quote_with(THESE_DAYS, "feels")["content"].startswith("these days he feels")


def test_another_speakers_joined_report_is_its_own(engine: FrozenEngine) -> None:
    assert engine.quote_with(JOINED, "had fled")["content"] == "that 20,000 people had fled"
    assert engine.quote_with(JOINED, "could rise")["speaker"] == "aid agencies"
    # "and that ..." is the first speaker's second claim, whoever it is about
    assert engine.quote_with(SECOND_CLAIM, "an answer")["content"].endswith("to rework answers")


def test_a_set_phrase_is_nobodys_cue(engine: FrozenEngine) -> None:
    quotes = [q.to_dict() for q in engine(ALL_TOLD)._.quotes]
    assert [q["speaker"] for q in quotes] == ["the committee"]
    assert quotes[0]["content"] == "40 people were hurt in the attacks"
