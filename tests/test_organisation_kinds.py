"""An organisation called by its kind after it was named: "the group", "the committee".

Raw attributions are written by hand on frozen parses, as in ``test_speakers.py``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenParses
from test_speakers import raw, run


@pytest.fixture(scope="module")
def parses() -> Iterator[FrozenParses]:
    frozen = FrozenParses("organisation_kinds")
    yield frozen
    frozen.save()  # only in record mode


def test_the_group_after_an_organisation_spoke_is_that_organisation(parses: FrozenParses) -> None:
    # Pronoun check of real news: "the group" after a named organisation's statement was a
    # speaker of its own, so one organisation showed as two.
    text = (
        "The Harbor Trust said on Monday that it would sue the port authority.\n\n"
        "\u201cWe will not back down,\u201d the group said."
    )
    quotes, speakers = run(
        parses,
        text,
        [
            raw(text, "it would sue the port authority", "The Harbor Trust", kind="indirect"),
            raw(text, "We will not back down,", "the group"),
        ],
    )
    assert [q.speaker for q in quotes] == ["Harbor Trust", "Harbor Trust"]
    assert [s.name for s in speakers] == ["Harbor Trust"]


def test_the_committee_is_the_committee_named_before(parses: FrozenParses) -> None:
    text = (
        "Witnesses spoke for hours before the Senate Ethics Committee on Tuesday.\n\n"
        "In its report, the committee said the rules had been broken."
    )
    quotes, _ = run(parses, text, [raw(text, "the rules had been broken", "the committee", kind="indirect")])
    assert quotes[0].speaker == "Senate Ethics Committee"


def test_a_kind_with_its_own_modifier_is_not_the_last_organisation(parses: FrozenParses) -> None:
    # "The Harbor Trust said ... the Dutch government said": another body, not the trust.
    text = (
        "The Harbor Trust said on Monday that it would sue the port authority.\n\n"
        "The Dutch government said the port would stay open."
    )
    quotes, _ = run(
        parses,
        text,
        [
            raw(text, "it would sue the port authority", "The Harbor Trust", kind="indirect"),
            raw(text, "the port would stay open", "The Dutch government", kind="indirect"),
        ],
    )
    assert quotes[1].speaker == "the Dutch government"


def test_it_is_the_organisation_the_sentence_before_was_about(parses: FrozenParses) -> None:
    # "The Justice Department acknowledged this ... when it revealed that ...": an "it" whose
    # organisation had not spoken yet had no speaker.
    text = (
        "The Harbor Trust filed its papers in court on Monday.\n\n"
        "It said the port had broken the law for years."
    )
    quotes, _ = run(parses, text, [raw(text, "the port had broken the law for years", "It", kind="indirect")])
    assert quotes[0].speaker == "Harbor Trust"
    # Not a plural group: "Republicans voted ... It says" is about something else.
    text = "Republicans voted against the plan on Monday.\n\nIt says the port had broken the law."
    quotes, _ = run(parses, text, [raw(text, "the port had broken the law", "It", kind="indirect")])
    assert quotes[0].speaker is None


def test_the_kind_may_stand_anywhere_in_the_name(parses: FrozenParses) -> None:
    text = (
        "Students marched at the University of Lyle on Monday, and police closed two roads.\n\n"
        "In a statement, the university said the campus would stay open."
    )
    quotes, _ = run(
        parses, text, [raw(text, "the campus would stay open", "the university", kind="indirect")]
    )
    assert quotes[0].speaker == "University of Lyle"


def test_the_paper_is_the_newspaper_named_before(parses: FrozenParses) -> None:
    # QA read of real news: five editorials of a newspaper named in the lead went to "the paper".
    text = (
        "Mayor Ana Ruiz won the endorsement of the Portland Herald on Sunday.\n\n"
        "In its editorial, the paper said she had kept the buses running."
    )
    quotes, _ = run(parses, text, [raw(text, "she had kept the buses running", "the paper", kind="indirect")])
    assert quotes[0].speaker == "Portland Herald"


def test_a_group_keeps_whose_it_is(parses: FrozenParses) -> None:
    # QA read, twenty-second session: "Trump's lawyers ask the court" and "Trump's legal team
    # complain" were shown as "lawyers" and "legal team", nobody's.
    text = (
        "In the suit on Monday, Mayor Vale\u2019s lawyers argue that the order was unlawful.\n\n"
        "Mayor Vale's lawyers said the city would appeal."
    )
    quotes, _ = run(
        parses, text, [raw(text, "the order was unlawful", "Mayor Vale\u2019s lawyers", kind="indirect")]
    )
    assert quotes[0].speaker == "Mayor Vale\u2019s lawyers"
    quotes, _ = run(
        parses, text, [raw(text, "the city would appeal", "Mayor Vale's lawyers", kind="indirect")]
    )
    assert (quotes[0].speaker or "").replace("\u2019", "'") == "Mayor Vale's lawyers"  # one group


def test_an_earlier_bare_kind_is_still_the_organisation_named_before_it(parses: FrozenParses) -> None:
    # QA read, twenty-second session: "the department" spoke after "the Justice Department" was
    # named, but an earlier bare "the department" of the narration became a speaker of its own.
    text = (
        "Late last year, the senator issued a subpoena, and the Interior Department later found "
        "more than 9,000 pages of records.\n\n"
        "However, the department has turned over about 700 pages.\n\n"
        "In a letter, the department insisted: \u201cWe have given the committee what the law asks.\u201d"
    )
    quotes, speakers = run(
        parses, text, [raw(text, "We have given the committee what the law asks.", "the department")]
    )
    assert quotes[0].speaker == "Interior Department"
    assert [s.name for s in speakers] == ["Interior Department"]


def test_the_department_after_a_country_spoke_is_not_the_country(parses: FrozenParses) -> None:
    # Real coverage: "Iran has agreed to ..." (a cue of Iran's), then '“...,” the department
    # said' of the State Department whose fact sheet the article quoted; "the department" was
    # shown as Iran's.
    text = (
        "According to a State Department fact sheet, the plant will close.\n\n"
        "Norway has agreed to use only its oldest machines for 10 years.\n\n"
        "At the same time, Norway will allow \u201cregular access to all of its sites,\u201d "
        "the department said."
    )
    quotes, _ = run(
        parses,
        text,
        [
            raw(text, "to use only its oldest machines for 10 years", "Norway", kind="indirect"),
            raw(text, "regular access to all of its sites,", "the department", kind="mixed"),
        ],
    )
    assert quotes[0].speaker == "Norway"
    assert quotes[1].speaker == "the department"  # (the fact sheet is no attribution here)


def test_a_federation_named_before_is_the_federation(parses: FrozenParses) -> None:
    # QA read of real news (thirty-third session): "the federation" after a soccer federation
    # was named had no speaker; "federation" was no kind of organisation.
    text = (
        "The Coastal Rowing Federation repealed its rule on Wednesday. "
        "The federation said that rowers could now compete in either class."
    )
    said = raw(text, "that rowers could now compete", "The federation", kind="indirect")
    quotes, _ = run(parses, text, [said])
    assert [q.speaker for q in quotes] == ["Coastal Rowing Federation"]


def test_a_statement_after_an_organisation_acted_is_its_own(parses: FrozenParses) -> None:
    # QA read of real news (thirty-third session): "a Wednesday statement" right after the
    # federation voted was a speaker of its own, "the statement" after it another.
    text = (
        "The Coastal Rowing Federation voted to reverse the rule on Wednesday. "
        "\u201cWe support our rowers,\u201d a Wednesday statement said. "
        "\u201cWe will do more,\u201d the statement said."
    )
    quotes, speakers = run(
        parses,
        text,
        [
            raw(text, "We support our rowers,", "a Wednesday statement"),
            raw(text, "We will do more,", "the statement"),
        ],
    )
    assert [q.speaker for q in quotes] == ["Coastal Rowing Federation", "Coastal Rowing Federation"]
    assert [s.name for s in speakers] == ["Coastal Rowing Federation"]
