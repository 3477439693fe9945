"""The core data model: small frozen dataclasses with character offsets into the original text.

Everything sayso stores or returns is one of these. While a document is being processed the
annotations live on the spaCy ``Doc`` (see ``sayso.nlp``); once processing ends they are frozen
here, so that the database, the comparison and the HTTP layer never see spaCy objects and every
offset can be checked against ``Article.text``.

Offsets are Python string indices (code points) into ``Article.text`` exactly as it was read:
``text[span.start:span.end] == span.text`` always holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from sayso.dates import iso_published
from sayso.errors import SaysoError, error_class
from sayso.vocab import (  # noqa: F401 (re-exported)
    PAIR_RELATIONS,
    QUOTE_KINDS,
    RELATIONS,
    SPEAKER_KINDS,
    QuoteKind,
    Relation,
    SpeakerKind,
)


@dataclass(frozen=True, slots=True)
class Span:
    """A half-open character range ``[start, end)`` of an article's text, with the text it covers."""

    start: int
    end: int
    text: str

    @classmethod
    def of(cls, text: str, start: int, end: int) -> Span:
        """Build a span from the article text so the covered text can never disagree with the offsets."""
        return cls(start, end, text[start:end])

    def to_pair(self) -> list[int]:
        return [self.start, self.end]


@dataclass(frozen=True, slots=True)
class Entity:
    """A named entity of the article's text as the model found it (``PERSON``, ``GPE``, ``ORG``, ...).

    Kept on the frozen ``Article`` so that everything downstream of the model (the facts of a
    comparison above all) works the same on an article just extracted, read from the database,
    from Parquet or from JSON: no step needs the live spaCy ``Doc``.
    """

    start: int
    end: int
    text: str
    label: str

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "start": self.start, "end": self.end, "text": self.text}


@dataclass(frozen=True, slots=True)
class Speaker:
    """One person, group or anonymous source of an article, with every place it is mentioned."""

    id: str
    name: str
    kind: SpeakerKind
    mentions: tuple[Span, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "kind": self.kind,
            "mentions": [m.to_pair() for m in self.mentions],
        }


@dataclass(frozen=True, slots=True)
class Quote:
    """One attributed utterance: what was said (possibly in several pieces), the cue, and who said it.

    ``speaker`` is the canonical name of the speaker in this article (after resolving pronouns and
    short names); ``source`` is the words that name the speaker at this quote ("she", "a source").
    """

    id: str
    kind: QuoteKind
    content: str
    content_spans: tuple[Span, ...]
    cue: Span | None = None
    source: Span | None = None
    speaker: str | None = None
    speaker_id: str | None = None
    confidence: float = 1.0

    @property
    def start(self) -> int:
        return self.content_spans[0].start if self.content_spans else 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "content": self.content,
            "content_spans": [s.to_pair() for s in self.content_spans],
            "cue": self.cue.text if self.cue else None,
            "cue_span": self.cue.to_pair() if self.cue else None,
            "source": self.source.text if self.source else None,
            "source_span": self.source.to_pair() if self.source else None,
            "speaker": self.speaker,
            "speaker_id": self.speaker_id,
            "confidence": round(self.confidence, 4),  # as the scorer gives it and the database keeps it
        }


