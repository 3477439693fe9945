"""``sayso compare`` and ``sayso stories``: one story across outlets, and a pile split into stories.

Both commands only check arguments and wire library functions together: ``read_paths``
(sayso.ingest) -> ``parse_articles`` + ``compare`` / ``group_stories`` (sayso.compare) -> a
renderer. Unreadable inputs are reported on stderr by ``Reporter`` and skipped.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import IO, Any

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

COMPARE_HELP = """Compare how two or more outlets quote one story.

Groups the quotations of the articles into utterances, says for each how the outlets render it \
(verbatim, punctuation, partial, altered, paraphrase, misattributed, single_source) with a word diff, links \
speakers across outlets and lists the facts (numbers, ages, places, ...) that differ.

PATH is a file or directory in any input form of `sayso extract`; unreadable inputs are reported \
and skipped. Fewer than two readable articles is a usage error (exit code 2). --outlet, --title and \
--date fill metadata the files lack (once for all, or once per PATH); the columns are named after \
the outlet. --db FILE --story ID compares a story the database assigned, without the model.

\b
Examples:
  sayso compare examples/story --format table
  sayso compare a.txt b.html -o report.html --format html
  sayso compare a.txt b.txt --outlet Gazette --outlet Ledger --format table
  sayso compare --db sayso.db --story st-1a2b3c4d5e6f --format html -o story.html
"""

STORIES_HELP = """Group articles into stories (articles that report the same event).

Writes one row per article: {"doc", "story", "outlet", "title", "published"} as JSON Lines \
(default), JSON or CSV, or a table of the stories; `story` is shared by the articles of one story \
and stable for the same set of articles. Grouping is lexical \
(no model): title and lead words, names, shared quotations and a window of a few days. \
With --db, one row per stored story instead: {"story", "docs", "outlets", "title", \
"first_published", "last_published"} (its articles: sayso search --story ID).

\b
Examples:
  sayso stories news.jsonl.gz -o stories.jsonl
  sayso stories examples/story --format table
  sayso stories a.txt b.txt --date 2031-03-04 --title-from-first-line
  sayso stories --db sayso.db --format table
