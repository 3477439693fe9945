"""Facts each outlet gives (numbers, dates, ages, places, people, organisations) and where they differ.

Deliberately simple, explainable heuristics, because a wrong "conflict" in a report about
misreporting is worse than a missed one:

* **mentions** (``person``, ``place``, ``organisation`` from the named entities the model found,
  frozen on ``Article.entities``; ``number`` and ``date`` from regular expressions and NER) are
  compared by value: a value only one outlet gives is ``single_source``; people are keyed by
  surname so "Elena Marsh" and "Marsh" are one fact.
* **values of one thing** can conflict. Three things are recognised: an **age** ("Marsh, 52,",
  "52-year-old Marsh", "aged 52"), keyed by the person's surname; a **count** (a number directly
  followed by a plural noun: "40,000 vehicles"), keyed by the singular noun; and the **venue** ("at
  City Hall", a capitalised place after *at* ending in a venue word, or a FAC entity after *at*).
  An age belongs to one person, so two outlets giving that person ages with nothing in common
  conflict.
* a count or a venue is not one thing across a whole article: full articles count jobs, troops
  and dollars of several moments and name several places. They conflict only where two outlets
  tell *the same statement* (``same_statement``: the words around the two mentions overlap) with
  values that cannot both be true: "about 10,000 migrants" and "10,503 migrants" agree, and so do
  "more than 40 states" and "48 states"; "Bagram Airfield" and "Bagram Air Force Base" are one
  place. Neither outlet may give the other's value anywhere in its article.
* the **weekday** ("on Tuesday") is compared as a mention only. Outlets of one story write on
  different days about several events, and on real coverage (AllSides and news-5k stories) every
  one of the 69 weekday "conflicts" the earlier rule raised was two different days of two events.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace

from spacy.lang.en.stop_words import STOP_WORDS

from sayso.compare.speakers import name_tokens, names_compatible
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
_SPELLED_AGE = "|".join(
    w for w in sorted(_SPELLED, key=len, reverse=True) if w not in ("zero", "hundred", "dozen")
)
_NAME = r"(?:[A-Z][\w'\-]+\.?\s){0,3}[A-Z][\w'\-]+"
_AGE_PATTERNS = (
    # "Marsh, 52," and a list of children: "Carmen, 11; Rafael, nine; and Ilaria, two."
    re.compile(rf"(?P<name>{_NAME}),\s(?P<age>\d{{1,3}}|{_SPELLED_AGE})(?=[,;]|\.(?:\s|$)|\sand\b)"),
    re.compile(rf"\b(?P<age>\d{{1,3}})-year-old\s(?:\w+\s){{0,2}}?(?P<name>{_NAME})"),
    re.compile(rf"(?P<name>{_NAME}),?\s(?:who\sis\s)?aged\s(?P<age>\d{{1,3}})\b"),
)
# A count is a number followed by a lowercase plural noun ("40,000 vehicles", "49 people"): not a
# year ("in 2012 that"), not a number ending a clause ("in 2012, Manson"), not an adjective or a
# name after it ("two separate", "3 GOP"), not one end of a range ("15 to 30 days").
_COUNT = re.compile(
    rf"(?<![-–])(?<!to\s)(?<!and\s)(?<!or\s)\b(?P<num>{_NUM})(?<!,)\s"
    r"(?-i:(?P<noun>[a-z][a-z\-]*(?<!s)s|people|children|men|women|police|personnel|staff))\b"
    r"(?!\s(?:to|-|–)\s\d)",
    re.IGNORECASE,
)
# Not the minutes of a time ("12:11 a.m.").
_NUMBER = re.compile(
    r"(?:[$€£]\s?)?\b(?<!\d:)\d[\d,]*(?:\.\d+)?\b(?!:\d)(?:\s?(?:%|percent|million|billion))?"
)
_MONTHS = (
    "January|February|March|April|May|June|July|August|September|October|November|December|"
    "Jan\\.|Feb\\.|Aug\\.|Sept?\\.|Oct\\.|Nov\\.|Dec\\."
)
_DATE = re.compile(rf"\b(?:{_MONTHS})\s\d{{1,2}}(?:,\s\d{{4}})?\b|\b(?:19|20)\d\d\b")
_MONTH_BEFORE = re.compile(rf"\b(?:{_MONTHS})\s$")
_WEEKDAY = re.compile(r"\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b")
_VENUE_WORDS = (
    "Hall|Center|Centre|Stadium|Arena|Park|Church|School|Hotel|Building|Court|Courthouse|House|Library|"
    "Museum|Theater|Theatre|Square|Station|Airport|Hospital|University|College|Club|Garden|Gardens|Plaza"
)
# A venue word followed by "of" starts a longer name ("the University of Nottingham"): not a venue.
_VENUE = re.compile(rf"\bat\s(?:the\s)?(?P<venue>(?:[A-Z][\w'\-]+\s){{0,4}}(?:{_VENUE_WORDS}))\b(?!\s+of\s)")
# Units of time, distance and money after a number measure something else ("150 miles from the
# border", "within 30 days"): they are not things counted at the event.
_NOT_COUNTED = frozenset(
    (
        "times", "years", "decades", "centuries", "months", "weeks", "days", "hours", "minutes",
        "seconds", "miles", "kilometers", "kilometres", "feet", "inches", "meters", "metres", "yards",
        "pounds", "kilograms", "tons", "mph", "degrees", "percent", "dollars", "cents", "euros",
    )
)  # fmt: skip

CONFLICTING_KINDS = ("age", "count", "venue")
#: Kinds whose values conflict only inside one statement (see the module's docstring).
_STATEMENT_KINDS = ("count", "venue")
#: Content words read on each side of a mention, inside its sentence, to tell its statement.
CONTEXT_WORDS = 10
#: Two mentions tell one statement when their contexts share at least this many words, and at
#: least ``SAME_SHARE`` of the smaller context: the invented story's "40,000 vehicles cross the
#: bridge each day" / "35,000 vehicles use the bridge on a typical day" share two of three; two
#: different statements of one story share a name or two of a dozen words.
SAME_WORDS = 2
SAME_SHARE = 0.3
#: How far apart two counts may be when either is hedged ("about", "nearly", "some").
APPROXIMATE = 0.06
_WORD = re.compile(r"[a-z][a-z'’\-]+")
_HEDGES = (
    (
        "about",
        re.compile(
            r"\b(?:about|around|roughly|approximately|nearly|almost|some|close to|an estimated)\s+$", re.I
        ),
    ),
    ("min", re.compile(r"\b(?:at least|more than|over|upwards of|in excess of|a minimum of)\s+$", re.I)),
    ("max", re.compile(r"\b(?:at most|less than|fewer than|under|up to|as many as|no more than)\s+$", re.I)),
)
_SENTENCE_END = re.compile(r"[.!?][\"”’)]*\s+(?=[\"“‘(]?[A-Z0-9])|\n")
_NAMED = ("place", "organisation")


@dataclass(frozen=True, slots=True)
class FactMention:
    kind: str
    key: str
    value: str
    start: int
    end: int
    #: Content words around it in its sentence, for kinds that conflict only within one statement.
    context: frozenset[str] = frozenset()
    #: How a count is given: ``exact``, ``about``, ``min`` ("at least") or ``max`` ("up to").
    bound: str = "exact"
    #: Whose age it is, as written ("Tom Benson").
    who: str = ""


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
    aged: list[tuple[int, int]] = []  # names given an age: people, whatever the recogniser says
    for pat in _AGE_PATTERNS:
        for m in pat.finditer(text):
            out.append(
                FactMention(
                    "age",
                    _surname(m["name"]),
                    _number_value(m["age"]),
                    m.start("age"),
                    m.end("age"),
                    who=m["name"],
                )
            )
            used.append(m.span("age"))
            aged.append(m.span("name"))
    for m in _COUNT.finditer(text):
        noun = m["noun"].lower()
        if (
            noun in _NOT_COUNTED
            or m["num"].lower() in ("one",)
            or _MONTH_BEFORE.search(text, max(0, m.start() - 12), m.start())  # "Sept. 11 attacks"
            or _DATE.fullmatch(m["num"])
            or _overlaps(m.span("num"), used)
        ):
            continue
        before = text[max(0, m.start() - 20) : m.start()]
        bound = next((name for name, hedge in _HEDGES if hedge.search(before)), "exact")
        out.append(
            FactMention("count", _singular(noun), _number_value(m["num"]), m.start(), m.end(), bound=bound)
        )
        used.append(m.span("num"))
    for m in _DATE.finditer(text):
        out.append(FactMention("date", m.group().lower(), m.group(), m.start(), m.end()))
        used.append(m.span())  # the day of "May 12" is no number of its own
    for m in _NUMBER.finditer(text):
        if not _overlaps(m.span(), used):
            out.append(FactMention("number", m.group().replace(",", ""), m.group(), m.start(), m.end()))
    for m in _WEEKDAY.finditer(text):
        out.append(FactMention("weekday", m.group().lower(), m.group(), m.start(), m.end()))
    for m in _VENUE.finditer(text):
        out.append(FactMention("venue", "venue", m["venue"], m.start("venue"), m.end("venue")))
    out.extend(_entity_facts(article, out, aged))
    return [_in_context(text, f) if f.kind in _STATEMENT_KINDS else f for f in out]


def _in_context(text: str, fact: FactMention) -> FactMention:
    """The fact with the content words of its sentence, its own words left out.

    The sentence is found by punctuation, not by the parse, so that articles read back from a
    file (no ``Doc``) compare as freshly extracted ones do; a window of 300 characters each side
    bounds the search, so an article with no full stop costs no more than one with many.
    """
    lo, hi = max(0, fact.start - 300), min(len(text), fact.end + 300)
    start = lo
    for m in _SENTENCE_END.finditer(text, lo, fact.start):
        start = m.end()
    end_match = _SENTENCE_END.search(text, fact.end, hi)
    end = end_match.start() if end_match else hi
    own = set(_WORD.findall(fact.value.lower())) | {fact.key}

    def content(piece: str) -> list[str]:
        return [w for w in _WORD.findall(piece.lower()) if w not in STOP_WORDS and w not in own]

    words = content(text[start : fact.start])[-CONTEXT_WORDS:] + content(text[fact.end : end])[:CONTEXT_WORDS]
    return replace(fact, context=frozenset(words))


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


def _entity_facts(
    article: Article, found: Sequence[FactMention], aged: Sequence[tuple[int, int]]
) -> Iterator[FactMention]:
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
        if ent.label == "NORP" and " " not in value and not value.endswith("s"):
            continue  # an adjective of nationality or party ("Spanish", "Republican"), not a group
        if _overlaps((ent.start, ent.end), aged):
            kind = "person"  # "Ireland, 29," and "Romeo, six;" are children, not places
        if kind == "person":
            value = _name_only(value)
        key = _surname(value) if kind == "person" else " ".join(name_tokens(value)) or value.lower()
        yield FactMention(kind, key, value, ent.start, ent.start + len(value))
        if (
            ent.label == "FAC"
            and _word_before(article.text, ent.start) in ("at", "the")
            and value not in venues
        ):
            yield FactMention("venue", "venue", value, ent.start, ent.end)


#: Lowercase words inside a person's name ("Ludwig van Beethoven").
_PARTICLES = frozenset(
    ("de", "da", "del", "della", "di", "du", "la", "le", "van", "von", "der", "den", "bin", "al")
)


def _name_only(value: str) -> str:
    """A person's name without lowercase words the recogniser ran on into ("Alec mid-interview")."""
    words = value.split()
    for i, word in enumerate(words[1:], 1):
        if word[:1].islower() and word not in _PARTICLES:
            return " ".join(words[:i])
    return value


