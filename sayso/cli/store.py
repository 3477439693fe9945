"""``sayso index``, ``search``, ``speakers``, ``show`` and ``export``: the quote database.

Each command checks its arguments, opens the database and calls one function of ``sayso.store``;
errors travel up as ``SaysoError`` and become messages and exit codes in ``sayso.cli.main``.
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path
from typing import Any

import typer

from sayso.cli.common import (
    check_confidence,
    check_format,
    date_option,
    first_line_option,
    min_confidence_option,
    outlet_option,
    title_option,
)
from sayso.settings import DEFAULT_MAX_CHARS

DB_HELP = "Database file (default: $SAYSO_DB, else sayso.db here)."
INDEX_HELP = """Extract quotes from articles and store them in the database.

PATH is a file or directory of articles (.txt, .html, .jsonl[.gz], .warc[.gz]) or a \
'sayso batch' output directory (loaded from Parquet without running the model again).

Idempotent: articles already stored with the same text and metadata are skipped before \
extraction; a changed article replaces its old version. Work is committed in small batches, so \
an interrupted run loses at most one batch and re-running the command completes it.

\b
Examples:
  sayso index news.jsonl.gz --db quotes.db --workers 2
  sayso index out/ --db quotes.db        # output of 'sayso batch ... --out out/'
"""
SEARCH_HELP = """Search stored quotes: full text (ranked), speaker, outlet, dates, story.

Every word of TEXT must occur (stemmed: 'taxes' finds 'tax'); "quoted words" are a phrase and \
word* a prefix. --speaker tolerates case, accents, partial names and small misspellings.

\b
Examples:
  sayso search "tax cuts" --speaker harris --since 2019-01-01
  sayso search --outlet guardian --format jsonl --limit 100
"""

SPEAKERS_HELP = """List the speakers in the database, most quoted first.

\b
Examples:
  sayso speakers --db quotes.db
  sayso speakers baldwin --format jsonl
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


#: Columns that get the room in a table; the others are cut with an ellipsis.
WIDE_COLUMNS = ("content", "title")
#: Ids are wrapped, never cut: a reader copies them back into 'sayso show' or '--story'.
ID_COLUMNS = ("doc", "id", "quote_id", "story")
#: The search hit columns a table shows (JSON Lines and CSV carry every field).
TABLE_HIT_COLUMNS = ("doc", "outlet", "published", "speaker", "content", "relation", "other_outlets")


def stderr_progress(*columns: Any) -> Any:
    """A Rich progress display on stderr, drawn only on a terminal and erased when done, so logs
    and pipes get the summary line alone."""
    from rich.console import Console
    from rich.progress import Progress

    console = Console(stderr=True)
    return Progress(*columns, console=console, transient=True, disable=not console.is_terminal)


def _db(path: Path | None) -> Path:
    from sayso.store.db import default_db_path

    return path if path is not None else default_db_path()


def _write_rows(
    rows: list[dict[str, Any]], fmt: str, columns: tuple[str, ...], title: str | None = None
) -> None:
    if fmt == "jsonl":
        for row in rows:
            sys.stdout.write(json.dumps(row, ensure_ascii=False) + "\n")
    elif fmt == "csv":
        writer = csv.DictWriter(
            sys.stdout, fieldnames=list(columns), extrasaction="ignore", lineterminator="\n"
        )
        writer.writeheader()
        writer.writerows(rows)
    else:
        from rich.table import Table
        from rich.text import Text

        from sayso.cli.common import terminal_console
        from sayso.output import printable

        # Cells are Text, never markup: a stored quote "we would [not] raise taxes" keeps [not].
        table = Table(title=title, show_lines=False, highlight=False, expand=True)
        for col in columns:
            if col in WIDE_COLUMNS:
                table.add_column(col, overflow="fold", ratio=4, min_width=24)
            elif col in ID_COLUMNS:
                table.add_column(col, overflow="fold", ratio=1, min_width=min(len(col), 10))
            else:
                table.add_column(
                    col, overflow="ellipsis", no_wrap=True, max_width=22, min_width=min(len(col), 10), ratio=1
                )
        for row in rows:
            table.add_row(*(Text("" if row.get(c) is None else printable(row[c])) for c in columns))
        terminal_console().print(table)


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
    from rich.progress import BarColumn, SpinnerColumn, TextColumn, TimeElapsedColumn

    from sayso.cli.common import Reporter
    from sayso.errors import UsageError
    from sayso.jobs import index_paths
    from sayso.pipeline import Extractor
    from sayso.store.db import open_db
    from sayso.store.index import IndexStats

    if not paths:
        raise UsageError("no input: give one or more PATHs (files, folders or 'sayso batch' output dirs)")
    if workers < 1 or batch_size < 1 or max_chars < 1:
        raise UsageError("--workers, --batch-size and --max-chars must be at least 1")
    reporter = Reporter()
    conn = open_db(_db(db))
    progress = stderr_progress(
        SpinnerColumn(),
        TextColumn("indexing"),
        BarColumn(bar_width=None),
        TextColumn("{task.completed:,} articles · {task.fields[detail]}"),
        TimeElapsedColumn(),
    )
    task = progress.add_task("index", total=None, detail="")

    def advance(stats: IndexStats) -> None:
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


