"""What every reader shares: format suffixes, doc ids, size checks, UTF-8 decoding, opening files safely.

Kept apart from ``readers`` so the directory walk (``walk``) and the WARC reader (``warc``) can use
it without importing each other.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from sayso.errors import InputError, NotFoundError, TooLargeError, UnsupportedFormatError
from sayso.model import ArticleInput, Failure

#: Suffixes sayso reads, longest first so ``.warc.gz`` wins over ``.gz``.
SUFFIXES: tuple[str, ...] = (".jsonl.gz", ".warc.gz", ".jsonl", ".warc", ".html", ".htm", ".txt")

#: Bytes looked at to decide whether a file is text at all.
SNIFF_BYTES = 8192
#: Control characters (other than tab, newlines, form feed) tolerated in text before it counts
#: as binary: a few stray ones appear in real scraped news, a binary file has far more.
_MAX_CONTROL_RATIO = 0.10
_CONTROL_BYTES = bytes(b for b in [*range(0x20), 0x7F] if b not in b"\t\n\r\f\v\b\x1b")

#: HTML is mostly markup: a page may be several times larger than its text. Pages over this
#: multiple of ``max_chars`` (in bytes) are refused before parsing, which is what costs time.
HTML_BYTES_PER_CHAR = 8

#: ``open`` flag that makes opening a FIFO return at once instead of waiting for a writer; it
#: changes nothing for a regular file. It guards the moment between ``stat`` and ``open``.
_O_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


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


def file_kind(mode: int) -> str:
    """A word for the type of file ``mode`` describes, for messages (``FIFO``, ``socket``, ...)."""
    if stat.S_ISREG(mode):
        return "regular file"
    if stat.S_ISDIR(mode):
        return "directory"
    if stat.S_ISFIFO(mode):
        return "FIFO"
    if stat.S_ISSOCK(mode):
        return "socket"
    if stat.S_ISCHR(mode):
        return "character device"
    if stat.S_ISBLK(mode):
        return "block device"
    return "special file"


def not_regular(mode: int, where: str) -> UnsupportedFormatError:
    """The error for a FIFO, socket, device or directory where a file of articles was expected."""
    return UnsupportedFormatError(
        f"not a regular file ({file_kind(mode)}); sayso reads only regular files and - for stdin",
        where=where,
    )


def open_regular(path: Path) -> IO[bytes]:
    """``path`` opened for reading in binary, or ``InputError`` if it is not a regular file.

    A FIFO, socket or device is never opened: opening a FIFO blocks until something writes to it
    (``sayso extract fifo.txt`` would hang forever) and opening a device can have side effects.
    The type is checked with ``stat`` first, then again on the open descriptor, in case the path
    was swapped in between.
    """
    where = str(path)
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        raise not_regular(info.st_mode, where)
    fd = os.open(path, os.O_RDONLY | _O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise not_regular(info.st_mode, where)
        if _O_NONBLOCK:
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return open(fd, "rb")


def check_file_size(fh: IO[bytes], max_bytes: int, max_chars: int, where: str) -> None:
    """Refuse a file that cannot fit in ``max_chars`` from its size alone, before reading it."""
    size = os.fstat(fh.fileno()).st_size
    if size > max_bytes:
        raise TooLargeError(
            f"file is {size:,} bytes, too large for the limit of {max_chars:,} characters (see --max-chars)",
            where=where,
        )


def read_at_most(fh: IO[bytes], max_bytes: int, max_chars: int, where: str) -> bytes:
    """The whole file, checked against ``max_bytes`` first by its size and then by what was read.

    Reading one byte more than the limit catches a file that grew after it was measured.
    """
    check_file_size(fh, max_bytes, max_chars, where)
    data = fh.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise TooLargeError(
            f"file is over {max_bytes:,} bytes, too large for the limit of {max_chars:,} characters "
            "(see --max-chars)",
            where=where,
        )
    return data


def check_chars(text: str, max_chars: int, where: str) -> None:
    if len(text) > max_chars:
        raise TooLargeError(
            f"article has {len(text):,} characters, over the limit of {max_chars:,} (see --max-chars)",
            where=where,
        )


def is_binary(data: bytes) -> bool:
    """NUL bytes or many control characters in the first few kilobytes: not a text file."""
    sample = data[:SNIFF_BYTES]
    if b"\x00" in sample:
        return True
    if not sample:
        return False
    controls = len(sample) - len(sample.translate(None, _CONTROL_BYTES))
    return controls / len(sample) > _MAX_CONTROL_RATIO


def decode(data: bytes, where: str) -> tuple[str, tuple[str, ...]]:
    """UTF-8 text; else Windows-1252 when no byte of the file is UTF-8 (a file of a single-byte
    encoding: its curly quotes were U+FFFD, and no quote was found); else UTF-8 with
    replacement characters, and a warning either way."""
    try:
        return data.decode("utf-8"), ()
    except UnicodeDecodeError as exc:
        text = data.decode("utf-8", errors="replace")
        if all(ord(ch) < 128 or ch == "\ufffd" for ch in text):
            try:
                single = data.decode("cp1252")
            except UnicodeDecodeError:
                pass
            else:
                return single, (f"{where} is not UTF-8; read as Windows-1252 (offsets are into that text)",)
        bad = text.count("\ufffd") - data.decode("utf-8", errors="ignore").count("\ufffd")
        warning = (
            f"invalid UTF-8 in {where} from byte {exc.start}: {bad} byte sequence(s) decoded "
            "as U+FFFD, each counting as one character in the offsets"
        )
        return text, (warning,)


def str_or_none(value: Any) -> str | None:
    """Metadata an extractor found (trafilatura): a non-empty string, or None."""
    if value is None or value == "":
        return None
    return value if isinstance(value, str) else str(value)


def failure(err: InputError | NotFoundError, doc: str) -> Failure:
    """The ``Failure`` for ``err``, with strings safe to write as UTF-8.

    A place or doc id built from a non-UTF-8 file name carries surrogate escapes; they are
    replaced here as ``ArticleInput`` replaces them, so reporting a failure can never fail.
    """

    def clean(value: str) -> str:
        return ArticleInput.without_surrogates(value)[0]

    where = clean(err.where) if err.where is not None else None
    return Failure(doc=clean(doc), code=err.code, message=clean(err.message), where=where)


def first_of_each_doc(items: Iterable[ArticleInput | Failure]) -> Iterator[ArticleInput | Failure]:
    """The items with each doc id once: a repeat is an E104 failure naming where it was read, and
    the first is kept. For the commands that key articles by id in one run (``compare``,
    ``stories``); ``sayso index`` also tells a repeat with the same content (unchanged) apart."""
    from sayso.errors import MalformedInputError

    seen: set[str] = set()
    for item in items:
        if isinstance(item, ArticleInput):
            if item.doc in seen:
                message = f"doc id {item.doc!r} is given again; the first was kept"
                yield Failure(item.doc, MalformedInputError.code, message, item.where or item.doc)
                continue
            seen.add(item.doc)
        yield item
