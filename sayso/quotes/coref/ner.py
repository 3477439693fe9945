"""The model's named entities, mended before coreference reads them.

The small model's NER errs in ways that would put wrong names on speakers: it reads a clause of a
title-case heading as one name, stops a name halfway, runs a dateline or a fronted "Said" into
it, tags names inside page furniture, photo credits and case titles, and reads "The Tribune's Ana
Pell" as one organisation. Each mend is one function here; ``mended_ents`` applies them in order
and is what ``DocView.ents`` holds.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from sayso.quotes.coref.agents import WordClasses, is_common_words, noun_class
from sayso.quotes.coref.lexicon import (
    NAME_PARTICLES,
    NAME_SUFFIXES,
    TITLES,
    gender_of_first_name,
    gender_of_person_first_name,
    title_key,
)
from sayso.quotes.coref.phrases import fronted_cue
from sayso.quotes.furniture import Furniture, dateline_dash, photo_credit

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

    from sayso.quotes.coref.salience import CharRanges
    from sayso.quotes.types import CharSpan


def mended_ents(doc: Doc, text: str, furniture: list[CharSpan], ranges: CharRanges) -> tuple[Span, ...]:
    """The entities coreference reads: mended, and without those that are nobody in the story."""
    ents = [
        whole
        for e in _outside_furniture(doc, text, furniture)
        if (name := _before_clause(doc, e)) is not None
        and not (e.label_ == "PERSON" and photo_credit(text, e.start_char, e.end_char))
        and not _CASE_TITLE.search(text, max(0, e.start_char - 5), e.end_char + 4)
        for whole in [_whole_name(doc, name, ranges)]
    ]
    ents = _persons_tagged_org(
        doc, _the_named(doc, _things_named(_joined_at_prepositions(doc, _gerund_off(ents))))
    )
    found = _untagged_people(doc, text, furniture, _surnames_tagged_org(doc, _described_people(doc, ents)))
    return tuple(_owned_people(doc, _first_names_joined(doc, found)))


def _gerund_off(ents: list[Span]) -> list[Span]:
    """A person's name the model opened with the gerund before it: "Knowing Joe, in this
    calculus, is all that seems to be required" made "Knowing Joe" a person, and a "he" the
    sentence before went to him (QA helper, fifty-first session). The name is the rest."""
    from spacy.tokens import Span as _Span  # the module imports spaCy's types for checking only

    return [
        _Span(e.doc, e.start + 1, e.end, label=e.label_)
        if e.label_ == "PERSON" and len(e) > 1 and e[0].tag_ == "VBG" and e[1].pos_ == "PROPN"
        else e
        for e in ents
    ]


#: Last words of names the model tags as a person's that name a law, a prize or a place of
#: learning ("Patriot Act", "Brennan Center", "Tougaloo College"), and a day after a plural
#: ("Indigenous Peoples Day", "Veterans Day"; not "Kristen Day").
_THING_ENDS = frozenset({"Act", "Amendment", "Award", "Prize", "Center", "College", "University"})


def _things_named(ents: list[Span]) -> list[Span]:
    """Names of a day, a law, a prize or an institution the model tagged a person's are nobody's:
    "Indigenous Peoples Day" was the one person of an article, so "the university president"
    was taken for it (QA helper, forty-fifth session). A known first name keeps a person. So are
    a model's names after its number: the "Max" of "Boeing 737 Max 8" was "the pilot" (QA
    helper, forty-sixth session). Nor is a name cut at a hyphen (``_cut_brand``)."""
    return [
        e
        for e in ents
        if not (e.label_ == "PERSON" and ((len(e) > 1 and _a_thing(e)) or _model(e) or _cut_brand(e)))
    ]


def _cut_brand(e: Span) -> bool:
    """A name cut inside a hyphenated word that goes on in lower case and on again: the "Chick"
    of "Chick-fil-A" was a person, and the chain's speaker (QA helper, forty-seventh session).
    Not a name before a compound adjective ("the Katie Couric-produced documentary")."""
    doc, end = e.doc, e.end
    return (
        end + 2 < len(doc)
        and not doc[end - 1].whitespace_
        and doc[end].text == "-"
        and not doc[end].whitespace_
        and doc[end + 1].is_lower
        and not doc[end + 1].whitespace_
        and doc[end + 2].text == "-"
    )


def _model(e: Span) -> bool:
    before = e.doc[e.start - 1] if e.start > 0 else None
    if before is None or not before.text.isdigit() or len(before.text) < 3 or not before.whitespace_:
        return False
    return not (len(before.text) == 4 and 1800 <= int(before.text) <= 2100)  # "In 2011 Alex Marlo"


def _a_thing(e: Span) -> bool:
    last, before = e[-1], e[-2]
    if gender_of_first_name(e[0].text) is not None or gender_of_person_first_name(e[0].text) is not None:
        return False
    return last.text in _THING_ENDS or (last.text == "Day" and before.tag_ in ("NNPS", "NNS"))


def _the_named(doc: Doc, ents: list[Span]) -> list[Span]:
    """One word after a bare "the" tagged a person is a paper, a team or a thing: "The Hill
    writes that" (QA helper, forty-fifth session: the paper's words went to "Capitol Hill"),
    "The Seahawks", "the Chronicle notes". A person with "the" has words of description ("the
    younger Mr. Paul", "the special counsel Mueller"), or is called by a first name ("the
    Donald")."""
    from spacy.tokens import Span as _Span  # the module imports spaCy's types for checking only

    out = []
    for ent in ents:
        t = ent[0]
        if (
            ent.label_ == "PERSON"
            and len(ent) == 1
            and [(c.dep_, c.lower_) for c in t.children] == [("det", "the")]
            and gender_of_first_name(t.text) is None
        ):
            ent = _Span(doc, ent.start, ent.end, label="ORG")
        out.append(ent)
    return out


def _persons_tagged_org(doc: Doc, ents: list[Span]) -> list[Span]:
    """A first name and a surname set beside a person noun name a person, whatever the tag.

    The model tags "The envoy, Nikki Haley, said" with "Nikki Haley" as an organisation, and
    the envoy's words were shown with no speaker at all (QA helper, thirty-fifth session). Two
    or three capitalised proper nouns whose first is a known first name, in apposition with a
    noun for a person ("envoy", "spokesman"), are a person; "the company, Acme Corp" is not.
    """
    from spacy.tokens import Span as _Span  # the module imports spaCy's types for checking only

    from sayso.quotes.coref.agents import WordClasses, noun_class

    words = WordClasses.default()
    out = []
    for ent in ents:
        root = ent.root
        described = [root.head] if root.dep_ == "appos" else []
        while described and described[0].dep_ in ("pobj", "prep") and described[0].head.i != described[0].i:
            described = [described[0].head]  # "the envoy to the UN, Nikki Haley": beside the envoy
        beside = [c for c in root.children if c.dep_ == "appos"]
        people = [
            d for d in described + beside if d.pos_ == "NOUN" and noun_class(d.lemma_, words) == "person"
        ]
        if ent.label_ == "ORG" and (
            (people and _person_words(doc, ent.start, ent.end, set()))
            # "Bryannah Slate, a sophomore at ...": a first name the lexicon does not know
            or (_name_shaped(ent) and any(d in beside for d in people))
        ):
            ent = _Span(doc, ent.start, ent.end, label="PERSON")
        out.append(ent)
    return out


def _described_people(doc: Doc, ents: list[Span]) -> list[Span]:
    """A lone capitalised word the model tags an organisation, which the article describes as a
    person where it writes it again ("Vindman, an Army combat veteran who served in Iraq, became
    ...", "Lt. Col. Vindman", "Vindman, who testified"), is that person where it is tagged too.

    The model read 18 of an article's "Vindman"s as an organisation and left the others
    untagged: sayso showed a group "Vindman" beside the person, and with the person's mentions
    halved "He also told investigators" went to Trump (QA helper, fifty-second session). Once
    one mention is a person's, ``extra_names`` takes every other. Not a word the article ever
    writes after "the" or inside a longer name of another kind ("Bloomberg News reported").
    """
    from spacy.tokens import Span as _Span  # the module imports spaCy's types for checking only

    lone = {e[0].text for e in ents if e.label_ == "ORG" and len(e) == 1 and e[0].is_title and e[0].is_alpha}
    if not lone:
        return ents
    words = WordClasses.default()
    other = {t.text for e in ents if len(e) > 1 and e.label_ != "PERSON" for t in e}
    people: set[str] = set()
    for t in doc:
        if t.text not in lone or t.pos_ != "PROPN":
            continue
        if t.text in other or (t.i > 0 and doc[t.i - 1].lower_ == "the"):
            lone.discard(t.text)
        elif _described_as_person(doc, t, words):
            people.add(t.text)
    people &= lone
    if not people:
        return ents
    retag = [e.label_ == "ORG" and len(e) == 1 and e[0].text in people for e in ents]
    return [
        _Span(doc, _given_names(doc, e.start), e.end, label="PERSON") if r else e
        for e, r in zip(ents, retag, strict=True)
    ]


def _given_names(doc: Doc, i: int) -> int:
    """Where a surname's name starts: "Reince Priebus", the model tagging the surname alone."""
    start = i
    while start > 0 and (t := doc[start - 1]).dep_ == "compound" and t.head.i == i and not t.ent_type_:
        if t.pos_ != "PROPN" or not t.is_title or title_key(t.text) in TITLES:
            break
        start -= 1
    return start


def _described_as_person(doc: Doc, t: Token, words: WordClasses) -> bool:
    """Whether a lone name is set beside a noun for a person ("Vindman, an Army veteran"), has
    a relative clause of "who" ("Vindman, who testified"), or follows a person's title."""
    beside = [c for c in t.children if c.dep_ == "appos"] + ([t.head] if t.dep_ == "appos" else [])
    if any(b.pos_ == "NOUN" and noun_class(b.lemma_, words) == "person" for b in beside):
        return True
    relatives = [c for c in t.children if c.dep_ == "relcl"]
    if any(w.lower_ in ("who", "whom", "whose") for c in relatives for w in c.children):
        return True
    return t.i > 0 and title_key(doc[t.i - 1].text) in TITLES and doc[t.i - 1].is_title


def _surnames_tagged_org(doc: Doc, ents: list[Span]) -> list[Span]:
    """A hyphened surname of a person named in full, tagged as an organisation: "Al-Moallem told
    reporters" after "Foreign Minister Walid al-Moallem" was someone else, and the next "he said"
    went to Bashar Assad (QA helper, forty-fourth session); "Ocasio-Cortez said" likewise."""
    from spacy.tokens import Span as _Span  # the module imports spaCy's types for checking only

    surnames = {p[-1].lower() for e in ents if e.label_ == "PERSON" and len(p := name_parts(e)) > 1}
    out = []
    for ent in ents:
        parts = name_parts(ent) if ent.label_ == "ORG" else ()
        if len(parts) == 1 and "-" in parts[0] and parts[0].lower() in surnames:
            ent = _Span(doc, ent.start, ent.end, label="PERSON")
        out.append(ent)
    return out


def _first_names_joined(doc: Doc, ents: list[Span]) -> list[Span]:
    """A first name the model left untagged beside one it tagged a person's: "Jonah and Ramesh
    say", "Ramesh and Jonah write" (QA helper, fifty-first session: a column answering two
    colleagues gave all their words to Jonah alone). Only a lone capitalised word, no title,
    joined by "and" to a lone first name the register knows: the article calls both by first
    names."""
    from spacy.tokens import Span as _Span  # the module imports spaCy's types for checking only

    taken = {i: e for e in ents for i in range(e.start, e.end)}
    added = []
    for t in doc:
        if t.i in taken or t.ent_type_ or t.pos_ != "PROPN" or not t.is_title or not t.is_alpha:
            continue
        if t.tag_ == "NNPS" or title_key(t.text) in TITLES:
            continue  # "Obama and Presidents Otto Perez Molina of Guatemala, ...": a title
        partner = t.head if t.dep_ == "conj" else next((c for c in t.children if c.dep_ == "conj"), None)
        if partner is None or partner.i == t.i or (e := taken.get(partner.i)) is None or e.label_ != "PERSON":
            continue  # (the partner a name the model tagged a person's)
        cc = t if t.dep_ != "conj" else partner
        if not any(c.dep_ == "cc" and c.lower_ == "and" for c in cc.children):
            continue
        lone = all(k < 0 or doc[k].dep_ != "compound" for k in (t.i - 1, partner.i - 1))
        if lone and gender_of_person_first_name(partner.text) is not None:
            added.append(_Span(doc, t.i, t.i + 1, label="PERSON"))
    return sorted(ents + added, key=lambda e: e.start) if added else ents


def _untagged_people(doc: Doc, text: str, furniture: list[CharSpan], ents: list[Span]) -> list[Span]:
    """A first name the register knows before a capitalised surname, the two tagged nowhere or
    the surname alone as something else: "Republican strategist Ana Navarro said ...", the
    model reading "Navarro" as an organisation (QA helper, fifty-first session: "She said" had
    no speaker, and a transcript's "NAVARRO:" turns were nobody's). Only the two words alone,
    the surname no common word ("Georgia Power")."""
    from spacy.tokens import Span as _Span  # the module imports spaCy's types for checking only

    words = WordClasses.default()
    taken = {i: e for e in ents for i in range(e.start, e.end)}
    added: dict[int, Span] = {}
    for t in doc[:-1]:
        s = doc[t.i + 1]
        if t.i in taken or not (t.is_title and s.is_title) or t.pos_ != "PROPN" or s.pos_ != "PROPN":
            continue
        if t.lower_ in NAME_PARTICLES:
            continue  # "De Blasio" is one surname
        surname = taken.get(s.i)
        if (
            t.dep_ != "compound"
            or t.head.i != s.i
            or (surname is not None and (len(surname) > 1 or surname.label_ == "PERSON"))
        ):
            continue  # (a surname in a longer name the model found is left to it)
        longer = (s.i + 1 < len(doc) and doc[s.i + 1].pos_ == "PROPN") or (
            t.i > 0 and doc[t.i - 1].pos_ == "PROPN"
        )
        if (
            longer
            or gender_of_person_first_name(t.text) is None
            or not s.is_alpha
            or is_common_words([s.text], words)
        ):
            continue
        start, end = t.idx, s.idx + len(s.text)
        if photo_credit(text, start, end) or any(a <= start < b for a, b in furniture):
            continue  # a photographer's credit, a gallery's caption: nobody in the story
        added[s.i] = _Span(doc, t.i, s.i + 1, label="PERSON")
    if not added:
        return ents
    return sorted([e for e in ents if e.start not in added] + list(added.values()), key=lambda e: e.start)


def _joined_at_prepositions(doc: Doc, ents: list[Span]) -> list[Span]:
    """Two names of one kind split after a preposition or "and" are one: the model tags "The
    Foundation for Individual Rights in" and "Education" apart, and the foundation was shown as
    "Foundation for Individual Rights in". A name never ends in such a word."""
    from spacy.tokens import Span as _Span  # the module imports spaCy's types for checking only

    out: list[Span] = []
    for ent in ents:
        prev = out[-1] if out else None
        if (
            prev is not None
            and prev.end == ent.start
            and prev.label_ == ent.label_ != "PERSON"  # "George W. and George H.W. Bush": two
            and doc[prev.end - 1].pos_ in ("ADP", "CCONJ")
        ):
            out[-1] = _Span(doc, prev.start, ent.end, label=ent.label_)
            continue
        out.append(ent)
    return out


def _owned_people(doc: Doc, ents: list[Span]) -> Iterator[Span]:
    """A person named after an organisation's possessive is a person of their own.

    The model reads "The Tribune’s Ana Pell" as one organisation, or tags "National Review’s"
    and leaves "Rich Lowry" untagged; the reporter was then shown as "Tribune’s Ana Pell", or
    nobody at all. Two or three capitalised proper nouns after the possessive, ending the
    phrase, whose first word is a known first name or whose last is a surname the article
    names a person by, are a person; the organisation keeps its words up to the possessive. A
    first name the model left out between the possessive and a surname it tagged joins the name.
    """
    from spacy.tokens import Span as _Span  # the module imports spaCy's types for checking only

    surnames = {e[-1].text for e in ents if e.label_ == "PERSON"}
    for ent in ents:
        if ent.label_ == "PERSON":
            first = ent.start - 1  # "The Ledger’s Ana Pell" with "Pell" alone tagged: the name whole
            if (
                first > 0
                and doc[first - 1].tag_ == "POS"
                and doc[first].ent_iob_ == "O"
                and doc[first].head.i == ent.end - 1
                and _person_words(doc, first, ent.end, surnames)
            ):
                ent = _Span(doc, first, ent.end, label="PERSON")
            yield ent
            continue
        poss = next((t.i for t in ent if t.tag_ == "POS"), None)
        if poss is not None and poss + 1 < ent.end and _person_words(doc, poss + 1, ent.end, surnames):
            yield _Span(doc, ent.start, poss + 1, label=ent.label_)
            yield _Span(doc, poss + 1, ent.end, label="PERSON")
            continue
        yield ent
        if ent[-1].tag_ != "POS":
            continue
        end = ent.end
        while end < len(doc) and end - ent.end < 3 and doc[end].ent_iob_ == "O" and doc[end].pos_ == "PROPN":
            end += 1
        if end - ent.end >= 2 and ent.root.head.i == end - 1 and _person_words(doc, ent.end, end, surnames):
            yield _Span(doc, ent.end, end, label="PERSON")


def _name_shaped(words: Span) -> bool:
    """Two or three capitalised proper nouns, none a title: how a person's name looks."""
    return (
        2 <= len(words) <= 3
        and title_key(words[0].text) not in TITLES
        and all(t.pos_ == "PROPN" and t.text[:1].isupper() and not t.text.isupper() for t in words)
    )


def _person_words(doc: Doc, start: int, end: int, surnames: set[str]) -> bool:
    """Whether ``doc[start:end]`` reads as a person's first name and surname (see ``_owned_people``)."""
    words = doc[start:end]
    return _name_shaped(words) and (
        gender_of_first_name(words[0].text) is not None or words[-1].text in surnames
    )


#: A surname with an apostrophe after its first letter or two ("O’Steen", "D'Angelo"), which the
#: model rarely knows.
IRISH_SURNAME = re.compile(r"^[A-Z][a-z]?['’][A-Z][a-z]+$")


_FINITE = frozenset({"VBD", "VBZ", "VBP", "MD"})


def _before_clause(doc: Doc, ent: Span) -> Span | None:
    """The entity without a clause the model read into it, or None when nothing is left.

    In a heading in title case the model may tag a whole clause as one name ("The
    Administration Announced That Many Individual Policies Would Be Changed": one ORG), which
    became a speaker's name. A name holds no finite verb whose subject stands inside it before
    the verb: the name ends before that subject's clause verb."""
    for t in ent:
        if t.tag_ in _FINITE and any(
            c.dep_ in ("nsubj", "nsubjpass") and ent.start <= c.i < t.i for c in t.children
        ):
            from spacy.tokens import Span as _Span  # imported for checking only at module level

            return _Span(doc, ent.start, t.i, label=ent.label_) if t.i > ent.start else None
    return ent


def surname_he(doc: Doc, i: int) -> bool:
    """Whether a capitalised "He" inside a sentence ends the person's name before it: "Vice
    Premier Liu He met ...". The model tags it a pronoun; as one it began a chain of "he" that
    the next sentence's "He optimistically added" continued, and Trump's words went to "Liu"
    (QA helper, forty-fourth session)."""
    t = doc[i]
    if t.text != "He" or t.is_sent_start or i == 0:
        return False
    prev = doc[i - 1]
    return prev.ent_type_ == "PERSON" and "\n" not in prev.whitespace_


def _given_name_before(doc: Doc, ent: Span) -> bool:
    """Whether the word before a person entity is a first name the model left out of it: a
    capitalised compound of the name, untagged, no title, that the name register knows."""
    if ent.start == 0:
        return False
    prev = doc[ent.start - 1]
    return (
        prev.pos_ == "PROPN"
        and prev.dep_ == "compound"
        and ent.start <= prev.head.i < ent.end
        and not prev.ent_type_
        and "\n" not in prev.whitespace_
        and title_key(prev.text) not in TITLES
        and prev.lower_ not in _RANKS
        and noun_class(prev.lower_, WordClasses()) is None  # not "Pope Francis", "Rabbi Steven Moss"
        and gender_of_person_first_name(prev.text) is not None
    )


#: Ranks the name register also holds as first names ("Major Jason Brezler").
_RANKS = frozenset({"major", "private", "corporal", "admiral", "colonel", "commander", "marshal", "elder"})


def _whole_name(doc: Doc, ent: Span, furniture: CharRanges) -> Span:
    """A person entity that stops inside its name runs on to the name's last word.

    The small model reads some names by halves ("NORA" of a transcript's "NORA QUILL:", "Rhys"
    of "Rhys O’Malley", whose surname it tags a common noun): the name runs on over the
    capitalised words it is a compound of, on the same line. An entity that opens with a
    dateline ("CLEVELAND - Donald Trump", read as one ORG) starts after its dash."""
    from spacy.tokens import Span as _Span  # the module imports spaCy's types for checking only

    dash = dateline_dash(doc[ent.start])
    if dash is not None and dash + 1 < ent.end:
        ent = _Span(doc, dash + 1, ent.end, label=ent.label_)
    if fronted_cue(doc, ent.start, ent.end):  # "Said Ryan: “...”"
        ent = _Span(doc, ent.start + 1, ent.end, label=ent.label_)
    if ent.label_ != "PERSON":
        return ent
    if _given_name_before(doc, ent):
        # "London Mayor Sadiq Khan", tagged "Khan" alone: as a bare surname it joined the "Harun
        # Khan" named before, who took the mayor's four lines (QA helper, forty-fourth session)
        ent = _Span(doc, ent.start - 1, ent.end, label=ent.label_)
    end = ent.end
    if end + 1 < len(doc) and doc[end].text == "," and doc[end + 1].text.rstrip(".").lower() in NAME_SUFFIXES:
        # "Donald Trump, Jr.": the son, whom the name without the suffix had made his father
        return _Span(doc, ent.start, end + 2, label=ent.label_)
    if end < len(doc) and doc[end].text[:1].isupper() and nickname_at(doc, end - 3, end + 1):
        end += 1  # 'Roger “Sing”' of 'Roger “Sing” Oldham', whose surname the NER read as a place
    if end < len(doc) and surname_he(doc, end):
        return _Span(doc, ent.start, end + 1, label=ent.label_)  # "Liu He"
    while (
        end < len(doc)
        and (
            (doc[end - 1].dep_ == "compound" and doc[end - 1].head.i == end)
            or IRISH_SURNAME.match(doc[end].text) is not None  # "David O’Steen": "O’Steen" a number
        )
        and doc[end].pos_ in ("PROPN", "NOUN", "NUM")  # a surname it does not know: "O’Malley" a noun
        and doc[end].text[:1].isupper()
        and doc[end].ent_iob_ != "B"  # not into the next entity
        and "\n" not in doc[end - 1].whitespace_
        and doc[end].idx not in furniture  # "Sen. Ann Ruiz Mary (Ann) RuizDemocrats ... MORE"
    ):
        end += 1
    if end == ent.end:
        return ent
    return _Span(doc, ent.start, end, label=ent.label_)


#: A party of a court case ("Burwell v. Hobby Lobby"): a name in a case's title is nobody in the
#: story, yet it was the nearest man before "he sided with" (pronoun check of real news).
_CASE_TITLE = re.compile(r"\sv\.\s")


def _outside_furniture(doc: Doc, text: str, spans: list[CharSpan]) -> tuple[Span, ...]:
    """The named entities, without the names inside page furniture ("Shelley Wellons Moore
    CapitoGaetz: ..." of a link blurb would give a person a garbled name); one that runs into a
    blurb ("President Trump Donald John TrumpHealth ...") is cut where the blurb starts."""
    if not spans:
        return tuple(doc.ents)
    furniture = Furniture(spans)
    out = []
    for ent in doc.ents:
        a, b = ent.start_char, ent.end_char
        if not furniture.chars_in((a, b)):
            out.append(ent)
            continue
        cut = furniture.cut(text, (a, b))
        if cut is not None and furniture.chars_in((a, a + 1)) == 0:
            kept = doc.char_span(cut[0], cut[1], label=ent.label_, alignment_mode="contract")
            if kept is not None and len(kept):
                out.append(kept)
    return tuple(out)


#: The marks around a nickname inside a name.
NICKNAME_MARKS = frozenset({"“", "”", '"'})


def nickname_at(doc: Doc, k: int, end: int) -> bool:
    """Whether ``doc[k]`` opens a quoted nickname inside a name: 'Robert “Bobby” Vance' (the
    name stopped at the mark, and "The coach, Robert “Bobby” Vance, said" went to "the coach")."""
    return (
        k >= 0
        and k + 3 < end
        and doc[k].text in NICKNAME_MARKS
        and doc[k + 2].text in NICKNAME_MARKS
        and doc[k + 1].text[:1].isupper()
        and doc[k + 3].text[:1].isupper()
    )


#: Particles hyphened to a surname ("Walid al-Moallem"; QA helper, forty-fourth session: the
#: name was cut to "Walid", and "Al-Moallem" opening a sentence was someone else).
HYPHENED = frozenset({"al", "el", "bin", "ibn", "abu", "abd"})


def name_parts(toks: Span) -> tuple[str, ...]:
    """The capitalised words of a name, a hyphenated one as one word: "Melania Knauss-Trump" is
    (Melania, Knauss-Trump), so a bare "Trump" is not her surname (QA helper, twenty-first
    session: every "Trump said" of a gallery that never names him in full went to her)."""
    parts: list[str] = []
    glue = False
    quoted = False
    for t in toks:
        if t.text in NICKNAME_MARKS:  # 'Robert “Bobby” Vance' is (Robert, Vance)
            quoted = not quoted
            continue
        if quoted:
            continue
        if t.text == "-" and parts and not t.whitespace_ and not t.nbor(-1).whitespace_:
            glue = True
            continue
        if t.lower_ in HYPHENED and t.i + 2 < len(t.doc) and t.nbor(1).text == "-" and not t.whitespace_:
            parts.append(t.lower_)  # "al-Moallem", "Al-Moallem": one surname, however cased
        elif t.text[:1].isupper():
            if glue:
                parts[-1] += "-" + t.text
            else:
                parts.append(t.text)
        elif glue and t.is_alpha:  # "Kim Jong-un" is "Kim Jong Un", one person however spelt
            parts.append(t.text.capitalize())
        glue = False
    return tuple(parts)
