"""WARC archives, plain or gzip: one article per HTML ``response`` record, and no record lost silently.

sayso finds the records itself (WARC headers, ``Content-Length`` bytes of content, the blank lines
that close a record, gzip members) and uses warcio only to parse header blocks and HTTP messages.
warcio's ``ArchiveIterator`` is built to replay what it can and stays quiet about what it cannot;
over a sweep of cut points through a five-record archive, reading with it (and checking
``record.raw_stream.limit`` afterwards, as sayso used to) reported nothing for about half the cuts:

* cut inside a record's WARC headers: the header parser stops at end of file without complaint;
  with ``Content-Length`` not yet read there is no limit to check, and a record with no
  ``WARC-Type`` is skipped as "not a response";
* cut in a gzip member before any of it decompresses, or in the member's trailer (CRC and size):
  zlib returns what it could decode and warcio never asks whether the member ended, so the
  file just looks shorter;
* cut inside the blank lines that close a record, or anywhere that ends the data exactly where a
  record's content ends: every limit is satisfied;
* an empty file, or a file that is not a WARC at all, yields nothing and no error.

Here every read is checked: a cut anywhere after the first record begins gives a ``Failure``
naming the file and the record (E104), a file that is not a WARC gives E104 and an empty one
E102. The one cut that cannot be noticed is one exactly at a record boundary (for gzip, a
member boundary): what remains is a well-formed, shorter archive. Records before the damage have
already been yielded; reading stops at the damage, because a damaged length or gzip stream leaves
no reliable way to find the next record. A record whose HTTP message cannot be parsed is reported
and skipped, and reading goes on, because its length still says where the next record starts.
"""

from __future__ import annotations

import io
import re
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from sayso.errors import EmptyInputError, InputError, MalformedInputError, TooLargeError
from sayso.ingest.common import HTML_BYTES_PER_CHAR, doc_id, failure
from sayso.ingest.html import html_article
from sayso.model import ArticleInput, Failure

_CHUNK = 1 << 16
_GZIP_MAGIC = b"\x1f\x8b"
#: Longest header line (WARC or HTTP) read as one line; real ones are far shorter.
_MAX_LINE = 1 << 16
#: Largest WARC header block; real ones are well under 4 KiB.
_MAX_HEADER_BYTES = 1 << 20
_WARC_VERSIONS = ["WARC/1.1", "WARC/1.0", "WARC/0.17", "WARC/0.18"]
_HTTP_VERSIONS = ["HTTP/1.0", "HTTP/1.1"]


