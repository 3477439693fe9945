"""Writers for extracted articles: JSON Lines, a JSON array, CSV (one row per quote) and a Rich table.

Every writer streams: it writes each article as soon as it arrives, so a run over thousands of
articles shows results early and never holds the whole output in memory (the JSON array too:
brackets and commas are written around the items). Use them as context managers so the closing
bracket of ``json`` is written even when the run stops at a failure::

    with open_writer("jsonl", sys.stdout) as writer:
        for article in articles:
            writer.write(article)
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Iterable
from pathlib import Path
from types import TracebackType
from typing import IO, TYPE_CHECKING, Any, Literal, get_args

if TYPE_CHECKING:
    from sayso.model import Article

# The model, rows and rendering modules are imported by the writers that need them: every
# command imports this module for ``printable``, and ``sayso search`` must start fast.

Format = Literal["jsonl", "json", "csv", "table"]
FORMATS: tuple[str, ...] = get_args(Format)


def __getattr__(name: str) -> Any:
    if name == "CSV_COLUMNS":
        #: CSV columns, one row per quote: the flat quote row (``sayso.rows.FLAT_FIELDS``).
        from sayso.rows import FLAT_FIELDS

        return FLAT_FIELDS
    raise AttributeError(f"module 'sayso.output' has no attribute {name!r}")


#: Speaker colours for the table view: distinct on dark and light terminals, none of them red
#: (kept for errors) and none close to the dim grey used for unattributed quotes.
_PALETTE: tuple[str, ...] = (
    "bold cyan",
    "bold magenta",
    "bold green",
    "bold yellow",
    "bold blue",
    "bright_cyan",
    "bright_magenta",
    "bright_green",
    "dark_orange",
    "orchid",
)


#: What a terminal would obey rather than show: C0 controls (ESC starts colour, cursor, title and
#: hyperlink sequences; CR overwrites the line), DEL and the C1 controls (U+009B is a one-character
#: CSI in some terminals). Tab and newline are layout, kept except in one-line messages.
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_CONTROLS_AND_NEWLINES = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def staging_path(path: Path) -> tuple[Path, Path]:
    """The file an output really goes to, and where it is written before it is moved there once
    complete: ``FILE.part`` beside it, or the file itself when it exists and is not a regular
    file (``/dev/null``, a FIFO, ``/dev/stdout``): renaming a finished file over a device would
    replace the device. A symbolic link is followed: ``-o link.jsonl`` writes the file it
    points to, as a shell's ``>`` does, instead of replacing the link."""
    final = path.resolve() if path.is_symlink() else path
    if final.exists() and not final.is_file():
        return final, final
    return final, final.with_name(final.name + ".part")


def printable(text: object, *, one_line: bool = False) -> str:
    """``text`` with every control character shown as ``\\x1b`` instead of being sent to the terminal.

    Article text, titles, doc ids and file names are data: a file named ``"\\x1b[31mred.txt"`` or a
    quote containing an escape sequence must not recolour, retitle or hyperlink the user's
    terminal. ``one_line`` also escapes newlines, so a file name cannot forge a second stderr line.
    This is the one sanitiser for terminal output; ``sayso.cli.common`` uses it for stderr.
    """
    pattern = _CONTROLS_AND_NEWLINES if one_line else _CONTROLS
    return pattern.sub(lambda m: f"\\x{ord(m.group()):02x}", str(text))


class Writer:
    """Base class: ``write`` one article at a time, ``close`` once (also via ``with``)."""

    def __init__(self, fh: IO[str], *, with_text: bool = False) -> None:
        self.fh = fh
        self.with_text = with_text
        self.count = 0

    def write(self, article: Article) -> None:
        self._write(article)
        self.count += 1

    def write_all(self, articles: Iterable[Article]) -> int:
        for article in articles:
            self.write(article)
        return self.count

    def _write(self, article: Article) -> None:
        raise NotImplementedError

    def close(self) -> None:
        self.fh.flush()

    def __enter__(self) -> Writer:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


class JsonLinesWriter(Writer):
    """One JSON object per line, exactly ``Article.to_dict()`` (plus ``text`` with ``with_text``)."""

    def _write(self, article: Article) -> None:
        self.fh.write(json.dumps(article.to_dict(with_text=self.with_text), ensure_ascii=False))
        self.fh.write("\n")
        self.fh.flush()


class JsonArrayWriter(Writer):
    """A JSON array of the same objects as JSON Lines; ``[]`` when nothing was written."""

    def _write(self, article: Article) -> None:
        self.fh.write("[\n" if self.count == 0 else ",\n")
        self.fh.write(json.dumps(article.to_dict(with_text=self.with_text), ensure_ascii=False))

    def close(self) -> None:
        self.fh.write("[]\n" if self.count == 0 else "\n]\n")
        super().close()


