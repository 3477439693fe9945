"""The quote database without the model: storage, idempotence, search, errors, export."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_store_helpers import quoted_article

from sayso.errors import DatabaseError, NotFoundError, UsageError
from sayso.model import Article, Failure, Quote, Span, Speaker
from sayso.store import SearchQuery, finding, index_inputs, open_db, read_article, search, show_article
from sayso.store.db import schema_version, transaction
from sayso.store.export import export
from sayso.store.index import IndexStats, write_batch
from sayso.store.queries import fts_query, list_speakers, list_stories, speaker_norms
from sayso.store.records import normalise_name
from sayso.store.schema import LATEST


@pytest.fixture
def conn() -> sqlite3.Connection:
    c = open_db(":memory:")
    yield c
    c.close()


def _ids(hits: list[dict]) -> list[tuple[str, str]]:
    return [(h["doc"], h["quote_id"]) for h in hits]


def _corpus() -> list[Article]:
    return [
        quoted_article(
            "gazette-1",
            [
                ("Ana Ruiz", "We will rebuild the bridge by May."),
                ("José Ortíz", "Taxes will not rise this year."),
            ],
            outlet="Harbor Gazette",
            published="2024-03-05",
        ),
        quoted_article(
            "times-1",
            [("Mayor Ana Ruiz", "The bridges are unsafe and must close.")],
            outlet="Valley Times",
            published="2024-03-07T09:30:00",
        ),
        quoted_article(
            "post-1",
            [("Li Wei", "Ferry tickets will cost less from June.")],
            outlet="Coastal Post",
            published="2024-04-01",
        ),
    ]


# --- schema and opening ---------------------------------------------------------------------
def test_new_file_is_migrated_to_latest(tmp_path: Path) -> None:
    path = tmp_path / "q.db"
    conn = open_db(path)
    assert schema_version(conn) == LATEST
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()
    # Reopening applies nothing twice.
    conn = open_db(path)
    assert [r[0] for r in conn.execute("SELECT version FROM schema_version")] == list(range(1, LATEST + 1))
    conn.close()


def test_empty_existing_file_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "empty.db"
    path.touch()
    conn = open_db(path)
    assert schema_version(conn) == LATEST
    conn.close()


def test_early_version_1_layout_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "early.db"
    conn = open_db(path)
    index_inputs(conn, _corpus())
    conn.close()
    # Turn it into a database of the first development days: version 1, text inside articles.
    raw = sqlite3.connect(path)
    raw.executescript(
        """
        DELETE FROM schema_version WHERE version > 1;
        DROP TRIGGER quotes_speaker_name;
        DROP TABLE speaker_names;
        ALTER TABLE articles ADD COLUMN text TEXT NOT NULL DEFAULT '';
        UPDATE articles SET text = (SELECT text FROM article_texts WHERE article_id = articles.id);
        DROP TABLE article_texts;
        """
    )
    raw.close()
    conn = open_db(path)
    assert schema_version(conn) == LATEST
    for article in _corpus():
        assert read_article(conn, article.doc) == article
    assert _ids(search(conn, SearchQuery(speaker="ortiz"))) == [("gazette-1", "q2")]
    conn.close()


def test_garbage_file_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    path.write_bytes(b"these are my notes, not a database\n" * 50)
    before = path.read_bytes()
    with pytest.raises(DatabaseError) as info:
        open_db(path)
    assert info.value.code == "E302"
    assert "not a SQLite database" in str(info.value)
    assert path.read_bytes() == before
    assert not (tmp_path / "notes.db-wal").exists()


def test_corrupt_sqlite_file_is_a_database_error(tmp_path: Path) -> None:
    path = tmp_path / "broken.db"
    conn = open_db(path)
    index_inputs(conn, _corpus())
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    data = bytearray(path.read_bytes())
    data[100:4096] = b"\xff" * (4096 - 100)  # wreck the schema page but keep the header
    path.write_bytes(bytes(data))
    with pytest.raises(DatabaseError) as info:
        conn = open_db(path)
        search(conn, SearchQuery(text="bridge"))
    assert info.value.code == "E302"


def test_foreign_sqlite_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    other = sqlite3.connect(path)
    other.execute("CREATE TABLE invoices (id INTEGER, total REAL)")
    other.commit()
    other.close()
    with pytest.raises(DatabaseError, match="not a sayso database"):
        open_db(path)


def test_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    open_db(path).close()
    raw = sqlite3.connect(path)
    raw.execute("INSERT INTO schema_version VALUES (?, 'later')", (LATEST + 1,))
    raw.commit()
    raw.close()
    with pytest.raises(DatabaseError, match="newer"):
        open_db(path)


def test_missing_file_for_readers(tmp_path: Path) -> None:
    with pytest.raises(DatabaseError, match="no database"):
        open_db(tmp_path / "nope.db", create=False)
    assert not (tmp_path / "nope.db").exists()


# --- writing --------------------------------------------------------------------------------
def test_round_trip_of_hand_made_articles(conn: sqlite3.Connection) -> None:
    articles = _corpus()
    stats = index_inputs(conn, articles)
    assert (stats.new, stats.unchanged, stats.replaced, stats.failed) == (3, 0, 0, 0)
    assert stats.quotes_added == 4
    for article in articles:
        assert read_article(conn, article.doc) == article


def _with_entities(article: Article) -> Article:
    from dataclasses import replace

    from sayso.model import Entity

    start = article.text.index("council")
    return replace(
        article, entities=(Entity(start, start + 7, "council", "ORG"), Entity(0, 3, article.text[:3], "X"))
    )


def test_named_entities_survive_the_database(conn: sqlite3.Connection) -> None:
    """The stored article is the whole frozen article: a comparison from the database gets the
    same facts as one straight after extraction."""
    articles = [_with_entities(a) for a in _corpus()]
    index_inputs(conn, articles)
    for article in articles:
        assert read_article(conn, article.doc) == article


def test_a_version_2_database_gains_entities_and_keeps_its_articles(tmp_path: Path) -> None:
    path = tmp_path / "v2.db"
    conn = open_db(path)
    index_inputs(conn, _corpus())
    conn.close()
    raw = sqlite3.connect(path)
    raw.executescript(
        "ALTER TABLE article_texts DROP COLUMN entities; DELETE FROM schema_version WHERE version > 2;"
    )
    raw.close()
    conn = open_db(path)
    assert schema_version(conn) == LATEST
    for article in _corpus():
        assert read_article(conn, article.doc) == article  # no entities were stored: none come back
    conn.close()


def test_indexing_twice_changes_nothing(conn: sqlite3.Connection) -> None:
    index_inputs(conn, _corpus())
    before = conn.execute("SELECT * FROM quotes ORDER BY id").fetchall()
    stats = index_inputs(conn, _corpus())
    assert (stats.new, stats.unchanged, stats.replaced, stats.quotes_added) == (0, 3, 0, 0)
    assert conn.execute("SELECT * FROM quotes ORDER BY id").fetchall() == before


def test_changed_text_replaces_old_version(conn: sqlite3.Connection) -> None:
    index_inputs(conn, _corpus())
    said = [("Li Wei", "The harbor will reopen in July.")]
    changed = quoted_article("times-1", said, outlet="Valley Times")
    stats = index_inputs(conn, [changed])
    assert (stats.new, stats.replaced, stats.unchanged) == (0, 1, 0)
    assert read_article(conn, "times-1") == changed
    assert search(conn, SearchQuery(text="unsafe")) == []  # the old quote left the full-text index
    assert _ids(search(conn, SearchQuery(text="harbor reopen"))) == [("times-1", "q1")]
    assert conn.execute("SELECT COUNT(*) FROM articles").fetchone()[0] == 3
    orphans = conn.execute("SELECT COUNT(*) FROM mentions WHERE speaker_row NOT IN (SELECT id FROM speakers)")
    assert orphans.fetchone()[0] == 0


def test_failures_are_counted_and_reported(conn: sqlite3.Connection) -> None:
    seen: list[Failure] = []
    bad = Failure("broken", "E104", "not JSON", "news.jsonl:3")
    stats = index_inputs(conn, [_corpus()[0], bad], on_failure=seen.append)
    assert stats.failed == 1 and seen == [bad] and stats.new == 1


def test_batch_is_all_or_nothing(conn: sqlite3.Connection) -> None:
    good, other, _ = _corpus()
    bad_quote = Quote(id="q1", kind="direct", content="x", content_spans=(Span(0, 1, "T"),))
    # Same quote id twice violates UNIQUE(article_id, quote_id): the whole batch must roll back.
    broken = Article(doc="dup", text="T", quotes=(bad_quote, bad_quote))
    with pytest.raises(DatabaseError):
        write_batch(conn, [good, broken], IndexStats())
    assert conn.execute("SELECT COUNT(*) FROM articles").fetchone()[0] == 0
    # The connection is still usable and a re-run of the good part completes.
    stats = IndexStats()
    write_batch(conn, [good, other], stats)
    assert stats.new == 2


def test_full_disk_rolls_back_and_database_stays_usable(tmp_path: Path) -> None:
    conn = open_db(tmp_path / "small.db")
    index_inputs(conn, _corpus()[:1])
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages + 2}")  # the "disk" is now nearly full
    huge = quoted_article("huge", [("Ana Ruiz", "word " * 200_000)])
    with pytest.raises(DatabaseError) as info:
        index_inputs(conn, [huge])
    assert "full" in str(info.value) and info.value.code == "E302"
    assert read_article(conn, "huge") is None
    assert read_article(conn, "gazette-1") == _corpus()[0]
    conn.execute("PRAGMA max_page_count = 1000000")
    assert index_inputs(conn, [huge]).new == 1
    conn.close()


def test_reader_sees_last_commit_while_writer_holds_the_lock(tmp_path: Path) -> None:
    path = tmp_path / "wal.db"
    writer = open_db(path)
    index_inputs(writer, _corpus()[:1])
    reader = open_db(path, create=False)
    with transaction(writer):
        write_batch(writer, _corpus()[1:], IndexStats())
        # Mid-transaction: the reader is not blocked and sees only committed rows.
        assert {h["doc"] for h in search(reader, SearchQuery(limit=50))} == {"gazette-1"}
    assert {h["doc"] for h in search(reader, SearchQuery(limit=50))} == {"gazette-1", "times-1", "post-1"}
    reader.close()
    writer.close()


# --- search ---------------------------------------------------------------------------------
@pytest.fixture
def filled(conn: sqlite3.Connection) -> sqlite3.Connection:
    index_inputs(conn, _corpus())
    return conn


def test_text_search_is_stemmed_and_ranked(filled: sqlite3.Connection) -> None:
    hits = search(filled, SearchQuery(text="bridge"))
    assert {h["doc"] for h in hits} == {"gazette-1", "times-1"}  # "bridges" matches "bridge"
    assert search(filled, SearchQuery(text="bridge unsafe"))[0]["doc"] == "times-1"
    assert set(hits[0]) == {
        "doc",
        "quote_id",
        "kind",
        "content",
        "content_spans",
        "speaker",
        "confidence",
        "outlet",
        "published",
        "story",
        "relation",
        "other_outlets",
    }


def test_speaker_filter_tolerates_case_accents_parts_and_typos(filled: sqlite3.Connection) -> None:
    assert {h["doc"] for h in search(filled, SearchQuery(speaker="ruiz"))} == {"gazette-1", "times-1"}
    assert _ids(search(filled, SearchQuery(speaker="jose ortiz"))) == [("gazette-1", "q2")]
    assert _ids(search(filled, SearchQuery(speaker="JOSÉ"))) == [("gazette-1", "q2")]
    assert _ids(search(filled, SearchQuery(speaker="Li Wie"))) == [("post-1", "q1")]
    assert search(filled, SearchQuery(speaker="Bartholomew Quince")) == []


def test_outlet_date_story_filters(filled: sqlite3.Connection) -> None:
    assert _ids(search(filled, SearchQuery(outlet="valley"))) == [("times-1", "q1")]
    assert {h["doc"] for h in search(filled, SearchQuery(since="2024-03-06"))} == {"times-1", "post-1"}
    # --until is inclusive of the whole day, also for a date-time.
    assert {h["doc"] for h in search(filled, SearchQuery(until="2024-03-07"))} == {"gazette-1", "times-1"}
    hits = search(filled, SearchQuery(text="bridge", since="2024-03-06", until="2024-03-31"))
    assert [h["doc"] for h in hits] == ["times-1"]

    # Eighteenth session: bounds were compared as text, so a date-time bound missed a stored
    # date of its own day, "20240307" (ISO's basic form) found nothing, and 9999-12-31 overflowed.
    def docs(**bounds: str) -> set[str]:
        return {h["doc"] for h in search(filled, SearchQuery(**bounds))}

    assert docs(since="2024-03-07T00:00:00") == {"times-1", "post-1"}
    assert docs(until="2024-03-05T23:59:59-05:00") == {"gazette-1"}
    assert docs(since="20240307", until="20240307") == {"times-1"}
    assert len(search(filled, SearchQuery(until="9999-12-31"))) == 4  # every quote
    # A value an older sayso stored as given is no date, and passes no bound.
    filled.execute("UPDATE articles SET published = 'not a date' WHERE doc = 'post-1'")
    assert "post-1" not in {h["doc"] for h in search(filled, SearchQuery(since="2030-01-01"))}
    assert "post-1" not in {h["doc"] for h in search(filled, SearchQuery(until="2000-01-01"))}
    assert "post-1" not in {h["doc"] for h in search(filled, SearchQuery(since="2000-01-01"))}
    filled.execute("UPDATE articles SET story = 'st-1' WHERE doc = 'post-1'")
    assert _ids(search(filled, SearchQuery(story="st-1"))) == [("post-1", "q1")]


def test_like_wildcards_in_filters_are_literal(conn: sqlite3.Connection) -> None:
    """``%`` and ``_`` typed by a user are characters to find, not LIKE wildcards matching all."""
    odd = [
        quoted_article("pct-1", [("Ana Ruiz", "Fares rise by ten percent.")], outlet="100% Local"),
        quoted_article("und-1", [("lee_ward", "The pier opens at dawn.")], outlet="Back\\slash News"),
    ]
    index_inputs(conn, [*_corpus(), *odd])
    assert _ids(search(conn, SearchQuery(outlet="%"))) == [("pct-1", "q1")]
    assert _ids(search(conn, SearchQuery(outlet="0% l"))) == [("pct-1", "q1")]
    assert search(conn, SearchQuery(outlet="_")) == []
    assert _ids(search(conn, SearchQuery(outlet="\\"))) == [("und-1", "q1")]
    assert _ids(search(conn, SearchQuery(speaker="_"))) == [("und-1", "q1")]
    assert [r["speaker"] for r in list_speakers(conn, name="_")] == ["lee_ward"]
    assert speaker_norms(conn, "e_w") == ["lee_ward"] and speaker_norms(conn, "a_r") == []


def test_search_without_text_is_newest_first_and_limited(filled: sqlite3.Connection) -> None:
    hits = search(filled, SearchQuery(limit=2))
    assert [h["doc"] for h in hits] == ["post-1", "times-1"]
    with pytest.raises(UsageError):
        search(filled, SearchQuery(limit=0))
    with pytest.raises(UsageError, match="since expects a date"):
        search(filled, SearchQuery(since="last tuesday"))


def test_common_words_are_ranked_among_the_newest_matches(
    conn: sqlite3.Connection, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sayso.store.queries as queries

    said = [("Ana Ruiz", f"The bridge needs {n} new beams.") for n in range(5)]
    index_inputs(conn, [quoted_article("many", said)])
    assert len(search(conn, SearchQuery(text="bridge beams"))) == 5
    monkeypatch.setattr(queries, "RANK_WINDOW", 2)
    # The window (the newest matches, ranked) comes first; the older matches follow, newest first,
    # so paging reaches every match once.
    hits = [h["quote_id"] for h in search(conn, SearchQuery(text="bridge beams"))]
    assert sorted(hits[:2]) == ["q4", "q5"] and hits[2:] == ["q3", "q2", "q1"]
    assert [h["quote_id"] for h in search(conn, SearchQuery(text="bridge beams", limit=2, offset=2))] == [
        "q3",
        "q2",
    ]
    # Filters apply before the window: the window holds the newest matches that pass them.
    hits = [h["quote_id"] for h in search(conn, SearchQuery(text="beams", speaker="ruiz", outlet="harbor"))]
    assert sorted(hits[:2]) == ["q4", "q5"] and len(hits) == 5


@given(st.text(max_size=40))
@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_any_user_text_is_a_valid_fts_query(text: str) -> None:
    conn = open_db(":memory:")
    index_inputs(conn, _corpus()[:1])
    search(conn, SearchQuery(text=text))  # must never raise an FTS5 syntax error
    conn.close()


def test_fts_query_keeps_phrases_and_prefixes() -> None:
    assert fts_query('"tax cuts" econom* OR -x') == '"tax cuts" "econom"* "OR" "x"'
    assert fts_query("  ---  ") is None


def test_normalise_name() -> None:
    assert normalise_name("  Ms. José   ORTÍZ-Vega ") == "ms jose ortiz vega"
    assert normalise_name(None) == ""


def test_speakers_listing(filled: sqlite3.Connection) -> None:
    rows = list_speakers(filled)
    by_name = {r["speaker"]: r for r in rows}
    assert by_name["Ana Ruiz"]["quotes"] == 2  # "Mayor Ana Ruiz" is the same speaker entity
    assert rows[0]["quotes"] >= rows[-1]["quotes"]
    assert [r["speaker"] for r in list_speakers(filled, name="ortiz")] == ["José Ortíz"]
    assert speaker_norms(filled, "") == []


def test_show_and_not_found(filled: sqlite3.Connection) -> None:
    shown = show_article(filled, "post-1", with_text=True)
    assert shown["quotes"][0]["content"] == "Ferry tickets will cost less from June."
    assert shown["text"].startswith("The city council")
    assert {"relation", "other_outlets", "group_id"} <= set(shown["quotes"][0])
    with pytest.raises(NotFoundError):
        show_article(filled, "nope")


def _story_corpus() -> list[Article]:
    shared = "We will rebuild the old harbor bridge by May, whatever it costs."
    return [
        quoted_article(
            "g", [("Ana Ruiz", shared), ("José Ortíz", "Taxes will not rise.")], published="2024-03-05"
        ),
        quoted_article("v", [("Ana Ruiz", shared)], outlet="Times, The", published="2024-03-06"),
        quoted_article(
            "c",
            [("Li Wei", "Ferry tickets will cost less from June.")],
            outlet="Coastal Post",
            title="Ferry fares cut for islanders",
            lead="The ferry company announced cheaper summer fares for islanders on Monday.",
        ),
    ]


def test_stories_and_cross_outlet_relations(conn: sqlite3.Connection, tmp_path: Path) -> None:
    stats = index_inputs(conn, _story_corpus())
    assert stats.stories_refreshed == 2
    hits = {(h["doc"], h["quote_id"]): h for h in search(conn, SearchQuery(limit=10))}
    assert hits[("g", "q1")]["story"] == hits[("v", "q1")]["story"] != hits[("c", "q1")]["story"]
    for key in (("g", "q1"), ("v", "q1")):
        assert (hits[key]["relation"], hits[key]["other_outlets"]) == ("verbatim", 1)
    for key in (("g", "q2"), ("c", "q1")):
        assert (hits[key]["relation"], hits[key]["other_outlets"]) == ("single_source", 0)
    assert conn.execute("SELECT COUNT(*) FROM stories WHERE dirty = 1").fetchone()[0] == 0

    stories = list_stories(conn)
    assert [(s["docs"], s["outlets"]) for s in stories] == [
        (2, ["Harbor Gazette", "Times, The"]),
        (1, ["Coastal Post"]),
    ]
    assert stories[0]["story"] == hits[("g", "q1")]["story"]
    assert (stories[0]["first_published"], stories[0]["last_published"]) == ("2024-03-05", "2024-03-06")
    assert _ids(search(conn, SearchQuery(story=stories[1]["story"]))) == [("c", "q1")]

    # A later run joins a new article to the stored story (the story index is seeded from the db).
    late = quoted_article(
        "p", [("Ana Ruiz", "We will rebuild the old harbor bridge by May.")], outlet="Port Daily"
    )
    index_inputs(conn, [late])
    assert search(conn, SearchQuery(speaker="ruiz", outlet="port daily"))[0]["story"] == stories[0]["story"]
    assert list_stories(conn)[0]["docs"] == 3

    path = tmp_path / "s.db"
    open_db(path).close()
    assert list_stories(path) == []  # a path works too


def test_each_quote_stores_its_own_relation_to_the_group(conn: sqlite3.Connection) -> None:
    """QA, nineteenth session: every quote got its group's relation, so the outlet that quoted the
    words whole was stored as 'partial' and `--relation paraphrase` could match nothing. Each
    quote now stores its own against the group's reference (the fullest rendering)."""
    full = "We will rebuild the old harbor bridge by May, whatever it costs."
    cut = "We will rebuild the old harbor bridge by May,"
    index_inputs(
        conn,
        [
            quoted_article("g", [("Ana Ruiz", full)], published="2024-03-05"),
            quoted_article("v", [("Ana Ruiz", cut)], outlet="Times, The", published="2024-03-06"),
        ],
    )
    hits = {h["doc"]: h for h in search(conn, SearchQuery(limit=10))}
    assert (hits["g"]["relation"], hits["v"]["relation"]) == ("verbatim", "partial")
    assert [h["doc"] for h in search(conn, SearchQuery(relation="partial"))] == ["v"]


