"""Helpers shared by the CLI commands: the options every command spells the same way
(``-o/--output``, ``--format``, metadata), the one row writer, stderr reporting, output opening.

Everything a command prints to a terminal goes through ``terminal_console`` or ``console_err``:
file names, doc ids, titles and quotes are data, so they are never parsed as Rich markup (a quote
saying ``[not]`` keeps the word) and their control characters are shown as ``\\x1b`` instead of
reaching the terminal (``sayso.output.printable``, the one sanitiser). This module imports neither
Rich, nor Typer (only the option factories do, when a Typer command is built), nor the model: it is
loaded by every command, and ``sayso search`` starts without Typer (``sayso.cli.fast``,
``bench/search_cli.py``).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, cast

from sayso.errors import EXIT_INPUT_FAILED, EXIT_OK, EnvironmentProblem, UsageError
from sayso.output import printable, staging_path

if TYPE_CHECKING:
    from collections.abc import Mapping

    from sayso.model import ArticleInput, Failure

#: The formats of every command that writes rows (search, speakers, show, export, stories, ...).
ROW_FORMATS: tuple[str, ...] = ("table", "jsonl", "json", "csv")
#: Ids are wrapped, never cut: a reader copies them back into 'sayso show' or '--story'.
ID_COLUMNS: tuple[str, ...] = ("doc", "id", "quote_id", "story", "entity", "entity_id")
#: Columns that get the spare room in a table; short label columns are cut with an ellipsis.
WIDE_COLUMNS: tuple[str, ...] = ("content", "quote", "title", "titles", "name", "aliases")
#: The help of the options every command spells the same way (also ``sayso.cli.fast``'s).
OUTPUT_HELP = "Write here instead of stdout."
MIN_CONFIDENCE_HELP = "Show only quotes at least this likely to be someone's words (0 shows everything)."
DB_HELP = "Database file (default: $SAYSO_DB, else sayso.db here)."


def format_help(formats: tuple[str, ...] = ROW_FORMATS) -> str:
    """The help of ``--format``: the formats it takes."""
    return f"{', '.join(formats)}."


def terminal_console(file: IO[str] | None = None, **options: Any) -> Any:
    """The console every command prints tables with (``file=None``: stdout at print time); a
    ``sayso.cli.console.TerminalConsole``, imported here so commands that draw nothing skip Rich."""
    from sayso.cli.console import TerminalConsole

    return TerminalConsole(file=file, **options)


_err: Any = None


def console_err(message: str) -> None:
    """One line on stderr: never Rich markup (file names may contain brackets) and never control
    characters (a file named ``"\\x1b[31mred.txt"`` must not recolour the terminal, and one with a
    newline must not forge a second line); both are shown as text."""
    global _err
    if _err is None:
        _err = terminal_console(stderr=True, soft_wrap=True)
    _err.print(printable(message, one_line=True))


class Reporter:
    """Reports each failed document on one stderr line and decides the exit code at the end.

    A plain class: this module is loaded by ``sayso search``, which never imports ``dataclasses``
    (see ``sayso.store.queries.SearchQuery``)."""

    def __init__(self) -> None:
        self.failures: list[Failure] = []
        self.processed = 0

    def fail(self, failure: Failure) -> None:
        self.failures.append(failure)
        where = failure.where or failure.doc
        console_err(f"error: [{failure.code}] {where}: {failure.message}")

    def ok(self) -> None:
        self.processed += 1

    def warn(self, where: str, message: str) -> None:
        console_err(f"warning: {where}: {message}")

    @property
    def exit_code(self) -> int:
        return EXIT_INPUT_FAILED if self.failures else EXIT_OK


def _output_error(path: Path, action: str, exc: OSError) -> EnvironmentProblem:
    """One clear line for an output that cannot be written (full disk, no permission, ...).

    An environment problem (exit code 3): the input was fine and rerunning with room on the disk
    or another ``-o`` works.
    """
    return EnvironmentProblem(f"cannot {action} the output: {exc.strerror or exc}", where=str(path))


class _OutputFile:
    """The output file as commands see it: every write error becomes ``_output_error``.

    Only errors of this file are translated; an ``OSError`` raised while reading an input in the
    same ``with`` block stays what it is, so it is not mistaken for a full disk.
    """

    def __init__(self, fh: IO[str], path: Path) -> None:
        self._fh = fh
        self._path = path

    def write(self, text: str) -> int:
        try:
            return self._fh.write(text)
        except OSError as exc:
            raise _output_error(self._path, "write", exc) from None

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        try:
            self._fh.flush()
        except OSError as exc:
            raise _output_error(self._path, "write", exc) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._fh, name)


#: The first bytes of every SQLite database file.
_SQLITE_MAGIC = b"SQLite format 3\x00"


def check_output(path: Path | None, inputs: Iterable[Path | str] = ()) -> None:
    """Refuse an output that would replace what the command reads, or a database: the rename
    at the end put the output over it, exit 0 ("sayso export --db quotes.db -o quotes.db" left
    a JSON Lines file where the database was; "sayso extract a.jsonl -o a.jsonl" replaced the
    articles with their quotes)."""
    if path is None or str(path) == "-" or not path.is_file():
        return
    for given in inputs:
        with suppress(OSError):
            if Path(given).exists() and path.samefile(given):
                raise UsageError(f"-o {printable(path)} is also an input of this command; write elsewhere")
    with suppress(OSError), path.open("rb") as fh:
        if fh.read(len(_SQLITE_MAGIC)) == _SQLITE_MAGIC:
            raise UsageError(f"-o {printable(path)} is a SQLite database; refusing to write over it")


@contextmanager
def open_output(path: Path | None) -> Iterator[IO[str]]:
    """``-o FILE`` or stdout; the file is written next to its final name and moved at the end.

    On any error (a failed write, a full disk on close, an exception of the command, Ctrl-C) the
    ``FILE.part`` is removed, so a half-written output never sits beside the real one and a
    rerun starts clean; errors of the file itself become one ``EnvironmentProblem`` (E300, exit
    code 3) naming it. Something that exists and is not a regular file (``/dev/null``, a FIFO,
    ``/dev/stdout``) is written directly: renaming a ``.part`` over it would replace the device.
    A SQLite database is never written over (a usage error); commands that read files call
    ``check_output`` with them first, before any work.
    """
    if path is None or str(path) == "-":
        yield sys.stdout
        return
    check_output(path)
    try:
        path, target = staging_path(path)
        direct = target == path
        if not direct:
            path.parent.mkdir(parents=True, exist_ok=True)
        raw = target.open("w", encoding="utf-8", newline="")
    except OSError as exc:
        raise _output_error(path, "open", exc) from None
    done = False
    try:
        yield cast(IO[str], _OutputFile(raw, path))
        try:
            raw.close()  # a full disk often shows only here, when the last buffer is written
            if not direct:
                target.replace(path)
        except OSError as exc:
            raise _output_error(path, "write", exc) from None
        done = True
    finally:
        if not done:
            with suppress(OSError):  # flushing the rest fails again on a full disk: not news
                raw.close()
            if not direct:
                with suppress(OSError):
                    target.unlink(missing_ok=True)


def check_format(fmt: str, allowed: tuple[str, ...]) -> None:
    """The same usage error, worded the same way, for every command's ``--format``."""
    if fmt not in allowed:
        raise UsageError(f"unknown --format {fmt!r}; choose one of {', '.join(allowed)}")