class CsvWriter(Writer):
    """One row per quote in the flat row shape of ``sayso.rows`` (the same columns ``sayso export``
    starts with); articles without quotes add no row; ``with_text`` does not apply. Lists (the
    content spans) are written as JSON so the cell parses back."""

    def __init__(self, fh: IO[str], *, with_text: bool = False) -> None:
        super().__init__(fh, with_text=with_text)
        # RFC 4180 line ends: with "\r\n" as terminator, csv quotes fields holding a lone "\r" too.
        from sayso.rows import FLAT_FIELDS

        self._columns = FLAT_FIELDS
        self._csv = csv.writer(fh)
        self._csv.writerow(FLAT_FIELDS)

    def _write(self, article: Article) -> None:
        from sayso.rows import flat_rows

        for row in flat_rows(article):
            self._csv.writerow([_cell(row[c]) for c in self._columns])


def _cell(value: Any) -> Any:
    if isinstance(value, list):
        return json.dumps(value)
    if isinstance(value, float):
        return round(value, 3)
    return "" if value is None else value


class TableWriter(Writer):
    """A readable terminal view: per article a heading, then its quotes with speakers in colour.

    Colours follow the article's speaker list, so one speaker keeps one colour in the speaker
    column and in the speaker summary; unattributed quotes are dim. Everything from the article
    goes in as ``rich.text.Text`` after ``printable``: a quote saying ``[not]`` or ``[/]`` is
    text, not Rich markup, and its control characters cannot reach the terminal.
    """

    def __init__(self, fh: IO[str], *, with_text: bool = False, width: int | None = None) -> None:
        super().__init__(fh, with_text=with_text)
        from rich.console import Console

        self.console = Console(
            file=fh, width=width, highlight=False, soft_wrap=False, markup=False, emoji=False
        )

    def _write(self, article: Article) -> None:
        from rich import box
        from rich.table import Table
        from rich.text import Text

        from sayso.render import quote_display

        colours = {s.id: _PALETTE[i % len(_PALETTE)] for i, s in enumerate(article.speakers)}
        self.console.rule(Text(printable(article.doc, one_line=True), style="bold"), align="left")
        meta = [m for m in (article.title, article.outlet, article.published, article.url) if m]
        if meta:
            self.console.print(Text(printable(" · ".join(meta), one_line=True), style="italic"))
        if not article.quotes:
            self.console.print(Text("no quotes found", style="dim"))
        else:
            table = Table(box=box.SIMPLE_HEAD, expand=True, show_edge=False, pad_edge=False)
            table.add_column("#", justify="right", style="dim", no_wrap=True)
            table.add_column("speaker", ratio=1, min_width=18)
            table.add_column("kind", no_wrap=True)
            table.add_column("quote", ratio=2)
            table.add_column("conf", justify="right", no_wrap=True)
            for n, q in enumerate(article.quotes, 1):
                style = colours.get(q.speaker_id or "", "dim")
                speaker = Text(printable(_short(q.speaker or "(unattributed)", 36)), style=style)
                if q.source is not None and (q.speaker or "").lower() not in q.source.text.lower():
                    # The words naming the speaker here ("she", "Pike"), when they add something.
                    speaker.append(f"\n“{printable(_short(q.source.text, 24))}”", style="dim")
                shown = Text(printable(quote_display(q)), style="italic" if q.kind == "indirect" else "")
                table.add_row(str(n), speaker, Text(q.kind), shown, f"{q.confidence:.2f}")
            self.console.print(table)
        if article.speakers:
            line = Text()
            line.append("speakers: ", style="dim")
            for i, s in enumerate(article.speakers):
                if i:
                    line.append(", ", style="dim")
                line.append(printable(_short(s.name, 40)), style=colours[s.id])
                line.append(printable(f" ({s.kind})"), style="dim")
            self.console.print(line)
        for warning in article.warnings:
            self.console.print(Text(printable(f"warning: {warning}"), style="yellow"))
        self.console.print()


def _short(text: str, limit: int) -> str:
    """One line of at most ``limit`` characters: long descriptive sources would swamp the table."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip(" ,;") + "…"


_WRITERS: dict[str, type[Writer]] = {
    "jsonl": JsonLinesWriter,
    "json": JsonArrayWriter,
    "csv": CsvWriter,
    "table": TableWriter,
}


def open_writer(fmt: str, fh: IO[str], *, with_text: bool = False) -> Writer:
    """A streaming writer for ``fmt`` (one of ``FORMATS``) on an open text stream."""
    try:
        cls = _WRITERS[fmt]
    except KeyError:
        from sayso.errors import UsageError

        raise UsageError(f"unknown output format {fmt!r}; choose one of {', '.join(FORMATS)}") from None
    return cls(fh, with_text=with_text)


__all__ = ["FORMATS", "Format", "Writer", "open_writer", "printable"]
