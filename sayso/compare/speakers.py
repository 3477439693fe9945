"""Link the speakers of several articles: the same person is one speaker across outlets.

Each article's engine output already resolved pronouns and short names *within* the article, so
across articles only names are left to compare. Two names can denote the same person when the
words of one are contained in the other ("Marsh" in "Elena Marsh", titles ignored) or when they
are near-identical spellings (rapidfuzz ratio, for "Hilary"/"Hilaria"-style typos). Containment
alone would chain "Jane Doe" - "Doe" - "John Doe", so a name only joins a cluster when it is
compatible with *every* full name already in it, and a bare surname matching two different
people stays on its own rather than being guessed.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from sayso.model import Article, LinkedSpeaker

#: Words that qualify a name without identifying the person ("Mayor Elena Marsh" = "Elena Marsh").
TITLES = frozenset(
    [
        "mr",
        "mrs",
        "ms",
        "miss",
        "mx",
        "dr",
        "prof",
        "sir",
        "dame",
        "lady",
        "lord",
        "the",
        "mayor",
        "governor",
        "gov",
        "president",
        "vice",
        "sen",
        "senator",
        "rep",
        "representative",
        "councilman",
        "councilwoman",
        "councillor",
        "councilor",
        "council",
        "member",
        "chief",
        "officer",
        "judge",
        "justice",
        "minister",
        "secretary",
        "gen",
        "general",
        "col",
        "captain",
        "capt",
        "sgt",
        "sergeant",
        "lt",
        "det",
        "detective",
        "rev",
        "father",
        "sister",
        "st",
        "jr",
        "sr",
        "deputy",
        "chair",
        "chairman",
        "chairwoman",
        "spokesman",
        "spokeswoman",
    ]
)
_PRONOUNS = frozenset(
    ["he", "she", "they", "him", "her", "them", "his", "hers", "their", "i", "we", "you", "it"]
)
_NAME_TOKEN = re.compile(r"[^\W\d_]+(?:['\-][^\W\d_]+)*", re.UNICODE)
FUZZY_MIN = 90.0


def name_tokens(name: str) -> tuple[str, ...]:
    """Lowercased name words without titles or possessive endings."""
    toks = [t.lower() for t in _NAME_TOKEN.findall(name.replace("\u2019", "'"))]
    toks = [t[:-2] if t.endswith("'s") else t for t in toks]
    return tuple(t for t in toks if t not in TITLES)


def names_compatible(a: Sequence[str], b: Sequence[str]) -> bool:
    """Whether two token tuples can name the same person (containment or near-identical)."""
    if not a or not b:
        return False
    sa, sb = set(a), set(b)
    if sa <= sb or sb <= sa:
        return True
    from rapidfuzz import fuzz

    return fuzz.ratio(" ".join(a), " ".join(b)) >= FUZZY_MIN


@dataclass
class _Cluster:
    full_names: list[tuple[str, ...]] = field(default_factory=list)
    aliases: set[tuple[str, ...]] = field(default_factory=set)
    kind: str = "person"  # "person": linked by name; "exact": by identical text only
    members: list[tuple[int, str]] = field(default_factory=list)
    display: Counter[str] = field(default_factory=Counter)

    def accepts(self, toks: tuple[str, ...], aliases: set[tuple[str, ...]]) -> bool:
        if self.kind != "person":
            return toks in self.aliases
        if not all(names_compatible(toks, full) for full in self.full_names):
            return False
        return any(names_compatible(x, y) for x in aliases for y in self.aliases)


@dataclass(frozen=True, slots=True)
class SpeakerLinks:
    """The result of linking: a global id per (article index, local speaker key) and the list."""

    by_local: dict[tuple[int, str], str]
    speakers: tuple[LinkedSpeaker, ...]

    def of(self, article_index: int, local: str | None) -> str | None:
        return self.by_local.get((article_index, local)) if local is not None else None


def local_key(speaker_id: str | None, speaker_name: str | None) -> str | None:
    """How a quote names its speaker inside one article: the id when the engine gave one."""
    if speaker_id:
        return speaker_id
    return f"name:{speaker_name}" if speaker_name else None


def _is_name(text: str) -> bool:
    """A proper name starts with a capital and is not a pronoun or a bare description."""
    text = text.strip()
    return bool(text[:1].isupper()) and text.lower() not in _PRONOUNS and bool(name_tokens(text))


def link_speakers(articles: Sequence[Article]) -> SpeakerLinks:
    """Cluster the speakers of all articles into cross-article speakers ``S1``, ``S2``, ..."""
    items: list[tuple[int, str, str, str, set[tuple[str, ...]]]] = []
    for ai, art in enumerate(articles):
        seen: set[str] = set()
        for sp in art.speakers:
            aliases = {name_tokens(t) for t in (sp.name, *(m.text for m in sp.mentions)) if _is_name(t)}
            aliases.discard(())
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
    for i in order:
        ai, key, name, kind, aliases = items[i]
        # A description ("her husband") is identified by the proper names among its mentions.
        toks = name_tokens(name) if _is_name(name) else max(aliases, key=len, default=())
        # Named groups ("the Alder County transit authority") link by name like people do;
        # anonymous sources and bare descriptions ("a source", "inspectors") only by exact text.
        if kind == "anonymous" or not toks:
            exact = tuple(name.lower().split())
            target = next((c for c in clusters if c.kind != "person" and exact in c.aliases), None)
            if target is None:
                target = _Cluster(kind="exact", aliases={exact})
                clusters.append(target)
            target.members.append((ai, key))
            target.display[name] += 1
            continue
        fits = [c for c in clusters if c.accepts(toks, aliases)]
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

    clusters.sort(key=lambda c: min(c.members))
    by_local: dict[tuple[int, str], str] = {}
    out: list[LinkedSpeaker] = []
    for n, c in enumerate(clusters, 1):
        sid = f"S{n}"
        for member in c.members:
            by_local[member] = sid
        name = max(c.display, key=lambda s: (_is_name(s), len(name_tokens(s)), c.display[s], -len(s)))
        docs = sorted({ai for ai, _ in c.members})
        out.append(LinkedSpeaker(sid, name, tuple(articles[ai].doc for ai in docs)))
    return SpeakerLinks(by_local=by_local, speakers=tuple(out))
