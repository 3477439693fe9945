"""``sayso extract`` end to end: exit codes, stderr reports, output formats, workers, stdin.

Usage errors are checked without the model; everything that extracts is marked ``model`` and
takes the session ``nlp`` fixture, whose pipeline the command then reuses (``load_nlp`` cache).
Bad inputs are written into ``tmp_path`` by the tests themselves.
"""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from sayso.cli import main

GOOD = [
    ("bridge.txt", '"We will reopen the bridge in May," Mayor Ann Pike said on Tuesday.\n'),
    ("market.txt", "Traders at the Quayside market said the new rents were too high.\n"),
]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def write(directory: Path, files: list[tuple[str, str | bytes]]) -> None:
    for name, body in files:
        path = directory / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(body, bytes):
            path.write_bytes(body)
        else:
            path.write_text(body, encoding="utf-8")


def jsonl(out: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.splitlines()]


# --- usage errors (no model needed) --------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["extract"],
        ["extract", "x.txt", "--format", "xml"],
        ["extract", "x.txt", "--workers", "0"],
        ["extract", "x.txt", "--max-chars", "0"],
        ["extract", "x.txt", "--no-such-option"],
    ],
)
def test_usage_errors_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(argv, capsys)
    assert code == 2
    assert out == ""
    assert "Traceback" not in err and err.strip()


def _extract_without_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """Replace the engine by one that finds no quotes: output handling needs no model."""
    from sayso.model import Article
    from sayso.pipeline import Extractor

    def no_quotes(self: Any, inputs: Any) -> Any:
        for item in inputs:
            yield item if not hasattr(item, "text") else Article(doc=item.doc, text=item.text)

    monkeypatch.setattr(Extractor, "run", no_quotes)


