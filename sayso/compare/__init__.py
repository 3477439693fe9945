"""Cross-outlet comparison: one story told by several outlets, quote by quote and fact by fact.

``api.compare`` aligns the quotes of articles about one event; ``stories.group_stories`` finds
which articles of a pile report the same event. Nothing heavy is imported here.
"""

from __future__ import annotations

import sys
import types
from typing import Any


class _Package(types.ModuleType):
    """This package, callable as ``sayso.compare(articles)``.

    ``sayso.compare`` is documented as the function ``api.compare``, but importing this package
    from anywhere (the store, the CLI, a user's ``import sayso.compare.stories``) binds the name
    ``compare`` of ``sayso`` to the package, over the function, and ``sayso.compare([a, b])``
    then called a module. Whatever the name is bound to, the call compares.
    """

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        from sayso.compare.api import compare

        return compare(*args, **kwargs)


sys.modules[__name__].__class__ = _Package
