"""The table of rows that every listing command prints (search, speakers, stories, show, ...).

Why not Rich, which draws every other report of the CLI: importing and laying out a Rich table
costs ~90 ms, more than the rest of a ``sayso search`` call together, and the search's budget
from the shell is 150 ms with process start (issue 12, ``bench/search_cli.py``). A table of
plain cells needs little of Rich: choose column widths, wrap, pad, draw the same box Rich draws.
What it must guarantee is tested (``tests/test_cli_table.py``): the table never exceeds the
width, ids, numbers and dates are wrapped but never cut (a doc id read off the table pastes back
into ``sayso show``), nothing else is cut either (a long name wraps), and every cell goes
through ``sayso.output.printable``, the one sanitiser, before it is measured.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Mapping, Sequence
from typing import IO, Any
from unicodedata import combining, east_asian_width

from sayso.output import printable

#: Box pieces (left, fill, joint, right) for the top, header-rule, and bottom lines, and the
#: verticals of header and body rows: Rich's default heavy-head box, so a listing looks like
#: every other table of the CLI; plain ASCII when the output cannot encode it.
_UNICODE = {"top": "┏━┳┓", "rule": "┡━╇┩", "bottom": "└─┴┘", "head": "┃", "body": "│"}
_ASCII = {"top": "+-++", "rule": "+=++", "bottom": "+-++", "head": "|", "body": "|"}

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
#: Room labels (outlet, speaker, relation) keep longest when the table is too wide.
LABEL_WIDTH = 22
#: Room a wide column (quote text, titles) keeps while the other columns give way.
WIDE_MIN = 24


def print_table(
    rows: Sequence[Mapping[str, Any]],
    columns: Sequence[str],
    *,
    file: IO[str] | None = None,
    title: str | None = None,
    id_columns: Sequence[str] = (),
    wide_columns: Sequence[str] = (),
    width: int | None = None,
) -> None:
    """``rows`` as a boxed table of ``columns``, at most ``width`` characters wide (the
    terminal's, or ``COLUMNS``, or 80 when the output is no terminal, as Rich decides).

    Columns get the room their longest cell needs; when the table is too wide, the wide columns
    give way first (down to ``WIDE_MIN``), then labels and ids, then all columns alike, and cells
    wrap at spaces (a word longer than its column is folded). Numbers are right-aligned.
    """
    out = file if file is not None else sys.stdout
    cells = [[printable(_cell(row.get(col)), one_line=True) for col in columns] for row in rows]
    heads = [printable(col, one_line=True) for col in columns]
    kinds = [_kind(col, [row.get(col) for row in rows], id_columns, wide_columns) for col in columns]
    widths = _widths(heads, cells, kinds, (width or _terminal_width(out)) - 3 * len(columns) - 1)
    box = _UNICODE if _encodes(out, "┏━┡└│") else _ASCII
    lines = [_rule(box["top"], widths)]
    lines += _row(heads, widths, ["text"] * len(columns), box["head"])
    lines.append(_rule(box["rule"], widths))
    for row_cells in cells:
        lines += _row(row_cells, widths, kinds, box["body"])
    lines.append(_rule(box["bottom"], widths))
    if title:
        span = _display_width(lines[0])
        lines.insert(0, " " * max(0, (span - _display_width(title)) // 2) + printable(title, one_line=True))
    out.write("\n".join(lines) + "\n")


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.2f}"
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value))
    return str(value)


def _kind(col: str, values: list[Any], id_columns: Sequence[str], wide_columns: Sequence[str]) -> str:
    """``number`` and ``date`` (never cut, kept on one line while there is room), ``id``,
    ``wide`` or ``label``."""
    present = [v for v in values if v is not None]
    if present and all(isinstance(v, int | float) and not isinstance(v, bool) for v in present):
        return "number"
    if present and all(isinstance(v, str) and _DATE.fullmatch(v) for v in present):
        return "date"
    if col in wide_columns:
        return "wide"
    return "id" if col in id_columns else "label"


def _widths(heads: list[str], cells: list[list[str]], kinds: list[str], room: int) -> list[int]:
    """Each column's width, summing to at most ``room`` (or one character each when even that
    does not fit).

    Every column starts at the width of its longest cell; while the table is too wide, a
    character is taken from the widest column that may still give one, stage by stage: labels
    first wrap to ``LABEL_WIDTH``; the quote text keeps two fifths of the room longest; then labels wrap to
    12 and the headers of numbers and dates wrap over their values (which stay whole); then the
    quote text gives way to ``WIDE_MIN``, ids and labels to 8, and only then every column.
    """
    longest = [
        max([_display_width(h), *(_display_width(row[i]) for row in cells)]) for i, h in enumerate(heads)
    ]
    widths = [max(1, n) for n in longest]
    fixed = [
        max([_longest_chunk(h), *(_display_width(row[i]) for row in cells)])
        if kinds[i] in ("number", "date")
        else 1
        for i, h in enumerate(heads)
    ]
    stages: tuple[tuple[set[str], int | list[int]], ...] = (
        ({"label"}, LABEL_WIDTH),
        ({"wide"}, max(WIDE_MIN, room * 2 // 5)),
        ({"label"}, 12),
        ({"number", "date"}, fixed),
        ({"wide"}, WIDE_MIN),
        ({"label", "id"}, 8),
        ({"wide", "label", "id"}, 4),
        (set(kinds), 1),
    )
    for allowed, floor in stages:
        floors = floor if isinstance(floor, list) else [floor] * len(widths)
        excess = sum(widths) - max(room, 0)
        while excess > 0:
            candidates = [i for i, k in enumerate(kinds) if k in allowed and widths[i] > floors[i]]
            if not candidates:
                break
            widths[max(candidates, key=lambda i: widths[i])] -= 1
            excess -= 1
    return widths


def _row(cells: list[str], widths: list[int], kinds: list[str], bar: str) -> list[str]:
    wrapped = [_wrap(cell, w) for cell, w in zip(cells, widths, strict=True)]
    height = max((len(lines) for lines in wrapped), default=1)
    out = []
    for n in range(height):
        parts = []
        for lines, w, kind in zip(wrapped, widths, kinds, strict=True):
            text = lines[n] if n < len(lines) else ""
            pad = " " * (w - _display_width(text))
            parts.append(f" {pad}{text} " if kind == "number" else f" {text}{pad} ")
        out.append(bar + bar.join(parts) + bar)
    return out


def _rule(pieces: str, widths: list[int]) -> str:
    left, fill, joint, right = tuple(pieces)
    return left + joint.join(fill * (w + 2) for w in widths) + right


def _wrap(text: str, width: int) -> list[str]:
    """Greedy wrap by display width at spaces, or after a ``_`` or ``-`` inside a word
    ("single_" / "source"); a piece wider than the column is folded."""
    lines: list[str] = []
    line = ""
    for n, word in enumerate(text.split(" ")):
        for k, piece in enumerate(_CHUNK.findall(word) or [""]):
            candidate = line + (" " if n and not k and line else "") + piece
            if _display_width(candidate) <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while _display_width(piece) > width:
                head = _fit(piece, width)
                lines.append(head)
                piece = piece[len(head) :]
            line = piece
    lines.append(line)
    return lines


#: The pieces a word may be wrapped between: each ends after its ``_`` or ``-`` run.
_CHUNK = re.compile(r"[^_-]*[_-]+|[^_-]+")


def _longest_chunk(text: str) -> int:
    return max((_display_width(p) for word in text.split(" ") for p in _CHUNK.findall(word)), default=1)


def _fit(word: str, width: int) -> str:
    """The longest start of ``word`` at most ``width`` wide (at least one character)."""
    used = 0
    for i, ch in enumerate(word):
        used += _char_width(ch)
        if used > width:
            return word[: max(i, 1)]
    return word


def _display_width(text: str) -> int:
    if text.isascii():
        return len(text)
    return sum(_char_width(ch) for ch in text)


def _char_width(ch: str) -> int:
    if ch.isascii():
        return 1
    if combining(ch):
        return 0
    return 2 if east_asian_width(ch) in ("W", "F") else 1


def _terminal_width(out: IO[str]) -> int:
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    try:
        return os.get_terminal_size(out.fileno()).columns
    except (AttributeError, OSError, ValueError):  # a pipe, a file, a StringIO
        return 80


def _encodes(out: IO[str], sample: str) -> bool:
    encoding = getattr(out, "encoding", None) or "utf-8"
    try:
        sample.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True
