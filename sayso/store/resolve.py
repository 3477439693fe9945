"""Resolving the speakers of a whole database into entities: one person, group or organisation each.

Pure: takes the speakers of every article (``Unit``) and returns which entity each belongs to,
with the evidence for every join; ``sayso.store.entities`` loads the units from SQLite and writes
the result back. The name rules are those of the comparison (``sayso.names``): titles stripped,
nicknames mapped, middle names and initials tolerated, inverted order and near-identical spellings
accepted. Three rules are stricter here than inside one story, because a database holds many more
people with the same surname:

* two full names that both give middle names must give the same ones ("George W. Bush" is not
  "George H. W. Bush"), and generational suffixes must agree ("Donald Trump Jr." is not "Donald
  Trump");
* a spelling difference only joins long words ("Hilary"/"Hillary", never "Mark"/"Mary");
* a bare name ("Trump", "President Trump") joins a full name only on evidence: its own article
  names exactly one compatible full name, or, when the article names none, one full-name entity
  with that word has at least ``DOMINANCE`` times the articles of the next. Otherwise (two Bushes)
  it stays in its article, as an article-local entity.

A name joins an entity only when it is compatible with *every* full name already in it, so "Jane
Doe" – "Doe" – "John Doe" can never chain. Descriptions and anonymous sources ("a spokesman",
"the author", "officials") are never joined across articles: each is local to its article.
Named groups join on their normalised name ("The White House" = "White House"; `resolve_groups`).
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from sayso.names import (
    _NAME_TOKEN,
    PARTICLES,
    first_name_gender,
    is_description,
    is_name,
    name_tokens,
    names_compatible,
)
from sayso.names import canonical_tokens as _canonical_tokens
from sayso.store.resolve_groups import GROUP_FILLER, place_groups

#: A bare name joins the top full-name entity only with this many times the next one's articles.
DOMINANCE = 5.0
#: ... and only when that entity is named in full in at least this many articles.
DOMINANCE_MIN_ARTICLES = 2
#: Spelling differences join only words at least this long ("Hilary"/"Hillary", not "Mark"/"Mary").
FUZZY_MIN_WORD = 5
SUFFIXES = frozenset(["jr", "sr", "ii", "iii", "iv"])
MANUAL_MERGE = "merged by hand"
MANUAL_SPLIT = "split off by hand"


@dataclass(frozen=True, slots=True)
class Unit:
    """One speaker of one article: a ``speakers`` row, or a quote's speaker name without a row.

    ``context`` holds the other full names the article gives (its speakers' names and the PERSON
    names its entity recogniser found), the evidence that ties a bare surname to one person.
    """

    key: int
    doc: str
    name: str
    norm: str
    kind: str
    quotes: int = 0
    context: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Resolved:
    """The entity of one unit and why it is there."""

    entity: int
    evidence: str


@dataclass(eq=False, slots=True)  # compared by identity: two entities are never "equal"
class Cluster:
    """An entity being built: its full names, display forms and members."""

    index: int
    kind: str  # person, group, anonymous, description
    local: bool = False
    full: list[tuple[tuple[str, ...], str | None]] = field(default_factory=list)
    display: dict[str, int] = field(default_factory=dict)  # display form -> weight
    articles: set[str] = field(default_factory=set)
    quotes: int = 0
    #: A full name that fits several entities: kept on its own, and never a candidate for others.
    ambiguous: bool = False

    def name(self) -> str:
        """The most quoted display form, a full name when there is one; on a tie the one with
        fewer initials, then the form that founded the entity (the most widely named)."""
        if len(self.display) == 1:
            return next(iter(self.display))
        founders = {toks: i for i, (toks, _) in enumerate(self.full)}

        def rank(s: str) -> tuple[bool, int, int, int, int, str]:
            toks = _tokens(s)[0]
            spelled = sum(1 for t in toks if len(t) > 1)
            return (len(toks) >= 2, self.display[s], spelled, -founders.get(toks, len(founders)), -len(s), s)

        return max(self.display, key=rank)


@dataclass(frozen=True, slots=True)
class Resolution:
    """What ``resolve`` found: one entity index per unit key, and the entities."""

    units: dict[int, Resolved]
    clusters: tuple[Cluster, ...]


_ASCII = re.compile(r"[^a-z0-9]+")


def slug(text: str) -> str:
    """A URL-safe id from a name: "Donald J. Trump" -> "donald-j-trump"."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()
    return _ASCII.sub("-", plain).strip("-") or "speaker"


