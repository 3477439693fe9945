"""``sayso index``, ``search``, ``speakers``, ``show`` and ``export``: the quote database.

Each command checks its arguments, opens the database and calls one function of ``sayso.store``;
errors travel up as ``SaysoError`` and become messages and exit codes in ``sayso.cli.main``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import typer

from sayso.cli.common import (
    DB_HELP,
    ROW_FORMATS,
    check_confidence,
    check_format,
    date_option,
    first_line_option,
    format_option,
    min_confidence_option,
    outlet_option,
    output_option,
    title_option,
    write_rows,
)
from sayso.cli.fast import SEARCH_OPTIONS, run_search, typer_signature
from sayso.settings import DEFAULT_MAX_CHARS

INDEX_HELP = """Extract quotes from articles and store them in the database.

PATH is a file or directory of articles (.txt, .html, .jsonl[.gz], .warc[.gz]) or a \
'sayso batch' output directory (loaded from Parquet without running the model again).

Idempotent: articles already stored with the same text and metadata are skipped before \
extraction; a changed article replaces its old version. Work is committed in small batches, so \
an interrupted run loses at most one batch and re-running the command completes it.

\b
Examples:
  sayso index news.jsonl.gz --db quotes.db --workers 2
  sayso index out/ --db quotes.db        # output of 'sayso batch ... -o out/'
"""
SEARCH_HELP = """Search stored quotes: full text (ranked), speaker, outlet, dates, story.

Every word of TEXT must occur (stemmed: 'taxes' finds 'tax'); "quoted words" are a phrase and \
word* a prefix. --speaker tolerates case, accents, partial names and small misspellings.

\b
Examples:
  sayso search "tax cuts" --speaker harris --since 2019-01-01
  sayso search --outlet guardian --format jsonl --limit 100
"""

SHOW_HELP = """Show one stored article with its quotes.

\b
Examples:
  sayso show harbour-bridge --db quotes.db
  sayso show harbour-bridge --format json --with-text
"""
EXPORT_HELP = """Export every stored quote with its article's metadata (one row per quote).

\b
Examples:
  sayso export --format jsonl -o quotes.jsonl --db quotes.db
  sayso export --format parquet -o quotes.parquet    # for pandas, DuckDB, Spark
