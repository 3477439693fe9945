"""Readers: every input form, every kind of bad input, offsets preserved. No spaCy model needed."""

from __future__ import annotations

import gzip
import io
import json
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sayso.ingest import doc_id, read_paths, read_stdin
from sayso.model import ArticleInput, Failure

ARTICLE_HTML = """<!doctype html>
<html><head>
<title>Harbour ferry returns after strike | Westmere Gazette</title>
<meta property="og:site_name" content="Westmere Gazette">
<meta property="og:title" content="Harbour ferry returns after strike">
<meta name="date" content="2026-04-11">
</head><body>
<nav><a href="/">Home</a> <a href="/sport">Sport</a></nav>
<article>
<h1>Harbour ferry returns after strike</h1>
<p>The morning ferry to Tillow Island sailed again on Friday after a nine-day strike by deckhands
ended with a pay agreement reached late on Thursday night.</p>
<p>"We are glad to be back on the water," union steward Petra Vance told reporters at the pier,
adding that the crews had voted by a wide margin to accept the offer.</p>
<p>The operator said timetables would return to normal by Monday.</p>
</article>
<footer>Copyright Westmere Gazette</footer>
</body></html>
"""


def read(*paths: object, **kw: int) -> list[ArticleInput | Failure]:
    return list(read_paths([str(p) for p in paths], **kw))


def only_failure(results: list[ArticleInput | Failure]) -> Failure:
    assert len(results) == 1 and isinstance(results[0], Failure), results
    return results[0]


def only_article(results: list[ArticleInput | Failure]) -> ArticleInput:
    assert len(results) == 1 and isinstance(results[0], ArticleInput), results
    return results[0]


# --- .txt ---------------------------------------------------------------------------------------


def test_txt_keeps_crlf_bom_and_non_ascii_exactly(tmp_path: Path) -> None:
    raw = "\ufeff“Ça va,” said Zoë Brandt.\r\n\r\nThe café — closed — reopens 🎉.\r\n".encode()
    path = tmp_path / "sub" / "story.txt"
    path.parent.mkdir()
    path.write_bytes(raw)
    art = only_article(read(path))
    assert art.text == raw.decode("utf-8")
    assert art.text.startswith("\ufeff") and "\r\n" in art.text
    assert art.doc == "story"
    assert art.warnings == ()


def test_invalid_utf8_is_decoded_with_replacement_and_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "latin.txt"
    path.write_bytes("The mayor said it was a “success”. Café".encode() + b" caf\xe9 \xff end")
    art = only_article(read(path))
    assert "\ufffd" in art.text and art.text.endswith(" end")
    assert len(art.warnings) == 1
    assert "invalid UTF-8" in art.warnings[0] and str(path) in art.warnings[0]


