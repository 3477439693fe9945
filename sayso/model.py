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

QuoteKind = Literal["direct", "indirect", "mixed"]
SpeakerKind = Literal["person", "group", "anonymous"]
Relation = Literal["verbatim", "punctuation", "partial", "altered", "misattributed", "single_source"]

QUOTE_KINDS: tuple[QuoteKind, ...] = ("direct", "indirect", "mixed")
SPEAKER_KINDS: tuple[SpeakerKind, ...] = ("person", "group", "anonymous")
RELATIONS: tuple[Relation, ...] = (
    "verbatim",
    "punctuation",
    "partial",
    "altered",
    "misattributed",
    "single_source",
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
            "confidence": round(self.confidence, 3),
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
    and a warning says how many were replaced.
    """

    doc: str
    text: str
    title: str | None = None
    outlet: str | None = None
    published: str | None = None
    url: str | None = None
    warnings: tuple[str, ...] = ()

    #: The string fields that are normalised, in the order the warning names them.
    STRING_FIELDS: ClassVar[tuple[str, ...]] = ("doc", "text", "title", "outlet", "published", "url")
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
        )


@dataclass(frozen=True, slots=True)
class Story:
    """Articles that report the same event, possibly from different outlets."""

    id: str
    docs: tuple[str, ...]
    title: str | None = None


@dataclass(frozen=True, slots=True)
class Occurrence:
    """One outlet's rendering of an utterance: which article, which quote, and to whom it is attributed."""

    doc: str
    quote_id: str
    content: str
    content_spans: tuple[Span, ...]
    speaker: str | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "doc": self.doc,
            "quote_id": self.quote_id,
            "content": self.content,
            "content_spans": [s.to_pair() for s in self.content_spans],
            "speaker": self.speaker,
        }


@dataclass(frozen=True, slots=True)
class Alignment:
    """One utterance as reported by every outlet that has it, with how the renderings differ."""

    id: str
    speaker: str | None
    relation: Relation
    occurrences: tuple[Occurrence, ...]
    diff: tuple[dict[str, Any], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "speaker": self.speaker,
            "relation": self.relation,
            "occurrences": [o.to_dict() for o in self.occurrences],
            "diff": list(self.diff),
        }


@dataclass(frozen=True, slots=True)
class Comparison:
    """The result of comparing several articles of one story."""

    articles: tuple[Article, ...]
    speakers: tuple[dict[str, Any], ...]
    groups: tuple[Alignment, ...]
    facts: tuple[dict[str, Any], ...] = field(default_factory=tuple)

    def to_dict(self) -> dict[str, Any]:
        return {
            "articles": [{"doc": a.doc, "outlet": a.outlet, "title": a.title} for a in self.articles],
            "speakers": list(self.speakers),
            "groups": [g.to_dict() for g in self.groups],
            "facts": list(self.facts),
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
