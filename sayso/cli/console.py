"""Rich, for the commands that draw something: data-safe consoles, tables of rows, progress bars.

Kept apart from ``sayso.cli.common`` so that importing the CLI does not import Rich (~50 ms):
``sayso search --format jsonl`` never draws, and even a table pays for Rich only when it is
printed. Everything a command prints to a terminal goes through ``TerminalConsole``: file names,
doc ids, titles and quotes are data, so they are never parsed as Rich markup (a quote saying
``[not]`` keeps the word) and their control characters are shown as ``\\x1b`` instead of reaching
the terminal (``sayso.output.printable``, the one sanitiser).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import IO, TYPE_CHECKING, Any

from rich.console import Console, ConsoleOptions, RenderableType
from rich.segment import Segment

if TYPE_CHECKING:
    from rich.progress import Progress, ProgressColumn

from sayso.output import printable


class TerminalConsole(Console):
    """A Rich console for data: no markup, no ``:emoji:`` codes, no control characters.

    Markup and emoji codes are switched off for every plain string it prints, including table
    cells and titles built elsewhere (``sayso.compare.report``). As a last line of defence every
    rendered piece of text is passed through ``printable``, so an escape sequence inside an
    article cannot reach the terminal even when a renderer forgot to sanitise it; the commands
    still sanitise their own strings first, because text escaped only here was laid out at its
    raw width and may be cut at a column edge.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("markup", False)
        kwargs.setdefault("emoji", False)
        kwargs.setdefault("highlight", False)
        super().__init__(*args, **kwargs)

    def render(self, renderable: RenderableType, options: ConsoleOptions | None = None) -> Iterable[Segment]:
        for segment in super().render(renderable, options):
            # Control segments (cursor moves of live displays) are Rich's own, not data.
            if segment.control is None and segment.text:
                text = printable(segment.text)
                if text != segment.text:
                    segment = Segment(text, segment.style)
            yield segment


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
    """Rows as a Rich table whose ids are wrapped, never cut: a doc id, quote id or story id
    read off the table pastes back into ``sayso show`` or ``--story`` at any terminal width.

    Cells are ``Text``, never markup: a stored quote "we would [not] raise taxes" keeps [not].
    Numbers keep every digit; wide columns (quote text, titles) get the spare room and fold; the
    other columns are short labels and may be cut with an ellipsis. ``width``: the terminal's
    (``COLUMNS``) when None.
    """
    from rich.table import Table
    from rich.text import Text

    table = Table(title=title, show_lines=False, highlight=False, expand=True)
    for col in columns:
        values = [row.get(col) for row in rows if row.get(col) is not None]
        if values and all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
            # Counts and scores: never cut either ("3245" shown as "32…" would be a lie).
            digits = max(len(_cell(v)) for v in values)
            table.add_column(col, justify="right", no_wrap=True, min_width=digits, overflow="fold")
        elif values and all(isinstance(v, str) and _DATE.fullmatch(v) for v in values):
            # Dates neither: "201…" says no year at all.
            table.add_column(col, no_wrap=True, min_width=max(len(str(v)) for v in values), overflow="fold")
        elif col in wide_columns:
            table.add_column(col, overflow="fold", ratio=4, min_width=24)
        elif col in id_columns:
            # Short ids (q1, st-…) get their own width; long ones twice a label's share, so a
            # 16-character doc id fits on one line from ~100 columns. Folded, never cut.
            longest = max((len(_cell(v)) for v in values), default=0)
            if longest <= 12:
                table.add_column(col, overflow="fold", min_width=max(longest, min(len(col), 10)))
            else:
                table.add_column(col, overflow="fold", ratio=2, min_width=min(len(col), 10))
        else:
            table.add_column(
                col, overflow="ellipsis", no_wrap=True, max_width=22, min_width=min(len(col), 10), ratio=1
            )
    for row in rows:
        table.add_row(*(Text("" if row.get(c) is None else printable(_cell(row[c]))) for c in columns))
    TerminalConsole(file=file, width=width).print(table)


_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.2f}"
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value))
    return str(value)


def stderr_progress(*columns: ProgressColumn | str, enabled: bool = True) -> Progress:
    """A Rich progress display on stderr, drawn only on a terminal and erased when done, so logs
    and pipes get the summary line alone (``enabled=False`` keeps it off in any case)."""
    from rich.progress import Progress

    console = Console(stderr=True)
    return Progress(*columns, console=console, transient=True, disable=not (enabled and console.is_terminal))


def counted_progress(label: str, unit: str = "articles", *, enabled: bool = True) -> Progress:
    """The one progress bar of the long runs: a total when it is known, and the time left.

    ``task.fields['detail']`` carries the running counts (new, failed, quotes, ...). Without a
    total (``total=None``) Rich shows a pulsing bar and the time left stays blank, so a command
    that can count its input cheaply should set the total as soon as it knows it.
    """
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        SpinnerColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    return stderr_progress(
        SpinnerColumn(),
        TextColumn(label),
        BarColumn(bar_width=None),
        MofNCompleteColumn(),
        TextColumn(unit + " · {task.fields[detail]}"),
        TimeElapsedColumn(),
        TextColumn("· left"),
        TimeRemainingColumn(),
        enabled=enabled,
    )