@pytest.mark.parametrize(
    "data",
    [b"\x00\x01\x02\x03PK\x03\x04", bytes(range(256)) * 8, b"GIF89a" + bytes(range(1, 32)) * 30],
)
def test_binary_file_is_refused(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "photo.txt"
    path.write_bytes(data)
    failure = only_failure(read(path))
    assert failure.code == "E101"
    assert failure.where == str(path)
    assert "binary" in failure.message


@pytest.mark.parametrize("data", [b"", b"  \r\n\t \n"])
def test_empty_or_blank_file_is_refused(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "empty.txt"
    path.write_bytes(data)
    failure = only_failure(read(path))
    assert failure.code == "E102" and failure.where == str(path)


def test_unknown_extension_named_explicitly_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.docx"
    path.write_text("some text")
    failure = only_failure(read(path))
    assert failure.code == "E103" and ".docx" in failure.message


def test_missing_path_is_a_failure_not_an_exception(tmp_path: Path) -> None:
    failure = only_failure(read(tmp_path / "nowhere" / "gone.txt"))
    assert failure.code == "E106" and "no such file" in failure.message


def test_directory_is_recursive_sorted_and_skips_hidden_and_unknown(tmp_path: Path) -> None:
    for rel in ["b.txt", "a/z.txt", "a/c.txt", ".hidden.txt", ".git/x.txt", "README.md", "img.png"]:
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"Text of {rel}.")
    docs = [r.doc for r in read(tmp_path)]
    assert docs == ["c", "z", "b"]


def test_size_limit_counts_characters_not_bytes(tmp_path: Path) -> None:
    path = tmp_path / "wide.txt"
    path.write_text("🎉" * 10, encoding="utf-8")  # 40 bytes, 10 characters
    assert only_article(read(path, max_chars=10)).text == "🎉" * 10
    failure = only_failure(read(path, max_chars=9))
    assert failure.code == "E105" and "9" in failure.message


def test_forty_megabyte_article_is_refused_quickly(tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    with path.open("w") as fh:
        for _ in range(40):
            fh.write('He said "yes" again. ' * 50_000)  # about 1 MB per write
    start = time.perf_counter()
    failure = only_failure(read(path))
    elapsed = time.perf_counter() - start
    assert failure.code == "E105" and failure.where == str(path)
    assert "--max-chars" in failure.message
    assert elapsed < 1.0, elapsed  # refused from the file size, without reading the file


def test_doc_id_strips_the_whole_format_suffix() -> None:
    assert doc_id(Path("a/b/story.txt")) == "story"
    assert doc_id(Path("crawl.warc.gz")) == "crawl"
    assert doc_id(Path("feed.v2.jsonl.gz")) == "feed.v2"
    assert doc_id(Path("Page.HTM")) == "Page"


# --- .html --------------------------------------------------------------------------------------


def test_html_main_text_and_metadata(tmp_path: Path) -> None:
    path = tmp_path / "ferry.html"
    path.write_text(ARTICLE_HTML, encoding="utf-8")
    art = only_article(read(path))
    assert art.doc == "ferry"
    assert "glad to be back on the water" in art.text
    assert "Sport" not in art.text and "Copyright" not in art.text
    assert art.outlet == "Westmere Gazette"
    assert art.title is not None and "Harbour ferry returns" in art.title
    assert art.published == "2026-04-11"


def test_a_year_in_the_text_is_no_publication_date(tmp_path: Path) -> None:
    """Eighteenth session: with no date in its metadata, a page took "by 1999" in a quote for
    its publication date (1999-01-01): trafilatura's extensive date search reads the text."""
    path = tmp_path / "bridge.html"
    path.write_text(
        "<html><head><title>Bridge vote</title></head><body><article>"
        "<p>The council met on Tuesday to vote on the new harbour bridge budget for the city.</p>"
        "<p>“We will finish the bridge by 1999,” said Mayor Ann Pike at the town hall that evening.</p>"
        "<p>Critics said the plan was far too expensive for a small city like theirs.</p>"
        "</article></body></html>",
        encoding="utf-8",
    )
    assert only_article(read(path)).published is None


@pytest.mark.parametrize(
    "html", ["<html><body><div", "<html><head><title>x</title></head><body></body></html>"]
)
def test_broken_or_textless_html_is_refused(tmp_path: Path, html: str) -> None:
    path = tmp_path / "broken.htm"
    path.write_text(html)
    failure = only_failure(read(path))
    assert failure.code == "E104" and failure.where == str(path)


# --- .jsonl -------------------------------------------------------------------------------------


def jsonl(*rows: object) -> str:
    return "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows)


def test_jsonl_bad_line_is_reported_and_the_others_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "wire.jsonl"
    path.write_text(
        jsonl(
            {"id": "w1", "text": "First story.", "outlet": "Wire", "published": "2026-01-02", "url": "u1"},
            '{"id": "w2", "text": "unterminated',
            "",
            {"text": "No id on this one."},
            ["not", "an", "object"],
            {"id": "w6"},
            {"id": 7, "text": "Numeric id.", "title": "T"},
        )
    )
    results = read(path)
    assert [r.doc for r in results] == ["w1", "wire:2", "wire:4", "wire:5", "wire:6", "7"]
    first = results[0]
    assert isinstance(first, ArticleInput)
    assert (first.outlet, first.published, first.url) == ("Wire", "2026-01-02", "u1")
    failures = [r for r in results if isinstance(r, Failure)]
    assert [(f.code, f.where) for f in failures] == [
        ("E104", f"{path}:2"),
        ("E104", f"{path}:5"),
        ("E104", f"{path}:6"),
    ]
    assert "text" in failures[2].message


def test_jsonl_gz_and_truncated_gzip(tmp_path: Path) -> None:
    rows = [{"id": f"g{i}", "text": f"Story number {i}. " * 200} for i in range(30)]
    data = gzip.compress(jsonl(*rows).encode())
    good = tmp_path / "feed.jsonl.gz"
    good.write_bytes(data)
    assert [r.doc for r in read(good)] == [f"g{i}" for i in range(30)]

    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(data[: len(data) // 2])
    results = read(cut)
    assert isinstance(results[-1], Failure) and results[-1].code == "E104"
    assert results[-1].where == str(cut)
    kept = results[:-1]
    assert kept and all(isinstance(r, ArticleInput) for r in kept)
    assert [r.doc for r in kept] == [f"g{i}" for i in range(len(kept))]


def test_jsonl_overlong_line_is_refused_without_losing_the_next_line(tmp_path: Path) -> None:
    path = tmp_path / "big.jsonl"
    with path.open("w") as fh:
        fh.write(json.dumps({"id": "huge", "text": "x" * 3_000}) + "\n")
        fh.write(json.dumps({"id": "small", "text": "Fine."}) + "\n")
    results = read(path, max_chars=100)
    assert [(r.doc, getattr(r, "code", None)) for r in results] == [("big:1", "E105"), ("small", None)]


# --- stdin --------------------------------------------------------------------------------------


def test_stdin_plain_text_is_one_article() -> None:
    raw = b'Line one.\r\n"Quoted," she said.\n'
    (art,) = read_stdin(io.BytesIO(raw))
    assert isinstance(art, ArticleInput) and art.doc == "stdin" and art.text == raw.decode()


def test_stdin_jsonl_is_detected() -> None:
    raw = jsonl({"id": "s1", "text": "One."}, "{oops", {"text": "Two."}).encode()
    results = list(read_paths(["-"], stdin=io.BytesIO(raw)))
    assert [r.doc for r in results] == ["s1", "stdin:2", "stdin:3"]
    assert isinstance(results[1], Failure) and results[1].where == "<stdin>:2"


def test_stdin_text_starting_with_a_brace_is_still_text() -> None:
    raw = b'{Editor\'s note} "Hello," he said.\n'
    (art,) = read_stdin(io.BytesIO(raw))
    assert isinstance(art, ArticleInput) and art.text == raw.decode()


# --- .warc --------------------------------------------------------------------------------------


def write_warc(path: Path, pages: list[tuple[str, str, str | bytes]], *, gz: bool) -> None:
    """(uri, content-type, body) response records, each preceded by its request record."""
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    with path.open("wb") as fh:
        writer = WARCWriter(fh, gzip=gz)
        for uri, ctype, body in pages:
            req = StatusAndHeaders("GET / HTTP/1.1", [("Host", "example.org")], is_http_request=True)
            writer.write_record(writer.create_warc_record(uri, "request", http_headers=req))
            headers = StatusAndHeaders("200 OK", [("Content-Type", ctype)], protocol="HTTP/1.1")
            record = writer.create_warc_record(
                uri,
                "response",
                payload=io.BytesIO(body if isinstance(body, bytes) else body.encode()),
                http_headers=headers,
            )
            writer.write_record(record)


PAGES = [
    ("https://news.example/ferry", "text/html; charset=utf-8", ARTICLE_HTML),
    ("https://news.example/logo.png", "image/png", "\x89PNG not really"),
    ("https://news.example/empty", "text/html", "<html><body></body></html>"),
    ("https://news.example/ferry-2", "text/html", ARTICLE_HTML.replace("Petra Vance", "Ola Brisk")),
]


@pytest.mark.parametrize("gz", [False, True])
def test_warc_html_responses_become_articles(tmp_path: Path, gz: bool) -> None:
    path = tmp_path / ("crawl.warc.gz" if gz else "crawl.warc")
    write_warc(path, PAGES, gz=gz)
    results = read(path)
    assert [r.doc for r in results] == [
        "https://news.example/ferry",
        "https://news.example/empty",
        "https://news.example/ferry-2",
    ]
    first, empty, second = results
    assert isinstance(first, ArticleInput) and "Petra Vance" in first.text
    assert first.url == "https://news.example/ferry" and first.outlet == "Westmere Gazette"
    assert isinstance(empty, Failure) and empty.code == "E104" and str(path) in (empty.where or "")
    assert isinstance(second, ArticleInput) and "Ola Brisk" in second.text


def test_a_warc_page_is_read_in_the_charset_its_http_header_names(tmp_path: Path) -> None:
    # QA, nineteenth session: ISO-8859-1 bytes with the charset only in the HTTP header came out
    # as "Josķ N·±ez" (trafilatura guessed); the header is the page's encoding.
    page = ARTICLE_HTML.replace("Petra Vance", "José Núñez").encode("iso-8859-1")
    path = tmp_path / "latin.warc"
    write_warc(path, [("https://news.example/cafe", "text/html; charset=iso-8859-1", page)], gz=False)
    (art,) = read(path)
    assert isinstance(art, ArticleInput) and "José Núñez" in art.text


def test_truncated_warc_keeps_earlier_records_and_names_the_bad_one(tmp_path: Path) -> None:
    path = tmp_path / "crawl.warc.gz"
    write_warc(path, [PAGES[0], PAGES[3], PAGES[0]], gz=True)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) - 300])
    results = read(path)
    assert isinstance(results[0], ArticleInput) and results[0].doc == "https://news.example/ferry"
    assert isinstance(results[-1], Failure) and results[-1].code == "E104"
    assert "record" in (results[-1].where or "") and str(path) in (results[-1].where or "")


# --- properties ---------------------------------------------------------------------------------

# Any text sayso should accept: no control characters beyond line breaks and tabs (those would make
# it look binary), but CRLF, lone CR, curly quotes, BOMs and astral characters all included.
article_text = (
    st.lists(
        st.characters(blacklist_categories=("Cs", "Cc"))
        | st.sampled_from(["\r\n", "\r", "\n", "\t", "“", "”", '"', "'", "\ufeff", "😀"]),
        min_size=1,
        max_size=120,
    )
    .map("".join)
    .filter(str.strip)
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=article_text)
def test_txt_text_round_trips_unchanged(tmp_path: Path, text: str) -> None:
    path = tmp_path / "prop.txt"
    path.write_bytes(text.encode("utf-8"))
    art = only_article(read(path))
    assert art.text == text and art.warnings == ()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    rows=st.lists(
        st.fixed_dictionaries(
            {"id": st.text(min_size=1, max_size=10), "text": st.text(min_size=1).filter(str.strip)},
            optional={"title": st.text(min_size=1), "outlet": st.text(min_size=1)},
        ),
        min_size=1,
        max_size=8,
    )
)
def test_jsonl_round_trip(tmp_path: Path, rows: list[dict[str, str]]) -> None:
    path = tmp_path / "prop.jsonl"
    path.write_text(jsonl(*rows), encoding="utf-8")
    results = read(path)
    assert all(isinstance(r, ArticleInput) for r in results)
    assert [(r.doc, r.text) for r in results if isinstance(r, ArticleInput)] == [
        (row["id"], row["text"].replace("\x00", " "))
        for row in rows  # a NUL is one space
    ]
    assert [getattr(r, "title", None) for r in results] == [row.get("title") for row in rows]


