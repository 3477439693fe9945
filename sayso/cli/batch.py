"""``sayso batch``: shards of articles -> Parquet, on Dask or local processes (see ``sayso.scale.batch``)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import typer

from sayso.cli.common import date_option, first_line_option, outlet_option, title_option
from sayso.errors import EngineError
from sayso.settings import DEFAULT_MAX_CHARS

HELP = """Extract quotes from shards of articles into Parquet files, on a Dask cluster or local processes.

INPUT is a .jsonl, .jsonl.gz, .warc or .warc.gz file (a shard) or a folder of them. Each shard is \
one task; results go to DIR/articles, DIR/quotes, DIR/speakers and DIR/errors (every document that \
failed, and why), with DIR/manifest.json. Re-running skips the shards already finished.

--outlet, --title and --date fill metadata the articles lack (once for every input, or once per \
INPUT in the same order), --title-from-first-line takes a missing title from a headline-like \
first line, as for 'sayso index'.

Without --dask the shards run on --workers local processes. --dask local starts a Dask \
LocalCluster with --workers single-threaded worker processes; any other value is the address of a \
running scheduler (input and output paths must then be readable and writable by every worker).

\b
Examples:
  sayso batch shards/ -o out/ --workers 2
  sayso batch shards/ -o out/ --dask local --workers 4
  sayso batch /shared/crawl -o /shared/out --dask tcp://10.0.0.5:8786
  sayso index out/ --db quotes.db       # load the results into the database
"""


def batch_command(
    inputs: list[Path] = typer.Argument(None, metavar="INPUT...", help="Shard files or folders of shards."),
    out: Path = typer.Option(
        None, "--output", "-o", help="Output directory.", file_okay=False, show_default=False
    ),
    out_alias: Path | None = typer.Option(
        None, "--out", hidden=True, file_okay=False, help="Old spelling of --output."
    ),
    dask: str | None = typer.Option(
        None, "--dask", help="'local' for a LocalCluster, or a scheduler address.", show_default=False
    ),
    workers: int = typer.Option(1, "--workers", "-w", help="Worker processes (local or LocalCluster)."),
    max_chars: int = typer.Option(DEFAULT_MAX_CHARS, "--max-chars", help="Refuse longer articles."),
    model: str | None = typer.Option(None, "--model", help="spaCy model package.", show_default=False),
    outlet: list[str] | None = outlet_option(),
    title: list[str] | None = title_option(),
    published: list[str] | None = date_option(),
    title_from_first_line: bool = first_line_option(),
) -> int:
    from sayso.cli.common import Reporter, console_err
    from sayso.cli.console import counted_progress
    from sayso.errors import UsageError
    from sayso.model import Failure
    from sayso.output import printable
    from sayso.scale.batch import Shard, run_batch

    if not inputs:
        raise UsageError("no input: give shard files (.jsonl[.gz], .warc[.gz]) or folders of them")
    if out is not None and out_alias is not None and out != out_alias:
        raise UsageError("give the output directory once (-o/--output; --out is its old spelling)")
    out = out if out is not None else out_alias
    if out is None:
        raise UsageError("-o/--output DIR is required")
    if workers < 1 or max_chars < 1:
        raise UsageError("--workers and --max-chars must be at least 1")
    if dask in (None, "local"):  # a remote cluster's workers have their own packages
        from sayso.nlp.loader import require_model

        require_model(model)

    reporter = Reporter()
    progress = counted_progress("batch", unit="shards")
    task = progress.add_task("batch", total=None, detail="")
    docs = {"articles": 0, "quotes": 0}

    def start(total: int, todo: int) -> None:
        progress.update(task, total=todo, detail=f"({total - todo} already done)" if total > todo else "")

    def shard_done(shard: Shard, marker: dict[str, Any] | None, error: str | None) -> None:
        if marker is None:
            reporter.fail(Failure(shard.key, EngineError.code, f"shard failed: {error}", str(shard.path)))
        else:
            docs["articles"] += int(marker.get("articles", 0))
            docs["quotes"] += int(marker.get("quotes", 0))
        progress.update(task, advance=1, detail=f"{docs['articles']:,} articles, {docs['quotes']:,} quotes")

    with progress, _resume_hint(out):
        report = run_batch(
            inputs,
            out,
            dask=dask,
            workers=workers,
            max_chars=max_chars,
            model=model,
            on_start=start,
            on_shard=shard_done,
            outlets=outlet or (),
            titles=title or (),
            dates=published or (),
            title_from_first_line=title_from_first_line,
        )
    if report.failed_docs:
        console_err(f"{report.failed_docs} documents failed; see {out / 'errors'} (doc, code, message)")
    typer.echo(
        f"{printable(out, one_line=True)}: {report.done} shards done, "
        f"{report.skipped} skipped (already done), "
        f"{len(report.failed_shards)} failed; {report.articles} articles, {report.quotes} quotes, "
        f"{report.failed_docs} failed documents in {report.seconds:.1f} s"
    )
    return 1 if report.failed_docs or report.failed_shards else reporter.exit_code


@contextlib.contextmanager
def _resume_hint(out: Path) -> Iterator[None]:
    """On Ctrl-C, say what is kept and how to go on (the CLI then exits 130)."""
    from sayso.cli.common import console_err
    from sayso.output import printable

    try:
        yield
    except KeyboardInterrupt:
        console_err(
            f"interrupted: finished shards are kept in {printable(out, one_line=True)} "
            "(manifest.json); run the same command again to do the rest"
        )
        raise


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command("batch", help=HELP)(batch_command)
