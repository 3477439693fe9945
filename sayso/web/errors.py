"""The one place where exceptions become HTTP error responses.

Every error a client sees has the same shape, ``{"error": {"code": "E…", "message": "…"}}``
(plus ``"field"`` when one request field is to blame), and its status comes from
``sayso.errors.http_status``, so the CLI and the API agree on what each error means. Anything
unexpected becomes a 500 with a generic message: the traceback goes to the server log, never to
the client, because it may reveal paths and article content from other requests.
"""

from __future__ import annotations

import logging
import sqlite3
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from sayso.errors import (
    BadRequestError,
    DatabaseError,
    InternalError,
    InvalidRequestError,
    MethodNotAllowedError,
    NotFoundError,
    SaysoError,
    TooLargeError,
    UsageError,
    http_status,
)

log = logging.getLogger("sayso.web")

#: Starlette's own statuses and the registered code each answers with (``sayso.errors``); any
#: other 4xx is E400, anything else E500.
_STATUS_CODES = {
    404: NotFoundError.code,
    405: MethodNotAllowedError.code,
    413: TooLargeError.code,
}


def error_body(code: str, message: str, field: str | None = None) -> dict[str, Any]:
    err: dict[str, Any] = {"code": code, "message": message}
    if field is not None:
        err["field"] = field
    return {"error": err}


def error_response(exc: SaysoError, *, field: str | None = None) -> JSONResponse:
    """The JSON response for a sayso error (also used by middleware, outside the routing layer)."""
    message = f"{exc.where}: {exc.message}" if exc.where else exc.message
    return JSONResponse(error_body(exc.code, message, field), status_code=http_status(exc))


def _field_name(loc: tuple[Any, ...] | list[Any]) -> str:
    """``("body", 1, "title")`` → ``"1.title"``: the request part ("body", "query") is implied."""
    parts = [str(p) for p in loc]
    if parts and parts[0] in {"body", "query", "path", "header"}:
        parts = parts[1:]
    return ".".join(parts) or "body"


def _describe(error: dict[str, Any]) -> tuple[str, str]:
    """The field to blame and a sentence a person can act on, from one pydantic error."""
    field = _field_name(error.get("loc", ()))
    kind = error.get("type", "")
    ctx = error.get("ctx") or {}
    if "field" in ctx:  # a whole-model rule that blames one field (see ``schemas.ArticleIn``)
        field = ctx["field"] if field == "body" else f"{field}.{ctx['field']}"
        return field, f"field '{field}': {error.get('msg', 'invalid value')}"
    if kind == "missing":
        return field, f"field '{field}' is required"
    if kind == "json_invalid":
        return "body", "the request body is not valid JSON"
    if kind == "extra_forbidden":
        return field, f"field '{field}' is not allowed"
    return field, f"field '{field}': {error.get('msg', 'invalid value')}"


async def _validation_handler(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    errors = list(exc.errors())
    if not errors:
        return error_response(InvalidRequestError("invalid request"))
    field, message = _describe(errors[0])
    if len(errors) > 1:
        message += f" (and {len(errors) - 1} more problem{'s' if len(errors) > 2 else ''})"
    # A bad query value ("limit=0", "kind=bogus") is the same mistake as the CLI's "--limit 0":
    # E200, as sayso's own checks of query values ("since=yesterday") say; a body that does not
    # fit is E210.
    if all(next(iter(e.get("loc") or ("",))) == "query" for e in errors):
        return error_response(UsageError(message), field=field)
    return error_response(InvalidRequestError(message), field=field)


async def _sayso_handler(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, SaysoError)
    if http_status(exc) >= 500:
        log.warning("%s %s: %s", request.method, request.url.path, exc)
    return error_response(exc)


def _body_problem(exc: StarletteHTTPException) -> str | None:
    """What was wrong with a request body FastAPI could not parse, or ``None`` for other errors.

    FastAPI turns a ``json.JSONDecodeError`` into a validation error (422) but any other failure
    of ``json.loads`` into a bare 400 "There was an error parsing the body", with the cause
    chained: bytes that are not UTF-8 (``UnicodeDecodeError``) and arrays or objects nested
    deeper than the parser's recursion limit (``RecursionError``). For the client all of these
    are the same mistake as a missing quote, so they get the same answer: 422 E210, field ``body``.
    """
    if exc.status_code != 400:
        return None
    cause = exc.__cause__
    if isinstance(cause, UnicodeDecodeError):
        return f"the request body is not valid UTF-8 (bad byte at position {cause.start})"
    if isinstance(cause, RecursionError):
        return "the request body is nested too deeply (arrays or objects inside one another)"
    if isinstance(cause, ValueError):
        return "the request body is not valid JSON"
    return None


async def _http_handler(request: Request, exc: Exception) -> JSONResponse:
    """Starlette's own errors (unknown route, wrong method) in the same JSON shape."""
    assert isinstance(exc, StarletteHTTPException)
    problem = _body_problem(exc)
    if problem is not None:
        return error_response(InvalidRequestError(problem), field="body")
    status = exc.status_code
    detail = exc.detail if isinstance(exc.detail, str) else "request failed"
    if status == 404:
        detail = f"no such resource: {request.url.path}"
    code = _STATUS_CODES.get(status, BadRequestError.code if 400 <= status < 500 else InternalError.code)
    return JSONResponse(error_body(code, detail), status_code=status, headers=exc.headers)


async def _sqlite_handler(request: Request, exc: Exception) -> JSONResponse:
    """A ``sqlite3`` error that no store function wrapped: still the database's 503 (E302)."""
    log.warning("%s %s: database error: %s", request.method, request.url.path, exc)
    return error_response(DatabaseError("database error; details are in the server log"))


async def _unexpected_handler(request: Request, exc: Exception) -> JSONResponse:
    log.exception("unexpected error on %s %s", request.method, request.url.path)
    return JSONResponse(
        error_body(InternalError.code, "internal server error (details are in the server log)"),
        status_code=500,
    )


def install(app: FastAPI) -> None:
    """Register the handlers on an app; called once by ``create_app``."""
    app.add_exception_handler(RequestValidationError, _validation_handler)
    app.add_exception_handler(SaysoError, _sayso_handler)
    app.add_exception_handler(StarletteHTTPException, _http_handler)
    app.add_exception_handler(sqlite3.Error, _sqlite_handler)
    app.add_exception_handler(Exception, _unexpected_handler)
