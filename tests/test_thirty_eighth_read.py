"""Faults the thirty-eighth session's QA read of real articles found, as mechanisms (stage 2 and
coreference on frozen parses): credits taken for speakers, a quote's subject taken for its
source's name, organisations and narrators left as phrases, a book's title read as a quote.

A credit line under a quote ("—A, B and C contributed to this article.") signed the quote's last
sentence with the first reporter's name; a photo's credit box ("Enlarge this image toggle caption
... for NPR") gave the photographer a veteran's "he says"; "Added a Nevada Republican, Rubio
“gave ...”" gave the voter's words to Rubio; "according to the center" far from the "Center for
..." it stands for was a speaker of its own; an editorial's "We hope ..." had no speaker; and
"His latest book is: “...”" was shown as the author's words. (The negated belief, "doesn't think
X" shown as X, is in ``test_scorer_speech.py``.) Every text is invented.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, frozen_engine

from sayso.quotes.furniture import page_furniture
from sayso.settings import DEFAULT_MIN_CONFIDENCE


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    yield from frozen_engine("thirty_eighth_read")


def test_a_credit_line_under_a_quote_signs_nothing(engine: FrozenEngine) -> None:
    text = (
        "“The film asks what matters more, words or weapons,” Dale Hollis said. “It is a paradox.”\n\n"
        "—Rina Castell, Omar Feld and Tess Boyd contributed to this article."
    )
    speakers = {q.speaker for q in engine(text)._.quotes}
    assert "Rina Castell" not in speakers
    assert engine.quote_with(text, "It is a paradox")["speaker"] == "Dale Hollis"


def test_a_photo_credit_box_is_furniture() -> None:
    text = (
        "Bollinger says he would not go back.\n\n"
        "Enlarge this image toggle caption Dana Kessler for NPR Dana Kessler for NPR\n\n"
        "“What is the use?” he says."
    )
    ((a, b),) = page_furniture(text)
    assert text[a:b] == "Enlarge this image toggle caption Dana Kessler for NPR Dana Kessler for NPR"


def test_a_photographer_credited_above_a_quote_does_not_take_its_he(engine: FrozenEngine) -> None:
    text = (
        "Harry Bollinger, 88, still has breathing problems. But Bollinger says he would not go back "
        "to the agency.\n\n"
        "Enlarge this image toggle caption Dana Kessler for NPR Dana Kessler for NPR\n\n"
        "“I was disgusted already. What is the use?” he says."
    )
    assert engine.quote_with(text, "disgusted already")["speaker"] == "Harry Bollinger"


def test_a_name_right_before_the_quote_is_its_subject_not_the_sources_name(engine: FrozenEngine) -> None:
    text = (
        "Marco Alvarez won the debate, a survey found.\n\n"
        "Added a Nevada Republican, Alvarez “gave a compelling vision for a hopeful future.”"
    )
    quote = engine.quote_with(text, "compelling vision")
    assert quote["source"] == "a Nevada Republican"
    assert quote["speaker"] != "Marco Alvarez"


def test_the_kind_of_body_far_from_its_name_is_the_one_so_named(engine: FrozenEngine) -> None:
    text = (
        "The harbor fund raised $4 million last year, according to the nonpartisan Center for "
        "Budget Clarity. The mayor's campaign alone raised $360,000. The rest came from small "
        "donors. The fund has grown each year since 2008. Its biggest donors are shipping firms. "
        "Few of them live in the city. The council has asked for a review.\n\n"
        "Donations from shipping firms tripled over a decade, according to the center."
    )
    assert engine.quote_with(text, "tripled over a decade")["speaker"] == "Center for Budget Clarity"


def test_the_kind_of_body_is_nobody_named_when_two_are_so_named(engine: FrozenEngine) -> None:
    # guard: either center could be meant
    text = (
        "The harbor fund raised $4 million last year, according to the Center for Budget Clarity "
        "and the Harbor Policy Center. The mayor's campaign alone raised $360,000. The rest came "
        "from small donors. The fund has grown each year since 2008. Its biggest donors are "
        "shipping firms. Few of them live in the city.\n\n"
        "Donations from shipping firms tripled over a decade, according to the center."
    )
    speaker = engine.quote_with(text, "tripled over a decade")["speaker"]
    assert speaker not in ("Center for Budget Clarity", "Harbor Policy Center")


def test_an_editorials_we_is_the_author(engine: FrozenEngine) -> None:
    text = (
        "We have long argued that the governor is guilty but that his sentence was too harsh. "
        "We hope the president acted out of compassion.\n\n"
        "“He served eight years in jail,” the president said."
    )
    assert engine.quote_with(text, "sentence was too harsh")["speaker"] == "the author"
    assert engine.quote_with(text, "acted out of compassion")["speaker"] == "the author"
    assert engine.quote_with(text, "served eight years")["speaker"] == "the president"


def test_a_books_title_after_is_and_a_colon_is_no_quote(engine: FrozenEngine) -> None:
    text = (
        "Dana Hollis has been an adviser to three governors and a candidate for the Senate.\n\n"
        "Her latest book is: “The Long Way Round: How a Small Town Rebuilt Its Bridge From the "
        "Ground Up.”"
    )
    shown = [q for q in engine(text)._.quotes if q.confidence >= DEFAULT_MIN_CONFIDENCE]
    assert not any("Long Way Round" in q.content for q in shown)


def test_a_we_in_a_transcript_turn_is_the_turns_speaker(engine: FrozenEngine) -> None:
    text = (
        "Mayor Dana Hollis spoke at a town hall in March. Nora Shaw asked her about the harbor.\n\n"
        "NORA SHAW: Well, I want to go back to comments the mayor made.\n\n"
        "DANA HOLLIS: At some point, we have to say, “You know what? We are better off if the city "
        "protects itself.” We have to—\n\n"
        "NORA SHAW: The harbor?"
    )
    assert engine.quote_with(text, "better off if the city")["speaker"] == "Dana Hollis"


def test_one_said_to_have_told_is_what_is_said_of_them(engine: FrozenEngine) -> None:
    text = (
        "Colonel Dana Vick is the top specialist on the council. She listened to the call and is "
        "said to have told investigators that she raised concerns about it immediately."
    )
    by_cue = {q.cue.text: q for q in engine(text)._.quotes if q.cue is not None}
    assert by_cue["said"].speaker is None
    assert by_cue["told"].speaker == "Dana Vick"


def test_a_verb_opening_a_quoted_title_is_no_part_of_the_name_after_it(engine: FrozenEngine) -> None:
    text = (
        "Senator Donald Morrow said on Monday that the treaty would stand. Donald Morrow has led "
        "the committee since 2019.\n\n"
        "We will link to your piece, “Keep Donald Morrow’s Finger Off the Nuclear Button.”\n\n"
        "“The treaty is our future,” Morrow said."
    )
    assert engine.quote_with(text, "our future")["speaker"] == "Donald Morrow"


def test_a_paragraph_after_a_colon_of_writing_is_a_block_quote(engine: FrozenEngine) -> None:
    text = (
        "The two men were freed after 30 years on death row. As the Harbor Ledger reported:\n\n"
        "The case against the men, always weak, fell apart after new evidence pointed to another "
        "man who lived a block away.\n\n"
        "The state never apologized."
    )
    quote = engine.quote_with(text, "always weak")
    assert (quote["kind"], quote["speaker"]) == ("direct", "Harbor Ledger")
    assert quote["content"].endswith("a block away.")  # one paragraph, not the comment after it


def test_a_page_line_between_the_colon_and_the_passage_is_skipped(engine: FrozenEngine) -> None:
    text = (
        "At the bottom of the post, Brandt shared a column by Tom Keel, who wrote:\n\n"
        "Advertisement:\n\n"
        "Little noticed in the deal that the council approved on Friday is that the harbor lobby "
        "got nothing at all.\n\n"
        "The harbor lobby did not answer."
    )
    quote = engine.quote_with(text, "Little noticed")
    assert (quote["kind"], quote["speaker"]) == ("direct", "Tom Keel")


def test_a_paragraph_after_what_presents_a_video_is_no_block_quote(engine: FrozenEngine) -> None:
    # guard: "Here's what Keel said:" stands above a video; the paragraph is its caption
    text = (
        "Keel spoke at the harbor in 2015. Here's what Keel said in 2015:\n\n"
        "Dignitaries cut a ribbon to mark the opening of the new harbor office on April 10, 2015, "
        "in Dover.\n\n"
        "The office closed two years later."
    )
    assert not any("Dignitaries" in q.content for q in engine(text)._.quotes if q.kind == "direct")


def test_a_headings_subject_does_not_take_the_he_said_of_the_quote_under_it(engine: FrozenEngine) -> None:
    text = (
        "Former governor Dale Morrow said he was proud to be back. Loyalists defended the decision "
        "to feature Morrow tonight.\n\n"
        "Dale Morrow Will Nominate Governor Hale\n\n"
        '"A former governor who is very popular can explain the policies the two governors have '
        'had," Kesh Ridley, the mayor of Dover who served in both the Morrow and Hale '
        'administrations said today on "Good Morning America."\n\n'
        '"I think he can do nothing but help and the notion that Newt is going to give our party '
        'advice, no thank you," he said.'
    )
    assert engine.quote_with(text, "no thank you")["speaker"] == "Kesh Ridley"


def test_an_untagged_name_after_according_to_is_an_organisation(engine: FrozenEngine) -> None:
    # Names of real publications, as the model leaves them untagged; the sentences are invented.
    text = (
        "The harbor campaign has booked $22 million of television ads through November, according "
        "to Ad Age.\n\nDock workers showed weaker support for the mayor in 2012, according to Pew."
    )
    assert engine.quote_with(text, "television ads")["speaker"] == "Ad Age"
    assert engine.quote_with(text, "Dock workers showed")["speaker"] == "Pew"


def test_a_document_owned_by_a_name_and_a_bare_apostrophe_is_its_owners(engine: FrozenEngine) -> None:
    text = (
        "White House press secretary Sarah Matthews on Tuesday issued a correction via Twitter for "
        "her claim about jobs.\n\n"
        "“Correction from today’s briefing: the job numbers were right, but the time frame was "
        "not,” read Matthews’ tweet. “I am sorry for the mistake.”"
    )
    assert engine.quote_with(text, "time frame was not")["speaker"] == "Sarah Matthews"


def test_a_department_before_a_title_is_part_of_the_role(engine: FrozenEngine) -> None:
    text = (
        "Asked about the delay, Defense Secretary Tom Hale told reporters on Wednesday that the "
        "review would take weeks. Education Secretary Ann Ruiz said schools on the base would stay "
        "open.\n\n"
        "The defense secretary said the family would keep getting medical care."
    )
    assert engine.quote_with(text, "medical care")["speaker"] == "Tom Hale"


def test_a_paper_whose_last_word_reads_as_a_date_is_a_speaker(engine: FrozenEngine) -> None:
    # The name of a real paper, which the model takes for a date; the sentences are invented.
    text = (
        "The suspect was arrested on Friday.\n\n"
        "USA Today reported that the suspect began answering questions from the police on Sunday."
    )
    assert engine.quote_with(text, "began answering")["speaker"] == "USA Today"


def test_an_untagged_name_reporting_at_a_sentences_start_is_an_organisation(engine: FrozenEngine) -> None:
    text = (
        "The secretary resigned on Friday.\n\n"
        "Politico first reported that the secretary had billed the government for private planes."
    )
    assert engine.quote_with(text, "private planes")["speaker"] == "Politico"
