"""Resolution: who a source span ("she", "the mum-of-seven", "a second", "Tweeden, who") refers to.

The resolver reads the entity index and may add to it (a new anonymous source, an unlabelled
name, a description that stays its own speaker), always through ``EntityIndex``, so it never
needs the build passes. Pronoun answers are cached per token: a pronoun is asked about once as
a source and again when narration pronouns become extra mentions.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from sayso.quotes.coref.agents import WordClasses, is_common_words, learned_agents, noun_class
from sayso.quotes.coref.descriptions import (
    aged_person,
    group_described_earlier,
    owned_label,
    pair_before,
    resolve_definite,
)
from sayso.quotes.coref.documents import document_subject, message_sender, owned_document, resolve_document
from sayso.quotes.coref.entities import Entity, Name, Resolution
from sayso.quotes.coref.genders import first_name_vote
from sayso.quotes.coref.index import EntityIndex
from sayso.quotes.coref.lexicon import (
    COLLECTIVE_NOUNS,
    DOCUMENT_NOUNS,
    FEMALE_PRONOUNS,
    GROUP_LABELS,
    INDEFINITE,
    MALE_PRONOUNS,
    ORDINALS,
    PLURAL_PRONOUNS,
    PLURAL_QUANTIFIERS,
    SPEECH_PRONOUNS,
    Gender,
    gender_of_first_name,
    gender_of_pronoun,
)
from sayso.quotes.coref.organisations import (
    described_body,
    group_named,
    is_named_group,
    joined_groups,
    named_of_kind,
    organisation_by_kind,
    organisation_subject,
    spoke_lately,
    titled_at_end,
    unnamed_org,
)
from sayso.quotes.coref.phrases import (
    acronym,
    dashed_aside,
    indefinite_noun_before,
    name_after_role,
    named_with_the,
    one_member,
    partitive_people,
    role_verb,
    some_of,
    spaced_dash,
)
from sayso.quotes.coref.places import principal_set_off
from sayso.quotes.coref.relatives import resolve_relative
from sayso.quotes.coref.reporting import reporter
from sayso.quotes.coref.salience import (
    PronounChain,
    asked_person,
    cataphoric_person,
    dislocated_subject,
    first_called_the,
    governing_subject,
    in_description,
    journalist_told,
    named_below,
    plural_subject_before,
    said_of,
    subjectless_clause,
    told_by,
    unknown_gender_cost,
)
from sayso.quotes.coref.unlabelled import (
    appos_name,
    lone_name,
    of_whom,
    self_named,
    signed_name,
    surname_as_noun,
    untagged_name,
)
from sayso.quotes.cues import NAMING_VERBS, SPEECH_VERBS
from sayso.quotes.furniture import dated_name

if TYPE_CHECKING:
    from spacy.tokens import Span, Token


#: Entity types that name no speaker: amounts and dates (numbers and ordinals may: "two said",
#: "a second added"; titles of works and products may not be trusted either way, because the
#: small model labels names such as "Mayor Elena Marsh" WORK_OF_ART).
_NOBODY_ENTS = frozenset({"DATE", "TIME", "MONEY", "PERCENT", "QUANTITY"})


#: What an "it" that speaks heads: a verb of saying, naming or finding, or a document ("its statement").
_SAYING = SPEECH_VERBS | NAMING_VERBS | DOCUMENT_NOUNS | {"find", "project", "forecast", "continue", "read"}


#: A party and state after a name, ending the words that name a speaker.
_PARTY_TAG_AT_END = re.compile(r",\s*\(?[DRI]-[A-Z][\w.]*(?:\s[A-Z][\w.]*)?\)?\s*$")


class Resolver:
    """Answers "who is this source?" against one article's entity index."""

    def __init__(self, index: EntityIndex, words: WordClasses | None = None) -> None:
        self.index = index
        self.words = words if words is not None else WordClasses.default()
        self.view = index.view
        self.rules = index.rules
        self.resolved: dict[int, Resolution] = {}  # pronoun token -> its resolution
        self.chain, self.plurals = PronounChain(self), PronounChain(self, plural=True)
        self.spoken: list[tuple[int, Entity]] = []  # (char, document or organisation), found to speak
        self.documents: list[tuple[int, Entity]] = []  # (char, who) of sources that are documents
        self.full_names: dict[str, int] | None = None  # (``unlabelled.surname_as_noun``)

    def resolve_pronoun(self, tok: int) -> Resolution:
        """The most recent compatible referent of a third-person pronoun, subjects preferred."""
        if tok in self.resolved:
            return self.resolved[tok]
        t = self.view.doc[tok]
        word = t.lower_
        if word in PLURAL_PRONOUNS:
            res = self._resolve_plural(tok)
        else:
            g = gender_of_pronoun(word)
            dislocated = (
                dislocated_subject(self, t, g) or asked_person(self, t, g) or governing_subject(self, t, g)
            )
            res = (
                Resolution(dislocated, self.rules.clear_confidence)
                if dislocated is not None
                else self.salient_person(
                    tok,
                    g,
                    window=self.rules.pronoun_window,
                    exclude=told_by(self, t) + named_below(self, t),
                    skip=subjectless_clause(t),
                )
            )
            if res.entity is None and g is not None:
                res = Resolution(cataphoric_person(self, tok, g), self.rules.weak_confidence)
        self.resolved[tok] = res
        return res

    def salient_person(
        self,
        tok: int,
        gender: Gender | None,
        *,
        window: int,
        exclude: tuple[Entity, ...],
        strict: bool = False,
        skip: frozenset[int] = frozenset(),
    ) -> Resolution:
        """The person most likely meant at ``tok``: recent, a subject, of the right gender.

        Scores are sentence distances with a bonus for subjects and a penalty for unknown
        gender; ``strict`` rules out persons of unknown gender entirely (for descriptions,
        where a wrong guess is worse than keeping the description). Mentions at tokens in
        ``skip`` are no candidates (``subjectless_clause``).
        """
        doc = self.view.doc
        rules = self.rules
        head = doc[tok].head.i
        scores: dict[Entity, float] = {}
        for m, d in self.view.recent(self.index.antecedents, tok, window):
            e = m.entity
            if (
                e.kind == "group"
                or e in exclude
                or m.tok in skip
                or m.start in self.view.captions  # "Media caption Robert Mueller: ..." (QA read)
                or journalist_told(doc[m.tok])  # "told CNN's Sunlen Serfaty that ..."
                or (gender and first_called_the(self.view.text, e))
            ):
                continue
            if gender and e.gender and e.gender != gender:
                continue
            if gender and e.gender is None and strict:
                continue
            if d == 0 and doc[m.tok].head.i == head and doc[m.tok].dep_ in ("nsubj", "dobj", "dative"):
                continue  # a co-argument of the same verb is not the pronoun's referent
            if d == 0 and m.tok < tok and said_of(doc[m.tok], doc[head]):
                continue  # "Romney, he tweeted on Oct. 5, has been ...": Romney is what is said of
            score = d + m.rank + unknown_gender_cost(e, gender, rules) + in_description(doc[m.tok], rules)
            if score < scores.get(e, float("inf")):
                scores[e] = score
        for e, d, r, said in self.chain.before(tok, window):
            if e not in exclude and not (gender and (e.gender or said) not in (None, gender)):
                # a person of unknown gender pays as a name does, unless a "she" was already hers
                cost = unknown_gender_cost(e, gender, rules) if said is None else 0.0
                scores[e] = min(scores.get(e, float("inf")), d + r + cost)
        if not scores:
            return Resolution(None, rules.no_referent_confidence)
        ranked = sorted(scores.items(), key=lambda kv: kv[1])
        best, score = ranked[0]
        margin = ranked[1][1] - score if len(ranked) > 1 else rules.lone_margin
        if margin >= rules.clear_margin:
            conf = rules.clear_confidence
        elif margin >= rules.fair_margin:
            conf = rules.fair_confidence
        else:
            conf = rules.weak_confidence
        if gender and best.gender is None:
            conf = min(conf, rules.unknown_gender_confidence_cap)
        return Resolution(best, conf)

    def _resolve_plural(self, tok: int) -> Resolution:
        best: tuple[float, Entity] | None = None
        skip = subjectless_clause(self.view.doc[tok])
        before = plural_subject_before(self.view.doc[tok])
        for m, d in self.view.recent(self.index.plural_antecedents, tok, self.rules.plural_window):
            if m.tok in skip or self.view.text[max(0, m.start - 2) : m.start] in ("R-", "D-", "I-"):
                continue  # (nor the state of a party tag: "Sen. Rand Paul, R-Ky.", no one's "they")
            if self.view.doc[m.tok].ent_type_ == "GPE" and self.view.doc[m.tok].tag_ == "NNP":
                continue  # "to make America great, they surely ...": a country is "it" (39th session)
            if before is not None and m.tok == before.i:
                return Resolution(m.entity, self.rules.plural_confidence)
            best = (d + m.rank, m.entity) if best is None or d + m.rank < best[0] else best
        if before is not None:
            return Resolution(None, self.rules.no_referent_confidence)  # the subject is no one named
        for e, d, r, _ in self.plurals.before(tok, self.rules.plural_window):  # an earlier "they"
            best = (d + r, e) if best is None or d + r < best[0] else best
        if best is None:
            return Resolution(None, self.rules.no_referent_confidence)
        return Resolution(best[1], self.rules.plural_confidence)

    def pronoun_mentions(self, min_confidence: float) -> Iterator[tuple[Entity, int, int]]:
        """Gendered pronouns of the narration that clearly refer to someone, as extra mentions.

        Called after the sources are resolved (they make the best antecedents); the pronouns
        found here are not added as antecedents, so they cannot change any attribution.
        """
        for i, _ in self.view.pronouns:
            res = self.resolve_pronoun(i)
            if res.entity is not None and res.confidence >= min_confidence:
                t = self.view.doc[i]
                yield res.entity, t.idx, t.idx + len(t)

    def resolve_interrupting(self, start: int, end: int, content: Sequence[tuple[int, int]]) -> Resolution:
        """``resolve_source`` for the source of a cue inside or after its content
        (``reporting.reporter``): not someone the content names."""
        return reporter(self, self.resolve_source(start, end), start, end, content)

    def resolve_source(self, start: int, end: int) -> Resolution:
        """``refers_to``, remembering the documents and organisations found to speak, for an
        "it" after them (``_it_speaker``)."""
        res = self.refers_to(start, end)
        if res.entity is not None and res.entity.kind in ("document", "group"):
            self.spoken.append((start, res.entity))
        if res.entity is not None:
            span = self.view.doc.char_span(start, end, alignment_mode="expand")
            if span is not None and span.root.lemma_.lower() in DOCUMENT_NOUNS:
                self.documents.append((start, res.entity))  # (the document, or its author)
        return res

    def refers_to(self, start: int, end: int) -> Resolution:
        """Who the words ``text[start:end]`` name, for words that are no source (the one asked)."""
        if (tag := _PARTY_TAG_AT_END.search(self.view.text, start, end)) is not None and tag.start() > start:
            end = tag.start()  # "Ruppersberger, D-Maryland, said": the name, not the state
        res = self._resolve_source(start, end)
        e = res.entity
        if e is not None and e.kind == "person" and not any(start <= m.start < end for m in e.mentions):
            # a role read off the title ("Director of National Intelligence James Clapper" went
            # to the polling director named before): the name glued to the title is who it is
            glued = lone_name(self, start, end, glued=True) or untagged_name(self, start, end)
            res = Resolution(glued, self.rules.unlabelled_name_confidence) if glued is not None else res
            e = res.entity
        if e is None or e.kind != "person" or len(e.parts) < 2:
            signed = signed_name(self, start, end)  # "Byron York, Washington Examiner" a place, a paper
            res = Resolution(signed, self.rules.unlabelled_name_confidence) if signed else res
        if res.entity is None and (untagged := untagged_name(self, start, end)) is not None:
            return Resolution(untagged, self.rules.unlabelled_name_confidence)
        group = res.entity is not None and res.entity.kind == "group" and not res.entity.members
        if group and (titled := titled_at_end(self, start, end)) is not None:
            return Resolution(titled, self.rules.unlabelled_name_confidence)
        hid = res.entity is None or (res.entity.kind != "group" and not res.entity.parts)  # a name?
        lone = None
        if hid:
            lone = lone_name(self, start, end, glued=res.entity is not None)
            if lone is None and res.entity is not None:  # (tried above when nobody was found)
                lone = untagged_name(self, start, end)
        return Resolution(lone, self.rules.unlabelled_name_confidence) if lone is not None else res

    def _it_speaker(self, root: Token) -> Resolution:
        """'... the document insists. It called gender fluidity a symptom ...': an "it" (or "its")
        source is the document or organisation that spoke in its sentence or the one before, else
        nobody (QA, twenty-first session: a Vatican document's statements had no speaker)."""
        if root.dep_ == "nsubjpass":  # "It was also noted in the judge's ruling that ...":
            return Resolution(None)  # an expletive, whoever spoke before it
        e = spoke_lately(self, root, one=True) or organisation_subject(self, root)
        if e is None and (doc_subject := document_subject(root)) is not None:
            e = self.resolve_source(doc_subject.left_edge.idx, doc_subject.idx + len(doc_subject)).entity
            owned = any(c.dep_ == "poss" for c in doc_subject.children)  # "Barr's summary": his
            e = e if e is not None and (e.kind != "person" or owned) else None  # (a guess: none)
        if e is None and (sender := message_sender(root)) is not None:
            e = self.resolve_source(sender.idx, sender.idx + len(sender)).entity
        return Resolution(e, self.rules.described_earlier_confidence) if e else Resolution(None)

    def _resolve_source(self, start: int, end: int) -> Resolution:
        """Who the words ``text[start:end]`` (the source of a quote) refer to.

        Returns ``Resolution(None)`` for spans that name nobody ("I" inside a quote, an
        unresolvable "they", blank or out-of-range offsets): such quotes keep ``speaker=None``
        rather than get a guessed speaker.
        """
        doc = self.view.doc
        text = self.view.text
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
        if root.dep_ == "compound" and root.head.i >= span.end and span[-1].head == root.head:
            # "Sen. Ann Ruiz", cut where a link blurb starts ("... Ruiz Mary (Ann) RuizNews
            # ... MORE") that the parse took for the name's head: the span's last word heads
            # it, not the title (the eighth QA read: the speaker was "Sen.")
            root = span[-1]
        turn = self.view.turn_speaker(start, end)
        if turn is not None and turn != (start, end):
            # A transcript's speaker label ("MARKHAM:") or an "I" in the turn it opens: the
            # person the article names with that last name.
            return self.resolve_source(*turn)
        named = self._name_in(span, root)
        if named is not None:
            return Resolution(named)
        if (joined := joined_groups(self, span, root)) is not None:
            return Resolution(joined)
        if self.view.is_name_label(start, end):
            # "NERMEEN SHAIKH: We begin with ...": a line's label in capitals names its speaker,
            # whatever the tagger made of the words, unless they are ordinary ("FILE PHOTO:").
            n = None if self._names_inside(span) else self.view.clean_name(span.start, span.end, True)
            labelled = self.person_named(n) if n is not None else None
            if labelled is None:
                return Resolution(None)  # a heading of ordinary words, or of a name ("BAIER TRACKS")
            return Resolution(labelled, self.rules.unlabelled_name_confidence)
        if root.pos_ in ("VERB", "AUX"):  # the source came with its verb: "And another echoed"
            subj = next((c for c in root.children if c.dep_ in ("nsubj", "nsubjpass") and c in span), None)
            if subj is None:
                # 'said engineer Tomas Reyes': a role noun the tagger read as a verb, with the
                # name as its object; the name speaks (``after._role_read_as_verb``).
                names = self.index.name_at
                objects = [names[c.i].entity for c in root.children if c.dep_ == "dobj" and c.i in names]
                named = objects[0] if objects else None
                first = root.i == span.start and root.is_lower and root.tag_ in ("VB", "VBP")
                if named is None and root.tag_ == "VBG" and span[-1].i in names:
                    # "Answering questions at a hearing, Secretary Kathleen Sebelius said": the
                    # parser took the participle for the subject, the name ending it speaks (QA)
                    return Resolution(names[span[-1].i].entity)
                return Resolution(named if first else None)
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
        if word in ("i", "me", "we", "us") and root.pos_ == "PRON" and not self.view.in_zone(root.idx):
            if (turn := self.view.turn_named(root.idx)) is not None:
                return self.resolve_source(*turn)  # "DONALD TRUMP: At some point, we have to say"
            return Resolution(
                self.index.own_description(span, root, "author", label="the author"),
                self.rules.author_confidence,
            )
        relative = root.tag_ in ("WP", "WDT") and root.head.dep_ == "relcl"
        if word in ("it", "its") and root.pos_ == "PRON" and not relative:
            return self._it_speaker(root) if root.head.lemma_.lower() in _SAYING else Resolution(None)
        if word in SPEECH_PRONOUNS and root.pos_ == "PRON" and not relative:
            return Resolution(None)  # not "a statement that said": that "that" is the statement
        if word in MALE_PRONOUNS or word in FEMALE_PRONOUNS:
            speaking = self.view.turn_named(root.idx)
            if speaking is not None:
                # 'QUILL: He said that to you?': a "he" in a transcript turn is someone the
                # turn's speaker speaks of, not the speaker.
                own = self.resolve_source(*speaking).entity
                exclude = (own,) if own is not None else ()
                g = gender_of_pronoun(word)
                return self.salient_person(root.i, g, window=self.rules.pronoun_window, exclude=exclude)
        if word in MALE_PRONOUNS or word in FEMALE_PRONOUNS or word in PLURAL_PRONOUNS:
            return self.resolve_pronoun(root.i)
        if root.tag_ in ("WP", "WDT") and (relative or not root.text.isupper()):  # "WHO": an acronym
            return resolve_relative(self, root, word, relative)  # "Tweeden, who said ..."
        family = self.index.family_at.get(root.i)  # "the Baldwins" (the NER may say ORG)
        if family is not None:
            return Resolution(family.entity)
        ent = self.view.ent_at.get(root.i)  # "The New York Post", but not "one TikTok user"
        if ent is not None and ent.label_ in GROUP_LABELS and not one_member(ent, root):
            a, b = self.view.trim_group(ent.start, ent.end)
            if a <= root.i < b:
                return Resolution(self.index.group(self.view.written(a, b)))
        if (body := described_body(self, root)) is not None:  # "Another group, Club for Growth"
            return Resolution(body)
        part = partitive_people(root, self.words)
        if part is not None:  # "71 percent of Americans", "a majority of voters": a group
            return Resolution(self.index.group(self.view.label(span)))
        if (aged := aged_person(self, span, root)) is not None:  # "the 25-year-old"
            return aged
        if root.ent_type_ in _NOBODY_ENTS:
            if dated_name(root):  # "USA Today reported": a paper, "Today" read as a date
                paper = self.index.group(self.view.label(span))
                return Resolution(paper, self.rules.unlabelled_name_confidence)
            return Resolution(None)  # "2019", "$5 million", "40 percent" speak for nobody
        if (
            root.pos_ in ("PROPN", "NOUN")
            and not root.ent_type_
            and acronym(root)
            and noun_class(root.lower_, self.words) is None  # "the CEO" is a role
            and all(t.i == root.i or t.lower_ == "the" for t in span)
        ):
            # "ICE said", "DOJ says": an agency the NER missed, whatever word it spells
            return Resolution(self.index.group(root.text), self.rules.unlabelled_name_confidence)
        if named_with_the(root, self.words):
            # "The Syracuse Post Standard reports": a name with "the" is an organisation's
            start = min([root.i] + [c.i for c in root.lefts if c.dep_ == "compound"])
            paper = self.index.group(doc[start : root.i + 1].text)
            return Resolution(paper, self.rules.unlabelled_name_confidence)
        if root.pos_ == "PROPN" and not root.ent_type_ and not root.text.islower():
            named = self._unlabelled_name(span, root)
            if named is not None:
                return Resolution(named, self.rules.unlabelled_name_confidence)
            if (kind := named_of_kind(self, root)) is not None:
                return Resolution(kind)
            # "Evacuees said" is a common noun, unless the article names an organisation so
            if noun_class(root.lower_.removesuffix("s"), self.words) is None:
                return Resolution(group_named(self, root.text) or unnamed_org(self, root))
        if (surname := surname_as_noun(self, span, root)) is not None:
            return Resolution(surname, self.rules.unlabelled_name_confidence)
        return Resolution(org) if (org := unnamed_org(self, root)) else self._description(span, root)

    def _name_in(self, span: object, root: Token) -> Entity | None:
        """The person a source names, if the name is the source's head, not a possessor."""
        doc, words = self.view.doc, self.words
        mention = self.index.name_at.get(root.i)
        if mention is None:
            for t in root.children:  # "her husband, actor Alec Baldwin"; "husband Alec"
                m = self.index.name_at.get(t.i)
                if (
                    m is not None
                    # (a role misread as a verb: "NASA engineer John Posey", its object the name)
                    and (t.dep_ in ("appos", "compound") or (t.dep_ == "dobj" and role_verb(root, words)))
                    and doc[m.tok].dep_ != "poss"
                    and (not spaced_dash(doc, t.i, root.i) or dashed_aside(doc, t))  # "Hillary - Politico"
                    and not self.view.text[m.end : m.end + 2].lstrip().startswith(("\u201c", '"'))
                    and not of_whom(root, t, words)
                    and not principal_set_off(root, t)  # "A spokeswoman for X, Rep. Y"
                ):  # (nor "Added a Nevada Republican, Rubio “gave ...”": the quote's subject)
                    mention = m
                    break
        described = root
        while described.dep_ == "conj" and described.head.i < described.i:  # "King, a member of
            described = described.head  # the committee and a security hawk, tweeted" (QA helper)
        if mention is None and described.dep_ == "appos":
            mention = self.index.name_at.get(described.head.i)
        if mention is None:
            mention = name_after_role(self.index, self.words, span)  # type: ignore[arg-type]
            if mention is not None and of_whom(root, doc[mention.tok], words):
                mention = None  # "The son of the late pastor Billy Graham" is not Graham
        if mention is None:
            return self_named(self, root)  # "the demonstrator, who identified himself as ..."
        root_tok = doc[mention.tok]
        if (
            root_tok.dep_ == "poss"
            and root_tok.head.i != mention.tok
            and self.index.name_at.get(root.i) is None
        ):
            return None
        listed = self.index.listed_in(span, mention)  # type: ignore[arg-type]
        if len(listed) > 1 and mention.entity.kind == "person":
            return self.index.pair(*(m.entity for m in listed))
        return mention.entity

    def _unlabelled_name(self, span: object, root: Token) -> Entity | None:
        """A proper-noun source the NER missed: match it to a known person or make a new one.

        A capitalised line of ordinary words ("Hide Caption", "Read More") is layout, not a
        name: None, unless it matches a person named elsewhere in the article.
        """
        doc = self.view.doc
        lefts = [c.i for c in root.lefts if c.dep_ == "compound" and c.pos_ == "PROPN"]
        start = min([root.i] + [i for i in lefts if not spaced_dash(doc, i, root.i)])
        n = self.view.clean_name(start, root.i + 1, True)
        if n is None:
            return self.index.own_description(doc[root.i : root.i + 1], root, "person")
        # "Spokeswoman Hope Hicks": after a person's noun, a known first name begins a name,
        # whatever else its words mean (QA read six: a spokeswoman's statement had no speaker).
        role = start > 0 and doc[start - 1].lower_ in learned_agents() and not doc[start - 1].ent_type_
        return self.person_named(n, sure=role and gender_of_first_name(n.parts[0]) is not None)

    def _names_inside(self, span: Span) -> bool:
        """Whether a label in capitals holds a known person's last name before its end: a
        segment's heading ("BAIER TRACKS:" over "Bret Baier: ..."), not a name."""
        words = [t.lower_ for t in span]
        for e in self.index.persons:
            parts = [p.lower() for p in e.parts]
            if len(parts) >= 2 and parts[-1] in words[:-1] and words[-1] not in parts:
                return True
        return False

    def person_named(self, n: Name, sure: bool = False) -> Entity | None:
        """The person a cleaned name names: one named so already, or a new one; None for
        ordinary words ("Hide Caption") unless ``sure``."""
        for e in self.index.persons:
            if e.parts == n.parts or (len(n.parts) == 1 and n.parts[0] in (e.first, e.last)):
                return e
        if not sure and is_common_words(list(n.parts), self.words):
            return None
        e = Entity("person", parts=n.parts)
        self.index.persons.append(e)
        self.index.add_name(e, n)
        first_name_vote(e, self.rules.first_name_vote_weight, self.view.text)
        return e

    def _description(self, span: object, root: Token) -> Resolution:
        dets = {c.lower_ for c in root.children if c.dep_ in ("det", "nummod", "predet", "quantmod")}
        first = next((t for t in span if not t.is_punct), root)  # type: ignore[attr-defined]
        if first.lower_ in INDEFINITE:
            dets.add(first.lower_)
        plural = root.tag_ in ("NNS", "NNPS")
        head = self.view.role_head(root)
        plain = self.view.label(span, root)
        label = owned_label(self, span, root, plain)
        if root.lower_ in ORDINALS or (root.lower_ == "another" and root.pos_ != "NOUN"):
            # "a second", "a third", "another": a new source of the same kind as the last one.
            prev = self.index.anonymous[-1] if self.index.anonymous else None
            noun = (
                prev.noun
                if prev is not None
                else indefinite_noun_before(self.view, root.i, self.rules.indefinite_noun_lookback)
            )
            e = Entity("anonymous", label=f"{label} {noun}" if noun else label, noun=noun)
            if prev is not None:
                e.roles = list(prev.roles)
            self.index.anonymous.append(e)
            return Resolution(
                e, self.rules.ordinal_confidence if noun else self.rules.ordinal_bare_confidence
            )
        if root.lower_ in PLURAL_QUANTIFIERS:  # "some called it horrible", "others agreed", "both"
            return Resolution(pair_before(self, root, dets) or self.index.group(some_of(root) or label))
        # a lower-case word the tagger took for a name is a noun: "the president-elect"
        common = root.pos_ == "NOUN" or (root.pos_ == "PROPN" and root.text.islower())
        cls = noun_class(head, self.words) if common else None
        cls = "document" if common and cls is None and owned_document(root) else cls
        if common and cls is None:
            if (named := appos_name(self, span, root)) is not None:  # type: ignore[arg-type]
                # "air traffic monitor Flightradar24 reported": the name is who (QA helper, 46th),
                # described as a monitor ("the airline said" after it is no monitor's)
                group = self.index.describe(self.index.group(named), root)
                return Resolution(group, self.rules.unlabelled_name_confidence)
            return Resolution(None)  # "the lid of a pressure cooker", "her frustration": nobody
        bare = root.lower_ == "source" and not dets and all(c.dep_ != "poss" for c in root.children)
        indefinite = bool(dets & INDEFINITE) or root.lower_ in ("someone", "somebody") or bare  # "Source:"
        if cls == "document" or root.ent_type_ == "LAW":
            return resolve_document(self, span, root, head, label, indefinite)
        groupish = plural or head in COLLECTIVE_NOUNS
        if groupish and not indefinite and (pair := pair_before(self, root, dets)) is not None:
            return Resolution(pair, self.rules.described_earlier_confidence)  # "the two Biden aides"
        if groupish and not indefinite:  # "the committee", "the poll": the one named before?
            earlier = group_described_earlier(self, span, root, head, first, plural)
            if earlier is not None and (earlier.kind != "group" or (label != plain == earlier.label)):
                earlier = None  # (nor "his office" of the narration, when "his" is known: whose?)
            if earlier is None or earlier.mentions[-1].tok == root.i or not is_named_group(earlier):
                # (a group the narration's subjects made of these very words is no evidence,
                # and an earlier bare "the department" is the Justice Department named before it)
                earlier = organisation_by_kind(self, head, root) or earlier
            if earlier is not None:
                return Resolution(earlier, self.rules.described_earlier_confidence)
        if groupish and (indefinite or plural or head in COLLECTIVE_NOUNS):
            return Resolution(self.index.describe(self.index.group(label), root))
        if indefinite:
            e = Entity("anonymous", label=label)
            noun_toks = [t for t in span if t.i >= root.i or t.dep_ in ("compound", "amod")]  # type: ignore[attr-defined]
            e.noun = self.view.label(noun_toks) if noun_toks else ""
            self.index.anonymous.append(e)
            return Resolution(self.index.describe(e, root))
        return resolve_definite(self, span, root, label)
