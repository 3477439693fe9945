"""A quote with no cue of its own continues the speaker before it, but only as the next
paragraph of what was said (stage 3 on frozen parses).

Found on real coverage (thirty-first session): a statement's second paragraph three empty
lines down lost its speaker, and a quote inside the narration's own sentence in the next
paragraph ('... bore other addresses, including "Department of ..."', 'Japan branded North
Korea an "outlaw nation"') was given to the speaker of the paragraph before.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, frozen_engine


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    yield from frozen_engine("continuations")


def test_blank_lines_between_two_paragraphs_of_a_statement_keep_its_speaker(engine: FrozenEngine) -> None:
    # Pages converted to text often leave several empty lines between paragraphs.
    text = (
        '"He is a good man," the family said.\n\n'
        '"We are disappointed by his comments, which are his own," the network said in a '
        "statement.\n\n\n\n"
        '"His views in no way reflect those of the network. We have placed him on hiatus."\n\n'
        "The decision drew support from advocacy groups."
    )
    quote = engine.quote_with(text, "His views")
    assert quote["speaker"] == "the network"
    assert quote["confidence"] >= 0.5


def test_a_quote_inside_the_next_paragraphs_narration_is_not_the_speaker_s(engine: FrozenEngine) -> None:
    text = (
        '"We have dealt with agents from four different offices," Mr. Pell said.\n\n'
        "Among the letters were several that bore other return addresses, including "
        '"Harbor Tax Office / Second Floor / Port Alder," and the signatures of senior officials.'
    )
    quote = engine.quote_with(text, "Harbor Tax Office")
    assert quote["speaker"] != "Mr. Pell" and quote["speaker"] != "Pell"


RETORT = (
    '"Some districts were rural, some were urban," Mayor Ana Vale said.\n\n'
    'For example, "if a district had a flooding problem, it had to come up with a plan for it."\n\n'
    '"We will keep going," Vale said.\n\n'
    'Ted Crane fired back that "the mayor has only herself to blame" and left.\n'
)


def test_another_s_retort_in_the_next_paragraph_is_not_the_speaker_s(engine: FrozenEngine) -> None:
    # 'Trump fired back that “Jeb doesn't really believe I'm unhinged”' after Bush's quote was
    # shown as Bush's at 0.95 ("fired back" is no cue of the lexicon)
    assert engine.quote_with(RETORT, "only herself to blame")["speaker"] is None


def test_a_sentence_of_a_word_or_two_before_the_quote_goes_on_with_the_speaker(engine: FrozenEngine) -> None:
    assert engine.quote_with(RETORT, "flooding problem")["speaker"] == "Ana Vale"