def check_at_least_one(option: str, value: int) -> None:
    """Counts and limits given on the command line (``--workers``, ``--max-chars``, ``--limit``)."""
    if value < 1:
        raise UsageError(f"{option} must be at least 1, not {value}")


def min_confidence_option() -> Any:
    """``--min-confidence``, the same option and default on every command that shows quotes."""
    import typer

    from sayso.settings import DEFAULT_MIN_CONFIDENCE

    return typer.Option(DEFAULT_MIN_CONFIDENCE, "--min-confidence", help=MIN_CONFIDENCE_HELP)


def check_confidence(value: float) -> float:
    if not 0.0 <= value <= 1.0:
        raise UsageError(f"--min-confidence must be between 0 and 1, not {value}")
    return value


def outlet_option() -> Any:
    """``--outlet``, shared by every command that reads articles (see ``sayso.ingest.metadata``)."""
    import typer

    return typer.Option(
        None,
        "--outlet",
        help="Outlet of articles that name none (once, or once per PATH).",
        show_default=False,
    )


def title_option() -> Any:
    import typer

    return typer.Option(
        None, "--title", help="Title of articles that have none (once, or once per PATH).", show_default=False
    )


def date_option() -> Any:
    import typer

    return typer.Option(
        None,
        "--date",
        help="Publication date YYYY-MM-DD of undated articles (once, or once per PATH).",
        show_default=False,
    )


