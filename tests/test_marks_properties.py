"""Properties of the quotation-mark scanner that must hold for any text (Hypothesis)."""

from __future__ import annotations

import re
from itertools import pairwise

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sayso.quotes.marks import scan_quotes
from sayso.quotes.types import MarkedQuote

MARKS = ['"', "'", "''", "``", "`", "’’", "‘‘", *"“”‘’«»‹›„‚‟‛″"]
MARK_CHARS = set("".join(MARKS))

# Text made mostly of the characters the scanner cares about, so the interesting paths run.
noisy_text = st.lists(
    st.one_of(
        st.sampled_from(MARKS),
        st.sampled_from([" ", "\n", "\n\n", "\r\n", ",", ".", "(", ")", "—", ":", "s", "90", "em", "n"]),
        st.text(alphabet="abcXY", min_size=1, max_size=4),
    ),
    max_size=60,
).map("".join)
any_text = st.one_of(noisy_text, st.text(max_size=200))

STYLES = [
    ('"', '"'),
    ("“", "”"),
    ("‘", "’"),
    ("'", "'"),
    ("«", "»"),
    ("»", "«"),
    ("‹", "›"),
    ("„", "“"),
    ("„", "”"),
    ("‚", "‘"),
    ("''", "''"),
    ("``", "''"),
]
# A single mark before these reads as an elision apostrophe ('em, 'n', '90s), by design.
ELISION_START = re.compile(r"(?i)(?:em|n|s|til|cause|cos|bout|tis|twas|nuff|cept)\b|\d\d")

word = st.text(
    alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", min_size=1, max_size=8
)
sentence = st.lists(word, min_size=1, max_size=8).map(" ".join)
content = st.tuples(sentence, st.sampled_from(["", ",", ".", "!", "?", " ...", " -- yes"])).map("".join)
before = st.sampled_from([" ", " (", " —", ": ", ", ", "\n"])
after = st.sampled_from([" ", ") ", "—", ", ", ".", "\n"])


def _all_spans(quotes: list[MarkedQuote]) -> list[tuple[int, int]]:
    return [span for q in quotes for span in q.spans]


@settings(max_examples=150, deadline=None)
@given(any_text)
def test_never_raises_and_spans_are_sane(text: str) -> None:
    quotes = scan_quotes(text)
    for q in quotes:
        assert q.spans
        assert q.depth >= 0
        assert q.closed is False or q.close_mark is not None
        for a, b in q.spans:
            assert 0 <= a < b <= len(text)
            assert not text[a].isspace() and not text[b - 1].isspace()
            assert "\n" not in text[a:b]  # no span crosses a paragraph boundary
        assert all(q.spans[k][1] < q.spans[k + 1][0] for k in range(len(q.spans) - 1))
    starts = [q.spans[0][0] for q in quotes]
    assert starts == sorted(starts)


@settings(max_examples=150, deadline=None)
@given(any_text)
def test_outer_quotes_do_not_overlap(text: str) -> None:
    spans = sorted(_all_spans([q for q in scan_quotes(text) if q.depth == 0]))
    for (_, b), (c, _) in pairwise(spans):
        assert b <= c


@settings(max_examples=150, deadline=None)
@given(any_text)
def test_inner_quotes_lie_inside_a_quote_one_level_up(text: str) -> None:
    quotes = scan_quotes(text)
    for q in quotes:
        if q.depth == 0:
            continue
        outer = _all_spans([p for p in quotes if p.depth == q.depth - 1])
        for a, b in q.spans:
            assert any(c <= a and b <= d for c, d in outer)


