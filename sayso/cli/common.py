"""Helpers shared by the CLI commands: stderr reporting, failure counting, output opening."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from rich.console import Console

from sayso.errors import EXIT_INPUT_FAILED, EXIT_OK, UsageError
from sayso.model import Failure

_err = Console(stderr=True, highlight=False, soft_wrap=True)


def console_err(message: str) -> None:
    """One line on stderr, never interpreted as Rich markup (file names may contain brackets)."""
    _err.print(message, markup=False)


@dataclass
class Reporter:
    """Reports each failed document on one stderr line and decides the exit code at the end."""

    failures: list[Failure] = field(default_factory=list)
    processed: int = 0

    def fail(self, failure: Failure) -> None:
        self.failures.append(failure)
        where = failure.where or failure.doc
        console_err(f"error: [{failure.code}] {where}: {failure.message}")

    def ok(self) -> None:
        self.processed += 1

    def warn(self, where: str, message: str) -> None:
        console_err(f"warning: {where}: {message}")

    @property
    def exit_code(self) -> int:
        return EXIT_INPUT_FAILED if self.failures else EXIT_OK


@contextmanager
def open_output(path: Path | None) -> Iterator[IO[str]]:
    """``-o FILE`` or stdout; the file is written next to its final name and moved at the end."""
    if path is None or str(path) == "-":
        yield sys.stdout
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".part")
    with tmp.open("w", encoding="utf-8", newline="") as fh:
        yield fh
    tmp.replace(path)


def check_format(fmt: str, allowed: tuple[str, ...]) -> None:
    """The same usage error, worded the same way, for every command's ``--format``."""
    if fmt not in allowed:
        raise UsageError(f"unknown --format {fmt!r}; choose one of {', '.join(allowed)}")


def check_at_least_one(option: str, value: int) -> None:
    """Counts and limits given on the command line (``--workers``, ``--max-chars``, ``--limit``)."""
    if value < 1:
        raise UsageError(f"{option} must be at least 1, not {value}")
