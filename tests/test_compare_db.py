"""``sayso compare --db FILE --story ID``: a story compared straight from the database, no model.

The articles are indexed with the regex extractor of ``test_metadata`` (the database stores what
``compare`` needs: quotes, speakers, entities), then compared by story id. Invented articles only.
"""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from test_metadata import GAZETTE, LEDGER, no_model  # noqa: F401  (no_model is a fixture)

from sayso.cli import main

FESTIVAL = (
    "Families packed Greenhill for the lantern festival on Saturday, launching paper lanterns on the canal."
)


def _index(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, dict[str, str]]:
    rows = [
        {"id": "gazette", "text": GAZETTE, "outlet": "Gazette", "published": "2031-03-04"},
        {"id": "ledger", "text": LEDGER, "outlet": "Ledger", "published": "2031-03-04"},
        {"id": "festival", "text": FESTIVAL, "outlet": "Ledger", "published": "2031-03-04"},
    ]
    src = tmp_path / "news.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in rows), "utf-8")
    db = tmp_path / "q.db"
    assert main(["index", str(src), "--db", str(db)]) == 0
    capsys.readouterr()
    with closing(sqlite3.connect(db)) as conn:
        return db, dict(conn.execute("SELECT doc, story FROM articles").fetchall())


def test_compare_a_stored_story(tmp_path: Path, capsys: pytest.CaptureFixture[str], no_model: None) -> None:  # noqa: F811
    db, story_of = _index(tmp_path, capsys)
    assert story_of["gazette"] == story_of["ledger"] != story_of["festival"]
    out = tmp_path / "cmp.json"
    assert main(["compare", "--db", str(db), "--story", story_of["gazette"], "-o", str(out)]) == 0
    data = json.loads(out.read_text("utf-8"))
    assert {(a["doc"], a["outlet"]) for a in data["articles"]} == {
        ("gazette", "Gazette"),
        ("ledger", "Ledger"),
    }
    shared = [g for g in data["groups"] if len({o["doc"] for o in g["occurrences"]}) == 2]
    assert shared and shared[0]["relation"] == "verbatim"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--story", "st-000000000000"], "no story"),
        (["--story"], "only one article"),  # the festival story
        ([], "--db and --story go together"),
    ],
)
def test_compare_db_errors(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    no_model: None,  # noqa: F811
    args: list[str],
    message: str,
) -> None:
    db, story_of = _index(tmp_path, capsys)
    if args == ["--story"]:
        args = ["--story", story_of["festival"]]
    code = main(["compare", "--db", str(db), *args])
    assert code != 0 and message in capsys.readouterr().err


def test_compare_db_refuses_paths_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "a.txt", "--db", str(tmp_path / "q.db"), "--story", "st-x"]) == 2
    assert "not both" in capsys.readouterr().err