def compare_facts(articles: Sequence[Article]) -> tuple[Fact, ...]:
    """One ``Fact`` per kind + key with each outlet's values and a status.

    ``status`` is ``conflict`` (a thing in ``CONFLICTING_KINDS`` given with disjoint values by two
    outlets), ``single_source`` (only one outlet mentions it) or ``shared``.
    """
    table: dict[tuple[str, str], dict[str, list[FactMention]]] = defaultdict(lambda: defaultdict(list))
    found = {art.doc: article_facts(art) for art in articles}
    # Every number an outlet writes: a count it gives with other words between ("1,626,042 valid
    # signatures") is still a count it gives.
    numbers = {
        d: {f.value for f in fs if f.kind == "count"} | {f.key for f in fs if f.kind == "number"}
        for d, fs in found.items()
    }
    # A name one outlet's recogniser calls a person and another's a place or an organisation
    # ("Port Alder", "Baltimore") is that place: a person's *full* name seldom is one as well.
    named = {f.key: f.kind for fs in found.values() for f in fs if f.kind in _NAMED}
    # And a lone word it calls a place or an organisation that is the first name of one person
    # of the story ("Hilaria" beside "Hilaria Baldwin") is that person; so is a lone surname it
    # calls an organisation ("Anand" beside "Victor Anand"), not one it calls a place ("Jordan"
    # beside "Jim Jordan" is more often the country).
    given: dict[str, set[str]] = defaultdict(set)
    surname: dict[str, set[str]] = defaultdict(set)
    for f in (f for fs in found.values() for f in fs if f.kind == "person"):
        if len(toks := name_tokens(f.value)) >= 2:
            given[toks[0]].add(f.key)
            surname[toks[-1]].add(f.key)
    people = _people_of_the_story(found)
    for art in articles:
        for f in found[art.doc]:
            key = " ".join(name_tokens(f.value)) or f.value.lower()
            if f.kind == "age":
                f = replace(f, key=_whose(f, people))
            elif len(whose := _one_person_named(f.kind, key, given, surname)) == 1:
                f = replace(f, kind="person", key=next(iter(whose)))
            elif f.kind == "person" and key in named:
                f = replace(f, kind=named[key], key=key)
            table[("named" if f.kind in _NAMED else f.kind, f.key)][art.doc].append(f)
    out: list[Fact] = []
    for (kind, key), by_doc in table.items():
        if kind == "named":
            kind = Counter(f.kind for fs in by_doc.values() for f in fs).most_common(1)[0][0]
        status: FactStatus
        if len(by_doc) == 1 and not _written_elsewhere(kind, by_doc, numbers):
            status = "single_source"
        elif _conflicts(kind, by_doc, numbers):
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


