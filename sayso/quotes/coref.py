"""Light coreference: who, in this article, is behind "she", "Mrs. Baldwin" or "the mum-of-seven".

Speaker resolution needs much less than general coreference: only the *sources* of quotes have
to be resolved, and news text names people in a few regular ways. So instead of a second model
pass this module makes a handful of linear passes over the parse and the entities the pipeline
already computed:

1. **Names.** PERSON entities, cleaned of titles ("Mrs.", "Sen."), possessive 's and the junk
   the small model sometimes glues on ("Alec mid-interview"), are clustered: full names first,
   then surnames and first names alone join the full name they belong to. A single name shared by
   several people ("Baldwin" in a family) goes to the one a title's gender allows, else to the
   most recent. A lone first name the NER labelled GPE or ORG still counts when it matches a
   known person's name, because the small model often does that to unusual first names.
2. **Evidence.** Titles and a *small* list of gendered nouns in appositions and compounds ("her
   husband, actor Alec Baldwin") give a person a gender; so do pronouns in sentences where only
   one person of unknown gender could be meant. The same appositions, compounds and copulas give
   each person *roles* ("actor", "yoga instructor", "husband" of someone), which is how "the
   actor" or "her husband" find their referent. A first-name list would be larger, culturally
   narrow and still wrong for "Hilaria"; the text itself is better evidence.
3. **Sources.** A source span is read as a name, a pronoun (the most recent compatible person,
   main-clause subjects preferred, distances counted in sentences of narration so a long quote
   does not hide the speaker), a relative pronoun (its noun), a definite description (a matching
   role, else a salient person of the noun's gender when that is a safe bet, else its own
   speaker), an anonymous source (each one distinct; "a second" borrows the noun of the previous
   "one TikTok user"), or a group (organisations, plural and collective nouns, documents such as
   polls, "X and Y"). A source handed over with its verb ("And another echoed") is narrowed to
   its subject.

Unnamed people introduced with an indefinite gendered noun ("I met a woman ... she said") and
resolved anonymous sources are antecedents too; "I" in the narration is the writer.

Every resolved source becomes a mention of its entity, so later pronouns see it as salient.
Everything is linear in the article or bounded by a few sentences, and no model is called.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from sayso.model import SpeakerKind

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

Gender = Literal["m", "f"]

#: Titles stripped from names; the value is the gender a title implies, if any.
TITLES: dict[str, Gender | None] = {
    "mr": "m", "mister": "m", "sir": "m", "lord": "m", "king": "m", "prince": "m",
    "mrs": "f", "ms": "f", "miss": "f", "madam": "f", "dame": "f", "lady": "f", "queen": "f",
    "princess": "f",
    "mx": None, "dr": None, "doctor": None, "prof": None, "professor": None, "sen": None,
    "senator": None, "rep": None, "representative": None, "gov": None, "governor": None,
    "pres": None, "president": None, "vice": None, "prime": None, "minister": None,
    "secretary": None, "judge": None, "justice": None, "rev": None, "reverend": None,
    "gen": None, "general": None, "col": None, "capt": None, "captain": None, "lt": None,
    "sgt": None, "sergeant": None, "det": None, "detective": None, "officer": None,
    "mayor": None, "chancellor": None, "ambassador": None, "commissioner": None, "chief": None,
    "coach": None, "st": None, "saint": None, "deputy": None, "chairman": "m", "chairwoman": "f",
    # occupations written like titles, mostly at the start of a sentence ("Chef Nora Lindqvist")
    "chef": None, "baker": None, "actor": None, "actress": "f", "director": None, "singer": None,
    "star": None, "author": None, "writer": None, "producer": None, "designer": None,
    "presenter": None, "host": None, "anchor": None, "artist": None, "painter": None,
    "sheriff": None, "pastor": None, "councillor": None, "councilman": "m", "councilwoman": "f",
    "comedian": None, "filmmaker": None, "rapper": None, "model": None, "activist": None,
}  # fmt: skip

#: Abbreviated titles as the noun a later description would use ("Sen. X" ... "the senator").
TITLE_ROLES = {
    "sen": "senator", "rep": "representative", "gov": "governor", "pres": "president",
    "dr": "doctor", "prof": "professor", "gen": "general", "capt": "captain", "sgt": "sergeant",
    "det": "detective", "rev": "reverend", "lt": "lieutenant", "col": "colonel",
}  # fmt: skip

#: A deliberately small list of nouns whose gender is part of their meaning.
MALE_NOUNS = frozenset({
    "husband", "father", "dad", "daddy", "son", "brother", "boyfriend", "man", "gentleman", "uncle",
    "nephew", "grandfather", "grandson", "grandpa", "widower", "fiance", "fiancé", "king", "prince",
    "spokesman", "chairman", "congressman", "businessman", "boy", "stepfather", "stepson", "groom",
    "sir", "lord", "monk"
})  # fmt: skip
FEMALE_NOUNS = frozenset({
    "wife", "mother", "mum", "mom", "mummy", "mommy", "daughter", "sister", "girlfriend", "woman",
    "lady", "aunt", "niece", "grandmother", "granddaughter", "grandma", "widow", "fiancee", "fiancée",
    "actress", "queen", "princess", "spokeswoman", "chairwoman", "congresswoman", "businesswoman",
    "girl", "stepmother", "stepdaughter", "bride", "waitress", "hostess", "nun"
})  # fmt: skip
MALE_PRONOUNS = frozenset({"he", "him", "his", "himself"})
FEMALE_PRONOUNS = frozenset({"she", "her", "hers", "herself"})
PLURAL_PRONOUNS = frozenset({"they", "them", "their", "theirs", "themselves"})
#: "I"/"we" inside a quote are the speaker talking about themselves, never a source.
SPEECH_PRONOUNS = frozenset({"i", "me", "my", "we", "us", "our", "you", "your", "it", "this", "that"})
#: Nouns that name a group even in the singular ("the couple said").
COLLECTIVE_NOUNS = frozenset({
    "couple", "pair", "duo", "trio", "family", "government", "administration", "police", "committee",
    "company", "team", "group", "board", "council", "panel", "campaign", "party", "agency",
    "department", "ministry", "court", "band", "club", "union", "firm", "network", "parliament",
    "congress", "senate", "staff", "crowd", "audience", "jury", "army", "military", "league",
    "organisation", "organization", "association", "coalition", "cabinet", "opposition", "management"
})  # fmt: skip
#: Determiners and numbers that make a new, unnamed individual ("a source", "one user").
INDEFINITE = frozenset({"a", "an", "one", "another", "some", "someone", "somebody"})
PLURAL_QUANTIFIERS = frozenset({"some", "others", "many", "several", "few", "most", "all", "both"})
ORDINALS = frozenset({
    "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh",
    "twelfth", "last"
})  # fmt: skip
#: Things, not people, that news quotes: they speak for an institution (kind "group").
DOCUMENT_NOUNS = frozenset({
    "report", "statement", "study", "survey", "document", "documents", "letter", "filing", "memo",
    "tweet", "post", "lawsuit", "complaint", "ruling", "poll", "release", "website", "book",
    "article", "paper", "email", "message", "note", "law", "bill", "order", "data", "research",
    "analysis", "record", "indictment", "ad", "advertisement", "video", "footage", "verdict",
    "decision", "judgment", "policy", "proposal", "rule", "guidance", "transcript", "memoir",
    "estimate", "forecast", "index", "audit", "review", "investigation", "inquiry", "petition"
})  # fmt: skip
#: Abstract nouns the parser hands over as the subject of a cue ("his desire", "the public's
#: reaction underscores ..."): they speak for nobody, so they never become a speaker.
NON_SPEAKER_NOUNS = frozenset({
    "desire", "reaction", "response", "command", "remark", "comment", "thought", "feeling",
    "moment", "word", "tone", "mood", "personality", "behavior", "behaviour", "attitude",
    "sentiment", "emotion", "opinion", "view", "question", "answer", "idea", "notion", "belief",
    "claim", "argument", "concern", "fear", "hope", "wish", "request", "demand", "promise",
    "praise", "criticism", "exchange", "interaction", "dynamic", "gesture", "joke", "jab",
    "banter", "outburst", "comeback", "silence", "laugh", "smile", "glare", "look", "scrutiny",
    "backlash", "outrage", "uproar", "debate", "discussion", "conversation", "interview", "clip",
    "scene", "episode", "incident", "event", "situation", "thing", "fact", "reason", "problem",
    "frustration", "anger", "annoyance", "irritation", "excitement", "disappointment", "surprise",
    "delight", "joy", "displeasure", "tension", "impatience",
})  # fmt: skip
NAME_PARTICLES = frozenset(
    {"de", "da", "di", "del", "della", "van", "von", "der", "den", "le", "la", "bin", "al"}
)
GROUP_LABELS = frozenset({"ORG", "NORP", "GPE"})

#: How many sentences back a pronoun or a description may reach for its referent.
PRONOUN_WINDOW = 6
DESCRIPTION_WINDOW = 12


def gender_of_noun(word: str) -> Gender | None:
    """The gender a noun implies ("mum-of-seven" counts as "mum")."""
    w = word.lower().split("-", 1)[0]
    if w in MALE_NOUNS:
        return "m"
    if w in FEMALE_NOUNS:
        return "f"
    return None


def gender_of_pronoun(word: str) -> Gender | None:
    w = word.lower()
    if w in MALE_PRONOUNS:
        return "m"
    if w in FEMALE_PRONOUNS:
        return "f"
    return None


def _rank(root: Token) -> float:
    """Salience penalty of a mention from its grammatical role (see ``Mention.rank``)."""
    t = root
    if t.dep_ == "ROOT" and t.pos_ in ("PROPN", "NOUN"):
        return 1.0  # a verbless line: a caption, a byline, a headline
    if t.dep_ in ("appos", "compound", "conj") and t.head.dep_ in ("nsubj", "nsubjpass"):
        t = t.head
    if t.dep_ not in ("nsubj", "nsubjpass"):
        return 0.6
    verb = t.head
    while verb.dep_ == "conj" and verb.head is not verb:
        verb = verb.head
    return 0.0 if verb.dep_ == "ROOT" else 0.3


def title_key(word: str) -> str:
    return word.lower().rstrip(".")


@dataclass(slots=True)
class Mention:
    """Where an entity is named or referred to: char span, root token, sentence, and ``rank``.

    ``rank`` is the penalty for grammatical prominence used in salience: 0 for the subject of a
    main clause, 0.3 for the subject of an embedded clause ("said the containers were safe"),
    0.6 for anything else, 1.0 for a name standing alone (captions, bylines).
    """

    start: int
    end: int
    tok: int
    sent: int
    rank: float
    entity: Entity


@dataclass(slots=True, eq=False)
class Role:
    """A description attached to a person: "yoga instructor", or "husband" of a possessor token."""

    phrase: str
    head: str
    possessor: int | None = None


@dataclass(slots=True, eq=False)
class Entity:
    """One person, group or anonymous source of the article (a coreference cluster)."""

    kind: SpeakerKind
    label: str = ""
    names: list[tuple[int, str]] = field(default_factory=list)  # (token count, text)
    parts: tuple[str, ...] = ()  # the longest name's words, for matching short forms
    mentions: list[Mention] = field(default_factory=list)
    roles: list[Role] = field(default_factory=list)
    votes: dict[str, int] = field(default_factory=dict)  # titles, gendered nouns (strong)
    pronoun_votes: dict[str, int] = field(default_factory=dict)  # recomputed from scratch
    members: tuple[Entity, ...] = ()  # for a pair ("Alec and Hilaria")
    noun: str = ""  # an anonymous source's noun phrase ("TikTok user"), lent to "a second"

    @property
    def gender(self) -> Gender | None:
        m = 3 * self.votes.get("m", 0) + self.pronoun_votes.get("m", 0)
        f = 3 * self.votes.get("f", 0) + self.pronoun_votes.get("f", 0)
        if m > f:
            return "m"
        if f > m:
            return "f"
        return None

    @property
    def name(self) -> str:
        """The fullest name used for this entity in the article."""
        if self.members:
            return " and ".join(m.name for m in self.members)
        if self.names:
            return max(self.names, key=lambda n: (n[0], len(n[1])))[1]
        return self.label

    @property
    def first(self) -> str | None:
        return self.parts[0] if self.parts else None

    @property
    def last(self) -> str | None:
        return self.parts[-1] if self.parts else None

    def add(self, mention: Mention) -> None:
        bisect.insort(self.mentions, mention, key=lambda m: m.start)


@dataclass(slots=True)
class Resolution:
    """What a source refers to, and how sure we are (multiplies the attribution's confidence)."""

    entity: Entity | None
    confidence: float = 1.0
    mention: tuple[int, int] | None = None  # the words that name it, when narrower than the source


@dataclass(slots=True)
class _Name:
    start: int  # token indices of the cleaned name
    end: int
    parts: tuple[str, ...]
    title: Gender | None
    has_title: bool
    is_person_ent: bool
    title_words: tuple[str, ...] = ()


class Coref:
    """The article's entities and the evidence about them, built once per ``Doc``.

    ``zones`` are character ranges of quoted speech: names and pronouns inside them are the
    speaker's words, not narration, so they are never antecedents.
    """

    def __init__(self, doc: Doc, zones: list[tuple[int, int]] | None = None) -> None:
        self.doc = doc
        # Doc.text and Doc.ents are rebuilt from the tokens on every access: read them once.
        self.text = doc.text
        self.ents = tuple(doc.ents)
        self.ent_at = {i: ent for ent in self.ents for i in range(ent.start, ent.end)}
        self.zones = sorted(zones or [])
        self._zone_starts = [a for a, _ in self.zones]
        self.pronouns: list[tuple[int, Gender]] = []  # gendered pronouns of the narration
        self.sent_of: list[int] = []
        self._orth: Any = ()
        self.noun_subjects: list[int] = []
        self.gendered_nouns: list[int] = []
        if len(doc):
            self._scan_arrays()
        self.persons: list[Entity] = []
        self.groups: dict[str, Entity] = {}
        self.pairs: dict[frozenset[int], Entity] = {}
        self.anonymous: list[Entity] = []
        self.described: dict[str, list[Entity]] = {}  # noun -> unnamed sources and groups
        self.by_role: dict[str, list[Entity]] = {}  # role noun -> persons described by it
        self.descriptions: dict[str, Entity] = {}
        # Antecedent candidates for pronouns: sorted by token index.
        self.antecedents: list[Mention] = []
        self.plural_antecedents: list[Mention] = []
        self.name_at: dict[int, Mention] = {}  # token index -> person name mention covering it
        self.family_at: dict[int, Mention] = {}  # token index -> "the Baldwins"
        self._pron_cache: dict[int, Resolution] = {}
        if len(doc):
            self._build()

    def _scan_arrays(self) -> None:
        """Sentences, pronouns and candidate nouns, read from token arrays in one pass.

        Token objects are costly to create, so the per-token work is done on ``Doc.to_array``
        columns and only the few tokens that matter are looked at as ``Token``s.
        """
        import numpy as np
        from spacy.symbols import NOUN, PRON

        doc = self.doc
        strings = doc.vocab.strings
        cols = doc.to_array(["POS", "DEP", "ORTH", "LOWER", "SENT_START", "IDX", "IS_PUNCT", "IS_SPACE"])
        pos, dep, low, idx = cols[:, 0], cols[:, 1], cols[:, 3], cols[:, 5]
        self._orth = cols[:, 2]
        # Distances are counted in sentences of narration: a six-sentence quote between a name
        # and "she said" does not put the name out of reach.
        n = len(doc)
        starts = np.flatnonzero(cols[:, 4] == 1).tolist()
        if not starts or starts[0] != 0:
            starts.insert(0, 0)
        word = (cols[:, 6] == 0) & (cols[:, 7] == 0)
        k = 0
        for s, e in zip(starts, [*starts[1:], n], strict=True):
            words = np.flatnonzero(word[s:e])
            if len(words) and not self.in_zone(int(idx[s + words[0]])):
                k += 1
            self.sent_of.extend([k] * (e - s))
        subj = np.array([strings["nsubj"], strings["nsubjpass"]], dtype=cols.dtype)
        nouns = pos == NOUN
        self.noun_subjects = np.flatnonzero(nouns & np.isin(dep, subj)).tolist()
        gendered = np.array([strings.add(w) for w in MALE_NOUNS | FEMALE_NOUNS], dtype=cols.dtype)
        self.gendered_nouns = np.flatnonzero(nouns & np.isin(low, gendered)).tolist()
        for i in np.flatnonzero(pos == PRON).tolist():
            g = gender_of_pronoun(strings[int(low[i])])
            if g is not None and not self.in_zone(int(idx[i])):
                self.pronouns.append((i, g))

    # ------------------------------------------------------------------ helpers
    def in_zone(self, char: int) -> bool:
        k = bisect.bisect_right(self._zone_starts, char) - 1
        return k >= 0 and self.zones[k][0] <= char < self.zones[k][1]

    def _mention(self, start_tok: int, end_tok: int, entity: Entity, root: Token | None = None) -> Mention:
        doc = self.doc
        span = doc[start_tok:end_tok]
        root = root if root is not None else span.root
        return Mention(span.start_char, span.end_char, root.i, self.sent_of[root.i], _rank(root), entity)

    def _antecedent(self, mention: Mention, plural: bool = False) -> None:
        if self.in_zone(mention.start):
            return
        target = self.plural_antecedents if plural else self.antecedents
        bisect.insort(target, mention, key=lambda m: m.tok)

    # ------------------------------------------------------------------ names
    def _clean_name(self, start: int, end: int, is_person_ent: bool) -> _Name | None:
        """Strip titles, determiners, possessives and trailing junk from a name's tokens."""
        doc = self.doc
        title: Gender | None = None
        words: list[str] = []
        # A title just before the entity ("Mrs. Baldwin", "Prime Minister X").
        j = start - 1
        while j >= 0 and j >= start - 2 and title_key(doc[j].text) in TITLES and doc[j].text[:1].isupper():
            words.insert(0, title_key(doc[j].text))
            j -= 1
        while start < end and (
            doc[start].lower_ in ("the", "a", "an")
            or (title_key(doc[start].text) in TITLES and start + 1 < end and doc[start].text[:1].isupper())
        ):
            if title_key(doc[start].text) in TITLES:
                words.append(title_key(doc[start].text))
            start += 1
        for w in words:
            title = title or TITLES[w]
        k = start
        while k < end:
            t = doc[k]
            nxt = doc[k + 1] if k + 1 < end else None
            if t.tag_ == "POS" or t.text in ("'s", "’s", "'", "’"):
                break
            if t.text[:1].isupper():
                k += 1
                continue
            if (
                (t.text in ("-", "'", "’") or t.lower_ in NAME_PARTICLES)
                and nxt is not None
                and nxt.text[:1].isupper()
            ):
                k += 1
                continue
            break
        end = k
        if start >= end:
            return None
        parts = tuple(t.text for t in doc[start:end] if t.text[:1].isupper())
        if not parts:
            return None
        return _Name(start, end, parts, title, bool(words), is_person_ent, tuple(words))

    def _collect_names(self) -> tuple[list[_Name], list[tuple[int, int]]]:
        """Person name mentions, and the token ranges of plural family names ("the Baldwins")."""
        doc = self.doc
        names: list[_Name] = []
        families: list[tuple[int, int]] = []
        for ent in self.ents:
            titled = ent.label_ in GROUP_LABELS and len(ent) > 2 and title_key(ent[0].text) in TITLES
            if ent.label_ != "PERSON" and not titled:  # the NER reads "Baker Talia Kerr" as an ORG
                continue
            n = self._clean_name(ent.start, ent.end, True)
            if n is None or self._modifier(n):
                continue
            if (
                len(n.parts) == 1
                and n.parts[0].endswith("s")
                and (doc[n.start].tag_ == "NNPS" or (n.start > 0 and doc[n.start - 1].lower_ == "the"))
            ):
                families.append((n.start, n.end))
                continue
            names.append(n)
        return names, families

    def _extra_names(self, known: set[str], taken: set[int]) -> list[_Name]:
        """Lone words that match a known person's name but were not labelled PERSON.

        The small model tags a first name it does not know as GPE, and sometimes even as a verb
        ("Franken tweeted"); a capitalised word that is someone's name in this article is them.
        """
        doc = self.doc
        out: list[_Name] = []
        in_multi_ent: set[int] = set()
        for ent in self.ents:
            if ent.label_ != "PERSON" and len(ent) > 1:
                in_multi_ent.update(range(ent.start, ent.end))
        import numpy as np

        known_ids = np.array([doc.vocab.strings.add(w) for w in known], dtype=self._orth.dtype)
        for i in np.flatnonzero(np.isin(self._orth, known_ids)).tolist():
            if i in taken or i in in_multi_ent:
                continue
            t = doc[i]
            if t.i + 1 < len(doc) and doc[t.i + 1].pos_ == "PROPN" and doc[t.i + 1].text[:1].isupper():
                continue  # part of a longer proper name we do not know
            n = self._clean_name(t.i, t.i + 1, False)
            if n is not None and not self._modifier(n):
                out.append(n)
        return out

    def _modifier(self, n: _Name) -> bool:
        """A name used as a modifier ("the Ashby vineyard") is not a mention of the person."""
        root = self.doc[n.start : n.end].root
        return root.dep_ == "compound" and root.head.pos_ == "NOUN" and not n.start <= root.head.i < n.end

    def _cluster_names(self, names: list[_Name]) -> None:
        doc = self.doc
        full = sorted((n for n in names if len(n.parts) > 1), key=lambda n: (-len(n.parts), n.start))
        by_last: dict[str, list[Entity]] = {}
        for n in full:
            target = None
            for e in by_last.get(n.parts[-1], ()):
                same_ends = n.parts[0] == e.parts[0] and n.parts[-1] == e.parts[-1]
                contained = n.parts[-1] == e.parts[-1] and set(n.parts) <= set(e.parts)
                if (same_ends or contained) and not (n.title and e.gender and n.title != e.gender):
                    target = e
                    break
            if target is None:
                target = Entity("person", parts=n.parts)
                self.persons.append(target)
                by_last.setdefault(n.parts[-1], []).append(target)
            self._add_name(target, n)
        # Gender and roles from full-name mentions first: a title on a short form needs them.
        for e in self.persons:
            for m in e.mentions:
                self._roles_and_gender(e, m)
        self._pronoun_votes()
        by_part: dict[str, list[Entity]] = {}  # first and last names of full-name persons
        for e in self.persons:
            for part in {e.parts[0], e.parts[-1]}:
                by_part.setdefault(part, []).append(e)
        for n in sorted((n for n in names if len(n.parts) == 1), key=lambda n: n.start):
            w = n.parts[0]
            cands = list(by_part.get(w, ()))
            if n.has_title:  # "Mrs. Baldwin" is a surname
                cands = [e for e in cands if e.last == w] or cands
            if n.title:
                cands = [e for e in cands if e.gender in (None, n.title)]
            if not cands:
                cands = [
                    e
                    for e in self.persons
                    if e.parts == (w,) and not (n.title and e.gender not in (None, n.title))
                ]
            if len(cands) > 1:
                cands.sort(key=lambda e: self._last_before(e, doc[n.start].idx), reverse=True)
            if cands:
                target = cands[0]
            else:
                target = Entity("person", parts=(w,))
                self.persons.append(target)
            m = self._add_name(target, n)
            self._roles_and_gender(target, m)

    def _last_before(self, e: Entity, char: int) -> int:
        """Position of the entity's last mention before ``char``, for recency ties.

        An entity not mentioned before ``char`` gets ``-char``, so that among those the one
        mentioned soonest after wins.
        """
        k = bisect.bisect_left(e.mentions, char, key=lambda m: m.start)
        return e.mentions[k - 1].start if k else -char

    def _add_name(self, e: Entity, n: _Name) -> Mention:
        span = self.doc[n.start : n.end]
        if n.is_person_ent:
            e.names.append((len(n.parts), span.text))
        if n.title:
            e.votes[n.title] = e.votes.get(n.title, 0) + 1
        for w in n.title_words:  # "Sen. Coleman" is "the senator"
            if TITLES[w] is None:
                full = TITLE_ROLES.get(w, w)
                self._add_role(e, Role(full, full))
        m = self._mention(n.start, n.end, e)
        e.add(m)
        for i in range(n.start, n.end):
            self.name_at[i] = m
        self._antecedent(m)
        return m

    # ------------------------------------------------------------------ roles and gender
    def _chain(self, tok: Token) -> tuple[int, int]:
        """The hyphen-glued word around a token ("mum-of-seven"), which the parser splits oddly."""
        doc = self.doc
        a = b = tok.i
        while a > 0 and not doc[a - 1].whitespace_ and "-" in (doc[a - 1].text, doc[a].text):
            a -= 1
        while b + 1 < len(doc) and not doc[b].whitespace_ and "-" in (doc[b].text, doc[b + 1].text):
            b += 1
        return a, b + 1

    def role_head(self, noun: Token) -> str:
        """The word a role is about: "mum" for "mum-of-seven", the lemma for a plain noun."""
        a, b = self._chain(noun)
        if b - a == 1:
            return noun.lemma_.lower() or noun.lower_
        text = self.doc[a:b].text.lower()
        return text.split("-of-")[0] if "-of-" in text else text

    def role_phrase(self, noun: Token) -> str:
        """A role noun with its left modifiers and hyphen glue: "yoga instructor", "mum-of-seven"."""
        a, b = self._chain(noun)
        chain = self.doc[a:b]
        left = [
            c
            for t in chain
            for c in t.lefts
            if c.dep_ in ("compound", "amod", "nmod") and a - 3 <= c.i < a and c.pos_ != "DET"
        ]
        words = [c.lower_ for c in sorted(set(left), key=lambda c: c.i)]
        words.append(self.role_head(noun) if b - a == 1 else chain.text.lower())
        return " ".join(words)

    def _roles_and_gender(self, e: Entity, m: Mention) -> None:
        doc = self.doc
        root = doc[m.tok]
        nouns: list[Token] = []
        if root.dep_ == "appos" and root.head.pos_ == "NOUN":
            nouns.append(root.head)
        for c in root.children:
            if (c.dep_ == "appos" and c.pos_ == "NOUN") or (c.dep_ == "compound" and c.pos_ == "NOUN"):
                nouns.append(c)
        if root.dep_ in ("nsubj", "nsubjpass") and root.head.lemma_ == "be":
            nouns.extend(c for c in root.head.children if c.dep_ == "attr" and c.pos_ == "NOUN")
        for noun in nouns:
            possessor = next((c.i for c in noun.children if c.dep_ == "poss"), None)
            role = Role(self.role_phrase(noun), self.role_head(noun), possessor)
            self._add_role(e, role)
            g = gender_of_noun(role.head) or gender_of_noun(noun.lower_)
            if g:
                e.votes[g] = e.votes.get(g, 0) + 1

    def _pronoun_votes(self) -> None:
        """Gender from pronouns whose referent is clear: one unknown-gender person in reach.

        In reach means named in the pronoun's sentence (if someone is named before it there),
        else in that sentence or the one before. A pronoun with two unknown-gender persons in
        reach says nothing; with one, it says that person's gender unless someone already known
        to have that gender is in reach too.
        """
        by_sent: dict[int, list[Mention]] = {}
        for m in self.antecedents:
            if m.entity.kind == "person" and m.rank < 1.0:
                by_sent.setdefault(m.sent, []).append(m)
        for e in self.persons:
            e.pronoun_votes.clear()
        for _ in range(2):  # the second pass profits from what the first one learnt
            for i, g in self.pronouns:
                k = self.sent_of[i]
                here = by_sent.get(k, [])
                reach = here if any(m.tok < i for m in here) else here + by_sent.get(k - 1, [])
                cands = {m.entity for m in reach}
                if any(e.gender == g for e in cands):
                    continue
                unknown = [e for e in cands if e.gender is None]
                if len(unknown) == 1:
                    votes = unknown[0].pronoun_votes
                    votes[g] = votes.get(g, 0) + 1

    def _recent(self, mentions: list[Mention], tok: int, window: int) -> Iterator[tuple[Mention, int]]:
        """Mentions before token ``tok``, latest first, with their distance in sentences."""
        sent = self.sent_of[tok]
        for k in range(bisect.bisect_left(mentions, tok, key=lambda m: m.tok) - 1, -1, -1):
            m = mentions[k]
            d = sent - m.sent
            if d > window:
                return
            yield m, d

    # ------------------------------------------------------------------ groups
    def _group_key(self, text: str) -> str:
        words = text.lower().replace("’", "'").split()
        while words and words[0] in ("the", "a", "an"):
            words = words[1:]
        if words and words[-1] in ("'s", "'"):
            words = words[:-1]
        key = " ".join(words)
        return key[:-2] if key.endswith("'s") else key

    def group(self, label: str, key: str | None = None) -> Entity:
        key = key or self._group_key(label)
        e = self.groups.get(key)
        if e is None:
            e = Entity("group", label=label)
            self.groups[key] = e
        elif len(label) > len(e.label):
            e.label = label
        return e

    def _trim_group(self, start: int, end: int) -> tuple[int, int]:
        """An organisation's name without "the" and possessive: "The Post's" -> "Post"."""
        doc = self.doc
        while start < end and doc[start].lower_ == "the":
            start += 1
        while end > start and (doc[end - 1].tag_ == "POS" or doc[end - 1].is_punct):
            end -= 1
        return start, end

    def _collect_groups(self, families: list[tuple[int, int]]) -> None:
        doc = self.doc
        for ent in self.ents:
            if ent.label_ not in GROUP_LABELS or any(i in self.name_at for i in range(ent.start, ent.end)):
                continue
            start, end = self._trim_group(ent.start, ent.end)
            if start >= end or ent.root.dep_ in ("amod", "compound"):  # "the American singer"
                continue
            e = self.group(doc[start:end].text)
            m = self._mention(start, end, e)
            e.add(m)
            self._antecedent(m, plural=True)
        for start, end in families:
            label = doc[start:end].text
            e = self.group("the " + label, key="family " + label.lower())
            m = self._mention(start, end, e)
            e.add(m)
            self._antecedent(m, plural=True)
            self.family_at[m.tok] = m
        # "Officials ... They said": plural and collective subjects of the narration.
        for i in self.noun_subjects:
            t = doc[i]
            if i in self.ent_at or self.in_zone(t.idx):
                continue
            if t.tag_ != "NNS" and t.lemma_ not in COLLECTIVE_NOUNS:
                continue
            start = min([i] + [c.i for c in t.lefts if c.dep_ in ("det", "compound", "amod")])
            span = doc[start : i + 1]
            e = self._described(self.group(self._label(span)), t)
            m = self._mention(start, i + 1, e)
            e.add(m)
            self._antecedent(m, plural=True)
        # "Alec and Hilaria": a pair that "they" can refer to.
        for m in list(self.antecedents):
            root = self.doc[m.tok]
            for c in root.children:
                other = self.name_at.get(c.i)
                if c.dep_ == "conj" and other is not None and other.entity is not m.entity:
                    pair = self.pair(m.entity, other.entity)
                    pm = Mention(m.start, other.end, m.tok, m.sent, m.rank, pair)
                    pair.add(pm)
                    self._antecedent(pm, plural=True)

    def pair(self, a: Entity, b: Entity) -> Entity:
        key = frozenset((id(a), id(b)))
        e = self.pairs.get(key)
        if e is None:
            e = Entity("group", members=(a, b))
            self.pairs[key] = e
        return e

    # ------------------------------------------------------------------ build
    def _build(self) -> None:
        names, families = self._collect_names()
        known = {p for n in names for p in n.parts}
        taken = {i for n in names for i in range(n.start, n.end)}
        names.extend(self._extra_names(known, taken))
        self._cluster_names(names)
        self._pronoun_votes()
        self._collect_groups(families)
        self._collect_nominals()

    def _collect_nominals(self) -> None:
        """Unnamed people of the narration ("I met a sweet, attractive woman"), for "she said".

        Only indefinite nouns of a known gender: "his wife" or "the actress" are usually someone
        named elsewhere, and making them new people would steal pronouns from the right person.
        """
        doc = self.doc
        for i in self.gendered_nouns:
            t = doc[i]
            if t.tag_ != "NN" or t.dep_ in ("appos", "attr", "compound") or self.in_zone(t.idx):
                continue
            mods = [c for c in t.children if c.dep_ in ("det", "nummod", "amod", "compound", "punct")]
            if not any(
                c.lower_ in ("a", "an", "one", "another") for c in mods if c.dep_ in ("det", "nummod")
            ):
                continue
            if any(c.dep_ in ("appos", "compound") and c.i in self.name_at for c in t.children):
                continue
            start = min([i] + [c.i for c in mods if c.i < i])
            e = Entity("anonymous", label=self._label(doc[start : i + 1]))
            g = gender_of_noun(t.lower_)
            if g is not None:
                e.votes[g] = e.votes.get(g, 0) + 1
            m = self._mention(start, i + 1, e, t)
            e.add(m)
            self._antecedent(m)
            self._described(e, t)

    # ------------------------------------------------------------------ resolution
    def resolve_pronoun(self, tok: int) -> Resolution:
        """The most recent compatible referent of a third-person pronoun, subjects preferred."""
        if tok in self._pron_cache:
            return self._pron_cache[tok]
        t = self.doc[tok]
        word = t.lower_
        if word in PLURAL_PRONOUNS:
            res = self._resolve_plural(tok)
        else:
            g = gender_of_pronoun(word)
            res = self.salient_person(tok, g, window=PRONOUN_WINDOW, exclude=())
        self._pron_cache[tok] = res
        return res

    def salient_person(
        self,
        tok: int,
        gender: Gender | None,
        *,
        window: int,
        exclude: tuple[Entity, ...],
        strict: bool = False,
    ) -> Resolution:
        """The person most likely meant at ``tok``: recent, a subject, of the right gender.

        Scores are sentence distances with a bonus for subjects and a penalty for unknown
        gender; ``strict`` rules out persons of unknown gender entirely (for descriptions,
        where a wrong guess is worse than keeping the description).
        """
        doc = self.doc
        head = doc[tok].head.i
        scores: dict[Entity, float] = {}
        for m, d in self._recent(self.antecedents, tok, window):
            e = m.entity
            if e.kind == "group" or e in exclude:
                continue
            if gender and e.gender and e.gender != gender:
                continue
            if gender and e.gender is None and strict:
                continue
            if d == 0 and doc[m.tok].head.i == head and doc[m.tok].dep_ in ("nsubj", "dobj", "dative"):
                continue  # a co-argument of the same verb is not the pronoun's referent
            score = d + m.rank + (1.0 if gender and e.gender is None else 0.0)
            if score < scores.get(e, float("inf")):
                scores[e] = score
        if not scores:
            return Resolution(None, 0.5)
        ranked = sorted(scores.items(), key=lambda kv: kv[1])
        best, score = ranked[0]
        margin = ranked[1][1] - score if len(ranked) > 1 else 3.0
        conf = 0.95 if margin >= 1.0 else 0.8 if margin >= 0.5 else 0.65
        if gender and best.gender is None:
            conf = min(conf, 0.7)
        return Resolution(best, conf)

    def _resolve_plural(self, tok: int) -> Resolution:
        best: tuple[float, Entity] | None = None
        for m, d in self._recent(self.plural_antecedents, tok, 3):
            score = d + m.rank
            if best is None or score < best[0]:
                best = (score, m.entity)
        if best is None:
            return Resolution(None, 0.5)
        return Resolution(best[1], 0.75)

    def pronoun_mentions(self, min_confidence: float = 0.8) -> Iterator[tuple[Entity, int, int]]:
        """Gendered pronouns of the narration that clearly refer to someone, as extra mentions.

        Called after the sources are resolved (they make the best antecedents); the pronouns
        found here are not added as antecedents, so they cannot change any attribution.
        """
        for i, _ in self.pronouns:
            res = self.resolve_pronoun(i)
            if res.entity is not None and res.confidence >= min_confidence:
                t = self.doc[i]
                yield res.entity, t.idx, t.idx + len(t)

    def note(self, entity: Entity, start: int, end: int) -> Mention | None:
        """Record a resolved source as a mention, so later pronouns see it as salient."""
        span = self.doc.char_span(start, end, alignment_mode="expand")
        if span is None or not len(span):
            return None
        m = Mention(
            start,
            end,
            span.root.i,
            self.sent_of[span.root.i],
            _rank(span.root),
            entity,
        )
        entity.add(m)
        if entity.kind in ("person", "anonymous"):
            self._antecedent(m)
        elif entity.kind == "group":
            self._antecedent(m, plural=True)
        return m

    # ------------------------------------------------------------------ sources
    def resolve_source(self, start: int, end: int) -> Resolution:
        """Who the words ``text[start:end]`` (the source of a quote) refer to.

        Returns ``Resolution(None)`` for spans that name nobody ("I" inside a quote, an
        unresolvable "they", blank or out-of-range offsets): such quotes keep ``speaker=None``
        rather than get a guessed speaker.
        """
        doc = self.doc
        text = self.text
        start, end = max(0, start), min(len(text), end)
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if start >= end or not len(doc):
            return Resolution(None)
        span = doc.char_span(start, end, alignment_mode="expand")
        if span is None or not any(not (t.is_punct or t.is_space) for t in span):
            return Resolution(None)
        root = span.root
        named = self._name_in(span, root)
        if named is not None:
            return Resolution(named)
        if root.pos_ in ("VERB", "AUX"):  # the source came with its verb: "And another echoed"
            subj = next((c for c in root.children if c.dep_ in ("nsubj", "nsubjpass") and c in span), None)
            if subj is None:
                return Resolution(None)
            inside = {t.i for t in subj.subtree}
            a = max(subj.left_edge.i, span.start)
            a = b = a if a in inside else subj.i
            while b < span.end and b in inside:  # the subject's own words, up to its verb
                b += 1
            words = doc[a:b]
            while len(words) > 1 and words[0].pos_ in ("CCONJ", "PUNCT"):
                words = words[1:]
            if len(words) >= len(span) or words.root.pos_ in ("VERB", "AUX"):
                return Resolution(None)  # a parse too odd to trust
            res = self.resolve_source(words.start_char, words.end_char)
            return Resolution(res.entity, res.confidence, res.mention or (words.start_char, words.end_char))
        word = root.lower_
        if word in ("i", "me") and root.pos_ == "PRON" and not self.in_zone(root.idx):
            return Resolution(self._own_description(span, root, "person", label="the author"), 0.9)
        if word in SPEECH_PRONOUNS and root.pos_ == "PRON":
            return Resolution(None)
        if word in MALE_PRONOUNS or word in FEMALE_PRONOUNS or word in PLURAL_PRONOUNS:
            return self.resolve_pronoun(root.i)
        if root.tag_ in ("WP", "WDT"):  # "Tweeden, who said ...": the relative clause's noun
            ante = root.head.head if root.head.dep_ == "relcl" else None
            if ante is None or ante.i >= root.i:
                return Resolution(None)
            res = self.resolve_source(ante.left_edge.idx, ante.idx + len(ante))
            return Resolution(res.entity, res.confidence * 0.9)
        ent = self.ent_at.get(root.i)  # "The New York Post", but not "one TikTok user"
        if ent is not None and ent.label_ in GROUP_LABELS:
            a, b = self._trim_group(ent.start, ent.end)
            if a <= root.i < b:
                return Resolution(self.group(doc[a:b].text))
        family = self.family_at.get(root.i)  # "the Baldwins"
        if family is not None:
            return Resolution(family.entity)
        if root.pos_ == "PROPN" and not root.ent_type_:
            return Resolution(self._unlabelled_name(span, root), 0.8)
        return self._description(span, root)

    def _name_in(self, span: object, root: Token) -> Entity | None:
        """The person a source names, if the name is the source's head, not a possessor."""
        doc = self.doc
        mention = self.name_at.get(root.i)
        if mention is None:
            for t in root.children:  # "her husband, actor Alec Baldwin"; "husband Alec"
                m = self.name_at.get(t.i)
                if m is not None and t.dep_ in ("appos", "compound") and doc[m.tok].dep_ != "poss":
                    mention = m
                    break
        if mention is None and root.dep_ == "appos":
            mention = self.name_at.get(root.head.i)
        if mention is None:
            return None
        root_tok = doc[mention.tok]
        if root_tok.dep_ == "poss" and root_tok.head.i != mention.tok and self.name_at.get(root.i) is None:
            return None
        for c in root_tok.children:  # "Alec and Hilaria said"
            other = self.name_at.get(c.i)
            if c.dep_ == "conj" and other is not None and other.entity is not mention.entity:
                return self.pair(mention.entity, other.entity)
        return mention.entity

    def _unlabelled_name(self, span: object, root: Token) -> Entity:
        """A proper-noun source the NER missed: match it to a known person or make a new one."""
        doc = self.doc
        start = min([root.i] + [c.i for c in root.lefts if c.dep_ == "compound" and c.pos_ == "PROPN"])
        n = self._clean_name(start, root.i + 1, True)
        if n is None:
            return self._own_description(doc[root.i : root.i + 1], root, "person")
        for e in self.persons:
            if e.parts == n.parts or (len(n.parts) == 1 and n.parts[0] in (e.first, e.last)):
                return e
        e = Entity("person", parts=n.parts)
        self.persons.append(e)
        self._add_name(e, n)
        return e

    def _label(self, span: object, root: Token | None = None) -> str:
        """Source words as a speaker name: "A second" -> "a second", "Critics" -> "critics".

        With ``root``, clauses and appositions hanging on it are left out: "the couple, who have
        been married since 2012" is named "the couple".
        """
        toks = [t for t in span if not t.is_space]  # type: ignore[attr-defined]
        if root is not None:
            cut = {
                d.i
                for c in root.children
                if c.dep_ in ("relcl", "appos", "acl", "advcl") and c.i > root.i
                for d in c.subtree
            }
            toks = [t for t in toks if t.i not in cut]
            if cut:
                toks = [t for t in toks if t.i < min(cut)]
        while toks and (toks[-1].is_punct or toks[-1].pos_ == "CCONJ"):
            toks.pop()
        while toks and (toks[0].is_punct or toks[0].pos_ == "CCONJ"):
            toks.pop(0)
        if not toks:
            return ""
        text = self.text[toks[0].idx : toks[-1].idx + len(toks[-1].text)]
        first = toks[0]
        j = first.i - 1
        while j >= 0 and self.doc[j].is_space:
            j -= 1
        capitalised_by_position = j < 0 or first.is_sent_start or self.doc[j].is_punct
        acronym = len(first.text) > 1 and first.text.isupper()
        named = first.ent_type_ not in ("", "CARDINAL", "ORDINAL", "QUANTITY", "DATE", "TIME")
        if capitalised_by_position and first.pos_ != "PROPN" and not named and not acronym:
            text = text[:1].lower() + text[1:]
        return text

    def _description(self, span: object, root: Token) -> Resolution:
        dets = {c.lower_ for c in root.children if c.dep_ in ("det", "nummod", "predet", "quantmod")}
        first = next((t for t in span if not t.is_punct), root)  # type: ignore[attr-defined]
        if first.lower_ in INDEFINITE:
            dets.add(first.lower_)
        plural = root.tag_ in ("NNS", "NNPS")
        head = self.role_head(root)
        label = self._label(span, root)
        if root.lower_ in ORDINALS or (root.lower_ == "another" and root.pos_ != "NOUN"):
            # "a second", "a third", "another": a new source of the same kind as the last one.
            prev = self.anonymous[-1] if self.anonymous else None
            noun = prev.noun if prev is not None else self._indefinite_noun_before(root.i)
            e = Entity("anonymous", label=f"{label} {noun}" if noun else label, noun=noun)
            if prev is not None:
                e.roles = list(prev.roles)
            self.anonymous.append(e)
            return Resolution(e, 0.9 if noun else 0.8)
        if head in NON_SPEAKER_NOUNS and root.pos_ == "NOUN":
            return Resolution(None)  # "his desire", "the public's reaction": nobody speaks
        if root.lower_ in PLURAL_QUANTIFIERS:  # "some called it horrible", "others agreed"
            return Resolution(self.group(label))
        indefinite = bool(dets & INDEFINITE) or root.lower_ in ("someone", "somebody")
        groupish = plural or head in COLLECTIVE_NOUNS or head in DOCUMENT_NOUNS
        if groupish and not indefinite:  # "the committee", "the poll": the one named before?
            earlier = self._described_before(head, root.idx)
            if earlier is not None and earlier.kind == "group":
                return Resolution(earlier, 0.85)
        if groupish and (indefinite or plural or head in COLLECTIVE_NOUNS):
            return Resolution(self._described(self.group(label), root))
        if indefinite:
            e = Entity("anonymous", label=label)
            noun_toks = [t for t in span if t.i >= root.i or t.dep_ in ("compound", "amod")]  # type: ignore[attr-defined]
            e.noun = self._label(noun_toks) if noun_toks else ""
            self.anonymous.append(e)
            return Resolution(self._described(e, root))
        return self._definite(span, root, label)

    def _indefinite_noun_before(self, tok: int) -> str:
        """The noun of a "one TikTok user" subject just before, when it was not itself a source."""
        doc = self.doc
        limit = self.sent_of[tok] - 4
        for i in range(tok - 1, -1, -1):
            if self.sent_of[i] < limit:
                break
            t = doc[i]
            if t.pos_ != "NOUN" or t.lemma_ in COLLECTIVE_NOUNS or self.in_zone(t.idx):
                continue
            dets = {c.lower_ for c in t.children if c.dep_ in ("det", "nummod")}
            if "one" in dets or (t.dep_ in ("nsubj", "nsubjpass") and dets & {"a", "an"}):
                mods = [c.i for c in t.lefts if c.dep_ in ("compound", "amod")]
                return self.text[doc[min(mods, default=t.i)].idx : t.idx + len(t)]
        return ""

    def _add_role(self, person: Entity, role: Role) -> None:
        person.roles.append(role)
        holders = self.by_role.setdefault(role.head, [])
        if person not in holders:
            holders.append(person)

    def _described(self, e: Entity, root: Token) -> Entity:
        """Remember an unnamed source by its noun, so "the source" or "the poll" can find it."""
        if not e.roles:
            e.roles.append(Role(self.role_phrase(root), self.role_head(root)))
            for role in e.roles:
                self.described.setdefault(role.head, []).append(e)
        return e

    def _described_before(self, head: str, char: int) -> Entity | None:
        """The latest unnamed source or group with this noun mentioned before ``char``."""
        best: tuple[int, Entity] | None = None
        for e in self.described.get(head, ()):
            k = bisect.bisect_left(e.mentions, char, key=lambda m: m.start)
            if k and (best is None or e.mentions[k - 1].start > best[0]):
                best = (e.mentions[k - 1].start, e)
        return best[1] if best else None

    def _definite(self, span: object, root: Token, label: str) -> Resolution:
        """ "the actor", "her husband", "the mum-of-seven": a role elsewhere, else a safe guess."""
        phrase, head = self.role_phrase(root), self.role_head(root)
        poss = next((c for c in root.children if c.dep_ == "poss"), None)
        possessor: Entity | None = None
        if poss is not None:
            if poss.pos_ == "PRON":
                possessor = self.resolve_pronoun(poss.i).entity
            elif poss.i in self.name_at:
                possessor = self.name_at[poss.i].entity
        exclude = (possessor,) if possessor is not None else ()
        holders = [e for e in self.by_role.get(head, ()) if e not in exclude]
        cands = [e for e in holders if any(r.phrase == phrase for r in e.roles)] or holders
        if possessor is not None and len(cands) > 1:
            owned = [
                e
                for e in cands
                if any(
                    r.head == head and r.possessor is not None and self._owner(r.possessor) is possessor
                    for r in e.roles
                )
            ]
            cands = owned or cands
        if cands:
            char = root.idx
            best = max(cands, key=lambda e: self._last_before(e, char))
            return Resolution(best, 0.9)
        earlier = self._described_before(head, root.idx) if poss is None else None
        if earlier is not None:  # "the source" after "a source close to the couple"
            return Resolution(earlier, 0.85)
        g = gender_of_noun(head) or gender_of_noun(root.lower_)
        if g is not None:
            res = self.salient_person(root.i, g, window=DESCRIPTION_WINDOW, exclude=exclude, strict=True)
            if res.entity is not None:
                return Resolution(res.entity, min(res.confidence, 0.75))
        elif poss is None and root.pos_ == "NOUN" and head not in DOCUMENT_NOUNS:
            only = self._only_person_before(root.i)
            if only is not None:  # only one person in the story so far: "the senator" is them
                return Resolution(only, 0.6)
        kind: SpeakerKind = "group" if head in DOCUMENT_NOUNS else "person"
        return Resolution(self._own_description(span, root, kind, possessor, label), 0.9)

    def _only_person_before(self, tok: int) -> Entity | None:
        found: Entity | None = None
        for m in self.antecedents:
            if m.tok >= tok:
                break
            if m.entity.kind == "person" and m.entity is not found:
                if found is not None:
                    return None
                found = m.entity
        return found

    def _owner(self, tok: int) -> Entity | None:
        t = self.doc[tok]
        if t.pos_ == "PRON":
            return self.resolve_pronoun(tok).entity
        m = self.name_at.get(tok)
        return m.entity if m else None

    def _own_description(
        self,
        span: object,
        root: Token,
        kind: SpeakerKind,
        possessor: Entity | None = None,
        label: str | None = None,
    ) -> Entity:
        """A description we could not link keeps being its own speaker (the same one if repeated)."""
        key = f"{self.role_phrase(root)}|{id(possessor) if possessor else ''}"
        e = self.descriptions.get(key)
        if e is None:
            e = Entity(kind, label=label if label is not None else self._label(span))
            e.roles.append(Role(self.role_phrase(root), self.role_head(root)))
            self.descriptions[key] = e
        return e
