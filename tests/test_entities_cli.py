"""``sayso speakers`` end to end through ``sayso.cli.main``: list, NAME fallback, show, merge, split."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from test_store_helpers import quoted_article

from sayso.cli import main
from sayso.store import index_inputs, open_db


@pytest.fixture
def db(tmp_path: Path) -> str:
    path = tmp_path / "q.db"
    conn = open_db(path)
    index_inputs(
        conn,
        [
            quoted_article("n1", [("Adam B. Schiff", "The hearing is in May."), ("Lee Park", "Fine.")]),
            quoted_article("n2", [("Adam Schiff", "We call witnesses.")], outlet="Valley Times"),
            quoted_article("n3", [("Sen. Adam Schiff", "No comment.")], outlet="Coastal Post"),
            quoted_article("n4", [("Adam Whit", "Who, me?")]),
        ],
    )
    conn.close()
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_list_formats_and_the_name_fallback(
    db: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(capsys, "speakers", "--db", db, "--format", "jsonl")
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and rows[0]["id"] == "adam-schiff"
    assert (rows[0]["quotes"], rows[0]["articles"], rows[0]["outlets"], rows[0]["aliases"]) == (3, 3, 3, 3)
    # A NAME that is not a subcommand lists the entities it matches, as before entities.
    code, out, _ = run(capsys, "speakers", "schiff", "--db", db, "-f", "json")
    assert code == 0 and [r["id"] for r in json.loads(out)] == ["adam-schiff"]
    code, out, _ = run(capsys, "speakers", "list", "park", "--db", db, "-f", "csv")
    assert code == 0 and [r["name"] for r in csv.DictReader(io.StringIO(out))] == ["Lee Park"]
    target = tmp_path / "speakers.jsonl"
    code, _, _ = run(capsys, "speakers", "--db", db, "-f", "jsonl", "-o", str(target), "--limit", "2")
    assert code == 0 and len(target.read_text().splitlines()) == 2
    code, out, _ = run(capsys, "speakers", "--db", db)
    id_column = "".join(line.split("│")[1].strip() for line in out.splitlines() if line.startswith("│"))
    assert code == 0 and id_column.startswith("adam-schiff")  # ids wrapped in the table, never cut


def test_show_merge_split(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "speakers", "show", "adam-schiff", "--db", db, "-f", "jsonl")
    aliases = {json.loads(line)["alias"]: json.loads(line)["evidence"] for line in out.splitlines()}
    assert code == 0 and set(aliases) == {"adam b schiff", "adam schiff", "sen adam schiff"}
    assert "titles dropped" in aliases["sen adam schiff"]
    code, out, _ = run(capsys, "speakers", "show", "Adam Schiff", "--db", db, "-f", "json")
    assert code == 0 and json.loads(out)["total"] == 3

    assert run(capsys, "speakers", "merge", "adam-schiff", "Adam Whit", "--db", db)[0] == 0
    code, out, _ = run(capsys, "speakers", "schiff", "--db", db, "-f", "jsonl")
    assert json.loads(out.splitlines()[0])["quotes"] == 4

    assert run(capsys, "speakers", "split", "adam-schiff", "Sen. Adam Schiff", "--db", db)[0] == 0
    code, out, _ = run(capsys, "speakers", "show", "adam-schiff", "--db", db, "-f", "jsonl")
    assert "sen adam schiff" not in out and "adam whit" in out


def test_errors_are_one_line_with_exit_codes(
    db: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "speakers", "show", "nobody-at-all", "--db", db)
    assert code != 0 and "no speaker entity" in err
    code, _, err = run(capsys, "speakers", "split", "adam-schiff", "lee park", "--db", db)
    assert code == 2 and "has no alias" in err
    code, _, err = run(capsys, "speakers", "--db", str(tmp_path / "missing.db"))
    assert code == 3 and "E302" in err


def test_every_option_is_documented() -> None:
    import typer.main

    from sayso.cli import app

    text = (Path(__file__).resolve().parents[1] / "docs" / "speakers.md").read_text(encoding="utf-8")
    group = typer.main.get_command(app).commands["speakers"]  # type: ignore[attr-defined]
    for name, command in group.commands.items():
        assert f"sayso speakers {name}" in text or name == "list"
        for param in command.params:
            for option in param.opts:
                if option.startswith("--") and option != "--help":
                    assert option in text, f"{option} of 'sayso speakers {name}' is not in docs/speakers.md"
