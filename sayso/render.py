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

import itertools
import json
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from sayso.quotes import glyphs as g
from sayso.vocab import QUOTE_KINDS

if TYPE_CHECKING:  # the model stays unimported: 'sayso search' prints rows with this module
    from sayso.model import Comparison, Occurrence, Quote

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
#: Words that open a free relative: "what he described as ...".
_FREE_RELATIVES = frozenset({"what", "whatever"})


#: At most this many characters between two pieces hold no word: a paragraph break ("\r\n\r\n"
#: too) and the opening mark of a quote that runs on over it ('...serious.\n\n“But ...'), or two
#: quotes side by side. Such pieces are joined by a space, since nothing was left out between
#: them; narration between the pieces of a split quote takes more (', he said, “' is 12).
RUN_ON_GAP = 6


def quote_display(quote: Quote) -> str:
    """The quote as it should be printed (see the module docstring)."""
    return _spans_display(quote.kind, quote.content_spans, quote.content)


def _spans_display(kind: str, spans: Iterable[Any], content: str) -> str:
    """A quote of ``kind`` from its spans (``Span``s, with text and offsets), or its content."""
    kept = [s for s in spans if s.text.strip()]
    if not kept:
        return pieces_display(kind, [content])
    return pieces_display(kind, [s.text for s in kept], _gaps([(s.start, s.end) for s in kept]))


def _gaps(offsets: list[tuple[int, int]]) -> list[int]:
    return [b[0] - a[1] for a, b in itertools.pairwise(offsets)]


def pieces_display(kind: str, pieces: list[str], gaps: list[int] | None = None) -> str:
    """A quote of ``kind`` made of ``pieces`` (one, or the pieces of a split quote), printed.

    ``gaps`` (characters between each piece and the next, when known) tell a quote that runs on
    over a paragraph break, joined by a space, from one split by narration, joined by " … "."""
    kept = [
        (p.strip(), g)
        for p, g in zip(pieces, [*(gaps or []), *[None] * len(pieces)], strict=False)
        if p.strip()
    ]
    if len(kept) > 1 and kept[0][0].lower() in _FREE_RELATIVES and kept[1][0].lower().startswith("as "):
        # "what the campaign describes as a major jobs speech": what was said is the "as"
        # phrase; "what … as a major jobs speech" read as junk (QA helpers, forty-fourth
        # session). The spans keep both pieces, as PolNeAR's annotators mark them.
        kept = [(kept[1][0][3:].lstrip(), kept[1][1]), *kept[2:]]
    if not kept:
        kept = [("", None)]
    if kind == "direct":
        kept = [(p.strip('"“”'), g) for p, g in kept]
    text = kept[0][0]
    for (_, gap), (piece, _) in itertools.pairwise(kept):
        text += (" " if gap is not None and 0 <= gap <= RUN_ON_GAP else JOIN) + piece
    if kind == "direct":
        return "“" + text + "”"
    if kind == "indirect":
        return text
    return balance_marks(text)


#: Opening double marks a straight one may close: pages mix the styles ('arguing that "they
#: are ... Obamacare.”', 'indeed “knows exactly what he's doing," which'), and a mark of one
#: style closed by the other is one quote, not two left open (QA helpers, forty-fifth session).
_DOUBLE_OPENERS = frozenset({g.STRAIGHT_DOUBLE, g.LEFT_DOUBLE, g.LOW_DOUBLE})


def _mixed_doubles(opened: str, closing: str) -> bool:
    return opened == g.STRAIGHT_DOUBLE and closing == g.RIGHT_DOUBLE


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
            if stack and stack[-1] in _DOUBLE_OPENERS:
                stack.pop()
            else:
                stack.append(ch)
        elif ch in _OPEN_TO_CLOSE and ch not in _CLOSE_TO_OPEN:
            stack.append(ch)
        elif ch in _CLOSE_TO_OPEN:
            if stack and (_OPEN_TO_CLOSE.get(stack[-1]) == ch or _mixed_doubles(stack[-1], ch)):
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
        return _spans_display(o.kind, o.content_spans, o.content)
    return JOIN.join(pieces_display("direct", [s.text]) for s in o.content_spans if s.text.strip())


def with_comparison_display(data: dict[str, Any], comparison: Comparison) -> dict[str, Any]:
    """Add ``display`` to each occurrence of ``comparison.to_dict()`` (same order as the groups
    and occurrences of ``comparison``, which keep their spans' text)."""
    for group, aligned in zip(data.get("groups") or [], comparison.groups, strict=True):
        for occ, o in zip(group.get("occurrences") or [], aligned.occurrences, strict=True):
            occ["display"] = occurrence_display(o)
    return data


def stored_pieces(content: str, spans: Any) -> list[str]:
    """The pieces of a stored quote, cut from its ``content`` by the lengths of its spans.

    A database row holds ``content`` (the pieces joined by one space) and the pieces' offsets
    into the article, not the article's text: the lengths are enough to cut the pieces out again,
    so a split quote reads "“first, … second.”" in search results as it does in ``sayso
    extract``. Offsets that do not fit the content (a row written by hand) give it whole.
    """
    offsets = _offsets(spans)
    lengths = [b - a for a, b in offsets]
    if len(lengths) < 2 or min(lengths) < 0 or sum(lengths) + len(lengths) - 1 != len(content):
        return [content]
    pieces, at = [], 0
    for n in lengths:
        pieces.append(content[at : at + n])
        at += n + 1
    return pieces


def row_display(row: Mapping[str, Any]) -> str:
    """A stored quote (a search hit, a speaker's quote, an export row) as it should be printed."""
    content = str(row.get("content") or "")
    kind = row.get("kind") if row.get("kind") in QUOTE_KINDS else "direct"  # one sayso does not know
    pieces = stored_pieces(content, row.get("content_spans"))
    gaps = _gaps(_offsets(row.get("content_spans"))) if len(pieces) > 1 else None
    return pieces_display(str(kind), pieces, gaps)


def _offsets(spans: Any) -> list[tuple[int, int]]:
    """``[[start, end], ...]`` as stored (a list, or its JSON text); nothing when unreadable."""
    if isinstance(spans, str):
        try:
            spans = json.loads(spans)
        except ValueError:
            return []
    try:
        return [(int(a), int(b)) for a, b in spans or ()]
    except (TypeError, ValueError):
        return []


def rows_with_display(rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Copies of ``rows``, each with its ``display`` (copies: a page of rows may be a cached one)."""
    return [{**row, "display": row_display(row)} for row in rows]


def table_rows(rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Copies of ``rows`` for a terminal table: each with its ``quote`` as ``row_display`` prints it."""
    return [{**row, "quote": row_display(row)} for row in rows]
