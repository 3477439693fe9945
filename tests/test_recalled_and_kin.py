"""Who is recalled speaking says the quote; a named person's unnamed relative is nobody else
(stages 2-3 on frozen parses).

Found on real articles (thirty-fifth session): "“Are you saying I’m not a progressive?” Mr.
West recalled the president asking" was shown as Mr. West's question; and "Schmidt recalled his
wife saying" gave the wife's words to a spokeswoman quoted paragraphs before, the one woman in
reach of a guess by gender ("her husband" of an accuser became the man she accused).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, frozen_engine


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    yield from frozen_engine("recalled_kin")


RECALLED = (
    "Tom Hale ran the plant for a decade before it closed.\n\n"
    "“We will fix the bridge by spring,” Ana Ruiz recalled Tom Hale saying at the meeting.\n\n"
    "“Are you saying I lied?” Ana Ruiz recalled the mayor asking."
)


@pytest.mark.parametrize(
    ("needle", "speaker"), [("fix the bridge", "Tom Hale"), ("saying I lied", "the mayor")]
)
def test_who_is_recalled_speaking_says_the_quote(engine: FrozenEngine, needle: str, speaker: str) -> None:
    assert engine.quote_with(RECALLED, needle)["speaker"] == speaker


def test_what_the_recaller_says_stays_theirs(engine: FrozenEngine) -> None:
    text = "“The plant will close,” Ana Ruiz recalled, her voice breaking."
    assert engine.quote_with(text, "plant will close")["speaker"] == "Ana Ruiz"


def test_a_named_persons_wife_is_not_the_woman_quoted_before(engine: FrozenEngine) -> None:
    text = (
        '"Who is ready to lead?" Kate Lindell, the campaign\'s spokeswoman, said.\n\n'
        "Voters in Salem had not seen the ad. Tom Hale, a 64-year-old retiree, said it did not sit well "
        "with him.\n\n"
        "Hale told reporters that his wife first saw the ad. \"I can't believe he's doing that,\" "
        "his wife said."
    )
    assert engine.quote_with(text, "believe he's doing")["speaker"] == "Tom Hale’s wife"


def test_a_relative_who_shares_the_surname_is_still_guessed(engine: FrozenEngine) -> None:
    text = (
        "Hilda Marsh and Peter Marsh opened the bakery in 1990.\n\n"
        '"We never took a day off," Hilda Marsh said. "Not one." '
        "Her husband said the ovens were older than him."
    )
    assert engine.quote_with(text, "ovens were older")["speaker"] == "Peter Marsh"
