"""Readers against faults and hostile input: surrogates, deep nesting, wrong JSON types, link loops,
FIFOs and devices, truncated or foreign WARC files.

Every input here is written by the test itself (invented sentences); only the tests marked
``model`` load spaCy, to show the whole command or API now succeeds where it used to crash.
"""

from __future__ import annotations

import gzip
import io
import json
import os
import socket
import sys
import threading
import time
import zlib
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

import sayso.ingest.warc as warc_module
from sayso.ingest import read_file, read_paths, read_stdin
from sayso.model import ArticleInput, Failure

LONE = '{"text": "\\"Lone \\ud800 surrogate,\\" she said."}'  # the JSON escape, as in the issue


def read(*paths: object) -> list[ArticleInput | Failure]:
    return list(read_paths([str(p) for p in paths]))


def only_failure(results: list[ArticleInput | Failure]) -> Failure:
    assert len(results) == 1 and isinstance(results[0], Failure), results
    return results[0]


def only_article(results: list[ArticleInput | Failure]) -> ArticleInput:
    assert len(results) == 1 and isinstance(results[0], ArticleInput), results
    return results[0]


def writable(result: ArticleInput | Failure) -> bytes:
    """What an output writer does with a result: it must never raise."""
    return json.dumps(asdict(result), ensure_ascii=False).encode("utf-8")


# --- 1. lone surrogates ------------------------------------------------------------------------


def test_lone_surrogate_in_jsonl_is_replaced_in_place_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "wire.jsonl"
    path.write_text(LONE + "\n", encoding="ascii")
    art = only_article(read(path))
    assert art.text == '"Lone \ufffd surrogate," she said.'
    assert len(art.text) == len(json.loads(LONE)["text"])  # one for one: offsets unchanged
    (warning,) = art.warnings
    assert "wire:1" in warning and "1 lone surrogate" in warning and "text (1)" in warning
    writable(art)


@pytest.mark.parametrize("field", ["doc", "text", "title", "outlet", "published", "url"])
def test_every_string_field_of_article_input_is_normalised(field: str) -> None:
    values: dict[str, Any] = {"doc": "d", "text": "Some text."}
    values[field] = "a\udc80b\ud83dc"  # a lone low and a lone high surrogate
    art = ArticleInput(**values)
    if field == "published":  # no date once made safe: undated, and said so (sayso.dates)
        assert art.published is None and "no date sayso can read" in art.warnings[-1]
    else:
        assert getattr(art, field) == "a\ufffdb\ufffdc"
    assert f"{field} (2)" in art.warnings[0] and "2 lone" in art.warnings[0]
    assert len(art.warnings) == 1 + (field == "published")
    writable(art)


def test_clean_article_input_is_left_alone() -> None:
    art = ArticleInput(doc="café", text="“Ça va,” said Zoë. \ufffd stays.", warnings=("earlier",))
    assert art.text == "“Ça va,” said Zoë. \ufffd stays." and art.warnings == ("earlier",)


def test_surrogates_in_warnings_are_replaced_without_a_new_warning() -> None:
    art = ArticleInput(doc="d", text="Fine.", warnings=("invalid UTF-8 in caf\udce9.txt",))
    assert art.warnings == ("invalid UTF-8 in caf\ufffd.txt",)


