"""CLI command ``sayso serve``: the HTTP API and the web page, with uvicorn."""

from __future__ import annotations

import os
from pathlib import Path

import typer

from sayso.errors import UsageError

LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})


def register(app: typer.Typer) -> None:
    """Add this module's commands to the app."""
    app.command(
        "serve",
        help=(
            "Serve the HTTP API and the web page.\n\n"
            "Example: sayso serve --db quotes.db --port 8000   (then open http://127.0.0.1:8000/)\n\n"
            "Set SAYSO_TOKEN to require 'Authorization: Bearer <token>' on POST /api/articles."
        ),
    )(serve)


def serve(
    db: Path | None = typer.Option(
        None, "--db", help="Quote database (default: $SAYSO_DB or ./sayso.db).", dir_okay=False
    ),
    host: str = typer.Option(
        "127.0.0.1", "--host", help="Address to bind (other machines reach it only if changed)."
    ),
    port: int = typer.Option(8000, "--port", min=0, max=65535, help="TCP port."),
    workers: int = typer.Option(
        1, "--workers", min=1, max=64, help="Worker processes, each loading the model once."
    ),
    max_body: int = typer.Option(
        5 * 1024 * 1024, "--max-body", min=1024, help="Request body limit in bytes (413 above)."
    ),
    log_level: str = typer.Option("info", "--log-level", help="uvicorn log level."),
    create: bool = typer.Option(
        False, "--create", help="Start an empty database when --db names no file (a typo otherwise)."
    ),
) -> None:
    """Check the options, then hand over to uvicorn (the settings travel through the environment)."""
    import uvicorn

    from sayso.cli.common import console_err
    from sayso.nlp.loader import model_name
    from sayso.web.settings import WebSettings

    if db is not None and db.is_dir():
        raise UsageError(f"--db {db} is a directory; give a database file")
    model_name()  # raises ModelNotInstalledError (exit 3) now rather than in every worker
    settings = WebSettings.from_env()
    settings = WebSettings(
        db=str(db) if db is not None else settings.db,
        token=settings.token,
        max_body=max_body,
        model=settings.model,
        max_chars=settings.max_chars,
        preload=True,
    )
    from sayso.store.db import default_db_path, open_db

    # Open (and migrate) once here, so a bad --db fails now with a clear message instead of on
    # the first request in every worker; like every other reader, a missing file is refused (a
    # typo would otherwise serve an empty database) unless --create asks for a new one.
    path = Path(settings.db) if settings.db is not None else default_db_path()
    open_db(path, create=create).close()
    settings = WebSettings(
        db=str(path),
        token=settings.token,
        max_body=settings.max_body,
        model=settings.model,
        max_chars=settings.max_chars,
        preload=True,
    )
    if host not in LOOPBACK:
        console_err(
            f"warning: listening on {host}: other machines can read the database and run extraction"
            + ("" if settings.token else "; set SAYSO_TOKEN to protect POST /api/articles")
        )
    os.environ.update(settings.to_env())
    uvicorn.run(
        "sayso.web.app:app_from_env",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level=log_level,
        proxy_headers=False,
        server_header=False,
    )