class _Damage(Exception):
    """The file cannot be read past this point (truncated, corrupt gzip, broken framing)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class _NotARecord(_Damage):
    """Where a record should start there is something else; for the first record, not a WARC."""

    def __init__(self, line: bytes) -> None:
        super().__init__(f"expected a record starting with a 'WARC/1.x' line, found {line[:60]!r}")
        self.line = line


class _Source:
    """The bytes of a WARC file, decompressed if it is gzip, read forwards, noticing where they stop.

    Gzip members are decompressed one after another as one stream, so a file with one member per
    record (the norm) and a file that is one gzip stream read the same. Damage does not raise: the
    data decoded before it is still served, then the stream ends, with ``cut`` True when the file
    ends inside a gzip member and ``error`` set when the compressed data is corrupt. Decompression
    runs ahead of the reader, so raising at once would blame the record being read rather than the
    one whose bytes are bad; ``member_output`` tells a damaged new member (0) from the current one.
    """

    def __init__(self, fh: IO[bytes]) -> None:
        self._fh = fh
        self._pending = fh.read(_CHUNK)
        # A file holding only 0x1f is a gzip file cut after its first byte, not a foreign file.
        self.gzip = self._pending[:2] in (_GZIP_MAGIC, _GZIP_MAGIC[:1])
        self._decomp = zlib.decompressobj(31) if self.gzip else None
        self.member_output = 0
        self.cut = False
        self.error: str | None = None
        self._buf = bytearray()
        self._pos = 0

    def _raw(self) -> bytes:
        if self._pending:
            data, self._pending = self._pending, b""
            return data
        return self._fh.read(_CHUNK)

    def _more(self) -> bytes:
        """The next piece of (decompressed) data; ``b""`` at the end of the file or of the good data."""
        if self._decomp is None:
            return self._raw()
        while self.error is None:
            decomp = self._decomp
            if decomp.eof:
                data = decomp.unused_data or self._raw()
                if not data:
                    return b""
                decomp = self._decomp = zlib.decompressobj(31)
                self.member_output = 0
            elif decomp.unconsumed_tail:
                data = decomp.unconsumed_tail
            else:
                data = self._raw()
                if not data:
                    self.cut = True
                    return b""
            try:
                out = decomp.decompress(data, _CHUNK)
            except zlib.error as exc:
                self.error = str(exc)
                break
            if out:
                self.member_output += len(out)
                return out
        return b""

    def _fill(self) -> bool:
        data = self._more()
        if not data:
            return False
        if self._pos:
            del self._buf[: self._pos]
            self._pos = 0
        self._buf += data
        return True

    def read(self, size: int) -> bytes:
        while len(self._buf) - self._pos < size and self._fill():
            pass
        end = min(self._pos + size, len(self._buf))
        data = bytes(self._buf[self._pos : end])
        self._pos = end
        return data

    def readline(self, limit: int) -> bytes:
        """Bytes through the next LF, at most ``limit`` of them (fewer only at the end of the file)."""
        scanned = 0
        while True:
            start = self._pos
            found = self._buf.find(b"\n", start + scanned, start + limit)
            if found >= 0:
                end = found + 1
                break
            scanned = len(self._buf) - start
            if scanned >= limit:
                end = start + limit
                break
            if not self._fill():
                end = len(self._buf)
                break
        start = self._pos
        data = bytes(self._buf[start:end])
        self._pos = end
        return data

    def skip_newlines(self) -> int:
        """Consume the CR and LF bytes that follow; return how many LFs there were."""
        count = 0
        while self._pos < len(self._buf) or self._fill():
            window = self._buf[self._pos : self._pos + 256]  # a record ends with 4 bytes; don't copy more
            run = len(window) - len(window.lstrip(b"\r\n"))
            count += window.count(b"\n", 0, run)
            self._pos += run
            if run < len(window):
                break
        return count

    def at_end(self) -> bool:
        return self._pos >= len(self._buf) and not self._fill()


class _Block:
    """One record's content: exactly ``Content-Length`` bytes of the source, as a stream for warcio."""

    def __init__(self, source: _Source, length: int) -> None:
        self._source = source
        self.length = length
        self.remaining = length

    def read(self, size: int | None = -1) -> bytes:
        n = self.remaining if size is None or size < 0 else min(size, self.remaining)
        if n <= 0:
            return b""
        data = self._source.read(n)
        self.remaining -= len(data)
        return data

    def readline(self, size: int | None = -1) -> bytes:
        n = min(self.remaining, _MAX_LINE if size is None or size < 0 else size)
        if n <= 0:
            return b""
        line = self._source.readline(n)
        self.remaining -= len(line)
        return line

    def tell(self) -> int:
        return self.length - self.remaining

    def drain(self) -> None:
        while self.remaining and self.read(_CHUNK):
            pass


