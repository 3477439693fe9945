"""Turn paths (files, directories, ``-`` for stdin) into ``ArticleInput``s, or ``Failure``s.

A reader never raises for a bad input: each file that cannot be read becomes a ``Failure`` with
an error code and a place (``file``, ``file:line`` or ``file: record N``), and the stream goes on,
so one broken file in a directory of thousands costs one line on stderr, not the whole run.

Size is checked from the file size before anything is decoded or parsed: a UTF-8 character
takes at most four bytes, so a file over ``4 * max_chars`` bytes cannot fit and is refused
without being read; smaller files are read once and their decoded length is checked exactly.

Offsets in sayso's output are into ``ArticleInput.text``. For ``.txt`` that is the file's own
text decoded as UTF-8 with nothing changed: ``\\r\\n`` stays, a byte-order mark stays (as
U+FEFF), so ``text[start:end]`` can be checked against the bytes on disk. For HTML and WARC it
is the text trafilatura extracts (``sayso extract --with-text`` writes it out).
"""

from __future__ import annotations

import gzip
import io
import json
import logging
import os
import sys
import zlib
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from sayso.errors import (
    BinaryInputError,
    EmptyInputError,
    InputError,
    MalformedInputError,
    NotFoundError,
    TooLargeError,
    UnsupportedFormatError,
)
from sayso.model import ArticleInput, Failure
from sayso.settings import DEFAULT_MAX_CHARS

#: Suffixes sayso reads, longest first so ``.warc.gz`` wins over ``.gz``.
SUFFIXES: tuple[str, ...] = (".jsonl.gz", ".warc.gz", ".jsonl", ".warc", ".html", ".htm", ".txt")

#: Bytes looked at to decide whether a file is text at all.
_SNIFF_BYTES = 8192
#: Control characters (other than tab, newlines, form feed) tolerated in text before it counts
#: as binary: a few stray ones appear in real scraped news, a binary file has far more.
_MAX_CONTROL_RATIO = 0.10
_CONTROL_BYTES = bytes(b for b in [*range(0x20), 0x7F] if b not in b"\t\n\r\f\v\b\x1b")

#: HTML is mostly markup: a page may be several times larger than its text. Pages over this
#: multiple of ``max_chars`` (in bytes) are refused before parsing, which is what costs time.
_HTML_BYTES_PER_CHAR = 8
#: A JSONL line escapes non-ASCII text as ``\\uXXXX`` (6 bytes per character), plus metadata.
_JSONL_BYTES_PER_CHAR = 6
_JSONL_LINE_SLACK = 1 << 20


def suffix_of(path: Path) -> str | None:
    """The sayso format suffix of a file name (lower-cased), or None if sayso doesn't read it."""
    name = path.name.lower()
    for suffix in SUFFIXES:
        if name.endswith(suffix) and len(name) > len(suffix):
            return suffix
    return None


def doc_id(path: Path) -> str:
    """The document id of a file: its name without the format suffix (``a/b/story.txt`` -> ``story``)."""
    suffix = suffix_of(path)
    return path.name[: -len(suffix)] if suffix else path.stem


def read_paths(
    paths: Iterable[str | Path],
    *,
    max_chars: int = DEFAULT_MAX_CHARS,
    stdin: IO[bytes] | None = None,
) -> Iterator[ArticleInput | Failure]:
    """Every article in ``paths``, in a stable order, with a ``Failure`` in place of each bad input.

    A directory is read recursively in sorted order. Hidden files and directories (name starting
    with ``.``) are skipped, and so are files with a suffix sayso does not read (a README or an
    image next to the articles is not an error); a file named explicitly with such a suffix is
    reported (E103). ``-`` reads standard input (see ``read_stdin``).
    """
    for raw in paths:
        if str(raw) == "-":
            yield from read_stdin(stdin if stdin is not None else sys.stdin.buffer, max_chars=max_chars)
            continue
        path = Path(raw)
        if path.is_dir():
            for file in _walk(path):
                if isinstance(file, Failure):
                    yield file
                else:
                    yield from read_file(file, max_chars=max_chars)
        elif path.exists():
            yield from read_file(path, max_chars=max_chars)
        else:
            yield _failure(NotFoundError("no such file or directory", where=str(path)), doc_id(path))


def _walk(directory: Path) -> Iterator[Path | Failure]:
    """Readable files under ``directory``, depth first, sorted by name at each level.

    A subdirectory that cannot be listed becomes a ``Failure`` so that missing articles are
    never silent.
    """
    try:
        entries = sorted(directory.iterdir(), key=lambda p: p.name)
    except OSError as exc:
        err = InputError(f"cannot read directory: {exc.strerror or exc}", where=str(directory))
        yield _failure(err, directory.name)
        return
    for entry in entries:
        if entry.name.startswith("."):
            continue
        if entry.is_dir():
            yield from _walk(entry)
        elif entry.is_file() and suffix_of(entry) is not None:
            yield entry