def test_demo_articles_read_cleanly(root: Path) -> None:
    results = read(root / "examples" / "articles")
    assert all(isinstance(r, ArticleInput) for r in results), results
    assert [r.doc for r in results] == [
        "harbour-bridge",
        "library-vote",
        "ferry-strike-ends",
        "orchard-festival",
    ]
    html = results[1]
    assert isinstance(html, ArticleInput) and html.outlet == "The Westmere Courier" and html.published


def test_unlistable_directory_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "locked").mkdir()
    (tmp_path / "locked" / "a.txt").write_text("Hidden away.")
    (tmp_path / "open.txt").write_text("In plain sight.")
    real_iterdir = Path.iterdir

    def iterdir(self: Path):  # type: ignore[no-untyped-def]
        if self.name == "locked":
            raise PermissionError(13, "Permission denied")
        return real_iterdir(self)

    monkeypatch.setattr(Path, "iterdir", iterdir)
    results = read(tmp_path)
    assert isinstance(results[0], Failure) and results[0].where == str(tmp_path / "locked")
    assert "Permission denied" in results[0].message
    assert [r.doc for r in results[1:]] == ["open"]


@pytest.mark.parametrize("name", ["dump.jsonl", "dump.jsonl.gz"])
def test_binary_jsonl_is_one_failure_not_one_per_line(tmp_path: Path, name: str) -> None:
    data = bytes(range(256)) * 64 + b"\n" * 50
    path = tmp_path / name
    path.write_bytes(gzip.compress(data) if name.endswith(".gz") else data)
    failure = only_failure(read(path))
    assert failure.code == "E101" and failure.where == str(path)


