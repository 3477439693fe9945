"""A headline's line is no quotation: it is stored below the default (stage 4 on frozen parses).

Found on real articles (thirty-fifth session): related stories' headlines and an article's own
title repeated in its body ("Trump Son Admits To Meeting Russian Lawyer ...", "TRUMP SAYS HE
KEPT DETAILS OF ISIS OPERATION FROM PELOSI", "The Latest On Iran Deal: Obama Says ...") were
shown as quotes of whoever they name: 53 shown items on 1,500 news-5k articles.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, frozen_engine

from sayso.quotes.titles import headline_line

TITLED = (
    "Harbor Chief Says Port Will Reopen Before The Storm Season\n\n"
    "The harbor chief, Ana Ruiz, said on Monday that the port would reopen before the storm season.\n"
)
SHOUTED = "MAYOR SAYS HE KEPT DETAILS OF THE HARBOR DEAL FROM THE COUNCIL\n\nThe mayor spoke on Monday.\n"


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    yield from frozen_engine("headlines")


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Harbor Chief Says Port Will Reopen Before The Storm Season", True),
        ("MAYOR SAYS HE KEPT DETAILS OF THE HARBOR DEAL FROM THE COUNCIL", True),
        ("Ruiz: The Port Will Reopen Before The Storm", True),
        ('"THIS IS AS REAL AS IT GETS," the weather service said in a warning.', False),  # prose
        ("The Harbor Board Said The Port Will Reopen Before The Storm Season.", False),  # a full stop
        ("Ruiz Says No", False),  # too few words to tell
    ],
)
def test_a_headline_line_is_in_title_case_or_capitals_without_a_full_stop(line: str, expected: bool) -> None:
    assert headline_line(line, 0, len(line)) is expected


def test_a_quote_in_a_headline_is_below_the_default_and_the_story_below_it_is_not(
    engine: FrozenEngine,
) -> None:
    quotes = engine(TITLED)._.quotes
    hidden = {q.content[:12]: q.confidence < 0.3 for q in quotes}
    assert hidden == {"Port Will Re": True, "that the por": False}


def test_a_shouted_headline_is_below_the_default(engine: FrozenEngine) -> None:
    quotes = engine(SHOUTED)._.quotes
    assert quotes and all(q.confidence < 0.3 for q in quotes)
