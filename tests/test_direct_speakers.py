"""Direct quotes get their speaker: the constructions that used to lose it (issue 10, point 4).

Each test is an invented sentence with one construction: an attribution clause after the quote
whose verb is in no lexicon, "as X put it", an inverted speaker the parser read as a clause of
its own, a participle the parser hung on the object, a subject inherited past an "it", an
object after the cue (the listener), and a sentence the parser ran over a paragraph break.
They run on the model's frozen parse of each text (``tests/fixtures/direct_speakers.spacy``,
made by ``scripts/freeze_parses.py``), so they need no model and survive a model upgrade.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from frozen_parses import FrozenEngine, FrozenParses


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    frozen = FrozenParses("direct_speakers")
    yield FrozenEngine(frozen)
    frozen.save()  # only in record mode


def quote_with(engine: FrozenEngine, text: str, needle: str) -> dict[str, Any]:
    hits = [q.to_dict() for q in engine(text)._.quotes if needle in q.content]
    assert len(hits) == 1, hits
    return hits[0]


def test_clause_after_the_quote_with_any_verb(engine: FrozenEngine) -> None:
    text = "“If they cared about the park, they would have voted for the plan,” Oduya fumed on Tuesday."
    q = quote_with(engine, text, "cared about the park")
    assert (q["kind"], q["cue"], q["source"]) == ("direct", "fumed", "Oduya")


def test_inverted_clause_after_the_quote(engine: FrozenEngine) -> None:
    text = "“Parents should keep the children at home,” opined the Riverside Courier."
    q = quote_with(engine, text, "keep the children")
    assert (q["cue"], q["source"]) == ("opined", "the Riverside Courier")


def test_as_x_put_it(engine: FrozenEngine) -> None:
    text = "As the engineer Mira Okafor put it, “The bridge is older than the town.”"
    q = quote_with(engine, text, "older than the town")
    assert q["cue"] == "put"
    assert "Mira Okafor" in q["source"]


def test_inverted_speaker_read_as_a_clause_keeps_the_quote_direct(engine: FrozenEngine) -> None:
    # The parser reads "Rita Moss, half joking" as a clause "Moss ... joking" under "said".
    text = "''Engines are easier than people,'' said Rita Moss, half joking."
    q = quote_with(engine, text, "easier than people")
    assert (q["kind"], q["source"]) == ("direct", "Rita Moss")
    assert "joking" not in q["content"]


def test_participle_on_the_object_speaks_for_the_subject(engine: FrozenEngine) -> None:
    text = "The coach texted parents saying: “The season goes on.”"
    q = quote_with(engine, text, "season goes on")
    assert q["source"] == "The coach"


def test_subject_inherited_past_it(engine: FrozenEngine) -> None:
    text = "Lena Ortiz said it was a hard call but added, “We have a good plan.”"
    q = quote_with(engine, text, "good plan")
    assert q["source"] == "Lena Ortiz"


def test_the_listener_is_not_the_speaker(engine: FrozenEngine) -> None:
    text = (
        "The mayor seemed ready to joke about the rain, telling the crowd, "
        "“Some people get a little wet, have you noticed?”"
    )
    q = quote_with(engine, text, "a little wet")
    assert q["source"] == "The mayor"


def test_subject_from_the_paragraph_before_is_not_the_speaker(engine: FrozenEngine) -> None:
    text = (
        "Readers wrote in all week. “Never again, never Hollis.”\n\n"
        "Another reader said, “We all know how she feels about the park.”"
    )
    q = quote_with(engine, text, "feels about the park")
    assert q["source"] == "Another reader"


def test_inverted_speaker_read_by_position(engine: FrozenEngine) -> None:
    # The parser makes nothing of "the 52-year-old" under "said": the words after the cue speak.
    text = '"Marta is, and always has been, a fine coach," said the 52-year-old.'
    q = quote_with(engine, text, "fine coach")
    assert (q["cue"], q["source"]) == ("said", "the 52-year-old")


def test_a_writing_nobody_owns_is_its_own_source(engine: FrozenEngine) -> None:
    text = '"Hello, campers! The lake may open early this year!" a message on the camp website reads.'
    q = quote_with(engine, text, "lake may open")
    assert q["cue"] == "message"
    assert q["source"] is not None and "message" in q["source"]


def test_colon_clause_beats_a_cue_of_the_next_sentence(engine: FrozenEngine) -> None:
    text = (
        'Growing louder as he spoke, Mr. Ferris continued: "The worst flood ever in this valley? '
        'It was during his term." He added that the dam had been ignored for years.'
    )
    q = quote_with(engine, text, "worst flood")
    assert (q["cue"], q["source"]) == ("continued", "Mr. Ferris")


def test_who_after_an_apposition_is_the_person(engine: FrozenEngine) -> None:
    # The parser hangs "who" on "Bureau"; "who" speaks of the person the apposition describes.
    text = (
        '"We will need more than luck this season," said Mark Borel, the head of the Ohio Farm Bureau, '
        "who has urged calm."
    )
    q = quote_with(engine, text, "calm")
    assert (q["source"], q["speaker"]) == ("who", "Mark Borel")


def test_first_person_in_a_transcript_turn_is_the_labelled_speaker(engine: FrozenEngine) -> None:
    text = (
        "The hearing ran late into the night.\n\n"
        "DANA BELL: Let me tell you what I saw, because I think the council was wrong about the bridge."
    )
    found = [q.to_dict() for q in engine(text)._.quotes]
    q = next(q for q in found if q["content"] == "what I saw")
    assert q["source"] == "me"
    assert q["speaker"] == "DANA BELL"
    assert all(q["speaker"] != "the author" for q in found)


def test_a_colon_after_someones_feeling_introduces_their_words(engine: FrozenEngine) -> None:
    text = (
        "Mira Dale sat down with the host. As the talk went on, her frustration became more "
        "evident: “Stop it. You are making me laugh.”"
    )
    q = quote_with(engine, text, "making me laugh")
    assert (q["kind"], q["source"]) == ("direct", "her")


def test_a_possessor_does_not_replace_a_speaker_noun(engine: FrozenEngine) -> None:
    text = "The board met on Monday. The board's lawyer was blunt: “There is no deal.”"
    q = quote_with(engine, text, "no deal")
    assert q["source"] == "The board's lawyer"


def test_a_colon_clause_beats_a_cue_of_the_sentence_before(engine: FrozenEngine) -> None:
    # "was asked" claims the next quote unless that quote has its own clause before a colon.
    text = "Tom Reyes was asked about the deal. Reyes's lawyer was blunt: “There is no deal.”"
    q = quote_with(engine, text, "no deal.")
    assert q["source"] == "Reyes's lawyer"