@pytest.mark.parametrize("content", [b"", b"\n\n  \n"])
def test_an_empty_jsonl_file_is_reported(tmp_path: Path, content: bytes) -> None:
    """Seventeenth session: an empty or blank-lines-only .jsonl passed without a word (exit 0),
    while docs/errors.md and an empty .txt say E102."""
    path = tmp_path / "shard.jsonl"
    path.write_bytes(content)
    (result,) = read_paths([str(path)])
    assert isinstance(result, Failure) and result.code == "E102" and result.where == str(path)


def test_files_of_one_name_in_different_folders_are_different_articles(tmp_path: Path) -> None:
    """Eighteenth session: ``gazette/story.txt`` and ``ledger/story.txt`` were both ``story``:
    compare showed one outlet, every quote single-source, and index kept only the second. A
    name that would repeat takes as many folders as make it distinct; the others keep theirs;
    one file reached twice stays one article."""
    for folder, words in (
        ("gazette", "The ferry runs."),
        ("ledger", "The bridge opens."),
        ("x/ledger", "Fares rise."),
    ):
        (tmp_path / folder).mkdir(parents=True, exist_ok=True)
        (tmp_path / folder / "story.txt").write_text(f"Ana Ruiz said: “{words}”", encoding="utf-8")
    (tmp_path / "gazette" / "other.txt").write_text("Lee said the pier is shut.", encoding="utf-8")
    docs = sorted(a.doc for a in read_paths([tmp_path]) if isinstance(a, ArticleInput))
    assert docs == sorted(["gazette/story", "other", f"{tmp_path.name}/ledger/story", "x/ledger/story"])
    story = tmp_path / "gazette" / "story.txt"
    assert [a.doc for a in read_paths([story, story])] == ["story", "story"]


