"""sayso: who said what, and who reported it how.

Importing sayso is cheap: spaCy and the model load on first use, once per process.

>>> import sayso
>>> article = sayso.extract('"We will win," the mayor said.', doc="demo")   # doctest: +SKIP
>>> article.quotes[0].speaker                                                  # doctest: +SKIP
'the mayor'
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

__all__ = [
    "Alignment",
    "Article",
    "ArticleInput",
    "Comparison",
    "Entity",
    "Extractor",
    "Failure",
    "Occurrence",
    "Quote",
    "Span",
    "Speaker",
    "Story",
    "__version__",
    "compare",
    "extract",
    "extract_many",
    "group_stories",
]

# Public names and the module that defines them; imported on first access (PEP 562), so that
# `sayso search`, which needs neither the model's classes nor spaCy, starts without them.
# Every public name not listed here is a class of ``sayso.model``.
_ELSEWHERE = {
    "extract": "sayso.pipeline",
    "extract_many": "sayso.pipeline",
    "Extractor": "sayso.pipeline",
    "compare": "sayso.compare.api",
    "group_stories": "sayso.compare.stories",
}
_LAZY = {name: _ELSEWHERE.get(name, "sayso.model") for name in __all__ if name != "__version__"}

if TYPE_CHECKING:
    from sayso.compare.api import compare
    from sayso.compare.stories import group_stories
    from sayso.model import (
        Alignment,
        Article,
        ArticleInput,
        Comparison,
        Entity,
        Failure,
        Occurrence,
        Quote,
        Span,
        Speaker,
        Story,
    )
    from sayso.pipeline import Extractor, extract, extract_many


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value  # found once; later lookups do not come here
        if "sayso.compare" in sys.modules:
            # Importing anything under the package ``sayso.compare`` binds ``sayso.compare`` to
            # that package, over the function of the same name (a second ``sayso.compare(...)``
            # called a module): the function is what ``sayso.compare`` means.
            globals()["compare"] = importlib.import_module("sayso.compare.api").compare
        return value
    raise AttributeError(f"module 'sayso' has no attribute {name!r}")
