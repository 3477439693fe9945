"""``sayso search`` without Typer: one description of its options, read here and by Typer.

Why: a search is a few milliseconds of SQLite, and importing Typer (with its vendored click) cost
~75 ms of every call, half the 150 ms a call from the shell may take (issue 12,
``bench/search_cli.py``). So ``sayso.cli.main`` hands ``sayso search ...`` to ``search_main``
here first, which reads the command line with ``parse`` (a strict subset of click's syntax) and
runs ``run_search``, the one implementation of the command; the Typer command of
``sayso.cli.store`` is built from the same ``SEARCH_OPTIONS`` (``typer_signature``) and calls the
same ``run_search``, so the two cannot drift (``tests/test_cli_fast.py`` also compares what both
parse).

Whatever ``parse`` would not read exactly as click does goes to Typer instead (``search_main``
returns ``None``): ``--help``, a usage error (so its message and exit code are Typer's, word for
word), a ``--db`` or ``-o`` that is a directory. Errors of the search itself are ``SaysoError``s,
mapped to messages and exit codes in ``sayso.cli.main`` as for every command. Rich is not imported
either: even the default table is drawn without it (``sayso.cli.table``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from sayso.cli.common import DB_HELP, MIN_CONFIDENCE_HELP, OUTPUT_HELP, ROW_FORMATS, format_help
from sayso.settings import DEFAULT_MIN_CONFIDENCE


class Opt(NamedTuple):
    """One parameter of a command, as both parsers need it: ``flags`` empty for the positional
    argument; ``file``: a file path, refused when it names a directory (click's ``dir_okay=False``).
    A ``NamedTuple`` like every record on the search path (see ``sayso.store.queries.SearchQuery``)."""

    dest: str
    flags: tuple[str, ...]
    kind: type
    default: Any
    help: str
    metavar: str | None = None
    show_default: bool = True
    file: bool = False


#: The parameters of ``sayso search``, in the order ``--help`` shows them.
SEARCH_OPTIONS: tuple[Opt, ...] = (
    Opt("text", (), str, None, "Words to find in quotes.", metavar="[TEXT]"),
    Opt("speaker", ("--speaker", "-s"), str, None, "Speaker name, or part of it."),
    Opt("outlet", ("--outlet",), str, None, "Outlet name, or part of it."),
    Opt("since", ("--since",), str, None, "Published on or after (YYYY-MM-DD)."),
    Opt("until", ("--until",), str, None, "Published on or before (YYYY-MM-DD)."),
    Opt("story", ("--story",), str, None, "Only this story id."),
    Opt("limit", ("--limit", "-n"), int, 20, "At most this many hits."),
    Opt("offset", ("--offset",), int, 0, "Skip this many hits first (paging)."),
    Opt("kind", ("--kind",), str, None, "direct, mixed or indirect.", show_default=False),
    Opt(
        "relation",
        ("--relation",),
        str,
        None,
        "How it renders the words against the fullest outlet (verbatim, altered, ...).",
        show_default=False,
    ),
    Opt("multi", ("--multi",), bool, False, "Only quotes another outlet also carries."),
    Opt("fmt", ("--format", "-f"), str, "table", format_help(ROW_FORMATS)),
    Opt("output", ("--output", "-o"), Path, None, OUTPUT_HELP, show_default=False, file=True),
    Opt("db", ("--db",), Path, None, DB_HELP, show_default=False, file=True),
    Opt("min_confidence", ("--min-confidence",), float, DEFAULT_MIN_CONFIDENCE, MIN_CONFIDENCE_HELP),
)

#: The search hit columns a table shows (JSON Lines, JSON and CSV carry every field).
TABLE_HIT_COLUMNS = ("doc", "outlet", "published", "speaker", "kind", "quote", "relation", "other_outlets")


class _NotOurs(Exception):
    """A command line this parser does not read the way click would: Typer takes it."""


def _convert(opt: Opt, value: str, *, option: bool = True) -> Any:
    """A value as click converts it for ``opt.kind`` (``int()``, ``float()``, ``Path()``).

    An option's value that looks like an option itself (``--speaker -x``) is left to Typer."""
    if option and value.startswith("-") and len(value) > 1 and opt.kind not in (int, float):
        raise _NotOurs(f"{value!r} for {opt.dest} looks like an option")
    try:
        converted = opt.kind(value)
    except ValueError:
        raise _NotOurs(f"{value!r} is not a {opt.kind.__name__}") from None
    if opt.file and converted.is_dir():
        raise _NotOurs(f"{value!r} is a directory")  # click says so in its own words
    return converted


def parse(argv: list[str], options: tuple[Opt, ...] = SEARCH_OPTIONS) -> dict[str, Any] | None:
    """The values of a command line, or ``None`` when Typer should read it (see the module).

    Reads what click reads the same way: ``--name VALUE``, ``--name=VALUE``, ``-x VALUE``,
    ``-xVALUE``, flags, one positional argument, ``--`` before positional ones only; later
    values of an option replace earlier ones. Anything else (``--help``, an unknown option, a
    missing or unconvertible value, a second positional argument) is left to Typer, whose
    message and exit code the user then gets. Hand-written rather than ``argparse``, which costs
    ~10 ms of imports and first-use set-up per call (``shutil``, ``gettext``, ``locale``).
    """
    by_flag = {flag: opt for opt in options for flag in opt.flags}
    positional = [opt for opt in options if not opt.flags]
    values: dict[str, Any] = {opt.dest: opt.default for opt in options}
    rest = list(argv)
    try:
        while rest:
            token = rest.pop(0)
            if token == "--":
                args, rest = rest, []
            elif token.startswith("-") and len(token) > 1:
                name, eq, attached = (
                    token.partition("=") if token.startswith("--") else (token[:2], "", token[2:])
                )
                opt = by_flag.get(name)
                if opt is None:
                    raise _NotOurs(f"no option {name}")
                if opt.kind is bool:
                    if eq or attached:
                        raise _NotOurs(f"{name} takes no value")
                    values[opt.dest] = True
                    continue
                if not (eq or attached):
                    if not rest:
                        raise _NotOurs(f"{name} needs a value")
                    attached = rest.pop(0)
                values[opt.dest] = _convert(opt, attached)
                continue
            else:
                args = [token]
            for arg in args:
                if not positional:
                    raise _NotOurs(f"unexpected argument {arg!r}")
                opt = positional.pop(0)
                values[opt.dest] = _convert(opt, arg, option=False)
    except _NotOurs:
        return None
    return values


def search_main(argv: list[str]) -> int | None:
    """``sayso search ARGV``: the exit code, or ``None`` when Typer should run it instead."""
    values = parse(argv)
    return None if values is None else run_search(**values)


def run_search(
    *,
    text: str | None,
    speaker: str | None,
    outlet: str | None,
    since: str | None,
    until: str | None,
    story: str | None,
    limit: int,
    offset: int,
    kind: str | None,
    relation: str | None,
    multi: bool,
    fmt: str,
    output: Path | None,
    db: Path | None,
    min_confidence: float,
) -> int:
    """The search command, whichever parser read it: one page of hits written in ``fmt``."""
    from sayso.cli.common import check_confidence, check_format, write_rows
    from sayso.store.db import default_db_path, open_db
    from sayso.store.finding import search_with_total
    from sayso.store.queries import HIT_FIELDS, SearchQuery

    check_format(fmt, ROW_FORMATS)
    query = SearchQuery(
        text=text,
        speaker=speaker,
        outlet=outlet,
        since=since,
        until=until,
        story=story,
        limit=limit,
        offset=offset,
        min_confidence=check_confidence(min_confidence),
        kind=kind,
        relation=relation,
        multi=multi,
    )
    conn = open_db(db if db is not None else default_db_path(), create=False)
    try:
        # A table says how many match in all, not only how many are shown (the limit); the
        # file formats skip the count (the same function as GET /api/quotes).
        hits, counted = search_with_total(conn, query, count=fmt == "table")
        total = len(hits) if counted is None else counted
    finally:
        conn.close()
    shown = f"{offset + 1}-{offset + len(hits)} of {total}" if hits and total > len(hits) else str(total)
    from sayso.render import rows_with_display, table_rows

    write_rows(
        table_rows(hits) if fmt == "table" else rows_with_display(hits),
        fmt,
        columns=(*HIT_FIELDS, "display"),
        table_columns=TABLE_HIT_COLUMNS,
        output=output,
        title=f"{shown} quotes",
    )
    return 0


def typer_signature(options: tuple[Opt, ...]) -> tuple[Any, dict[str, Any]]:
    """The ``inspect.Signature`` and annotations of a Typer command taking ``options``: Typer
    reads a command's parameters from its function's signature, so this gives it the same
    parameters, defaults and help that ``parse`` reads."""
    import inspect

    import typer

    params = []
    annotations: dict[str, Any] = {"return": int}
    for opt in options:
        kind: Any = opt.kind if opt.default is not None else opt.kind | None
        if not opt.flags:
            info = typer.Argument(opt.default, metavar=opt.metavar, help=opt.help)
        else:
            info = typer.Option(
                opt.default, *opt.flags, help=opt.help, show_default=opt.show_default, dir_okay=not opt.file
            )
        params.append(
            inspect.Parameter(opt.dest, inspect.Parameter.KEYWORD_ONLY, default=info, annotation=kind)
        )
        annotations[opt.dest] = kind
    return inspect.Signature(params, return_annotation=int), annotations
