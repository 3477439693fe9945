"""Faults a tenth QA read of real articles found (twenty-eighth session), as mechanisms.

Two journalists read the items shown for 40 fresh news-5k articles: a cue set off inside a
sentence ("no president, said Paul, should ...") gave the quote to the subject before it and
cut that subject out of what was said; a tweet introduced by "When Trump tweeted back," went to
the woman who replied after it; a tweet sent "after Pelosi's statement" went to Pelosi; and
programmes, book titles and policy names in marks were shown as someone's words.
Every text here is invented; each runs on the model's frozen parse
(``tests/fixtures/tenth_read.spacy``).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, frozen_engine

from sayso.settings import DEFAULT_MIN_CONFIDENCE


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    yield from frozen_engine("tenth_read")


def _shown(engine: FrozenEngine, text: str) -> list[dict[str, object]]:
    return [q.to_dict() for q in engine(text)._.quotes if q.confidence >= DEFAULT_MIN_CONFIDENCE]


def test_a_cue_set_off_after_the_subject_gives_the_quote_to_the_name_after_it(engine: FrozenEngine) -> None:
    text = (
        "Marsh said she does not think the governor will abuse the rule. But no governor, said "
        "Marsh, should have the power to close a school without a vote of the board."
    )
    quote = engine.quote_with(text, "the power to close")
    assert quote["source"] == "Marsh"
    assert quote["content"].startswith("no governor")
    # the parser may hang the comma on the subject
    text = (
        "Reyes said he doesn't necessarily think Mayor Dunn will abuse the power. But no mayor, said "
        "Reyes, should have the power to fire a judge without a trial by jury."
    )
    quote = engine.quote_with(text, "the power to fire")
    assert (quote["source"], quote["content"][:9]) == ("Reyes", "no mayor ")


def test_a_subordinate_clause_right_before_a_quote_introduces_it(engine: FrozenEngine) -> None:
    text = (
        "In 2019, she campaigned for the mayor and against Tom Hadley. At a rally in Dover, Keller "
        'said, "Tom Hadley, show us your budget!"\n\n'
        'When candidate Hadley tweeted back, "The people of Dover are tired of Ann Keller!," she '
        'replied with a short line her aides loved: "Bless your heart."'
    )
    quote = engine.quote_with(text, "tired of Ann Keller")
    assert quote["speaker"] == "Tom Hadley"
    assert quote["content"].startswith("The people")  # the narration before it is no part of it


def test_words_sent_after_someone_elses_statement_are_the_senders(engine: FrozenEngine) -> None:
    text = (
        'Governor Ellen Marsh tweeted after Hadley\'s statement that "reckless spenders" were trying '
        '"to wreck the state over NOTHING." Democrats hold a narrow majority in the chamber.'
    )
    assert engine.quote_with(text, "reckless spenders")["speaker"] == "Ellen Marsh"


def test_names_of_programmes_books_and_lists_after_an_owner_are_nobodys_words(engine: FrozenEngine) -> None:
    text = (
        'The finance minister told KBC\'s "Morning in the Market" the deal was close. "We are '
        'nearly there," Dorn said.\n\n'
        '"You know when a storm has passed," says Nora Bell, a professor at Hollis College who '
        'wrote "The Weather of Fear." She predicts calm will return.\n\n'
        'Click here for the full list of the bishop\'s 12 "Sins of the Council."'
    )
    shown = " | ".join(str(q["content"]) for q in _shown(engine, text))
    assert "nearly there" in shown and "storm has passed" in shown
    for title in ("Morning in the Market", "Weather of Fear", "Sins of the Council"):
        assert title not in shown


def test_a_paper_that_speaks_keeps_its_title_whole(engine: FrozenEngine) -> None:
    # the parser ends the source words inside the title's marks, before the comma
    text = (
        '"The largest cuts are for working families," said Mayor Dunn\'s "Plan for the Town," '
        "released last month."
    )
    assert engine.quote_with(text, "working families")["source"] == 'Mayor Dunn\'s "Plan for the Town,"'


def test_a_name_in_marks_before_the_noun_it_names_a_kind_of_is_no_quote(engine: FrozenEngine) -> None:
    # Without the rule the policy's name went on as the quote of the paragraph before.
    text = (
        '"The mayor should be elected by the people of the town instead of picked by the county," '
        'Dorn tells the Ledger. "We urge the council to drop the bill."\n\n'
        'Though the town is part of the county, it runs under a "one town, two rules" policy that '
        "lets residents vote on their own budget.\n\n"
        'Earlier this week the mayor warned of "very severe" consequences if the plan failed. He '
        'threatened to close shops that "silence" critics.'
    )
    shown = {str(q["content"]): q for q in _shown(engine, text)}
    assert any("drop the bill" in c for c in shown)
    assert not any("one town, two rules" in c for c in shown)
    # words that evaluate, and one word the parser may read as a modifier, stay the speaker's
    # (a mixed quote since the thirtieth session: '"very severe" consequences')
    assert [q["source"] for c, q in shown.items() if "very severe" in c] == ["the mayor"]
    assert any('"silence"' in c for c in shown)


def test_reported_speech_keeps_the_party_label_of_its_source_whole(engine: FrozenEngine) -> None:
    text = "Senator Ann Lowe (I-VT) said the plan would fail because nobody had paid for it."
    assert engine.quote_with(text, "the plan would fail")["source"] == "Senator Ann Lowe (I-VT)"


def test_the_president_is_the_one_the_narration_titles_without_a_country(engine: FrozenEngine) -> None:
    # Both are presidents; the foreign one is "Kelvan President" in the narration and plain
    # "President Marek" only inside Dorn's own quotes, which came last before "the president".
    text = (
        "President Ray Dorn on Monday touted strong relations with Kelvania after his summit with "
        "Kelvan President Ivo Marek, claiming that only he and the Kelvan leader could reach a deal.\n\n"
        '"President Marek and I have a very strong relationship," Dorn wrote on Twitter.\n\n'
        "The president appeared to revel in the outcome of his meeting with Marek on Saturday, where "
        "the two sides agreed to hold off on new tariffs.\n\n"
        '"My meeting in Lisbon with President Marek of Kelvania was an extraordinary one. Very good '
        'things will happen," the president tweeted Monday morning.'
    )
    assert engine.quote_with(text, "extraordinary one")["speaker"] == "Ray Dorn"


def test_a_participle_never_has_the_one_it_urges_speak(engine: FrozenEngine) -> None:
    text = (
        "Tom Reyes had planned to open two of his three cafes for dine-in service. He reversed "
        "himself Monday after getting about 40 calls from politicians, community leaders and "
        "customers urging him to keep diners out."
    )
    source = engine.quote_with(text, "keep diners out")["source"]
    assert source == "politicians, community leaders and customers"


def test_here_presents_a_quote_and_the_clause_after_it_names_who_wrote_it(engine: FrozenEngine) -> None:
    text = (
        "Much has been made of the seating plan at the summit.\n\n"
        "Here's how The Ledger starts its story:\n\n"
        '"In terms of table placement at least, the hosts are trying to avoid a fight. The seating '
        'order has been reshuffled to put five leaders between the two rivals."'
    )
    assert engine.quote_with(text, "table placement")["source"] == "The Ledger"


def test_the_paragraph_after_an_asked_question_is_not_the_askers(engine: FrozenEngine) -> None:
    text = (
        '"I have always kicked with a smile," Marsh said. "It\'s when I see something wrong, I\'m '
        'gonna kick every time."\n\n'
        '"Boots?" asked Dunne.\n\n'
        '"Yes! Look, I think that you have to be tough. But I don\'t think you have to be rude."\n\n'
        '"Oh, it absolutely motivates me," Marsh said.'
    )
    assert engine.quote_with(text, "Boots?")["speaker"] == "Dunne"
    assert engine.quote_with(text, "have to be tough")["speaker"] != "Dunne"


def test_when_asked_puts_the_question_to_the_speaker_not_in_his_mouth(engine: FrozenEngine) -> None:
    # The tagger reads "asked" after "When" as a past tense with no subject of its own.
    text = (
        "Marsh said the House must be briefed on the raid.\n\n"
        "When asked whether the plan would pass, Dorn said he was sure of it."
    )
    quote = engine.quote_with(text, "the plan would pass")
    assert quote["source"] is None and quote["speaker"] is None


def test_the_second_half_of_anothers_clause_is_not_the_askers(engine: FrozenEngine) -> None:
    # The parser hung the clause after "and" on "asked": it is the rest of Reyes's insistence.
    text = (
        "During the meeting, Hale asked Reyes about her insistence that police should be defunded "
        "and an alternative force should be put into place."
    )
    assert not [q for q in _shown(engine, text) if "alternative force" in str(q["content"])]
