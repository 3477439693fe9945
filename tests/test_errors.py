"""The error registry: one class per code, documented in docs/errors.md, rebuilt from data."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sayso import errors
from sayso.model import Failure

ROOT = Path(__file__).resolve().parent.parent
ROW = re.compile(r"^\| (E\d{3}) \| `(\w+)` \| (\d) \| (\d{3}) \|", re.MULTILINE)


def test_documented_table_is_the_registry() -> None:
    table = {m[1]: (m[2], int(m[3]), int(m[4])) for m in ROW.finditer((ROOT / "docs/errors.md").read_text())}
    registry = {c: (k.__name__, k.exit_code, k.http_status) for c, k in errors.registered().items()}
    assert table == registry


def test_every_code_mentioned_anywhere_is_registered() -> None:
    """Docs, README and source may only speak of codes that exist."""
    known = set(errors.registered())
    texts = [*ROOT.joinpath("docs").glob("*.md"), ROOT / "README.md", *ROOT.joinpath("sayso").rglob("*.py")]
    for path in texts:
        for code in set(re.findall(r"\bE[1-9]\d{2}\b", path.read_text(encoding="utf-8"))):
            assert code in known, f"{path.relative_to(ROOT)} mentions unregistered {code}"


def test_a_code_is_defined_once() -> None:
    with pytest.raises(TypeError, match="E105"):

        class Again(errors.InputError):
            code = "E105"


@pytest.mark.parametrize("code", sorted(errors.registered()))
def test_a_failure_rebuilds_its_typed_error(code: str) -> None:
    err = Failure(doc="d", code=code, message="m", where="f.jsonl:3").error()
    assert type(err) is errors.error_class(code) and err.code == code
    assert str(err) == f"[{code}] f.jsonl:3: m"


def test_an_unknown_code_is_still_an_error() -> None:
    assert type(Failure("d", "E777", "m").error()) is errors.SaysoError
