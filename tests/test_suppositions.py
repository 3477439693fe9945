"""The writer supposing is nobody speaking (stage 3 on frozen parses).

A QA read of real articles (thirty-first session): "Let’s say you and your child are from
Honduras, ..." was shown as indirect speech of a speaker "’s", the clitic of "Let's".
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, frozen_engine


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    yield from frozen_engine("suppositions")


@pytest.mark.parametrize(
    "text",
    [
        "Let\u2019s say you and your daughter are from a village far from any city.",
        "Let's say the bill passes the Senate next week.",
    ],
)
def test_let_us_say_is_no_quote(engine: FrozenEngine, text: str) -> None:
    assert [q.content for q in engine(text)._.quotes] == []


def test_what_someone_says_after_let_us_stays(engine: FrozenEngine) -> None:
    text = "Let us remember that the vote was close, the senator said."
    assert engine.quote_with(text, "the vote was close")["speaker"] == "the senator"
