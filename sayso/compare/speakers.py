"""Link the speakers of several articles: the same person is one speaker across outlets.

Each article's engine output already resolved pronouns and short names *within* the article, so
across articles only names are left to compare. Two names can denote the same person when the
words of one are contained in the other ("Marsh" in "Elena Marsh", titles ignored), when they
share first name and surname around a middle name or initial ("Adam Schiff" = "Adam B. Schiff"),
when a nickname is the given name ("Mike" = "Michael", "Bill" = "William"), or when they are
near-identical spellings (rapidfuzz ratio, for "Hilary"/"Hilaria"-style typos). Containment
alone would chain "Jane Doe" - "Doe" - "John Doe", so a name only joins a cluster when it is
compatible with *every* full name already in it, and a bare surname matching two different
people stays on its own rather than being guessed.

Speakers that are not names are linked through what the story itself says: a role ("the House
speaker") joins the one person any article titles that way ("House Speaker Paul Ryan", "Paul
Ryan, the House speaker,"), and a document ("the statement") joins its author when an article
says whose it is ("Trump said in a statement", "a statement from Donald J. Trump"). Nothing is
linked on a guess: a role or document that fits no one, or two people, stays its own speaker.

``SpeakerLinks.distinct`` is what the alignment asks before it calls anything a misattribution:
two linked speakers are *shown to be different people* only when both are persons known by name
and no name of one is compatible with a name of the other.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from sayso.model import Article, LinkedSpeaker
from sayso.names import (
    _ROLE_FILLER,
    DOCUMENT_WORDS,
    ROLE_WORDS,
    _is_name,
    description_words,
    family_surname,
    is_description,
    name_tokens,
    names_compatible,
)


@dataclass
class _Cluster:
    full_names: list[tuple[str, ...]] = field(default_factory=list)
    aliases: set[tuple[str, ...]] = field(default_factory=set)
    kind: str = "person"  # "person": linked by name; "exact": by identical text only
    members: list[tuple[int, str]] = field(default_factory=list)
    display: Counter[str] = field(default_factory=Counter)
    speaker_kinds: set[str] = field(default_factory=set)  # the articles' SpeakerKind values

    def accepts(self, toks: tuple[str, ...], aliases: set[tuple[str, ...]]) -> bool:
        if self.kind != "person":
            return toks in self.aliases
        if not all(names_compatible(toks, full) for full in self.full_names):
            return False
        return any(names_compatible(x, y) for x in aliases for y in self.aliases)

    def absorb(self, other: _Cluster) -> None:
        self.members.extend(other.members)
        self.display.update(other.display)
        self.speaker_kinds |= other.speaker_kinds


@dataclass(frozen=True, slots=True)
class SpeakerLinks:
    """The result of linking: a global id per (article index, local speaker key) and the list.

    ``names`` holds, per global id, the name token tuples it is known by (empty for anonymous
    sources, bare descriptions and documents), ``persons`` the ids that are people (not groups,
    anonymous sources or unlinked descriptions).
    """

    by_local: dict[tuple[int, str], str]
    speakers: tuple[LinkedSpeaker, ...]
    names: dict[str, frozenset[tuple[str, ...]]] = field(default_factory=dict)
    persons: frozenset[str] = frozenset()
    #: Ids of descriptions of one person no name was linked to ("the lawmaker", "the Republican
    #: candidate"): not anonymous sources, groups or documents.
    roles: frozenset[str] = frozenset()
    #: Ids of documents no author was linked to ("the order", "the press release").
    documents: frozenset[str] = frozenset()
    #: Ids of anonymous sources described as one person ("an Israeli military spokesman", "a
    #: spokeswoman for the senator"), not "some officials" or "a source".
    unnamed: frozenset[str] = frozenset()

    def of(self, article_index: int, local: str | None) -> str | None:
        return self.by_local.get((article_index, local)) if local is not None else None

    def compatible(self, a: str | None, b: str | None) -> bool:
        """Whether some name of ``a`` can name the same person as some name of ``b``."""
        if a is None or b is None:
            return False
        na, nb = self.names.get(a, frozenset()), self.names.get(b, frozenset())
        return any(names_compatible(x, y) for x in na for y in nb)

    def distinct(self, a: str | None, b: str | None) -> bool:
        """Whether the story shows ``a`` and ``b`` to be two different people: both persons known by
        name, and no name of one compatible with a name of the other (a bare "Trump" fits "Donald
        Trump", so those are never *shown* different even when linking kept them apart)."""
        if a is None or b is None or a == b or a not in self.persons or b not in self.persons:
            return False
        na, nb = self.names.get(a, frozenset()), self.names.get(b, frozenset())
        if not na or not nb:
            return False
        return not any(names_compatible(x, y) for x in na for y in nb)


def local_key(speaker_id: str | None, speaker_name: str | None) -> str | None:
    """How a quote names its speaker inside one article: the id when the engine gave one."""
    if speaker_id:
        return speaker_id
    return f"name:{speaker_name}" if speaker_name else None


# --- roles and documents: what the story says about who is who ---------------------------------
_SENTENCE_BREAK = re.compile(r"[.!?;:\n\"\u201c\u201d(]")
_WORD_RE = re.compile(r"[\w'\u2019.&-]+")


def _roles_before(text: str, start: int) -> frozenset[str]:
    """Role words in the title right before a name: "House Speaker", "White House press secretary"."""
    window = text[max(0, start - 80) : start]
    cut = max((m.end() for m in _SENTENCE_BREAK.finditer(window)), default=0)
    words = _WORD_RE.findall(window[cut:])
    title: list[str] = []
    for w in reversed(words):
        lw = w.lower().strip(".")
        if w.endswith(",") or not (w[:1].isupper() or lw in ROLE_WORDS or lw in _ROLE_FILLER):
            break
        title.append(lw)
    toks = frozenset(title) - {"the", "of", "for", "and", "&"}
    return toks if toks & ROLE_WORDS else frozenset()


_APPOSITIVE = re.compile(r"\s*,\s+(?:the|a|an)\s+([^,.;:\n]{3,60})[,.;]")


def _roles_after(text: str, end: int) -> frozenset[str]:
    """An appositive role right after a name: "Paul Ryan, the House speaker,"."""
    m = _APPOSITIVE.match(text, end)
    if not m:
        return frozenset()
    toks = description_words(m.group(1))
    return toks if toks & ROLE_WORDS else frozenset()


def _name_positions(text: str, names: Sequence[str]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for name in names:
        if not name:
            continue
        pos = text.find(name)
        while pos >= 0:
            out.append((pos, pos + len(name)))
            pos = text.find(name, pos + 1)
    return out


_SAY = r"(?:said|says|wrote|writes|added|announced|stated|tweeted|posted|argued|claimed|noted)"
_POSS = r"(?:a|an|the|his|her|its|their)"


def _authored(text: str, name: str, head: str) -> bool:
    """Does ``text`` say that ``name`` is the author of a ``head`` (statement, letter, ...)?

    Only explicit phrasings count, because a name merely near the word is as often the subject
    of the document as its author ("a report on Trump"): "X said in a statement", "a statement
    from X" / "released by X", "X's statement", "In a statement, X said".
    """
    n = re.escape(name)
    h = rf"{head}s?\b"
    patterns = (
        rf"\b{n}\s+{_SAY}\s+(?:[\w,]+\s+){{0,3}}?in\s+{_POSS}\s+(?:[\w-]+\s+){{0,2}}?{h}",
        rf"\b{h}\s+(?:\w+\s+){{0,2}}?(?:from|by)\s+(?:[\w.\u2019'-]+\s+){{0,4}}?{n}\b",
        rf"\b{n}(?:'s|\u2019s)\s+(?:[\w-]+\s+){{0,2}}?{h}",
        rf"\b[Ii]n\s+{_POSS}\s+(?:[\w-]+\s+){{0,2}}?{h}[^.]{{0,60}}?,\s+{n}\s+{_SAY}",
    )
    return any(re.search(p, text) for p in patterns)


def _link_descriptions(
    articles: Sequence[Article], clusters: list[_Cluster], descs: dict[int, str]
) -> dict[int, int]:
    """Description clusters (role or document) -> the one person cluster the story ties them to."""
    persons = [
        k
        for k, c in enumerate(clusters)
        if c.kind == "person" and c.full_names and "person" in c.speaker_kinds | {"person"}
    ]
    if not descs or not persons:
        return {}
    surface: dict[int, list[str]] = defaultdict(list)  # how each person appears in the texts
    for k in persons:
        surface[k] = sorted({n for n in clusters[k].display if _is_name(n)}, key=len, reverse=True)
    roles: dict[int, set[str]] = defaultdict(set)
    for art in articles:
        for k in persons:
            for s, e in _name_positions(art.text, surface[k]):
                roles[k] |= _roles_before(art.text, s) | _roles_after(art.text, e)
    links: dict[int, int] = {}
    for d, text in descs.items():
        words = description_words(text)
        if words & DOCUMENT_WORDS:
            head = sorted(words & DOCUMENT_WORDS)[0]
            texts = [text, *(art.text for art in articles)]  # "a memo from X" names its author itself
            authors = {k for k in persons if any(_authored(t, n, head) for t in texts for n in surface[k])}
            if len(authors) == 1:
                links[d] = authors.pop()
            continue
        if words & ROLE_WORDS:
            fits = [k for k in persons if words <= roles[k] | {"the"}]
            if len(fits) == 1:
                links[d] = fits[0]
    return links


def link_speakers(articles: Sequence[Article]) -> SpeakerLinks:
    """Cluster the speakers of all articles into cross-article speakers ``S1``, ``S2``, ..."""
    items: list[tuple[int, str, str, str, set[tuple[str, ...]]]] = []
    papers: set[int] = set()  # items named with "the" ("The Hill"): never a person's surname
    for ai, art in enumerate(articles):
        seen: set[str] = set()
        for sp in art.speakers:
            aliases = {name_tokens(t) for t in (sp.name, *(m.text for m in sp.mentions)) if _is_name(t)}
            aliases.discard(())
            if any(m.text[:4].lower() == "the " for m in sp.mentions):
                papers.add(len(items))
            items.append((ai, sp.id, sp.name, sp.kind, aliases))
            seen.add(sp.id)
        for q in art.quotes:
            key = local_key(q.speaker_id, q.speaker)
            if key is None or key in seen or not q.speaker:
                continue
            seen.add(key)
            aliases = {name_tokens(q.speaker)} - {()} if _is_name(q.speaker) else set()
            items.append((ai, key, q.speaker, "person", aliases))

    # Longest names first, so full names found clusters and short forms join them.
    order = sorted(range(len(items)), key=lambda i: (-max(map(len, items[i][4]), default=0), i))
    clusters: list[_Cluster] = []
    descs: dict[int, str] = {}  # cluster index -> description text, for roles and documents
    for i in order:
        ai, key, name, kind, aliases = items[i]
        # A description ("her husband") is identified by the proper names among its mentions.
        toks = name_tokens(name) if _is_name(name) else max(aliases, key=len, default=())
        # Named groups ("the Alder County transit authority") link by name like people do;
        # anonymous sources and bare descriptions ("a source", "inspectors") only by exact text.
        if kind == "anonymous" or not toks:
            # "the Robertson family" in one article is "the Robertsons" in another
            surname = family_surname(name) if kind == "group" else None
            exact = ("family", surname) if surname else tuple(name.lower().split())
            target = next((c for c in clusters if c.kind != "person" and exact in c.aliases), None)
            if target is None:
                target = _Cluster(kind="exact", aliases={exact})
                clusters.append(target)
                if kind != "anonymous" and is_description(name):
                    descs[len(clusters) - 1] = name
            target.members.append((ai, key))
            target.display[name] += 1
            target.speaker_kinds.add(kind)
            continue
        # People and groups never share a cluster: "Brian Kemp" is named inside the group
        # "Brian Kemp and Casey Cagle", and joining them would make the person a group.
        person = kind == "person"
        fits = [
            c
            for c in clusters
            if c.accepts(toks, aliases) and (not c.speaker_kinds or ("person" in c.speaker_kinds) == person)
        ]
        if not fits and kind == "group" and len(toks) == 1 and i not in papers:
            # One word the NER took for an organisation that is the surname of a person named
            # in full in the story ("Pike said" beside "Mayor Ann Pike said") is that person: the
            # small model tags lone surnames ORG often enough to split one speaker in two. Not
            # one written with "the" ("The Hill reported" beside "Rep. Katie Hill said").
            fits = [
                c
                for c in clusters
                if c.full_names and c.speaker_kinds == {"person"} and c.accepts(toks, aliases)
            ]
            kind = "person" if len(fits) == 1 else kind
        if len(fits) == 1:
            target = fits[0]
        else:
            target = _Cluster()
            clusters.append(target)
        if len(toks) >= 2:
            target.full_names.append(toks)
        target.aliases |= aliases | {toks}
        target.members.append((ai, key))
        target.display[name] += 1
        target.speaker_kinds.add(kind)

    for d, k in _link_descriptions(articles, clusters, descs).items():
        clusters[k].absorb(clusters[d])
        clusters[d].members = []
    clusters = [c for c in clusters if c.members]

    clusters.sort(key=lambda c: min(c.members))
    by_local: dict[tuple[int, str], str] = {}
    out: list[LinkedSpeaker] = []
    names: dict[str, frozenset[tuple[str, ...]]] = {}
    persons: set[str] = set()
    roles: set[str] = set()
    documents: set[str] = set()
    unnamed: set[str] = set()
    for n, c in enumerate(clusters, 1):
        sid = f"S{n}"
        for member in c.members:
            by_local[member] = sid
        name = max(c.display, key=lambda s: (_is_name(s), len(name_tokens(s)), c.display[s], -len(s)))
        docs = sorted({ai for ai, _ in c.members})
        kind = "person" if c.kind == "person" and c.speaker_kinds <= {"person"} else "other"
        out.append(LinkedSpeaker(sid, name, tuple(articles[ai].doc for ai in docs)))
        if c.kind == "person":
            names[sid] = frozenset(c.aliases)
            if kind == "person":
                persons.add(sid)
        elif c.speaker_kinds == {"person"} and all(_person_role(d) for d in c.display):
            roles.add(sid)
        elif c.speaker_kinds == {"document"}:
            documents.add(sid)
        elif c.speaker_kinds == {"anonymous"} and all(_one_person(d) for d in c.display):
            unnamed.add(sid)
    return SpeakerLinks(
        by_local=by_local,
        speakers=tuple(out),
        names=names,
        persons=frozenset(persons),
        roles=frozenset(roles),
        documents=frozenset(documents),
        unnamed=frozenset(unnamed),
    )


def _one_person(text: str) -> bool:
    """An indefinite description of one person by what they do ("an Israeli military
    spokesman", "a spokeswoman for Booker"): a role noun heads it, not "a source", "an official"
    of many, nor a plural."""
    words = text.lower().split()
    if len(words) < 2 or words[0] not in ("a", "an") or not is_description(text):
        return False
    head = next((w for w in words[1:] if w in ("for", "of", "at", "with", "from")), None)
    noun = words[words.index(head) - 1] if head else words[-1]
    return noun in _ONE_PERSON_NOUNS


#: Nouns of a job one person holds for whoever they speak for.
_ONE_PERSON_NOUNS = frozenset({"spokesman", "spokeswoman", "spokesperson"})


def _person_role(text: str) -> bool:
    """A definite description of one person ("the lawmaker", "Republican presidential nominee"),
    not a plural, a document or an indefinite source."""
    words = text.lower().split()
    return (
        is_description(text)
        and bool(words)
        and words[0] not in ("a", "an", "some", "one", "another")
        and not (words[-1].endswith("s") and not words[-1].endswith("ss"))  # "the boss", not "the lawmakers"
        and not description_words(text) & DOCUMENT_WORDS
    )