@pytest.mark.parametrize("fmt", ["jsonl", "json", "csv", "table"])
def test_full_disk_on_output_is_one_line_exit_3_and_no_part_file(
    fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("needs /dev/full")
    _extract_without_model(monkeypatch)
    write(tmp_path, GOOD)
    target = tmp_path / f"out.{fmt}"
    part = tmp_path / f"out.{fmt}.part"
    part.symlink_to("/dev/full")  # writing the .part fails with ENOSPC, as on a full disk
    code, out, err = run(["extract", str(tmp_path / "bridge.txt"), "-o", str(target), "-f", fmt], capsys)
    assert code == 3 and out == ""
    assert err == f"error: [E300] {target}: cannot write the output: No space left on device\n"
    assert not part.is_symlink() and not target.exists()


def test_an_interrupted_run_leaves_no_part_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from sayso.pipeline import Extractor

    def crash(self: Any, inputs: Any) -> Any:
        yield from ()
        raise KeyboardInterrupt

    monkeypatch.setattr(Extractor, "run", crash)
    write(tmp_path, GOOD)
    code, _, _ = run(["extract", str(tmp_path / "bridge.txt"), "-o", str(tmp_path / "o.jsonl")], capsys)
    assert code != 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bridge.txt", "market.txt"]


def test_a_terminated_run_leaves_no_part_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seventeenth session: ``kill`` (SIGTERM) ended the process where it stood, leaving
    ``o.jsonl.part``; it now unwinds like Ctrl-C and exits 143."""
    import os
    import signal

    from sayso.pipeline import Extractor

    def terminated(self: Any, inputs: Any) -> Any:
        os.kill(os.getpid(), signal.SIGTERM)
        yield from ()

    monkeypatch.setattr(Extractor, "run", terminated)
    write(tmp_path, GOOD)
    code, _, err = run(["extract", str(tmp_path / "bridge.txt"), "-o", str(tmp_path / "o.jsonl")], capsys)
    assert code == 143 and "terminated" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bridge.txt", "market.txt"]


def test_help_has_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["extract", "--help"], capsys)
    assert code == 0
    assert "sayso extract examples/articles --format table" in out


# --- with the model ------------------------------------------------------------------------------


@pytest.mark.model
def test_all_good_inputs_exit_0(nlp: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path, GOOD)
    code, out, err = run(["extract", str(tmp_path)], capsys)
    assert code == 0, err
    assert [a["doc"] for a in jsonl(out)] == ["bridge", "market"]
    assert err == ""


@pytest.mark.model
def test_bad_inputs_are_reported_one_line_each_and_the_rest_is_written(
    nlp: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(
        tmp_path,
        [
            *GOOD,
            ("a/photo.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256))),
            ("a/empty.txt", ""),
            ("a/latin.txt", b'The caf\xe9 owner said "it\'s over".'),
            ("b/broken.html", "<html><body><div"),
            ("b/feed.jsonl", '{"id": "f1", "text": "One story."}\n{broken\n{"id": "f3", "text": "Two."}\n'),
            ("c/notes.docx", "ignored inside a directory"),
        ],
    )
    (tmp_path / "explicit.pdf").write_bytes(b"%PDF-1.4")
    missing = tmp_path / "missing.txt"
    code, out, err = run(["extract", str(tmp_path), str(tmp_path / "explicit.pdf"), str(missing)], capsys)
    assert code == 1
    docs = [a["doc"] for a in jsonl(out)]
    assert docs == ["latin", "f1", "f3", "bridge", "market"]
    lines = err.splitlines()
    expected = [
        ("E102", tmp_path / "a/empty.txt"),
        ("E101", tmp_path / "a/photo.txt"),
        ("E104", tmp_path / "b/broken.html"),
        ("E104", f"{tmp_path / 'b/feed.jsonl'}:2"),
        ("E103", tmp_path / "explicit.pdf"),
        ("E106", missing),
    ]
    errors = [line for line in lines if line.startswith("error:")]
    assert len(errors) == len(expected)
    for line, (code_, where) in zip(errors, expected, strict=True):
        assert line.startswith(f"error: [{code_}] {where}: "), line
    warnings = [line for line in lines if line.startswith("warning:")]
    assert len(warnings) == 1 and "latin.txt" in warnings[0] and "UTF-8" in warnings[0]
    assert "Traceback" not in err


@pytest.mark.model
def test_forty_megabyte_article_is_refused_in_seconds(
    nlp: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, GOOD[:1])
    huge = tmp_path / "huge.txt"
    with huge.open("w") as fh:
        for _ in range(40):
            fh.write('"Yes," he said. ' * 65_000)
    start = time.perf_counter()
    code, out, err = run(["extract", str(tmp_path)], capsys)
    elapsed = time.perf_counter() - start
    assert code == 1
    assert [a["doc"] for a in jsonl(out)] == ["bridge"]
    assert f"error: [E105] {huge}: " in err and "--max-chars" in err
    assert elapsed < 30, elapsed  # model load included; the refusal itself takes milliseconds


@pytest.mark.model
def test_a_thousand_stray_quotation_marks_do_not_stop_the_article(
    nlp: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    marks = "".join('"“”‘’«»'[i % 7] + (" word" if i % 3 else "") for i in range(1000))
    body = f'The council met on Monday. {marks}\n\n"We will vote in June," Councillor Rui Sato said.\n'
    write(tmp_path, [("stray.txt", body), *GOOD])
    code, out, err = run(["extract", str(tmp_path)], capsys)
    assert code == 0, err
    articles = jsonl(out)
    assert [a["doc"] for a in articles] == ["bridge", "market", "stray"]
    check_offsets(articles[2], body)


def check_offsets(article: dict[str, Any], text: str) -> None:
    """Every offset of the article points into ``text`` and covers what the output says it does."""
    for quote in article["quotes"]:
        pieces = [text[a:b] for a, b in quote["content_spans"]]
        assert pieces and all(0 <= a < b <= len(text) for a, b in quote["content_spans"])
        position = 0
        for piece in pieces:  # the content is made of the spans' text, in order
            found = quote["content"].find(piece.strip(), position)
            assert found >= 0, (piece, quote["content"])
            position = found
        for field in ("cue", "source"):
            if quote[f"{field}_span"] is not None:
                a, b = quote[f"{field}_span"]
                assert text[a:b] == quote[field]
    for speaker in article["speakers"]:
        assert all(0 <= a < b <= len(text) for a, b in speaker["mentions"])


@pytest.mark.model
def test_offsets_index_the_file_text_with_crlf_and_non_ascii(
    nlp: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body = (
        "\ufeffZürich — Die Straße ist gesperrt.\r\n\r\n"
        "“We will reopen the café bridge in May,” said Mayor Zoë Ångström. “No excuses.”\r\n\r\n"
        "She added that the works would cost €4 million 🚧.\r\n"
    )
    (tmp_path / "crlf.txt").write_bytes(body.encode("utf-8"))
    code, out, err = run(["extract", str(tmp_path / "crlf.txt"), "--with-text"], capsys)
    assert code == 0, err
    (article,) = jsonl(out)
    assert article["text"] == body
    check_offsets(article, body)


@pytest.mark.model
def test_a_clearly_attributed_direct_quote_is_found(
    nlp: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, GOOD[:1])
    code, out, err = run(["extract", str(tmp_path / "bridge.txt")], capsys)
    assert code == 0, err
    (article,) = jsonl(out)
    found = [q for q in article["quotes"] if "reopen the bridge" in q["content"]]
    assert found, article
    assert "Pike" in (found[0]["speaker"] or "")


@pytest.mark.model
def test_json_and_csv_parse_back(nlp: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path, GOOD)
    code, out, _ = run(["extract", str(tmp_path), "--format", "json", "--with-text"], capsys)
    assert code == 0
    data = json.loads(out)
    assert [a["doc"] for a in data] == ["bridge", "market"] and data[0]["text"] == GOOD[0][1]
    target = tmp_path / "out" / "quotes.csv"
    code, out, _ = run(
        ["extract", str(tmp_path / "bridge.txt"), "--format", "csv", "-o", str(target)], capsys
    )
    assert code == 0 and out == ""
    rows = list(csv.DictReader(target.open(newline="", encoding="utf-8")))
    assert len(rows) == sum(len(a["quotes"]) for a in data if a["doc"] == "bridge")
    assert all(row["doc"] == "bridge" for row in rows)


@pytest.mark.model
def test_table_format_renders(nlp: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path, GOOD)
    code, out, _ = run(["extract", str(tmp_path), "--format", "table"], capsys)
    assert code == 0
    assert "bridge" in out and "market" in out


@pytest.mark.model
def test_stdin_dash(nlp: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    body = 'Line one.\r\n"Hello," said the clerk.\n'
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(body.encode())))
    code, out, err = run(["extract", "-", "--with-text"], capsys)
    assert code == 0, err
    (article,) = jsonl(out)
    assert article["doc"] == "stdin" and article["text"] == body


@pytest.mark.model
@pytest.mark.slow
def test_workers_keep_input_order_and_failures(
    nlp: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = []
    for i in range(40):
        if i % 13 == 5:
            lines.append("{not json")
        else:
            lines.append(
                json.dumps(
                    {"id": f"n{i:02d}", "text": f'"Item {i} is ready," the clerk said. ' * (1 + i % 4)}
                )
            )
    (tmp_path / "feed.jsonl").write_text("\n".join(lines) + "\n")
    (tmp_path / "zz.txt").write_text('"Last one," she said.')
    code1, out1, err1 = run(["extract", str(tmp_path)], capsys)
    code2, out2, err2 = run(["extract", str(tmp_path), "--workers", "2"], capsys)
    assert code1 == code2 == 1
    expected = [f"n{i:02d}" for i in range(40) if i % 13 != 5] + ["zz"]
    assert [a["doc"] for a in jsonl(out2)] == expected
    assert out2 == out1
    assert err2 == err1 and err2.count("error: [E104]") == 3


@pytest.mark.model
def test_python_dash_m_sayso_extract(tmp_path: Path) -> None:
    write(tmp_path, GOOD)
    proc = subprocess.run(
        [sys.executable, "-m", "sayso", "extract", str(tmp_path), str(tmp_path / "nope.txt")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 1
    assert [json.loads(line)["doc"] for line in proc.stdout.splitlines()] == ["bridge", "market"]
    assert proc.stderr.strip() == f"error: [E106] {tmp_path / 'nope.txt'}: no such file or directory"


@pytest.mark.model
def test_demo_articles(nlp: Any, root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["extract", str(root / "examples" / "articles"), "--with-text"], capsys)
    assert code == 0, err
    articles = jsonl(out)
    assert len(articles) == 4
    for article in articles:
        assert article["quotes"], article["doc"]
        check_offsets(article, article["text"])
    code, out, err = run(["extract", str(root / "examples" / "articles"), "--format", "table"], capsys)
    assert code == 0 and "harbour-bridge" in out and err == ""


@pytest.mark.model
def test_a_quote_running_on_over_a_bare_carriage_return_break_is_one_direct_quote(nlp: Any) -> None:
    """QA, nineteenth session: an old Mac file ("\\r" line ends) or U+2029 paragraph separators;
    the engine reads paragraphs off "\\n", so the quote became a mixed quote with the break inside.
    The engine now reads such line ends as "\\n" (``pipeline.extractor.for_engine``); the article
    keeps its own text, so offsets still match the file, and the spans' text is the file's."""
    from sayso.pipeline import extract

    for sep in ("\r\r", "\u2029"):
        text = (
            f'Council votes.{sep}"The first part of a long statement goes on,{sep}'
            f'"and the second part continues it to the end," said Tom Ruiz.'
        )
        art = extract(text, nlp=nlp)
        assert art.text == text
        (q,) = art.quotes
        assert (q.kind, q.speaker) == ("direct", "Tom Ruiz")
        assert [s.text for s in q.content_spans] == [
            "The first part of a long statement goes on,",
            "and the second part continues it to the end,",
        ]
        assert all(text[s.start : s.end] == s.text for s in q.content_spans)
