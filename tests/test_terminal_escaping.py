"""Text from articles and file names is data on the terminal: never Rich markup, never escape codes.

A stored quote saying ``[not]`` must keep the word (Rich would swallow it as a style tag and invert
the quote's meaning), ``[/]`` must not crash the command, ``[link=...]`` must not become a live
hyperlink, and an escape sequence in a file name or article must reach the terminal as the text
``\\x1b``, not as a command to recolour or retitle it. No model: articles are built by hand.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest
from test_store_helpers import quoted_article

from sayso.cli import main
from sayso.model import Article, ArticleInput, Failure

#: Invented quotes whose brackets Rich would read as markup.
BRACKETED = "We asked [the harbour board] to [not] close the ferry pier."
CLOSING_TAG = "Nobody expected the vote [/] to go this way."
LINK = "Read the [link=https://evil.example/phish]full ruling[/link] online."
EMOJI = "The mayor gave a :thumbs_up: to the plan."
#: An OSC 2 sequence (set the window title) that Rich itself never writes.
TITLE_ESCAPE = "\x1b]2;owned\x07"
OSC8 = "\x1b]8;"


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Wide enough that no table cell is folded, so the sentences can be found whole."""
    monkeypatch.setenv("COLUMNS", "400")


@pytest.fixture(autouse=True)
def no_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """``sayso index`` would load spaCy for readable inputs; these tests only need it to fail."""
    from sayso.pipeline import Extractor

    def fail_everything(inputs: Iterable[ArticleInput | Failure]) -> Iterator[Article | Failure]:
        for item in inputs:
            yield item if isinstance(item, Failure) else Failure(item.doc, "E199", "no model here")

    monkeypatch.setattr(Extractor, "run", lambda self, inputs: fail_everything(inputs))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def make_db(tmp_path: Path, articles: list[Article]) -> str:
    from sayso.store import index_inputs, open_db

    path = tmp_path / "quotes.db"
    conn = open_db(path)
    try:
        index_inputs(conn, articles)
    finally:
        conn.close()
    return str(path)


@pytest.fixture
def hostile_db(tmp_path: Path) -> str:
    return make_db(
        tmp_path,
        [
            quoted_article(
                "pier-1",
                [("Ana Ruiz", BRACKETED), ("Li [the elder] Chen", CLOSING_TAG)],
                outlet="Harbour [bold]Gazette[/bold]",
                title="Pier vote [/] delayed",
            ),
            quoted_article(
                "pier-2",
                [("Ana Ruiz", LINK), ("Ana Ruiz", EMOJI), ("Ana Ruiz", f"Tickets{TITLE_ESCAPE} stay cheap.")],
                outlet="Valley Times",
                title=f"Fares{TITLE_ESCAPE} frozen",
            ),
        ],
    )


# --- stored text on stdout ----------------------------------------------------------------------


def test_search_table_keeps_bracketed_words(hostile_db: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "search", "harbour", "--db", hostile_db)
    assert code == 0, err
    assert BRACKETED in out
    code, out, err = run(capsys, "search", "--outlet", "gazette", "--db", hostile_db)
    assert code == 0, err
    assert "Harbour [bold]Gazette[/bold]" in out


def test_a_closing_tag_in_a_quote_does_not_crash_search_or_show(
    hostile_db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "search", "vote", "--db", hostile_db)
    assert code == 0 and "MarkupError" not in err and CLOSING_TAG in out
    code, out, err = run(capsys, "show", "pier-1", "--db", hostile_db)
    assert code == 0, err
    assert "pier-1: Pier vote [/] delayed" in out
    assert CLOSING_TAG in out and BRACKETED in out and "Li [the elder] Chen" in out


def test_speakers_table_keeps_brackets_in_names(hostile_db: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "speakers", "--db", hostile_db)
    assert code == 0, err
    assert "Li [the elder] Chen" in out


