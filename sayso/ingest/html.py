"""HTML pages (files, WARC records, API requests) to articles, with trafilatura."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from sayso.errors import BinaryInputError, EmptyInputError, MalformedInputError
from sayso.ingest.common import HTML_BYTES_PER_CHAR, check_chars, doc_id, is_binary, read_at_most, str_or_none
from sayso.model import ArticleInput
from sayso.settings import DEFAULT_MAX_CHARS


def read_html(path: Path, fh: IO[bytes], max_chars: int, doc: str | None = None) -> ArticleInput:
    where = str(path)
    data = read_at_most(fh, HTML_BYTES_PER_CHAR * max_chars, max_chars, where)
    if not data.strip():
        raise EmptyInputError("empty file (no HTML)", where=where)
    if is_binary(data):
        raise BinaryInputError("binary file, not HTML", where=where)
    return html_article(data, doc=doc or doc_id(path), where=where, max_chars=max_chars)


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

    warnings: tuple[str, ...] = ()
    if isinstance(html, str):
        # lxml cannot encode surrogates; the page's own text offsets are not kept, so replace them.
        html, count = ArticleInput.without_surrogates(html)
        if count:
            warnings = (f"{count} lone surrogate code point(s) in the HTML of {where} replaced by U+FFFD",)
    with _quiet("trafilatura", "htmldate", "courlan", "justext"):
        try:
            result = trafilatura.bare_extraction(
                html,
                url=url,
                with_metadata=True,
                include_comments=False,
                include_tables=True,
                # The page's own date (metadata, markup), never a year read off the text: an
                # "extensive search" made "by 1999" in a quote the article's publication date.
                date_extraction_params={"extensive_search": False, "original_date": True},
            )
        except Exception as exc:  # trafilatura/lxml raise assorted errors on hostile markup
            raise MalformedInputError(f"cannot parse HTML: {exc}", where=where) from exc
    if result is None:
        raise MalformedInputError("no article text could be extracted from the HTML", where=where)
    meta: dict[str, Any] = result if isinstance(result, dict) else result.as_dict()
    text = meta.get("text") or ""
    if not text.strip():
        raise MalformedInputError("no article text could be extracted from the HTML", where=where)
    check_chars(text, max_chars, where)
    return ArticleInput(
        doc=doc,
        text=text,
        title=str_or_none(meta.get("title")),
        outlet=str_or_none(meta.get("sitename")),
        published=str_or_none(meta.get("date")),
        url=url or str_or_none(meta.get("url")),
        warnings=warnings,
        where=where,
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
