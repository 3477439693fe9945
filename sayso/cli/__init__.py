"""The command line: thin Typer commands over library functions.

Each command lives in its own module and only checks arguments, calls a library function and
writes the result. ``main`` is the one place where sayso's exceptions become messages and exit
codes (see ``sayso.errors``).

Command modules are imported only when their command runs (``sayso.cli.group.LazyGroup``), and
``sayso search`` does not import Typer at all: ``main`` gives it to ``sayso.cli.fast`` (argparse,
the same options, the same function), which hands back to Typer only for ``--help`` and usage
errors. So a search pays neither for the other commands, nor for Typer, nor for Rich unless it
draws a table. ``sayso --help`` imports them all to list them. ``bench/search_cli.py`` measures it.
"""

from __future__ import annotations

import contextlib
import sqlite3
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

from sayso.errors import EXIT_INPUT_FAILED, DatabaseError, SaysoError, UsageError


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


def __getattr__(name: str) -> Any:
    """``app`` and ``LazyGroup`` (``sayso.cli.group``), imported on first use: Typer costs
    ~75 ms, which ``sayso search`` does not pay (PEP 562)."""
    if name in ("app", "LazyGroup"):
        from sayso.cli import group

        return getattr(group, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class Terminated(BaseException):
    """SIGTERM, raised where the process stands so that cleanups run as for Ctrl-C: without it
    ``kill`` left ``out.jsonl.part`` behind and the workers' pool was never shut down."""


def _on_sigterm(signum: int, frame: Any) -> None:
    raise Terminated


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the app, turning sayso errors into one-line messages and exit codes."""
    import signal
    import threading

    in_main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _on_sigterm) if in_main else None
    try:
        return _main(sys.argv[1:] if argv is None else list(argv))
    finally:
        if in_main:
            signal.signal(signal.SIGTERM, previous)


def _main(args: list[str]) -> int:
    from sayso.cli.common import console_err

    try:
        rv = _fast(args)
        if rv is None:
            from sayso.cli.group import app

            rv = app(args=args, standalone_mode=False)
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
    except Terminated:
        console_err("terminated")
        return 143
    except BrokenPipeError:
        # The reader went away ("sayso search ... | head -1"): not an error of ours, nothing
        # to say. Python would still flush stdout at exit into the closed pipe and print a
        # second traceback, so stdout points at /dev/null from here on.
        import os

        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except SystemExit as exc:  # typer.Exit inside commands
        return int(exc.code or 0)
    except Exception as exc:  # click usage errors and anything unexpected
        import click
        from typer.exceptions import Abort as TyperAbort
        from typer.exceptions import TyperException

        # Typer >= 0.24 vendors click as ``typer._click``: its usage errors subclass
        # TyperException, not click's ClickException, and must not become tracebacks either.
        if isinstance(exc, click.exceptions.ClickException | TyperException) and hasattr(exc, "show"):
            message = getattr(exc, "message", None)
            if exc.exit_code == UsageError.exit_code and isinstance(message, str) and message[:2] != "[E":
                # The code sayso's own usage errors carry, so every one can be told by it.
                setattr(exc, "message", f"[{UsageError.code}] {message}")  # noqa: B010 (a Final attribute)
            exc.show()
            return int(exc.exit_code)
        if isinstance(exc, click.exceptions.Abort | TyperAbort):
            console_err("aborted")
            return EXIT_INPUT_FAILED
        raise
    return rv if isinstance(rv, int) else 0


def _fast(args: list[str]) -> int | None:
    """The exit code of a command run without Typer, or ``None`` for Typer to run it."""
    if args[:1] == ["search"]:
        from sayso.cli.fast import search_main

        return search_main(args[1:])
    return None


def run() -> None:
    sys.exit(main())