@dataclass(frozen=True, slots=True)
class ArticleInput:
    """An article as read from disk or the network, before any language processing.

    ``warnings`` carries what the reader noticed but could recover from (e.g. invalid UTF-8
    decoded with replacement characters), so it reaches the output instead of being lost.

    This is the one place every article enters sayso (readers, ``sayso.extract``, the HTTP API),
    so it is also where strings are made safe to write: a lone surrogate code point (a JSON
    ``\\ud800`` escape, or a non-UTF-8 file name decoded with ``surrogateescape``) cannot be
    encoded as UTF-8, and would otherwise crash spaCy or the output writer far from its cause.
    Each one is replaced by U+FFFD, one code point for one, so offsets into ``text`` are unchanged,
    and a warning says how many were replaced. ``published`` is read here too
    (``sayso.dates.iso_published``): kept as ISO 8601 text, or None with a warning.
    """

    doc: str
    text: str
    title: str | None = None
    outlet: str | None = None
    published: str | None = None
    url: str | None = None
    warnings: tuple[str, ...] = ()
    #: Where it was read ("file.jsonl:4", a file, a WARC record), for messages about it.
    where: str | None = None

    #: The string fields that are normalised, in the order the warning names them.
    STRING_FIELDS: ClassVar[tuple[str, ...]] = ("doc", "text", "title", "outlet", "published", "url", "where")
    #: ``str.translate`` table: every surrogate code point (U+D800..U+DFFF) to U+FFFD.
    _SURROGATES: ClassVar[dict[int, int]] = dict.fromkeys(range(0xD800, 0xE000), 0xFFFD)

    def __post_init__(self) -> None:
        replaced: dict[str, int] = {}
        for name in self.STRING_FIELDS:
            value = getattr(self, name)
            if isinstance(value, str):
                clean, count = self.without_surrogates(value)
                if count:
                    object.__setattr__(self, name, clean)
                    replaced[name] = count
        warnings = tuple(self.without_surrogates(w)[0] for w in self.warnings)
        if replaced:
            total = sum(replaced.values())
            fields = ", ".join(f"{name} ({count})" for name, count in replaced.items())
            warnings += (
                f"document {self.doc!r}: {total} lone surrogate code point(s) replaced by U+FFFD "
                f"in {fields}; they cannot be written as UTF-8 (offsets are unchanged)",
            )
        if "\x00" in self.text:
            # A NUL (a "\u0000" escape in JSON) is no character of any article: it reached the
            # cue words ("said.\x00"). One space for one, so offsets are unchanged.
            warnings += (
                f"document {self.doc!r}: {self.text.count(chr(0))} NUL character(s) in the text "
                "replaced by spaces (offsets are unchanged)",
            )
            object.__setattr__(self, "text", self.text.replace("\x00", " "))
        if self.published is not None:
            iso = iso_published(self.published)
            if iso is None:
                warnings += (
                    f"document {self.doc!r}: 'published' {self.published!r} is no date sayso can "
                    "read (ISO 8601, M/D/YYYY or RFC 2822); the article is treated as undated",
                )
            if iso != self.published:
                object.__setattr__(self, "published", iso)
        if warnings != self.warnings:
            object.__setattr__(self, "warnings", warnings)

    @classmethod
    def without_surrogates(cls, value: str) -> tuple[str, int]:
        """``value`` with each surrogate code point replaced by U+FFFD, and how many there were.

        The common case costs one ``isascii`` (constant time) or one UTF-8 encode (about 0.2 ms
        for 100 kB of non-ASCII text); only a string that fails to encode is rewritten.
        """
        if value.isascii():
            return value, 0
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            clean = value.translate(cls._SURROGATES)
            return clean, clean.count("\ufffd") - value.count("\ufffd")
        return value, 0

    def metadata(self) -> dict[str, str | None]:
        return {"title": self.title, "outlet": self.outlet, "published": self.published, "url": self.url}


