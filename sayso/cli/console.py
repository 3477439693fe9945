"""Rich, for the commands that draw reports: data-safe consoles and progress bars.

Kept apart from ``sayso.cli.common`` so that importing the CLI does not import Rich (~50 ms);
the plain tables of rows that listings print are drawn without Rich (``sayso.cli.table``), so
``sayso search`` never imports it. Everything a command prints through Rich goes through
``TerminalConsole``: file names, doc ids, titles and quotes are data, so they are never parsed as
Rich markup (a quote saying ``[not]`` keeps the word) and their control characters are shown as
``\\x1b`` instead of reaching the terminal (``sayso.output.printable``, the one sanitiser).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

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
