"""Load a script of the repository (``bench/``, ``scripts/``) as a module, for the tests that run
the same code a person runs from the shell."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def load_script(relative: str) -> ModuleType:
    """``bench/concurrency.py`` -> its module, registered in ``sys.modules`` under a private name
    (its dataclasses look their module up while being defined)."""
    path = ROOT / relative
    name = "repo_" + relative.replace("/", "_").removesuffix(".py")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
