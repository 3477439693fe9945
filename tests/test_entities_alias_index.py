"""The word index of speaker aliases (``alias_words``, migration 6): the same speakers found as by
scanning every alias, kept in step by every rebuild, filled by the migration for old databases.
Invented articles only, no model."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_entities import art

import sayso.store.db as store_db
from sayso.store import SearchQuery, index_inputs, open_db, search
from sayso.store.aliases import alias_word_rows, entity_select, matching_entities, substring_select
from sayso.store.entities import speaker_entities
from sayso.store.finding import _filters, search_with_total
from sayso.store.queries import speaker_condition
from sayso.store.rebuild import merge_entities, rebuild_entities, split_entity
from sayso.store.schema import LATEST

SPEAKERS = [
    ("Michael Bloomberg", "The plan is paid for."),
    ("Elizabeth Warren", "We start in April."),
    ("Sen. Elizabeth Warren", "The bill passed."),
    ("Mike Bloomberg", "Not my plan."),
    ("Ana Ruiz-Tagle", "The ferries sail again."),
    ("Jean-Luc Okafor", "Every ferry carries bicycles."),
    ("a city spokesman", "No comment."),
]


@pytest.fixture
def conn() -> Iterator[sqlite3.Connection]:
    c = open_db(":memory:")
    index_inputs(
        c,
        [
            art(f"d{i}", [SPEAKERS[i % len(SPEAKERS)], SPEAKERS[(i * 3 + 1) % len(SPEAKERS)]])
            for i in range(14)
        ],
    )
    yield c
    c.close()


def _indexed(conn: sqlite3.Connection) -> set[tuple[str, ...]]:
    return {tuple(r) for r in conn.execute("SELECT kind, word, entity, alias FROM alias_words")}


def _derived(conn: sqlite3.Connection) -> set[tuple[str, ...]]:
    return set(alias_word_rows(conn.execute("SELECT entity, alias, canon FROM entity_aliases")))


def _scan(conn: sqlite3.Connection, name: str) -> list[str]:
    """What a scan of every alias finds: every word inside the alias, or every canonical token a
    whole word of the canonical form (the matching before the index)."""
    from sayso.names import name_tokens
    from sayso.rows import normalise_name
    from sayso.store.resolve import canonical_tokens

    words = normalise_name(name).split()
    canon = canonical_tokens(name_tokens(name))
    found = set()
    for entity, alias, form in conn.execute("SELECT entity, alias, canon FROM entity_aliases"):
        if all(w in alias for w in words) or (canon and all(f" {t} " in form for t in canon)):
            found.add(entity)
    return sorted(found)


def test_the_index_holds_every_word_of_every_alias(conn: sqlite3.Connection) -> None:
    assert _indexed(conn) == _derived(conn) != set()
    kinds = {k for k, *_ in _indexed(conn)}
    assert kinds == {"a", "c"}


@pytest.mark.parametrize(
    "name",
    [
        "warren",
        "Elizabeth Warren",
        "eliz warr",
        "WARREN",
        "Mike Bloomberg",
        "Mr. Bloomberg",
        "michael",
        "bloom",
        "ruiz",
        "ruiz tagle",
        "okafor jean",
        "spokesman",
        "city",
        "nobody",
    ],
)
def test_names_find_what_a_scan_of_every_alias_finds(conn: sqlite3.Connection, name: str) -> None:
    """Whole words and their beginnings, in any order and case, through the index."""
    ids, select = matching_entities(conn, name)
    assert ids == _scan(conn, name)
    assert select is not None
    if ids:
        assert select == entity_select(name)  # found by the index, not the fallback scan


def test_a_part_from_inside_a_word_is_still_found_by_the_scan(conn: sqlite3.Connection) -> None:
    ids, select = matching_entities(conn, "arre")  # inside "warren": no word begins so
    assert ids == _scan(conn, "arre") != []
    assert select == substring_select("arre")
    assert matching_entities(conn, "   ") == ([], None)


def test_search_by_any_alias_finds_the_persons_quotes(conn: sqlite3.Connection) -> None:
    bloomberg = {h["doc"] for h in search(conn, SearchQuery(speaker="Michael Bloomberg", limit=100))}
    assert bloomberg and bloomberg == {
        h["doc"] for h in search(conn, SearchQuery(speaker="Mike Bloomberg", limit=100))
    }
    assert bloomberg == {h["doc"] for h in search(conn, SearchQuery(speaker="Mr. Bloomberg", limit=100))}
    assert speaker_condition(conn, "Nobody Atall") is None


def test_rebuilds_merges_and_splits_keep_the_index_in_step(conn: sqlite3.Connection) -> None:
    merge_entities(conn, "Elizabeth Warren", "Jean-Luc Okafor")
    assert _indexed(conn) == _derived(conn)
    assert speaker_entities(conn, "okafor") == speaker_entities(conn, "warren")
    split_entity(conn, speaker_entities(conn, "warren")[0], "jean luc okafor")
    assert _indexed(conn) == _derived(conn)
    assert speaker_entities(conn, "okafor") != speaker_entities(conn, "warren")
    index_inputs(conn, [art("late", [("Dana Whitlock", "The pier opens at dawn.")])])
    rebuild_entities(conn)
    assert _indexed(conn) == _derived(conn)
    assert speaker_entities(conn, "whitl") != []


def test_a_version_5_database_gets_the_index_from_its_aliases(tmp_path: Path) -> None:
    path = tmp_path / "v5.db"
    old = open_db(path)
    index_inputs(old, [art("o1", [("Elizabeth Warren", "We start in April.")]), art("o2", SPEAKERS[:4])])
    rebuild_entities(old)
    # Back to version 5: its entities and aliases, no word index.
    old.executescript("DROP TABLE alias_words; DELETE FROM schema_version WHERE version > 5;")
    old.close()
    conn = open_db(path)
    assert store_db.schema_version(conn) == LATEST
    assert _indexed(conn) == _derived(conn) != set()  # the SQL split agrees with the Python one
    assert speaker_entities(conn, "warr") == _scan(conn, "warr") != []
    conn.close()


def test_a_speaker_page_is_the_same_by_either_plan(conn: sqlite3.Connection) -> None:
    """A speaker quoted often is found by walking articles newest first, a rare one by reading
    their quotes: both give the same page, in the same order, at every offset."""
    index_inputs(
        conn,
        [
            art(f"w{i}", [("Elizabeth Warren", f"Point number {i}.")], published=f"2024-04-{i + 1:02d}")
            for i in range(25)
        ],
    )
    everything = search(conn, SearchQuery(speaker="warren", limit=500))
    plans = set()
    for offset, limit in ((0, 3), (2, 5), (10, 20), (30, 10)):
        query = SearchQuery(speaker="warren", limit=limit, offset=offset)
        page, _ = search_with_total(conn, query, count=False)
        counted, total = search_with_total(conn, query)
        assert page == counted == everything[offset : offset + limit]
        assert total == len(everything)
        plans.add(_filters(conn, query).walk is not None)  # type: ignore[union-attr]
    assert plans == {True, False}  # both plans were taken
    published = [h["published"] for h in everything]
    assert published == sorted(published, reverse=True)
