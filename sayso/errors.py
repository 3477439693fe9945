"""Every error sayso raises on purpose, each with a searchable code, and the one mapping to exit codes.

Library code raises these narrow exceptions and never exits or prints. The CLI (``sayso.cli``) and
the HTTP layer (``sayso.web``) translate them in exactly one place each, using ``exit_code`` and
``http_status`` below, so a user sees ``[E101] notes.bin: binary file, not text`` instead of a
traceback, and scripts can rely on exit codes:

* 0 — every input was processed;
* 1 — some input failed (each failure was reported, the rest was processed);
* 2 — usage error (bad arguments, nothing to do);
* 3 — environment problem (model not installed, database unusable).
"""

from __future__ import annotations

EXIT_OK = 0
EXIT_INPUT_FAILED = 1
EXIT_USAGE = 2
EXIT_ENVIRONMENT = 3


class SaysoError(Exception):
    """Base class: a message for humans, a stable code, and where it happened (file, line)."""

    code = "E000"
    exit_code = EXIT_INPUT_FAILED
    http_status = 400

    def __init__(self, message: str, *, where: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.where = where

    def __str__(self) -> str:
        prefix = f"{self.where}: " if self.where else ""
        return f"[{self.code}] {prefix}{self.message}"

    def to_dict(self) -> dict[str, str | None]:
        return {"code": self.code, "message": self.message, "where": self.where}


# --- input problems (one document or file; the batch goes on) -------------------------------
class InputError(SaysoError):
    """A document could not be read or processed; reported, then skipped."""

    code = "E100"


class BinaryInputError(InputError):
    code = "E101"


class EmptyInputError(InputError):
    code = "E102"


class UnsupportedFormatError(InputError):
    code = "E103"


class MalformedInputError(InputError):
    """Broken JSONL line, unreadable WARC record, HTML with no extractable text, ..."""

    code = "E104"


class TooLargeError(InputError):
    code = "E105"
    http_status = 413


class NotFoundError(SaysoError):
    code = "E106"
    http_status = 404


# --- usage problems --------------------------------------------------------------------------
class UsageError(SaysoError):
    code = "E200"
    exit_code = EXIT_USAGE
    http_status = 422


class NotEnoughArticlesError(UsageError):
    code = "E201"


class InvalidRequestError(UsageError):
    """An HTTP request body or query that does not fit the API (names the offending field)."""

    code = "E210"


class AuthenticationError(UsageError):
    """A write endpoint was called without the bearer token that ``SAYSO_TOKEN`` requires."""

    code = "E211"
    http_status = 401


class GoldDirError(UsageError):
    """``sayso evaluate``: the gold directory is missing or not in the brat layout it expects."""

    code = "E230"


# --- environment problems --------------------------------------------------------------------
class EnvironmentProblem(SaysoError):
    code = "E300"
    exit_code = EXIT_ENVIRONMENT
    http_status = 503


class ModelNotInstalledError(EnvironmentProblem):
    code = "E301"


class DatabaseError(EnvironmentProblem):
    code = "E302"


def exit_code(exc: BaseException) -> int:
    """The process exit code for an exception that reached the CLI edge."""
    if isinstance(exc, SaysoError):
        return exc.exit_code
    return EXIT_INPUT_FAILED


def http_status(exc: BaseException) -> int:
    """The HTTP status for an exception that reached the API edge (500 for anything unexpected)."""
    if isinstance(exc, SaysoError):
        return exc.http_status
    return 500