def _one_person_named(
    kind: str, key: str, given: dict[str, set[str]], surname: dict[str, set[str]]
) -> set[str]:
    """The people of the story a lone name can be (see ``compare_facts``)."""
    if kind in ("person", *_NAMED) and key in given:
        return given[key]
    return surname.get(key, set()) if kind == "organisation" else set()


def _written_elsewhere(kind: str, by_doc: dict[str, list[FactMention]], numbers: dict[str, set[str]]) -> bool:
    """Whether another outlet writes the number of a one-outlet count or number, in another form:
    "92,153 votes" in one and "92,153" in the other, "34 troops" and "34" (QA, nineteenth
    session: such figures were listed as given by one outlet only)."""
    if kind not in ("count", "number"):
        return False
    (doc, mentions), *_ = by_doc.items()
    values = {f.value if kind == "count" else f.key for f in mentions}
    return any(values & written for other, written in numbers.items() if other != doc)


def _people_of_the_story(found: dict[str, list[FactMention]]) -> dict[str, set[tuple[str, ...]]]:
    """``surname -> full names`` (two words or more) the story's people and ages are given."""
    people: dict[str, set[tuple[str, ...]]] = defaultdict(set)
    for f in (f for fs in found.values() for f in fs if f.kind in ("person", "age")):
        toks = name_tokens(f.who if f.kind == "age" else f.value)
        if len(toks) >= 2:
            people[toks[-1]].add(toks)
    return people