def test_a_utf16_file_and_a_windows_1252_file_are_read_with_their_quotes(tmp_path: Path) -> None:
    """QA, nineteenth session: a UTF-16 export was refused as binary, and a Windows-1252 file's
    curly quotes became U+FFFD, so no quote was found."""
    text = "The pier reopened. \u201cWe are back,\u201d said Ana Ruiz."
    (tmp_path / "w16.txt").write_bytes(text.encode("utf-16"))
    (tmp_path / "w1252.txt").write_bytes(text.encode("cp1252"))
    results = {r.doc: r for r in read(tmp_path)}
    for doc in ("w16", "w1252"):
        art = results[doc]
        assert isinstance(art, ArticleInput) and art.text == text and art.warnings
    # A file that is mostly UTF-8 with a bad byte is still read as UTF-8, with U+FFFD.
    (tmp_path / "mixed.txt").write_bytes("caf\u00e9 \u201cok\u201d ".encode() + b"\x93")
    (mixed,) = read(tmp_path / "mixed.txt")
    assert isinstance(mixed, ArticleInput) and mixed.text.startswith("caf\u00e9") and "\ufffd" in mixed.text


def test_piped_json_lines_after_blank_lines_are_json_lines() -> None:
    # QA, nineteenth session: a feed starting with an empty line was read as one text article.
    raw = b'\n\n{"id": "a", "text": "Ana Ruiz said the pier opens."}\n{"id": "b", "text": "Fares fall."}\n'
    results = list(read_stdin(io.BytesIO(raw)))
    assert [(r.doc, r.where) for r in results] == [("a", "<stdin>:3"), ("b", "<stdin>:4")]
    (text,) = read_stdin(io.BytesIO(b"\n\nJust a line of text.\n"))
    assert isinstance(text, ArticleInput) and text.text == "\n\nJust a line of text.\n"
