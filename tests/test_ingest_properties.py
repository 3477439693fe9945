"""Property tests of the readers on hostile bytes and structures (Hypothesis).

What must always hold: nothing escapes ``read_paths`` / ``read_file`` / ``read_stdin`` as an
exception, every good JSONL line comes out as its ``ArticleInput`` and every bad one as a
``Failure`` with its line number (so the counts add up), and every result can be written as
UTF-8. All inputs are generated here; no spaCy model is needed.
"""

from __future__ import annotations

import gzip
import io
import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sayso.ingest import read_paths, read_stdin
from sayso.model import ArticleInput, Failure


def examples(n: int) -> settings:
    """Few examples, no deadline (first calls import trafilatura), tmp_path shared between examples."""
    return settings(
        max_examples=n, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
    )


#: Any code point except DEL (``json.dumps`` leaves it raw, and a file of many counts as binary,
#: E101, a whole-file refusal), with lone surrogates one draw in four: Hypothesis leaves them out
#: by default, and merged into one alphabet they would be 2,048 code points in 1.1 million.
plain_char = st.characters(codec=None, categories=None, exclude_characters="\x7f")
surrogate = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF, categories=["Cs"])
any_char = st.one_of(plain_char, plain_char, plain_char, surrogate)


def texts(min_size: int = 0, max_size: int = 40) -> st.SearchStrategy[str]:
    return st.lists(any_char, min_size=min_size, max_size=max_size).map("".join)


any_text = texts()
nonblank_text = texts(1, 60).filter(str.strip)
#: Bytes of a line that is not JSON: no newline (it would split the line) and no control bytes
#: (a file of them is refused whole as binary, E101, which test_ingest covers).
garbage_byte = st.integers(0x20, 0xFF).filter(lambda b: b != 0x7F) | st.just(0x09)


def without_surrogates(value: str) -> str:
    return "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in value)


def has_surrogates(value: str) -> bool:
    return without_surrogates(value) != value


def writable(result: ArticleInput | Failure) -> None:
    """What the output writers do with a result; raises if a string cannot be encoded."""
    assert isinstance(result, ArticleInput | Failure), result
    json.dumps(asdict(result), ensure_ascii=False).encode("utf-8")


def dumps(row: dict[str, Any], ascii_only: bool) -> str:
    # A str holding a lone surrogate can only be written as JSON with its \\uXXXX escape.
    if not ascii_only and not any(isinstance(v, str) and has_surrogates(v) for v in row.values()):
        return json.dumps(row, ensure_ascii=False)
    return json.dumps(row)


@st.composite
def good_line(draw: st.DrawFn) -> tuple[bytes, Any]:
    """A valid article line, and ``(id or None, text)`` it must come out as."""
    ident = draw(st.none() | st.just("") | texts(1, 12) | st.integers(-(10**30), 10**30))
    text = draw(nonblank_text)
    row: dict[str, Any] = {"text": text}
    if ident is not None or draw(st.booleans()):
        row["id"] = ident
    for name in ("title", "outlet", "published", "url"):
        if draw(st.booleans()):
            row[name] = draw(st.none() | any_text)
    line = dumps(row, draw(st.booleans()))
    # What the line means as JSON: an escaped high+low surrogate pair is one astral character there.
    meant = json.loads(line)
    expected_id = None if ident in (None, "") else without_surrogates(str(meant["id"]))
    # ... and a NUL in the text is one space (ArticleInput)
    return line.encode("utf-8"), (expected_id, without_surrogates(meant["text"]).replace("\x00", " "))


def _is_object(data: bytes) -> bool:
    try:
        text = data.removeprefix(b"\xef\xbb\xbf").decode("utf-8", errors="replace")
        return isinstance(json.loads(text), dict)
    except (ValueError, RecursionError):
        return False


wrong_value = st.one_of(
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.booleans(),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)

bad_line: st.SearchStrategy[bytes] = st.one_of(
    # random bytes that happen not to make a JSON object (almost all of them)
    st.lists(garbage_byte, min_size=1, max_size=60)
    .map(bytes)
    .filter(lambda b: b.strip() and not _is_object(b)),
    # nesting far past the recursion limit (Hypothesis raises that limit while it runs), bare or
    # inside an otherwise fine object
    st.integers(60_000, 100_000).map(lambda n: b"[" * n),
    st.integers(60_000, 100_000).map(lambda n: b'{"text": "Fine.", "x": ' + b"[" * n + b"]" * n + b"}"),
    # wrong types for id and the metadata fields
    st.tuples(nonblank_text, wrong_value.filter(lambda v: not isinstance(v, int) or isinstance(v, bool))).map(
        lambda tv: json.dumps({"id": tv[1], "text": tv[0]}).encode()
    ),
    st.tuples(nonblank_text, st.sampled_from(["title", "outlet", "published", "url"]), wrong_value).map(
        lambda t: json.dumps({"text": t[0], t[1]: t[2]}).encode()
    ),
    # Python's JSON extensions, which are not JSON
    st.sampled_from([b"NaN", b"Infinity", b"-Infinity"]).map(lambda c: b'{"text": "Fine.", "v": ' + c + b"}"),
    # a good line cut short, not an object, no or empty or non-string text
    good_line()
    .map(lambda g: g[0])
    .flatmap(lambda b: st.integers(1, len(b) - 1).map(lambda i: b[:i]))
    .filter(bytes.strip),
    st.sampled_from([b"[1, 2]", b"42", b'"text"', b"null", b"{}", b'{"text": 7}', b'{"text": "  "}']),
)


