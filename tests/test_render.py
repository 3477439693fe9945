"""Quotes as a reader sees them: marks only around words someone said."""

from __future__ import annotations

from sayso.model import Quote, Span
from sayso.render import balance_marks, quote_display, row_display, stored_pieces


def _quote(kind: str, text: str, *pieces: tuple[int, int]) -> Quote:
    spans = tuple(Span.of(text, a, b) for a, b in pieces)
    return Quote(id="q1", kind=kind, content=" ".join(s.text for s in spans), content_spans=spans)  # type: ignore[arg-type]


TEXT = "“The bridge stays shut,” the mayor said, “until the engineers sign off.”"


def test_a_split_direct_quote_is_joined_with_an_ellipsis_inside_one_pair_of_marks() -> None:
    q = _quote("direct", TEXT, (1, 23), (41, 72))
    assert quote_display(q) == "“The bridge stays shut, … until the engineers sign off.”"


def test_indirect_speech_is_never_inside_quotation_marks() -> None:
    text = "The mayor said the bridge would stay shut."
    q = _quote("indirect", text, (15, 42))
    assert quote_display(q) == "the bridge would stay shut."
    assert "“" not in quote_display(q) and '"' not in quote_display(q)


def test_a_mixed_quote_keeps_narration_outside_and_closes_a_cut_mark() -> None:
    text = "She said the show was “the most boring thing on television."
    start = text.index("the show")
    q = _quote("mixed", text, (start, len(text) - 1))
    assert quote_display(q) == "the show was “the most boring thing on television”"


def test_apostrophes_are_not_quotation_marks() -> None:
    assert balance_marks("the council’s “final offer”") == "the council’s “final offer”"
    assert balance_marks("they don’t “agree") == "they don’t “agree”"
    assert balance_marks("final offer” was refused") == "“final offer” was refused"


def test_a_stored_split_quote_is_cut_into_its_pieces_by_the_lengths_of_its_spans() -> None:
    # A database row has the joined content and the offsets, not the article's text.
    q = _quote("direct", TEXT, (1, 23), (41, 72))
    row = {"kind": "direct", "content": q.content, "content_spans": [[1, 23], [41, 72]]}
    assert row_display(row) == quote_display(q) == "“The bridge stays shut, … until the engineers sign off.”"
    assert stored_pieces(q.content, "[[1, 23], [41, 72]]") == [s.text for s in q.content_spans]
    # Offsets that do not fit the content (a hand-written row) leave it whole.
    assert stored_pieces(q.content, [[0, 5], [9, 12]]) == [q.content]
    assert (
        row_display({"kind": "indirect", "content": "the bridge would stay shut"})
        == "the bridge would stay shut"
    )


def test_a_quote_that_runs_on_over_a_paragraph_break_shows_no_omission() -> None:
    # QA, nineteenth session: "… " between the paragraphs of one quote told a reader words were
    # left out. Between them stand only the break and the next paragraph's opening mark.
    text = "“We are ready to talk tonight.\n\n“But we will not be bullied,” said Ana Ruiz."
    q = _quote("direct", text, (1, 30), (33, 60))
    assert quote_display(q) == "“We are ready to talk tonight. But we will not be bullied,”"
    row = {"kind": "direct", "content": q.content, "content_spans": [[1, 30], [33, 60]]}
    assert row_display(row) == quote_display(q)
    split = _quote("direct", TEXT, (1, 23), (41, 72))
    assert " … " in quote_display(split)


def test_a_quote_running_on_over_a_windows_paragraph_break_shows_no_omission() -> None:
    text = "“We are ready to talk tonight.\r\n\r\n“But we will not be bullied,” said Ana Ruiz."
    q = _quote("direct", text, (1, 30), (35, 62))
    assert quote_display(q) == "“We are ready to talk tonight. But we will not be bullied,”"


def test_what_is_described_as_reads_as_the_words_after_as() -> None:
    # PolNeAR marks "what" and "as ..." as the content's two pieces; the reader sees the words
    text = "The mayor called for an end to what she described as a cycle of crisis and repair."
    what, as_ = text.index("what"), text.index("as a cycle")
    q = _quote("indirect", text, (what, what + 4), (as_, len(text) - 1))
    assert quote_display(q) == "a cycle of crisis and repair"
