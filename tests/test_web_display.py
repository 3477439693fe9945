"""The ``display`` text of the web JSON (sayso/web/display.py): quotation marks only around words
someone said, by the rule of the CLI tables (sayso/render.py). Invented sentences only."""

from __future__ import annotations

from sayso.model import Occurrence, Span
from sayso.render import JOIN
from sayso.web.display import occurrence_display, row_display, with_article_display

OPEN, CLOSE = "\u201c", "\u201d"


def test_a_mixed_row_is_shown_as_it_is_with_the_narration_outside_the_marks() -> None:
    content = f"that the tunnel {OPEN}leaks like a sieve every spring,{CLOSE} so repairs must come first"
    shown = row_display({"kind": "mixed", "content": content})
    assert shown == content
    assert shown.index(OPEN) > shown.index("that the tunnel"), "no mark before the narration"


def test_a_mixed_row_whose_closing_mark_was_cut_off_gets_it_back() -> None:
    assert row_display({"kind": "mixed", "content": f"called the plan {OPEN}a slow puncture"}) == (
        f"called the plan {OPEN}a slow puncture{CLOSE}"
    )


def test_direct_rows_are_in_marks_and_indirect_rows_never_are() -> None:
    assert (
        row_display({"kind": "direct", "content": "The tunnel stays open."})
        == f"{OPEN}The tunnel stays open.{CLOSE}"
    )
    assert (
        row_display({"kind": "direct", "content": f"{OPEN}Already marked.{CLOSE}"})
        == f"{OPEN}Already marked.{CLOSE}"
    )
    indirect = row_display({"kind": "indirect", "content": "the tunnel would stay open"})
    assert indirect == "the tunnel would stay open"
    assert row_display({"kind": "something new", "content": "words"}) == f"{OPEN}words{CLOSE}"


def test_a_split_direct_quote_of_an_article_is_joined_with_an_ellipsis_inside_one_pair() -> None:
    text = f"{OPEN}The tunnel stays open,{CLOSE} the engineer said, {OPEN}until the pumps fail.{CLOSE}"
    a, b = text.index("The"), text.index(",")
    c, d = text.index("until"), text.rindex(".") + 1
    article = {
        "text": text,
        "quotes": [{"kind": "direct", "content": "The tunnel stays open, until the pumps fail.",
                    "content_spans": [[a, b + 1], [c, d]]}],
    }  # fmt: skip
    (quote,) = with_article_display(article)["quotes"]
    assert quote["display"] == f"{OPEN}The tunnel stays open,{JOIN}until the pumps fail.{CLOSE}"


def test_a_mixed_rendering_in_a_comparison_puts_each_quoted_piece_in_its_own_marks() -> None:
    text = f"She called the levy {OPEN}a farce{CLOSE} and the vote {OPEN}a disgrace{CLOSE}."
    pieces = tuple(Span.of(text, text.index(w), text.index(w) + len(w)) for w in ("a farce", "a disgrace"))
    o = Occurrence(
        doc="d", quote_id="q1", content="a farce a disgrace", content_spans=pieces, speaker=None, kind="mixed"
    )
    assert occurrence_display(o) == f"{OPEN}a farce{CLOSE}{JOIN}{OPEN}a disgrace{CLOSE}"
    # Without offsets a rendering keeps the quote's whole content, marks and narration: as it is.
    whole = f"called the levy {OPEN}a farce{CLOSE}"
    bare = Occurrence(doc="d", quote_id="q1", content=whole, content_spans=(), speaker=None, kind="mixed")
    assert occurrence_display(bare) == whole
    said = Occurrence(
        doc="d", quote_id="q2", content="the levy was unfair", content_spans=(), speaker=None, kind="indirect"
    )
    assert occurrence_display(said) == "the levy was unfair"
