"""Typographic normalisation and word splitting shared by alignment, facts and story grouping.

Outlets re-type quotations: curly or straight marks, dashes, ellipses as three dots or one
character, doubled spaces. Those differences must never count as a change of wording, so every
comparison goes through the two views defined here: ``typographic`` (the text with only its
typography unified, for the ``verbatim`` test) and ``words`` (lowercased words without
punctuation, for everything else).
"""

from __future__ import annotations

import re
import unicodedata

#: Marker token standing for an ellipsis inside a word list; it never equals a real word.
ELLIPSIS = "\u2026"

_TYPO = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u2032": "'",
        "`": "'",
        "\u00b4": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u201f": '"',
        "\u00ab": '"',
        "\u00bb": '"',
        "\u2033": '"',
        "\u2013": "-",
        "\u2014": "-",
        "\u2012": "-",
        "\u2212": "-",
        "\u00a0": " ",
        "\u2009": " ",
        "\u202f": " ",
    }
)
_SPACES = re.compile(r"\s+")
_DOTS = re.compile(r"\.\s*\.\s*\.|\u2026|\[\s*(?:\.\s*){3}\]|\[\s*\u2026\s*\]")
# A word: letters/digits with inner apostrophes, hyphens, dots or commas (don't, 40,000, U.S., 3.5).
_WORD = re.compile(r"\w+(?:['\-.,]\w+)*", re.UNICODE)
_TOKEN = re.compile(rf"{_WORD.pattern}|{ELLIPSIS}", re.UNICODE)
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9])|\n+")


def typographic(text: str) -> str:
    """Unify quote/apostrophe/dash styles, ellipses and whitespace; keep words and punctuation."""
    out = unicodedata.normalize("NFKC", text).translate(_TYPO)
    out = _DOTS.sub(ELLIPSIS, out)
    return _SPACES.sub(" ", out).strip()


def tokens(text: str) -> list[str]:
    """Lowercased words, with ``ELLIPSIS`` where the text marks an omission."""
    return [t.lower() for t in _TOKEN.findall(typographic(text))]


def words(text: str) -> list[str]:
    """Lowercased words only: what ``punctuation`` and ``partial`` compare."""
    return [t for t in tokens(text) if t != ELLIPSIS]


def segments(text: str) -> list[tuple[int, int]]:
    """Sentence-like pieces of a quote as ``(start, end)`` offsets into ``text``.

    Outlets split and join quotes differently, but rarely cut inside a sentence without an
    ellipsis, so sentences are the unit that survives re-quoting.
    """
    out: list[tuple[int, int]] = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        if text[start : m.start()].strip():
            out.append(_strip(text, start, m.start()))
        start = m.end()
    if text[start:].strip():
        out.append(_strip(text, start, len(text)))
    return out


def _strip(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end
