"""Conversions between the frozen model (``Article``) and SQLite rows, in both directions.

Kept apart from the SQL that moves the rows so the round trip ``Article -> rows -> Article`` can
be tested on its own. The row shapes themselves (a flat quote, the entities, the content hash)
are ``sayso.rows``, shared with the Parquet shards.
"""

from __future__ import annotations

import json
import sqlite3
from typing import TYPE_CHECKING, Any

from sayso.rows import entities_from_json, normalise_name, quote_dict, quote_row

if TYPE_CHECKING:
    from sayso.model import Article, Quote


def quote_values(article_id: int, quote: Quote) -> tuple[Any, ...]:
    """The values of one ``quotes`` row (``QUOTE_COLUMNS``): the flat quote row, with the speaker's
    normal form for search and the spans as JSON."""
    row = quote_row("", quote)
    return (
        article_id,
        row["quote_id"],
        row["kind"],
        row["content"],
        json.dumps(row["content_spans"]),
        row["cue_start"],
        row["cue_end"],
        row["source_start"],
        row["source_end"],
        row["speaker"],
        normalise_name(quote.speaker) or None,
        row["speaker_id"],
        row["confidence"],
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
    from sayso.model import Article

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
            "entities": entities_from_json(article["entities"]),
        }
    )
