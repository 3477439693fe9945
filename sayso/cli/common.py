"""Helpers shared by the CLI commands: stderr reporting, failure counting, output opening.

Everything a command prints to a terminal goes through ``terminal_console`` or ``console_err``:
file names, doc ids, titles and quotes are data, so they are never parsed as Rich markup (a quote
saying ``[not]`` keeps the word) and their control characters are shown as ``\\x1b`` instead of
reaching the terminal (``sayso.output.printable``, the one sanitiser).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, cast

import typer
from rich.console import Console, ConsoleOptions, RenderableType
from rich.segment import Segment

from sayso.errors import EXIT_INPUT_FAILED, EXIT_OK, EnvironmentProblem, UsageError
from sayso.model import ArticleInput, Failure
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


def terminal_console(file: IO[str] | None = None, **options: Any) -> Console:
    """The console every command prints tables with (``file=None``: stdout at print time)."""
    return TerminalConsole(file=file, **options)


_err = TerminalConsole(stderr=True, soft_wrap=True)


def console_err(message: str) -> None:
    """One line on stderr: never Rich markup (file names may contain brackets) and never control
    characters (a file named ``"\\x1b[31mred.txt"`` must not recolour the terminal, and one with a
    newline must not forge a second line); both are shown as text."""
    _err.print(printable(message, one_line=True))


@dataclass
class Reporter:
    """Reports each failed document on one stderr line and decides the exit code at the end."""

    failures: list[Failure] = field(default_factory=list)
    processed: int = 0

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


@contextmanager
def open_output(path: Path | None) -> Iterator[IO[str]]:
    """``-o FILE`` or stdout; the file is written next to its final name and moved at the end.

    On any error (a failed write, a full disk on close, an exception of the command, Ctrl-C) the
    ``FILE.part`` is removed, so a half-written output never sits beside the real one and a
    rerun starts clean; errors of the file itself become one ``EnvironmentProblem`` (E300, exit
    code 3) naming it. Something that exists and is not a regular file (``/dev/null``, a FIFO,
    ``/dev/stdout``) is written directly: renaming a ``.part`` over it would replace the device.
    """
    if path is None or str(path) == "-":
        yield sys.stdout
        return
    try:
        direct = path.exists() and not path.is_file()
        target = path if direct else path.with_name(path.name + ".part")
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
    from sayso.settings import DEFAULT_MIN_CONFIDENCE

    return typer.Option(
        DEFAULT_MIN_CONFIDENCE,
        "--min-confidence",
        help="Show only quotes at least this likely to be someone's words (0 shows everything).",
    )


def check_confidence(value: float) -> float:
    if not 0.0 <= value <= 1.0:
        raise UsageError(f"--min-confidence must be between 0 and 1, not {value}")
    return value


def outlet_option() -> Any:
    """``--outlet``, shared by every command that reads articles (see ``sayso.ingest.metadata``)."""
    return typer.Option(
        None,
        "--outlet",
        help="Outlet of articles that name none (once, or once per PATH).",
        show_default=False,
    )


def title_option() -> Any:
    return typer.Option(
        None, "--title", help="Title of articles that have none (once, or once per PATH).", show_default=False
    )


def date_option() -> Any:
    return typer.Option(
        None,
        "--date",
        help="Publication date YYYY-MM-DD of undated articles (once, or once per PATH).",
        show_default=False,
    )


def first_line_option() -> Any:
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
