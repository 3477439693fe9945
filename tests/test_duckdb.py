"""The Parquet export reads in DuckDB and pandas with the commands docs/research.md shows."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_store_helpers import quoted_article

from sayso.cli import main
from sayso.store import index_inputs, open_db
from sayso.store.export import EXPORT_FIELDS

duckdb = pytest.importorskip("duckdb")
pd = pytest.importorskip("pandas")


@pytest.fixture
def parquet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    db = tmp_path / "quotes.db"
    conn = open_db(db)
    index_inputs(
        conn,
        [
            quoted_article("g-1", [("Ana Ruiz", "The ferries sail again on Friday.")], outlet="Gazette"),
            quoted_article(
                "g-2",
                [("Ana Ruiz", "Bicycles ride free."), ("Tom Okafor", "Fares stay the same.")],
                outlet="Gazette",
                published="2024-03-07",
            ),
            quoted_article("v-1", [("Tom Okafor", "We will add a night boat.")], outlet="Valley Times"),
        ],
    )
    conn.close()
    out = tmp_path / "quotes.parquet"
    assert main(["export", "--db", str(db), "--format", "parquet", "-o", str(out)]) == 0
    assert "4 quotes written" in capsys.readouterr().err
    return out


def test_duckdb_reads_the_export_and_groups_it(parquet: Path) -> None:
    con = duckdb.connect()
    columns = [row[0] for row in con.execute(f"DESCRIBE SELECT * FROM '{parquet}'").fetchall()]
    assert tuple(columns) == EXPORT_FIELDS
    rows = con.execute(
        f"SELECT outlet, speaker, count(*) AS quotes FROM '{parquet}' "
        "GROUP BY outlet, speaker ORDER BY outlet, speaker"
    ).fetchall()
    assert rows == [
        ("Gazette", "Ana Ruiz", 2),
        ("Gazette", "Tom Okafor", 1),
        ("Valley Times", "Tom Okafor", 1),
    ]
    # One entity per person across articles (the names each article used may differ).
    people = con.execute(
        f"SELECT entity_id, entity_name, count(*) FROM '{parquet}' GROUP BY ALL ORDER BY entity_id"
    ).fetchall()
    assert people == [("ana-ruiz", "Ana Ruiz", 2), ("tom-okafor", "Tom Okafor", 2)]
    # Typed columns, not strings: confidence sums as a number, spans are a list of pairs.
    total, spans = con.execute(
        f"SELECT sum(confidence), any_value(content_spans) FROM '{parquet}'"
    ).fetchone()
    assert total == pytest.approx(4 * 0.9)
    assert len(spans) == 1 and len(spans[0]) == 2


def test_pandas_reads_the_export(parquet: Path) -> None:
    frame = pd.read_parquet(parquet)
    assert tuple(frame.columns) == EXPORT_FIELDS and len(frame) == 4
    per_speaker = frame.groupby("speaker").size().to_dict()
    assert per_speaker == {"Ana Ruiz": 2, "Tom Okafor": 2}
    row = frame[frame["doc"] == "v-1"].iloc[0]
    assert row["content"] == "We will add a night boat." and row["outlet"] == "Valley Times"
    start, end = (int(x) for x in row["content_spans"][0])
    assert end - start == len(row["content"])
