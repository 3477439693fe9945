"""Settings of the HTTP server, passed to ``create_app`` or, for several workers, through the environment.

uvicorn starts each worker process by importing the app factory, so with ``--workers N`` the only
way to hand options to the workers is the environment: ``to_env`` and ``from_env`` are exact
inverses for that reason.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from sayso.settings import DEFAULT_MAX_CHARS

DEFAULT_MAX_BODY = 5 * 1024 * 1024
DEFAULT_SEARCH_LIMIT = 50
MAX_SEARCH_LIMIT = 1000


@dataclass(frozen=True, slots=True)
class WebSettings:
    """``db``: the quote database file (``None`` → ``$SAYSO_DB`` or ``sayso.db``); ``token``: when set,
    the bearer token that write endpoints require; ``max_body``: request size limit in bytes."""

    db: str | None = None
    token: str | None = None
    max_body: int = DEFAULT_MAX_BODY
    model: str | None = None
    max_chars: int = DEFAULT_MAX_CHARS
    preload: bool = False

    @classmethod
    def from_env(cls) -> WebSettings:
        env = os.environ
        return cls(
            db=env.get("SAYSO_DB") or None,
            token=env.get("SAYSO_TOKEN") or None,
            max_body=int(env.get("SAYSO_MAX_BODY") or DEFAULT_MAX_BODY),
            model=env.get("SAYSO_MODEL") or None,
            max_chars=int(env.get("SAYSO_MAX_CHARS") or DEFAULT_MAX_CHARS),
            preload=env.get("SAYSO_PRELOAD", "0") == "1",
        )

    def to_env(self) -> dict[str, str]:
        env = {
            "SAYSO_MAX_BODY": str(self.max_body),
            "SAYSO_MAX_CHARS": str(self.max_chars),
            "SAYSO_PRELOAD": "1" if self.preload else "0",
        }
        for key, value in (("SAYSO_DB", self.db), ("SAYSO_TOKEN", self.token), ("SAYSO_MODEL", self.model)):
            if value:
                env[key] = value
        return env
