"""The flat row shapes of the frozen model, shared by every store of it: SQLite, Parquet shards.

A quote is one flat row (``quote_row``: doc, quote id, kind, content, spans, cue and source as
offsets and text, speaker, confidence) wherever it is stored, and ``quote_dict`` reads such a row
back into the shape of ``Quote.to_dict``, so the database, the shard format and the export agree
on one encoding instead of each writing its own. Also here: the fingerprint of what was read
(``content_hash``) and the normal form of names that search uses, because both the database and
the shards carry them.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # annotations only: `sayso search` never builds the model's classes
    from sayso.model import Article, ArticleInput, Entity, Quote


_NON_WORD = re.compile(r"[^\w]+")

#: The columns of one flat quote row, in order.
QUOTE_FIELDS: tuple[str, ...] = (
    "doc",
    "quote_id",
    "kind",
    "content",
    "content_spans",
    "cue",
    "cue_start",
    "cue_end",
    "source",
    "source_start",
    "source_end",
    "speaker",
    "speaker_id",
    "confidence",
)
#: The article's metadata every exported quote row carries after ``QUOTE_FIELDS``.
ARTICLE_FIELDS: tuple[str, ...] = ("outlet", "published", "title", "url")
#: One quote as a flat, self-describing row: what ``sayso extract -f csv`` writes per quote and
#: what ``sayso export`` starts each row with (the database adds ``STORE_FIELDS``).
FLAT_FIELDS: tuple[str, ...] = QUOTE_FIELDS + ARTICLE_FIELDS
#: What the database knows of a quote beyond the article: its story and how other outlets carry it.
STORE_FIELDS: tuple[str, ...] = ("story", "relation", "group_id", "other_outlets")


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
    import hashlib  # here: its import is a few ms of every `sayso search`

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


def quote_row(doc: str, q: Quote) -> dict[str, Any]:
    """One quote as the flat row every store writes (``QUOTE_FIELDS``)."""
    return {
        "doc": doc,
        "quote_id": q.id,
        "kind": q.kind,
        "content": q.content,
        "content_spans": [s.to_pair() for s in q.content_spans],
        "cue": q.cue.text if q.cue else None,
        "cue_start": q.cue.start if q.cue else None,
        "cue_end": q.cue.end if q.cue else None,
        "source": q.source.text if q.source else None,
        "source_start": q.source.start if q.source else None,
        "source_end": q.source.end if q.source else None,
        "speaker": q.speaker,
        "speaker_id": q.speaker_id,
        "confidence": float(q.confidence),
    }


def flat_rows(article: Article) -> list[dict[str, Any]]:
    """Every quote of ``article`` as a ``FLAT_FIELDS`` row."""
    meta = {
        "outlet": article.outlet,
        "published": article.published,
        "title": article.title,
        "url": article.url,
    }
    return [quote_row(article.doc, q) | meta for q in article.quotes]


def entity_rows(article: Article) -> list[dict[str, Any]]:
    """The article's named entities as ``{"label", "start", "end"}`` (their text is the article's)."""
    return [{"label": e.label, "start": e.start, "end": e.end} for e in article.entities]


def entities_json(entities: tuple[Entity, ...]) -> str:
    """The entities as one compact JSON value, for a column of a row-oriented store."""
    return json.dumps([[e.start, e.end, e.label] for e in entities], separators=(",", ":"))


def entities_from_json(value: str | None) -> list[dict[str, Any]]:
    """``entities_json`` read back in the shape of ``Entity.to_dict`` (an older row: none)."""
    if not value:
        return []
    return [{"start": s, "end": e, "label": label} for s, e, label in json.loads(value)]


def _offsets(start: int | None, end: int | None) -> list[int] | None:
    return [start, end] if start is not None and end is not None else None


def quote_dict(row: Any, content_spans: list[list[int]]) -> dict[str, Any]:
    """A stored quote (a ``sqlite3.Row``, or a Parquet row as a dict: ``quote_id``, offsets in
    columns) in the shape of ``Quote.to_dict``, ready for ``Article.from_dict``."""
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
