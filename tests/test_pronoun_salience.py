"""Which earlier mention a pronoun source takes up, on frozen parses of invented articles.

Raw attributions are written by hand (stage 2 is not involved), as in ``test_speakers.py``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenParses
from test_speakers import raw, run


@pytest.fixture(scope="module")
def parses() -> Iterator[FrozenParses]:
    frozen = FrozenParses("pronoun_salience")
    yield frozen
    frozen.save()  # only in record mode


def test_a_name_inside_reported_speech_is_a_weak_antecedent(parses: FrozenParses) -> None:
    # Pronoun check of real news (bench/pronouns_check.py): after "X said Y and Z could be
    # witnesses", "'...,' he told Reuters" went to a man named in what X said, because X's
    # gender was unknown and Z's was not.
    text = (
        "Representative Jamie Tate said Mr. Hale could be an important witness.\n\n"
        "\u201cThere are questions here,\u201d he told reporters."
    )
    quotes, _ = run(
        parses,
        text,
        [
            raw(text, "Mr. Hale could be an important witness", "Representative Jamie Tate", kind="indirect"),
            raw(text, "There are questions here,", "he"),
        ],
    )
    assert [q.speaker for q in quotes] == ["Jamie Tate", "Jamie Tate"]


def test_a_name_in_narration_still_wins_over_one_in_reported_speech(parses: FrozenParses) -> None:
    # The penalty only ranks: with no better candidate, a man named in reported speech is
    # still the "he" of the next sentence.
    text = (
        "Ms. Tate said Mr. Hale had left the city in May.\n\n"
        "\u201cI needed a change,\u201d he told the paper."
    )
    quotes, _ = run(
        parses,
        text,
        [
            raw(text, "Mr. Hale had left the city in May", "Ms. Tate", kind="indirect"),
            raw(text, "I needed a change,", "he"),
        ],
    )
    assert quotes[1].speaker == "Hale"


def test_a_subject_pronoun_carries_its_person_to_the_next_one(parses: FrozenParses) -> None:
    # Pronoun check of real news: "He plotted for days to tweet about <a woman> ... He called
    # her ..." and "he lit Kushner up publicly. '...,' he said" went to the person the first
    # "he" talked about, because only pronouns that open quotes counted as mentions.
    text = (
        "Mayor Tom Reyes opened the new depot in Lyle on Friday.\n\n"
        "He thanked the crews and praised Mr. Dunn, the owner.\n\n"
        "\u201cThis town built this,\u201d he said."
    )
    quotes, _ = run(parses, text, [raw(text, "This town built this,", "he")])
    assert quotes[0].speaker == "Tom Reyes"


def test_a_party_in_a_case_title_is_nobody_in_the_story(parses: FrozenParses) -> None:
    # Pronoun check of real news: in "In Burwell v. Hobby Lobby, he sided with ...", the
    # model's PERSON "Hobby Lobby" was the nearest man before the judge's "he".
    text = (
        "Judge Paul Kern has ruled on many land disputes.\n\n"
        "In Marsh v. Peter Quill, he said the landlord had broken the lease."
    )
    quotes, _ = run(parses, text, [raw(text, "the landlord had broken the lease", "he", kind="indirect")])
    assert quotes[0].speaker == "Paul Kern"


def test_an_epithet_opening_the_next_sentence_is_the_person_it_follows(parses: FrozenParses) -> None:
    # Pronoun check of real news: "Boehner said on CBS ... The Ohio Republican pointed to ..."
    # and "Johnson said ... the premier told the House" were speakers apart from the person.
    text = (
        "Mayor Rosa Quint opened the new depot in Lyle on Friday.\n\n"
        "The Ohio Democrat said the buses would run by spring."
    )
    quotes, _ = run(
        parses, text, [raw(text, "the buses would run by spring", "The Ohio Democrat", kind="indirect")]
    )
    assert quotes[0].speaker == "Rosa Quint"


@pytest.mark.parametrize(
    ("text", "source", "content", "speaker"),
    [
        (  # an interrupting cue: "The bulletin, the Texas Republican said, indicated ..."
            "Lena Ruiz, a pilot, flew in on Tuesday.\n\nRep. Omar Vale said the agency had sent a "
            "warning to airlines flying into the region.\n\nThe warning, the Ohio Republican said, "
            "showed that officials feared an attack on a flight.",
            "the Ohio Republican",
            "showed that officials feared an attack on a flight",
            "Omar Vale",
        ),
        (  # after a quote the parser ran into the sentence before it
            "Jana Holt and Lee Park\n\nWASHINGTON \u2013 Senate leader Tom Harlan, in a shift, announced "
            "Tuesday the Senate would take up a long-awaited bill that aims to change sentencing laws."
            '\n\n"At the request of the governor, the Senate will take up the bill this month," the '
            "Kentucky Republican said.",
            "the Kentucky Republican",
            "At the request of the governor, the Senate will take up the bill this month,",
            "Tom Harlan",
        ),
    ],
)
def test_an_epithet_after_a_quote_or_inside_its_cue_is_the_person_before(
    parses: FrozenParses, text: str, source: str, content: str, speaker: str
) -> None:
    # QA read, twenty-third session: "the Texas Republican" (McCaul) and "the Kentucky
    # Republican" (McConnell) stayed speakers of their own.
    kind = "direct" if content.endswith(",") else "indirect"
    quotes, _ = run(parses, text, [raw(text, content, source, kind=kind)])
    assert quotes[0].speaker == speaker


@pytest.mark.parametrize(
    ("first", "description"),
    [
        ("Rosa Quint, a spokeswoman for the council,", "The Ohio Democrat"),  # staff, not the official
        ("Rosa Quint", "The Turkish president"),  # a nationality of its own
        ("Mayor Rosa Quint", "The top Democrat on the council"),  # an identifying phrase: someone new
    ],
)
def test_an_epithet_that_cannot_be_that_person_stays_apart(
    parses: FrozenParses, first: str, description: str
) -> None:
    text = f"{first} opened the new depot in Lyle on Friday.\n\n"
    text += f"{description} said the buses would run by spring."
    quotes, _ = run(parses, text, [raw(text, "the buses would run by spring", description, kind="indirect")])
    assert quotes[0].speaker != "Rosa Quint"


def test_a_teaser_pronoun_before_anyone_is_named_is_the_person_named_next(parses: FrozenParses) -> None:
    # Pronoun check of real news: a story opening "'...,' he says." above the paragraph that
    # names the doctor had no speaker for its first three quotes.
    text = (
        "\u201cThe wards are full,\u201d he says.\n\n"
        "Dr. Felix Amari runs the night shift at the county hospital."
    )
    quotes, _ = run(parses, text, [raw(text, "The wards are full,", "he")])
    assert quotes[0].speaker == "Felix Amari"
