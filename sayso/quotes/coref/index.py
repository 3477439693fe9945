"""The entity index: every person, group and anonymous source of one article, and their mentions.

The one mutable store of coreference. Both the passes that build it (``build.py``) and the
resolver (``resolve.py``) create entities, so every way of creating or registering one lives
here (a group by its key, a pair, a description kept as its own speaker, a resolved source
noted as a mention): neither side imports the other, and an entity made during resolution is
indexed exactly like one made while building.

Antecedent lists are kept sorted by token, so pronoun resolution walks back from a position by
bisection.
"""

from __future__ import annotations

import bisect
import itertools
from typing import TYPE_CHECKING

from sayso.model import SpeakerKind
from sayso.quotes.coref.entities import Entity, Mention, Name, Role, last_before
from sayso.quotes.coref.lexicon import TITLE_ROLES, TITLES, gender_of_noun, title_key
from sayso.quotes.coref.places import PARTIES, Affiliation, of_person
from sayso.quotes.coref.view import DocView

if TYPE_CHECKING:
    from spacy.tokens import Span, Token


#: Sources that quantify over people: the speaker of "Everyone she spoke to agreed", but never
#: whom a later "she" or "he" means (seventh QA read: a woman's quotes went to "everyone").
_QUANTIFIERS = frozenset({"everyone", "everybody", "anyone", "anybody", "nobody", "none", "all", "each"})


#: Entity types of a word that puts a title in another nation: "Chinese President", "French
#: President". Not a place ("Houston Mayor Sylvester Turner" is "the mayor" of a Houston story).
_COUNTRY_ENTS = frozenset({"NORP"})


#: Departments whose name stands before a title: "Defense Secretary Chuck Hagel" was a secretary
#: only, and "The defense secretary reassured them" nobody (thirty-eighth session).
_DEPARTMENTS = frozenset({
    "defense", "state", "treasury", "homeland", "energy", "labor", "education", "interior",
    "commerce", "agriculture", "transportation", "health", "justice", "navy", "army", "housing", "press",
})  # fmt: skip


#: Relations that put a name inside something else's phrase: a clause, a prepositional phrase.
_NESTING = frozenset({"prep", "pobj", "relcl", "acl", "advcl", "ccomp", "poss"})


#: A party's adjective standing for its members ("Republican claims that ...").
_PARTY_MEMBERS = {"republican": "Republicans", "democratic": "Democrats"}


#: Words for any member of a legislature, and the members' own words ("senator", ...).
LEGISLATORS_AT_LARGE = frozenset({"lawmaker", "legislator"})
LEGISLATORS = LEGISLATORS_AT_LARGE | {
    "senator",
    "congressman",
    "congresswoman",
    "representative",
    "congressmember",
}


