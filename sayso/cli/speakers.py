"""``sayso speakers``: the speaker entities of the database, and merging or splitting them by hand.

``sayso speakers [NAME]`` lists entities (one per person, group or organisation across all
articles, see ``sayso.store.entities``); ``show`` prints one entity's aliases with the evidence
that joined each; ``merge`` and ``split`` record a correction that every later rebuild applies
again, so it survives re-indexing. A first argument that is not a subcommand is a NAME for the
list (``sayso speakers trump``), as before entities existed. Listing only reads the database and
never imports the language model.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from typer.core import TyperGroup

from sayso.cli.common import (
    check_confidence,
    console_err,
    format_option,
    min_confidence_option,
    output_option,
    write_rows,
)

DB_HELP = "Database file (default: $SAYSO_DB, else sayso.db here)."
HELP = """The speakers of the database: one entity per person, group or organisation.

Name variants join one entity ("Donald J. Trump", "Trump Donald", "President Trump"; "Mike" and \
"Michael"); a bare surname joins a full name only when its article or the database leaves no \
doubt; descriptions and anonymous sources ("a spokesman") stay in their article. Fix what is \
wrong with 'merge' and 'split': the correction is applied again after every re-index.

\b
Examples:
  sayso speakers --db quotes.db                 # most quoted first
  sayso speakers trump --format jsonl           # entities with an alias matching 'trump'
  sayso speakers show donald-trump              # its aliases and why each joined
  sayso speakers merge donald-trump "Trump Donald"
  sayso speakers split donald-trump "trump"     # the bare name becomes its own entity
"""
LIST_COLUMNS = ("id", "name", "kind", "quotes", "articles", "outlets", "aliases")
ALIAS_COLUMNS = ("alias", "name", "articles", "quotes", "evidence")


class _ListByDefault(TyperGroup):
    """A group whose first argument, when it is not a subcommand, is the list's NAME."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if not args or (args[0] not in self.commands and args[0] not in ("-h", "--help")):
            args = ["list", *args]
        return list(super().parse_args(ctx, args))


