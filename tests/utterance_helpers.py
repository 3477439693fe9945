"""Hand-built articles with source words and quote kinds, for the utterance-alignment tests.

``compare_helpers.make_article`` gives quotes without source spans; misattribution needs the
words that name each speaker, so these helpers add them (all text is invented).
"""

from __future__ import annotations

from dataclasses import replace

from compare_helpers import make_article

from sayso.model import Article, QuoteKind, Span, SpeakerKind


def said(
    doc: str,
    quotes: list[tuple[str, str, str]],
    *,
    intro: str = "",
    kinds: dict[str, SpeakerKind] | None = None,
    outlet: str | None = None,
) -> Article:
    """An article of ``"content" SOURCE said.`` sentences: (content, speaker, source words)."""
    parts = [intro] if intro else []
    parts += [f'"{c}" {src} said.' for c, _, src in quotes]
    text = " ".join(parts)
    art = make_article(doc, text, [(c, sp) for c, sp, _ in quotes], outlet=outlet)
    built = []
    pos = 0
    for q, (content, _, src) in zip(art.quotes, quotes, strict=True):
        at = text.index(f'"{content}" {src} said.', pos) + len(content) + 3
        pos = at
        built.append(replace(q, source=Span.of(text, at, at + len(src))))
    speakers = tuple(replace(s, kind=(kinds or {}).get(s.name, s.kind)) for s in art.speakers)
    return replace(art, quotes=tuple(built), speakers=speakers)


def with_kinds(art: Article, kinds: list[QuoteKind]) -> Article:
    """The same article with its quotes' kinds set, in order."""
    return replace(art, quotes=tuple(replace(q, kind=k) for q, k in zip(art.quotes, kinds, strict=True)))
