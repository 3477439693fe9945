"""Metadata a file does not carry: outlet, title and date given on the command line.

A ``.txt`` file is text only, so its articles have no outlet, title or date: ``sayso stories``
cannot use the date window or the outlet rule, and ``sayso compare`` names its columns after file
names. ``--outlet``, ``--title`` and ``--date`` fill that gap. They only *fill*: metadata an
input has (a JSON Lines field, an HTML ``<title>``) is never overwritten, because it came with
the article and the command line is a guess that applies to many files.

Each option is given once (it applies to every article) or once per PATH, in the order of the
PATHs (the k-th value applies to the articles read from the k-th PATH), which is how two plain
files of two outlets are compared: ``sayso compare a.txt b.txt --outlet Gazette --outlet Ledger``.

``title_from_first_line`` takes a missing title from the text's first line when that line looks
like a headline and nothing else; see ``first_line_title`` for the rule. The text itself is left
exactly as read, so character offsets do not move.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from sayso.errors import UsageError
from sayso.ingest.readers import read_paths
from sayso.ingest.walk import distinct_ids
from sayso.model import ArticleInput, Failure
from sayso.settings import DEFAULT_MAX_CHARS

#: A headline is short: at most this many characters and between these many words.
MAX_TITLE_CHARS = 150
MIN_TITLE_WORDS = 3
MAX_TITLE_WORDS = 25
#: A line ending like a sentence or an introduction is prose, not a headline ('?' and '!' are
#: allowed: headlines ask and exclaim).
_PROSE_END = re.compile(r"[.,;:\u2026\"'\u201d\u2019)\]-]$")
_OPENS_QUOTE = re.compile(r"^[\"'\u201c\u2018\u00ab\u201e(\[-]")
_HAS_LETTER = re.compile(r"[^\W\d_]")


@dataclass(frozen=True, slots=True)
class Metadata:
    """Values to fill into articles that lack them (``None``: leave that field alone)."""

    outlet: str | None = None
    title: str | None = None
    published: str | None = None


def check_date(value: str | None) -> str | None:
    """``value`` if it is an ISO date (YYYY-MM-DD), else a usage error: a date the story window
    cannot read would silently count as 'undated'."""
    if value is None:
        return None
    try:
        return date.fromisoformat(value.strip()).isoformat()
    except ValueError:
        raise UsageError(f"--date must be a date as YYYY-MM-DD, not {value!r}") from None


def first_line_title(text: str) -> str | None:
    """The text's first line, if it looks like a headline; else ``None``.

    The rule is strict on purpose, because a wrong title (the first sentence of the article)
    would mislead both the story grouping and a reader. The first line is a title when it is
    followed by a blank line (a paragraph of its own) and more text, has 3 to 25 words and at
    most 150 characters, contains a letter, does not open with a quotation mark, dash or
    bracket, and does not end like a sentence or an introduction (``.``, ``,``, ``;``, ``:``,
    an ellipsis, a closing quotation mark or bracket, a dash).
    """
    stripped = text.lstrip("\ufeff \t")
    first, sep, rest = stripped.partition("\n")
    first = first.strip()
    if not sep or not rest.strip() or not re.match(r"[ \t\r]*\n", rest.replace("\r\n", "\n")):
        return None
    words = first.split()
    if not (MIN_TITLE_WORDS <= len(words) <= MAX_TITLE_WORDS) or len(first) > MAX_TITLE_CHARS:
        return None
    if not _HAS_LETTER.search(first) or _OPENS_QUOTE.match(first) or _PROSE_END.search(first):
        return None
    return first


def fill_metadata(
    items: Iterable[ArticleInput | Failure],
    meta: Metadata,
    *,
    title_from_first_line: bool = False,
) -> Iterator[ArticleInput | Failure]:
    """``items`` with the missing outlet, title and date of each article taken from ``meta``
    (``dataclasses.replace``: articles are frozen); failures pass through unchanged.

    A title from ``meta`` wins over one from the first line: the user said it.
    """
    for item in items:
        if not isinstance(item, ArticleInput):
            yield item
            continue
        title = item.title or meta.title
        if title is None and title_from_first_line:
            title = first_line_title(item.text)
        outlet = item.outlet or meta.outlet
        published = item.published or meta.published
        if (outlet, title, published) == (item.outlet, item.title, item.published):
            yield item
        else:
            yield dataclasses.replace(item, outlet=outlet, title=title, published=published)


def per_path(
    paths: Sequence[str | Path],
    *,
    outlets: Sequence[str] = (),
    titles: Sequence[str] = (),
    dates: Sequence[str] = (),
) -> list[Metadata]:
    """One ``Metadata`` per PATH from options given zero times, once (for all) or once per PATH."""

    def spread(option: str, values: Sequence[str]) -> list[str | None]:
        if not values:
            return [None] * len(paths)
        if len(values) == 1:
            return [values[0]] * len(paths)
        if len(values) == len(paths):
            return list(values)
        raise UsageError(
            f"{option} given {len(values)} times for {len(paths)} PATHs: give it once (for every "
            "article) or once per PATH, in the same order"
        )

    checked = [check_date(d) or "" for d in dates]
    return [
        Metadata(outlet=o, title=t, published=d or None)
        for o, t, d in zip(
            spread("--outlet", outlets), spread("--title", titles), spread("--date", checked), strict=True
        )
    ]


def read_paths_with_metadata(
    paths: Sequence[str | Path],
    *,
    outlets: Sequence[str] = (),
    titles: Sequence[str] = (),
    dates: Sequence[str] = (),
    title_from_first_line: bool = False,
    max_chars: int = DEFAULT_MAX_CHARS,
) -> Iterator[ArticleInput | Failure]:
    """``read_paths(paths)`` with the missing metadata filled per PATH (see ``per_path``).

    The options are checked before anything is read, so a bad ``--date`` fails at once.
    """
    metas = per_path(paths, outlets=outlets, titles=titles, dates=dates)
    if not (outlets or titles or dates or title_from_first_line):
        return read_paths(paths, max_chars=max_chars)
    return _filled(paths, metas, title_from_first_line, max_chars)


def _filled(
    paths: Sequence[str | Path], metas: Sequence[Metadata], title_from_first_line: bool, max_chars: int
) -> Iterator[ArticleInput | Failure]:
    ids = distinct_ids(paths)  # over every PATH: each is read on its own, with its metadata
    for path, meta in zip(paths, metas, strict=True):
        read = read_paths([path], max_chars=max_chars, ids=ids)
        yield from fill_metadata(read, meta, title_from_first_line=title_from_first_line)
