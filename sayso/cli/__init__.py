"""The command line: thin Typer commands over library functions.

Each command lives in its own module and only checks arguments, calls a library function and
writes the result. ``main`` is the one place where sayso's exceptions become messages and exit
codes (see ``sayso.errors``).
"""

from __future__ import annotations

import sqlite3
import sys

import typer

from sayso.errors import EXIT_INPUT_FAILED, DatabaseError, SaysoError

app = typer.Typer(
    name="sayso",
    help=("Who said what, and who reported it how.\n\nExample: sayso extract article.txt --format table"),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        import sayso

        typer.echo(f"sayso {sayso.__version__}")
        raise typer.Exit()


@app.callback()
def _main_options(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Who said what, and who reported it how."""


def _register() -> None:
    # Imported here, not at module level, so `import sayso.cli` stays cheap and each command
    # module can import heavy libraries lazily inside its function bodies.
    from sayso.cli import batch, compare, evaluate, extract, serve, store

    for module in (extract, evaluate, compare, store, batch, serve):
        module.register(app)


_register()


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the app, turning sayso errors into one-line messages and exit codes."""
    from sayso.cli.common import console_err

    try:
        rv = app(args=argv, standalone_mode=False)
    except SaysoError as exc:
        console_err(f"error: {exc}")
        return exc.exit_code
    except sqlite3.Error as exc:
        # The store wraps its sqlite3 errors with the file name (``db_errors``); this is the net
        # for any path that does not, so a damaged database is still one line and exit code 3.
        err = DatabaseError(f"database error: {exc}")
        console_err(f"error: {err}")
        return err.exit_code
    except KeyboardInterrupt:
        console_err("interrupted")
        return 130
    except SystemExit as exc:  # typer.Exit inside commands
        return int(exc.code or 0)
    except Exception as exc:  # click usage errors and anything unexpected
        import click
        from typer.exceptions import Abort as TyperAbort
        from typer.exceptions import TyperException

        # Typer >= 0.24 vendors click as ``typer._click``: its usage errors subclass
        # TyperException, not click's ClickException, and must not become tracebacks either.
        if isinstance(exc, click.exceptions.ClickException | TyperException) and hasattr(exc, "show"):
            exc.show()
            return int(exc.exit_code)
        if isinstance(exc, click.exceptions.Abort | TyperAbort):
            console_err("aborted")
            return EXIT_INPUT_FAILED
        raise
    return rv if isinstance(rv, int) else 0


def run() -> None:
    sys.exit(main())