class EntityIndex:
    """Entities by kind and by the words that find them (names, roles, nouns), and antecedents."""

    def __init__(self, view: DocView) -> None:
        self.view = view
        self.rules = view.rules
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
        self.called: dict[int, Entity] = {}  # group noun -> the group it names ("the group X")
        self._affiliations: dict[int, tuple[int, Affiliation]] = {}  # id -> (mentions, places)

    def add_antecedent(self, mention: Mention, plural: bool = False) -> None:
        if self.view.in_zone(mention.start):
            return
        target = self.plural_antecedents if plural else self.antecedents
        bisect.insort(target, mention, key=lambda m: m.tok)

    def affiliation(self, e: Entity) -> Affiliation:
        """``places.of_person``, read once per person (again only when it gained mentions): each
        description asks it of every holder, a party label of every person named before."""
        cached = self._affiliations.get(id(e))
        if cached is None or cached[0] != len(e.mentions):
            cached = (len(e.mentions), of_person(self.view.doc, e))
            self._affiliations[id(e)] = cached
        return cached[1]

    def add_name(self, e: Entity, n: Name) -> Mention:
        span = self.view.doc[n.start : n.end]
        if n.is_person_ent:
            # A name in capitals (a transcript's "DAVID BROOKS:") is shown as the article writes
            # names, from its parts; any other as written.
            # "O’Rourke" as given, without a label's colon and mark glued on ("Stewart:“...")
            written = self.view.written(n.start, n.end).rstrip(':;,\u201c\u201d"')
            e.names.append((len(n.parts), " ".join(n.parts) if written.isupper() else written))
        if n.title:
            e.votes[n.title] = e.votes.get(n.title, 0) + self.rules.strong_vote_weight
        roles = [TITLE_ROLES.get(w, w) for w in n.title_words if TITLES[w] is None]
        if roles:  # "Sen. Coleman" is "the senator", "Vice President Cheney" "the vice president"
            phrase = " ".join(roles)
            before = self._before_titles(n)
            if before is not None and before.lower_ in ("former", "ex"):
                phrase = f"former {phrase}"
            elif before is not None and before.ent_type_ in _COUNTRY_ENTS and before.lower_ not in PARTIES:
                # "Chinese President Xi" is "the Chinese president": a bare "the president"
                # means the one named without a country, if any (tenth QA read: Trump's tweets
                # went to Xi, the president the narration named last)
                phrase = f"{before.lower_} {phrase}"
            elif before is not None and before.lower_ in _DEPARTMENTS and before.text[:1].isupper():
                # "Defense Secretary Chuck Hagel" is "the defense secretary" (and "the secretary")
                phrase = f"{before.lower_} {phrase}"
            self.add_role(e, Role(phrase, roles[-1], quoted=self.view.in_zone(span.start_char)))
        m = self.view.mention(n.start, n.end, e)
        e.add(m)
        for i in range(n.start, n.end):
            self.name_at[i] = m
        self.add_antecedent(m)
        return m

    def _before_titles(self, n: Name) -> Token | None:
        """The word before a name's titles: "former" ("former President Bill Clinton" is "the
        former president", not the president of the day: QA read six) or a country's."""
        doc, j = self.view.doc, n.start - 1
        while j >= 0 and title_key(doc[j].text) in TITLES:
            j -= 1
        return doc[j] if 0 <= j < n.start - 1 else None

    def group(self, label: str, key: str | None = None) -> Entity:
        label = label.strip()  # "according to Bevin\n\n": a name ends before the paragraph break
        label = _PARTY_MEMBERS.get(label.lower(), label)  # "Republican claims that ...": theirs
        key = key or self.view.group_key(label)
        e = self.groups.get(key)
        if e is None:
            e = Entity("group", label=label)
            self.groups[key] = e
        elif len(label) > len(e.label) or (e.label.isupper() and label.lower() == e.label.lower()):
            e.label = label  # (and "Cairo", not a dateline's "CAIRO (AP) —": QA, 49th session)
        return e

    def pair(self, *members: Entity) -> Entity:
        """The group of two or more persons named together ("Alec and Hilaria")."""
        key = frozenset(id(m) for m in members)
        e = self.pairs.get(key)
        if e is None:
            e = Entity("group", members=members)
            self.pairs[key] = e
        return e

    def named_with(self, tok: Token) -> list[Mention]:
        """The other names a list joins to the name at ``tok``, in text order: "Rand Paul,
        R-Ky., Mike Lee, R-Utah, and Ted Cruz" (the parser hangs Lee on Paul's party tag), "Mrs.
        Peloza and her husband, John". Only names reached through "and" are others; an
        apposition is passed through when it is a name (a party tag) or stands in the list
        itself, not when it is the first name's role ("Tom Reyes, the actor, and ...")."""
        own = self.name_at.get(tok.i)
        out: list[Mention] = []
        todo, seen = [(tok, False)], {tok.i}
        while todo:
            t, joined = todo.pop()
            for c in t.children:
                listed = c.dep_ == "conj" or (c.dep_ == "appos" and (joined or c.pos_ == "PROPN"))
                if c.i in seen or not listed:
                    continue
                seen.add(c.i)
                todo.append((c, joined or c.dep_ == "conj"))
                m = self.name_at.get(c.i)
                if m is None or m.entity.kind != "person" or not (joined or c.dep_ == "conj"):
                    continue
                if not (own and m.entity is own.entity) and all(x.entity is not m.entity for x in out):
                    out.append(m)
        return sorted(out, key=lambda m: m.start)

    def listed_in(self, span: Span, mention: Mention) -> list[Mention]:
        """The persons a source's words list, ``mention`` among them, in text order: those
        ``named_with`` it ("Alec and Hilaria said"), or more where the parse joins them
        otherwise than by "and": "President Obama and Defense Secretary Leon Panetta" (Obama
        hangs on "Secretary"), "Trump and Senate Majority Leader Mitch McConnell". Only names
        that stand as nouns of the source itself count, not a possessor ("Porter's first
        wife"), a name in a clause or a prepositional phrase ("who met with Biden", "in the
        Bush administration") or a modifier ("Trump lawyers"); and each name is followed by
        "and" or a comma, with an "and" before the last (QA helper, thirty-fourth session:
        "Both President Obama and ... Panetta said" shown as Panetta's)."""
        doc = self.view.doc
        joined = [mention, *self.named_with(doc[mention.tok])]
        found: list[Mention] = []
        for t in span:
            m = self.name_at.get(t.i)
            if m is None or m.tok != t.i or m.entity.kind != "person":
                continue
            # "Both Laporta and fellow accountant Philip Ayliff" (the parse made Laporta a
            # modifier): a person named in full elsewhere, "and" after her (QA helper, 47th)
            conjoined = len(m.entity.parts) > 1 and any(c.dep_ == "cc" for c in t.children)
            if t.dep_ in ("compound", "nmod", "amod", "poss") and t.head.pos_ != "PROPN" and not conjoined:
                continue  # "Trump lawyers", "Obama's aides"
            chain = [t, *(a for a in t.ancestors if span.start <= a.i < span.end)]
            if any(a.dep_ in _NESTING for a in chain[:-1]):  # the top one hangs outside
                continue
            if all(f.entity is not m.entity for f in found):
                found.append(m)
        if len(found) <= len(joined) or all(f is not mention for f in found):
            return joined
        text = doc.text
        for a, b in itertools.pairwise(found):
            between = text[a.end : b.start]
            if not between.lstrip().startswith((",", "and ", "& ")) or any(c in between for c in ";:()"):
                return joined
            if any(t.dep_ == "prep" for t in doc[a.tok + 1 : b.tok] if a.end <= t.idx < b.start):
                return joined  # "Um Jihad, ... and grandmother of one of the babies, Omar": the baby
        last_gap = text[found[-2].end : found[-1].start]
        return found if " and " in last_gap or " & " in last_gap else joined

    def note(self, entity: Entity, start: int, end: int) -> Mention | None:
        """Record a resolved source as a mention, so later pronouns see it as salient."""
        span = self.view.doc.char_span(start, end, alignment_mode="expand")
        if span is None or not len(span):
            return None
        m = Mention(
            start,
            end,
            span.root.i,
            self.view.sent_of[span.root.i],
            self.view.rank(span.root),
            entity,
        )
        entity.add(m)
        if span.root.lower_ in _QUANTIFIERS:
            return m  # "Everyone she spoke to ... She says": nobody a later "she" can be
        if entity.kind in ("person", "anonymous"):
            self.add_antecedent(m)
        elif entity.kind == "group":
            self.add_antecedent(m, plural=True)
        return m

    def add_role(self, person: Entity, role: Role) -> None:
        person.roles.append(role)
        holders = self.by_role.setdefault(role.head, [])
        if person not in holders:
            holders.append(person)

    def describe(self, e: Entity, root: Token) -> Entity:
        """Remember an unnamed source by its noun, so "the source" or "the poll" can find it."""
        if not e.roles:
            e.roles.append(Role(self.view.role_phrase(root), self.view.role_head(root)))
            for role in e.roles:
                self.described.setdefault(role.head, []).append(e)
        g = gender_of_noun(e.roles[0].head)
        if g is not None and not e.votes:  # "one man shouted": no "she" is him (QA read)
            e.votes[g] = self.rules.strong_vote_weight
        return e

    def remember(self, noun: str, e: Entity) -> None:
        """File ``e`` under ``noun`` so a later "the statement" finds it (its author, or itself)."""
        holders = self.described.setdefault(noun, [])
        if e not in holders:
            holders.append(e)

    def described_before(self, head: str, char: int, *, one: bool = False) -> Entity | None:
        """The latest unnamed source or group with this noun mentioned before ``char`` (``one``:
        not a group, for a singular "the soldier" after "how many soldiers" were described). "The
        lawmaker" is any member of a legislature described: "One Democratic senator, who
        requested anonymity, said ... the lawmaker said" (QA helper, forty-second session: four
        items went to a senator named in a list between)."""
        best: tuple[int, Entity] | None = None
        heads = LEGISLATORS if one and head in LEGISLATORS_AT_LARGE else (head,)  # (not "lawmakers")
        for e in (e for h in heads for e in self.described.get(h, ())):
            if one and e.kind == "group":
                continue
            k = bisect.bisect_left(e.mentions, char, key=lambda m: m.start)
            if k and (best is None or e.mentions[k - 1].start > best[0]):
                best = (e.mentions[k - 1].start, e)
        return best[1] if best else None

    def holders(self, head: str, *, one: bool, char: int) -> list[Entity]:
        """The persons given the role ``head``; for "the lawmaker" (``one``), those given any
        legislator's role ("The lawmaker also raised concern" after "Senator Bob Corker": QA
        helper, forty-seventh session, the lawmaker was nobody), unless a legislator was
        described without a name before ``char`` ("The Republican senator said ... the lawmaker
        added" is that senator, not Sen. Romney, whom the senator spoke of)."""
        if not (one and head in LEGISLATORS_AT_LARGE) or self.described_before(head, char, one=True):
            return list(self.by_role.get(head, ()))
        return list(dict.fromkeys(e for h in LEGISLATORS for e in self.by_role.get(h, ())))

    @staticmethod
    def legislator_before(holders: list[Entity], head: str, char: int) -> list[Entity]:
        """The one of ``holders`` named before ``char`` whom the narration made a legislator,
        for a "the lawmaker" (``head``) no one was called; none when there are several ("The
        six-term state lawmaker" after State Senator David Watters, Senator Cory Booker and
        then-Senator Barack Obama went to Obama, the last of them)."""
        if head not in LEGISLATORS_AT_LARGE:
            return []
        found = [
            e
            for e in holders
            if last_before(e, char) >= 0 and any(ro.head in LEGISLATORS and not ro.quoted for ro in e.roles)
        ]
        return found if len(found) == 1 else []

    def only_person_before(self, tok: int) -> Entity | None:
        found: Entity | None = None
        for m in self.antecedents:
            if m.tok >= tok:
                break
            if m.entity.kind == "person" and m.entity is not found:
                if found is not None:
                    return None
                found = m.entity
        return found

    def own_description(
        self,
        span: object,
        root: Token,
        kind: SpeakerKind,
        possessor: Entity | None = None,
        label: str | None = None,
        new: bool = False,
    ) -> Entity:
        """A description we could not link keeps being its own speaker (the same one if repeated;
        ``new``: "a memo" is another than the memo before, and the one a later "the memo" means)."""
        poss = next((c.lower_ for c in root.children if c.dep_ == "poss"), "")
        # "Georgia's governor" is not "California's governor" named before it
        key = f"{self.view.role_phrase(root)}|{id(possessor) if possessor else poss}"
        e = None if new else self.descriptions.get(key)
        if e is None:
            e = Entity(kind, label=label if label is not None else self.view.label(span))
            e.roles.append(Role(self.view.role_phrase(root), self.view.role_head(root)))
            self.descriptions[key] = e
            if any(c.dep_ == "poss" and c.ent_type_ == "GPE" for c in root.children):
                # a place's office held by no one named: "Texas' governor said ... the governor
                # said" (QA helper, forty-third session). Only these: registering every own
                # description took "the Vermont senator" from Sanders after a "spokesman for
                # the Vermont senator's campaign" left unlinked.
                self.remember(e.roles[0].head, e)
        return e