def read_warc(path: Path, fh: IO[bytes], max_chars: int) -> Iterator[ArticleInput | Failure]:
    """One article per HTML ``response`` record; other records (requests, images, redirects) are skipped.

    Every record that cannot be read completely becomes a ``Failure`` (see the module docstring).
    """
    where = str(path)
    stem = doc_id(path)
    source = _Source(fh)
    number = 0
    while True:
        number += 1
        place = f"{where}: record {number}"
        try:
            header = _header_block(source)
            if header is None:
                if source.cut or source.error:
                    yield failure(MalformedInputError(_damage(source), where=place), f"{stem}#{number}")
                elif number == 1:
                    yield failure(EmptyInputError("empty WARC file (no records)", where=where), stem)
                return
            rec_type, uri, length = _parse_header(header)
            uri = uri or f"{stem}#{number}"
            block = _Block(source, length)
            content = _content(block, rec_type, uri, max_chars)
            block.drain()
            if block.remaining:
                raise _Damage(
                    _damage(source, f"{block.remaining:,} of its {length:,} content bytes are missing")
                )
            newlines = source.skip_newlines()
            end = source.at_end()
        except _NotARecord as exc:
            if number == 1:
                message = f"not a WARC file: it starts with {exc.line[:60]!r}, not a 'WARC/1.x' line"
                yield failure(MalformedInputError(message, where=where), stem)
            else:
                message = f"corrupt WARC: {exc.message}; rest of file skipped"
                yield failure(MalformedInputError(message, where=place), f"{stem}#{number}")
            return
        except _Damage as exc:
            yield failure(MalformedInputError(exc.message, where=place), f"{stem}#{number}")
            return
        result = None if content is None else _result(content, uri, f"{place} ({uri})", max_chars)
        if not end:
            if result is not None:
                yield result
            continue
        yield from _last_record(source, result, newlines, where=where, stem=stem, number=number, uri=uri)
        return


def _last_record(
    source: _Source,
    result: ArticleInput | Failure | None,
    newlines: int,
    *,
    where: str,
    stem: str,
    number: int,
    uri: str,
) -> Iterator[ArticleInput | Failure]:
    """The result of the record the data ends after, and a ``Failure`` if the file does not end cleanly.

    A record whose content was decoded whole is kept even when the file is cut after it (in its
    closing blank lines, its gzip trailer, or the next member's gzip header); only a record whose
    own gzip member fails its check (CRC, length) is dropped, because its content is then suspect.
    """
    place = f"{where}: record {number}"
    if source.error and source.member_output:
        yield failure(
            MalformedInputError(_damage(source, "its gzip member failed its check"), where=place), uri
        )
        return
    if result is not None:
        yield result
    if (source.cut or source.error) and not source.member_output:
        err = MalformedInputError(_damage(source), where=f"{where}: record {number + 1}")
        yield failure(err, f"{stem}#{number + 1}")
    elif source.cut:
        message = (
            "the file ends inside this record's gzip member (its gzip trailer is missing): it was cut "
            "short, and any later records are lost"
        )
        yield failure(MalformedInputError(message, where=place), uri)
    elif newlines < 2:
        message = (
            "the file ends inside the blank lines that close this record: it was cut short, and any "
            "later records are lost"
        )
        yield failure(MalformedInputError(message, where=place), uri)


def _damage(source: _Source, part: str = "") -> str:
    """One line on why the data stopped where a record needed more, and what it means."""
    if source.error:
        return f"corrupt gzip data ({source.error}){' (' + part + ')' if part else ''}; rest of file skipped"
    if source.cut and not source.member_output:
        return "truncated record: the file ends inside its gzip member before any of it could be read"
    note = " inside a gzip member" if source.cut else ""
    return f"truncated record: the file ends{note} before the record does{' (' + part + ')' if part else ''}"


def _header_block(source: _Source) -> bytes | None:
    """The next record's WARC header block, through its blank line; None at a clean end of file."""
    source.skip_newlines()
    lines: list[bytes] = []
    size = 0
    while True:
        line = source.readline(_MAX_LINE)
        if not lines:
            if not line:
                return None
            if not line.startswith(b"WARC/") and not (b"WARC/".startswith(line) and source.at_end()):
                raise _NotARecord(line)
        if not line.endswith(b"\n"):
            if source.at_end():
                raise _Damage(_damage(source, "its WARC headers are incomplete"))
            raise _Damage(f"a WARC header line is over {_MAX_LINE:,} bytes; rest of file skipped")
        lines.append(line)
        size += len(line)
        if len(lines) > 1 and not line.rstrip(b"\r\n"):
            return b"".join(lines)
        if size > _MAX_HEADER_BYTES:
            raise _Damage(f"WARC headers over {_MAX_HEADER_BYTES:,} bytes; rest of file skipped")