@lru_cache(maxsize=262144)
def canonical_tokens(toks: tuple[str, ...]) -> tuple[str, ...]:
    """``sayso.names.canonical_tokens``, remembered: the same names come back thousands of times."""
    return _canonical_tokens(toks)


@lru_cache(maxsize=65536)
def _tokens(name: str) -> tuple[tuple[str, ...], str | None]:
    """Name tokens without titles, and the generational suffix ("jr") kept apart."""
    raw = [t.lower() for t in _NAME_TOKEN.findall(name.replace("\u2019", "'"))]
    suffix = next((t for t in raw if t in SUFFIXES), None)
    return tuple(t for t in name_tokens(name) if t not in SUFFIXES), suffix


def _middles_fit(a: Sequence[str], b: Sequence[str]) -> bool:
    """Both names give middle names: the same number, each the same word or its initial."""
    ma, mb = a[1:-1], b[1:-1]
    if not ma or not mb:
        return True
    if len(ma) != len(mb):
        return False
    return all(
        x == y or (len(x) == 1 and y.startswith(x)) or (len(y) == 1 and x.startswith(y))
        for x, y in zip(ma, mb, strict=True)
    )


@lru_cache(maxsize=262144)
def why_compatible(a: tuple[str, ...], b: tuple[str, ...]) -> str | None:
    """Why full name ``a`` can be full name ``b`` (tokens without titles), or ``None`` if not.

    ``names_compatible`` of the comparison decides; the stricter rules of a whole database (see the
    module docstring) veto some of its yeses.
    """
    if not names_compatible(a, b):
        return None
    ca, cb = canonical_tokens(a), canonical_tokens(b)
    if tuple(a) == tuple(b):
        return "same name"
    if ca == cb:
        return "nickname of the same given name"
    if set(ca) == set(cb):
        return "same names in another order"
    if not _middles_fit(ca, cb):
        return None
    given_fit = len(ca[0]) == 1 or len(cb[0]) == 1 or ca[0] == cb[0]
    if set(ca) <= set(cb) or set(cb) <= set(ca):
        # Only around the same first name and surname: "Lea Ida Warren" is not "Ida Warren".
        if ca[-1] == cb[-1] and ca[0][:1] == cb[0][:1] and given_fit:
            return "same first name and surname, middle name or initial differs"
        if {ca[0], ca[-1]} == {cb[0], cb[-1]}:
            return "same names in another order, middle name or initial differs"
        return None
    if ca[-1] == cb[-1] and len(ca) >= 2 and len(cb) >= 2 and ca[0][:1] == cb[0][:1] and given_fit:
        return "same first name and surname, middle name or initial differs"
    # Only a near-identical spelling is left: every differing word must be long.
    if len(ca) != len(cb):
        return None
    if any(
        x != y and (len(x) < FUZZY_MIN_WORD or len(y) < FUZZY_MIN_WORD) for x, y in zip(ca, cb, strict=True)
    ):
        return None
    return "near-identical spelling"


def _generation_key(toks: Sequence[str]) -> tuple[str, str]:
    c = canonical_tokens(toks)
    return c[0], c[-1]