def test_story_too_large_for_compare_gets_same_words_matching(
    conn: sqlite3.Connection, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sayso.store.stories as stories

    monkeypatch.setattr(stories, "MAX_COMPARE_ARTICLES", 1)
    monkeypatch.setattr(stories, "_compare_function", lambda: pytest.fail)  # must not be called
    index_inputs(conn, _story_corpus())
    hits = {(h["doc"], h["quote_id"]): h for h in search(conn, SearchQuery(limit=10))}
    assert (hits[("g", "q1")]["relation"], hits[("g", "q1")]["other_outlets"]) == ("verbatim", 1)
    assert (hits[("g", "q2")]["relation"], hits[("g", "q2")]["other_outlets"]) == ("single_source", 0)


def test_seeded_story_index_is_reused_only_while_the_db_is_unchanged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sayso.store.stories as stories

    seeded: list[int] = []
    real = stories._grouping_views
    monkeypatch.setattr(stories, "_grouping_views", lambda conn: seeded.append(1) or real(conn))
    first, second, third = _story_corpus()
    conn = open_db(tmp_path / "cache.db")
    index_inputs(conn, [first])
    index_inputs(conn, [second])  # same process, nothing else wrote: no re-seeding
    assert len(seeded) == 1
    other = sqlite3.connect(tmp_path / "cache.db")  # another process rewrites an article
    other.execute("UPDATE articles SET indexed_at = '2099-01-01T00:00:00Z' WHERE doc = 'g'")
    other.commit()
    other.close()
    index_inputs(conn, [third])
    assert len(seeded) == 2  # the cached index was stale and was rebuilt
    hits = {h["doc"]: h["story"] for h in search(conn, SearchQuery(limit=10))}
    assert hits["g"] == hits["v"] != hits["c"]
    conn.close()


# --- export ---------------------------------------------------------------------------------
def test_export_jsonl_and_csv_parse_back(filled: sqlite3.Connection) -> None:
    out = io.StringIO()
    assert export(filled, "jsonl", out=out) == 4
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    assert {(r["doc"], r["quote_id"]) for r in rows} == {
        ("gazette-1", "q1"),
        ("gazette-1", "q2"),
        ("times-1", "q1"),
        ("post-1", "q1"),
    }
    first = rows[0]
    article = read_article(filled, first["doc"])
    assert article is not None
    a, b = first["content_spans"][0]
    assert article.text[a:b] == first["content"]
    assert first["cue"] == "said" and first["source"] == article.quotes[0].speaker

    out = io.StringIO()
    export(filled, "csv", out=out)
    parsed = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert [(r["doc"], r["content"]) for r in parsed] == [(r["doc"], r["content"]) for r in rows]
    assert json.loads(parsed[0]["content_spans"]) == first["content_spans"]


def test_export_parquet_parses_back(filled: sqlite3.Connection, tmp_path: Path) -> None:
    import pyarrow.parquet as pq

    path = tmp_path / "quotes.parquet"
    assert export(filled, "parquet", path=path) == 4
    table = pq.read_table(path).to_pylist()
    assert sorted(r["content"] for r in table) == sorted(q.content for a in _corpus() for q in a.quotes)
    assert not list(tmp_path.glob("*.part"))
    with pytest.raises(UsageError):
        export(filled, "parquet")


# --- Hypothesis round trip ------------------------------------------------------------------
_words = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=30)