def test_stored_link_markup_is_text_not_a_hyperlink(
    hostile_db: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")  # a real terminal as far as Rich is concerned
    for argv in (["search", "--outlet", "valley"], ["show", "pier-2"]):
        code, out, err = run(capsys, *argv, "--db", hostile_db)
        assert code == 0, err
        assert OSC8 not in out
        assert "[link=https://evil.example/phish]full ruling[/link]" in out
        assert ":thumbs_up:" in out


def test_stored_escape_sequences_are_shown_not_sent(
    hostile_db: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    code, out, err = run(capsys, "show", "pier-2", "--db", hostile_db)
    assert code == 0, err
    assert "\x1b]2;" not in out and "\x07" not in out
    assert "Fares\\x1b]2;owned\\x07 frozen" in out  # the title line
    assert "Tickets\\x1b]2;owned\\x07 stay cheap." in out  # the quote table
    code, out, err = run(capsys, "search", "--outlet", "valley", "--db", hostile_db)
    assert code == 0 and "\x1b]2;" not in out and "Tickets\\x1b]2;owned\\x07" in out


# --- the extract table, the compare and stories tables -------------------------------------------


def test_extract_table_view_escapes_control_characters(monkeypatch: pytest.MonkeyPatch) -> None:
    from sayso.output import TableWriter

    monkeypatch.setenv("FORCE_COLOR", "1")
    article = quoted_article(
        f"red{TITLE_ESCAPE}", [(f"Ann{TITLE_ESCAPE} Pike", f"{BRACKETED}{TITLE_ESCAPE}"), ("Bo Lund", LINK)]
    )
    buf = io.StringIO()
    with TableWriter(buf, width=300) as writer:
        assert writer.console.is_terminal
        writer.write(article)
    out = buf.getvalue()
    assert "\x1b]2;" not in out and OSC8 not in out
    assert "red\\x1b]2;owned\\x07" in out and "Ann\\x1b]2;owned\\x07 Pike" in out
    assert BRACKETED in out and "[link=https://evil.example/phish]" in out


def test_compare_table_shows_markup_as_text(monkeypatch: pytest.MonkeyPatch) -> None:
    from compare_helpers import make_article

    from sayso.cli.compare import _console
    from sayso.compare.api import compare
    from sayso.compare.report import render_table

    monkeypatch.setenv("FORCE_COLOR", "1")
    words = "the pier stays [not] closed"
    a = make_article(
        "a", f'"{words}," said Ana [/] Ruiz.', [(words, "Ana [/] Ruiz")], outlet="[link=https://x.example]A"
    )
    b = make_article(
        "b", f'"{words}," Ruiz said.', [(words, "Ana [/] Ruiz")], outlet=f"[bold]B[/bold]{TITLE_ESCAPE}"
    )
    buf = io.StringIO()
    render_table(compare([a, b]), _console(buf))
    out = buf.getvalue()
    assert "Ana [/] Ruiz" in out and "[bold]B[/bold]" in out and "[not]" in out
    assert OSC8 not in out and "[link=https://x.example]A" in out
    # report.py builds these cells itself; the console shows their control characters as text.
    assert "\x1b]2;" not in out and "\x07" not in out and "\\x1b]2;" in out


def test_stories_table_keeps_brackets_in_titles(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = [
        {
            "id": "s1",
            "title": "Ferry pier [not] closed after vote",
            "text": "The pier stays open, the board said.",
        },
        {
            "id": "s2",
            "title": f"Council [/] meets{TITLE_ESCAPE}",
            "text": "Councillors met to discuss fares.",
        },
    ]
    src = tmp_path / "news.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    code, out, err = run(capsys, "stories", str(src), "--format", "table")
    assert code == 0, err
    assert "Ferry pier [not] closed after vote" in out
    assert "Council [/] meets\\x1b]2;owned\\x07" in out and "\x1b]2;" not in out


# --- file names and doc ids on stderr ----------------------------------------------------------------


def test_file_name_escape_codes_reach_stderr_as_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    red = tmp_path / "\x1b[31mred.txt"
    red.write_text("   \n", encoding="utf-8")  # empty: E102, reported with the file name
    code, out, err = run(capsys, "index", str(red), "--db", str(tmp_path / "\x1b[1mq.db"))
    assert code == 1
    assert "\x1b" not in err
    assert "\\x1b[31mred.txt" in err and "[E102]" in err
    assert "\x1b" not in out and "\\x1b[1mq.db: 0 new" in out  # the summary line names the database


def test_a_newline_in_a_file_name_cannot_forge_a_second_stderr_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    forged = tmp_path / "notes\nerror: [E000] everything is fine.txt"
    forged.write_text("", encoding="utf-8")
    code, _, err = run(capsys, "index", str(forged), "--db", str(tmp_path / "q.db"))
    assert code == 1
    assert err.count("\n") == 1 and "notes\\x0aerror" in err


def test_doc_id_in_an_error_message_is_escaped(hostile_db: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "show", "\x1b[2Jgone", "--db", hostile_db)
    assert code == 1 and "[E106]" in err
    assert "\x1b" not in err and "\\x1b[2Jgone" in err


def test_console_err_shows_brackets_and_emoji_codes_as_typed(capsys: pytest.CaptureFixture[str]) -> None:
    from sayso.cli.common import console_err

    console_err("warning: inbox/[draft] :fire: notes.txt: something odd \x9b31m")
    err = capsys.readouterr().err
    assert err == "warning: inbox/[draft] :fire: notes.txt: something odd \\x9b31m\n"


def test_printable_escapes_c0_c1_and_del_only() -> None:
    from sayso.output import printable

    assert printable("a\x1bb\x00c\x7fd\x85e\x9bf") == "a\\x1bb\\x00c\\x7fd\\x85e\\x9bf"
    assert printable("tab\tand\nnewline é “ok”") == "tab\tand\nnewline é “ok”"
    assert printable("one\nline\r", one_line=True) == "one\\x0aline\\x0d"
