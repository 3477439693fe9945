"""'According to' names who passed the words on; a speaker named with "said" keeps the quote.

The texts are invented; they run on the model's frozen parse (``tests/fixtures/according_to.spacy``,
made by ``scripts/freeze_parses.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from frozen_parses import FrozenEngine, FrozenParses


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    frozen = FrozenParses("according_to")
    yield FrozenEngine(frozen)
    frozen.save()  # only in record mode


def quotes(engine: FrozenEngine, text: str) -> list[dict[str, Any]]:
    return [q.to_dict() for q in engine(text)._.quotes]


def test_the_speaker_who_said_it_keeps_the_quote(engine: FrozenEngine) -> None:
    text = "“If the plan fails,” she said, according to two former aides, “blame the council, not me.”"
    found = quotes(engine, text)
    assert found and {(q["kind"], q["source"]) for q in found} == {("direct", "she")}, found
    assert all("according" not in q["content"] for q in found), found  # never glued into the words


def test_according_to_alone_is_the_source(engine: FrozenEngine) -> None:
    found = quotes(engine, "The bridge will close in May, according to two engineers at the port.")
    (q,) = [q for q in found if "bridge" in q["content"]]
    assert (q["cue"], q["source"]) == ("according to", "two engineers at the port")


@pytest.mark.parametrize(
    "text, whole",
    [
        (
            "Ferry traffic rose by a third in the spring, and the harbor lost two of its oldest piers, "
            "according to the port authority.",
            "Ferry traffic rose by a third in the spring, and the harbor lost two of its oldest piers",
        ),
        (
            "Rents climbed in every district, but wages stayed flat, according to a study by the university.",
            "Rents climbed in every district, but wages stayed flat",
        ),
    ],
)
def test_according_to_after_coordinated_clauses_vouches_for_all_of_them(
    engine: FrozenEngine, text: str, whole: str
) -> None:
    # Eleventh session: the parser hangs the phrase on the last clause, which was all the content.
    (q,) = [q for q in quotes(engine, text) if q["cue"] == "according to"]
    assert q["content"] == whole


def test_the_subject_after_an_opening_according_to_is_no_part_of_the_source() -> None:
    # QA helper, twenty-first session: the small model parsed "According to X, Deputy Attorney
    # General Y brought up ..." as one phrase (Y the object of "to", X hanging on Y), so Y was
    # the source and the content had no subject. The parse is built by hand as the model made
    # it (it does so for some names and not others, so an invented sentence cannot pin it).
    from hand_parses import hand_parse

    from sayso.quotes.attribution.candidates import _according_candidate

    doc = hand_parse("""
        According 8 prep VERB
        to 0 prep ADP
        Quill 7 nmod PROPN
        , 2 punct PUNCT
        Deputy 7 compound PROPN
        Attorney 7 compound PROPN
        Ines 7 compound PROPN
        Lee 1 pobj PROPN
        closed 8 ROOT VERB
        the 10 det DET
        pier 8 dobj NOUN
        . 8 punct PUNCT
    """)
    cand = _according_candidate(doc, doc[0])
    assert cand is not None
    text = doc.text
    assert [text[a:b] for a, b in cand.content] == ["Deputy Attorney Ines Lee closed the pier"]
    assert cand.source is not None and text[cand.source[0] : cand.source[1]] == "Quill"


def test_an_according_to_inside_the_clause_keeps_its_apposition(engine: FrozenEngine) -> None:
    # The rule above is for an opening phrase: here the words after the comma describe Vale.
    text = "At the heart of it, according to Tom Vale, a former harbor master, was a decision by the board."
    (q,) = [q for q in quotes(engine, text) if q["cue"].lower() == "according to"]
    assert q["source"].startswith("Tom Vale")


@pytest.mark.parametrize(
    "text, speaker, words",
    [
        (
            "Speaking to reporters, Mayor Lena Ruiz said Tuesday that \u201chonest builders in the harbor "
            "trade don\u2019t need this shield from liability,\u201d according to the Tidewater Ledger.",
            "Lena Ruiz",
            "honest builders",
        ),
        (
            "The editor stressed that the Portuguese edition is \u201cthe one that matters most\u201d of the "
            "foreign editions, according to the Harbor Review blog.",
            "the editor",
            "Portuguese edition",
        ),
    ],
)
def test_a_verb_of_saying_with_a_subject_keeps_its_clause_from_according_to(
    engine: FrozenEngine, text: str, speaker: str, words: str
) -> None:
    # QA read, twenty-third session: "Schiff said that '...', according to NPR" and "Biard
    # stressed that ..., according to a blog" went to the outlet that reported the words.
    (q,) = [q for q in quotes(engine, text) if words in q["content"]]
    assert q["speaker"] == speaker
    assert "according" not in q["content"]


def test_according_to_after_a_verb_with_no_clause_is_still_the_source(engine: FrozenEngine) -> None:
    # "The Taliban denied participation, according to the AP": nothing said but the denial.
    found = quotes(engine, "The rebel group denied any role in the blast, according to the Tidewater Ledger.")
    (q,) = [q for q in found if q["cue"] == "according to"]
    assert q["source"] == "the Tidewater Ledger"


def test_a_trailing_according_to_is_cut_from_what_was_told(engine: FrozenEngine) -> None:
    # "Mr. Scavino told him it was a bad idea, according to an aide who witnessed it": the aide
    # is how the reporter knows; the content was shown with the phrase in it.
    found = quotes(engine, "Mr. Vale told him it was a bad idea, according to an aide who was in the room.")
    (q,) = [q for q in found if "bad idea" in q["content"]]
    assert q["content"] == "it was a bad idea" and q["speaker"] == "Vale"


def test_a_said_set_in_the_clause_keeps_it(engine: FrozenEngine) -> None:
    # thirty-sixth session's QA read: the clause went to the agency it was "according to"
    text = (
        "Mayor Ruiz was angry, saying, “Dolan has to apologize.”\n\n"
        "Otherwise, he said, Dolan will become “history to me,” according to reports by the city news agency."
    )
    found = [q for q in quotes(engine, text) if "history to me" in q["content"]]
    assert [(q["source"], q["speaker"]) for q in found] == [("he", "Ruiz")], found


def test_all_told_is_no_said_aside(engine: FrozenEngine) -> None:
    text = "All told, the groups spent over $2 million on calls, according to the Harbor Ledger's analysis."
    found = [q for q in quotes(engine, text) if "$2 million" in q["content"]]
    assert [q["source"] for q in found] == ["the Harbor Ledger's analysis"], found
