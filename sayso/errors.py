"""Every error sayso raises on purpose, each with a searchable code, and the one mapping to exit codes.

Library code raises these narrow exceptions and never exits or prints. The CLI (``sayso.cli``) and
the HTTP layer (``sayso.web``) translate them in exactly one place each, using ``exit_code`` and
``http_status`` below, so a user sees ``[E101] notes.bin: binary file, not text`` instead of a
traceback, and scripts can rely on exit codes:

* 0 — every input was processed;
* 1 — some input failed (each failure was reported, the rest was processed);
* 2 — usage error (bad arguments, nothing to do);
* 3 — environment problem (model not installed, database unusable).

Every code used anywhere is a class here, registered by its code as it is defined, so a code
that travelled as data (a ``Failure`` from a worker process, a Parquet shard, a JSON line) can be
turned back into its typed error with ``error_class(code)``; ``docs/errors.md`` is the table of
them all and ``tests/test_errors.py`` checks it against this registry.
"""

from __future__ import annotations

EXIT_OK = 0
EXIT_INPUT_FAILED = 1
EXIT_USAGE = 2
EXIT_ENVIRONMENT = 3


_REGISTRY: dict[str, type[SaysoError]] = {}


class SaysoError(Exception):
    """Base class: a message for humans, a stable code, and where it happened (file, line)."""

    code = "E000"
    exit_code = EXIT_INPUT_FAILED
    http_status = 400

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        code = cls.__dict__.get("code")
        if code is not None:
            if code in _REGISTRY:
                raise TypeError(f"error code {code} is used by {_REGISTRY[code].__name__} and {cls.__name__}")
            _REGISTRY[code] = cls

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


class EngineError(InputError):
    """The engine failed on one document (a bug, or a worker process that died): that document
    is reported and the batch goes on."""

    code = "E199"
    http_status = 500


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


class BadRequestError(UsageError):
    """An HTTP request the server could not read at all (Starlette's own 4xx answers)."""

    code = "E400"
    http_status = 400


class MethodNotAllowedError(UsageError):
    code = "E405"
    http_status = 405


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


# --- programming errors (a caller used sayso wrongly; never the user's input) -------------------
class InternalError(SaysoError):
    """Anything unexpected on the server: the client gets this code, the log gets the details."""

    code = "E500"
    exit_code = EXIT_ENVIRONMENT
    http_status = 500


class ConfigError(SaysoError, ValueError):
    """A sayso function or spaCy component was given an argument it cannot take."""

    code = "E900"
    exit_code = EXIT_USAGE
    http_status = 500


class PipelineError(SaysoError, ValueError):
    """The spaCy pipeline lacks what sayso's components need (a dependency parse)."""

    code = "E901"
    exit_code = EXIT_ENVIRONMENT
    http_status = 503


def error_class(code: str) -> type[SaysoError]:
    """The error class registered for ``code``; ``SaysoError`` itself for a code nobody defined."""
    return _REGISTRY.get(code, SaysoError)


def registered() -> dict[str, type[SaysoError]]:
    """Every code and its class, in code order (what ``docs/errors.md`` documents)."""
    return dict(sorted(_REGISTRY.items()))


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