@dataclass(frozen=True, slots=True)
class Article:
    """A processed article: its text, metadata, quotes and speakers."""

    doc: str
    text: str
    title: str | None = None
    outlet: str | None = None
    published: str | None = None
    url: str | None = None
    quotes: tuple[Quote, ...] = ()
    speakers: tuple[Speaker, ...] = ()
    warnings: tuple[str, ...] = ()
    entities: tuple[Entity, ...] = ()

    def speaker(self, speaker_id: str | None) -> Speaker | None:
        for s in self.speakers:
            if s.id == speaker_id:
                return s
        return None

    def to_dict(self, *, with_text: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "doc": self.doc,
            "title": self.title,
            "outlet": self.outlet,
            "published": self.published,
            "url": self.url,
        }
        if with_text:
            out["text"] = self.text
        out["quotes"] = [q.to_dict() for q in self.quotes]
        out["speakers"] = [s.to_dict() for s in self.speakers]
        out["warnings"] = list(self.warnings)
        out["entities"] = [e.to_dict() for e in self.entities]
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any], text: str | None = None) -> Article:
        """Rebuild an Article from ``to_dict`` output (the text must be in ``data`` or given)."""
        body = text if text is not None else data.get("text", "")

        def span(pair: list[int] | None) -> Span | None:
            return Span.of(body, pair[0], pair[1]) if pair else None

        quotes = tuple(
            Quote(
                id=q["id"],
                kind=q["kind"],
                content=q["content"],
                content_spans=tuple(Span.of(body, a, b) for a, b in q["content_spans"]),
                cue=span(q.get("cue_span")),
                source=span(q.get("source_span")),
                speaker=q.get("speaker"),
                speaker_id=q.get("speaker_id"),
                confidence=float(q.get("confidence", 1.0)),
            )
            for q in data.get("quotes", [])
        )
        speakers = tuple(
            Speaker(
                id=s["id"],
                name=s["name"],
                kind=s["kind"],
                mentions=tuple(Span.of(body, a, b) for a, b in s.get("mentions", [])),
            )
            for s in data.get("speakers", [])
        )
        return cls(
            doc=data["doc"],
            text=body,
            title=data.get("title"),
            outlet=data.get("outlet"),
            published=data.get("published"),
            url=data.get("url"),
            quotes=quotes,
            speakers=speakers,
            warnings=tuple(data.get("warnings", [])),
            entities=entities_from_dicts(body, data.get("entities") or []),
        )


def entities_from_dicts(text: str, items: list[dict[str, Any]]) -> tuple[Entity, ...]:
    """Entities from ``Entity.to_dict`` output, their text taken from the article itself."""
    return tuple(
        Entity(int(e["start"]), int(e["end"]), text[e["start"] : e["end"]], e["label"]) for e in items
    )


@dataclass(frozen=True, slots=True)
class Story:
    """Articles that report the same event, possibly from different outlets."""

    id: str
    docs: tuple[str, ...]
    title: str | None = None


@dataclass(frozen=True, slots=True)
class Occurrence:
    """One outlet's rendering of an utterance: which article, which quote, and to whom it is attributed.

    ``content``/``content_spans`` are what the outlet *quoted*: for direct and mixed quotes only the
    words inside quotation marks (narration is never part of a rendering), for indirect speech the
    reported content. ``relation`` is this rendering against the group's reference (the fullest
    direct rendering, ``reference`` True). ``speaker`` is the cross-article speaker; when the
    outlet's attribution contradicts the group's without evidence, ``speaker`` is None (unknown)
    and ``claimed_speaker`` keeps what the extraction said, so nothing is hidden. ``source`` is
    the words naming the speaker at this quote ("Hale", "he", "the statement").
    """

    doc: str
    quote_id: str
    content: str
    content_spans: tuple[Span, ...]
    speaker: str | None
    kind: QuoteKind = "direct"
    relation: Relation | None = None
    reference: bool = False
    source: Span | None = None
    claimed_speaker: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "doc": self.doc,
            "quote_id": self.quote_id,
            "content": self.content,
            "content_spans": [s.to_pair() for s in self.content_spans],
            "speaker": self.speaker,
            "kind": self.kind,
            "relation": self.relation,
            "reference": self.reference,
            "source": self.source.text if self.source else None,
            "source_span": self.source.to_pair() if self.source else None,
            "claimed_speaker": self.claimed_speaker,
        }


@dataclass(frozen=True, slots=True)
class WordChange:
    """One edit between two renderings: words of ``a`` replaced by, or deleted or inserted as,
    words of ``b`` (``op`` is ``replace``, ``delete`` or ``insert``, as in ``difflib``)."""

    op: str
    a: str
    b: str

    def to_dict(self) -> dict[str, str]:
        return {"op": self.op, "a": self.a, "b": self.b}


@dataclass(frozen=True, slots=True)
class WordDiff:
    """How outlet ``b`` renders an utterance against the reference rendering of outlet ``a``."""

    a: str
    b: str
    relation: Relation
    only_a: tuple[str, ...]
    only_b: tuple[str, ...]
    changes: tuple[WordChange, ...]
    #: The relation of the words alone (``relation`` is ``misattributed`` when the two outlets
    #: name two different people; the wording is still verbatim, partial, ...).
    wording: Relation | None = None
    #: The quote ids of the two renderings (an outlet can have two in one group: the teaser in
    #: its lead and the full quote below).
    quote_a: str | None = None
    quote_b: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "a": self.a,
            "b": self.b,
            "quote_a": self.quote_a,
            "quote_b": self.quote_b,
            "relation": self.relation,
            "wording": self.wording or self.relation,
            "only_a": list(self.only_a),
            "only_b": list(self.only_b),
            "changes": [c.to_dict() for c in self.changes],
        }


