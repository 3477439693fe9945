"""Hand-made articles for the database tests (no model needed): short invented news stories."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from sayso.model import Article, ArticleInput, Failure, Quote, Span, Speaker

_CURLY = re.compile(r"“([^”]+)”")


def regex_extract(inputs: Iterable[ArticleInput | Failure], speaker: str) -> Iterator[Article | Failure]:
    """A stand-in for the engine in CLI plumbing tests: every “…” is a direct quote of ``speaker``."""
    for item in inputs:
        if isinstance(item, Failure):
            yield item
            continue
        quotes = tuple(
            Quote(
                id=f"q{i + 1}",
                kind="direct",
                content=m.group(1),
                content_spans=(Span.of(item.text, m.start(1), m.end(1)),),
                speaker=speaker,
            )
            for i, m in enumerate(_CURLY.finditer(item.text))
        )
        yield Article(
            item.doc,
            item.text,
            item.title,
            item.outlet,
            item.published,
            item.url,
            quotes,
            warnings=item.warnings,
        )


def quoted_article(
    doc: str,
    said: list[tuple[str, str]],
    *,
    outlet: str | None = "Harbor Gazette",
    published: str | None = "2024-03-05",
    title: str | None = "Bridge repairs to start in spring",
    lead: str = "The city council met on Tuesday to discuss the old harbor bridge.",
) -> Article:
    """An article in which each ``(speaker, words)`` pair is one direct quote with cue and source."""
    text = lead
    quotes: list[Quote] = []
    speakers: dict[str, list[Span]] = {}
    for i, (name, words) in enumerate(said):
        text += " "
        source_start = len(text)
        text += name
        source = Span.of(text, source_start, len(text))
        text += " said: “"
        content_start = len(text)
        text += words
        content = Span.of(text, content_start, len(text))
        text += "”"
        cue = Span.of(text, source.end + 1, source.end + 5)
        speakers.setdefault(name, []).append(source)
        quotes.append(
            Quote(
                id=f"q{i + 1}",
                kind="direct",
                content=words,
                content_spans=(content,),
                cue=cue,
                source=source,
                speaker=name,
                speaker_id=f"s{list(speakers).index(name) + 1}",
                confidence=0.9,
            )
        )
    return Article(
        doc=doc,
        text=text,
        title=title,
        outlet=outlet,
        published=published,
        url=f"https://news.example/{doc}",
        quotes=tuple(quotes),
        speakers=tuple(
            Speaker(id=f"s{i + 1}", name=name, kind="person", mentions=tuple(spans))
            for i, (name, spans) in enumerate(speakers.items())
        ),
    )