def _fits(
    toks: tuple[str, ...],
    suffix: str | None,
    cluster: Cluster,
    apart: frozenset[tuple[str, str]],
    given: dict[str, set[str]],
) -> str | None:
    """Why a full name fits *every* full name of ``cluster`` (no chaining), or ``None``.

    Generational suffixes must agree when some article names both generations (``apart``:
    "Donald Trump" and "Donald Trump Jr." as two speakers), and when the suffix is all that tells
    the two names apart: "Donald Trump Jr." is never written "Donald Trump", while the formal
    "John G. Roberts Jr." is often shortened to "John Roberts" (nineteenth session, QA helper: the
    son's quotes were under the father where no article named both in full)."""
    reasons = []
    for other, other_suffix in cluster.full:
        if other_suffix != suffix and (
            _generation_key(toks) in apart
            or _generation_key(other) in apart
            or sorted(canonical_tokens(toks)) == sorted(canonical_tokens(other))  # "Trump Donald" too
        ):
            return None
        why = (
            why_compatible(toks, other)
            or _leading_word(toks, other, given)
            or _leading_word(other, toks, given)
        )
        if why is None:
            return None
        reasons.append(why if other_suffix == suffix else f"{why}; generational suffix left out")
    return next((w for w in reasons if w != "same name"), "same name") if reasons else None


def _leading_word(
    longer: tuple[str, ...], shorter: tuple[str, ...], given: dict[str, set[str]]
) -> str | None:
    """``longer`` is ``shorter`` after one word: a headline word ("Add Donald Trump", "Meet John
    Kerry") or a formal first name the person does not go by ("Alexandra Tara Reade" = "Tara
    Reade", "Willard Mitt Romney"), unless someone in the database goes by that word and the
    surname ("Melania Trump" keeps "Melania Donald Trump" apart)."""
    if len(longer) == len(shorter) + 1 and longer[1:] == shorter and not _goes_by(longer, given):
        return f"the same name after {longer[0]!r}, which nobody with that surname goes by"
    return None


def _goes_by(toks: tuple[str, ...], given: dict[str, set[str]]) -> bool:
    """Does some two-word full name of the database pair the first word with the surname?"""
    return toks[-1] in given.get(toks[0], set())


#: More words than this (titles left out) is a phrase the parser took for a name, not a name.
MAX_NAME_WORDS = 5


@lru_cache(maxsize=65536)
def plausible_name(name: str) -> bool:
    """A name, not a phrase the parser cut wrongly ("Pence's chief of staff", "Sanders coexists with
    ..."): every word capitalised (particles aside), few words, none repeated, no digits ("May 17"
    is a date)."""
    if any(ch.isdigit() for ch in name):
        return False
    words = [w for w in _NAME_TOKEN.findall(name.replace("\u2019", "'")) if w.lower() not in PARTICLES]
    if not words or any(not w[:1].isupper() and not w.split("-")[-1][:1].isupper() for w in words):
        return False
    toks = canonical_tokens(_tokens(name)[0])
    return (
        0 < len(toks) <= MAX_NAME_WORDS
        and len(set(toks)) == len(toks)
        and "'s" not in name.replace("\u2019", "'")
    )


def classify(unit: Unit) -> str:
    """``person``/``group`` for names that may join across articles, else ``anonymous``,
    ``description`` or ``author`` (an article's first-person narrator), each kept in its article."""
    return _classify(unit.name, unit.kind)


@lru_cache(maxsize=65536)
def _classify(name: str, kind: str) -> str:
    if kind in ("anonymous", "author"):
        return kind
    if kind == "group":
        # "The White House" is a name, "the administration" a description.
        proper = name[4:] if name[:4].lower() == "the " else name
        words = [w for w in _NAME_TOKEN.findall(proper) if w.lower() not in GROUP_FILLER]
        return "group" if words and all(w[:1].isupper() for w in words) else "description"
    if not is_name(name) or is_description(name) or not _tokens(name)[0]:
        return "description"
    return "person" if plausible_name(name) else "description"


def word_count(name: str) -> int:
    """How many name words ``name`` has once titles and suffixes are left out."""
    return len(_tokens(name)[0])