def _parse_header(block: bytes) -> tuple[str, str, int]:
    """``(WARC-Type, WARC-Target-URI, Content-Length)`` of a header block."""
    from warcio.statusandheaders import StatusAndHeadersParser, StatusAndHeadersParserException

    try:
        headers = StatusAndHeadersParser(_WARC_VERSIONS).parse(io.BytesIO(block))
    except StatusAndHeadersParserException as exc:
        version = str(exc.statusline).strip()[:40]
        raise _Damage(f"unsupported WARC version {version!r}; rest of file skipped") from exc
    except Exception as exc:  # warcio on hostile header bytes; the framing is lost either way
        raise _Damage(f"unreadable WARC headers ({exc}); rest of file skipped") from exc
    raw_length = headers.get_header("Content-Length")
    digits = (raw_length or "").strip()
    if not (digits.isascii() and digits.isdigit()):
        raise _Damage(
            f"record has no valid Content-Length ({raw_length!r}), so the next record cannot be found; "
            "rest of file skipped"
        )
    uri = (headers.get_header("WARC-Target-URI") or "").strip()
    if uri.startswith("<") and uri.endswith(">"):  # written so by some wget versions
        uri = uri[1:-1]
    return headers.get_header("WARC-Type") or "", uri, int(digits)


def _content(block: _Block, rec_type: str, uri: str, max_chars: int) -> bytes | str | InputError | None:
    """The HTML body of an HTML response record, an error for this record alone, or None (not HTML).

    The body is decoded here when the HTTP header names its charset: the header is the page's
    encoding (it overrides a ``<meta charset>``), and trafilatura, given bytes, only guesses, so
    an ISO-8859-1 page became "Josķ N·±ez" with no warning.
    """
    from warcio.recordloader import ArcWarcRecord
    from warcio.statusandheaders import StatusAndHeadersParser

    if rec_type != "response" or not block.length or not uri.startswith(("http:", "https:")):
        return None
    try:
        http = StatusAndHeadersParser(_HTTP_VERSIONS, verify=False).parse(block)
        status = http.get_statuscode() or ""
        ctype = (http.get_header("Content-Type") or "").lower()
        if not (status.startswith("2") and ("html" in ctype or not ctype)):
            return None
        record = ArcWarcRecord("warc", rec_type, None, block, http, None, block.length)
        body = _read_limited(record.content_stream(), HTML_BYTES_PER_CHAR * max_chars)
    except _Damage:
        raise
    except Exception as exc:  # chunked encoding, content encoding, header syntax: hostile input
        return MalformedInputError(f"cannot read the HTTP response: {exc}")
    if body is None:
        return TooLargeError(f"HTML is too large for the limit of {max_chars:,} characters (see --max-chars)")
    return _decoded(body, ctype)


_CHARSET = re.compile(r"charset\s*=\s*[\"']?([\w.:-]+)", re.IGNORECASE)


def _decoded(body: bytes, ctype: str) -> bytes | str:
    """``body`` decoded by the charset its Content-Type names, else as it is (a charset Python does
    not know, or bytes that are not in it, are left to the page's own declaration)."""
    found = _CHARSET.search(ctype)
    if found is None:
        return body
    try:
        return body.decode(found.group(1))
    except (LookupError, UnicodeDecodeError):
        return body


def _result(
    content: bytes | str | InputError, uri: str, place: str, max_chars: int
) -> ArticleInput | Failure:
    if isinstance(content, InputError):
        content.where = place
        return failure(content, uri)
    try:
        return html_article(content, doc=uri, where=place, url=uri, max_chars=max_chars)
    except InputError as err:
        return failure(err, uri)


def _read_limited(stream: Any, limit: int) -> bytes | None:
    """At most ``limit`` bytes of a stream, or None if it is longer (the caller drains the rest)."""
    buf = io.BytesIO()
    while chunk := stream.read(_CHUNK):
        if buf.tell() + len(chunk) > limit:
            return None
        buf.write(chunk)
    return buf.getvalue()
