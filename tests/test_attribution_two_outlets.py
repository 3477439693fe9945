"""Attribution patterns seen when two outlets report the same interview.

Each test is a short invented article with one construction the engine used to get wrong: two
quotes joined as one split quote, elliptical or inverted cues ("slammed a third"), a verb after
the quote taken for its cue, a quote's content running on into the narration, and abstract
nouns made into speakers. They run on the model's frozen parse of each article
(``tests/fixtures/two_outlets.spacy``, made by ``scripts/freeze_parses.py``), so they need no
model and survive a model upgrade; the end-to-end test at the bottom uses the installed model
and is marked ``model``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from frozen_parses import FrozenEngine, FrozenParses
from spacy.tokens import Doc


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    frozen = FrozenParses("two_outlets")
    yield FrozenEngine(frozen)
    frozen.save()  # only in record mode


def quotes(run: Callable[[str], Doc], text: str) -> list[dict[str, Any]]:
    return [q.to_dict() for q in run(text)._.quotes]


def quote_with(found: list[dict[str, Any]], needle: str) -> dict[str, Any]:
    hits = [q for q in found if needle in q["content"]]
    assert len(hits) == 1, f"expected one quote with {needle!r}: {found}"
    return hits[0]


def test_second_cue_before_a_colon_starts_a_new_quote(engine: FrozenEngine) -> None:
    text = (
        "The mayor and her deputy argued on live radio.\n\n"
        '"I\'m late," Tom replied before she repeated: "No, when I speak you listen."'
    )
    found = quotes(engine, text)
    first, second = quote_with(found, "I'm late"), quote_with(found, "you listen")
    assert "you listen" not in first["content"]
    assert (first["source"], first["cue"]) == ("Tom", "replied")
    assert (second["source"], second["cue"]) == ("she", "repeated")


def test_colon_after_another_verb_is_not_a_split_quote(engine: FrozenEngine) -> None:
    text = '"It will be fine," Mark interjected before thanking Jane again: "You\'re a star!"'
    found = quotes(engine, text)
    assert "star" not in quote_with(found, "It will be fine")["content"]
    assert quote_with(found, "You're a star")["kind"] == "direct"


def test_real_split_quote_stays_one_quote(engine: FrozenEngine) -> None:
    text = '"This is fine," the mayor said, "and we will fix the roof soon."'
    got = quote_with(quotes(engine, text), "This is fine")
    assert "fix the roof" in got["content"]
    assert got["source"] == "the mayor"


def test_quote_split_by_a_cue_with_an_object(engine: FrozenEngine) -> None:
    text = (
        "The retired admiral spoke freely on the show.\n\n"
        '"Now that I have left the navy," he told the host, "I can say the budget was a mess."'
    )
    got = quote_with(quotes(engine, text), "Now that I have left")
    assert "budget was a mess" in got["content"]
    assert got["source"] == "he"


@pytest.mark.parametrize(
    ("text", "needle", "source"),
    [
        ('A second complained: "That was a terrible answer from the mayor."', "terrible answer", "A second"),
        ('And another echoed: "He is rude to everyone in the room."', "rude to everyone", "another"),
        (
            '"He is very unfair to his staff," slammed a third, while a fourth agreed: '
            '"He is rude to all of them."',
            "unfair to his staff",
            "a third",
        ),
        (
            '"He is very unfair to his staff," slammed a third, while a fourth agreed: '
            '"He is rude to all of them."',
            "rude to all of them",
            "a fourth",
        ),
        (
            "Many voters went online to post their views, with one Facebook user writing: "
            '"He never listens to anyone."',
            "never listens",
            "one Facebook user",
        ),
    ],
)
def test_elliptical_and_inverted_cues_keep_their_source(
    engine: FrozenEngine, text: str, needle: str, source: str
) -> None:
    assert quote_with(quotes(engine, text), needle)["source"] == source


def test_source_is_the_subject_of_the_cue_not_an_object_of_a_later_verb(engine: FrozenEngine) -> None:
    text = (
        "As the mayor kept praising the budget, she snapped, "
        "\u201cStop it. I am speaking now,\u201d before repeating her request while waving her arms."
    )
    found = quotes(engine, text)
    got = quote_with(found, "I am speaking now")
    assert got["source"] == "she"
    assert got["cue"] == "snapped"
    # the narration after the quote is nobody's speech, least of all the quote's "I"
    assert not [q for q in found if "her request" in q["content"] and q["source"] == "I"]


def test_date_after_the_cue_is_not_the_speaker(engine: FrozenEngine) -> None:
    text = (
        "The flooding closed two schools.\n"
        "\u201cWe will reopen them as soon as we can,\u201d county schools chief Dana Moss said Monday."
    )
    got = quote_with(quotes(engine, text), "reopen them")
    assert got["source"] is not None and "Dana Moss" in got["source"]


def test_quote_content_stops_at_its_closing_mark(engine: FrozenEngine) -> None:
    text = (
        'Jane then frowned and said: "I am going to leave this meeting right now," '
        "prompting Tom to laugh and walk off as she finished."
    )
    got = quote_with(quotes(engine, text), "leave this meeting")
    assert got["kind"] == "direct"
    assert "prompting" not in got["content"]
    assert got["source"] == "Jane"


def test_abstract_nouns_are_never_speakers(engine: FrozenEngine) -> None:
    text = (
        "The singer Ana Ruiz admitted that the tour had been hard. "
        "Her reaction suggests that even small shows can be stressful. "
        "As the evening went on, her frustration became obvious: \u201cStop it. I need to sleep.\u201d"
    )
    doc = engine(text)
    names = {s.name for s in doc._.speakers}
    assert "her reaction" not in {n.lower() for n in names}
    for noun in ("reaction", "frustration"):
        assert all(noun not in (q.speaker or "").lower() for q in doc._.quotes)


def test_colon_introduced_paragraph_is_not_a_continuation(engine: FrozenEngine) -> None:
    text = (
        '"I\'m late," Tom replied before she repeated: "No, when I speak you listen."\n\n'
        'Turning to the audience, she laughed: "That is why we need a bigger studio."'
    )
    found = quotes(engine, text)
    assert "bigger studio" not in quote_with(found, "you listen")["content"]
    assert quote_with(found, "bigger studio")["source"] == "she"


def test_participle_cue_glued_to_its_subject(engine: FrozenEngine) -> None:
    text = (
        "After the debate, viewers rushed online to share their views on the exchange "
        'with one Reddit user writing: "He never lets anyone finish a sentence."'
    )
    got = quote_with(quotes(engine, text), "finish a sentence")
    assert got["source"] is not None and "user" in got["source"]


@pytest.mark.model
def test_the_installed_model_still_joins_a_split_quote(nlp: Any) -> None:
    """End to end with the installed model: the frozen tests above still describe it."""
    text = '"This is fine," the mayor said, "and we will fix the roof soon."'
    got = quote_with(quotes(nlp, text), "This is fine")
    assert "fix the roof" in got["content"]
    assert got["source"] == "the mayor"