@lru_cache(maxsize=65536)
def _ends(toks: tuple[str, ...]) -> frozenset[str]:
    """Given name and surname (canonical): what a full name is looked up by, and a bare name matches."""
    c = canonical_tokens(toks)
    return frozenset((c[0], c[-1]))


class _Resolver:
    def __init__(self) -> None:
        self.clusters: list[Cluster] = []
        self.by_end: dict[str, list[Cluster]] = defaultdict(list)  # by given name and surname
        self.by_last: dict[str, list[Cluster]] = defaultdict(list)  # by surname
        self.by_full: dict[tuple[tuple[str, ...], str | None], Cluster] = {}
        self.out: dict[int, Resolved] = {}
        #: Articles that name each entity in full (not counting bare names), for dominance.
        self.named_in: dict[int, set[str]] = defaultdict(set)
        #: (given name, surname) of people some article names with two generational suffixes.
        self.apart: frozenset[tuple[str, str]] = frozenset()
        #: First word of two-word full names -> the surnames it comes before: who goes by it.
        self.given: dict[str, set[str]] = defaultdict(set)

    def new(self, kind: str, *, local: bool = False) -> Cluster:
        c = Cluster(len(self.clusters), kind, local)
        self.clusters.append(c)
        return c

    def add(self, cluster: Cluster, unit: Unit, evidence: str) -> None:
        cluster.display[unit.name] = cluster.display.get(unit.name, 0) + max(unit.quotes, 1)
        cluster.articles.add(unit.doc)
        cluster.quotes += unit.quotes
        self.out[unit.key] = Resolved(cluster.index, evidence)

    def place_full(self, name: tuple[tuple[str, ...], str | None], text: str) -> tuple[Cluster, str]:
        """The entity of a full name (``text`` as written): the one cluster it fits, else a new one.

        Candidates share the surname, or have it as given name (inverted "Trump Donald")."""
        known = self.by_full.get(name)
        if known is not None:
            return known, "same name"
        toks, suffix = name
        rest = self.by_full.get((toks[1:], suffix)) if len(toks) >= 3 else None
        if rest is not None and not rest.ambiguous and not _goes_by(toks, self.given):
            # "Add Donald Trump", "Meet John Kerry", "Alexandra Tara Reade": a headline word or
            # a formal first name before a known name, which nobody with that surname goes by.
            self.by_full[name] = rest
            rest.display.setdefault(text, 0)
            return rest, f"the same name after {toks[0]!r}, which nobody with that surname goes by"
        candidates = {c.index: c for t in _ends(toks) for c in self.by_last.get(t, [])}
        fits = [
            (c, why)
            for c in candidates.values()
            if not c.ambiguous and (why := _fits(toks, suffix, c, self.apart, self.given)) is not None
        ]
        if len(fits) == 1:
            cluster, why = fits[0]
        else:
            cluster, why = self.new("person"), "canonical name"
        cluster.full.append(name)
        cluster.display.setdefault(text, 0)  # known by this name even before (or without) a quote
        self.by_full[name] = cluster
        if len(fits) > 1:  # "George Bush" with George W. and George H. W.: on its own
            cluster.ambiguous = True
            return cluster, "fits several people (" + ", ".join(
                sorted(c.name() for c, _ in fits)
            ) + "); kept apart"
        for t in _ends(toks):
            if cluster not in self.by_end[t]:
                self.by_end[t].append(cluster)
        last = canonical_tokens(toks)[-1]
        if cluster not in self.by_last[last]:
            self.by_last[last].append(cluster)
        return cluster, why

    def candidates(self, word: str) -> list[Cluster]:
        return [c for c in self.by_end.get(word, []) if c.full and not c.local and not c.ambiguous]