@st.composite
def articles(draw: st.DrawFn) -> Article:
    text = draw(st.text(min_size=1, max_size=200))
    n = len(text)

    def span() -> Span:
        a = draw(st.integers(0, n))
        b = draw(st.integers(a, n))
        return Span.of(text, a, b)

    speakers = tuple(
        Speaker(
            id=f"s{i}",
            name=draw(_words),
            kind=draw(st.sampled_from(["person", "group", "anonymous"])),
            mentions=tuple(span() for _ in range(draw(st.integers(0, 3)))),
        )
        for i in range(draw(st.integers(0, 3)))
    )
    quotes = tuple(
        Quote(
            id=f"q{i}",
            kind=draw(st.sampled_from(["direct", "indirect", "mixed"])),
            content=draw(_words),
            content_spans=tuple(span() for _ in range(draw(st.integers(1, 3)))),
            cue=draw(st.none() | st.builds(span)),
            source=draw(st.none() | st.builds(span)),
            speaker=draw(st.none() | _words),
            speaker_id=draw(st.none() | st.sampled_from([s.id for s in speakers] or ["s0"])),
            confidence=draw(st.floats(0, 1)),
        )
        for i in range(draw(st.integers(0, 4)))
    )
    optional = st.none() | _words
    return Article(
        doc=draw(_words),
        text=text,
        title=draw(optional),
        outlet=draw(optional),
        published=draw(optional),
        url=draw(optional),
        quotes=quotes,
        speakers=speakers,
        warnings=tuple(draw(st.lists(_words, max_size=2))),
    )


