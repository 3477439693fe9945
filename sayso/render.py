"""How a quote reads when it is shown to a person: marks only around words someone said.

A reader takes anything inside quotation marks for a verbatim quote, so what sayso prints must
keep the difference the article makes:

* a **direct** quote is shown inside curly marks; the pieces of a split quote ("…," she said,
  "…") are joined with " … ", never glued into one sentence;
* **indirect** speech (a paraphrase) is shown without any quotation marks;
* a **mixed** quote keeps the marks the article put around the quoted words and leaves the
  narration around them outside, and a mark the quote's span cut off is closed (or opened), so
  the words inside marks are exactly the quoted ones.

Used by every text view: the CLI tables, and (as ``display``) the compare JSON of the CLI and
the JSON of the web views.
"""

from __future__ import annotations

from typing import Any

from sayso.model import Comparison, Occurrence, Quote
from sayso.quotes import glyphs as g

#: How the marks of ``sayso.quotes.glyphs`` pair up when sayso closes or opens one itself.
_OPEN_TO_CLOSE = {
    g.LEFT_DOUBLE: g.RIGHT_DOUBLE,
    g.LEFT_SINGLE: g.RIGHT_SINGLE,
    g.LEFT_GUILLEMET: g.RIGHT_GUILLEMET,
    g.LOW_DOUBLE: g.LEFT_DOUBLE,
    g.STRAIGHT_DOUBLE: g.STRAIGHT_DOUBLE,
}
_CLOSE_TO_OPEN = {
    g.RIGHT_DOUBLE: g.LEFT_DOUBLE,
    g.RIGHT_SINGLE: g.LEFT_SINGLE,
    g.RIGHT_GUILLEMET: g.LEFT_GUILLEMET,
}
JOIN = " … "


def quote_display(quote: Quote) -> str:
    """The quote as it should be printed (see the module docstring)."""
    pieces = [s.text.strip() for s in quote.content_spans if s.text.strip()] or [quote.content.strip()]
    if quote.kind == "direct":
        return "“" + JOIN.join(p.strip('"“”') for p in pieces) + "”"
    text = JOIN.join(pieces)
    if quote.kind == "indirect":
        return text
    return balance_marks(text)


def balance_marks(text: str) -> str:
    """Close a quotation mark left open, and open one whose opening was cut off."""
    stack: list[str] = []
    missing_open: list[str] = []
    for i, ch in enumerate(text):
        if (
            ch in g.RIGHT_SINGLE + g.STRAIGHT_SINGLE
            and i
            and text[i - 1].isalnum()
            and g.LEFT_SINGLE not in stack
        ):
            continue  # an apostrophe (don’t, the students’ union), not a closing mark
        if ch == g.STRAIGHT_DOUBLE:
            if stack and stack[-1] == g.STRAIGHT_DOUBLE:
                stack.pop()
            else:
                stack.append(ch)
        elif ch in _OPEN_TO_CLOSE and ch not in _CLOSE_TO_OPEN:
            stack.append(ch)
        elif ch in _CLOSE_TO_OPEN:
            if stack and _OPEN_TO_CLOSE.get(stack[-1]) == ch:
                stack.pop()
            else:
                missing_open.append(_CLOSE_TO_OPEN[ch])
    prefix = "".join(reversed(missing_open))
    suffix = "".join(_OPEN_TO_CLOSE[m] for m in reversed(stack))
    return prefix + text + suffix


def occurrence_display(o: Occurrence) -> str:
    """One outlet's rendering in a comparison.

    A rendering's ``content`` is only what the outlet quoted (``sayso.model.Occurrence``): for a
    mixed quote the words *inside* its marks, without the narration and without the marks. So a
    mixed rendering shows each quoted piece in its own marks ('“a farce” … “a disgrace”'), never
    one pair of marks over pieces the outlet quoted apart. A rendering without offsets keeps the
    quote's whole content, which for a mixed quote still holds its marks: shown as the CLI does.
    """
    if o.kind != "mixed" or not o.content_spans:
        return quote_display(Quote(id="", kind=o.kind, content=o.content, content_spans=o.content_spans))
    return JOIN.join(
        quote_display(Quote(id="", kind="direct", content=s.text, content_spans=()))
        for s in o.content_spans
        if s.text.strip()
    )


def with_comparison_display(data: dict[str, Any], comparison: Comparison) -> dict[str, Any]:
    """Add ``display`` to each occurrence of ``comparison.to_dict()`` (same order as the groups
    and occurrences of ``comparison``, which keep their spans' text)."""
    for group, aligned in zip(data.get("groups") or [], comparison.groups, strict=True):
        for occ, o in zip(group.get("occurrences") or [], aligned.occurrences, strict=True):
            occ["display"] = occurrence_display(o)
    return data