def test_surrogate_check_costs_nothing_noticeable_on_100_kb() -> None:
    text = ("A café reopened, “at last”, said Zoë. " * 3000)[:100_000]
    ArticleInput(doc="warm-up", text=text)
    timings = []
    for _ in range(15):
        start = time.perf_counter()
        ArticleInput(doc="x", text=text)
        timings.append(time.perf_counter() - start)
    # About 0.2 ms here (one UTF-8 encode); a per-character scan in Python would take ~10 ms.
    assert sorted(timings)[len(timings) // 2] < 0.003, timings


@pytest.mark.skipif(sys.platform != "linux", reason="needs a filesystem that takes any bytes in names")
def test_non_utf8_file_names_give_writable_doc_ids(tmp_path: Path) -> None:
    folder = os.fsencode(tmp_path)
    with open(os.path.join(folder, b"caf\xe9.txt"), "wb") as fh:
        fh.write(b'"We open at nine," the owner said.\n')
    with open(os.path.join(folder, b"bin\xff.txt"), "wb") as fh:
        fh.write(b"\x00\x01\x02 binary")
    results = read(tmp_path)
    assert len(results) == 2
    failure, art = sorted(results, key=lambda r: isinstance(r, ArticleInput))
    assert isinstance(art, ArticleInput) and art.doc == "caf\ufffd" and "doc (1)" in art.warnings[0]
    assert isinstance(failure, Failure) and failure.code == "E101" and failure.doc == "bin\ufffd"
    assert failure.where is not None and failure.where.endswith("bin\ufffd.txt")
    for result in results:
        writable(result)


def test_surrogates_in_an_html_string_do_not_stop_extraction() -> None:
    from sayso.ingest import html_article

    html = (
        "<html><body><article><p>The harbour master said the ferry would sail at noon on "
        "Saturday, weather permitting, \ud800 and that tickets bought for the cancelled crossing "
        "would still be valid.</p></article></body></html>"
    )
    art = html_article(html, doc="page", where="page")
    assert "\ufffd" in art.text and "harbour master" in art.text
    writable(art)


@pytest.mark.model
def test_extract_and_index_commands_survive_a_lone_surrogate(
    nlp: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from sayso.cli import main

    path = tmp_path / "lone.jsonl"
    path.write_text(LONE + "\n", encoding="ascii")
    assert main(["extract", str(path)]) == 0
    out, err = capsys.readouterr()
    (row,) = [json.loads(line) for line in out.splitlines()]
    assert row["doc"] == "lone:1" and "surrogate" in err
    assert main(["index", str(path), "--db", str(tmp_path / "q.db")]) == 0


@pytest.mark.model
def test_extract_function_and_http_api_survive_a_lone_surrogate(nlp: Any, tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    import sayso
    from sayso.web.app import create_app
    from sayso.web.settings import WebSettings

    article = sayso.extract(json.loads(LONE)["text"], nlp=nlp)
    assert article.text == '"Lone \ufffd surrogate," she said.' and article.warnings
    app = create_app(WebSettings(db=str(tmp_path / "api.db")), nlp=nlp)
    with TestClient(app, raise_server_exceptions=False) as client:
        response = client.post(
            "/api/extract", content=LONE.encode(), headers={"content-type": "application/json"}
        )
    assert response.status_code == 200, response.text
    assert "\ufffd" in response.text or "\\ufffd" in response.text


# --- 2. deeply nested JSON ---------------------------------------------------------------------

GOOD_1 = json.dumps({"id": "first", "text": "The first invented story."})
GOOD_2 = json.dumps({"id": "last", "text": "The last invented story."})
DEEP_ARRAY = "[" * 100_000
DEEP_INSIDE = '{"text": "Looks fine.", "extra": ' + "[" * 50_000 + "]" * 50_000 + "}"


def test_deeply_nested_jsonl_lines_fail_alone(tmp_path: Path) -> None:
    path = tmp_path / "deep.jsonl"
    path.write_text("\n".join([GOOD_1, DEEP_ARRAY, DEEP_INSIDE, GOOD_2]) + "\n")
    results = read(path)
    assert [r.doc for r in results] == ["first", "deep:2", "deep:3", "last"]
    for result, line in zip(results[1:3], (2, 3), strict=True):
        assert isinstance(result, Failure) and result.code == "E104" and result.where == f"{path}:{line}"
        assert "nested too deeply" in result.message


def test_deeply_nested_lines_on_stdin_fail_alone() -> None:
    raw = "\n".join([DEEP_INSIDE, GOOD_1, DEEP_ARRAY, GOOD_2]).encode()
    results = list(read_stdin(io.BytesIO(raw)))
    assert [r.doc for r in results] == ["stdin:1", "first", "stdin:3", "last"]
    # Failures and articles alike know their line.
    assert [getattr(r, "where", None) for r in results] == [f"<stdin>:{n}" for n in (1, 2, 3, 4)]


def test_integer_over_the_digit_limit_is_a_bad_line(tmp_path: Path) -> None:
    path = tmp_path / "big.jsonl"
    path.write_text('{"text": "Fine.", "n": ' + "7" * 5000 + "}\n" + GOOD_2 + "\n")
    results = read(path)
    assert isinstance(results[0], Failure) and results[0].code == "E104"
    assert results[0].where == f"{path}:1" and results[1].doc == "last"


# --- 3. wrong JSONL types ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("extra", "field", "kind"),
    [
        ('"id": {"x": 1}', "id", "object"),
        ('"id": ["a"]', "id", "array"),
        ('"id": 1.5', "id", "number"),
        ('"id": true', "id", "boolean"),
        ('"title": 12', "title", "number"),
        ('"outlet": {"name": "Wire"}', "outlet", "object"),
        ('"published": [2026, 1, 2]', "published", "array"),
        ('"url": false', "url", "boolean"),
    ],
)
def test_wrongly_typed_fields_are_refused_by_name(tmp_path: Path, extra: str, field: str, kind: str) -> None:
    path = tmp_path / "typed.jsonl"
    path.write_text('{"text": "A fine sentence.", ' + extra + "}\n" + GOOD_2 + "\n")
    results = read(path)
    failure = results[0]
    assert isinstance(failure, Failure) and failure.code == "E104" and failure.where == f"{path}:1"
    assert f"'{field}'" in failure.message and kind in failure.message
    assert results[1].doc == "last"


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_not_json(tmp_path: Path, constant: str) -> None:
    path = tmp_path / "nan.jsonl"
    path.write_text(
        '{"text": "A fine sentence.", "score": ' + constant + "}\n" + '{"id": ' + constant + "}\n"
    )
    results = read(path)
    assert [(r.code, r.where) for r in results if isinstance(r, Failure)] == [
        ("E104", f"{path}:1"),
        ("E104", f"{path}:2"),
    ]
    assert all(constant.lstrip("-") in r.message for r in results if isinstance(r, Failure))


def test_string_and_integer_ids_and_null_metadata_still_work(tmp_path: Path) -> None:
    path = tmp_path / "ok.jsonl"
    rows = [
        {"id": 12, "text": "Twelve.", "title": None, "url": None},
        {"id": "s", "text": "Ess.", "title": "", "outlet": "Wire"},
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    first, second = read(path)
    assert isinstance(first, ArticleInput) and first.doc == "12" and first.title is None
    assert isinstance(second, ArticleInput) and second.title is None and second.outlet == "Wire"


# --- 4. symlink loops and special files --------------------------------------------------------


def test_symlink_loop_reads_each_article_once(tmp_path: Path) -> None:
    loop = tmp_path / "loop"
    (loop / "sub").mkdir(parents=True)
    (loop / "sub" / "story.txt").write_text("The lock keeper said the gates would open at dawn.")
    (loop / "sub" / "up").symlink_to("..")
    (loop / "self").symlink_to(".")
    assert [r.doc for r in read(loop)] == ["story"]


def test_a_second_name_for_a_directory_is_read_once(tmp_path: Path) -> None:
    (tmp_path / "b-real").mkdir()
    (tmp_path / "b-real" / "note.txt").write_text("The council said the library would stay open.")
    (tmp_path / "a-alias").symlink_to("b-real")
    assert [r.doc for r in read(tmp_path)] == ["note"]


def test_deep_directory_tree_does_not_exhaust_the_stack(tmp_path: Path) -> None:
    depth = sys.getrecursionlimit() + 200
    folders = [tmp_path / "d"]
    for _ in range(depth - 1):
        folders.append(folders[-1] / "d")
    for folder in folders:  # not os.makedirs, nor shutil.rmtree below: both recurse
        folder.mkdir()
    leaf = folders[-1] / "deep.txt"
    leaf.write_text("A story at the bottom of a very deep folder.")
    try:
        assert [r.doc for r in read(tmp_path)] == ["deep"]
    finally:  # pytest's own clean-up of old tmp dirs would hit the recursion limit
        leaf.unlink()
        for folder in reversed(folders):
            folder.rmdir()


def _read_in_thread(path: Path, timeout: float = 10.0) -> list[ArticleInput | Failure]:
    """``read(path)`` that cannot hang the test run if the reader opens a FIFO (the old bug)."""
    box: list[list[ArticleInput | Failure]] = []
    worker = threading.Thread(target=lambda: box.append(read(path)), daemon=True)
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))  # release the blocked open
        pytest.fail(f"reading {path} blocked: the FIFO was opened")
    return box[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_fifo_named_on_the_command_line_is_refused_without_opening_it(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    failure = only_failure(_read_in_thread(fifo))
    assert failure.code == "E103" and failure.where == str(fifo)
    assert "not a regular file (FIFO)" in failure.message


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_fifo_inside_a_directory_is_reported_and_the_rest_read(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "a-pipe.jsonl")
    os.mkfifo(tmp_path / "b-pipe-not-an-article")
    (tmp_path / "c.txt").write_text("The bakery said bread prices would rise in June.")
    results = _read_in_thread(tmp_path)
    assert [r.doc for r in results] == ["a-pipe", "c"]
    assert isinstance(results[0], Failure) and results[0].code == "E103" and "FIFO" in results[0].message


@pytest.mark.skipif(not os.path.exists("/dev/null"), reason="needs /dev/null")
def test_device_behind_a_symlink_is_refused(tmp_path: Path) -> None:
    (tmp_path / "null.txt").symlink_to("/dev/null")
    failure = only_failure(read(tmp_path / "null.txt"))
    assert failure.code == "E103" and "character device" in failure.message
    assert [r.doc for r in read(tmp_path)] == ["null"]


def test_socket_inside_a_directory_is_reported(tmp_path: Path) -> None:
    folder = Path("/tmp") / f"sayso-sock-{os.getpid()}"  # AF_UNIX paths must be short
    folder.mkdir()
    try:
        with socket.socket(socket.AF_UNIX) as sock:
            sock.bind(str(folder / "s.txt"))
            failure = only_failure(read(folder))
        assert failure.code == "E103" and "socket" in failure.message
    finally:
        for child in folder.iterdir():
            child.unlink()
        folder.rmdir()


def test_read_file_refuses_a_directory(tmp_path: Path) -> None:
    folder = tmp_path / "folder.txt"
    folder.mkdir()
    failure = only_failure(list(read_file(folder)))
    assert failure.code == "E103" and "directory" in failure.message


def test_broken_symlink_and_link_loop_are_reported(tmp_path: Path) -> None:
    (tmp_path / "gone.txt").symlink_to(tmp_path / "nowhere.txt")
    (tmp_path / "spin.txt").symlink_to("spin.txt")
    (tmp_path / "other-link").symlink_to(tmp_path / "nowhere")  # not an article name: skipped
    results = read(tmp_path)
    assert [(r.doc, getattr(r, "code", None)) for r in results] == [("gone", "E106"), ("spin", "E106")]
    gone, spin = (r for r in results if isinstance(r, Failure))
    assert "broken symbolic link" in gone.message and "loop" in spin.message
    assert only_failure(read(tmp_path / "gone.txt")).code == "E106"


def test_stdin_dash_is_still_read() -> None:
    results = list(read_paths(["-"], stdin=io.BytesIO(b'"Yes," she said.\n')))
    assert [r.doc for r in results] == ["stdin"]


# --- 5. truncated, foreign and empty WARC files -------------------------------------------------

STORY = (
    "<html><head><title>Canal report {i}</title></head><body><article>"
    "<p>Lock keeper Nell Ashdown {i} said on Monday that the canal gates would open at dawn and close "
    "at dusk while the towpath repairs went on through the spring.</p>"
    '<p>"We will manage with one gate for a while," she told the parish meeting {i}.</p>'
    "</article></body></html>"
)


def warc_records(count: int, *, gz: bool) -> list[bytes]:
    """One serialized response record per story (each its own gzip member when ``gz``)."""
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    out = []
    for i in range(count):
        buf = io.BytesIO()
        writer = WARCWriter(buf, gzip=gz)
        headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html")], protocol="HTTP/1.1")
        body = io.BytesIO(STORY.format(i=i).encode())
        writer.write_record(
            writer.create_warc_record(
                f"https://canal.example/{i}", "response", payload=body, http_headers=headers
            )
        )
        out.append(buf.getvalue())
    return out


@pytest.fixture
def fast_html(monkeypatch: pytest.MonkeyPatch) -> None:
    """Stand in for trafilatura inside the WARC reader: the sweeps test framing, thousands of times."""

    def fake(html: bytes | str, *, doc: str, where: str, url: str | None = None, max_chars: int = 0) -> Any:
        text = html.decode() if isinstance(html, bytes) else html
        assert text == STORY.format(i=doc.rsplit("/", 1)[1])  # whole records only, never a piece
        return ArticleInput(doc=doc, text=text, url=url)

    monkeypatch.setattr(warc_module, "html_article", fake)


@pytest.mark.parametrize("gz", [False, True], ids=["plain", "gzip"])
def test_every_cut_of_a_warc_is_either_whole_records_or_a_failure(
    tmp_path: Path, gz: bool, fast_html: None
) -> None:
    records = warc_records(5, gz=gz)
    data = b"".join(records)
    boundaries = {sum(len(r) for r in records[:k]): k for k in range(len(records) + 1)}
    path = tmp_path / ("cut.warc.gz" if gz else "cut.warc")
    expected = [f"https://canal.example/{i}" for i in range(5)]
    for cut in range(len(data) + 1):
        path.write_bytes(data[:cut])
        results = read(path)
        articles = [r.doc for r in results if isinstance(r, ArticleInput)]
        failures = [r for r in results if isinstance(r, Failure)]
        context = f"cut at byte {cut} of {len(data)}: {results}"
        assert articles == expected[: len(articles)], context  # in order, none skipped
        if cut == 0:
            assert [f.code for f in failures] == ["E102"], context
        elif cut in boundaries:  # a well-formed, shorter archive: nothing to notice
            assert not failures and len(articles) == boundaries[cut], context
        else:
            assert len(failures) == 1 and failures[0].code == "E104", context
            where = failures[0].where or ""
            assert where.startswith(f"{path}: record "), context
            number = int(where.rsplit(" ", 1)[1])
            assert number in (len(articles), len(articles) + 1), context
            complete = max(k for b, k in boundaries.items() if b <= cut)
            assert len(articles) >= complete, context  # good records before the damage are kept


@pytest.mark.parametrize("gz", [False, True], ids=["plain", "gzip"])
def test_warc_cut_at_seventy_percent_reports_the_damaged_record(tmp_path: Path, gz: bool) -> None:
    data = b"".join(warc_records(5, gz=gz))
    path = tmp_path / ("crawl.warc.gz" if gz else "crawl.warc")
    path.write_bytes(data[: len(data) * 7 // 10])
    results = read(path)
    assert [r.doc for r in results[:-1]] == [f"https://canal.example/{i}" for i in range(3)]
    assert all(isinstance(r, ArticleInput) and "Nell Ashdown" in r.text for r in results[:-1])
    last = results[-1]
    assert isinstance(last, Failure) and last.code == "E104" and last.where == f"{path}: record 4"
    assert "truncated" in last.message


NOT_RECORDS = [
    ("empty.warc", b"", "E102"),
    ("empty.warc.gz", b"", "E102"),
    ("blank.warc", b"\r\n\r\n", "E102"),
    ("gzipped-nothing.warc.gz", gzip.compress(b"", mtime=0), "E102"),
    ("page.warc", b"<!doctype html><html><body>Not an archive.</body></html>\n", "E104"),
    ("notes.warc.gz", gzip.compress(b"Just some notes, not an archive.\n", mtime=0), "E104"),
    ("noise.warc", bytes(range(256)) * 4, "E104"),
]


@pytest.mark.parametrize(("name", "data", "code"), NOT_RECORDS, ids=[case[0] for case in NOT_RECORDS])
def test_empty_or_foreign_warc_is_a_failure_naming_the_file(
    tmp_path: Path, name: str, data: bytes, code: str
) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    failure = only_failure(read(path))
    assert failure.code == code and failure.where == str(path)
    assert ("not a WARC file" if code == "E104" else "empty") in failure.message


def test_gzip_warc_with_corrupt_member_keeps_earlier_records(tmp_path: Path, fast_html: None) -> None:
    records = warc_records(3, gz=True)
    broken = bytearray(records[1])
    broken[len(broken) // 2] ^= 0xFF
    path = tmp_path / "flip.warc.gz"
    path.write_bytes(records[0] + bytes(broken) + records[2])
    results = read(path)
    assert results[0].doc == "https://canal.example/0"
    assert isinstance(results[-1], Failure) and results[-1].code == "E104"
    assert results[-1].where == f"{path}: record 2"


def test_bad_content_length_and_trailing_garbage_are_reported(tmp_path: Path, fast_html: None) -> None:
    first, second = warc_records(2, gz=False)
    path = tmp_path / "bad.warc"
    path.write_bytes(first + second.replace(b"Content-Length: ", b"Content-Length: x", 1))
    results = read(path)
    assert results[0].doc == "https://canal.example/0"
    assert isinstance(results[1], Failure) and results[1].where == f"{path}: record 2"
    assert "Content-Length" in results[1].message

    path.write_bytes(first + second + b"trailing junk\n")
    results = read(path)
    assert [r.doc for r in results[:2]] == ["https://canal.example/0", "https://canal.example/1"]
    assert isinstance(results[2], Failure) and results[2].where == f"{path}: record 3"


def test_broken_http_message_does_not_stop_the_next_record(tmp_path: Path) -> None:
    """Framing is sayso's own, so a record's hostile HTTP part cannot hide the records after it."""
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    buf = io.BytesIO()
    writer = WARCWriter(buf, gzip=False)
    headers = StatusAndHeaders(
        "200 OK",
        [("Content-Type", "text/html"), ("Transfer-Encoding", "chunked"), ("Content-Encoding", "gzip")],
        protocol="HTTP/1.1",
    )
    body = io.BytesIO(b"5\r\n\x1f\x8b\x08\x00\x00\r\nzz-not-a-chunk-size\r\n" + b"\xff" * 100)
    record = writer.create_warc_record(
        "https://canal.example/bad", "response", payload=body, http_headers=headers
    )
    writer.write_record(record)
    path = tmp_path / "chunks.warc"
    path.write_bytes(buf.getvalue() + warc_records(1, gz=False)[0])
    results = read(path)
    assert len(results) == 2 and results[0].doc == "https://canal.example/bad"
    assert isinstance(results[1], ArticleInput) and results[1].doc == "https://canal.example/0"


def test_gzip_member_cut_inside_its_trailer_yields_the_record_then_a_failure(
    tmp_path: Path, fast_html: None
) -> None:
    records = warc_records(2, gz=True)
    path = tmp_path / "trailer.warc.gz"
    path.write_bytes(records[0] + records[1][:-3])  # CRC and size of the last member cut
    results = read(path)
    assert [r.doc for r in results] == [f"https://canal.example/{i}" for i in (0, 1, 1)]
    assert isinstance(results[2], Failure) and "gzip" in results[2].message
    assert zlib.decompressobj(31).decompress(records[1][:-3])  # the content itself was all there


def test_a_nul_in_an_articles_text_becomes_a_space_and_is_reported() -> None:
    """Eighteenth session: a JSON "\\u0000" in 'text' went through to the quotes ('cue':
    'said.\\x00') while a .txt with NUL bytes is refused as binary; now it is one space for one
    NUL, offsets unchanged, with a warning."""
    art = ArticleInput(doc="d", text="Ana Ruiz said.\x00 The pier opens.")
    assert art.text == "Ana Ruiz said.  The pier opens." and "1 NUL" in art.warnings[0]
    writable(art)
