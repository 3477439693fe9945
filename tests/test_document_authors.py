"""Whose words a document speaks: the author the article gives it, never a passer-by.

The full engine on frozen parses (``FrozenEngine``), or the resolver on hand-written raw
attributions where the engine's own finding is hard to reproduce in an invented text.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, FrozenParses, frozen_engine
from test_speakers import raw, run


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    yield from frozen_engine("document_authors")


@pytest.fixture(scope="module")
def parses() -> Iterator[FrozenParses]:
    frozen = FrozenParses("document_authors_raw")
    yield frozen
    frozen.save()  # only in record mode


def test_the_report_is_the_report_by_the_name_before(engine: FrozenEngine) -> None:
    # Pronoun check of real news: "recalled an original report by the <foundation> in January.
    # The report stated that ..." went to the judge named in the sentence before.
    text = (
        "Judge Alma Reyes ruled on Monday that the rule was unlawful. Her ruling recalled an "
        "earlier report by the Harbor Policy Institute in March. The report stated that the "
        "agency had ignored its own deadlines."
    )
    assert engine.quote_with(text, "ignored its own deadlines")["speaker"] == "Harbor Policy Institute"


def test_an_it_of_a_passive_cue_is_nobody(parses: FrozenParses) -> None:
    # "It was also noted in the judge's ruling that ...": an expletive, not the report that
    # spoke in the sentence before (raw attributions written by hand, as the engine found them
    # in the real article).
    text = (
        "An earlier report by the Harbor Policy Institute said the agency had ignored its deadlines. "
        "It was also noted in the ruling that the agency filed its papers late on a Friday."
    )
    quotes, _ = run(
        parses,
        text,
        [
            raw(
                text,
                "the agency had ignored its deadlines",
                "An earlier report by the Harbor Policy Institute",
                kind="indirect",
            ),
            raw(text, "the agency filed its papers late on a Friday", "It", kind="indirect"),
        ],
    )
    assert [q.speaker for q in quotes] == ["Harbor Policy Institute", None]


def test_the_document_is_the_named_authors_document_before_it(engine: FrozenEngine) -> None:
    # QA read, twenty-second session: "The NSA report makes clear that ... The document
    # states:" gave the report's words to a speaker "the document".
    text = (
        "The Harbor Authority report makes clear that the pier is failing. The document states: "
        "\u201cThe east pilings will not survive another winter.\u201d"
    )
    assert engine.quote_with(text, "east pilings")["speaker"] == "Harbor Authority"


def test_the_statement_that_goes_on_is_the_one_who_spoke_before(engine: FrozenEngine) -> None:
    # QA read, twenty-second session: 'the justice department said: "...". The statement
    # added: "..."' gave the second quote to a speaker "the statement".
    text = (
        "In a filing on Monday, the harbor authority said: \u201cThe pier was closed on May 9. "
        "Repairs began a week later.\u201d\n\nThe statement added: \u201cNo one was hurt.\u201d"
    )
    first = engine.quote_with(text, "pier was closed")
    assert engine.quote_with(text, "No one was hurt")["speaker_id"] == first["speaker_id"]


def test_a_memo_is_another_than_the_memo_before(parses: FrozenParses) -> None:
    # QA read, twenty-second session: "the memo states" (this year's) and "was sent a memo
    # noting that" (one of 2007) were one speaker "the memo".
    text = (
        "A memo reached the newsroom on Thursday. The memo states that the inquiry was unfair.\n\n"
        "In 2007, the minister was sent a memo noting that the first attempt had failed."
    )
    quotes, _ = run(
        parses,
        text,
        [
            raw(text, "that the inquiry was unfair", "The memo", kind="indirect"),
            raw(text, "that the first attempt had failed", "a memo", kind="indirect"),
        ],
    )
    assert quotes[0].speaker_id != quotes[1].speaker_id


def test_a_report_someone_released_is_theirs(engine: FrozenEngine) -> None:
    # QA read, twenty-third session: "the Senate ... Committee released a report that revealed
    # ... The report stated ..." showed three quotes under the speaker "a report".
    text = (
        "In July, the Harbor Safety Committee released a report that revealed the pier was failing. "
        "The report stated that repairs would cost $4 million."
    )
    assert engine.quote_with(text, "repairs would cost")["speaker"] == "Harbor Safety Committee"
