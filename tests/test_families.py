"""A family that speaks as one: "the Pruett family", "the Pruetts", "the family" (stage 3 on
frozen parses).

Found on real coverage (compare check, thirty-first session): an article quoting a family's
statement showed it under "Robertson", the bare surname, which the comparison then took to the
family's patriarch, named in full; another named the family "the Robertsons", which the NER
reads as an organisation, and a third "the family". A family is a group, one group however it
is named, and never the person who shares its surname.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, frozen_engine


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    yield from frozen_engine("families")


STATEMENT = (
    "Dale Pruett, the host of a fishing show, was taken off the air on Monday.\n\n"
    '"I stand by every word," Pruett said.\n\n'
    "The Pruett family released a statement on Thursday.\n\n"
    '"We cannot continue the show without our father at the helm," the Pruett family said in '
    "the statement.\n\n"
    'The family said it had "spent much time in prayer" since the suspension.\n\n'
    '"We are in talks with the network," the Pruetts wrote on their website.'
)


def test_the_family_is_not_its_surname(engine: FrozenEngine) -> None:
    # "family" ends in "-ly": it was read as a manner adverb ("Trump coyly stated") and the
    # source cut down to the name before it, "Pruett".
    quote = engine.quote_with(STATEMENT, "without our father")
    assert (quote["source"], quote["speaker"]) == ("the Pruett family", "the Pruett family")
    assert engine.quote_with(STATEMENT, "every word")["speaker"] == "Dale Pruett"


def test_a_family_is_one_speaker_however_it_is_named(engine: FrozenEngine) -> None:
    family = engine.quote_with(STATEMENT, "without our father")
    bare = engine.quote_with(STATEMENT, "spent much time")  # "The family said"
    plural = engine.quote_with(STATEMENT, "in talks with the network")  # "the Pruetts", an ORG to the NER
    assert bare["source"] == "The family"
    assert plural["source"] == "the Pruetts"
    assert bare["speaker_id"] == plural["speaker_id"] == family["speaker_id"]
    person = engine.quote_with(STATEMENT, "every word")
    assert person["speaker_id"] != family["speaker_id"]
