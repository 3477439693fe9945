"""The rows table of the listings (``sayso.cli.table``): never wider than asked, nothing cut,
data shown as text."""

from __future__ import annotations

import io
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from sayso.cli.table import print_table

COLUMNS = ("doc", "speaker", "content", "quotes", "day")


def draw(rows: list[dict[str, Any]], width: int, **kwargs: Any) -> str:
    out = io.StringIO()
    print_table(
        rows, COLUMNS, file=out, id_columns=("doc",), wide_columns=("content",), width=width, **kwargs
    )
    return out.getvalue()


def column_text(table: str, index: int) -> str:
    """A column's cells read back: its pieces on the body lines, joined without the wrapping."""
    lines = [line for line in table.splitlines() if line.startswith("│")]
    return "".join(line.split("│")[1:-1][index].strip() for line in lines)


words = st.text(alphabet="abcdefgh_-é漢", min_size=1, max_size=14)
rows_strategy = st.lists(
    st.fixed_dictionaries(
        {
            "doc": st.text(alphabet="AbCd0123", min_size=1, max_size=30),
            "speaker": st.lists(words, min_size=1, max_size=4).map(" ".join),
            "content": st.lists(words, min_size=1, max_size=40).map(" ".join),
            "quotes": st.integers(0, 10**9),
            "day": st.dates().map(lambda d: d.isoformat()),
        }
    ),
    min_size=1,
    max_size=4,
)


@settings(max_examples=150, deadline=None)
@given(rows=rows_strategy, width=st.integers(40, 160))
def test_never_wider_than_the_width_and_nothing_is_lost(rows: list[dict[str, Any]], width: int) -> None:
    table = draw(rows, width)
    from sayso.cli.table import _display_width

    assert all(_display_width(line) <= width for line in table.splitlines()), table
    # Each cell's characters come back in order once the wrapping is undone: nothing is cut.
    for index, column in enumerate(COLUMNS):
        shown = column_text(table, index)
        expected = "".join(str(row[column]).replace(" ", "") for row in rows)
        assert shown.replace(" ", "") == expected, (column, table)


def test_ids_numbers_and_dates_stay_whole_when_there_is_room() -> None:
    rows = [
        {
            "doc": "h1fPCezpKcJ0aB9x",
            "speaker": "Ana Ruiz",
            "content": "word " * 60,
            "quotes": 12345,
            "day": "2024-03-05",
        }
    ]
    table = draw(rows, 100)
    body = [line.split("│")[1:-1] for line in table.splitlines() if line.startswith("│")]
    assert body[0][0].strip() == "h1fPCezpKcJ0aB9x"  # one line: pastes back into 'sayso show'
    assert body[0][3].strip() == "12345" and body[0][4].strip() == "2024-03-05"
    assert body[0][1].strip() == "Ana Ruiz"
    assert len(body) > 5  # the long quote text wrapped instead of widening the table


def test_a_label_wraps_at_words_and_a_header_after_an_underscore() -> None:
    out = io.StringIO()
    rows = [{"speaker": "the chair of the harbour board", "other_outlets": 3, "content": "x " * 80}]
    print_table(rows, ("speaker", "other_outlets", "content"), file=out, wide_columns=("content",), width=50)
    lines = out.getvalue().splitlines()
    heads = [line.split("┃")[2].strip() for line in lines if line.startswith("┃")]
    assert heads[:2] == ["other_", "outlets"]
    speaker = [line.split("│")[1].strip() for line in lines if line.startswith("│")]
    assert " ".join(s for s in speaker if s) == "the chair of the harbour board"


def test_cells_are_text_not_markup_or_terminal_codes() -> None:
    rows = [
        {
            "doc": "d1",
            "speaker": "[bold]Ana[/bold]",
            "content": "we would \x1b]2;owned\x07 [not] pay",
            "quotes": 1,
            "day": None,
        }
    ]
    table = draw(rows, 200)
    assert "[bold]Ana[/bold]" in table and "[not]" in table
    assert "\x1b" not in table and "\x07" not in table


def test_a_title_is_centred_and_an_output_that_cannot_encode_the_box_gets_ascii() -> None:
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="ascii", errors="strict")
    print_table([{"doc": "d1", "quotes": 2}], ("doc", "quotes"), file=out, title="2 quotes", width=40)
    out.flush()
    text = raw.getvalue().decode("ascii")
    assert text.splitlines()[0].strip() == "2 quotes" and text.startswith(" ")
    assert text.splitlines()[1].startswith("+-") and "| d1 " in text


def test_no_rows_still_draws_the_header() -> None:
    table = draw([], 80)
    assert "┃ doc" in table and table.count("\n") == 4
