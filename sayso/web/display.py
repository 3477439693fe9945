"""The ``display`` field of the web JSON: each quote as a reader should see it.

The page must not decide on its own where quotation marks go: wrapping ``content`` in marks put a
mixed quote's narration inside them ('“that the board “exudes deference …,” meaning courts …”'),
as if the reporter's words were the speaker's. So every quote and every rendering in a comparison
carries ``display``, made by the rule the CLI tables use (``sayso.render``), and the page shows
that text as it is: a direct quote inside “…”, a mixed quote with its own marks around the
quoted words and the narration outside, indirect speech never inside marks.
"""

from __future__ import annotations

from typing import Any

from sayso.model import Quote, Span
from sayso.render import (
    occurrence_display,
    quote_display,
    row_display,
    rows_with_display,
    with_comparison_display,
)
from sayso.vocab import QUOTE_KINDS, QuoteKind


def _kind(value: Any) -> QuoteKind:
    """A stored kind, or ``direct`` for one sayso does not know (the page still shows the text)."""
    return value if value in QUOTE_KINDS else "direct"


def with_article_display(article: dict[str, Any]) -> dict[str, Any]:
    """Add ``display`` to each quote of an article's JSON (``Article.to_dict(with_text=True)`` or
    a stored article): its ``content_spans`` are cut from ``text``, so a split direct quote reads
    "“first piece, … second piece.”" as in the CLI table."""
    text = article.get("text")
    for q in article.get("quotes") or []:
        spans: tuple[Span, ...] = ()
        if isinstance(text, str):
            spans = tuple(
                Span.of(text, int(a), int(b))
                for a, b in q.get("content_spans") or []
                if 0 <= int(a) <= int(b) <= len(text)
            )
        content = str(q.get("content") or "")
        q["display"] = quote_display(
            Quote(id="", kind=_kind(q.get("kind")), content=content, content_spans=spans)
        )
    return article


__all__ = [
    "occurrence_display",
    "row_display",
    "rows_with_display",
    "with_article_display",
    "with_comparison_display",
]
