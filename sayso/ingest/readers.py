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
is the text trafilatura extracts (``sayso extract --with-text`` writes it out). The only changes
ever made to a string are in ``ArticleInput`` itself, each one character for one, with a
warning: a lone surrogate (a JSON ``\\ud800`` escape, a non-UTF-8 file name) becomes U+FFFD,
and a NUL a space. (Line ends other than ``\\n`` stay too: only the model reads them as ``\\n``,
``sayso.pipeline.extractor.for_engine``.)

Only regular files are opened (never a FIFO, socket or device); directory walks are in
``sayso.ingest.walk`` and WARC archives in ``sayso.ingest.warc``.
"""

from __future__ import annotations

import errno
import gzip
import json
import os
import stat
import sys
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from sayso.errors import (
    BinaryInputError,
    EmptyInputError,
    InputError,
    MalformedInputError,
    TooLargeError,
    UnsupportedFormatError,
)
from sayso.ingest.common import (
    SNIFF_BYTES,
    SUFFIXES,
    check_chars,
    decode,
    doc_id,
    failure,
    is_binary,
    open_regular,
    read_at_most,
    suffix_of,
)
from sayso.ingest.html import html_article, read_html
from sayso.ingest.walk import distinct_ids, stat_failure, walk
from sayso.ingest.warc import read_warc
from sayso.model import ArticleInput, Failure
from sayso.settings import DEFAULT_MAX_CHARS

__all__ = ["SUFFIXES", "doc_id", "html_article", "read_file", "read_paths", "read_stdin", "suffix_of"]

#: A JSONL line escapes non-ASCII text as ``\\uXXXX`` (6 bytes per character), plus metadata.
_JSONL_BYTES_PER_CHAR = 6
_JSONL_LINE_SLACK = 1 << 20

#: JSONL metadata fields, which must be strings (or null) when present.
_JSONL_META = ("title", "outlet", "published", "url")


def read_paths(
    paths: Iterable[str | Path],
    *,
    max_chars: int = DEFAULT_MAX_CHARS,
    stdin: IO[bytes] | None = None,
    ids: Mapping[Path, str] | None = None,
) -> Iterator[ArticleInput | Failure]:
    """Every article in ``paths``, in a stable order, with a ``Failure`` in place of each bad input.

    Files whose names would give two articles one id get longer ones (``walk.distinct_ids``;
    ``ids`` gives them when the paths are read in parts, as ``--outlet`` per PATH does).

    A directory is read recursively in sorted order, each real directory once even through
    symbolic-link loops (see ``sayso.ingest.walk``). Hidden files and directories (name starting
    with ``.``) are skipped, and so are files with a suffix sayso does not read (a README or an
    image next to the articles is not an error); a file named explicitly with such a suffix is
    reported (E103), and so is a FIFO, socket or device, which is never opened. ``-`` reads
    standard input (see ``read_stdin``).
    """
    paths = list(paths)
    named = distinct_ids(paths) if ids is None else ids
    for raw in paths:
        if str(raw) == "-":
            yield from read_stdin(stdin if stdin is not None else sys.stdin.buffer, max_chars=max_chars)
            continue
        path = Path(raw)
        try:
            info = os.stat(path)
        except (OSError, ValueError) as exc:
            yield stat_failure(path, exc)
            continue
        if stat.S_ISDIR(info.st_mode):
            for file in walk(path, info):
                if isinstance(file, Failure):
                    yield file
                else:
                    yield from read_file(file, max_chars=max_chars, doc=named.get(file))
        else:
            yield from read_file(path, max_chars=max_chars, doc=named.get(path))


def read_file(
    path: Path, *, max_chars: int = DEFAULT_MAX_CHARS, doc: str | None = None
) -> Iterator[ArticleInput | Failure]:
    """The article(s) of one file: one for ``.txt``/``.html`` (id ``doc``, by default the file's
    name), one per line or record otherwise."""
    suffix = suffix_of(path)
    where = str(path)
    if suffix is None:
        err = UnsupportedFormatError(
            f"unknown file type {path.suffix or '(no extension)'!r}; "
            "sayso reads .txt, .html, .htm, .jsonl, .jsonl.gz, .warc, .warc.gz",
            where=where,
        )
        yield failure(err, doc_id(path))
        return
    try:
        fh = open_regular(path)
    except InputError as err:
        yield failure(err, doc_id(path))
        return
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte, or a name that cannot be encoded
        yield _open_failure(path, exc)
        return
    try:
        with fh:
            if suffix == ".txt":
                yield _read_txt(path, fh, max_chars, doc)
            elif suffix in (".html", ".htm"):
                yield read_html(path, fh, max_chars, doc)
            elif suffix in (".jsonl", ".jsonl.gz"):
                yield from _read_jsonl(path, fh, max_chars)
            else:
                yield from read_warc(path, fh, max_chars)
    except InputError as err:
        yield failure(err, doc_id(path))
    except OSError as exc:
        yield _open_failure(path, exc)


def _open_failure(path: Path, exc: OSError | ValueError) -> Failure:
    """A file that vanished, is a broken link, or cannot be read (permissions, I/O error)."""
    if not isinstance(exc, OSError) or isinstance(exc, FileNotFoundError | NotADirectoryError):
        return stat_failure(path, exc)
    if exc.errno == errno.ELOOP:
        return stat_failure(path, exc)
    message = f"cannot read file: {exc.strerror or exc}"
    return failure(InputError(message, where=str(path)), doc_id(path))


def read_stdin(stream: IO[bytes], *, max_chars: int = DEFAULT_MAX_CHARS) -> Iterator[ArticleInput | Failure]:
    """Standard input: JSON Lines when its first line is a JSON object, otherwise one plain-text article.

    The plain-text article has doc id ``stdin``; JSONL lines without an ``id`` get ``stdin:LINE``.
    """
    where = "<stdin>"
    first = stream.readline(_jsonl_line_limit(max_chars) + 1)
    blanks: list[bytes] = []
    while first and not first.strip() and len(blanks) < 1000:
        # Blank lines before the first (a feed that starts with an empty line) decide nothing:
        # the first line with something on it says JSON Lines or text.
        blanks.append(first)
        first = stream.readline(_jsonl_line_limit(max_chars) + 1)
    if _looks_like_json_object(first):
        pending = [first, *reversed(blanks)]  # read back in order, so line numbers stay right

        def readline(size: int) -> bytes:
            return pending.pop() if pending else stream.readline(size)

        lines = _numbered_lines(readline, _jsonl_line_limit(max_chars))
        yield from _jsonl_articles(lines, where=where, stem="stdin", max_chars=max_chars)
        return
    limit = 4 * max_chars
    first = b"".join(blanks) + first
    data = first + stream.read(limit + 1 - len(first))
    if len(data) > limit:
        err = TooLargeError(
            f"input is over {limit:,} bytes, too large for the limit of {max_chars:,} characters", where=where
        )
        yield failure(err, "stdin")
        return
    try:
        yield _text_article(data, doc="stdin", where=where, max_chars=max_chars)
    except InputError as err:
        yield failure(err, "stdin")


# --- .txt -------------------------------------------------------------------------------------


def _read_txt(path: Path, fh: IO[bytes], max_chars: int, doc: str | None = None) -> ArticleInput:
    where = str(path)
    data = read_at_most(fh, 4 * max_chars, max_chars, where)
    return _text_article(data, doc=doc or doc_id(path), where=where, max_chars=max_chars)


def _text_article(data: bytes, *, doc: str, where: str, max_chars: int) -> ArticleInput:
    """Plain text as an article, decoded (UTF-8; UTF-16 after its byte-order mark; Windows-1252
    when no byte is UTF-8) and otherwise left exactly as it was."""
    warnings: tuple[str, ...]
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):  # a UTF-16 file (Windows exports) says so first
        try:
            text, warnings = data.decode("utf-16"), (f"{where} is UTF-16; read as such",)
        except UnicodeDecodeError:
            message = "binary file, not text (a UTF-16 byte-order mark, then bytes that are not UTF-16)"
            raise BinaryInputError(message, where=where) from None
    elif is_binary(data):
        raise BinaryInputError("binary file, not text", where=where)
    else:
        text, warnings = decode(data, where)
    if not text.strip():
        raise EmptyInputError("empty file (no text)" if not text else "no text, only whitespace", where=where)
    check_chars(text, max_chars, where)
    return ArticleInput(doc=doc, text=text, warnings=warnings, where=where)


# --- .jsonl -----------------------------------------------------------------------------------


def _read_jsonl(path: Path, fh: IO[bytes], max_chars: int) -> Iterator[ArticleInput | Failure]:
    stream: Any = gzip.GzipFile(fileobj=fh, mode="rb") if path.name.lower().endswith(".gz") else fh
    stem = doc_id(path)
    try:
        # One E101 for a binary file, not one "invalid JSON" per pseudo-line of it.
        if is_binary(stream.peek(SNIFF_BYTES)[:SNIFF_BYTES]):
            raise BinaryInputError("binary file, not JSON Lines", where=str(path))
        lines = _numbered_lines(stream.readline, _jsonl_line_limit(max_chars))
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
    anything = False
    for lineno, line in lines:
        place = f"{where}:{lineno}"
        fallback = f"{stem}:{lineno}"
        if line is None:
            err = TooLargeError(f"line is over the size limit of {max_chars:,} characters", where=place)
            yield failure(err, fallback)
            anything = True
            continue
        if not line.strip():
            continue
        anything = True
        try:
            yield _jsonl_article(line, place=place, fallback_id=fallback, max_chars=max_chars)
        except InputError as err:
            yield failure(err, fallback)
    if not anything:  # an empty file is E102, as an empty .txt is; it passed without a word
        raise EmptyInputError("empty file (no JSON lines)", where=where)


def _reject_constant(name: str) -> Any:
    """``json.loads`` hook: ``NaN``, ``Infinity`` and ``-Infinity`` are not JSON (Python accepts them)."""
    raise ValueError(f"{name} is not valid JSON")


def _parse_json(raw: str, place: str) -> Any:
    """``json.loads`` with every way it can fail on hostile input turned into one E104 for the line.

    Besides syntax errors: ``RecursionError`` for deep nesting (``[[[[...``), ``ValueError`` for
    NaN/Infinity (see ``_reject_constant``) and for integers over Python's 4,300-digit limit.
    """
    try:
        return json.loads(raw, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        # json's own message may end in "at" ("Invalid control character at"): said once
        message = exc.msg.removesuffix(" at")
        raise MalformedInputError(f"invalid JSON: {message} at column {exc.colno}", where=place) from exc
    except RecursionError as exc:
        raise MalformedInputError("invalid JSON: nested too deeply to read", where=place) from exc
    except ValueError as exc:
        raise MalformedInputError(f"invalid JSON: {exc}", where=place) from exc


def _json_type(value: Any) -> str:
    """The JSON name of a parsed value's type, for messages about the input (not about Python)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def _jsonl_article(line: bytes, *, place: str, fallback_id: str, max_chars: int) -> ArticleInput:
    raw, warnings = decode(line.removeprefix(b"\xef\xbb\xbf"), place)
    data = _parse_json(raw, place)
    if not isinstance(data, dict):
        raise MalformedInputError(f"expected a JSON object, got {_json_type(data)}", where=place)
    text = data.get("text")
    if not isinstance(text, str):
        raise MalformedInputError(
            ("no 'text' field" if "text" not in data else "'text' is null")
            if text is None
            else f"'text' must be a string, not {_json_type(text)}",
            where=place,
        )
    if not text.strip():
        raise EmptyInputError("empty 'text'", where=place)
    check_chars(text, max_chars, place)
    ident = data.get("id")
    if ident is not None and (isinstance(ident, bool) or not isinstance(ident, str | int)):
        raise MalformedInputError(
            f"'id' must be a string or an integer, not {_json_type(ident)}", where=place
        )
    for name in _JSONL_META:
        value = data.get(name)
        if value is not None and not isinstance(value, str):
            raise MalformedInputError(
                f"'{name}' must be a string or null, not {_json_type(value)}", where=place
            )
    return ArticleInput(
        doc=str(ident) if ident not in (None, "") else fallback_id,
        text=text,
        title=data.get("title") or None,
        outlet=data.get("outlet") or None,
        published=data.get("published") or None,
        url=data.get("url") or None,
        warnings=warnings,
        where=place,
    )


def _looks_like_json_object(line: bytes) -> bool:
    """Whether stdin's first line makes it JSON Lines rather than text that starts with ``{``.

    Only a syntax error says "text": a line that parses as an object, or that fails for a reason
    only JSON can (nested too deeply, ``NaN``, a 5,000-digit number), is JSON Lines, so the line is
    reported as a bad line instead of the whole input being read as one article.
    """
    if not line.lstrip(b"\xef\xbb\xbf \t").startswith(b"{"):
        return False
    try:
        data = json.loads(
            line.decode("utf-8", errors="replace").lstrip("\ufeff"), parse_constant=_reject_constant
        )
    except json.JSONDecodeError:
        return False
    except (RecursionError, ValueError):
        return True
    return isinstance(data, dict)