def read_file(path: Path, *, max_chars: int = DEFAULT_MAX_CHARS) -> Iterator[ArticleInput | Failure]:
    """The article(s) of one file: one for ``.txt``/``.html``, one per line or record otherwise."""
    suffix = suffix_of(path)
    where = str(path)
    if suffix is None:
        err = UnsupportedFormatError(
            f"unknown file type {path.suffix or '(no extension)'!r}; "
            "sayso reads .txt, .html, .htm, .jsonl, .jsonl.gz, .warc, .warc.gz",
            where=where,
        )
        yield _failure(err, doc_id(path))
        return
    try:
        if suffix == ".txt":
            yield _read_txt(path, max_chars)
        elif suffix in (".html", ".htm"):
            yield _read_html(path, max_chars)
        elif suffix in (".jsonl", ".jsonl.gz"):
            yield from _read_jsonl(path, max_chars)
        else:
            yield from _read_warc(path, max_chars)
    except InputError as err:
        yield _failure(err, doc_id(path))
    except OSError as exc:
        yield _failure(InputError(f"cannot read file: {exc.strerror or exc}", where=where), doc_id(path))


def read_stdin(stream: IO[bytes], *, max_chars: int = DEFAULT_MAX_CHARS) -> Iterator[ArticleInput | Failure]:
    """Standard input: JSON Lines when its first line is a JSON object, otherwise one plain-text article.

    The plain-text article has doc id ``stdin``; JSONL lines without an ``id`` get ``stdin:LINE``.
    """
    where = "<stdin>"
    first = stream.readline(_jsonl_line_limit(max_chars) + 1)
    if _looks_like_json_object(first):
        pending = [first]

        def readline(size: int) -> bytes:
            return pending.pop() if pending else stream.readline(size)

        lines = _numbered_lines(readline, _jsonl_line_limit(max_chars))
        yield from _jsonl_articles(lines, where=where, stem="stdin", max_chars=max_chars)
        return
    limit = 4 * max_chars
    data = first + stream.read(limit + 1 - len(first))
    if len(data) > limit:
        err = TooLargeError(
            f"input is over {limit:,} bytes, too large for the limit of {max_chars:,} characters", where=where
        )
        yield _failure(err, "stdin")
        return
    try:
        yield _text_article(data, doc="stdin", where=where, max_chars=max_chars)
    except InputError as err:
        yield _failure(err, "stdin")


# --- .txt -------------------------------------------------------------------------------------


def _read_txt(path: Path, max_chars: int) -> ArticleInput:
    where = str(path)
    _check_file_size(path, 4 * max_chars, max_chars)
    return _text_article(path.read_bytes(), doc=doc_id(path), where=where, max_chars=max_chars)


def _text_article(data: bytes, *, doc: str, where: str, max_chars: int) -> ArticleInput:
    """Plain text as an article, decoded as UTF-8 and otherwise left exactly as it was."""
    if _is_binary(data):
        raise BinaryInputError("binary file, not text", where=where)
    text, warnings = _decode(data, where)
    if not text.strip():
        raise EmptyInputError("empty file (no text)" if not text else "no text, only whitespace", where=where)
    _check_chars(text, max_chars, where)
    return ArticleInput(doc=doc, text=text, warnings=warnings)


def _is_binary(data: bytes) -> bool:
    """NUL bytes or many control characters in the first few kilobytes: not a text file."""
    sample = data[:_SNIFF_BYTES]
    if b"\x00" in sample:
        return True
    if not sample:
        return False
    controls = len(sample) - len(sample.translate(None, _CONTROL_BYTES))
    return controls / len(sample) > _MAX_CONTROL_RATIO


def _decode(data: bytes, where: str) -> tuple[str, tuple[str, ...]]:
    """UTF-8 text, with replacement characters and a warning where the bytes are not valid UTF-8."""
    try:
        return data.decode("utf-8"), ()
    except UnicodeDecodeError as exc:
        text = data.decode("utf-8", errors="replace")
        bad = text.count("\ufffd") - data.decode("utf-8", errors="ignore").count("\ufffd")
        warning = (
            f"invalid UTF-8 in {where} from byte {exc.start}: {bad} byte sequence(s) decoded "
            "as U+FFFD, each counting as one character in the offsets"
        )
        return text, (warning,)


# --- .html ------------------------------------------------------------------------------------


def _read_html(path: Path, max_chars: int) -> ArticleInput:
    where = str(path)
    _check_file_size(path, _HTML_BYTES_PER_CHAR * max_chars, max_chars)
    data = path.read_bytes()
    if not data.strip():
        raise EmptyInputError("empty file (no HTML)", where=where)
    if _is_binary(data):
        raise BinaryInputError("binary file, not HTML", where=where)
    return html_article(data, doc=doc_id(path), where=where, max_chars=max_chars)


