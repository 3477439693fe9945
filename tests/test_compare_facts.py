"""Which facts conflict: one statement told with values that cannot both be true, nothing else.

On real coverage the earlier rule (same noun or kind anywhere in the two articles, values
disjoint) raised 210 conflicts in 615 stories, nearly all two different statements; these
invented cases pin the rule that replaced it (docs/compare.md, "Facts").
"""

from __future__ import annotations

import pytest

from sayso.compare.facts import compare_facts
from sayso.model import Article


def _statuses(text_a: str, text_b: str) -> dict[tuple[str, str], str]:
    facts = compare_facts([Article(doc="a", text=text_a), Article(doc="b", text=text_b)])
    return {(f.kind, f.key): f.status for f in facts}


def test_one_statement_with_two_counts_conflicts() -> None:
    got = _statuses(
        "About 40,000 vehicles cross the bridge each day, officials said.",
        "Some 52,000 vehicles use the bridge on a typical day.",
    )
    assert got[("count", "vehicle")] == "conflict"


def test_two_statements_counting_one_noun_do_not_conflict() -> None:
    # Same noun, two different things counted: the ferry's riders and the bridge's.
    got = _statuses(
        "The ferry carried 300 people across the river on its first morning in service.",
        "Engineers estimate that 9,000 people walk over the bridge during the summer festival.",
    )
    assert got[("count", "people")] != "conflict"


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("About 10,000 migrants waited by the bridge.", "Some 10,450 migrants waited by the bridge."),
        ("More than 40 states joined the lawsuit.", "In all, 48 states joined the lawsuit."),
        ("At least nine people were killed in the storm.", "At least eight people were killed in the storm."),
    ],
)
def test_counts_that_can_both_be_true_agree(first: str, second: str) -> None:
    got = _statuses(first, second)
    assert all(status != "conflict" for status in got.values()), got


def test_a_value_the_other_outlet_also_gives_is_no_conflict() -> None:
    # The second outlet writes the first one's figure too, with a word between number and noun.
    got = _statuses(
        "Organisers collected 1,626,042 signatures for the recall, the office said.",
        "Organisers collected 1,626,042 valid signatures; the recall needed 1,495,709 signatures.",
    )
    assert got[("count", "signature")] != "conflict"


def test_weekdays_are_mentions_not_alarms() -> None:
    got = _statuses(
        "The council voted on Monday to close the bridge.",
        "The council voted on Tuesday to close the bridge.",
    )
    assert got[("weekday", "monday")] == got[("weekday", "tuesday")] == "single_source"


def test_one_venue_named_two_ways_agrees_and_two_venues_conflict() -> None:
    same = _statuses(
        "The band played at Riverside Memorial Stadium before the storm hit the city.",
        "The band played at Riverside Stadium before the storm hit the city.",
    )
    assert same[("venue", "venue")] != "conflict"
    other = _statuses(
        "The mayor announced the closure at City Hall on Tuesday.",
        "The mayor announced the closure at the Harbor Community Center on Tuesday.",
    )
    assert other[("venue", "venue")] == "conflict"


@pytest.mark.parametrize(
    "text",
    [
        "Tea Party groups complained in early 2012 that they were sent questions.",  # a year
        "In 2012, Manson was denied parole.",  # a number ending a clause
        "The bill adds two separate funds and three other panels.",  # adjectives
        "The tariffs take effect within 15 to 30 days.",  # a range, and a unit of time
        "The No. 3 GOP leader spoke.",  # a name after the number
        "The Sept. 11 attacks changed it.",  # the day of a date
    ],
)
def test_what_is_not_a_count(text: str) -> None:
    assert not [key for kind, key in _statuses(text, "Nothing here.") if kind == "count"]


def _facts_with_entities(text: str, entities: list[tuple[str, str]]) -> dict[tuple[str, str], list[str]]:
    """``kind, key -> values`` of one article compared with an empty one, with named entities."""
    from sayso.model import Entity

    ents = []
    for words, label in entities:
        start = text.rindex(words)  # the last mention: a name may be written in full before
        ents.append(Entity(start, start + len(words), words, label))
    article = Article(doc="a", text=text, entities=tuple(ents))
    facts = compare_facts([article, Article(doc="b", text="Nothing here.")])
    return {(f.kind, f.key): list(f.values_of().get("a", ())) for f in facts}


def test_children_listed_with_ages_are_people_not_places() -> None:
    got = _facts_with_entities(
        "They have three children: Wren, 11; Tobiah, nine; and Pell, two.",
        [("Wren", "GPE"), ("Tobiah", "ORG"), ("Pell", "GPE")],
    )
    assert got[("age", "tobiah")] == ["9"] and got[("age", "pell")] == ["2"]
    assert not [k for k in got if k[0] in ("place", "organisation")]


def test_an_adjective_of_nationality_is_no_organisation_and_a_name_ends_at_a_lowercase_word() -> None:
    got = _facts_with_entities(
        "The Spanish singer met Democrats. Later Ondine Vale mid-show waved.",
        [("Spanish", "NORP"), ("Democrats", "NORP"), ("Ondine Vale mid-show", "PERSON")],
    )
    assert ("organisation", "spanish") not in got and ("organisation", "democrats") in got
    assert got[("person", "vale")] == ["Ondine Vale"]


def test_a_lone_first_name_the_recogniser_calls_a_place_is_that_person() -> None:
    got = _facts_with_entities(
        "Marisol Quent spoke first. Then Marisol thanked the crowd.",
        [("Marisol Quent", "PERSON"), ("Marisol", "GPE")],
    )
    assert not [k for k in got if k[0] == "place"]
    assert got[("person", "quent")] == ["Marisol", "Marisol Quent"]


def test_two_people_who_share_a_surname_have_an_age_each() -> None:
    # QA, nineteenth session: Tom Benson, 19, and Carla Benson, 47, were an age "conflict".
    got = _statuses(
        "Tom Benson, 19, was hurt when the ferry ramp gave way. Carla Benson, 47, saw it.",
        "Carla Benson, 47, said her son Tom Benson, 19, was hurt.",
    )
    assert got[("age", "tom benson")] == got[("age", "carla benson")] == "shared"
    got = _statuses("Tom Benson, 19, was hurt. Carla Benson saw it.", "Carla Benson, 47, saw it.")
    assert "conflict" not in got.values()
    got = _statuses("Mayor Elena Marsh, 52, spoke.", "Elena Marsh, 53, spoke.")
    assert got[("age", "marsh")] == "conflict"


def test_a_date_is_not_counted_again_as_a_number_and_a_lone_surname_is_no_organisation() -> None:
    got = _facts_with_entities(
        "Victor Anand spoke on May 12. Anand said the plan was sound.",
        [("Victor Anand", "PERSON"), ("Anand", "ORG")],
    )
    assert ("number", "12") not in got and ("date", "may 12") in got
    assert ("organisation", "anand") not in got and got[("person", "anand")] == ["Anand", "Victor Anand"]


def test_a_figure_the_other_outlet_writes_in_another_form_is_no_single_source() -> None:
    # QA, nineteenth session: "92,153 votes" beside a bare "92,153" was "only this outlet".
    got = _statuses("She won with 92,153 votes on Tuesday.", "Her tally, 92,153, was a record.")
    assert got[("count", "vote")] == "shared"
    assert got[("number", "92153")] == "shared"
