"""Facts each outlet gives (numbers, dates, ages, places, people, organisations) and where they differ.

Deliberately simple, explainable heuristics, because a wrong "conflict" in a report about
misreporting is worse than a missed one:

* **mentions** (``person``, ``place``, ``organisation`` from the named entities the model found,
  frozen on ``Article.entities``; ``number`` and ``date`` from regular expressions and NER) are
  compared by value: a value only one outlet gives is ``single_source``; people are keyed by
  surname so "Elena Marsh" and "Marsh" are one fact.
* **values of one thing** can conflict. Three things are recognised: an **age** ("Marsh, 52,",
  "52-year-old Marsh", "aged 52"), keyed by the person's surname; a **count** (a number directly
  followed by a noun: "40,000 vehicles"), keyed by the singular noun; and the **venue** ("at City
  Hall", a capitalised place after *at* ending in a venue word, or a FAC entity after *at*). Two
  outlets conflict when both give that thing and their sets of values share nothing.
* the **weekday** of the event ("on Tuesday") is treated the same way.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from sayso.compare.speakers import name_tokens
from sayso.model import Article, Fact, FactStatus

_SPELLED = {
    w: str(n)
    for n, w in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
            "twenty",
        ]
    )
} | {
    "thirty": "30",
    "forty": "40",
    "fifty": "50",
    "sixty": "60",
    "seventy": "70",
    "eighty": "80",
    "ninety": "90",
    "hundred": "100",
    "dozen": "12",
}
_NUM = r"(?:\d[\d,]*(?:\.\d+)?|" + "|".join(sorted(_SPELLED, key=len, reverse=True)) + r")"
_NAME = r"(?:[A-Z][\w'\-]+\.?\s){0,3}[A-Z][\w'\-]+"
_AGE_PATTERNS = (
    re.compile(rf"(?P<name>{_NAME}),\s(?P<age>\d{{1,3}}),"),
    re.compile(rf"\b(?P<age>\d{{1,3}})-year-old\s(?:\w+\s){{0,2}}?(?P<name>{_NAME})"),
    re.compile(rf"(?P<name>{_NAME}),?\s(?:who\sis\s)?aged\s(?P<age>\d{{1,3}})\b"),
)
_COUNT = re.compile(rf"\b(?P<num>{_NUM})\s(?P<noun>[a-z][a-z\-]+)\b", re.IGNORECASE)
_NUMBER = re.compile(r"(?:[$€£]\s?)?\b\d[\d,]*(?:\.\d+)?\b(?:\s?(?:%|percent|million|billion))?")
_MONTHS = (
    "January|February|March|April|May|June|July|August|September|October|November|December|"
    "Jan\\.|Feb\\.|Aug\\.|Sept?\\.|Oct\\.|Nov\\.|Dec\\."
)
_DATE = re.compile(rf"\b(?:{_MONTHS})\s\d{{1,2}}(?:,\s\d{{4}})?\b|\b(?:19|20)\d\d\b")
_WEEKDAY = re.compile(r"\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b")
_VENUE_WORDS = (
    "Hall|Center|Centre|Stadium|Arena|Park|Church|School|Hotel|Building|Court|Courthouse|House|Library|"
    "Museum|Theater|Theatre|Square|Station|Airport|Hospital|University|College|Club|Garden|Gardens|Plaza"
)
_VENUE = re.compile(rf"\bat\s(?:the\s)?(?P<venue>(?:[A-Z][\w'\-]+\s){{0,4}}(?:{_VENUE_WORDS}))\b")
# Nouns after a number that are units of time or measure, not things counted at the event.
_NOT_COUNTED = frozenset(
    [
        "of",
        "and",
        "or",
        "to",
        "the",
        "a",
        "in",
        "on",
        "at",
        "percent",
        "per",
        "years",
        "year-old",
        "old",
        "times",
        "am",
        "pm",
        "a.m",
        "p.m",
    ]
)

CONFLICTING_KINDS = ("age", "count", "venue", "weekday")
_NAMED = ("place", "organisation")


@dataclass(frozen=True, slots=True)
class FactMention:
    kind: str
    key: str
    value: str
    start: int
    end: int


def _number_value(text: str) -> str:
    low = text.lower()
    return _SPELLED.get(low, low.replace(",", ""))


def _singular(noun: str) -> str:
    noun = noun.lower()
    if noun.endswith("ies") and len(noun) > 4:
        return noun[:-3] + "y"
    if noun.endswith("s") and not noun.endswith("ss") and len(noun) > 3:
        return noun[:-1]
    return noun


def _surname(name: str) -> str:
    toks = name_tokens(name)
    return toks[-1] if toks else name.lower()


def article_facts(article: Article) -> list[FactMention]:
    """Every fact mention in one article: patterns over the text, then its named entities."""
    text = article.text
    out: list[FactMention] = []
    used: list[tuple[int, int]] = []
    for pat in _AGE_PATTERNS:
        for m in pat.finditer(text):
            out.append(FactMention("age", _surname(m["name"]), m["age"], m.start("age"), m.end("age")))
            used.append(m.span("age"))
    for m in _COUNT.finditer(text):
        noun = m["noun"].lower()
        if noun in _NOT_COUNTED or m["num"].lower() in ("one",) or _overlaps(m.span("num"), used):
            continue
        out.append(FactMention("count", _singular(noun), _number_value(m["num"]), m.start(), m.end()))
        used.append(m.span("num"))
    for m in _NUMBER.finditer(text):
        if not _overlaps(m.span(), used) and not _DATE.fullmatch(m.group()):
            out.append(FactMention("number", m.group().replace(",", ""), m.group(), m.start(), m.end()))
    for m in _DATE.finditer(text):
        out.append(FactMention("date", m.group().lower(), m.group(), m.start(), m.end()))
    for m in _WEEKDAY.finditer(text):
        out.append(FactMention("weekday", "weekday", m.group(), m.start(), m.end()))
    for m in _VENUE.finditer(text):
        out.append(FactMention("venue", "venue", m["venue"], m.start("venue"), m.end("venue")))
    out.extend(_entity_facts(article, out))
    return out


def _overlaps(span: tuple[int, int], spans: Sequence[tuple[int, int]]) -> bool:
    return any(span[0] < b and a < span[1] for a, b in spans)


_LABELS = {
    "PERSON": "person",
    "GPE": "place",
    "LOC": "place",
    "FAC": "place",
    "ORG": "organisation",
    "NORP": "organisation",
    "DATE": "date",
}


_DATE_WORDS = re.compile(rf"\d|{_MONTHS}|{_WEEKDAY.pattern}", re.IGNORECASE)


#: The word just before an entity, when only spaces separate them (spaCy's previous token there).
_WORD_BEFORE = re.compile(r"(\w+)\s*$")


def _word_before(text: str, start: int) -> str:
    m = _WORD_BEFORE.search(text, max(0, start - 40), start)
    return m.group(1).lower() if m else ""


def _entity_facts(article: Article, found: Sequence[FactMention]) -> Iterator[FactMention]:
    """People, places and organisations from NER; dates only when they name a day or a year.

    Places and organisations share one ``kind`` key space (``named``) because the small model
    often labels one name GPE in one article and ORG in another; the reported kind is the label
    the outlets use most.
    """
    taken = [(f.start, f.end) for f in found]
    venues = {f.value for f in found if f.kind == "venue"}
    for ent in article.entities:
        kind = _LABELS.get(ent.label)
        if kind is None or _overlaps((ent.start, ent.end), taken):
            continue
        value = ent.text.strip()
        if kind == "date":
            if _DATE_WORDS.search(value):
                yield FactMention("date", value.lower(), value, ent.start, ent.end)
            continue
        if value.endswith(("'s", "’s")):
            value = value[:-2]
        key = _surname(value) if kind == "person" else " ".join(name_tokens(value)) or value.lower()
        yield FactMention(kind, key, value, ent.start, ent.start + len(value))
        if (
            ent.label == "FAC"
            and _word_before(article.text, ent.start) in ("at", "the")
            and value not in venues
        ):
            yield FactMention("venue", "venue", value, ent.start, ent.end)


def compare_facts(articles: Sequence[Article]) -> tuple[Fact, ...]:
    """One ``Fact`` per kind + key with each outlet's values and a status.

    ``status`` is ``conflict`` (a thing in ``CONFLICTING_KINDS`` given with disjoint values by two
    outlets), ``single_source`` (only one outlet mentions it) or ``shared``.
    """
    table: dict[tuple[str, str], dict[str, list[FactMention]]] = defaultdict(lambda: defaultdict(list))
    found = {art.doc: article_facts(art) for art in articles}
    # A name one outlet's recogniser calls a person and another's a place or an organisation
    # ("Port Alder", "Baltimore") is that place: a person's *full* name seldom is one as well.
    named = {f.key: f.kind for fs in found.values() for f in fs if f.kind in _NAMED}
    for art in articles:
        for f in found[art.doc]:
            if f.kind == "person" and (key := " ".join(name_tokens(f.value)) or f.value.lower()) in named:
                f = replace(f, kind=named[key], key=key)
            table[("named" if f.kind in _NAMED else f.kind, f.key)][art.doc].append(f)
    out: list[Fact] = []
    for (kind, key), by_doc in table.items():
        if kind == "named":
            kind = Counter(f.kind for fs in by_doc.values() for f in fs).most_common(1)[0][0]
        values = {d: sorted({_norm(kind, f.value) for f in fs}) for d, fs in by_doc.items()}
        status: FactStatus
        if len(by_doc) == 1:
            status = "single_source"
        elif kind in CONFLICTING_KINDS and _disjoint(list(values.values())):
            status = "conflict"
        else:
            status = "shared"
        out.append(
            Fact(
                kind=kind,
                key=key,
                status=status,
                values=tuple((d, tuple(sorted({f.value for f in fs}))) for d, fs in by_doc.items()),
                spans=tuple((d, tuple((f.start, f.end) for f in fs)) for d, fs in by_doc.items()),
            )
        )
    order = {"conflict": 0, "single_source": 1, "shared": 2}
    out.sort(key=lambda f: (order[f.status], f.kind, f.key))
    return tuple(out)


def _norm(kind: str, value: str) -> str:
    return value.lower().removeprefix("the ") if kind in ("venue", "weekday") else value.lower()


def _disjoint(value_sets: list[list[str]]) -> bool:
    """Whether some two outlets give values with nothing in common."""
    return any(not set(a) & set(b) for i, a in enumerate(value_sets) for b in value_sets[i + 1 :])


def differences_first(facts: Sequence[Fact]) -> tuple[list[Fact], list[Fact]]:
    """``(facts that differ, the rest)`` (``Fact.differs``), each in the comparison's order."""
    return [f for f in facts if f.differs], [f for f in facts if not f.differs]