def _whose(age: FactMention, people: dict[str, set[tuple[str, ...]]]) -> str:
    """The key of an age: the surname, unless the story names two people who share it (a mother
    and her son); then each has an age of their own, under their full name, and "Benson, 47," is
    the one Benson it can be."""
    toks = name_tokens(age.who)
    if not toks:
        return age.key
    named = list(people.get(toks[-1], ()))
    if all(names_compatible(a, b) for i, a in enumerate(named) for b in named[i + 1 :]):
        return toks[-1]
    if len(toks) >= 2:
        return " ".join(toks)
    fuller = [p for p in named if names_compatible(toks, p)]
    return " ".join(fuller[0]) if len(fuller) == 1 else toks[-1]


def _conflicts(kind: str, by_doc: dict[str, list[FactMention]], numbers: dict[str, set[str]]) -> bool:
    if kind == "age":  # one person's age: "Tom Benson, 19," is not "Carla Benson, 47,"

        def same_age(fact: FactMention, doc: str) -> bool:
            return any(one_person(fact, o) and o.value == fact.value for o in by_doc[doc])

        return _told_otherwise(by_doc, one_person, same_age) is not None
    if kind in _STATEMENT_KINDS:

        def given_by(fact: FactMention, doc: str) -> bool:
            return fact.value in numbers[doc] or any(_agree(fact, other) for other in by_doc[doc])

        return _told_otherwise(by_doc, same_statement, given_by) is not None
    return False