@dataclass(frozen=True, slots=True)
class LinkedSpeaker:
    """One speaker across the articles of a comparison (``S1``, ``S2``, ...), in the docs naming them."""

    id: str
    name: str
    docs: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "docs": list(self.docs)}


FactStatus = Literal["conflict", "single_source", "shared"]


@dataclass(frozen=True, slots=True)
class Fact:
    """One fact (a kind and a key: the age of "marsh", the count of "vehicle", the venue) with the
    values each outlet gives, where, and whether the outlets agree (see ``sayso.compare.facts``)."""

    kind: str
    key: str
    status: FactStatus
    values: tuple[tuple[str, tuple[str, ...]], ...]
    spans: tuple[tuple[str, tuple[tuple[int, int], ...]], ...]

    def values_of(self) -> dict[str, tuple[str, ...]]:
        """``doc -> values`` (a fresh dict, the fact itself stays frozen)."""
        return dict(self.values)

    @property
    def differs(self) -> bool:
        """Whether the outlets differ on it: conflicting values, or only one outlet gives it. The
        one rule behind "differences first" in the report, the table and the web page."""
        return self.status != "shared"

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "key": self.key,
            "status": self.status,
            "differs": self.differs,
            "values": {doc: list(vals) for doc, vals in self.values},
            "spans": {doc: [list(s) for s in spans] for doc, spans in self.spans},
        }


@dataclass(frozen=True, slots=True)
class Alignment:
    """One utterance as reported by every outlet that has it, with how the renderings differ."""

    id: str
    speaker: str | None
    relation: Relation
    occurrences: tuple[Occurrence, ...]
    diff: tuple[WordDiff, ...] = ()
    #: For a ``misattributed`` group: the occurrences whose source words name two different
    #: people (doc, quote, source words, speaker), and how sure the alarm is (0-1).
    evidence: tuple[Occurrence, ...] = ()
    confidence: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "speaker": self.speaker,
            "relation": self.relation,
            "occurrences": [o.to_dict() for o in self.occurrences],
            "diff": [d.to_dict() for d in self.diff],
            "evidence": [
                {
                    "doc": o.doc,
                    "quote_id": o.quote_id,
                    "source": o.source.text if o.source else None,
                    "source_span": o.source.to_pair() if o.source else None,
                    "speaker": o.speaker,
                }
                for o in self.evidence
            ],
            "confidence": self.confidence,
        }


@dataclass(frozen=True, slots=True)
class Comparison:
    """The result of comparing several articles of one story."""

    articles: tuple[Article, ...]
    speakers: tuple[LinkedSpeaker, ...]
    groups: tuple[Alignment, ...]
    facts: tuple[Fact, ...] = field(default_factory=tuple)

    def to_dict(self) -> dict[str, Any]:
        return {
            "articles": [{"doc": a.doc, "outlet": a.outlet, "title": a.title} for a in self.articles],
            "speakers": [s.to_dict() for s in self.speakers],
            "groups": [g.to_dict() for g in self.groups],
            "facts": [f.to_dict() for f in self.facts],
        }


@dataclass(frozen=True, slots=True)
class Failure:
    """A document of a batch that could not be processed: which one, and why.

    Batch functions yield these in place of an ``Article`` instead of raising, so one bad
    document never stops the rest of a batch and every failure can be reported.
    """

    doc: str
    code: str
    message: str
    where: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"doc": self.doc, "code": self.code, "message": self.message, "where": self.where}

    def error(self) -> SaysoError:
        """The typed error this failure stands for (``TooLargeError`` for E105, ...), to raise
        where one document is the whole request (``sayso.extract``, an HTTP call)."""
        return error_class(self.code)(self.message, where=self.where or self.doc)