@given(articles())
@settings(max_examples=120, deadline=None)
def test_hypothesis_store_round_trip(article: Article) -> None:
    conn = open_db(":memory:")
    stats = index_inputs(conn, [article])
    assert stats.new == 1
    assert read_article(conn, article.doc) == article
    assert index_inputs(conn, [article]).unchanged == 1
    conn.close()


# --- crash safety ---------------------------------------------------------------------------
_SLOW_INDEXER = """
import sys, time
sys.path.insert(0, sys.argv[2])
from test_store_helpers import quoted_article
from sayso.store import index_inputs, open_db

def articles():
    for i in range(400):
        time.sleep(0.01)
        yield quoted_article(f"doc-{i}", [("Ana Ruiz", f"Repairs cost {i} million.")])

conn = open_db(sys.argv[1])
index_inputs(conn, articles(), batch_size=10, on_progress=lambda s: print(s.new, flush=True))
"""


@pytest.mark.slow
def test_kill_9_loses_at_most_the_batch_in_flight(tmp_path: Path) -> None:
    import signal
    import subprocess
    import sys

    db = tmp_path / "crash.db"
    tests_dir = str(Path(__file__).parent)
    proc = subprocess.Popen(
        [sys.executable, "-c", _SLOW_INDEXER, str(db), tests_dir], stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None
    for line in proc.stdout:  # wait until a few batches are committed, then pull the plug
        if int(line) >= 30:
            break
    proc.send_signal(signal.SIGKILL)
    proc.wait()

    conn = open_db(db)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    stored = conn.execute("SELECT COUNT(*) FROM articles").fetchone()[0]
    assert stored >= 30 and stored % 10 == 0  # whole batches only
    assert conn.execute("SELECT COUNT(*) FROM quotes").fetchone()[0] == stored
    conn.close()

    # Running the same job again completes it; what was committed is skipped as unchanged.
    done = subprocess.run(
        [sys.executable, "-c", _SLOW_INDEXER, str(db), tests_dir], capture_output=True, text=True, check=True
    )
    assert done.returncode == 0
    conn = open_db(db)
    assert conn.execute("SELECT COUNT(*) FROM articles").fetchone()[0] == 400
    assert len(search(conn, SearchQuery(text="repairs million", limit=1000))) == 400
    conn.close()


# --- confidence -----------------------------------------------------------------------------
def _unsure_corpus() -> list[Article]:
    from dataclasses import replace

    sure = quoted_article("sure-1", [("Ana Ruiz", "The pier opens in June."), ("Tom Reyes", "It will not.")])
    low = replace(sure.quotes[1], confidence=0.2)
    return [replace(sure, quotes=(sure.quotes[0], low))]


def test_min_confidence_hides_unsure_quotes_everywhere_a_quote_is_read(conn: sqlite3.Connection) -> None:
    from sayso.store.export import export

    index_inputs(conn, _unsure_corpus())  # everything is stored ...
    assert len(search(conn, SearchQuery(limit=10, min_confidence=0.0))) == 2
    # ... and what is read can be filtered: search, speakers, show, export agree.
    assert [h["speaker"] for h in search(conn, SearchQuery(limit=10, min_confidence=0.5))] == ["Ana Ruiz"]
    assert [s["speaker"] for s in list_speakers(conn, min_confidence=0.5)] == ["Ana Ruiz"]
    assert len(list_speakers(conn, min_confidence=0.0)) == 2
    shown = show_article(conn, "sure-1", min_confidence=0.5)
    assert [q["id"] for q in shown["quotes"]] == ["q1"] and shown["hidden_quotes"] == 1
    out = io.StringIO()
    assert export(conn, "jsonl", out=out, min_confidence=0.5) == 1


def test_extractor_min_confidence_keeps_only_speakers_who_still_speak() -> None:
    from sayso.pipeline.extractor import confident

    (article,) = _unsure_corpus()
    kept = confident(article, 0.5)
    assert [q.id for q in kept.quotes] == ["q1"]
    assert [s.name for s in kept.speakers] == ["Ana Ruiz"]
    assert confident(article, 0.0) is article


def test_counting_a_filtered_page_reads_only_the_filter_index(tmp_path: Path) -> None:
    """A page's total (confidence, kind, relation, 2+ outlets) is counted from one covering
    index, not by reading every quote row (migration 5)."""
    conn = open_db(tmp_path / "plan.db")
    try:
        plan = " ".join(
            str(r[3])
            for r in conn.execute(
                "EXPLAIN QUERY PLAN SELECT count(*) FROM quotes WHERE confidence >= ? AND kind = ? "
                "AND relation = ? AND other_outlets >= 1",
                (0.3, "direct", "verbatim"),
            )
        )
    finally:
        conn.close()
    assert "COVERING INDEX quotes_filters" in plan, plan


def test_a_doc_id_given_twice_with_other_content_keeps_the_first_and_says_so(tmp_path: Path) -> None:
    """Seventeenth session: two lines of one file sharing an id replaced each other silently,
    and every re-run reported "1 replaced"; the second is a failure naming the id now."""
    conn = open_db(tmp_path / "q.db")
    first = quoted_article("dup", [("Ana Ruiz", "The ferries sail again on Friday.")])
    second = quoted_article("dup", [("Ana Ruiz", "The ferries never sail again.")])
    for run in range(2):
        stats = index_inputs(conn, [first, second, first])
        assert (stats.new, stats.unchanged, stats.replaced) == ((1, 1, 0) if run == 0 else (0, 2, 0))
        assert [(f.doc, f.code) for f in stats.failures] == [("dup", "E104")]
        assert "again with other content" in stats.failures[0].message
        (stored,) = [q.content for q in read_article(conn, "dup").quotes]
        assert stored == "The ferries sail again on Friday."
    conn.close()


@pytest.mark.parametrize("text", ["🙂", '"', "*", ".", "''"])
def test_a_text_without_words_finds_nothing(filled: sqlite3.Connection, text: str) -> None:
    """Eighteenth session: a query with no word in it (an emoji, a lone mark) became no text
    condition at all and listed every quote as a hit."""
    assert search(filled, SearchQuery(text=text)) == []
    assert finding.count_matches(filled, SearchQuery(text=text)) == 0
    assert len(search(filled, SearchQuery(text="  "))) == 4  # blank is no query: every quote


def test_a_database_this_process_can_only_read_is_searched_without_writing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """QA, nineteenth session: on a colleague's database in a directory one cannot write, search
    and export failed with "attempt to write a readonly database" (WAL switch and migrations
    on every open). A read-only file is now opened read-only, and nothing can be written."""
    import sayso.store.db as db

    path = tmp_path / "shared.db"
    conn = open_db(path)
    index_inputs(conn, _corpus())
    conn.close()
    monkeypatch.setattr(db, "_writable", lambda p: False)  # root may write anything: say it cannot
    ro = open_db(path, create=False)
    try:
        assert sorted(h["doc"] for h in search(ro, SearchQuery(text="bridge"))) == ["gazette-1", "times-1"]
        with pytest.raises(sqlite3.OperationalError):
            ro.execute("DELETE FROM quotes")
    finally:
        ro.close()


def test_a_repeated_doc_id_names_the_line_it_was_read_from(tmp_path: Path) -> None:
    """QA, nineteenth session: the failure said only "a1" (and E100, the code of unreadable files),
    so the repeat could not be found in a big file."""
    from sayso.ingest import read_paths

    src = tmp_path / "in.jsonl"
    src.write_text(
        json.dumps({"id": "a1", "text": "Ana Ruiz said the ferries sail again."})
        + "\n"
        + json.dumps({"id": "a1", "text": "Ana Ruiz said the ferries never sail."})
        + "\n",
        encoding="utf-8",
    )
    conn = open_db(tmp_path / "q.db")
    from test_store_helpers import regex_extract

    stats = index_inputs(conn, read_paths([src]), extractor=lambda items: regex_extract(items, "Ana Ruiz"))
    conn.close()
    (failure,) = stats.failures
    assert (failure.code, failure.where) == ("E104", f"{src}:2")