"""


#: The quote columns of 'sayso show' (table and CSV; JSON Lines and JSON carry every field).
SHOW_COLUMNS = ("id", "kind", "speaker", "quote", "relation", "other_outlets")
#: 'sayso export' as a table: the columns a reader scans (the file formats carry every column).
EXPORT_TABLE_COLUMNS = ("doc", "outlet", "published", "speaker", "kind", "quote", "relation")
EXPORT_FORMATS = (*ROW_FORMATS, "parquet")


def _db(path: Path | None) -> Path:
    from sayso.store.db import default_db_path

    return path if path is not None else default_db_path()


def index_command(
    paths: list[Path] = typer.Argument(None, metavar="PATH...", help="Files, folders or batch output dirs."),
    db: Path | None = typer.Option(None, "--db", help=DB_HELP, dir_okay=False, show_default=False),
    workers: int = typer.Option(
        1, "--workers", "-w", help="Extraction processes (each loads the model once)."
    ),
    batch_size: int = typer.Option(64, "--batch-size", help="Articles per database transaction."),
    max_chars: int = typer.Option(DEFAULT_MAX_CHARS, "--max-chars", help="Refuse longer articles."),
    outlet: list[str] | None = outlet_option(),
    title: list[str] | None = title_option(),
    published: list[str] | None = date_option(),
    title_from_first_line: bool = first_line_option(),
) -> int:
    from sayso.cli.common import Reporter
    from sayso.cli.console import counted_progress
    from sayso.cli.progress import count_articles
    from sayso.errors import NotFoundError, UsageError
    from sayso.jobs import index_paths
    from sayso.pipeline import Extractor
    from sayso.store.db import open_db
    from sayso.store.index import IndexStats

    if not paths:
        raise UsageError("no input: give one or more PATHs (files, folders or 'sayso batch' output dirs)")
    if workers < 1 or batch_size < 1 or max_chars < 1:
        raise UsageError("--workers, --batch-size and --max-chars must be at least 1")
    missing = [p for p in paths if str(p) != "-" and not p.exists()]
    if len(missing) == len(paths):
        # Nothing to read: say so before creating the database, or a typo leaves an empty file.
        raise NotFoundError("no such file or directory", where=str(missing[0]))
    reporter = Reporter()
    conn = open_db(_db(db))
    progress = counted_progress("indexing")
    total = count_articles(paths) if not progress.disable else None
    task = progress.add_task("index", total=total, detail="")

    def advance(stats: IndexStats) -> None:
        if total is not None and stats.seen > total:
            progress.update(task, total=stats.seen)
        progress.update(
            task,
            completed=stats.seen,
            detail=(
                f"{stats.new} new, {stats.replaced} replaced, {stats.failed} failed, "
                f"{stats.quotes_added} quotes"
            ),
        )

    try:
        with progress:
            stats = index_paths(
                conn,
                paths,
                extractor=Extractor(max_chars=max_chars, workers=workers),
                batch_size=batch_size,
                outlets=outlet or (),
                titles=title or (),
                dates=published or (),
                title_from_first_line=title_from_first_line,
                on_failure=reporter.fail,
                on_progress=advance,
                on_warning=reporter.warn,
            )
    finally:
        conn.close()
    from sayso.output import printable

    typer.echo(
        f"{printable(_db(db), one_line=True)}: {stats.new} new, {stats.unchanged} unchanged, "
        f"{stats.replaced} replaced, "
        f"{stats.failed} failed articles; {stats.quotes_added} quotes added"
        + (f"; {stats.stories_refreshed} stories compared" if stats.stories_refreshed else "")
    )
    return reporter.exit_code


def search_command(**values: Any) -> int:
    """``sayso search``: ``sayso.cli.fast.run_search``, with the parameters of ``SEARCH_OPTIONS``
    (the description ``sayso.cli.fast`` also parses without Typer; see ``typer_signature``)."""
    return run_search(**values)


search_command.__signature__, search_command.__annotations__ = typer_signature(SEARCH_OPTIONS)  # type: ignore[attr-defined]


def show_command(
    doc: str = typer.Argument(..., metavar="DOC", help="Document id or a unique start of one."),
    fmt: str = format_option(),
    output: Path | None = output_option(),
    with_text: bool = typer.Option(False, "--with-text", help="Include the article text (json)."),
    db: Path | None = typer.Option(None, "--db", help=DB_HELP, dir_okay=False, show_default=False),
    min_confidence: float = min_confidence_option(),
) -> int:
    from sayso.cli.common import open_output
    from sayso.store.db import open_db
    from sayso.store.queries import show_article

    check_format(fmt, ROW_FORMATS)
    threshold = check_confidence(min_confidence)
    conn = open_db(_db(db), create=False)
    try:
        article = show_article(conn, doc, with_text=with_text, min_confidence=threshold)
    finally:
        conn.close()
    if fmt == "json":  # the article with its quotes, one object (GET /api/articles/DOC adds the text)
        with open_output(output) as fh:
            fh.write(json.dumps(article, ensure_ascii=False, indent=2) + "\n")
        return 0
    from sayso.render import rows_with_display, table_rows

    quotes = [{"doc": article["doc"], **q} for q in article["quotes"]]
    if fmt != "table":  # jsonl and csv: one row per quote, like 'sayso search'
        columns = ("doc", "id", "kind", "speaker", "content", "display", "relation", "other_outlets")
        write_rows(rows_with_display(quotes), fmt, columns=columns, output=output)
        return 0
    from sayso.output import printable

    header = " · ".join(str(article[k]) for k in ("outlet", "published", "story") if article.get(k))
    from sayso.cli.common import ID_COLUMNS, WIDE_COLUMNS
    from sayso.cli.table import print_table

    with open_output(output) as fh:  # one file: the heading lines, then the table
        fh.write(printable(f"{article['doc']}: {article.get('title') or '(no title)'}", one_line=True) + "\n")
        if header:
            fh.write(printable(header, one_line=True) + "\n")
        print_table(
            table_rows(quotes),
            SHOW_COLUMNS,
            file=None if fh is sys.stdout else fh,
            title=f"{len(quotes)} quotes",
            id_columns=ID_COLUMNS,
            wide_columns=WIDE_COLUMNS,
        )
    return 0


def export_command(
    fmt: str = typer.Option("jsonl", "--format", "-f", help="jsonl, json, csv, parquet or table."),
    output: Path | None = output_option("Output file (required for parquet)."),
    db: Path | None = typer.Option(None, "--db", help=DB_HELP, dir_okay=False, show_default=False),
    min_confidence: float = min_confidence_option(),
) -> int:
    from sayso.cli.common import console_err, open_output
    from sayso.store.db import open_db
    from sayso.store.export import EXPORT_FIELDS, export, export_rows

    check_format(fmt, EXPORT_FORMATS)
    threshold = check_confidence(min_confidence)
    conn = open_db(_db(db), create=False)
    try:
        if fmt == "parquet":
            n = export(conn, "parquet", path=output, min_confidence=threshold)
        elif fmt == "table":
            from sayso.render import table_rows

            rows = table_rows(export_rows(conn, threshold))
            n = write_rows(
                rows,
                "table",
                columns=EXPORT_FIELDS,
                table_columns=EXPORT_TABLE_COLUMNS,
                output=output,
                title=f"{len(rows)} quotes",
            )
        else:
            with open_output(output) as fh:
                n = export(conn, fmt, out=fh, min_confidence=threshold)  # type: ignore[arg-type]
    finally:
        conn.close()
    if output is not None and str(output) != "-":
        console_err(f"{n} quotes written to {output}")
    return 0


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command("index", help=INDEX_HELP)(index_command)
    app.command("search", help=SEARCH_HELP)(search_command)
    # 'speakers' (a group of its own: list, show, merge, split) is sayso.cli.speakers.register.
    app.command("show", help=SHOW_HELP)(show_command)
    app.command("export", help=EXPORT_HELP)(export_command)
