"""An "it" that finds speaks for the organisation or document before it, never for people named
in the plural (stage 3 on frozen parses).

Found on real articles (thirty-fifth session): "When the CBO did that for a failed immigration
push, it found the bill could have helped ..." had no speaker ("find" was no verb an "it" could
speak by), and "the Pew Center found that 59 percent of Americans agreed ... the first year the
Pew Center carried out that survey, when it found ..." was about to go to the 59 percent.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, frozen_engine


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    yield from frozen_engine("it_speakers")


def test_an_it_that_finds_is_the_organisation_before_it(engine: FrozenEngine) -> None:
    text = (
        "When the Harbor Budget Office studied a similar plan in 2007, it found the plan could have "
        "cut the deficit."
    )
    assert engine.quote_with(text, "could have cut")["speaker"] == "Harbor Budget Office"


def test_an_it_is_not_a_share_of_people(engine: FrozenEngine) -> None:
    text = (
        "In April, the Harbor Research Center found that 59 percent of sailors agreed that the port "
        "had improved. That marked a shift since 1994, the first year the Harbor Research Center "
        "ran the survey, when it found that opinion was the mirror image of today's."
    )
    assert engine.quote_with(text, "mirror image")["speaker"] == "Harbor Research Center"


def test_an_it_of_no_one_stays_no_one(engine: FrozenEngine) -> None:
    text = "The storm hit the coast on Monday. It found the town unprepared."
    assert engine.quote_with(text, "town unprepared")["speaker"] is None


def test_an_it_that_projects_is_the_organisation_before_it(engine: FrozenEngine) -> None:
    # thirty-sixth session: "... the Congressional Budget Office ... when it projected that 22
    # million people would be without insurance" had no speaker
    text = "The Harbor Budget Office released its review on Monday. It projected that two ferries would shut."
    assert engine.quote_with(text, "two ferries")["speaker"] == "Harbor Budget Office"