"""

COMPARE_FORMATS = ("json", "html", "table")
STORY_FORMATS = ("jsonl", "json", "csv", "table")
#: One row per article (from files), one row per story (from --db), for csv.
ARTICLE_STORY_COLUMNS = ("doc", "story", "outlet", "title", "published")
DB_STORY_COLUMNS = ("story", "docs", "outlets", "title", "first_published", "last_published")


def _paths_argument() -> Any:
    return typer.Argument(
        None, metavar="PATH...", help="Files, directories, or - for stdin.", show_default=False
    )


def _output_option() -> Any:
    return typer.Option(
        None, "--output", "-o", help="Write here instead of stdout.", dir_okay=False, show_default=False
    )


def _console(fh: IO[str]) -> Any:
    """The console for the tables: article text in them is data, never Rich markup (see
    ``sayso.cli.common.terminal_console``), whichever renderer builds the cells."""
    import sys

    from sayso.cli.common import terminal_console

    return terminal_console(fh, soft_wrap=False, width=None if fh is sys.stdout else 160)


def _only_for_files(options: dict[str, bool], why: str) -> None:
    """Refuse options that act on files when the articles come from the database: they were
    silently ignored (exit 0), and a user believed them applied."""
    from sayso.errors import UsageError

    given = [name for name, on in options.items() if on]
    if given:
        raise UsageError(f"{', '.join(given)}: only for articles read from files; {why}")


def compare_command(
    paths: list[str] = _paths_argument(),
    output: Path | None = _output_option(),
    fmt: str = typer.Option("json", "--format", "-f", help="json, html or table."),
    max_chars: int = typer.Option(
        DEFAULT_MAX_CHARS, "--max-chars", help="Refuse articles longer than this many characters."
    ),
    model: str | None = typer.Option(None, "--model", help="spaCy model package.", show_default=False),
    outlet: list[str] | None = outlet_option(),
    title: list[str] | None = title_option(),
    published: list[str] | None = date_option(),
    title_from_first_line: bool = first_line_option(),
    db: Path | None = typer.Option(
        None,
        "--db",
        help="Compare a story stored in this sayso database (with --story).",
        dir_okay=False,
        show_default=False,
    ),
    story: str | None = typer.Option(
        None, "--story", help="The story id to compare (see 'sayso stories --db').", show_default=False
    ),
    min_confidence: float = min_confidence_option(),
) -> int:
    from sayso.cli.common import Reporter, check_at_least_one, check_confidence, check_format, check_output
    from sayso.compare.api import compare
    from sayso.errors import NotEnoughArticlesError, UsageError
    from sayso.model import Failure

    check_format(fmt, COMPARE_FORMATS)
    if db is not None or story is not None:
        if paths:
            raise UsageError("give either PATHs or --db FILE --story ID, not both")
        if db is None or story is None:
            raise UsageError("--db and --story go together: the database and the story id in it")
        _only_for_files(
            {
                "--outlet": bool(outlet),
                "--title": bool(title),
                "--date": bool(published),
                "--title-from-first-line": title_from_first_line,
                "--max-chars": max_chars != DEFAULT_MAX_CHARS,
                "--model": model is not None,
            },
            "--db compares the story's articles as they were read and extracted",
        )
        threshold = check_confidence(min_confidence)
        _write_comparison(compare(_story_articles(db, story), threshold), output, fmt)
        return 0
    if not paths:
        raise UsageError("no input: give two or more articles (files or directories), or --db and --story")
    check_at_least_one("--max-chars", max_chars)
    check_output(output, paths)  # before the model pass, not after it

    from sayso.ingest.common import first_of_each_doc
    from sayso.pipeline import Extractor

    inputs = first_of_each_doc(read_inputs(paths, outlet, title, published, title_from_first_line, max_chars))
    reporter = Reporter()
    articles = []
    threshold = check_confidence(min_confidence)
    # Every quote reaches the comparison, which shows those at the threshold and the ones under
    # it that another outlet's quote corroborates (``sayso.compare.api._corroborated``).
    extractor = Extractor(model=model, max_chars=max_chars, min_confidence=0.0)
    for result in extractor.run(inputs):
        if isinstance(result, Failure):
            reporter.fail(result)
            continue
        for warning in result.warnings:
            reporter.warn(result.doc, warning)
        articles.append(result)
        reporter.ok()
    if len(articles) < 2:
        skipped = f" ({len(reporter.failures)} input(s) could not be read)" if reporter.failures else ""
        raise NotEnoughArticlesError(
            f"a comparison needs at least two readable articles, got {len(articles)}{skipped}"
        )
    _write_comparison(compare(articles, threshold), output, fmt)
    return reporter.exit_code


def _story_articles(db: Path, story: str) -> list[Any]:
    """The stored articles of one story, as frozen ``Article``s with their quotes, speakers and
    entities: no model pass, the comparison is the same as on freshly extracted articles."""
    from sayso.errors import NotEnoughArticlesError, NotFoundError
    from sayso.store.db import open_db
    from sayso.store.stories import iter_articles

    conn = open_db(db, create=False)  # a missing or empty file is E302, as for every read command
    try:
        articles = list(iter_articles(conn, where="story = ?", params=(story,)))
    finally:
        conn.close()
    if not articles:
        raise NotFoundError(f"no story {story!r} in the database (see 'sayso stories --db')", where=story)
    if len(articles) < 2:
        raise NotEnoughArticlesError(f"story {story!r} has only one article: nothing to compare it with")
    return articles


def _write_comparison(comparison: Any, output: Path | None, fmt: str) -> None:
    from sayso.cli.common import open_output
    from sayso.render import with_comparison_display

    with open_output(output) as fh:
        if fmt == "json":
            data = with_comparison_display(comparison.to_dict(), comparison)  # as the web JSON
            json.dump(data, fh, ensure_ascii=False, indent=2)
            fh.write("\n")
        elif fmt == "html":
            from sayso.compare.report import render_html

            fh.write(render_html(comparison))
        else:
            from sayso.compare.report import render_table

            render_table(comparison, _console(fh))


def stories_command(
    paths: list[str] = _paths_argument(),
    output: Path | None = _output_option(),
    fmt: str = typer.Option("jsonl", "--format", "-f", help="jsonl, json, csv or table."),
    db: Path | None = typer.Option(
        None,
        "--db",
        help="List the stories of this sayso database instead.",
        dir_okay=False,
        show_default=False,
    ),
    window_days: int = typer.Option(4, "--window-days", help="Articles further apart are never one story."),
    max_chars: int = typer.Option(
        DEFAULT_MAX_CHARS, "--max-chars", help="Refuse articles longer than this many characters."
    ),
    outlet: list[str] | None = outlet_option(),
    title: list[str] | None = title_option(),
    published: list[str] | None = date_option(),
    title_from_first_line: bool = first_line_option(),
) -> int:
    from sayso.cli.common import Reporter, check_format, open_output
    from sayso.errors import UsageError
    from sayso.ingest.common import first_of_each_doc

    check_format(fmt, STORY_FORMATS)
    if db is not None:
        if paths:
            raise UsageError("give either PATHs or --db, not both")
        _only_for_files(
            {
                "--window-days": window_days != 4,
                "--outlet": bool(outlet),
                "--title": bool(title),
                "--date": bool(published),
                "--title-from-first-line": title_from_first_line,
            },
            "--db lists the stories as indexed",
        )
        return _stories_from_db(db, output, fmt)
    if not paths:
        raise UsageError("no input: give files or directories of articles, or --db FILE")
    if window_days < 0:
        raise UsageError(f"--window-days must be 0 or more, not {window_days}")

    from sayso.cli.console import counted_progress
    from sayso.cli.progress import count_articles
    from sayso.compare.stories import features, group_stories
    from sayso.model import Failure

    inputs = read_inputs(paths, outlet, title, published, title_from_first_line, max_chars)

    reporter = Reporter()
    rows: list[dict[str, Any]] = []
    feats = []
    to_terminal = output is None or str(output) == "-"
    progress = counted_progress("stories", enabled=not (to_terminal and sys.stdout.isatty()))
    with progress:
        total = None if progress.disable else count_articles(paths)
        reading = progress.add_task("reading", total=total, detail="reading")
        for item in first_of_each_doc(inputs):  # as 'sayso index' does: the first is kept
            if isinstance(item, Failure):
                reporter.fail(item)
                continue
            feats.append(features(item))
            rows.append(
                {"doc": item.doc, "outlet": item.outlet, "title": item.title, "published": item.published}
            )
            reporter.ok()
            progress.advance(reading)
        grouping = progress.add_task("grouping", total=len(feats), detail="grouping")
        stories = group_stories(
            feats, window_days=window_days, progress=lambda n: progress.update(grouping, completed=n)
        )
    story_of = {doc: s.id for s in stories for doc in s.docs}
    if fmt != "table":
        from sayso.cli.common import write_rows

        lines = [{"doc": row["doc"], "story": story_of[row["doc"]], **_meta(row)} for row in rows]
        write_rows(lines, fmt, columns=ARTICLE_STORY_COLUMNS, output=output)
        return reporter.exit_code
    by_doc = {r["doc"]: r for r in rows}
    table_rows = [
        {
            "story": s.id,
            "docs": len(s.docs),
            "outlets": sorted({by_doc[d]["outlet"] or "?" for d in s.docs}),
            "titles": [by_doc[d]["title"] or d for d in s.docs],
        }
        for s in sorted(stories, key=lambda s: (-len(s.docs), s.id))
    ]
    with open_output(output) as fh:
        _story_table(table_rows, _console(fh))
    return reporter.exit_code


def _meta(row: dict[str, Any]) -> dict[str, Any]:
    return {"outlet": row["outlet"], "title": row["title"], "published": row["published"]}


def _stories_from_db(db: Path, output: Path | None, fmt: str) -> int:
    """Delegate to the database (``sayso.store``), which assigns stories as it indexes."""
    from sayso.cli.common import open_output
    from sayso.store.queries import list_stories

    stories = list_stories(db)  # a missing or empty file is E302, as for every read command
    if fmt != "table":
        from sayso.cli.common import write_rows

        write_rows(stories, fmt, columns=DB_STORY_COLUMNS, output=output)
        return 0
    with open_output(output) as fh:
        _story_table(
            [
                {
                    "story": s.get("story") or s.get("id"),
                    "docs": s.get("docs"),
                    "outlets": s.get("outlets") or [],
                    "titles": [s["title"]] if s.get("title") else [],
                }
                for s in stories
            ],
            _console(fh),
        )
    return 0


def _story_table(rows: list[dict[str, Any]], console: Any) -> None:
    from rich.table import Table
    from rich.text import Text

    from sayso.output import printable

    table = Table(title="Stories", title_justify="left", show_lines=True)
    table.add_column("story", overflow="fold")  # wrapped, never cut: pasted into --story
    table.add_column("docs", justify="right")
    table.add_column("outlets")
    table.add_column("titles", overflow="fold")
    for r in rows:
        outlets = r["outlets"] if isinstance(r["outlets"], list) else [str(r["outlets"])]
        cells = (r["story"], r["docs"], ", ".join(map(str, outlets)), "\n".join(map(str, r["titles"])))
        table.add_row(*(Text(printable(c)) for c in cells))
    console.print(table)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command("compare", help=COMPARE_HELP, no_args_is_help=False)(compare_command)
    app.command("stories", help=STORIES_HELP, no_args_is_help=False)(stories_command)
