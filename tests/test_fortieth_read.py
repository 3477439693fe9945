"""Faults the fortieth session's QA reads of real articles found, as mechanisms (stage 2 and
coreference on frozen parses). Every text here is invented: the constructions are the real
articles', the words and the people are not.

A negated report between two quotes ("He didn't suggest retaliation.") took the second quote
from the one who spoke it; "said after listening to X's testimony that" gave the words to X; a
paper that "quoted" a senator spoke his words; "quoted state Senator X as saying" went to
"state"; "an analysis of X's report found" was X's finding; "Republican claims that" were the
claims of the lawyer who fuelled them; "the US leader" after "US President X" was no one; a
bare surname went to the father whose death the article told; a senator the parse made a
conjunct lost the next "he said"; "the official" after "One U.S. official said" went to an
official named later; "she said" after "A spokesperson for X said" was X's; "one officer can
be heard saying ..., the Star reported" was the Star's; "“...,” to which Mr. X replied" was X's.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, frozen_engine


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    yield from frozen_engine("fortieth_read")


def test_a_negated_report_between_quotes_takes_none_of_them(engine: FrozenEngine) -> None:
    text = (
        "This week, the president declined to threaten the rival power.\n\n"
        '"We\'ve had trouble with break-ins from that country in the past," Obama said after '
        "meeting with its leader. He didn't suggest retaliation. \"Our goal is not to repeat the "
        'cycle of escalation that we saw in other arms races."'
    )
    quote = engine.quote_with(text, "Our goal is not to repeat")
    assert (quote["speaker"], quote["cue"]) == ("Obama", "said")


def test_a_clause_hung_on_the_testimony_listened_to_is_the_listeners(engine: FrozenEngine) -> None:
    text = (
        "Rep. Dale Ames, R-Ohio, ranking member on the committee, said after listening to "
        'Weller\'s testimony that "nothing he said supports the story we keep hearing."'
    )
    assert engine.quote_with(text, "nothing he said")["speaker"] == "Dale Ames"


def test_a_paper_that_quotes_someone_relays_his_words(engine: FrozenEngine) -> None:
    text = (
        '"We will look at every option, but we accept the ruling," the Daily Ledger quoted state '
        "Senate leader Mark Hollis (R-Elm), one of the men who brought the case. \"We don't like "
        'it, but we move on."'
    )
    assert engine.quote_with(text, "accept the ruling")["speaker"] == "Mark Hollis"


def test_quoted_as_saying_is_the_nearest_object(engine: FrozenEngine) -> None:
    text = 'The Daily Ledger quoted state Senator Mark Hollis as saying the budget was "dead on arrival."'
    assert engine.quote_with(text, "dead on arrival")["speaker"] == "Mark Hollis"


def test_an_analysis_of_a_report_is_not_the_reports_author(engine: FrozenEngine) -> None:
    text = (
        "Jeb Bush cut staff pay this fall. A POLITICO analysis of Bush's third quarter report "
        "found that more than 60 staffers might have had their salaries cut."
    )
    assert engine.quote_with(text, "60 staffers")["speaker"] != "Jeb Bush"


def test_a_party_adjective_owns_the_claims_it_modifies(engine: FrozenEngine) -> None:
    text = "The mayor has also fueled Republican claims that the audit was politically motivated."
    assert engine.quote_with(text, "politically motivated")["speaker"] == "Republicans"


def test_a_nations_adjective_owns_no_idea(engine: FrozenEngine) -> None:
    text = "The hearing was a test of the American idea that no one is above the law, she wrote."
    speakers = [q.speaker for q in engine(text)._.quotes if "above the law" in q.content]
    assert "American" not in speakers


def test_a_countrys_leader_is_its_president(engine: FrozenEngine) -> None:
    text = (
        "US President Donald Trump will meet the Cuban leader Raul Castro in Panama next month, "
        'he has said.\n\n"It will be a very big day for the whole region!" the US leader tweeted.'
    )
    assert engine.quote_with(text, "very big day")["speaker"] == "Donald Trump"


def test_a_bare_surname_is_the_living_namesake(engine: FrozenEngine) -> None:
    text = (
        "It's so small that when Tom Vale stepped up to a microphone at the conference and "
        'referred to "Dad," no explanation was needed. Dad was Carl Vale, the hardline board '
        "member who until his death in 2009 used his newsletter to attack his colleagues.\n\n"
        "Vale had the full power of the family name behind him on Sunday when he stepped up, "
        "invoked his father, and accused the organizer, Alan Mertz, of betraying the movement.\n\n"
        '"We will not give an inch on this," said Vale.'
    )
    assert engine.quote_with(text, "give an inch")["speaker"] == "Tom Vale"


def test_a_speaker_parsed_as_a_conjunct_keeps_the_next_he(engine: FrozenEngine) -> None:
    text = (
        "Another candidate, Sen. Amy Lund, D-Ore., said recently that Trump would be "
        '"led out in cuffs" if he were anyone else.\n\n'
        "Asked Wednesday if he would back Trump's prosecution, fellow candidate Sen. Paul Dorn, "
        "D-Vt., said “no one is above the law” while leaving the question open.\n\n"
        "“To be very blunt, if my attorney general finds that a law has been broken by anyone, "
        "I expect them to act,” he said."
    )
    assert engine.quote_with(text, "To be very blunt")["speaker"] == "Paul Dorn"


def test_the_official_is_the_unnamed_one_before_not_one_named_later(engine: FrozenEngine) -> None:
    text = (
        "One U.S. official said he expects the deal to be approved Saturday. \"I don't know if "
        'anybody is going to go crazy," the official said.\n\n'
        "China's chief negotiator, the senior official Wu Peng, said his country would sign."
    )
    assert engine.quote_with(text, "go crazy")["speaker"] == "one U.S. official"


def test_she_after_a_spokesperson_for_a_woman_is_the_spokesperson(engine: FrozenEngine) -> None:
    text = (
        "A spokesperson for Laura Quinn said the senator's wife had backed her husband's run. "
        '"She was sure he would win and was very happy when he did," she said on Wednesday.'
    )
    assert engine.quote_with(text, "sure he would win")["speaker"] == "a spokesperson for Laura Quinn"


def test_the_one_heard_saying_it_said_it_not_the_paper(engine: FrozenEngine) -> None:
    text = (
        "“Tell everybody arriving on the scene, the shooter is firing out the window,” one "
        "officer can be heard saying on audio captured by a scanner website, the Ledger reported."
    )
    assert engine.quote_with(text, "firing out the window")["speaker"] == "one officer"


def test_a_statement_that_said_it_keeps_its_cue(engine: FrozenEngine) -> None:
    # the guard of the rule above: a noun cue in the clause's own subject is no nearer speaker
    text = (
        "“Nothing short of her full cooperation will be tolerated,” the inspector general's statement said."
    )
    assert engine.quote_with(text, "full cooperation")["cue"] == "said"


def test_the_one_who_replies_to_a_quote_did_not_say_it(engine: FrozenEngine) -> None:
    text = (
        "The senator forwarded the memo to her chief of staff, Dan Rowe, with the instruction, "
        "“We should get to this soon,” to which Mr. Rowe replied, “Will do.”"
    )
    assert engine.quote_with(text, "get to this soon")["speaker"] != "Dan Rowe"
    assert engine.quote_with(text, "Will do")["speaker"] == "Dan Rowe"


def test_locals_and_the_right_are_speakers(engine: FrozenEngine) -> None:
    text = (
        "Some villagers say the road has made their lives easier, and locals say the bridge did too.\n\n"
        "The left argues that the press is fair, while the right argues that it is biased."
    )
    assert engine.quote_with(text, "the bridge did too")["speaker"] is not None
    assert engine.quote_with(text, "it is biased")["speaker"] == "the right"


def test_an_organisation_named_after_its_kind_speaks(engine: FrozenEngine) -> None:
    text = "The union Solvo, which called the strike, said the workers wanted better pay."
    assert engine.quote_with(text, "workers wanted better pay")["speaker"] == "Solvo"


def test_regulations_are_a_speaking_document(engine: FrozenEngine) -> None:
    text = "Pilot School regulations require that all students be treated equally."
    assert [q.speaker for q in engine.with_cue(text, "require")] == ["Pilot School regulations"]


def test_a_party_that_is_named_keeps_its_name(engine: FrozenEngine) -> None:
    # the guard of "Republican claims": the party itself is not renamed after its members
    text = "The GOP said that spending cuts must come first."
    assert engine.quote_with(text, "spending cuts")["speaker"] == "GOP"
