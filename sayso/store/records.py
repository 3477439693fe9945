"""Conversions between the frozen model (``Article``) and database rows, in both directions.

Kept apart from the SQL that moves the rows so the round trip ``Article -> rows -> Article`` can
be tested on its own and the indexer, the Parquet loader and the queries agree on one encoding.
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
import unicodedata
from collections.abc import Mapping
from typing import Any

from sayso.model import Article, ArticleInput, Quote, Span

_NON_WORD = re.compile(r"[^\w]+")


def content_hash(item: Article | ArticleInput) -> str:
    """A fingerprint of what was read (text and metadata), not of what was extracted.

    It is computable before extraction, so ``sayso index`` can skip unchanged articles without
    running the model on them; a fixed title or date under the same doc id counts as a change.
    """
    payload = json.dumps(
        [item.text, item.title, item.outlet, item.published, item.url],
        ensure_ascii=False,
        separators=(",", ":"),
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def normalise_name(name: str | None) -> str:
    """Case-, accent- and punctuation-insensitive form of a name: ``"Ms. José  Ortíz"`` → ``"ms jose ortiz"``.

    Stored next to every speaker so that a partial, lower-case or unaccented query matches with a
    plain ``LIKE`` on an index-friendly column.
    """
    if not name:
        return ""
    decomposed = unicodedata.normalize("NFKD", name)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _NON_WORD.sub(" ", stripped.casefold()).strip()


def _pair(span: Span | None) -> tuple[int | None, int | None]:
    return (span.start, span.end) if span else (None, None)


def quote_row(article_id: int, quote: Quote) -> tuple[Any, ...]:
    cue = _pair(quote.cue)
    source = _pair(quote.source)
    return (
        article_id,
        quote.id,
        quote.kind,
        quote.content,
        json.dumps([s.to_pair() for s in quote.content_spans]),
        *cue,
        *source,
        quote.speaker,
        normalise_name(quote.speaker) or None,
        quote.speaker_id,
        float(quote.confidence),
    )


QUOTE_COLUMNS = (
    "article_id, quote_id, kind, content, spans, cue_start, cue_end, source_start, source_end, "
    "speaker, speaker_norm, speaker_id, confidence"
)


def article_from_rows(
    article: sqlite3.Row,
    speakers: list[sqlite3.Row],
    mentions: dict[int, list[list[int]]],
    quotes: list[sqlite3.Row],
) -> Article:
    """Rebuild the ``Article`` exactly as it was stored; every span is re-cut from the stored text.

    Goes through ``Article.from_dict`` so there is one decoder of the model's shape, not two.
    """
    return Article.from_dict(
        {
            "doc": article["doc"],
            "text": article["text"],
            "title": article["title"],
            "outlet": article["outlet"],
            "published": article["published"],
            "url": article["url"],
            "quotes": [quote_dict(q, json.loads(q["spans"])) for q in quotes],
            "speakers": [
                {
                    "id": s["speaker_id"],
                    "name": s["name"],
                    "kind": s["kind"],
                    "mentions": mentions.get(s["id"], []),
                }
                for s in speakers
            ],
            "warnings": json.loads(article["warnings"] or "[]"),
        }
    )


def _offsets(start: int | None, end: int | None) -> list[int] | None:
    return [start, end] if start is not None and end is not None else None


def quote_dict(row: Mapping[str, Any] | sqlite3.Row, content_spans: list[list[int]]) -> dict[str, Any]:
    """A stored quote (database or Parquet row: ``quote_id``, offsets in columns) in the shape of
    ``Quote.to_dict``, ready for ``Article.from_dict``."""
    return {
        "id": row["quote_id"],
        "kind": row["kind"],
        "content": row["content"],
        "content_spans": content_spans,
        "cue_span": _offsets(row["cue_start"], row["cue_end"]),
        "source_span": _offsets(row["source_start"], row["source_end"]),
        "speaker": row["speaker"],
        "speaker_id": row["speaker_id"],
        "confidence": row["confidence"],
    }
