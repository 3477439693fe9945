"""Faults the forty-second session's QA reads of real articles found, as mechanisms (stage 2 and
coreference on frozen parses). Every text here is invented: the constructions are the real
articles', the words and the people are not.

An op-ed's "Recall Obama promising ..." was read as one person, "Recall Obama", whose name every
"Obama" of the column then took; so was a live blog's heading "Obama Hails News:"; a guide to
candidates ("Sen. Amy Klobuchar (D-MN): She will look to blend ...") showed each entry as the
candidate's own words. "Ivanka Trump also claimed ...", her first name read as a product's, was
the president's; a bare "West" after "their first child, North West" was the child's, though the
story is her father's. "The lawmaker said" after "One Democratic senator, who requested
anonymity, said" went to a senator named in a list between; "(emphasis added)" was a quote's cue;
"Pascrell wants them to say, “We've been had.”" was shown as the base's words; "the Cuban leader"
right after Castro was named went to "Salvador Valdes Mesa, a Cuban leader who ..."; an outlook's
"Snags:" lines, each read by the model as an organisation, were a speaker's; "The report devotes
many pages to ... it says" had no speaker; "Wilkie ended the interview with a message to those
veterans: “...”" was the message's; "Editor’s note:" and "Disclosure:" were speakers. "This source
added" went to a White House source further up, not the Trump ally who spoke just before; "The
secretary of state" to Press Secretary Sarah Sanders; "Lou Dobbs Tweeted" was a name; "echoed by
Chuck Schumer on Tuesday who dismissed the move" was Biden's, on whose criticism the parser hung it;
"the Clinton Global Initiative University" made a bare "Clinton" Hillary's before Bill spoke;
"Participants in the call said" and "One constituent said" had no speaker; "A vote for Biden, said
Trump, was ..." was the vote's; lawyers for both sides of a case were one group, "lawyers"; "The
Democratic memo says" was the Republican memo described before.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, frozen_engine

from sayso.quotes.attribution.layout import line_candidates
from sayso.quotes.coref.agents import WordClasses, is_section_label
from sayso.quotes.rules import DEFAULT_RULES
from sayso.settings import DEFAULT_MIN_CONFIDENCE


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    yield from frozen_engine("fortysecond_read")


# --- words the model read into a person's name ----------------------------------------------------
def test_an_imperative_to_the_reader_is_no_first_name(engine: FrozenEngine) -> None:
    text = (
        "They, too, had contempt for the voters. Recall Obama promising to bankrupt coal companies. "
        '"It was a joke," Obama said later.'
    )
    assert engine.quote_with(text, "It was a joke")["speaker"] == "Obama"


def test_a_first_name_that_is_also_a_verb_stays(engine: FrozenEngine) -> None:
    # (a guard: "levy" is a verb, and no word one turns to a reader with)
    text = 'Levy Kraus, 15, said he saw the man. "It was covered," Kraus said.'
    assert engine.quote_with(text, "It was covered")["speaker"] == "Levy Kraus"


def test_a_cue_in_title_case_is_no_part_of_the_name(engine: FrozenEngine) -> None:
    text = "Indeed, the Fox News host Lou Dobbs Tweeted just before 2 p.m. that Paul would be joining him."
    assert engine.quote_with(text, "would be joining")["speaker"] == "Lou Dobbs"


def test_a_first_name_that_is_a_cue_stays(engine: FrozenEngine) -> None:
    # (a guard: "Said" opens a name)
    text = "Said Jalili, the negotiator, said the talks would resume."
    assert engine.quote_with(text, "talks would resume")["speaker"] == "Said Jalili"


def test_a_headline_verb_read_as_a_name_ends_the_name(engine: FrozenEngine) -> None:
    text = (
        "The talks went on through the night.\n\n"
        "Update at 11:25 a.m. ET. Obama Hails News:\n\n"
        'President Obama said the deal was good for both countries. "We will keep working," Obama said.'
    )
    assert engine.quote_with(text, "keep working")["speaker"] == "Obama"


# --- a guide's entries after a name and a colon --------------------------------------------------
GUIDE = (
    "Here is who is running for governor.\n\n"
    "Sen. Dana Whitfield (D-OR): The former county prosecutor is the early favorite. Whitfield has "
    "raised more money than anyone else, though she has struggled to win over rural voters.\n\n"
    "Mayor Tom Reyes: He is a late entry to the race, announcing his campaign three days before the "
    "first debate. He has pitched himself as the candidate of the suburbs and the unions.\n\n"
    'Carl Vance: "We will win this race," he told supporters on Monday.\n'
)


def test_an_entry_naming_its_label_is_no_speech(engine: FrozenEngine) -> None:
    assert not [q for q in engine(GUIDE)._.quotes if "early favorite" in q.content]


def test_an_entry_about_him_at_length_is_no_speech(engine: FrozenEngine) -> None:
    assert not [q for q in engine(GUIDE)._.quotes if "late entry" in q.content]


def test_a_quotation_after_a_label_stays_the_labels(engine: FrozenEngine) -> None:
    # (a guard: the words in marks are the person's)
    assert engine.quote_with(GUIDE, "win this race")["speaker"] == "Carl Vance"


TRANSCRIPT = (
    "The debate got heated on Tuesday night.\n\n"
    "Dana Whitfield: I have a plan for the budget, and my opponent does not.\n\n"
    "WHITFIELD: He is wrong about the budget, and he knows it. The numbers in his plan do not add up, "
    "and every economist in the state has told him so.\n"
)


def test_a_turn_in_the_first_person_stays(engine: FrozenEngine) -> None:
    # (a guard: "I" and "my" are a speaker's, whoever else the turn names)
    item = engine.quote_with(TRANSCRIPT, "a plan for the budget")
    assert item["speaker"] == "Dana Whitfield"
    assert item["confidence"] >= DEFAULT_MIN_CONFIDENCE


def test_a_transcript_turn_in_capitals_about_someone_else_stays(engine: FrozenEngine) -> None:
    # (a guard: a label in capitals is a turn of talk, "he" or not)
    item = engine.quote_with(TRANSCRIPT, "wrong about the budget")
    assert item["speaker"] == "Dana Whitfield"
    assert item["confidence"] >= DEFAULT_MIN_CONFIDENCE


# --- who of a family a name or a bare surname is -------------------------------------------------
def test_a_first_name_only_the_register_knows_makes_a_person_of_its_own(engine: FrozenEngine) -> None:
    text = (
        "A program championed by President Donald Trump and his daughter Ivanka is relying on some "
        "contractors.\n\nTrump heralded the program in a tweet.\n\nIvanka Trump also claimed credit "
        'for the initiative, telling USA Today, "I am not shy about asking people to help."'
    )
    assert engine.quote_with(text, "not shy")["speaker"] == "Ivanka Trump"


def test_a_name_that_is_no_person_leaves_the_surname_alone(engine: FrozenEngine) -> None:
    # (a guard: "Salvatore Arena" reads as a building, "Arena" is still the spokesman)
    text = (
        "The lawsuit names the railroad.\n\nMTA spokesman Salvatore Arena said the agency began work "
        "in 2009.\n\nArena said implementing it by 2015 will be difficult."
    )
    assert engine.quote_with(text, "will be difficult")["speaker"] == "Arena"


def test_a_bare_surname_takes_up_the_namesake_who_was_the_subject(engine: FrozenEngine) -> None:
    text = (
        "Rapper Marcus Dale says his wife is trying to send him to a clinic, days after he told a rally "
        "that the two had argued over their first child, Maya Dale.\n\nDale made the remarks during a "
        'Sunday rally in Columbia, South Carolina.\n\n"She tried to lock me up," Dale wrote on Monday.'
    )
    assert engine.quote_with(text, "lock me up")["speaker"] == "Marcus Dale"


# --- an unnamed lawmaker, a writer's note --------------------------------------------------------
LAWMAKER = (
    "Senate Democrats in red states face a hard choice on the nominee.\n\n"
    "One Democratic senator, who requested anonymity, said there is hopeful talk within the caucus "
    "that the nominee will drop out.\n\n"
    "The lawmaker said Democratic Leader Charles Schumer is urging centrist Democrats to wait until "
    "three undecided Republicans, Sens. Susan Collins, Lisa Murkowski and Jeff Flake, make up their "
    "minds.\n\n"
    "\"He is telling them, 'Keep your powder dry.' That means you do not have to decide this,\" the "
    "lawmaker said.\n"
)


def test_the_lawmaker_is_the_senator_described_before(engine: FrozenEngine) -> None:
    assert engine.quote_with(LAWMAKER, "powder dry")["speaker"] == "one Democratic senator"
    assert engine.quote_with(LAWMAKER, "is urging")["speaker"] == "one Democratic senator"


def test_emphasis_added_is_a_note_not_a_cue(engine: FrozenEngine) -> None:
    text = (
        'The statute makes it a crime to conspire "to commit any offense against the United States" '
        "(emphasis added). The judge said the charge was sound."
    )
    assert not engine.with_cue(text, "added")


# --- what someone wishes were said ---------------------------------------------------------------
def _shown(engine: FrozenEngine, text: str, needle: str) -> bool:
    return engine.quote_with(text, needle)["confidence"] >= DEFAULT_MIN_CONFIDENCE


def test_words_someone_wants_said_are_not_shown(engine: FrozenEngine) -> None:
    text = 'Vale wants voters to say, "We have been had." Israel would do well to say "thank you, but no."'
    assert not _shown(engine, text, "We have been had")
    assert not _shown(engine, text, "thank you, but no")


def test_a_habit_of_speech_and_a_question_asked_stay_shown(engine: FrozenEngine) -> None:
    # (guards: "likes to quip" is said often; "wanted to know" asked it; "would go on to" did)
    text = (
        'Romney often likes to quip "my future is behind me," and smiles.\n\n'
        'But the host wanted to know, "How surprised are you that he won?"\n\n'
        'Years later, the senator would go on to declare that "the war was a mistake."'
    )
    assert _shown(engine, text, "my future is behind me")
    assert _shown(engine, text, "How surprised are you")
    assert _shown(engine, text, "the war was a mistake")


# --- a country's leader -------------------------------------------------------------------------
def test_the_countrys_leader_may_be_its_president_named_nearer(engine: FrozenEngine) -> None:
    text = (
        'Cuban President Raul Ortega criticized the United States on Monday. "We have other rights," '
        "Mr. Ortega said.\n\nThe president was accompanied by Salvador Mesa, a Cuban leader who fought "
        "in the revolution.\n\nMr. Obama later said to Mr. Ortega that the visit was historic. The Cuban "
        "leader explained that he was trying to understand the question."
    )
    assert engine.quote_with(text, "trying to understand")["speaker"] == "Raul Ortega"


# --- a one-word section the model names wherever it opens a line ---------------------------------
def _labelled(name: str) -> list[str]:
    """The sources of the 'LABEL: text' lines of a two-entry outlook whose one-word labels the
    model tagged an organisation (set by hand: an invented text does not make it do so)."""
    import spacy
    from spacy.tokens import Span

    nlp = spacy.blank("en")
    text = (
        f"{name}: Internal disagreements over the cuts are likely.\n"
        f"{name}: None. Some conservatives may vote against it."
    )
    doc = nlp(text)
    doc.ents = [Span(doc, t.i, t.i + 1, label="ORG") for t in doc if t.text == name]
    return [text[a:b] for c in line_candidates(doc, text, DEFAULT_RULES) if c.source for a, b in [c.source]]


def test_a_one_word_section_tagged_at_each_label_is_no_speaker() -> None:
    assert _labelled("Snags") == []


def test_a_one_word_label_that_is_no_common_word_stays_a_speaker() -> None:
    # (a guard: a transcript's "GONYEA:" is a person's name)
    assert _labelled("GONYEA") == ["GONYEA", "GONYEA"]


# --- an "it" after a document ---------------------------------------------------------------------
def test_it_after_a_document_subject_is_the_document(engine: FrozenEngine) -> None:
    text = (
        "The report devotes many pages to the need to reach young voters. Immigration reform is a "
        "critical first step, it says.\n\nAnother study tracked droplets with lasers. It found that "
        '"normal speech generates airborne droplets."'
    )
    assert engine.quote_with(text, "critical first step")["speaker"] == "the report"
    assert engine.quote_with(text, "airborne droplets")["speaker"] == "another study"


def test_it_after_a_document_that_only_is_something_stays_nobody(engine: FrozenEngine) -> None:
    # (a guard: "is where he finds himself" says what the investigation is, not what it says)
    text = (
        "An investigation by a special counsel is where he finds himself. It suggests that the probe is wide."
    )
    assert engine.quote_with(text, "the probe is wide")["speaker"] is None


# --- a message someone delivers with a verb ------------------------------------------------------
def test_a_message_delivered_with_a_verb_is_its_subjects(engine: FrozenEngine) -> None:
    text = (
        "Secretary Robert Wilkie spoke to reporters for an hour. Wilkie ended the interview with a "
        'message to those veterans: "We will not abandon you."'
    )
    assert engine.quote_with(text, "not abandon you")["speaker"] == "Robert Wilkie"


def test_an_argument_taken_issue_with_is_not_the_subjects(engine: FrozenEngine) -> None:
    # (a guard: the argument someone takes issue with is another's)
    text = "Critics of the mayor take issue with the argument that the budget is balanced."
    assert all(q.speaker != "critics of the mayor" for q in engine(text)._.quotes if "balanced" in q.content)


# --- the outlet's own notes ---------------------------------------------------------------------
@pytest.mark.parametrize("label", [["Editor’s", "note"], ["Editors", "note"], ["Disclosure"], ["CORRECTION"]])
def test_an_outlets_note_is_a_section(label: list[str]) -> None:
    assert is_section_label(label, WordClasses.default())


@pytest.mark.parametrize("label", [["Senators"], ["Juror", "3"], ["Editor"]])
def test_people_before_a_colon_are_no_section(label: list[str]) -> None:
    # (guards: a possessive stripped is no licence to make a person a section)
    assert not is_section_label(label, WordClasses.default())


# --- which unnamed source, which secretary ---------------------------------------------------------
SOURCES = (
    'A White House source said the president was furious. "He is not happy," the source said.\n\n'
    "One Trump ally who met with Bannon on Monday said the adviser seemed calm. "
    '"He has a plan," the ally said.\n\n'
    'This source added that Bannon would stay. "He is not going anywhere," he said.'
)


def test_this_source_is_the_unnamed_one_who_spoke_last(engine: FrozenEngine) -> None:
    assert engine.quote_with(SOURCES, "Bannon would stay")["speaker"] == "one Trump ally"


def test_the_source_is_still_the_source_described_before(engine: FrozenEngine) -> None:
    # (a guard: "the source" right after "a White House source" is that source)
    assert engine.quote_with(SOURCES, "not happy")["speaker"] == "a White House source"


def test_the_secretary_of_state_is_no_press_secretary(engine: FrozenEngine) -> None:
    text = (
        "Press Secretary Sarah Sanders took questions. The secretary of state had simply told the "
        "Times that he was on his way to Korea."
    )
    assert engine.quote_with(text, "on his way")["speaker"] != "Sarah Sanders"


def test_the_press_secretary_is_the_press_secretary(engine: FrozenEngine) -> None:
    # (a guard)
    text = "Press Secretary Sarah Sanders took questions. The press secretary said that the trip was over."
    assert engine.quote_with(text, "trip was over")["speaker"] == "Sarah Sanders"


def test_who_after_a_day_is_the_person_before_it(engine: FrozenEngine) -> None:
    text = (
        "The criticism from the presumptive Democratic nominee, Joe Biden, was echoed by Senate "
        "Minority Leader Chuck Schumer on Tuesday who dismissed the move as a stunt."
    )
    assert engine.quote_with(text, "as a stunt")["speaker"] == "Chuck Schumer"


def test_a_name_opening_an_organisations_name_is_no_mention(engine: FrozenEngine) -> None:
    text = (
        "Clintons Face Scrutiny Ahead Of Hillary's Campaign Announcement\n\n"
        "Addressing a crowd at the Clinton Global Initiative University in Miami on Saturday, former "
        "president Bill Clinton discussed the foundation's decision to accept donations from foreign "
        "governments. Some of the funds came in during Hillary Clinton's tenure as secretary of state."
        '\n\n"I believe they do a lot more good than harm," Clinton said.'
    )
    assert engine.quote_with(text, "good than harm")["speaker"] == "Bill Clinton"


# --- unnamed people who speak, and descriptions set off by commas ---------------------------------
def test_participants_and_constituents_speak(engine: FrozenEngine) -> None:
    text = (
        "Participants in the call said the president was angry.\n\n"
        "One female constituent said she would not vote for him."
    )
    assert engine.quote_with(text, "was angry")["speaker"] == "participants in the call"
    assert engine.quote_with(text, "not vote for him")["speaker"] == "one female constituent"


def test_a_description_set_off_by_commas_is_no_second_subject(engine: FrozenEngine) -> None:
    text = (
        "This photo provided by Bob Baer and Sarah Kovac, participants in the Citizen CATE Experiment, "
        'shows a "diamond ring" shape during the 2016 total solar eclipse in Indonesia.'
    )
    assert engine.quote_with(text, "diamond ring")["speaker"] != "participants in the Citizen CATE Experiment"


def test_a_name_set_off_by_commas_still_speaks(engine: FrozenEngine) -> None:
    # (a guard)
    text = (
        "A Google employee says she was fired for organizing.\n\nThe former employee, Kathryn Spiers, "
        "wrote in a blog post that she had been fired on Friday."
    )
    assert engine.quote_with(text, "fired on Friday")["speaker"] == "Kathryn Spiers"


def test_a_name_after_a_set_off_cue_speaks(engine: FrozenEngine) -> None:
    text = "A vote for Biden, said Trump, was a vote for higher taxes."
    item = engine.quote_with(text, "higher taxes")
    assert item["speaker"] == "Trump"
    assert item["content"].startswith("A vote for Biden")


# --- whose people a group is -----------------------------------------------------------------------
LAWYERS = (
    "Lawyers for the city of Boise said the ruling would hurt every town in the West.\n\n"
    "Lawyers for 33 California counties and cities said the decision left them unable to clear "
    "camps. They said the court had gone too far.\n\n"
    "Lawyers for the six homeless plaintiffs said the law punished people for sleeping. The lawyers "
    "said they would appeal.\n"
)


def test_lawyers_for_different_clients_are_different_groups(engine: FrozenEngine) -> None:
    counties = engine.quote_with(LAWYERS, "unable to clear camps")["speaker"]
    plaintiffs = engine.quote_with(LAWYERS, "punished people")["speaker"]
    assert counties == "lawyers for 33 California counties and cities"
    assert plaintiffs == "lawyers for the six homeless plaintiffs"
    assert engine.quote_with(LAWYERS, "gone too far")["speaker"] == counties
    assert engine.quote_with(LAWYERS, "would appeal")["speaker"] == plaintiffs


MEMOS = (
    "The Republican memo says the FBI misled the court. It claims that the warrant relied on the "
    "dossier.\n\nThe Democratic memo says the FBI told the court about the dossier's origins. It "
    "argues that the warrant was sound.\n\nThe memo adds that the judge was told.\n"
)


def test_a_document_named_otherwise_is_another_document(engine: FrozenEngine) -> None:
    assert engine.quote_with(MEMOS, "told the court")["speaker"] == "the Democratic memo"
    assert engine.quote_with(MEMOS, "warrant was sound")["speaker"] == "the Democratic memo"


def test_the_bare_document_is_the_one_described_last(engine: FrozenEngine) -> None:
    # (a guard: "the memo" takes up the latest memo)
    assert engine.quote_with(MEMOS, "judge was told")["speaker"] == "the Democratic memo"
