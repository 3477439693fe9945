"""``sayso evaluate`` at the command line: arguments, errors with codes, JSON and table output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from test_evaluate import make_gold  # tests/ is on sys.path under pytest

import sayso.cli
from sayso.cli import evaluate as evaluate_cli
from sayso.evaluate import read_gold
from sayso.model import Article, Quote


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch) -> typer.Typer:
    """An app holding only ``evaluate`` (as a sub-command), run through the real ``main``."""
    app = typer.Typer()

    @app.callback()
    def _root() -> None:
        """Test root, so ``evaluate`` stays a sub-command."""

    evaluate_cli.register(app)
    monkeypatch.setattr(sayso.cli, "app", app)
    return app


def write_perfect_predictions(gold_dir: Path, path: Path) -> None:
    gold = read_gold(gold_dir)
    with path.open("w", encoding="utf-8") as fh:
        for name, g in gold.items():
            quotes = tuple(
                Quote(
                    id=f"q{i}",
                    kind="indirect",
                    content="",
                    content_spans=a.content,
                    source=a.source[0] if a.source else None,
                )
                for i, a in enumerate(g.attributions)
            )
            fh.write(json.dumps(Article(doc=name, text=g.text, quotes=quotes).to_dict()) + "\n")


def test_scores_prediction_file_as_json(
    cli: typer.Typer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gold_dir = make_gold(tmp_path / "gold")
    pred = tmp_path / "pred.jsonl"
    write_perfect_predictions(gold_dir, pred)
    assert sayso.cli.main(["evaluate", str(gold_dir), "--pred", str(pred), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["metrics"]["content_overlap_f1"] == 1.0
    assert out["counts"]["gold"] == 3


def test_table_output(cli: typer.Typer, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    gold_dir = make_gold(tmp_path / "gold")
    pred = tmp_path / "pred.jsonl"
    pred.write_text(json.dumps({"doc": "city", "quotes": []}) + "\n", encoding="utf-8")
    assert sayso.cli.main(["evaluate", str(gold_dir), "--pred", str(pred)]) == 0
    out = capsys.readouterr().out
    assert "content (overlap)" in out and "0/1" in out  # one direct gold quote, not found


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["evaluate", "{tmp}/nowhere"], "[E230]"),
        (["evaluate", "{tmp}"], "[E230]"),
        (["evaluate", "{gold}", "--limit", "0"], "[E200]"),
        (["evaluate", "{gold}", "--pred", "{tmp}/missing.jsonl"], "[E200]"),
        (["evaluate", "{gold}", "--pred", "{gold}/text/city.txt", "--model", "m"], "[E200]"),
    ],
)
def test_usage_errors_exit_2_with_a_code(
    cli: typer.Typer, tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], code: str
) -> None:
    gold_dir = make_gold(tmp_path / "gold")
    argv = [a.format(tmp=tmp_path, gold=gold_dir) for a in args]
    assert sayso.cli.main(argv) == 2
    err = capsys.readouterr().err
    assert code in err and "Traceback" not in err


def test_invalid_prediction_file_exits_1(
    cli: typer.Typer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gold_dir = make_gold(tmp_path / "gold")
    pred = tmp_path / "pred.jsonl"
    pred.write_text("[1, 2", encoding="utf-8")
    assert sayso.cli.main(["evaluate", str(gold_dir), "--pred", str(pred)]) == 1
    assert "[E104]" in capsys.readouterr().err


def test_limit_restricts_gold_documents(
    cli: typer.Typer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gold_dir = make_gold(tmp_path / "gold")
    make_gold(gold_dir, name="zoo")
    pred = tmp_path / "pred.jsonl"
    write_perfect_predictions(gold_dir, pred)
    assert sayso.cli.main(["evaluate", str(gold_dir), "--pred", str(pred), "--json", "--limit", "1"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["counts"]["docs"] == 1 and out["unknown_docs"] == []
