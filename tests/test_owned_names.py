"""People named after an outlet's possessive, an agency's office, an acronym that is also a
pronoun (stage 3 on frozen parses).

Found on real articles (thirty-third session): the model reads "The Ledger’s Ana Pell" as one
organisation, or tags "National Gazette’s" and leaves the reporter's name untagged, so the
reporter was shown as the outlet's phrase or as nobody (``coref.ner._owned_people``); an
agency's "Office of Inspector General" lost the agency's name (``DocView.trim_group``); "WHO
recommends ..." was read as the relative pronoun and had no speaker.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, frozen_engine


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    yield from frozen_engine("owned_names")


UNTAGGED = "National Gazette’s Rich Lowell once declared that politicians who say so are wrong."
ONE_ORG = "The Ledger’s Ana Pell wrote that the plan was dead. Pell has covered the council for years."
OFFICE = "EPA’s Office of Inspector General announced in April that they were looking at the chief’s travel."
ACRONYM = "WHO recommends people limit the amount of time “you spend watching the news.”"
SHOW = "Fox’s Sunday Morning Futures reported that the talks had stalled."


def test_a_name_after_an_outlets_possessive_is_a_person(engine: FrozenEngine) -> None:
    assert engine.quote_with(UNTAGGED, "politicians who say so")["speaker"] == "Rich Lowell"
    assert engine.quote_with(ONE_ORG, "the plan was dead")["speaker"] == "Ana Pell"


def test_a_title_after_a_possessive_is_no_person(engine: FrozenEngine) -> None:
    # no first name, no surname the article names anyone by: the show, not a person
    assert engine.quote_with(SHOW, "talks had stalled")["speaker"] == "Fox’s Sunday Morning Futures"


def test_an_agencys_office_keeps_the_agency(engine: FrozenEngine) -> None:
    assert engine.quote_with(OFFICE, "looking at")["speaker"] == "EPA’s Office of Inspector General"


def test_an_acronym_spelled_like_a_pronoun_is_a_name(engine: FrozenEngine) -> None:
    assert engine.quote_with(ACRONYM, "watching the news")["speaker"] == "WHO"
