"""What coreference reads from the ``Doc``, computed once: sentences of narration, pronouns, names.

Everything here is read-only after construction and knows nothing about entities beyond making ``Mention``
records: it is the document side of coreference, kept apart from the entity index so that the index and the
resolver share one view of the text and neither rebuilds it. ``Doc.text`` and ``Doc.ents`` are rebuilt by
spaCy on every access, and ``Token`` objects are costly, so the view reads them once and scans token arrays
(``Doc.to_array``) instead of tokens.

``zones`` are character ranges of quoted speech: names and pronouns inside them are the speaker's
words, not narration, so they never count as antecedents, and sentences inside them do not count
as distance. ``reported`` are the ranges of reported speech outside quotation marks: names there
are what someone said about them, so they rank lower as antecedents (``rank``).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from spacy.tokens import Span

from sayso.names import family_surname, singular_surname
from sayso.quotes.coref.agents import LABEL_FUNCTION_WORDS, learned_agents
from sayso.quotes.coref.entities import Entity, Mention, Name
from sayso.quotes.coref.lexicon import (
    COLLECTIVE_NOUNS,
    FEMALE_NOUNS,
    MALE_NOUNS,
    NAME_PARTICLES,
    NAME_SUFFIXES,
    TITLES,
    WEEKDAYS,
    Gender,
    gender_of_first_name,
    gender_of_person_first_name,
    gender_of_pronoun,
    title_key,
)
from sayso.quotes.coref.ner import (
    HYPHENED,
    IRISH_SURNAME,
    mended_ents,
    name_parts,
    nickname_at,
    surname_he,
)
from sayso.quotes.coref.phrases import TO_THE_READER, headline_verb, inflected_verb, saying_in_past
from sayso.quotes.coref.salience import CharRanges, rank
from sayso.quotes.coref.turns import name_line_turns, signed_blocks, transcript_turns
from sayso.quotes.furniture import is_time_zone, media_captions, page_furniture
from sayso.quotes.glyphs import original_text
from sayso.quotes.rules import DEFAULT_RULES, Rules
from sayso.quotes.titles import headline_line

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

#: A capitalised name of two or three words labelling a line: "Zack Beauchamp: ...".
_LINE_NAME = re.compile(r"^[ \t]*([A-Z][a-z]+(?: [A-Z][a-z]+){1,2}):[ \t]", re.MULTILINE)


class DocView:
    """The article's text, entities, sentences of narration and gendered pronouns (read-only)."""

    def __init__(
        self,
        doc: Doc,
        zones: list[tuple[int, int]] | None = None,
        rules: Rules = DEFAULT_RULES,
        reported: list[tuple[int, int]] | None = None,
        speaking: list[tuple[int, int]] | None = None,
        verbs: frozenset[str] = frozenset(),
        turns: list[tuple[int, int]] | None = None,
    ) -> None:
        self.doc = doc
        self.rules = rules
        self.verbs = verbs  # WordNet's verbs (``agents.WordClasses``): "Recall" is no first name
        # Doc.text and Doc.ents are rebuilt from the tokens on every access: read them once. The
        # text as given, not the model's copy (``nlp.loader.model_copy``): labels are cut from it.
        self.text = original_text(doc)
        furniture = page_furniture(self.text)
        self.furniture = CharRanges(furniture)  # no name in it is anyone of the article's
        self.captions = CharRanges(media_captions(self.text))  # no antecedent of a pronoun
        self.ents = mended_ents(doc, self.text, furniture, self.furniture)
        self._name_case: dict[str, str] | None = None
        self._person_words: set[tuple[str, ...]] | None = None
        self.ent_at = {i: ent for ent in self.ents for i in range(ent.start, ent.end)}
        self.zones = CharRanges(zones or ())
        self.reported = CharRanges(reported or ())
        # the head word of each source of a quote in marks ("Paul Dorn" in "fellow candidate
        # Sen. Paul Dorn", not "Ryan" in "Brooks, cosponsor of a summit hosted by Ryan")
        n = len(self.text)
        spans = (doc.char_span(a, b, alignment_mode="expand") for a, b in speaking or () if 0 <= a < b <= n)
        self.speaking = {span.root.i for span in spans if span is not None and len(span)}
        self.turns = transcript_turns(self.text, self.ents + self._line_names())
        if not self.turns:  # (a transcript's labels and a collection's signatures are not mixed)
            self.turns = signed_blocks(self.text, self.ents) or name_line_turns(self.text, self.ents)
        self._turn_starts = [t[0] for t in self.turns]
        # what a labelled line's speaker says ("Stahl: I want to read you his resume ...", a
        # transcript's "MARKHAM: He is wrong"): their "his" tells nobody's gender
        # (``genders.pronoun_votes``)
        self.voiced = CharRanges([*(turns or ()), *((t[1], t[2]) for t in self.turns)])
        self.pronouns: list[tuple[int, Gender]] = []  # gendered pronouns of the narration
        self.sent_of: list[int] = []
        self.orth: Any = ()
        self.noun_subjects: list[int] = []
        self.gendered_nouns: list[int] = []
        if len(doc):
            self._scan_arrays()

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
        self.orth = cols[:, 2]
        # Distances are counted in sentences of narration: a six-sentence quote between a name
        # and "she said" does not put the name out of reach, nor does a photo gallery's run of
        # captions ("..., the chief said. ¶ Photos: ... Hide Caption 14 of 14 ¶ He added that":
        # QA helper, forty-fifth session, no speaker).
        n = len(doc)
        starts = np.flatnonzero(cols[:, 4] == 1).tolist()
        if not starts or starts[0] != 0:
            starts.insert(0, 0)
        word = (cols[:, 6] == 0) & (cols[:, 7] == 0)
        k = 0
        for s, e in zip(starts, [*starts[1:], n], strict=True):
            words = np.flatnonzero(word[s:e])
            first = int(idx[s + words[0]]) if len(words) else -1
            if first >= 0 and not self.in_zone(first) and first not in self.furniture:
                k += 1
            self.sent_of.extend([k] * (e - s))
        subj = np.array([strings["nsubj"], strings["nsubjpass"]], dtype=cols.dtype)
        nouns = pos == NOUN
        self.noun_subjects = np.flatnonzero(nouns & np.isin(dep, subj)).tolist()
        gendered = np.array([strings.add(w) for w in MALE_NOUNS | FEMALE_NOUNS], dtype=cols.dtype)
        self.gendered_nouns = np.flatnonzero(nouns & np.isin(low, gendered)).tolist()
        for i in np.flatnonzero(pos == PRON).tolist():
            g = gender_of_pronoun(strings[int(low[i])])
            if g is None or surname_he(doc, i):  # (not the "He" of "Liu He")
                continue
            if not self.in_zone(int(idx[i])) and int(idx[i]) not in self.furniture:
                # (a link blurb's "Clinton jokes she ..." made "Trump" a woman: thirty-ninth session)
                self.pronouns.append((i, g))

    def turn_speaker(self, start: int, end: int) -> tuple[int, int] | None:
        """Where the article names the speaker of the transcript turn the span ``start..end``
        stands in.

        For the label itself ("MARKHAM:") and for an "I" or "me" in the turn it opens
        ("MARKHAM: I think ...") after "Senator Dana Markham joined us": the span of "Dana
        Markham". None for other words, outside a turn, or when no person the article names
        carries the label's last word.
        """
        k = bisect.bisect_right(self._turn_starts, start) - 1
        if k < 0 or not self.turns[k][0] <= start < self.turns[k][2]:
            return None
        label_start, label_end, _, named = self.turns[k]
        is_label = (start, end) == (label_start, label_end)
        text = self.text[start:end].strip().lower()
        return named if is_label or text in ("i", "me") else None

    def is_name_label(self, start: int, end: int) -> bool:
        """Whether ``start..end`` is a full name labelling a line ("NERMEEN SHAIKH: We begin
        ..."): two or three words opening a line, a colon right after, in capitals or
        capitalised, with no entity but a person's among them ("Zack Beauchamp: You were just in
        Baghdad": the model tagged the interviewer's name a common noun, and his questions had
        no speaker; "Fox News:" is no name). Whether the words are a name or a heading ("FILE
        PHOTO:", "Key Points:") is for the caller to tell."""
        words = self.text[start:end].split()
        capitalised = all(w[:1].isupper() and w[1:].islower() for w in words)
        span = self.doc.char_span(start, end, alignment_mode="expand") if capitalised else None
        return (
            2 <= len(words) <= 3
            and all(w.isalpha() for w in words)
            and (
                all(w.isupper() for w in words)
                or (span is not None and all(t.ent_type_ in ("", "PERSON") for t in span))
            )
            and not any(w.lower() in LABEL_FUNCTION_WORDS for w in words)  # "MASKING THE RISKS:"
            and self.text[end : end + 1] == ":"
            and (start == 0 or self.text[start - 1] == "\n")
        )

    def _line_names(self) -> tuple[Span, ...]:
        """Capitalised names labelling lines that the model did not tag ("Zack Beauchamp: You
        were ..."), as persons, so that the same speaker's initials later on ("ZB: ...") name
        him (``turns.transcript_turns``)."""
        out = []
        for m in _LINE_NAME.finditer(self.text):
            span = self.doc.char_span(m.start(1), m.end(1))
            if span is not None and not any(t.ent_type_ for t in span) and self.is_name_label(*m.span(1)):
                out.append(Span(self.doc, span.start, span.end, label="PERSON"))
        return tuple(out)

    def turn_named(self, char: int) -> tuple[int, int] | None:
        """Where the article names the speaker of the transcript turn ``char`` stands in."""
        k = bisect.bisect_right(self._turn_starts, char) - 1
        if k < 0 or not self.turns[k][1] <= char < self.turns[k][2]:
            return None
        return self.turns[k][3]

    def in_zone(self, char: int) -> bool:
        return char in self.zones

    def rank(self, root: Token) -> float:
        """``rank`` of a mention, less salient inside reported speech: "Raskin said McGahn and
        Sessions could be witnesses. '...,' he told Reuters" is Raskin's."""
        r = rank(root, self.rules)
        if r < self.rules.rank_headline and headline_line(self.text, root.idx, root.idx + len(root)):
            # "Bill Clinton Will Nominate President Obama" over a quote: a heading's subject is no
            # one a "he said" under it means (thirty-eighth session: it took Rahm Emanuel's)
            r = self.rules.rank_headline
        if root.dep_ in ("conj", "appos") and root.pos_ == "PROPN" and root.i in self.speaking:
            # the name a quote is given to, whatever list the parse put it in: "Asked if he would
            # back X's prosecution, Sen. Paul Dorn, D-Vt., said “...”" parses the senator as a
            # conjunct of "prosecution"; the next "he said" is his (QA helper, fortieth session)
            return self.rules.rank_main_subject  # (not inside the clause the parse gave it)
        if (
            root.i in self.speaking
            and root.pos_ == "PROPN"  # (a description keeps its rank: it may be the name's epithet)
            and root.dep_ in ("nsubj", "nsubjpass")
            and root.head.dep_ in ("ccomp", "parataxis")
            and self.in_zone(root.head.head.idx)
        ):
            # '"I think he has made it clear ...," Ann Roe, a fellow at X, told USA TODAY.': "told"
            # parsed as a clause of the quote's "think"; the "she said" after it is still hers
            # (QA helper, fiftieth session: it went to a woman named in passing before)
            return self.rules.rank_main_subject
        return r + self.rules.rank_reported if root.idx in self.reported else r

    def mention(self, start_tok: int, end_tok: int, entity: Entity, root: Token | None = None) -> Mention:
        doc = self.doc
        span = doc[start_tok:end_tok]
        root = root if root is not None else span.root
        return Mention(span.start_char, span.end_char, root.i, self.sent_of[root.i], self.rank(root), entity)

    def clean_name(self, start: int, end: int, is_person_ent: bool) -> Name | None:
        """Strip titles, determiners, possessives and trailing junk from a name's tokens."""
        doc = self.doc
        title: Gender | None = None
        words: list[str] = []
        # A title just before the entity ("Mrs. Baldwin", "Prime Minister X").
        j = start - 1
        while (
            j >= 0
            and j >= start - self.rules.title_lookback_tokens
            and title_key(doc[j].text) in TITLES
            and doc[j].text[:1].isupper()
        ):
            words.insert(0, title_key(doc[j].text))
            j -= 1
        while start < end and (
            doc[start].lower_ in ("the", "a", "an")
            or (title_key(doc[start].text) in TITLES and start + 1 < end and doc[start].text[:1].isupper())
        ):
            if title_key(doc[start].text) in TITLES:
                words.append(title_key(doc[start].text))
            start += 1
        # "Developer Carl Roche", "Spokeswoman Hope Hicks" opening a sentence: a description the
        # model took into the name (a common noun or adjective, or a person's noun as a proper one).
        while start + 1 < end and doc[start + 1].pos_ == "PROPN" and self._described(start, end):
            start += 1
        if is_person_ent and self._stray_first_word(start, end):
            start += 1
        if start + 1 < end and (
            doc[start].lower_ in COLLECTIVE_NOUNS or doc[end - 1].lower_.removesuffix("s") in _PEOPLE_PLURALS
        ):
            return None  # "Team Trump", "Obama Democrats", read as a PERSON: a campaign, a bloc
        for w in words:
            title = title or TITLES[w]
        k = start
        while k < end:
            t = doc[k]
            nxt = doc[k + 1] if k + 1 < end else None
            if t.tag_ == "POS" or t.text in ("'s", "’s", "'", "’"):
                break
            if t.text[:1].isupper() and not self._headline_verb(t, k > start, nxt):
                k += 1
                continue
            glued = t.text not in ("-", "'", "’") or not (t.whitespace_ or doc[k - 1].whitespace_)
            if (
                (t.text in ("-", "'", "’") or t.lower_ in NAME_PARTICLES)
                and glued  # "Knauss-Trump", not the headline's "Hillary - Politico"
                and nxt is not None
                and (nxt.text[:1].isupper() or (nxt.text == "-" and t.lower_ in HYPHENED))
            ):
                k += 1
                continue
            if nickname_at(doc, k, end):
                k += 3  # 'Robert “Bobby” Vance': the name goes on after the nickname
                continue
            suffix = nxt is not None and nxt.text.rstrip(".").lower() in NAME_SUFFIXES
            if t.text == "," and k + 2 == end and suffix:
                k += 1  # "Donald Trump, Jr." (``ner._whole_name`` took the suffix in)
                continue
            if t.text == "-" and glued and nxt is not None and nxt.is_lower and nxt.ent_type_ == "PERSON":
                k += 2  # "Moon Jae-in", "Kim Jong-un": a given name's lower-case second syllable
                continue
            break
        end = k
        while end - start > 1 and (doc[end - 1].lower_ in WEEKDAYS or self._said_after(doc[end - 1])):
            end -= 1  # "Twitter Sunday", "Lou Dobbs Tweeted": the day or the cue is no part of the name
        if start >= end:
            return None
        parts = name_parts(doc[start:end])
        if not parts or (end - start == 1 and is_time_zone(doc[start])):
            return None
        if len(parts) > 1 and parts[-1].lower() in _BUILDINGS:
            return None  # "Trump Tower", read as a PERSON: a bare "Trump" is not its first name
        if len(parts) > 1 and parts[0].lower() in _STORMS:
            return None  # "Superstorm Sandy" took a woman's words "she said" (QA helper)
        if any(ch.isdigit() for p in parts for ch in p):  # "his 2006 Pontiac G6": a thing, not a person
            return None
        if all(p.isupper() and len(p) > 1 for p in parts):
            parts = tuple(self._cased(p) for p in parts)  # "NORA QUILL:" is Nora Quill
        return Name(start, end, parts, title, bool(words), is_person_ent, tuple(words))

    def _said_after(self, t: Token) -> bool:
        """A verb of saying in the past read into the end of a name in prose ("the Fox News host
        Lou Dobbs Tweeted just before 2 p.m. that ..."); a headline's words are its own matter."""
        if not saying_in_past(t.lower_) or t.i == 0 or t.nbor(-1).pos_ != "PROPN":
            return False  # ("Trump May Not Have Suggested ...": a title's clause, no name)
        return not headline_line(self.text, t.idx, t.idx + len(t.text))

    def _headline_verb(self, t: Token, after_name: bool, nxt: Token | None) -> bool:
        """A headline's verb after a name (``phrases.headline_verb``), also one the tagger read as
        a proper noun ("Update at 11:25 a.m. ET. Obama *Hails* News:"): WordNet's verb plus "s"
        or "ed", before a capitalised word, in a line written as a headline. Every "Obama" of the
        story was "Obama Hails News" (QA helper, forty-second session); "Ken Burns" outside a
        headline keeps his surname."""
        if headline_verb(t, after_name, nxt):
            return True
        if not after_name or nxt is None or not nxt.text[:1].isupper() or t.tag_ != "NNP":
            return False
        return inflected_verb(self.verbs, t.lower_) and headline_line(self.text, t.idx, t.idx + len(t.text))

    def _described(self, start: int, end: int) -> bool:
        """Whether the first word of a name is a description of who follows (``clean_name``)."""
        first = self.doc[start]  # a role PolNeAR's sources are named by, no first name ("Bill")
        role = first.lower_ in learned_agents() and gender_of_first_name(first.text) is None
        acronym = first.text.isupper() and not role  # "TV Line", not "CEO Tim Cook"
        return (first.tag_ in ("NN", "JJ") and not acronym) or (start + 2 < end and role)

    def _stray_first_word(self, start: int, end: int) -> bool:
        """A word the NER took into a person's name from outside it, where the article names
        the person without it: a sentence-opening "Meet John Kerry, chief prosecutor ..." (a
        section line), a place abbreviation ending the sentence before ("in Washington, D.C.
        Tesfaye picked up ..."). Every quote of Kerry went to "Meet John Kerry" (QA helper,
        twenty-first session)."""
        doc = self.doc
        if self._person_words is None:
            self._person_words = {
                tuple(t.text for t in e if t.tag_ != "POS") for e in self.ents if e.label_ == "PERSON"
            }
        first, rest = doc[start], tuple(t.text for t in doc[start + 1 : end])
        if first.text in _PLACE_ABBREVIATIONS:
            return bool(rest) and any(
                w[-len(rest) :] == rest and len(w) > len(rest) for w in self._person_words
            )
        mark = doc[first.i - 1] if first.i > 0 else None
        if mark is not None and mark.text in ("\u201c", "\u2018", '"') and not mark.whitespace_:
            # a title's first word, its mark glued on: “Keep Donald Trump's Finger Off ...”
            rest = tuple(w for t, w in zip(doc[start + 1 : end], rest, strict=True) if t.tag_ != "POS")
            return len(rest) >= 2 and rest in self._person_words and gender_of_first_name(first.text) is None
        if not rest or rest not in self._person_words:
            return False
        if inflected_verb(self.verbs, first.lower_) and headline_line(
            self.text, first.idx, first.idx + len(first.text)
        ):
            # "... Big-Name Senator Endorsed Trump, The Establishment ...": a headline's verb
            return gender_of_person_first_name(first.text) is None
        if not first.is_sent_start:
            return False
        # "Recall Obama promising ..." (an op-ed's imperative, read as one PERSON whose name every
        # "Obama" then took: QA helper, forty-second session): a verb that turns to the reader and
        # is no first name ("Levy Kraus, 15, said": "levy" is a verb too)
        return len(rest) >= 2 or (
            first.lower_ in TO_THE_READER and gender_of_person_first_name(first.text) is None
        )

    def _cased(self, word: str) -> str:
        """A word of a name written in capitals, as the article writes it elsewhere in a
        person's name ("QUILL" -> "Quill", "MCCANN" -> "McCann"), else capitalised."""
        if self._name_case is None:
            self._name_case = {
                t.lower_: t.text for e in self.ents if e.label_ == "PERSON" for t in e if not t.text.isupper()
            }
        return self._name_case.get(word.lower(), word.capitalize())

    def is_modifier(self, n: Name) -> bool:
        """A name used as a modifier ("the Ashby vineyard") is not a mention of the person."""
        root = self.doc[n.start : n.end].root
        head = root.head
        # "Walter Young ponders the carrots": a verb the tagger read as a plural noun, with the
        # name as its modifier; a noun heading the sentence is followed by no article
        if (
            head.dep_ == "ROOT"
            and head.tag_ == "NNS"
            and head.i + 1 < len(self.doc)
            and self.doc[head.i + 1].lower_ in ("the", "a", "an", "his", "her", "their", "its")
        ):
            return False
        if root.dep_ == "compound" and head.i > root.i and head.ent_type_ in ("ORG", "FAC"):
            # "the Clinton Global Initiative University": an organisation's name, whose first word
            # the model tagged a person (QA helper, forty-second session: it made the first bare
            # "Clinton" of a story about Bill his wife's)
            nxt = self.doc[n.end] if n.end < len(self.doc) else None
            if nxt is not None and nxt.ent_iob_ == "B" and nxt.ent_type_ == head.ent_type_:
                return True
        if root.dep_ == "conj" and head.dep_ in ("compound", "nmod") and head.head.pos_ == "NOUN":
            return True  # "messages for Elvis and Gaga fans" (seventh QA read: "Gaga" took a "she")
        listed = root.dep_ == "nmod" and any(c.dep_ == "conj" for c in root.children)  # "Elvis and"
        return (root.dep_ == "compound" or listed) and head.pos_ == "NOUN" and not n.start <= head.i < n.end

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
            lemma = noun.lemma_.lower() or noun.lower_
            lemma = _SAME_OFFICE.get(lemma, lemma)
            before = self.doc[a - 1] if a > 0 and self.doc[a - 1].dep_ == "compound" else None
            spaced = f"{before.lower_} {lemma}" if before is not None else ""
            return spaced if spaced in COLLECTIVE_NOUNS else lemma  # "think tank": a tank is no one
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
            if c.dep_ in ("compound", "amod", "nmod")
            and a - self.rules.role_modifier_tokens <= c.i < a
            and c.pos_ != "DET"
        ]
        words = [c.lower_ for c in sorted(set(left), key=lambda c: c.i)]
        words.append(self.role_head(noun) if b - a == 1 else chain.text.lower())
        return " ".join(words)

    def recent(self, mentions: list[Mention], tok: int, window: int) -> Iterator[tuple[Mention, int]]:
        """Mentions before token ``tok``, latest first, with their distance in sentences."""
        sent = self.sent_of[tok]
        for k in range(bisect.bisect_left(mentions, tok, key=lambda m: m.tok) - 1, -1, -1):
            m = mentions[k]
            d = sent - m.sent
            if d > window:
                return
            yield m, d

    def group_key(self, text: str) -> str:
        surname = family_surname(text) if text.lower().endswith(" family") else None
        if surname is not None:
            return family_key(surname)  # "the Robertson family" is "the Robertsons"
        words = text.lower().replace("’", "'").split()
        while words and words[0] in ("the", "a", "an"):
            words = words[1:]
        if words and words[-1] in ("'s", "'"):
            words = words[:-1]
        key = " ".join(words)
        return key[:-2] if key.endswith("'s") else key

    def written(self, start: int, end: int) -> str:
        """Tokens ``start``..``end`` as the article writes them ("Japan’s", not the model's "Japan's")."""
        return self.text[self.doc[start].idx : self.doc[end - 1].idx + len(self.doc[end - 1])]

    def trim_group(self, start: int, end: int) -> tuple[int, int]:
        """An organisation's name without "the", possessive or parenthesis: "The Post's" -> "Post"."""
        doc = self.doc
        if (
            end - start > 1
            and doc[start].text == "CLOSE"
            and (start == 0 or "\n" in doc[start - 1].text_with_ws)
        ):
            start += 1  # a video box's button: "CLOSE The Defense Department says ..." (61 in news-5k)
        while start < end and doc[start].lower_ == "the":
            start += 1
        end = next((k for k in range(start + 1, end) if doc[k].text == "("), end)  # "Orme (@orme"
        while end > start and (doc[end - 1].tag_ == "POS" or doc[end - 1].is_punct):
            end -= 1
        if end - start > 1 and start >= 2 and doc[start - 1].tag_ == "POS":
            owner = doc[start - 2]
            if doc[end - 1].lower_ in _STATE_BODIES and owner.ent_type_ == "GPE" and owner.head.i == end - 1:
                # "Bulgaria's Foreign Ministry": every nation has one (thirty-second session: with
                # the possessive parsed as one, the label had lost the nation)
                start = owner.left_edge.i
            elif (
                doc[start].lower_ == "office" and owner.ent_type_ in ("ORG", "GPE") and owner.head.i == start
            ):
                start = owner.left_edge.i  # "EPA's Office of Inspector General": every agency has one
        return start, end

    def label(self, span: object, root: Token | None = None) -> str:
        """Source words as a speaker name: "A second" -> "a second", "Critics" -> "critics".

        With ``root``, clauses and appositions hanging on it are left out: "the couple, who have
        been married since 2012" is named "the couple".
        """
        toks = [t for t in span if not t.is_space]  # type: ignore[attr-defined]
        if root is not None:
            cut = {
                d.i
                for c in root.children
                if c.dep_ in ("relcl", "appos", "acl", "advcl")
                and c.i > root.i
                # "those who knew him": a pronoun's clause is what names the people
                and not (c.dep_ == "relcl" and root.lower_ in _BARE_HEADS and len(list(c.subtree)) <= 6)
                for d in c.subtree
            }
            toks = [t for t in toks if t.i not in cut]
            if cut:
                toks = [t for t in toks if t.i < min(cut)]
        opened = next((k for k, t in enumerate(toks) if t.text == "("), None)
        if opened and toks[-1].text == ")":
            toks = toks[:opened]  # "a large majority of Core Conservatives (68%)": the share aside
        while toks and (toks[-1].is_punct or toks[-1].pos_ == "CCONJ" or toks[-1].tag_ == "POS"):
            toks.pop()  # (nor "the story's" of "the story's conclusion that ...": 49th session)
        while toks and (toks[0].is_punct or toks[0].pos_ == "CCONJ"):
            toks.pop(0)
        if not toks:
            return ""
        text = self.text[toks[0].idx : toks[-1].idx + len(toks[-1].text)]
        if text.count("“") != text.count("”"):  # 'a “source with direct knowledge ...' of a quote
            text = text.replace("“", "").replace("”", "")
        first = toks[0]
        j = first.i - 1
        while j >= 0 and self.doc[j].is_space:
            j -= 1
        capitalised_by_position = j < 0 or first.is_sent_start or self.doc[j].is_punct
        acronym = len(first.text) > 1 and first.text.isupper()
        named = first.ent_type_ not in ("", "CARDINAL", "ORDINAL", "QUANTITY", "DATE", "TIME")
        named = named or bool(IRISH_SURNAME.match(first.text))  # 'O’Reilly', however tagged
        if capitalised_by_position and first.pos_ != "PROPN" and not named and not acronym:
            text = text[:1].lower() + text[1:]
        return text


