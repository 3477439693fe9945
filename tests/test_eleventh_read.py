"""Faults an eleventh QA read of real articles found (twenty-ninth session), as mechanisms.

Two journalists read the items shown for 40 fresh news-5k articles; a third of the faults were
wrong speakers, most of them a "he" given to the wrong man: a name inside "When asked about the
meeting between ..." before it, a man whose first name the gender lexicon lacks losing to a
known man named as an object, a paper ("The Hill reports:") taken for a man. Threats received by
phone went to those who received them, a report's title was read as a quote, a question
"he pressed" was joined to the answer after it, a programme's and a kicker's words were shown
as quotes. Every text here is invented; each runs on the model's frozen parse
(``tests/fixtures/eleventh_read.spacy``).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, frozen_engine

from sayso.settings import DEFAULT_MIN_CONFIDENCE


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    yield from frozen_engine("eleventh_read")


def _shown(engine: FrozenEngine, text: str) -> list[dict[str, object]]:
    return [q.to_dict() for q in engine(text)._.quotes if q.confidence >= DEFAULT_MIN_CONFIDENCE]


def test_a_name_in_a_clause_whose_subject_is_the_pronoun_is_not_its_referent(engine: FrozenEngine) -> None:
    text = (
        "The board heard from Victor Hale on Tuesday. When asked about the meeting between Paul "
        "Denton and Mark Ives, he responded: “It would have been a good idea to check who they were "
        "meeting.”"
    )
    assert engine.quote_with(text, "a good idea")["speaker"] == "Victor Hale"
    text = (
        "The board heard from Victor Hale on Tuesday. Asked about Mark Ives's plan, he said: “It "
        "would have been a good idea to check the numbers first.”"
    )
    assert engine.quote_with(text, "the numbers first")["speaker"] == "Victor Hale"


def test_a_clause_with_its_own_subject_may_name_the_pronouns_referent(engine: FrozenEngine) -> None:
    text = (
        "The board heard from Victor Hale on Tuesday. When Mark Ives arrived at the meeting, he "
        "said: “We should have checked the numbers first.”"
    )
    assert engine.quote_with(text, "the numbers first")["speaker"] == "Mark Ives"


def test_a_full_name_whose_first_name_is_unknown_is_still_a_likely_he(engine: FrozenEngine) -> None:
    text = (
        "Kevin Crissey said the raises were a mistake. Jamie Baker was even more scathing than "
        "Crissey.\n\n“We are troubled by the transfer of nearly $1 billion to its unions,” he wrote."
    )
    assert engine.quote_with(text, "troubled by")["speaker"] == "Jamie Baker"
    text = (
        "Tobin Varga, digital director for Mitchell Reed's campaign, predicted that online "
        "spending would pick up.\n\n“We plan to do a lot more now that the primaries are over,” he said."
    )
    assert engine.quote_with(text, "a lot more")["speaker"] == "Tobin Varga"
    # three in four people the news names are men: an unknown first name keeps its doubt for "she"
    text = (
        "Karen Crissey said the raises were a mistake. Jamie Baker was even more scathing than "
        "Crissey.\n\n“We are troubled by the transfer of nearly $1 billion to its unions,” she wrote."
    )
    assert engine.quote_with(text, "troubled by")["speaker"] == "Karen Crissey"


def test_a_paper_named_with_the_is_no_man(engine: FrozenEngine) -> None:
    text = (
        "Even less credible is Sen. Dale Morrow, who never met a scandal he did not like. He has "
        "now decided that the matter is troubling. The Hill reports:\n\n“I have been hearing from "
        "families in Nebraska for the last two days, and they are angry,” he said."
    )
    assert engine.quote_with(text, "hearing from families")["speaker"] == "Dale Morrow"


def test_words_received_are_not_the_receivers(engine: FrozenEngine) -> None:
    text = (
        "Rep. Nina Barros said Wednesday that several lawmakers have received threatening phone "
        "calls saying, “You are next.”"
    )
    quote = engine.quote_with(text, "You are next")
    assert quote["source"] == "threatening phone calls"
    assert quote["speaker"] not in ("several lawmakers", "Nina Barros")
    text = "The senator sent a letter to members saying, “The vote is Tuesday.”"
    assert engine.quote_with(text, "The vote is Tuesday")["source"] == "The senator"  # who sends speaks
    text = "The spokesman read a statement saying, “The plant will stay open.”"
    assert engine.quote_with(text, "stay open")["source"] == "The spokesman"  # who reads it out too


def test_a_graded_participle_is_no_cue(engine: FrozenEngine) -> None:
    text = (
        "The wars in Libya and Syria also appeared to give the White House and State Department "
        "more pressing things to think about."
    )
    assert not [q for q in engine(text)._.quotes if q.cue is not None and q.cue.text == "pressing"]


def test_a_reports_title_after_it_is_no_quote(engine: FrozenEngine) -> None:
    text = (
        "“It is a small world, almost a club,” said Dana Pruitt, co-author of a report, “Crows in "
        "the City,” released last week by Lakeside University. “They share songs and jokes you "
        "would only know if you were one of them.”"
    )
    shown = [str(q["content"]) for q in _shown(engine, text)]
    assert not any("Crows in the City" in c for c in shown)
    assert engine.quote_with(text, "share songs")["speaker"] == "Dana Pruitt"


def test_a_question_he_pressed_is_his_not_the_answerers(engine: FrozenEngine) -> None:
    text = (
        "Lena Ortiz was on the set with host Tom Dale. “Is that an acronym?” Dale asked.\n\n"
        "“What does it stand for?” he pressed, to which she replied, “I do not remember.”"
    )
    question = engine.quote_with(text, "stand for")
    assert question["content"] == "What does it stand for?"
    assert question["speaker"] == "Tom Dale"
    assert engine.quote_with(text, "I do not remember")["speaker"] == "Lena Ortiz"


def test_a_programme_whose_title_keeps_small_words_lower_is_no_quote(engine: FrozenEngine) -> None:
    text = (
        '"They want to speed these trends up," Rivas said in an interview aired Sunday on ABC\'s '
        '"This Week with Tom Lane." The interview was recorded on Friday.'
    )
    shown = [str(q["content"]) for q in _shown(engine, text)]
    assert shown == ["They want to speed these trends up,"]


def test_an_opinion_kicker_is_no_speaker(engine: FrozenEngine) -> None:
    text = (
        "Recent polls show a shift among the mayor's voters.\n\nOpinion: The 'Keep the Park Green' "
        'crowd finally turning their backs on Rivas\n\n"It would be a problem," said Pat Moore, '
        "the director of the poll."
    )
    shown = [str(q["content"]) for q in _shown(engine, text)]
    assert not any("Keep the Park Green" in c for c in shown)
    assert any("a problem" in c for c in shown)


def test_a_cue_that_that_subordinates_takes_no_words_from_the_clause_above(engine: FrozenEngine) -> None:
    # 'she conceded that she had pressed the board': the conceding is not what was pressed
    text = (
        "Mayor Lena Varga spoke on Monday.\n\nOn Thursday, she conceded that she had told the "
        "board about the pier."
    )
    contents = [str(q.content) for q in engine(text)._.quotes]
    assert contents == ["that she had told the board about the pier"]


def test_a_subject_named_by_a_role_carries_the_person_to_a_later_he(engine: FrozenEngine) -> None:
    text = (
        "Business groups are joining Senator Mark Dunn in calling out President Tom Reyes for his "
        "recent comments about the relationship between government and business.\n\nThe president "
        "made the comments Friday during a speech in Dover. Arguing that successful owners got help "
        "from others along the way, he noted how government often builds the roads needed for success."
    )
    assert engine.quote_with(text, "got help from others")["speaker"] == "Tom Reyes"
    assert engine.quote_with(text, "builds the roads")["speaker"] == "Tom Reyes"