def html_article(
    html: bytes | str,
    *,
    doc: str,
    where: str,
    url: str | None = None,
    max_chars: int = DEFAULT_MAX_CHARS,
) -> ArticleInput:
    """The main text and metadata of an HTML page (trafilatura), as an article.

    Raises ``MalformedInputError`` (E104) when the page has no extractable text: broken markup,
    a page of navigation only, or something that is not HTML at all.
    """
    import trafilatura

    with _quiet("trafilatura", "htmldate", "courlan", "justext"):
        try:
            result = trafilatura.bare_extraction(
                html, url=url, with_metadata=True, include_comments=False, include_tables=True
            )
        except Exception as exc:  # trafilatura/lxml raise assorted errors on hostile markup
            raise MalformedInputError(f"cannot parse HTML: {exc}", where=where) from exc
    if result is None:
        raise MalformedInputError("no article text could be extracted from the HTML", where=where)
    meta: dict[str, Any] = result if isinstance(result, dict) else result.as_dict()
    text = meta.get("text") or ""
    if not text.strip():
        raise MalformedInputError("no article text could be extracted from the HTML", where=where)
    _check_chars(text, max_chars, where)
    return ArticleInput(
        doc=doc,
        text=text,
        title=_str_or_none(meta.get("title")),
        outlet=_str_or_none(meta.get("sitename")),
        published=_str_or_none(meta.get("date")),
        url=url or _str_or_none(meta.get("url")),
    )


@contextmanager
def _quiet(*loggers: str) -> Iterator[None]:
    """Silence chatty library loggers while they run: sayso reports the outcome itself, once."""
    saved = [(logging.getLogger(name), logging.getLogger(name).level) for name in loggers]
    for logger, _ in saved:
        logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for logger, level in saved:
            logger.setLevel(level)


# --- .jsonl -----------------------------------------------------------------------------------


def _read_jsonl(path: Path, max_chars: int) -> Iterator[ArticleInput | Failure]:
    opener = gzip.open if path.name.lower().endswith(".gz") else open
    stem = doc_id(path)
    with opener(path, "rb") as fh:
        try:
            # One E101 for a binary file, not one "invalid JSON" per pseudo-line of it.
            if _is_binary(fh.peek(_SNIFF_BYTES)[:_SNIFF_BYTES]):
                raise BinaryInputError("binary file, not JSON Lines", where=str(path))
            lines = _numbered_lines(fh.readline, _jsonl_line_limit(max_chars))
            yield from _jsonl_articles(lines, where=str(path), stem=stem, max_chars=max_chars)
        except (EOFError, zlib.error, gzip.BadGzipFile) as exc:
            # Lines read before the damage were already yielded; say where reading stopped.
            raise MalformedInputError(f"truncated or corrupt gzip data: {exc}", where=str(path)) from exc


def _jsonl_line_limit(max_chars: int) -> int:
    return _JSONL_BYTES_PER_CHAR * max_chars + _JSONL_LINE_SLACK


def _numbered_lines(readline: Callable[[int], bytes], limit: int) -> Iterator[tuple[int, bytes | None]]:
    """``(line number, bytes)``, or ``(line number, None)`` for a line longer than ``limit``.

    Over-long lines are skipped in bounded pieces (never held whole in memory), which is what
    keeps a 40 MB line from costing 40 MB several times over.
    """
    lineno = 0
    while line := readline(limit + 1):
        lineno += 1
        if len(line) > limit and not line.endswith(b"\n"):
            while (piece := readline(1 << 20)) and not piece.endswith(b"\n"):
                pass
            yield lineno, None
        else:
            yield lineno, line


def _jsonl_articles(
    lines: Iterable[tuple[int, bytes | None]], *, where: str, stem: str, max_chars: int
) -> Iterator[ArticleInput | Failure]:
    for lineno, line in lines:
        place = f"{where}:{lineno}"
        fallback = f"{stem}:{lineno}"
        if line is None:
            err = TooLargeError(f"line is over the size limit of {max_chars:,} characters", where=place)
            yield _failure(err, fallback)
            continue
        if not line.strip():
            continue
        try:
            yield _jsonl_article(line, place=place, fallback_id=fallback, max_chars=max_chars)
        except InputError as err:
            yield _failure(err, fallback)