def _told_otherwise(
    by_doc: dict[str, list[FactMention]],
    same: Callable[[FactMention, FactMention], bool],
    given_by: Callable[[FactMention, str], bool],
) -> tuple[FactMention, FactMention] | None:
    """Two outlets' mentions of one thing (``same``) with values that cannot both be true, neither
    given by the other outlet anywhere (``given_by``), if there are such."""
    docs = list(by_doc)
    for i, a in enumerate(docs):
        for b in docs[i + 1 :]:
            for fa in by_doc[a]:
                if given_by(fa, b):
                    continue
                for fb in by_doc[b]:
                    if same(fa, fb) and not given_by(fb, a):
                        return fa, fb
    return None


def one_person(a: FactMention, b: FactMention) -> bool:
    """Whether two ages are given to names that can be one person ("Benson" and "Tom Benson")."""
    return names_compatible(name_tokens(a.who), name_tokens(b.who))


def same_statement(a: FactMention, b: FactMention) -> bool:
    """Whether two mentions' contexts overlap enough to be one statement told twice."""
    shared = len(a.context & b.context)
    return shared >= SAME_WORDS and shared >= SAME_SHARE * min(len(a.context), len(b.context))


def _agree(a: FactMention, b: FactMention) -> bool:
    """Whether two values of one thing can both be true."""
    if a.kind == "venue":
        # One place named two ways: "Bagram Airfield" / "Bagram Air Force Base", "Columbia
        # University" / "University". A shared word elsewhere ("International") is not enough.
        ta, tb = name_tokens(a.value), name_tokens(b.value)
        return bool(ta and tb) and (ta[0] == tb[0] or set(ta) <= set(tb) or set(tb) <= set(ta))
    try:
        x, y = float(a.value), float(b.value)
    except ValueError:
        return a.value == b.value
    if "about" in (a.bound, b.bound):
        return abs(x - y) <= APPROXIMATE * max(abs(x), abs(y))
    (lo_a, hi_a), (lo_b, hi_b) = _interval(x, a.bound), _interval(y, b.bound)
    return lo_a <= hi_b and lo_b <= hi_a


def _interval(value: float, bound: str) -> tuple[float, float]:
    """The values a count given as ``bound`` allows: "at least 8" allows 8 and more."""
    if bound == "min":
        return value, math.inf
    if bound == "max":
        return -math.inf, value
    return value, value


def differences_first(facts: Sequence[Fact]) -> tuple[list[Fact], list[Fact]]:
    """``(facts that differ, the rest)`` (``Fact.differs``), each in the comparison's order."""
    return [f for f in facts if f.differs], [f for f in facts if not f.differs]