#: Heads that name nobody without the clause after them: "those who knew him".
_BARE_HEADS = frozenset({"those", "anyone", "anybody", "everyone", "everybody", "someone", "somebody"})


#: Plural people-nouns that end a bloc's name ("Reagan Democrats", "Trump Republicans").
#: Last words of a building's or an institution's name, never of a person's.
_BUILDINGS = frozenset({
    "tower", "towers", "center", "centre", "building", "plaza", "hotel", "airport", "avenue",
    "boulevard", "square", "university", "college", "hospital", "stadium", "arena",
})  # fmt: skip
#: First words of a storm's or a landmark's name: "Hurricane Katrina" and "Superstorm Sandy" are
#: no women; a map's "Lake Houston" (read as a PERSON) took a woman's "she said" after "here in
#: Houston" (QA helper, forty-third session).
_STORMS = frozenset({
    "hurricane", "superstorm", "storm", "typhoon", "cyclone", "tropical", "lake", "mount", "mt.",
    "fort", "cape", "river",
})  # fmt: skip
#: Abbreviations of places that end a sentence before a name ("Washington, D.C. Tesfaye said").
_PLACE_ABBREVIATIONS = frozenset({"D.C.", "U.S.", "U.K.", "U.N.", "N.Y.", "N.J.", "E.U."})
_PEOPLE_PLURALS = frozenset(
    {"democrat", "republican", "conservative", "liberal", "progressive", "supporter", "voter"}
)


#: Nouns for one office: "the congressman" is "Rep. Lou Barletta" named before (QA helper,
#: forty-fourth session: it went to "at least one congressman" described further up).
_SAME_OFFICE = dict.fromkeys(("congressman", "congresswoman", "congressperson"), "representative")


def family_key(surname: str, plural: bool = False) -> str:
    """One key for a family however it is named: "the Robertson family", "the Robertsons" and
    "the Joneses" (``plural``) are one group, apart from "Robertson" the person (compare check,
    thirty-first session: the family's statement was three speakers, and the bare surname
    took it to its patriarch)."""
    return "family " + (singular_surname(surname) if plural else surname).lower()


#: Bodies every nation has, whose name says whose only with the nation's possessive before it.
_STATE_BODIES = frozenset({"ministry", "office", "embassy", "parliament", "cabinet", "army", "navy"})
