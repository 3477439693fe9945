"""The command line: thin Typer commands over library functions.

Each command lives in its own module and only checks arguments, calls a library function and
writes the result. ``main`` is the one place where sayso's exceptions become messages and exit
codes (see ``sayso.errors``).

Command modules are imported only when their command runs (``LazyGroup``): ``sayso search``
does not pay for the comparison, evaluation or server modules, nor for Rich unless it draws a
table. ``sayso --help`` imports them all to list them. ``bench/search_cli.py`` measures it.
"""

from __future__ import annotations

import sqlite3
import sys
from collections.abc import Callable, Iterator, MutableMapping
from types import ModuleType
from typing import Any

import typer
from typer.core import TyperGroup

from sayso.errors import EXIT_INPUT_FAILED, DatabaseError, SaysoError


def _batch() -> ModuleType:
    from sayso.cli import batch

    return batch


def _compare() -> ModuleType:
    from sayso.cli import compare

    return compare


def _evaluate() -> ModuleType:
    from sayso.cli import evaluate

    return evaluate


def _extract() -> ModuleType:
    from sayso.cli import extract

    return extract


def _serve() -> ModuleType:
    from sayso.cli import serve

    return serve


def _speakers() -> ModuleType:
    from sayso.cli import speakers

    return speakers


def _store() -> ModuleType:
    from sayso.cli import store

    return store


#: Every command, in the order ``--help`` lists them, and the module whose ``register`` adds it.
COMMANDS: dict[str, Callable[[], ModuleType]] = {
    "extract": _extract,
    "evaluate": _evaluate,
    "compare": _compare,
    "stories": _compare,
    "index": _store,
    "search": _store,
    "speakers": _speakers,
    "show": _store,
    "export": _store,
    "batch": _batch,
    "serve": _serve,
}


class _LazyCommands(MutableMapping[str, Any]):
    """The group's ``commands`` mapping, filled one module at a time on first access.

    Click looks commands up through ``Group.commands`` (``get_command``, ``list_commands``), so
    the laziness lives here and Typer builds each command exactly as if it had been registered
    up front: same options, same help.
    """

    def __init__(self, loaders: dict[str, Callable[[], ModuleType]]) -> None:
        self._loaders = dict(loaders)
        self._loaded: dict[str, Any] = {}

    def _load(self, name: str) -> None:
        """Build the one command ``name`` from its module's ``register`` (the module's other
        commands are built when they are looked up: each costs a few ms of signature reading)."""
        module = self._loaders[name]()
        sub = typer.Typer(add_completion=False)
        module.register(sub)
        sub.registered_commands = [c for c in sub.registered_commands if c.name == name]
        sub.registered_groups = [g for g in sub.registered_groups if g.name == name]
        built = typer.main.get_command(sub)
        found = getattr(built, "commands", None)
        self._loaded[name] = found[name] if found is not None else built

    def __getitem__(self, name: str) -> Any:
        if name not in self._loaded and name in self._loaders:
            self._load(name)
        return self._loaded[name]

    def __setitem__(self, name: str, cmd: Any) -> None:
        self._loaders.setdefault(name, lambda: sys.modules[__name__])
        self._loaded[name] = cmd

    def __delitem__(self, name: str) -> None:
        self._loaders.pop(name, None)
        self._loaded.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaders)

    def __len__(self) -> int:
        return len(self._loaders)

    def __contains__(self, name: object) -> bool:
        return name in self._loaders


class LazyGroup(TyperGroup):
    """The ``sayso`` group: its commands are built when first looked up (see ``_LazyCommands``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        lazy = _LazyCommands(COMMANDS)
        for name, cmd in self.commands.items():
            lazy[name] = cmd
        self.commands = lazy


app = typer.Typer(
    name="sayso",
    cls=LazyGroup,
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
