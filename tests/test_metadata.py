"""``--outlet``, ``--title``, ``--date`` and ``--title-from-first-line``: metadata for plain files.

Unit tests of ``sayso.ingest.metadata`` and the options on ``extract``, ``compare`` and
``stories`` (no model: extraction is replaced by a regex extractor, as in ``test_store_cli``).
Invented articles only.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest
from test_store_helpers import regex_extract

from sayso.cli import main
from sayso.errors import UsageError
from sayso.ingest.metadata import (
    Metadata,
    check_date,
    fill_metadata,
    first_line_title,
    per_path,
    read_paths_with_metadata,
)
from sayso.model import Article, ArticleInput, Failure

GAZETTE = (
    "Harbor Bridge closed after inspectors find cracks\n\n"
    "Mayor Elena Marsh closed the Harbor Bridge in Port Alder on Tuesday after inspectors found cracks "
    "in two support beams. Commuters face long detours around the estuary while engineers check every "
    "bolt. “The bridge will stay closed until every bolt has been checked,” Marsh said.\n"
)
LEDGER = (
    "Port Alder shut the Harbor Bridge after inspectors discovered cracked support beams, Mayor Elena "
    "Marsh said on Tuesday. Engineers will check every bolt, and commuters must take detours around the "
    "estuary. “The bridge will stay closed until every bolt has been checked,” she said.\n"
)


def _write(tmp_path: Path) -> tuple[Path, Path]:
    a, b = tmp_path / "gazette.txt", tmp_path / "ledger.txt"
    a.write_text(GAZETTE, "utf-8")
    b.write_text(LEDGER, "utf-8")
    return a, b


# --- the title rule -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "title"),
    [
        (GAZETTE, "Harbor Bridge closed after inspectors find cracks"),
        ("Will the ferry run again?\n\nThe ferry has not sailed since March.", "Will the ferry run again?"),
        ("\ufeffCouncil backs new library\r\n\r\nThe council voted on Monday.", "Council backs new library"),
        (LEDGER, None),  # a sentence, not followed by a blank line
        ("The mayor spoke on Tuesday.\n\nShe said the bridge would stay shut.", None),  # ends like a sentence
        ("Marsh said:\n\nThe bridge stays shut.", None),  # an introduction
        ("“We will rebuild it,” Marsh says\n\nThe mayor spoke on Tuesday.", None),  # opens with a quote
        ("Bridge closed\n\nThe mayor spoke.", None),  # too short for a headline
        (" ".join(["word"] * 30) + "\n\nMore text.", None),  # too long
        ("Harbor Bridge closed after inspectors find cracks\n\n   \n", None),  # nothing after it
        ("12 34 56\n\nNumbers only above.", None),  # no letter
    ],
)
def test_first_line_title_is_strict(text: str, title: str | None) -> None:
    assert first_line_title(text) == title


# --- filling -----------------------------------------------------------------------------------------
def test_fill_never_overwrites_what_the_article_has() -> None:
    has_all = ArticleInput(doc="a", text="x", title="Own title", outlet="Own", published="2031-03-04")
    has_none = ArticleInput(doc="b", text=GAZETTE)
    failure = Failure(doc="c", code="E101", message="binary file", where="c.txt")
    meta = Metadata(outlet="Given", title=None, published="2031-03-05")
    out = list(fill_metadata([has_all, has_none, failure], meta, title_from_first_line=True))
    assert out[0] is has_all, "nothing missing, nothing changed"
    assert (out[1].outlet, out[1].published) == ("Given", "2031-03-05")
    assert out[1].title == "Harbor Bridge closed after inspectors find cracks"
    assert out[1].text == has_none.text, "the text (and so every offset) is untouched"
    assert out[2] is failure


def test_a_given_title_wins_over_the_first_line() -> None:
    (out,) = fill_metadata(
        [ArticleInput(doc="a", text=GAZETTE)], Metadata(title="Given"), title_from_first_line=True
    )
    assert isinstance(out, ArticleInput) and out.title == "Given"


def test_first_line_is_only_used_when_asked() -> None:
    (out,) = fill_metadata([ArticleInput(doc="a", text=GAZETTE)], Metadata())
    assert isinstance(out, ArticleInput) and out.title is None


def test_options_apply_to_all_or_one_per_path() -> None:
    paths = ["a.txt", "b.txt"]
    assert per_path(paths, outlets=["X"]) == [Metadata(outlet="X"), Metadata(outlet="X")]
    assert per_path(paths, outlets=["X", "Y"], dates=["2031-03-04"]) == [
        Metadata(outlet="X", published="2031-03-04"),
        Metadata(outlet="Y", published="2031-03-04"),
    ]
    with pytest.raises(UsageError, match="once per PATH"):
        per_path(paths, titles=["a", "b", "c"])


@pytest.mark.parametrize("bad", ["2031-13-01", "yesterday", "04/03/2031", ""])
def test_date_must_be_iso(bad: str) -> None:
    with pytest.raises(UsageError, match="YYYY-MM-DD"):
        check_date(bad)
    assert check_date(" 2031-03-04 ") == "2031-03-04"


def test_per_path_values_follow_the_paths(tmp_path: Path) -> None:
    a, b = _write(tmp_path)
    jsonl = tmp_path / "wire.jsonl"
    jsonl.write_text(json.dumps({"id": "w1", "text": LEDGER, "outlet": "Valley Wire"}) + "\n", "utf-8")
    items = list(read_paths_with_metadata([a, b, jsonl], outlets=["Gazette", "Ledger", "Ignored"]))
    assert [(i.doc, i.outlet) for i in items if isinstance(i, ArticleInput)] == [
        ("gazette", "Gazette"),
        ("ledger", "Ledger"),
        ("w1", "Valley Wire"),  # the file's own outlet stays
    ]


# --- on the commands ----------------------------------------------------------------------------------
def _regex_extract(inputs: Iterable[ArticleInput | Failure]) -> Iterator[Article | Failure]:
    return regex_extract(inputs, "Elena Marsh")


@pytest.fixture
def no_model(monkeypatch: pytest.MonkeyPatch) -> None:
    from sayso.pipeline import Extractor

    monkeypatch.setattr(Extractor, "run", lambda self, inputs: _regex_extract(inputs))


def _stories(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, dict[str, object]]:
    assert main(["stories", *args]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    return {str(r["doc"]): r for r in rows}


def test_stories_of_plain_files_use_the_given_metadata(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = _write(tmp_path)
    rows = _stories(
        capsys, str(a), str(b), "--outlet", "Gazette", "--outlet", "Ledger", "--date", "2031-03-04",
        "--title-from-first-line",
    )  # fmt: skip
    assert rows["gazette"]["outlet"] == "Gazette" and rows["ledger"]["outlet"] == "Ledger"
    assert rows["gazette"]["published"] == rows["ledger"]["published"] == "2031-03-04"
    assert rows["gazette"]["title"] == "Harbor Bridge closed after inspectors find cracks"
    assert rows["ledger"]["title"] is None, "its first line is a sentence"
    assert rows["gazette"]["story"] == rows["ledger"]["story"]
    plain = _stories(capsys, str(a), str(b))
    assert plain["gazette"]["outlet"] is None and plain["gazette"]["published"] is None


def test_a_bad_date_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, _ = _write(tmp_path)
    assert main(["stories", str(a), "--date", "2031-02-30"]) == 2
    assert "YYYY-MM-DD" in capsys.readouterr().err


def test_extract_fills_metadata(tmp_path: Path, capsys: pytest.CaptureFixture[str], no_model: None) -> None:
    a, b = _write(tmp_path)
    assert (
        main(["extract", str(a), str(b), "--outlet", "Gazette", "--outlet", "Ledger", "--date", "2031-03-04"])
        == 0
    )
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert {(r["doc"], r["outlet"], r["published"]) for r in rows} == {
        ("gazette", "Gazette", "2031-03-04"),
        ("ledger", "Ledger", "2031-03-04"),
    }


def test_compare_names_columns_after_the_given_outlets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_model: None
) -> None:
    a, b = _write(tmp_path)
    out = tmp_path / "cmp.json"
    assert main(["compare", str(a), str(b), "--outlet", "Gazette", "--outlet", "Ledger", "-o", str(out)]) == 0
    data = json.loads(out.read_text("utf-8"))
    assert {(x["doc"], x["outlet"]) for x in data["articles"]} == {
        ("gazette", "Gazette"),
        ("ledger", "Ledger"),
    }
    assert any(len({o["doc"] for o in g["occurrences"]}) == 2 for g in data["groups"]), "the shared quote"


def test_index_fills_missing_metadata_of_plain_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'sayso index' takes the same --outlet/--date as extract, so stories and outlets line up."""
    from sayso.pipeline import Extractor

    (tmp_path / "a.txt").write_text("The ferry will run all winter, the mayor said.", encoding="utf-8")

    def no_model(self: Extractor, inputs: object) -> object:
        for item in inputs:  # type: ignore[attr-defined]
            yield Article(doc=item.doc, text=item.text, outlet=item.outlet, published=item.published)

    db = tmp_path / "q.db"
    mp = pytest.MonkeyPatch()
    mp.setattr(Extractor, "run", no_model)
    try:
        code = main(
            ["index", str(tmp_path / "a.txt"), "--db", str(db), "--outlet", "Gazette", "--date", "2031-03-04"]
        )
    finally:
        mp.undo()
    assert code == 0, capsys.readouterr().err
    capsys.readouterr()
    assert main(["show", "a", "--db", str(db), "--format", "json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert (shown["outlet"], shown["published"]) == ("Gazette", "2031-03-04")


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        ("2021-10-18", "2021-10-18"),
        ("20211018", "2021-10-18"),  # ISO 8601's basic form
        ("2019-05-03T14:22:00Z", "2019-05-03T14:22:00+00:00"),
        ("12/30/17", "2017-12-30"),  # a spreadsheet's month-first date
        ("Tue, 05 Mar 2024 10:00:00 GMT", "2024-03-05T10:00:00+00:00"),  # a feed's
        ("not a date", None),
        ("2021-02-30", None),
    ],
)
def test_a_publication_date_is_kept_as_iso_or_not_at_all(given: str, kept: str | None) -> None:
    """Eighteenth session: dates were stored as given, so "not a date" passed --since 2030 and
    "12/30/17" sorted after every ISO date; an unreadable one now makes the article undated, and
    says so."""
    from sayso.model import ArticleInput

    article = ArticleInput(doc="d", text="Ana Ruiz said the ferry runs.", published=given)
    assert article.published == kept
    assert bool(article.warnings) == (kept is None)
    assert ArticleInput(doc="d", text="x", published=article.published).published == kept  # stable


def test_outlets_per_path_reach_files_of_one_name(tmp_path: Path) -> None:
    """Eighteenth session: with ``gazette/story.txt`` and ``ledger/story.txt`` both ``story``,
    ``--outlet Gazette --outlet Ledger`` labelled both articles Ledger in compare."""
    from sayso.ingest.metadata import read_paths_with_metadata
    from sayso.model import ArticleInput

    paths = []
    for folder in ("gazette", "ledger"):
        (tmp_path / folder).mkdir()
        paths.append(tmp_path / folder / "story.txt")
        paths[-1].write_text(f"Ana Ruiz told the {folder} the ferry runs.", encoding="utf-8")
    got = [
        a
        for a in read_paths_with_metadata(paths, outlets=["Gazette", "Ledger"])
        if isinstance(a, ArticleInput)
    ]
    assert [(a.doc, a.outlet) for a in got] == [("gazette/story", "Gazette"), ("ledger/story", "Ledger")]
