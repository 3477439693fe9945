"""The one told is not the one who speaks (stage 3 on frozen parses).

Found reading real coverage (thirty-first session, a QA helper's read of 30 news-5k articles):
"he was told he would have to decline", "the producer, who was informed that ...", "the
parents are being told that ..." showed the one told as the speaker, and '“...,” told Fox
News' the network. PolNeAR's annotators agree: a passive of telling or asking has no source
unless its agent is named (45 times in 59 on train).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, frozen_engine


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    yield from frozen_engine("listeners")


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        (
            "Nell Ortiz agreed to appear, but after mentioning it to the paper's press office, she "
            "was told she would have to decline.",
            "would have to decline",
        ),
        (
            "The producer, who was informed that the paper asks reporters not to appear on such "
            "shows, was upset about the cancellation.",
            "that the paper asks",
        ),
        ("Some families were released and told to come back for a court date.", "come back"),
    ],
)
def test_who_is_told_does_not_speak(engine: FrozenEngine, text: str, needle: str) -> None:
    quote = engine.quote_with(text, needle)
    assert (quote["source"], quote["speaker"]) == (None, None)


def test_a_name_after_told_is_the_listener(engine: FrozenEngine) -> None:
    # the parser makes the network the inverted subject, as after "said"
    text = '"We do not engage in fishing expeditions," told the Harbor Radio network.'
    assert engine.quote_with(text, "fishing expeditions")["speaker"] is None


@pytest.mark.parametrize(
    ("text", "speaker"),
    [
        ('"Why now?" asked Ruiz.', "Ruiz"),  # an asker may stand after the verb
        ('Ortiz was asked by host Dan Mercer, "Would you do it again?"', "Dan Mercer"),  # the agent asks
    ],
)
def test_who_asks_still_speaks(engine: FrozenEngine, text: str, speaker: str) -> None:
    assert engine.quote_with(text, "?")["speaker"] == speaker
