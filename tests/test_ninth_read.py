"""Faults a ninth QA read of real articles found (twenty-seventh session), as mechanisms.

Two journalists read the items shown for 40 fresh news-5k articles: an anonymous soldier's quotes
went to the militant group he named (the model took the group for a person, and "how many
soldiers" stood between him and "the soldier"), the word a candidate "pronounced" went to the
candidate of the main clause, a paper's name was taken for the person "the mayor" meant, and
papers ("a fact sheet", "the draft", "his testimony") had no speaker at all.
Every text here is invented; each runs on the model's frozen parse
(``tests/fixtures/ninth_read.spacy``).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, frozen_engine


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    yield from frozen_engine("ninth_read")


def test_the_soldier_is_the_one_soldier_described_not_the_soldiers_after_him(engine: FrozenEngine) -> None:
    text = (
        "A Kelvan soldier has said that the army that would hunt down the militant group Boko Haram "
        "is ill-equipped to do so.\n\n"
        "He described how many soldiers are feeling frustrated with the war.\n\n"
        "\u201cThey give us just old rifles to go into the bush to fight Boko Haram,\u201d the soldier said."
    )
    assert engine.quote_with(text, "old rifles")["speaker"] == "a Kelvan soldier"


def test_a_group_the_model_took_for_a_person_is_not_the_only_person(engine: FrozenEngine) -> None:
    # "the soldier" is nobody named; the group named with the noun "group" is no person
    text = (
        "The militant group Boko Haram attacked a village on Sunday.\n\n"
        "\u201cWe were given only two magazines each,\u201d the soldier said."
    )
    assert engine.quote_with(text, "two magazines")["speaker"] == "the soldier"


def test_the_word_a_relative_clause_pronounces_is_its_subjects(engine: FrozenEngine) -> None:
    # The parser made "which" and the quoted word two objects of "pronounced"; the quote went to
    # the main clause's "repeated".
    text = (
        "The attack unfolded as the candidates appeared on a television program. Dupont repeated "
        "calls for a crackdown on radical groups, which Marchal pronounced \u201cnonsense.\u201d "
        "Ferrand called for greater cooperation with Russia."
    )
    assert engine.quote_with(text, "nonsense")["speaker"] == "Marchal"


def test_papers_speak_for_their_authors_or_as_themselves(engine: FrozenEngine) -> None:
    text = (
        "According to the State Department fact sheet, the plant will close in May.\n\n"
        "Frank Ortiz\u2019s written testimony says the loans were approved by the full board.\n\n"
        "A draft of the report says the bank hid its losses for two years."
    )
    assert engine.quote_with(text, "plant will close")["speaker"] == "State Department"
    assert engine.quote_with(text, "loans were approved")["speaker"] == "Frank Ortiz"
    assert engine.quote_with(text, "hid its losses")["speaker"] == "a draft of the report"


def test_the_statement_that_goes_on_is_not_a_resolution_that_spoke(engine: FrozenEngine) -> None:
    text = (
        "The Security Council passed the measure on Friday.\n\n"
        "The resolution says the new towns have \u201cno legal validity.\u201d\n\n"
        "\u201cWe will work with our friends in Congress to undo this absurd resolution,\u201d the "
        "statement added."
    )
    assert engine.quote_with(text, "legal validity")["speaker"] == "the resolution"
    assert engine.quote_with(text, "absurd resolution")["speaker"] == "the statement"


def test_a_dateline_is_not_who_issued_the_document(engine: FrozenEngine) -> None:
    # The parser made "WASHINGTON" a second subject of "introduced", and the resolution spoke
    # for the dateline.
    text = (
        "WASHINGTON \u2013 Rep. Ana Ruiz, D-Calif., introduced a resolution against the judge on "
        "Monday.\n\nRuiz said the judge had misled the Senate.\n\n"
        "The two-page resolution asks the House Judiciary Committee to investigate the judge."
    )
    assert engine.quote_with(text, "investigate the judge")["speaker"] == "Ana Ruiz"


def test_a_clause_before_a_semicolon_is_not_the_next_clauses_content(engine: FrozenEngine) -> None:
    # The parser hung "Ruiz called Lopez “a bully;”" on "accused" as if it were '“...,” he said',
    # and the name-calling was shown as the words of the one called names.
    text = (
        "The two rivals spent last week trading accusations. Ruiz called Lopez \u201ca bully;\u201d "
        "Lopez accused Ruiz of lying about the budget."
    )
    assert engine.quote_with(text, "a bully")["speaker"] == "Ruiz"


#: A page's timeline flattened without breaks: each entry runs into the next one's date.
_TIMELINE = (
    "How the story has changed\n\n"
    "The Daily Ledger reveals that the meeting took place and the aide releases a statement "
    "calling it a \u201cshort introductory meeting\u201d 9 July 2017: The Ledger reports that the "
    "aide was promised damaging information before the meeting.\n\n"
    "The mayor said the vote would take place on 9 July 2017."
)


def test_the_next_entrys_date_glued_to_a_content_is_cut(engine: FrozenEngine) -> None:
    text = _TIMELINE
    assert engine.quote_with(text, "introductory")["content"] == "it a \u201cshort introductory meeting\u201d"
    assert engine.quote_with(text, "vote would")["content"].endswith("on 9 July 2017")


def test_a_name_always_after_the_is_not_the_person_a_role_means(engine: FrozenEngine) -> None:
    # The model took "The Ledger" (a paper) for a person; "The mayor" was then given to it as the
    # subject of the sentence before.
    text = _TIMELINE
    assert engine.quote_with(text, "vote would")["speaker"] == "the mayor"
