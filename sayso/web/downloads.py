"""CSV and JSON downloads of what a page shows, and SVG chart responses.

Every download carries ``Content-Disposition: attachment`` with a file name made of safe
characters only (ids come from articles, so they are never put into a header unfiltered).
CSV rows are written as they are read, so a download of many rows is never held in memory.

CSV cells that a spreadsheet would run as a formula (starting with ``=``, ``+``, ``-``, ``@``, a
tab or a carriage return) get a leading ``'``: article text is untrusted, and a quote
``=HYPERLINK(...)`` must not become a live formula when a researcher opens the file.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from fastapi.responses import JSONResponse, Response, StreamingResponse

#: SVG charts are images: shown in ``<img>`` they cannot run scripts; opened on their own, this
#: policy still forbids any (matplotlib writes none).
SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'"

_UNSAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")
_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def filename(*parts: str, ext: str) -> str:
    """``sayso-story-abc.csv``: only letters, digits, ``.``, ``_`` and ``-``, at most 80 of them."""
    stem = "-".join(_UNSAFE_NAME.sub("_", p).strip("_") for p in ("sayso", *parts) if p)
    return f"{stem[:80]}.{ext}"


def _disposition(name: str) -> dict[str, str]:
    return {"content-disposition": f'attachment; filename="{name}"'}


def csv_cell(value: Any) -> Any:
    """One cell: lists and dicts as JSON, formula-like text defused, everything else as is."""
    if isinstance(value, list | dict):
        value = json.dumps(value, ensure_ascii=False)
    if isinstance(value, str) and value.startswith(_FORMULA):
        return "'" + value
    return value


def csv_response(rows: Iterable[Mapping[str, Any]], columns: Sequence[str], name: str) -> StreamingResponse:
    """Rows as a CSV download (header = ``columns``), streamed."""

    def lines() -> Iterator[str]:
        buf = io.StringIO()
        writer = csv.writer(buf)
        writer.writerow(columns)
        for row in rows:
            writer.writerow([csv_cell(row.get(c)) for c in columns])
            if buf.tell() > 64_000:
                yield buf.getvalue()
                buf.seek(0)
                buf.truncate()
        yield buf.getvalue()

    return StreamingResponse(lines(), media_type="text/csv; charset=utf-8", headers=_disposition(name))


def json_download(data: Any, name: str) -> JSONResponse:
    """The same JSON the view gets, saved as a file."""
    return JSONResponse(data, headers=_disposition(name))


def svg_response(svg: str) -> Response:
    return Response(svg, media_type="image/svg+xml", headers={"content-security-policy": SVG_CSP})


__all__ = ["csv_cell", "csv_response", "filename", "json_download", "svg_response"]