def first_line_option() -> Any:
    import typer

    return typer.Option(
        False,
        "--title-from-first-line",
        help="Take a missing title from the text's first line when it looks like a headline.",
    )


def read_inputs(
    paths: Sequence[str],
    outlet: Sequence[str] | None,
    title: Sequence[str] | None,
    published: Sequence[str] | None,
    title_from_first_line: bool,
    max_chars: int,
) -> Iterator[ArticleInput | Failure]:
    """The articles of PATHs with the metadata options applied, the same way for every command."""
    from sayso.ingest import read_paths_with_metadata

    return read_paths_with_metadata(
        paths,
        outlets=outlet or (),
        titles=title or (),
        dates=published or (),
        title_from_first_line=title_from_first_line,
        max_chars=max_chars,
    )


def format_option(default: str = "table", formats: tuple[str, ...] = ROW_FORMATS) -> Any:
    """``--format/-f``, spelled and checked the same way on every command (``check_format``)."""
    import typer

    return typer.Option(default, "--format", "-f", help=format_help(formats))


def output_option(help: str = OUTPUT_HELP) -> Any:
    """``-o/--output FILE``, on every command that writes something (``-`` is stdout)."""
    import typer

    return typer.Option(None, "--output", "-o", help=help, dir_okay=False, show_default=False)


def write_rows(
    rows: Sequence[Mapping[str, Any]],
    fmt: str,
    *,
    columns: Sequence[str],
    output: Path | None = None,
    title: str | None = None,
    table_columns: Sequence[str] | None = None,
    id_columns: Sequence[str] = ID_COLUMNS,
    wide_columns: Sequence[str] = WIDE_COLUMNS,
) -> int:
    """The one row writer of the CLI: the same four formats, written the same way everywhere.

    ``jsonl`` and ``json`` carry every field of each row; ``csv`` has the ``columns`` as header
    (lists written as JSON so the cell parses back); ``table`` shows ``table_columns`` (default
    ``columns``) with ids wrapped, never cut. Returns the number of rows written.
    """
    import json

    check_format(fmt, ROW_FORMATS)
    with open_output(output) as fh:
        if fmt == "jsonl":
            for row in rows:
                fh.write(json.dumps(row, ensure_ascii=False, default=str) + "\n")
        elif fmt == "json":
            json.dump(list(rows), fh, ensure_ascii=False, indent=2, default=str)
            fh.write("\n")
        elif fmt == "csv":
            import csv

            writer = csv.DictWriter(fh, fieldnames=list(columns), extrasaction="ignore", lineterminator="\n")
            writer.writeheader()
            for row in rows:
                writer.writerow(
                    {
                        k: json.dumps(v, ensure_ascii=False) if isinstance(v, list | dict) else v
                        for k, v in row.items()
                    }
                )
        else:
            from sayso.cli.table import print_table

            print_table(
                rows,
                table_columns or columns,
                file=None if fh is sys.stdout else fh,
                title=title,
                id_columns=id_columns,
                wide_columns=wide_columns,
            )
    return len(rows)
