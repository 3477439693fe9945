"""Persons a source lists together all speak; a person a verb presents speaking, and who sent a
call or a letter, speaks the participle after it (stage 3 on frozen parses).

Found on real articles (thirty-fourth session): "Both President Obama and Defense Secretary
Leon Panetta said ..." was shown as Panetta's alone, because the model hangs Obama on
"Secretary" instead of joining the two names by "and"; "AP cited a Guatemalan official saying
..." as the AP's, "calls from Iraqi men saying ..." as the calls' (or whoever received them).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, frozen_engine


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    yield from frozen_engine("joint_speakers")


def test_a_misparsed_pair_of_names_speaks_together(engine: FrozenEngine) -> None:
    text = "Both Governor Alma Reyes and Harbor Commissioner Tomas Lindqvist said the pier was safe."
    assert engine.quote_with(text, "pier was safe")["speaker"] == "Alma Reyes and Tomas Lindqvist"


def test_a_list_of_three_names_speaks_together(engine: FrozenEngine) -> None:
    text = "Rosa Delgado, Ivan Petrov, and Paul Hughes wrote that the harbor board had failed."
    assert (
        engine.quote_with(text, "board had failed")["speaker"] == "Rosa Delgado, Ivan Petrov and Paul Hughes"
    )


@pytest.mark.parametrize(
    ("text", "needle", "speaker"),
    [
        # a possessor inside an apposition speaks for nobody
        (
            "Clara Boyd, Tom Hale's first wife, and Jenna Wirth, his second wife, both said he lied.",
            "he lied",
            "Clara Boyd and Jenna Wirth",
        ),
        # a name after a preposition in the gap: the woman's grandchild, not a second speaker
        (
            "Nadia Karam, the aunt of the bride, Lina Haddad, and grandmother of one of the boys, "
            "11-year-old Omar, said the house shook.",
            "house shook",
            "Nadia Karam",
        ),
        # a name in a relative clause, a name in a prepositional phrase
        (
            "Maria Ortega, who crossed the river with her husband Juan Ortega, said she was afraid.",
            "was afraid",
            "Maria Ortega",
        ),
        (
            "Timothy Egan, a former aide in the Bush and Obama administrations, said the law was vague.",
            "law was vague",
            "Timothy Egan",
        ),
    ],
)
def test_names_inside_a_source_that_do_not_speak(
    engine: FrozenEngine, text: str, needle: str, speaker: str
) -> None:
    assert engine.quote_with(text, needle)["speaker"] == speaker


@pytest.mark.parametrize(
    ("text", "needle", "speaker"),
    [
        (
            "The Courier cited a harbor official saying the ferry had sunk.",
            "the ferry had sunk",
            "a harbor official",
        ),
        ("The station interviewed residents saying the water was brown.", "the water was brown", "residents"),
        # who a call or a letter came from
        (
            "The embassy received calls from tipsters saying an attack was planned.",
            "an attack was planned",
            "tipsters",
        ),
        (
            "He got a letter from the governor saying the plant would close.",
            "the plant would close",
            "the governor",
        ),
        # a document's sender speaks, as before, and so does who writes to someone
        ("The senator emailed supporters saying the race was close.", "the race was close", "the senator"),
        ("The senator cited a harbor vote to say the plan was doomed.", "the plan was doomed", "the senator"),
        (
            "The ferry club issued a statement saying the coach had resigned.",
            "the coach had resigned",
            "the ferry club",
        ),
    ],
)
def test_a_person_the_object_names_speaks_the_participle(
    engine: FrozenEngine, text: str, needle: str, speaker: str
) -> None:
    quotes = [q for q in engine(text)._.quotes if q.content.startswith(needle)]
    assert [q.speaker for q in quotes] == [speaker]


def test_both_are_the_two_named_together_just_before(engine: FrozenEngine) -> None:
    # Thirty-fifth session: "Sen. Chuck Schumer ... and Sen. Jeff Flake ... discussed the deal,
    # but both said ..." showed "both" as its own speaker
    text = (
        "On Sunday, Democratic Sen. Ana Ruiz of Maine and Republican Sen. Tom Vale of Utah discussed "
        "the harbor deal as a sign of progress, but both said there is more to be done."
    )
    assert engine.quote_with(text, "more to be done")["speaker"] == "Ana Ruiz and Tom Vale"
    alone = "The harbor deal passed on Sunday. Both said there is more to be done."
    assert engine.quote_with(alone, "more to be done")["speaker"] == "both"
