"""Build ``Article``s by hand for comparison tests, so alignment is tested without the model."""

from __future__ import annotations

from sayso.model import Article, Quote, Span, Speaker


def make_article(
    doc: str,
    text: str,
    quotes: list[tuple[str, str | None]],
    *,
    outlet: str | None = None,
    mentions: dict[str, list[str]] | None = None,
) -> Article:
    """An article whose quotes are the given (content, speaker) pairs, located in ``text``.

    Each content is searched after the previous one, so a repeated line yields two quotes.
    Speakers get ids and, optionally, extra mention strings found in the text.
    """
    built: list[Quote] = []
    names: dict[str, str] = {}
    pos = 0
    for n, (content, speaker) in enumerate(quotes, 1):
        start = text.index(content, pos)
        pos = start + len(content)
        sid = None
        if speaker is not None:
            sid = names.setdefault(speaker, f"{doc}-s{len(names) + 1}")
        built.append(
            Quote(
                id=f"q{n}",
                kind="direct",
                content=content,
                content_spans=(Span.of(text, start, start + len(content)),),
                speaker=speaker,
                speaker_id=sid,
            )
        )
    speakers = []
    for name, sid in names.items():
        spans = []
        for alias in [name, *(mentions or {}).get(name, [])]:
            at = text.find(alias)
            if at >= 0:
                spans.append(Span.of(text, at, at + len(alias)))
        speakers.append(Speaker(id=sid, name=name, kind="person", mentions=tuple(spans)))
    return Article(doc=doc, text=text, outlet=outlet, quotes=tuple(built), speakers=tuple(speakers))


def article_from_quotes(doc: str, quotes: list[tuple[str, str | None]]) -> Article:
    """An article made only of its quotes, each in its own attributed sentence."""
    text = " ".join(f'"{c}" {s or "someone"} said.' for c, s in quotes)
    return make_article(doc, text, quotes)