@settings(max_examples=150, deadline=None)
@given(any_text)
def test_spans_stop_short_of_their_own_marks(text: str) -> None:
    for q in scan_quotes(text):
        first_start = q.spans[0][0]
        assert text[:first_start].rstrip().endswith(q.open_mark)
        for a, _ in q.spans[1:]:  # every later paragraph was reopened by some mark
            assert text[:a].rstrip()[-1:] in MARK_CHARS
        if q.close_mark is not None:
            tail = text[q.spans[-1][1] :]
            rest = tail.lstrip()
            if not rest.startswith(q.close_mark):
                # The long-quote convention: a paragraph that reopens the quote and closes it at
                # once adds no span; its reopening mark stands between the last span and the closer.
                assert "\n" in tail[: len(tail) - len(rest)]
                assert any(
                    set(rest[:k]) <= MARK_CHARS and rest[k:].lstrip().startswith(q.close_mark) for k in (1, 2)
                )


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(STYLES), sentence, content, sentence, before, after)
def test_round_trip_each_style(
    style: tuple[str, str], prefix: str, inner: str, suffix: str, lead: str, trail: str
) -> None:
    open_mark, close_mark = style
    if "'" in open_mark or "‘" in open_mark or "‚" in open_mark:
        assume(not ELISION_START.match(inner))
    text = f"{prefix}{lead}{open_mark}{inner}{close_mark}{trail}{suffix}"
    start = len(prefix) + len(lead) + len(open_mark)
    quotes = scan_quotes(text)
    assert len(quotes) == 1
    q = quotes[0]
    assert q.spans == ((start, start + len(inner)),)
    assert (q.open_mark, q.close_mark, q.closed, q.depth) == (open_mark, close_mark, True, 0)


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from([('"', '"'), ("“", "”"), ("''", "''"), ("«", "»"), ("‘", "’")]),
    st.lists(sentence.map(lambda s: s + "."), min_size=2, max_size=5),
    st.sampled_from(["\n\n", "\n", "\r\n\r\n", "\n \n"]),
)
def test_round_trip_multi_paragraph(style: tuple[str, str], paragraphs: list[str], sep: str) -> None:
    open_mark, close_mark = style
    if open_mark == "‘":
        assume(not any(ELISION_START.match(p) for p in paragraphs))
    pieces = [open_mark + p for p in paragraphs]
    pieces[-1] += close_mark + " the engineer said."
    text = "Intro line.\n\n" + sep.join(pieces)
    expected, pos = [], len("Intro line.\n\n")
    for p in paragraphs:
        pos += len(open_mark)
        expected.append((pos, pos + len(p)))
        pos += len(p) + len(sep)
    quotes = scan_quotes(text)
    assert len(quotes) == 1
    assert quotes[0].spans == tuple(expected)
    assert quotes[0].closed


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "don't",
                "Alec's",
                "the '90s",
                "rock 'n' roll",
                "students' votes",
                "'em",
                "O'Brien",
                "don’t",
                "Alec’s",
                "the ’90s",
                "rock ’n’ roll",
                "students’ votes",
                "’em",
                "O’Brien",
            ]
        ),
        min_size=1,
        max_size=12,
    ),
    sentence,
)
def test_apostrophe_words_are_never_quotes(words: list[str], filler: str) -> None:
    text = " ".join(w + " " + filler for w in words) + "."
    assert scan_quotes(text) == []


@settings(max_examples=150, deadline=None)
@given(noisy_text, sentence, content, st.sampled_from(["\n\n", "\n"]))
def test_stray_marks_stay_in_their_paragraph(noise: str, lead: str, inner: str, sep: str) -> None:
    """Whatever mess comes before, a clean paragraph (not opening with a mark) reads the same."""
    assume(noise.strip())
    clean = f"{lead} “{inner}” she said."
    offset = len(noise) + len(sep)
    text = noise + sep + clean
    tail = [
        MarkedQuote(
            tuple((a - offset, b - offset) for a, b in q.spans), q.open_mark, q.close_mark, q.closed, q.depth
        )
        for q in scan_quotes(text)
        if q.spans[0][0] >= offset
    ]
    assert tail == scan_quotes(clean)