def _jsonl_article(line: bytes, *, place: str, fallback_id: str, max_chars: int) -> ArticleInput:
    raw, warnings = _decode(line.removeprefix(b"\xef\xbb\xbf"), place)
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise MalformedInputError(f"invalid JSON: {exc.msg} at column {exc.colno}", where=place) from exc
    if not isinstance(data, dict):
        raise MalformedInputError(f"expected a JSON object, got {type(data).__name__}", where=place)
    text = data.get("text")
    if not isinstance(text, str):
        raise MalformedInputError(
            "no 'text' field" if text is None else "'text' must be a string", where=place
        )
    if not text.strip():
        raise EmptyInputError("empty 'text'", where=place)
    _check_chars(text, max_chars, place)
    ident = data.get("id")
    return ArticleInput(
        doc=str(ident) if ident not in (None, "") else fallback_id,
        text=text,
        title=_str_or_none(data.get("title")),
        outlet=_str_or_none(data.get("outlet")),
        published=_str_or_none(data.get("published")),
        url=_str_or_none(data.get("url")),
        warnings=warnings,
    )


def _looks_like_json_object(line: bytes) -> bool:
    if not line.lstrip(b"\xef\xbb\xbf \t").startswith(b"{"):
        return False
    try:
        return isinstance(json.loads(line.decode("utf-8", errors="replace").lstrip("\ufeff")), dict)
    except json.JSONDecodeError:
        return False


# --- .warc / .warc.gz -------------------------------------------------------------------------


def _read_warc(path: Path, max_chars: int) -> Iterator[ArticleInput | Failure]:
    """One article per HTML ``response`` record; other records (requests, images, redirects) are skipped.

    A corrupt record or truncated gzip member ends the file with one Failure naming the record:
    the records before it have already been yielded, and warcio cannot resynchronise after it.
    """
    from warcio.archiveiterator import ArchiveIterator

    where = str(path)
    with path.open("rb") as fh:
        records = iter(ArchiveIterator(fh))
        number = 0
        while True:
            number += 1
            place = f"{where}: record {number}"
            try:
                record = next(records, None)
                if record is None:
                    return
                uri = record.rec_headers.get_header("WARC-Target-URI") or f"{doc_id(path)}#{number}"
                if not _is_html_response(record):
                    # Drain the body so a truncated record is noticed here, not silently skipped.
                    _drain(record.content_stream())
                    _check_complete(record)
                    continue
                body = _read_limited(record.content_stream(), _HTML_BYTES_PER_CHAR * max_chars)
                _check_complete(record)
            except Exception as exc:  # warcio raises many types for damaged archives
                message = f"corrupt WARC record, rest of file skipped: {exc}"
                yield _failure(MalformedInputError(message, where=place), f"{doc_id(path)}#{number}")
                return
            if body is None:
                message = f"HTML is too large for the limit of {max_chars:,} characters (see --max-chars)"
                yield _failure(TooLargeError(message, where=f"{place} ({uri})"), uri)
                continue
            try:
                yield html_article(body, doc=uri, where=f"{place} ({uri})", url=uri, max_chars=max_chars)
            except InputError as err:
                yield _failure(err, uri)


def _check_complete(record: Any) -> None:
    """warcio hands out a truncated last record as if it were whole; its length header tells."""
    missing = getattr(record.raw_stream, "limit", 0)
    if missing:
        raise EOFError(f"record is truncated, {missing:,} bytes missing")


def _is_html_response(record: Any) -> bool:
    if record.rec_type != "response" or record.http_headers is None:
        return False
    status = record.http_headers.get_statuscode() or ""
    ctype = (record.http_headers.get_header("Content-Type") or "").lower()
    return status.startswith("2") and ("html" in ctype or not ctype)


def _read_limited(stream: Any, limit: int) -> bytes | None:
    """At most ``limit`` bytes of a stream, or None (after draining it) if it is longer."""
    buf = io.BytesIO()
    while chunk := stream.read(1 << 16):
        if buf.tell() + len(chunk) > limit:
            _drain(stream)
            return None
        buf.write(chunk)
    return buf.getvalue()


def _drain(stream: Any) -> None:
    while stream.read(1 << 16):
        pass


# --- helpers ----------------------------------------------------------------------------------


def _check_file_size(path: Path, max_bytes: int, max_chars: int) -> None:
    """Refuse a file that cannot fit in ``max_chars`` from its size alone, before reading it."""
    size = os.stat(path).st_size
    if size > max_bytes:
        raise TooLargeError(
            f"file is {size:,} bytes, too large for the limit of {max_chars:,} characters (see --max-chars)",
            where=str(path),
        )


def _check_chars(text: str, max_chars: int, where: str) -> None:
    if len(text) > max_chars:
        raise TooLargeError(
            f"article has {len(text):,} characters, over the limit of {max_chars:,} (see --max-chars)",
            where=where,
        )


def _str_or_none(value: Any) -> str | None:
    if value is None or value == "":
        return None
    return value if isinstance(value, str) else str(value)


def _failure(err: InputError | NotFoundError, doc: str) -> Failure:
    return Failure(doc=doc, code=err.code, message=err.message, where=err.where)
