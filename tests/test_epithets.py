"""Epithets of place and party: "the Ohio governor", "the Nevada Democrat" (stage 3 on frozen
parses).

Found on real articles (thirty-second session): news names a politician once with a place and a
party ("Sen. Harry Reid, D-Nev.", "Ohio Gov. John Kasich") and goes on with an epithet made of
them. Any place in a description had been taken to rule out everyone not named beside it, so
"the Ohio governor" right after Kasich, "the Vermont senator" after Sanders, stayed speakers of
their own. A place or party is evidence both ways: the person named with it fits, the person
named with another does not, and another nation is never assumed ("the Chinese president" is
not the American one named before).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, frozen_engine


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    yield from frozen_engine("epithets")


HOPEFUL = (
    "Republican presidential hopeful Dan Whitcomb campaigned in Dayton on Friday. "
    "The Ohio governor said that other presidents had done the same."
)
TWO_GOVERNORS = (
    "Ohio Gov. Dan Whitcomb and California Gov. Rosa Lind met in Denver on Monday. "
    "Reporters waited outside for hours. "
    '"We agree on trade," the Ohio governor said. '
    '"We do not agree on water," the California governor said.'
)
SENATORS = (
    "Sen. Harold Reiss, D-Nev., and Sen. Mitch Corwin, R-Ky., resumed talks on Tuesday. "
    "Aides said the talks went well. "
    '"We\'re in good shape," the Nevada Democrat said. '
    '"Not yet," the Kentucky Republican said.'
)
ANOTHER_STATE = (
    'Sen. Harold Reiss, D-Nev., spoke to reporters on Tuesday. "No deal," the Kentucky senator said.'
)
ANOTHER_NATION = (
    "President Donald Trump met Xi Jinping on Monday. Trump spoke first. "
    "The Chinese president said he was happy with the talks."
)


def test_a_state_the_article_never_gave_the_topic_is_no_conflict(engine: FrozenEngine) -> None:
    # the person the sentence before is about, running for an office: "the Ohio governor"
    assert engine.quote_with(HOPEFUL, "other presidents")["speaker"] == "Dan Whitcomb"


def test_the_state_named_with_a_title_tells_two_holders_apart(engine: FrozenEngine) -> None:
    assert engine.quote_with(TWO_GOVERNORS, "agree on trade")["speaker"] == "Dan Whitcomb"
    assert engine.quote_with(TWO_GOVERNORS, "agree on water")["speaker"] == "Rosa Lind"


def test_party_and_state_after_a_name_make_its_epithet(engine: FrozenEngine) -> None:
    assert engine.quote_with(SENATORS, "good shape")["speaker"] == "Harold Reiss"
    assert engine.quote_with(SENATORS, "Not yet")["speaker"] == "Mitch Corwin"


def test_another_state_rules_the_only_person_out(engine: FrozenEngine) -> None:
    quote = engine.quote_with(ANOTHER_STATE, "No deal")
    assert quote["source"] == "the Kentucky senator"
    assert quote["speaker"] != "Harold Reiss"


def test_another_nation_is_never_assumed(engine: FrozenEngine) -> None:
    assert engine.quote_with(ANOTHER_NATION, "happy with the talks")["speaker"] != "Donald Trump"


ANONYMOUS = (
    "Sen. Dale Perkins, R-Ga., voted against the bill on Monday. "
    '"He took some ribbing for it," said a Republican senator, who requested anonymity. '
    '"People are annoyed," the Republican senator added.'
)
APPOSITION = (
    "Vladimir Putin, the Russian president, spoke on Monday. Reporters asked questions. "
    "The US president said he would leave Syria."
)


def test_an_unnamed_source_who_spoke_since_is_meant(engine: FrozenEngine) -> None:
    # a named Republican senator fits "the Republican senator", but the anonymous one spoke last
    annoyed = engine.quote_with(ANONYMOUS, "People are annoyed")
    assert annoyed["speaker_id"] == engine.quote_with(ANONYMOUS, "some ribbing")["speaker_id"]
    assert annoyed["speaker"] != "Dale Perkins"


def test_a_nation_set_beside_a_name_is_theirs(engine: FrozenEngine) -> None:
    # "the Russian president" in apposition: Putin is not "the US president"
    assert engine.quote_with(APPOSITION, "leave Syria")["speaker"] != "Vladimir Putin"