@examples(60)
@given(
    lines=st.lists(
        st.one_of(good_line().map(lambda g: ("good", g)), bad_line.map(lambda b: ("bad", b))), max_size=12
    ),
    gz=st.booleans(),
    crlf=st.booleans(),
)
def test_jsonl_keeps_every_good_line_and_reports_every_bad_one(
    tmp_path: Path, lines: list[tuple[str, Any]], gz: bool, crlf: bool
) -> None:
    raw = [item[1][0] if item[0] == "good" else item[1] for item in lines]
    data = b"".join(line + (b"\r\n" if crlf else b"\n") for line in raw)
    path = tmp_path / ("mixed.jsonl.gz" if gz else "mixed.jsonl")
    path.write_bytes(gzip.compress(data) if gz else data)

    results = list(read_paths([str(path)]))

    if not lines:  # an empty file is one E102, as an empty .txt is
        assert [(r.code, r.where) for r in results if isinstance(r, Failure)] == [("E102", str(path))]
        return
    assert len(results) == len(lines), results  # one result per line, nothing lost or doubled
    for lineno, ((kind, payload), result) in enumerate(zip(lines, results, strict=True), start=1):
        writable(result)
        if kind == "good":
            expected_id, expected_text = payload[1]
            assert isinstance(result, ArticleInput), (lineno, raw[lineno - 1], result)
            assert result.doc == (expected_id if expected_id is not None else f"mixed:{lineno}")
            assert result.text == expected_text
        else:
            assert isinstance(result, Failure), (lineno, raw[lineno - 1], result)
            assert result.where == f"{path}:{lineno}" and result.doc == f"mixed:{lineno}"
            assert result.code in ("E102", "E104"), result


@examples(60)
@given(data=st.binary(max_size=300) | st.lists(bad_line, max_size=4).map(b"\n".join))
def test_stdin_never_raises_and_is_writable(data: bytes) -> None:
    results = list(read_stdin(io.BytesIO(data)))
    assert results
    for result in results:
        writable(result)


@examples(60)
@given(data=st.binary(max_size=400))
def test_txt_of_any_bytes_is_one_writable_result(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "any.txt"
    path.write_bytes(data)
    (result,) = read_paths([str(path)])
    writable(result)
    if isinstance(result, ArticleInput):
        # UTF-8 (with U+FFFD for bad bytes), or what the warning says it was read as.
        said = " ".join(result.warnings)
        if "Windows-1252" in said:
            assert result.text == data.decode("cp1252")
        elif "UTF-16" in said:
            assert result.text == data.decode("utf-16")
        else:
            assert result.text == data.decode("utf-8", errors="replace")


@examples(30)
@given(
    data=st.binary(max_size=400)
    | texts(0, 200).map(
        lambda t: f"<html><body><article><p>{t}</p></article></body></html>".encode("utf-8", "surrogatepass")
    )
)
def test_html_of_any_bytes_is_one_writable_result(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "any.html"
    path.write_bytes(data)
    (result,) = read_paths([str(path)])
    writable(result)


def small_warc(gz: bool) -> bytes:
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    buf = io.BytesIO()
    writer = WARCWriter(buf, gzip=gz)
    for i in range(3):
        page = (
            f"<html><body><article><p>The ferry pilot {i} said the crossing would resume at noon once the "
            f"fog over the estuary had lifted, and that passengers were safe.</p></article></body></html>"
        )
        headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html")], protocol="HTTP/1.1")
        record = writer.create_warc_record(
            f"https://ferry.example/{i}", "response", payload=io.BytesIO(page.encode()), http_headers=headers
        )
        writer.write_record(record)
    return buf.getvalue()


WARCS = {False: small_warc(False), True: small_warc(True)}


@st.composite
def damaged_warc(draw: st.DrawFn) -> tuple[bool, bytes]:
    """A small valid WARC with a few random edits: flipped bytes, inserted junk, cut ranges."""
    gz = draw(st.booleans())
    data = bytearray(WARCS[gz])
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["flip", "insert", "delete"]))
        at = draw(st.integers(0, max(len(data) - 1, 0)))
        if op == "flip" and data:
            data[at] ^= draw(st.integers(1, 255))
        elif op == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=20))
        else:
            del data[at : at + draw(st.integers(1, 200))]
    return gz, bytes(data)


@examples(50)
@given(case=damaged_warc())
def test_damaged_warc_never_raises_and_never_invents_records(
    tmp_path: Path, case: tuple[bool, bytes]
) -> None:
    gz, data = case
    path = tmp_path / ("damaged.warc.gz" if gz else "damaged.warc")
    path.write_bytes(data)
    results = list(read_paths([str(path)]))
    # Not "results is non-empty": an edit can turn a record into a valid non-HTML one, skipped.
    for result in results:
        writable(result)
    assert sum(isinstance(r, ArticleInput) for r in results) <= 3


@examples(60)
@given(name=texts(1, 20).filter(lambda n: "/" not in n and n not in (".", "..")))
def test_any_missing_path_is_a_writable_failure(tmp_path: Path, name: str) -> None:
    # Under an empty folder, so no name (with NUL bytes, surrogates, ...) can reach a real file.
    folder = tmp_path / "empty"
    folder.mkdir(exist_ok=True)
    (result,) = read_paths([str(folder) + "/" + name])
    assert isinstance(result, Failure) and result.code == "E106", result
    writable(result)


@examples(200)
@given(text=texts(0, 80), doc=texts(0, 10))
def test_article_input_is_always_encodable_and_keeps_offsets(text: str, doc: str) -> None:
    art = ArticleInput(doc=doc, text=text)
    assert len(art.text) == len(text) and art.text == without_surrogates(text).replace("\x00", " ")
    assert art.doc == without_surrogates(doc)
    assert bool(art.warnings) == (has_surrogates(text) or has_surrogates(doc) or "\x00" in text)
    writable(art)