def resolve(units: Iterable[Unit]) -> Resolution:
    """Group ``units`` into entities; deterministic for the same units in any order."""
    units = sorted(units, key=lambda u: u.key)
    r = _Resolver()
    fulls: dict[tuple[tuple[str, ...], str | None], list[Unit]] = defaultdict(list)
    bare: list[Unit] = []
    named_groups: list[Unit] = []
    for u in units:
        cls = classify(u)
        if cls in ("anonymous", "description", "author"):
            r.add(r.new(cls, local=True), u, "a description or anonymous source: kept in its article")
        elif cls == "group":
            named_groups.append(u)
        else:
            toks, suffix = _tokens(u.name)
            (fulls[(toks, suffix)] if len(toks) >= 2 else bare).append(u)

    # The recogniser calls a shouted headline name an organisation ("ACCUSER JANE DOE"): a
    # group whose words are a person's full name already known (after one headline word) is them.
    groups = []
    for u in named_groups:
        toks, suffix = _tokens(u.name)
        if len(toks) >= 2 and ((toks, suffix) in fulls or (len(toks) >= 3 and (toks[1:], suffix) in fulls)):
            fulls[(toks, suffix)].append(u)
        else:
            groups.append(u)

    generations: dict[tuple[str, tuple[str, str]], set[str | None]] = defaultdict(set)
    for name, members in fulls.items():
        for m in members:
            generations[(m.doc, _generation_key(name[0]))].add(name[1])
    r.apart = frozenset(key for (_doc, key), suffixes in generations.items() if len(suffixes) > 1)
    for toks, _suffix in fulls:
        if len(toks) == 2:
            r.given[toks[0]].add(toks[-1])

    place_groups(r, groups)

    # Full names, the most widely named first: the common forms found entities, variants join.
    def weight(name: tuple[tuple[str, ...], str | None]) -> tuple[int, int, int, tuple[str, ...]]:
        members = fulls[name]
        return (-len({m.doc for m in members}), -sum(m.quotes for m in members), -len(name[0]), name[0])

    # A name without a middle that two fuller names share ("George Bush": George W. and George
    # H. W.) comes after them, or it would join whichever was placed first (QA, nineteenth
    # session: the elder Bush's words under the younger, by the order of placement).
    fuller: dict[tuple[str, str], set[tuple[str, ...]]] = defaultdict(set)
    for toks, _suffix in fulls:
        if len(toks) >= 3:
            c = canonical_tokens(toks)
            fuller[(c[0], c[-1])].add(c)

    def shared(name: tuple[tuple[str, ...], str | None]) -> bool:
        c = canonical_tokens(name[0])
        return len(c) == 2 and len(fuller.get((c[0], c[-1]), ())) >= 2

    for name in sorted(fulls, key=lambda n: (shared(n), weight(n))):
        cluster, why = r.place_full(name, fulls[name][0].name)
        for u in fulls[name]:
            r.add(cluster, u, why)
            r.named_in[cluster.index].add(u.doc)

    # Bare names: the article's own full names first, then dominance among full names.
    for u in bare:
        _place_bare(r, u)
    return Resolution(r.out, tuple(r.clusters))


def _surname(c: Cluster) -> str:
    """The surname of an entity: the last word of the full name that founded it."""
    return canonical_tokens(c.full[0][0])[-1]


def _dominant(r: _Resolver, ranked: list[Cluster]) -> tuple[Cluster, str] | None:
    """The first of ``ranked`` (most articles first) if it has ``DOMINANCE`` times the next."""
    if not ranked:
        return None
    top, n_top = ranked[0], len(r.named_in[ranked[0].index])
    second = len(r.named_in[ranked[1].index]) if len(ranked) > 1 else 0
    if n_top < DOMINANCE_MIN_ARTICLES or n_top < DOMINANCE * second:
        return None
    nxt = f"; next {ranked[1].name()}, {second}" if second else ""
    return top, f"{top.name()} {n_top}{nxt}"


_TITLE_GENDER = {"mr": "m", "mrs": "f", "ms": "f", "miss": "f"}


