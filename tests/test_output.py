"""Writers: every format parses back to what was written. Articles are built by hand, no model."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sayso.errors import UsageError
from sayso.model import Article, Quote, Span, Speaker
from sayso.output import CSV_COLUMNS, FORMATS, open_writer

TEXT = "“We will reopen the bridge in May,” Mayor Ann Pike said. “No excuses.” Critics said it was late."


def at(text: str, needle: str) -> Span:
    start = text.index(needle)
    return Span.of(text, start, start + len(needle))


def make_article(doc: str = "bridge", text: str = TEXT) -> Article:
    """A hand-made article with one split direct quote and one indirect quote."""
    pike = Speaker("s1", "Ann Pike", "person", (at(text, "Mayor Ann Pike"),))
    crowd = Speaker("s2", "Critics", "group", (at(text, "Critics"),))
    quotes = (
        Quote(
            id="q1",
            kind="direct",
            content="We will reopen the bridge in May, No excuses.",
            content_spans=(at(text, "We will reopen the bridge in May,"), at(text, "No excuses.")),
            cue=at(text, "said"),
            source=at(text, "Mayor Ann Pike"),
            speaker="Ann Pike",
            speaker_id="s1",
            confidence=0.92,
        ),
        Quote(
            id="q2",
            kind="indirect",
            content="it was late",
            content_spans=(at(text, "it was late"),),
            source=at(text, "Critics"),
            speaker="Critics",
            speaker_id="s2",
            confidence=0.6,
        ),
    )
    return Article(
        doc=doc,
        text=text,
        title="Bridge to reopen",
        outlet="Westmere Gazette",
        published="2026-05-01",
        quotes=quotes,
        speakers=(pike, crowd),
        warnings=("a warning",),
    )


def render(fmt: str, articles: list[Article], *, with_text: bool = False) -> str:
    buf = io.StringIO()
    with open_writer(fmt, buf, with_text=with_text) as writer:
        writer.write_all(articles)
    return buf.getvalue()


def test_jsonl_is_exactly_to_dict_one_line_per_article() -> None:
    articles = [make_article("a"), make_article("b"), Article(doc="c", text="Nothing quoted.")]
    lines = render("jsonl", articles).splitlines()
    assert [json.loads(line) for line in lines] == [a.to_dict() for a in articles]


def test_jsonl_with_text_round_trips_through_from_dict() -> None:
    article = make_article()
    (line,) = render("jsonl", [article], with_text=True).splitlines()
    data = json.loads(line)
    assert data["text"] == TEXT
    assert Article.from_dict(data) == article


@pytest.mark.parametrize("count", [0, 1, 3])
def test_json_is_one_array(count: int) -> None:
    articles = [make_article(f"d{i}") for i in range(count)]
    assert json.loads(render("json", articles)) == [a.to_dict() for a in articles]


def test_csv_has_one_row_per_quote_and_spans_as_json() -> None:
    articles = [make_article("a"), Article(doc="empty", text="No quotes here."), make_article("b")]
    rows = list(csv.DictReader(io.StringIO(render("csv", articles))))
    assert tuple(rows[0].keys()) == CSV_COLUMNS
    assert [(r["doc"], r["quote_id"]) for r in rows] == [("a", "q1"), ("a", "q2"), ("b", "q1"), ("b", "q2")]
    first = rows[0]
    assert first["speaker"] == "Ann Pike" and first["kind"] == "direct" and first["cue"] == "said"
    assert float(first["confidence"]) == pytest.approx(0.92)
    spans = json.loads(first["content_spans"])
    assert [TEXT[a:b] for a, b in spans] == ["We will reopen the bridge in May,", "No excuses."]
    assert TEXT[int(first["cue_start"]) : int(first["cue_end"])] == "said"
    assert rows[1]["cue"] == "" and rows[1]["cue_start"] == ""


def test_one_flat_quote_row_for_csv_shards_and_export() -> None:
    """The CSV of 'sayso extract', the Parquet shards and 'sayso export' share the quote row."""
    from sayso.rows import FLAT_FIELDS, QUOTE_FIELDS
    from sayso.shards import schemas
    from sayso.store.export import EXPORT_FIELDS, parquet_schema

    assert CSV_COLUMNS == FLAT_FIELDS == EXPORT_FIELDS[: len(FLAT_FIELDS)]
    assert tuple(schemas()["quotes"].names) == QUOTE_FIELDS
    assert tuple(parquet_schema().names) == EXPORT_FIELDS


def test_table_shows_speakers_quotes_and_warnings() -> None:
    out = render("table", [make_article(), Article(doc="quiet", text="Nothing.")])
    for expected in ("bridge", "Ann Pike", "Critics", "We will reopen the bridge", "direct", "0.92"):
        assert expected in out
    assert "no quotes found" in out and "a warning" in out


def test_table_colours_one_speaker_the_same_everywhere() -> None:
    from rich.console import Console

    from sayso.output import TableWriter

    buf = io.StringIO()
    writer = TableWriter(buf, width=120)
    writer.console = Console(file=buf, width=120, force_terminal=True, color_system="standard")
    writer.write(make_article())
    out = buf.getvalue()
    # Each speaker's name appears in the quote table and in the speaker summary, each time right
    # after the same colour escape, and the two speakers get different colours.
    pike = re.findall(r"(\x1b\[[\d;]*m)Ann Pike", out)
    critics = re.findall(r"(\x1b\[[\d;]*m)Critics", out)
    assert len(pike) >= 2 and len(set(pike)) == 1
    assert len(critics) >= 2 and len(set(critics)) == 1
    assert set(pike) != set(critics)


def test_unknown_format_is_a_usage_error() -> None:
    with pytest.raises(UsageError):
        open_writer("xml", io.StringIO())
    assert set(FORMATS) == {"jsonl", "json", "csv", "table"}


@settings(max_examples=50, deadline=None)
@given(
    text=st.text(min_size=1, max_size=80),
    doc=st.text(min_size=1, max_size=10),
    outlet=st.none() | st.text(max_size=10),
)
def test_jsonl_round_trip_any_text(text: str, doc: str, outlet: str | None) -> None:
    spans = (Span.of(text, 0, len(text)),)
    quote = Quote("q1", "direct", text, spans, speaker=doc, confidence=0.5)
    article = Article(doc=doc, text=text, outlet=outlet, quotes=(quote,))
    (line,) = render("jsonl", [article], with_text=True).split("\n")[:-1]
    assert Article.from_dict(json.loads(line)) == article
    rows = list(csv.DictReader(io.StringIO(render("csv", [article]), newline="")))
    assert [r["content"] for r in rows] == [text]
