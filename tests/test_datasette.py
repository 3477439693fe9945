"""The database file opens in Datasette with full-text search working (docs/research.md).

Datasette runs in-process (its ASGI app, ``Datasette.client``), on a database built from
invented articles; no server, no network. The metadata file tested is the one the docs show.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from test_store_helpers import quoted_article

from sayso.store import index_inputs, open_db

datasette_app = pytest.importorskip("datasette.app")

ROOT = Path(__file__).resolve().parent.parent
METADATA = ROOT / "docs" / "datasette.json"


@pytest.fixture
def quotes_db(tmp_path: Path) -> Path:
    """``quotes.db``: the database name the documented metadata file configures."""
    path = tmp_path / "quotes.db"
    conn = open_db(path)
    index_inputs(
        conn,
        [
            quoted_article("ferry-1", [("Ana Ruiz", "The ferries sail again on Friday.")]),
            quoted_article(
                "ferry-2",
                [("Ana Ruiz", "Every ferry will carry bicycles."), ("Tom Okafor", "Fares stay the same.")],
                outlet="Valley Times",
            ),
            quoted_article("school-1", [("Lena Park", "The schools reopen on Monday.")], outlet="Coast Post"),
        ],
    )
    conn.close()
    return path


def _get(db: Path, path: str, metadata: dict[str, Any] | None = None) -> Any:
    async def fetch() -> Any:
        ds = datasette_app.Datasette([str(db)], metadata=metadata)
        await ds.invoke_startup()
        return await ds.client.get(path)

    return asyncio.run(fetch())


def _contents(response: Any) -> list[str]:
    assert response.status_code == 200, response.text[:500]
    data = response.json()
    columns = data["columns"]
    return sorted(row[columns.index("content")] for row in data["rows"])


def test_the_documented_metadata_gives_full_text_search_on_quotes(quotes_db: Path) -> None:
    metadata = json.loads(METADATA.read_text(encoding="utf-8"))
    # Stemmed like 'sayso search': 'ferries' finds 'ferry' too (porter tokenizer of quotes_fts).
    found = _contents(_get(quotes_db, "/quotes/quotes.json?_search=ferries&_shape=arrays", metadata))
    assert found == ["Every ferry will carry bicycles.", "The ferries sail again on Friday."]
    assert _contents(_get(quotes_db, "/quotes/quotes.json?_search=nowhere&_shape=arrays", metadata)) == []


def test_the_quote_view_joins_articles_and_is_searchable(quotes_db: Path) -> None:
    """``quote_view`` (one row per quote with its article and speaker entity) searched by word."""
    metadata = json.loads(METADATA.read_text(encoding="utf-8"))
    response = _get(quotes_db, "/quotes/quote_view.json?_search=reopen&_shape=objects", metadata)
    assert response.status_code == 200, response.text[:500]
    (row,) = response.json()["rows"]
    assert row["doc"] == "school-1" and row["outlet"] == "Coast Post"
    assert row["content"] == "The schools reopen on Monday." and row["speaker"] == "Lena Park"
    every = _get(quotes_db, "/quotes/quote_view.json?_shape=objects&_size=max", metadata).json()["rows"]
    assert sorted(r["doc"] for r in every) == ["ferry-1", "ferry-2", "ferry-2", "school-1"]


def test_tables_open_without_metadata_and_sql_can_match_the_index(quotes_db: Path) -> None:
    """Without the metadata file every table still opens, and quotes_fts answers SQL."""
    tables = _get(quotes_db, "/quotes.json").json()["tables"]
    names = {t["name"] for t in tables}
    assert {"articles", "quotes", "quotes_fts", "speakers"} <= names
    sql = (
        "select content from quotes where id in (select rowid from quotes_fts where quotes_fts match 'fares')"
    )
    response = _get(quotes_db, "/quotes.json?" + _query(sql=sql, _shape="arrays"))
    assert response.status_code == 200 and response.json()["rows"] == [["Fares stay the same."]]


def _query(**params: str) -> str:
    from urllib.parse import urlencode

    return urlencode(params)