app = typer.Typer(
    cls=_ListByDefault,
    help=HELP,
    no_args_is_help=False,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _db(path: Path | None) -> Path:
    from sayso.store.db import default_db_path

    return path if path is not None else default_db_path()


def _db_option() -> Any:
    return typer.Option(None, "--db", help=DB_HELP, dir_okay=False, show_default=False)


@app.command("list")
def list_command(
    name: str | None = typer.Argument(
        None, metavar="[NAME]", help="Only entities with an alias matching this."
    ),
    limit: int = typer.Option(50, "--limit", "-n", help="At most this many entities."),
    offset: int = typer.Option(0, "--offset", help="Skip this many first."),
    named_only: bool = typer.Option(
        False, "--named-only", help="Leave out article-local entities (descriptions, anonymous sources)."
    ),
    authors: bool = typer.Option(
        False, "--authors", help="List the articles' own first-person narrators instead (kept apart)."
    ),
    fmt: str = format_option(),
    output: Path | None = output_option(),
    db: Path | None = _db_option(),
    min_confidence: float = min_confidence_option(),
) -> int:
    """List speaker entities, most quoted first."""
    from sayso.store import queries
    from sayso.store.db import open_db
    from sayso.store.entities import ENTITY_FIELDS
    from sayso.store.finding import check_page

    check_page(limit, offset)
    threshold = check_confidence(min_confidence)
    conn = open_db(_db(db), create=False)
    try:
        rows = queries.list_speakers(
            conn,
            name=name,
            limit=limit,
            offset=offset,
            min_confidence=threshold,
            named_only=named_only,
            authors=authors,
        )
    finally:
        conn.close()
    write_rows(rows, fmt, columns=ENTITY_FIELDS, table_columns=LIST_COLUMNS, output=output, title="speakers")
    return 0


@app.command("show")
def show_command(
    entity: str = typer.Argument(..., metavar="ENTITY", help="Entity id or a name it is known by."),
    fmt: str = format_option(),
    output: Path | None = output_option(),
    db: Path | None = _db_option(),
    min_confidence: float = min_confidence_option(),
) -> int:
    """Show an entity's aliases and the evidence that joined each (json: the whole speaker profile)."""
    from sayso.output import printable
    from sayso.store.db import open_db
    from sayso.store.entities import find_entity, speaker_profile

    threshold = check_confidence(min_confidence)
    conn = open_db(_db(db), create=False)
    try:
        row = find_entity(conn, entity)
        profile = speaker_profile(conn, row["id"], min_confidence=threshold, limit=20)
    finally:
        conn.close()
    info = profile["entity"]
    if fmt == "json":
        import json

        from sayso.cli.common import open_output

        with open_output(output) as fh:
            fh.write(json.dumps(profile, ensure_ascii=False, indent=2) + "\n")
        return 0
    if fmt == "table" and output is None:
        outlets = ", ".join(f"{o['outlet'] or '(no outlet)'} {o['quotes']}" for o in profile["outlets"][:8])
        typer.echo(printable(f"{info['id']}: {info['name']} ({info['kind']})", one_line=True))
        typer.echo(printable(f"{profile['total']} quotes; outlets: {outlets or 'none'}", one_line=True))
    write_rows(info["aliases"], fmt, columns=ALIAS_COLUMNS, output=output, title="aliases")
    return 0


@app.command("merge")
def merge_command(
    into: str = typer.Argument(..., metavar="A", help="The entity that stays (id or name)."),
    absorbed: str = typer.Argument(..., metavar="B", help="The entity merged into A (id or name)."),
    db: Path | None = _db_option(),
) -> int:
    """Merge entity B into A, for good: recorded and applied after every re-index."""
    from sayso.store.db import open_db
    from sayso.store.entities import find_entity
    from sayso.store.rebuild import merge_entities

    conn = open_db(_db(db), create=False)
    try:
        merge_entities(conn, into, absorbed)
        row = find_entity(conn, into)
    finally:
        conn.close()
    console_err(f"merged {absorbed} into {row['id']} ({row['name']})")
    return 0


@app.command("split")
def split_command(
    entity: str = typer.Argument(..., metavar="ENTITY", help="Entity id or name."),
    alias: str = typer.Argument(..., metavar="ALIAS", help="One of its aliases (see 'sayso speakers show')."),
    db: Path | None = _db_option(),
) -> int:
    """Make ALIAS its own entity, for good: recorded and applied after every re-index."""
    from sayso.rows import normalise_name
    from sayso.store.db import open_db
    from sayso.store.rebuild import split_entity

    conn = open_db(_db(db), create=False)
    try:
        split_entity(conn, entity, alias)
        new = conn.execute(
            "SELECT e.id FROM entities e JOIN entity_aliases x ON x.entity = e.id WHERE x.alias = ? "
            "AND x.evidence LIKE 'split off by hand%' ORDER BY e.id LIMIT 1",
            (normalise_name(alias),),
        ).fetchone()
    finally:
        conn.close()
    console_err(f"split {alias!r} off {entity}" + (f" as {new[0]}" if new else ""))
    return 0


@app.command("rebuild")
def rebuild_command(db: Path | None = _db_option()) -> int:
    """Resolve every speaker into entities again (indexing does this by itself; for benchmarks)."""
    from sayso.store.db import open_db
    from sayso.store.rebuild import rebuild_entities

    conn = open_db(_db(db), create=False)
    try:
        stats = rebuild_entities(conn)
    finally:
        conn.close()
    console_err(
        f"{stats.units} speakers -> {stats.entities} entities ({stats.named} named) in {stats.seconds:.2f} s"
    )
    return 0


def register(parent: typer.Typer) -> None:
    """Add ``sayso speakers`` (a group whose default command is ``list``) to the app."""
    parent.add_typer(app, name="speakers", help=HELP)
