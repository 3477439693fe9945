"""Typographic normalisation and word splitting shared by alignment, facts and story grouping.

Outlets re-type quotations: curly or straight marks, dashes, ellipses as three dots or one
character, doubled spaces. Those differences must never count as a change of wording, so every
comparison goes through the two views defined here: ``typographic`` (the text with only its
typography unified, for the ``verbatim`` test) and ``words`` (lowercased words without
punctuation, for everything else). ``word_spans`` gives the same words with their offsets, and
``quoted_spans`` what is inside quotation marks (by ``sayso.quotes.marks.scan_quotes``, the one
definition of a quotation mark), so a comparison can take exactly what an outlet quoted.
"""

from __future__ import annotations

import re
import unicodedata

from sayso.quotes.glyphs import BACKTICK, DOUBLE_MARKS, SINGLE_MARKS

#: Marker token standing for an ellipsis inside a word list; it never equals a real word.
ELLIPSIS = "\u2026"

# Every single quotation mark reads as ', every double one as " (``sayso.quotes.glyphs``); the
# prime and the acute accent are typed for apostrophes too.
_TYPO = str.maketrans(
    {
        **dict.fromkeys(SINGLE_MARKS + BACKTICK + "\u2032\u00b4", "'"),
        **dict.fromkeys(DOUBLE_MARKS, '"'),
        "\u2212": "-",
        "\u00a0": " ",
        "\u2009": " ",
        "\u202f": " ",
    }
)
#: A dash between words (en, em, figure dash, or two hyphens) separates them however it is typed
#: ("democracy\u2014it's" = "democracy -- it's" = "democracy - it's"); a hyphen joins a compound.
_DASH = re.compile(r"\s*(?:[\u2012\u2013\u2014\u2015]|--+)\s*")
_SPACES = re.compile(r"\s+")
_DOTS = re.compile(r"\.\s*\.\s*\.|\u2026|\[\s*(?:\.\s*){3}\]|\[\s*\u2026\s*\]")
# A word: letters/digits with inner apostrophes, hyphens, dots or commas (don't, 40,000, U.S., 3.5).
_WORD = re.compile(r"\w+(?:['\-.,]\w+)*", re.UNICODE)
_TOKEN = re.compile(rf"{_WORD.pattern}|{ELLIPSIS}|(?<!\w)&(?!\w)", re.UNICODE)
#: Initials written with or without their dots are one word ("U.S." = "US", "D.C." = "DC"), and
#: "&" between words is "and": outlets' house styles, not the speaker's words (QA helper,
#: twentieth session: each made a group "altered").
_INITIALS = re.compile(r"^(?:[^\W\d_]\.)+[^\W\d_]$")
# An editor's bracketed change inside a word is no changed word: "[W]hile" is "while" with its
# case fixed, and a bracketed ending fitted to the sentence ("shame[d]", "make[s]") stands for
# the word the speaker said without it ("shame"). "[sic]" is no change: it stays the word it is,
# as "(sic)" does.
_IN_WORD_BRACKET = re.compile(
    r"\[(?!sic\])(\w{1,3})\](?=\w)|(?<=\w)\[(?!sic\])\w{1,3}\](?!\w)", re.IGNORECASE
)
#: An editor's insertion beside a name ("with [Chinese] President Xi [Jinping]"): no words of the
#: speaker's, so no change when one outlet adds it and another does not (QA helper, twentieth
#: session: "[Russian]" and "[Vladimir]" were listed as inserted words). Only a capitalised
#: bracket after a word and beside a capitalised word: "the [council] voted" stands for a word
#: the speaker said, and "[sic]" stays, as above.
_BRACKET = re.compile(r"(?<=\w )\[(?!sic\])([^\[\]\n]{1,40})\](?=[\s,.;:!?'\"\u2019\u201d]|$)", re.IGNORECASE)
_NEXT_WORD = re.compile(r"\s*(\w)")


def _insertions(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    stop = len(text) if end is None else end
    out = []
    for m in _BRACKET.finditer(text, start, stop):
        if not m.group(1)[:1].isupper():
            continue
        before = text[max(0, m.start() - 60) : m.start()].rstrip().rsplit(None, 1)
        after = _NEXT_WORD.match(text, m.end())
        if (before and before[-1][:1].isupper()) or (after is not None and after.group(1).isupper()):
            out.append((m.start(), m.end()))
    return out


def _without_insertions(text: str) -> str:
    for a, b in reversed(_insertions(text)):
        text = text[:a] + text[b:]
    return text


_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9])|\n+")


