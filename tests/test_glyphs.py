"""One definition of quotation marks: every part of sayso that asks "is this a quote mark?" agrees.

``sayso.quotes.glyphs`` is the definition; these tests fail when a module grows its own set again
or the definition gains a mark a user of it cannot handle.
"""

from __future__ import annotations

import importlib

import pytest

from sayso.compare import normalize, stories
from sayso.evaluate import brat
from sayso.quotes import glyphs, marks
from sayso.quotes.attribution import frames, spans


def test_the_groups_partition_the_marks() -> None:
    groups = [
        glyphs.DOUBLE_MARKS,
        glyphs.SINGLE_MARKS,
        glyphs.BACKTICK,
        glyphs.LEFT_CORNER + glyphs.RIGHT_CORNER,
    ]
    together = "".join(groups)
    assert len(together) == len(set(together))  # no mark in two groups
    assert set(together) == glyphs.QUOTE_MARKS
    assert set(glyphs.APOSTROPHES) <= set(glyphs.SINGLE_MARKS)
    assert set(glyphs.CLOSING_MARKS) <= glyphs.QUOTE_MARKS
    assert all(len(d) == 2 and set(d) <= glyphs.QUOTE_MARKS for d in glyphs.DOUBLED)


@pytest.mark.parametrize("mark", sorted(set(glyphs.DOUBLE_MARKS + glyphs.SINGLE_MARKS)))
def test_stage_one_scans_every_double_and_single_mark(mark: str) -> None:
    """Standing before a word after a space, every mark is a candidate opener for the scanner."""
    found = [m.group() for m in marks._MARK_RE.finditer(f"said {mark}Yes")]
    assert found == [mark]


def test_stage_one_pairs_only_defined_marks() -> None:
    known = glyphs.QUOTE_MARKS | set(glyphs.DOUBLED)
    for opener, closers in marks._CLOSERS.items():
        assert opener in known and closers <= known, opener


def test_every_user_reads_the_same_set() -> None:
    assert brat.QUOTE_MARKS is glyphs.QUOTE_MARKS
    score = importlib.import_module("sayso.evaluate.score")  # the package exports a function `score`
    assert glyphs.QUOTE_MARKS <= score._TRIM
    assert glyphs.QUOTE_MARKS <= spans._EDGE


@pytest.mark.parametrize("mark", sorted(glyphs.QUOTE_MARKS))
def test_stage_two_sees_a_colon_through_any_mark(mark: str) -> None:
    """'He said: “...' — the colon before a quote is found whatever mark opens it."""
    text = f"He said: {mark}Yes"
    assert frames.colon_before(text, text.index("Yes")) == text.index(":")


def test_the_comparison_unifies_every_single_and_double_mark() -> None:
    singles = "".join(glyphs.SINGLE_MARKS)
    doubles = "".join(glyphs.DOUBLE_MARKS)
    assert normalize.typographic(f"a{singles}b") == "a" + "'" * len(singles) + "b"
    # NFKC turns the double prime into two primes, each read as an apostrophe.
    expected = "".join("''" if c == glyphs.DOUBLE_PRIME else '"' for c in doubles)
    assert normalize.typographic(f"a{doubles}b") == f"a{expected}b"


@pytest.mark.parametrize("opener, closer", [("“", "”"), ("„", "“"), ("«", "»"), ('"', '"')])
def test_story_grouping_finds_quotes_in_every_double_style(opener: str, closer: str) -> None:
    quote = "the bridge will stay closed all winter"
    found = stories._QUOTED.search(f"The mayor said {opener}{quote}{closer} on Monday.")
    assert found is not None and found.group(1) == quote
