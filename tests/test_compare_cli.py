"""``sayso compare`` and ``sayso stories`` end to end on the example story (needs the model)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sayso.cli import main
from sayso.model import RELATIONS

STORY = Path(__file__).resolve().parent.parent / "examples" / "story"


def _story_lines() -> list[dict[str, object]]:
    return [json.loads(line) for line in (STORY / "harbor-bridge.jsonl").read_text("utf-8").splitlines()]


@pytest.mark.model
def test_compare_example_story_has_every_relation(tmp_path: Path, nlp: object) -> None:
    out = tmp_path / "cmp.json"
    assert main(["compare", str(STORY), "-o", str(out)]) == 0
    data = json.loads(out.read_text("utf-8"))
    assert [a["doc"] for a in data["articles"]] == [r["id"] for r in _story_lines()]
    assert {g["relation"] for g in data["groups"]} == set(RELATIONS)
    marsh = [s for s in data["speakers"] if "Marsh" in s["name"]]
    assert len(marsh) == 1 and len(marsh[0]["docs"]) == 3, "the mayor is one speaker across outlets"
    texts = {r["id"]: r["text"] for r in _story_lines()}
    for g in data["groups"]:
        for o in g["occurrences"]:
            for start, end in o["content_spans"]:
                assert texts[o["doc"]][start:end] in o["content"]
        assert (g["relation"] in ("verbatim", "single_source")) == (g["diff"] == [])
    conflicts = {(f["kind"], f["key"]) for f in data["facts"] if f["status"] == "conflict"}
    assert ("age", "marsh") in conflicts and ("venue", "venue") in conflicts


@pytest.mark.model
def test_compare_html_and_table(
    tmp_path: Path, nlp: object, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    html = tmp_path / "report.html"
    assert main(["compare", str(STORY), "-o", str(html), "--format", "html"]) == 0
    page = html.read_text("utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<mark" in page
    assert main(["compare", str(STORY), "--format", "table"]) == 0
    assert "misattributed" in capsys.readouterr().out


@pytest.mark.model
def test_one_article_is_a_usage_error(
    tmp_path: Path, nlp: object, capsys: pytest.CaptureFixture[str]
) -> None:
    one = tmp_path / "one.txt"
    one.write_text('"We are ready," Mayor Elena Marsh said.\n', "utf-8")
    assert main(["compare", str(one)]) == 2
    assert "[E201]" in capsys.readouterr().err


@pytest.mark.model
def test_unreadable_article_is_named_and_skipped(
    tmp_path: Path, nlp: object, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a.txt").write_text(
        'The council met on Monday. "We are ready," Mayor Elena Marsh said.\n', "utf-8"
    )
    (tmp_path / "b.txt").write_text('"We are ready," Marsh told the council on Monday.\n', "utf-8")
    (tmp_path / "broken.txt").write_bytes(b"\x00\x01\x02binary\x00" * 50)
    out = tmp_path / "out.json"
    assert (
        main(
            [
                "compare",
                str(tmp_path / "a.txt"),
                str(tmp_path / "b.txt"),
                str(tmp_path / "broken.txt"),
                "-o",
                str(out),
            ]
        )
        == 1
    )
    assert "broken.txt" in capsys.readouterr().err
    data = json.loads(out.read_text("utf-8"))
    assert [a["doc"] for a in data["articles"]] == ["a", "b"]


@pytest.mark.model
def test_articles_without_quotes_still_compare_facts(tmp_path: Path, nlp: object) -> None:
    (tmp_path / "a.txt").write_text("Mayor Elena Marsh, 52, closed the Harbor Bridge on Tuesday.\n", "utf-8")
    (tmp_path / "b.txt").write_text("Elena Marsh, 53, closed the Harbor Bridge on Tuesday.\n", "utf-8")
    out = tmp_path / "out.json"
    assert main(["compare", str(tmp_path), "-o", str(out)]) == 0
    data = json.loads(out.read_text("utf-8"))
    assert data["groups"] == []
    assert any(f["kind"] == "age" and f["status"] == "conflict" for f in data["facts"])


def test_stories_jsonl(tmp_path: Path) -> None:
    other = tmp_path / "festival.txt"
    other.write_text(
        "Lantern festival fills Greenhill\n\nFamilies launched paper lanterns on the canal.\n", "utf-8"
    )
    out = tmp_path / "stories.jsonl"
    assert main(["stories", str(STORY), str(other), "-o", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    assert all(set(r) == {"doc", "story", "outlet", "title", "published"} for r in rows)
    story = {r["doc"]: r["story"] for r in rows}
    bridge = {story[r["id"]] for r in _story_lines()}
    assert len(bridge) == 1 and story["festival"] not in bridge


def test_stories_table_and_bad_arguments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["stories", str(STORY), "--format", "table"]) == 0
    assert "Valley Wire" in capsys.readouterr().out
    assert main(["stories", str(STORY), "--format", "xml"]) == 2
    assert main(["stories", "--db", str(tmp_path / "missing.db")]) == 3  # E302, as for search
    assert "[E2" in capsys.readouterr().err
    # Eighteenth session: grouping options with --db were silently ignored.
    assert main(["stories", "--db", str(tmp_path / "missing.db"), "--window-days", "1"]) == 2
    assert "--window-days: only for articles read from files" in capsys.readouterr().err
    # Nineteenth session (QA helper): compare --db --story ignored the options of files too.
    db = str(tmp_path / "missing.db")
    assert main(["compare", "--db", db, "--story", "st-1", "--outlet", "Wire", "--model", "x"]) == 2
    assert "--outlet, --model: only for articles read from files" in capsys.readouterr().err


@pytest.mark.model
def test_a_repeated_doc_id_is_reported_where_it_was_read_and_the_rest_compared(
    tmp_path: Path, nlp: object, capsys: pytest.CaptureFixture[str]
) -> None:
    """QA, nineteenth session: two files giving one doc id stopped compare with advice for the
    Python API and no file named; the repeat is now a failure naming its line, as in index."""
    lines = _story_lines()
    for name, row in (
        ("one.jsonl", lines[0]),
        ("two.jsonl", lines[1]),
        ("three.jsonl", {**lines[2], "id": lines[0]["id"]}),
    ):
        (tmp_path / name).write_text(json.dumps(row) + "\n", encoding="utf-8")
    out = tmp_path / "c.json"
    files = [str(tmp_path / n) for n in ("one.jsonl", "two.jsonl", "three.jsonl")]
    assert main(["compare", *files, "-o", str(out)]) == 1  # an input failed; the rest compared
    err = capsys.readouterr().err
    assert "[E104]" in err and "three.jsonl:1" in err and "is given again" in err
    assert len(json.loads(out.read_text())["articles"]) == 2