def typographic(text: str) -> str:
    """Unify quote/apostrophe/dash styles, ellipses and whitespace; keep words and punctuation."""
    out = unicodedata.normalize("NFKC", text).translate(_TYPO)
    out = _DASH.sub(" - ", out)
    out = _DOTS.sub(ELLIPSIS, out)
    return _SPACES.sub(" ", out).strip()


#: An editor's bracketed name standing for the speaker's acronym in a compound ("[World Health
#: Organization]-convened" for "WHO-convened"): compared as its initials (QA helper, twentieth
#: session: the substitution made a group "altered"). Only before a hyphen: "the emperor
#: [President Obama]" stands for words the speaker said, and an outlet that cuts it to
#: "... Obama]" still quotes them (compare_perturb).
_NAME_BRACKET = re.compile(r"\[((?:[A-Z][\w'’]*)(?:\s+(?:[A-Z][\w'’]*|of|and|the|for|on))+)\](?=-)")


def _initials(m: re.Match[str]) -> str:
    return "".join(w[0] for w in m.group(1).split() if w[0].isupper())


def tokens(text: str) -> list[str]:
    """Lowercased words, with ``ELLIPSIS`` where the text marks an omission."""
    plain = _NAME_BRACKET.sub(_initials, _without_insertions(typographic(text)))
    plain = _IN_WORD_BRACKET.sub(lambda m: m.group(1) or "", plain)
    return [_house_style(t.lower()) for t in _TOKEN.findall(plain)]


def _house_style(token: str) -> str:
    if token == "&":
        return "and"
    return token.replace(".", "") if _INITIALS.match(token) else token


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


# --- words with offsets, and what is inside quotation marks ---------------------------------------
#: A word of the raw text (curly apostrophes included), so its offsets are offsets of the article.
_RAW_WORD = re.compile(
    r"(?:\[(?!sic\])\w{1,3}\](?=\w))?\w+(?:['\u2019\u2018`\-.,]\w+|\[(?!sic\])\w{1,3}\]\w*)*"
    r"|(?<!\w)&(?!\w)",
    re.UNICODE | re.IGNORECASE,
)
_RAW_ELLIPSIS = re.compile(r"\.\s*\.\s*\.|\u2026")


def word_spans(text: str, start: int = 0, end: int | None = None) -> list[tuple[str, int, int]]:
    """``(word, start, end)`` for the words of ``text[start:end]``, with ``ELLIPSIS`` tokens where
    the text marks an omission; words are normalised as ``words`` normalises them.

    Alignment needs offsets for every word so that an occurrence can be cut to the part of a quote
    that belongs to one utterance and still point into the article text exactly.
    """
    stop = len(text) if end is None else end
    found: list[tuple[int, int, str]] = []
    inserted = _insertions(text, start, stop)
    for m in _RAW_WORD.finditer(text, start, stop):
        if any(a <= m.start() < b for a, b in inserted):
            continue
        for w in words(m.group()):  # "U.S." stays one word; NFKC forms split as ``words`` splits them
            found.append((m.start(), m.end(), w))
    for m in _RAW_ELLIPSIS.finditer(text, start, stop):
        found.append((m.start(), m.end(), ELLIPSIS))
    found.sort()
    return [(w, s, e) for s, e, w in found]


def quoted_spans(text: str) -> list[tuple[int, int]]:
    """The character ranges of ``text`` that are inside quotation marks, merged and sorted.

    The one definition of a quotation mark is ``sayso.quotes.marks.scan_quotes`` (every mark style
    of news text, apostrophes told apart), the same scanner the extraction uses; a quote inside a
    quote is inside its outer quote, so nested ranges merge. The name of a work or programme in
    marks ("a blog titled “From the Desk of ...”") is no quoted speech (``sayso.quotes.titles``):
    a mixed quote around it is compared on its other quoted words.
    """
    from sayso.quotes.marks import scan_quotes
    from sayso.quotes.titles import named_work

    ranges = sorted(
        sp
        for mq in scan_quotes(text)
        for sp in mq.spans
        if not (len(mq.spans) == 1 and mq.depth == 0 and named_work(text, *sp))
    )
    out: list[tuple[int, int]] = []
    for s, e in ranges:
        if out and s <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], e))
        else:
            out.append((s, e))
    return out


def inside(ranges: list[tuple[int, int]], start: int, end: int) -> list[tuple[int, int]]:
    """The parts of ``[start, end)`` covered by ``ranges`` (sorted, disjoint), in order."""
    out: list[tuple[int, int]] = []
    for s, e in ranges:
        if e <= start:
            continue
        if s >= end:
            break
        a, b = max(s, start), min(e, end)
        if a < b:
            out.append((a, b))
    return out