def _gender_clash(name: str, cluster: Cluster) -> bool:
    """Whether a bare name's title says a gender that every full name of ``cluster`` contradicts
    by its given name ("Mr. Clinton" and "Hillary Clinton"; QA, nineteenth session: Bill
    Clinton's words were under hillary-clinton)."""
    first = name.split()[0].lower().rstrip(".") if name.split() else ""
    said = _TITLE_GENDER.get(first)
    if said is None or not cluster.full:
        return False
    genders = {first_name_gender(toks[0]) for toks, _ in cluster.full if len(toks) >= 2}
    return bool(genders) and None not in genders and said not in genders


def _place_bare(r: _Resolver, u: Unit) -> None:
    """A bare name ("Trump", "Sen. Warren", "Hillary") joins a full-name entity only on evidence."""
    bare_toks, bare_suffix = _tokens(u.name)
    word = canonical_tokens(bare_toks)[0]
    # "Trump Jr." is only ever a Jr.: the generational suffix must agree.
    fitting = [c for c in r.candidates(word) if c.full[0][1] == bare_suffix]
    # Ranked with the people who have the word as given name ("Paul" is also Paul Ryan), but only
    # one whose surname it is can win.
    ranked = sorted(fitting, key=lambda c: (-len(r.named_in[c.index]), c.index))
    dominant = _dominant(r, ranked)
    if dominant is not None and _surname(dominant[0]) != word:
        dominant = None
    named: dict[int, Cluster] = {}
    only_suffixed: dict[int, Cluster] = {}  # "James Shaw Jr." for a bare "Shaw"
    for text in u.context:
        toks, suffix = _tokens(text)
        # A bare "Shaw" in an article that names only "James Shaw Jr." is him, unless another
        # Shaw dominates the database (a bare "Trump" beside "Donald Trump Jr." is the father;
        # QA, nineteenth session: "Shaw" became an entity of its own, joined across articles).
        # "Shaw Jr." is never the father.
        if len(toks) < 2 or word not in _ends(toks) or bare_suffix not in (None, suffix):
            continue
        if not plausible_name(text):
            continue
        cluster, _ = r.place_full((toks, suffix), text)
        if suffix == bare_suffix:
            named[cluster.index] = cluster
        else:
            only_suffixed[cluster.index] = cluster
    if not named and len(only_suffixed) == 1 and dominant is None:
        named = only_suffixed  # the father is not named anywhere else either: "Shaw" is the son
    if len(named) == 1:
        cluster = next(iter(named.values()))
        if _gender_clash(u.name, cluster):
            # "Mr. Clinton" in an article that names only Hillary Clinton in full is not her.
            r.add(
                r.new("person", local=True), u, f"bare name; its title is not {cluster.name()}'s: kept apart"
            )
            return
        # An article that names Melania Trump in full and the president only as "Trump" is no
        # evidence that "Trump" is Melania: not when another Trump dominates the database.
        if dominant is None or dominant[0].index == cluster.index:
            r.add(cluster, u, f"bare name; its article names {cluster.name()}")
        else:
            evidence = (
                f"bare name; its article names {cluster.name()}, the database mostly {dominant[0].name()}"
            )
            r.add(r.new("person", local=True), u, evidence + ": kept in its article")
        return
    if len(named) > 1:
        names = ", ".join(sorted(c.name() for c in named.values()))
        r.add(
            r.new("person", local=True),
            u,
            f"bare name; its article names several people ({names}): kept apart",
        )
        return
    if dominant is not None and not _gender_clash(u.name, dominant[0]):
        r.add(dominant[0], u, f"bare name; articles naming a full name with it: {dominant[1]}")
        return
    if not fitting:
        found = r.by_full.get(((word,), bare_suffix))
        if found is None:
            found = r.by_full[((word,), bare_suffix)] = r.new("person")
        r.add(found, u, "same bare name; no full name with it in the database")
        return
    names = ", ".join(c.name() for c in sorted(fitting, key=lambda c: -len(r.named_in[c.index]))[:3])
    r.add(r.new("person", local=True), u, f"ambiguous bare name (could be {names}): kept in its article")
