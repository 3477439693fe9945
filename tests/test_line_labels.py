"""A capitalised name labelling an interview's lines names its speaker, and so do its initials
later on (stage 3 on frozen parses).

Found on a real interview (thirty-fourth session): the model tagged the interviewer's
"Zack Beauchamp:" a common noun, so his questions had no speaker, and neither had his later
"ZB:" turns, whose initials were only looked up among the names the model tagged.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, frozen_engine


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    yield from frozen_engine("line_labels")


INTERVIEW = (
    "A harbor engineer spoke about the flood. What follows is a transcript of our conversation.\n\n"
    "Ana Ruiz: You were just in the port. How was it?\n\n"
    "Tom Vale: I wouldn't say it's worse than people think. It's more complicated.\n\n"
    "AR: What about the sea wall?\n\n"
    "TV: The wall held. I think the city got lucky.\n\n"
    "AR: Will it hold next year?\n\n"
    "TV: Nobody knows.\n"
)


@pytest.mark.parametrize(
    ("needle", "speaker"),
    [
        ("You were just in the port", "Ana Ruiz"),
        ("What about the sea wall", "Ana Ruiz"),
        ("Will it hold next year", "Ana Ruiz"),
        ("Nobody knows", "Tom Vale"),
    ],
)
def test_a_capitalised_label_and_its_initials_name_the_speaker(
    engine: FrozenEngine, needle: str, speaker: str
) -> None:
    assert engine.quote_with(INTERVIEW, needle)["speaker"] == speaker


def test_a_heading_is_no_label_of_a_person(engine: FrozenEngine) -> None:
    quotes = engine("Key Points: The harbor plan is dead, the mayor said.")._.quotes
    assert all(q.speaker in (None, "the mayor") for q in quotes), [q.speaker for q in quotes]


def test_an_outlet_labelling_a_line_stays_an_organisation(engine: FrozenEngine) -> None:
    doc = engine("Fox News: The harbor plan is dead, the mayor said.")
    assert {s.name: s.kind for s in doc._.speakers}.get("Fox News") in (None, "group")


TRANSCRIPT_IN_ONE_PARAGRAPH = (
    "A video released on Tuesday shows Dr. Ana Lindqvist, a clinic director, at lunch with two "
    "people posing as buyers.\n\n"
    "From the group's transcript: ACTOR: Did you say sixty? LINDQVIST: Sixty. ACTOR: Okay. And how "
    "do the clinics see it? LINDQVIST: I think for clinics, at the end of the day, they just want "
    "to break even. ACTOR: Right.\n\n"
    "I think the video was edited to mislead viewers.\n"
)


def test_an_i_in_a_turn_labelled_inside_a_paragraph_is_the_labelled_person(engine: FrozenEngine) -> None:
    # Thirty-fifth session: a transcript run into one paragraph ("... Did you say 67? NUCATOLA:
    # 67. ACTOR: Okay. ... NUCATOLA: I think ...") gave the doctor's "I think" to the author
    assert engine.quote_with(TRANSCRIPT_IN_ONE_PARAGRAPH, "end of the day")["speaker"] == "Ana Lindqvist"
    assert engine.quote_with(TRANSCRIPT_IN_ONE_PARAGRAPH, "edited to mislead")["speaker"] == "the author"