def search_command(
    text: str | None = typer.Argument(None, metavar="[TEXT]", help="Words to find in quotes."),
    speaker: str | None = typer.Option(None, "--speaker", "-s", help="Speaker name, or part of it."),
    outlet: str | None = typer.Option(None, "--outlet", help="Outlet name, or part of it."),
    since: str | None = typer.Option(None, "--since", help="Published on or after (YYYY-MM-DD)."),
    until: str | None = typer.Option(None, "--until", help="Published on or before (YYYY-MM-DD)."),
    story: str | None = typer.Option(None, "--story", help="Only this story id."),
    limit: int = typer.Option(20, "--limit", "-n", help="At most this many hits."),
    fmt: str = typer.Option("table", "--format", "-f", help="table, jsonl or csv."),
    db: Path | None = typer.Option(None, "--db", help=DB_HELP, dir_okay=False, show_default=False),
    min_confidence: float = min_confidence_option(),
) -> int:
    from sayso.store.db import open_db
    from sayso.store.queries import HIT_FIELDS, SearchQuery, search

    check_format(fmt, ("table", "jsonl", "csv"))
    query = SearchQuery(
        text=text,
        speaker=speaker,
        outlet=outlet,
        since=since,
        until=until,
        story=story,
        limit=limit,
        min_confidence=check_confidence(min_confidence),
    )
    conn = open_db(_db(db), create=False)
    try:
        hits = search(conn, query)
    finally:
        conn.close()
    _write_rows(hits, fmt, TABLE_HIT_COLUMNS if fmt == "table" else HIT_FIELDS, title=f"{len(hits)} quotes")
    return 0


def speakers_command(
    name: str | None = typer.Argument(None, metavar="[NAME]", help="Only speakers matching this name."),
    limit: int = typer.Option(50, "--limit", "-n", help="At most this many speakers."),
    fmt: str = typer.Option("table", "--format", "-f", help="table, jsonl or csv."),
    db: Path | None = typer.Option(None, "--db", help=DB_HELP, dir_okay=False, show_default=False),
    min_confidence: float = min_confidence_option(),
) -> int:
    from sayso.store.db import open_db
    from sayso.store.queries import list_speakers

    check_format(fmt, ("table", "jsonl", "csv"))
    threshold = check_confidence(min_confidence)
    conn = open_db(_db(db), create=False)
    try:
        rows = list_speakers(conn, name=name, limit=limit, min_confidence=threshold)
    finally:
        conn.close()
    _write_rows(rows, fmt, ("speaker", "kind", "quotes", "articles", "outlets"), title="speakers")
    return 0


def show_command(
    doc: str = typer.Argument(..., metavar="DOC", help="Document id (see 'sayso search')."),
    fmt: str = typer.Option("table", "--format", "-f", help="table or json."),
    with_text: bool = typer.Option(False, "--with-text", help="Include the article text (json)."),
    db: Path | None = typer.Option(None, "--db", help=DB_HELP, dir_okay=False, show_default=False),
    min_confidence: float = min_confidence_option(),
) -> int:
    from sayso.store.db import open_db
    from sayso.store.queries import show_article

    check_format(fmt, ("table", "json"))
    threshold = check_confidence(min_confidence)
    conn = open_db(_db(db), create=False)
    try:
        article = show_article(conn, doc, with_text=with_text, min_confidence=threshold)
    finally:
        conn.close()
    if fmt == "json":
        typer.echo(json.dumps(article, ensure_ascii=False, indent=2))
        return 0
    from sayso.output import printable

    header = " · ".join(str(article[k]) for k in ("outlet", "published", "story") if article.get(k))
    typer.echo(printable(f"{article['doc']}: {article.get('title') or '(no title)'}", one_line=True))
    if header:
        typer.echo(printable(header, one_line=True))
    _write_rows(
        article["quotes"],
        "table",
        ("id", "kind", "speaker", "content", "relation", "other_outlets"),
        title=f"{len(article['quotes'])} quotes",
    )
    return 0


def export_command(
    fmt: str = typer.Option("jsonl", "--format", "-f", help="jsonl, csv or parquet."),
    output: Path | None = typer.Option(
        None, "--output", "-o", help="Output file (required for parquet).", dir_okay=False, show_default=False
    ),
    db: Path | None = typer.Option(None, "--db", help=DB_HELP, dir_okay=False, show_default=False),
    min_confidence: float = min_confidence_option(),
) -> int:
    from sayso.cli.common import console_err, open_output
    from sayso.store.db import open_db
    from sayso.store.export import export

    check_format(fmt, ("jsonl", "csv", "parquet"))
    threshold = check_confidence(min_confidence)
    conn = open_db(_db(db), create=False)
    try:
        if fmt == "parquet":
            n = export(conn, "parquet", path=output, min_confidence=threshold)
        else:
            with open_output(output) as fh:
                n = export(conn, "jsonl" if fmt == "jsonl" else "csv", out=fh, min_confidence=threshold)
    finally:
        conn.close()
    if output is not None:
        console_err(f"{n} quotes written to {output}")
    return 0


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command("index", help=INDEX_HELP)(index_command)
    app.command("search", help=SEARCH_HELP)(search_command)
    app.command("speakers", help=SPEAKERS_HELP)(speakers_command)
    app.command("show", help=SHOW_HELP)(show_command)
    app.command("export", help=EXPORT_HELP)(export_command)
