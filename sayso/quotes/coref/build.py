"""The passes that build the entity index, in order: names, gender and roles, groups, nominals.

1. names: PERSON entities cleaned and clustered (full names first, then short forms join
   them), plus lone words that match a known name the NER missed;
2. evidence: titles, gendered nouns in appositions and compounds, roles, and pronouns whose
   referent is unambiguous give persons a gender and descriptions;
3. groups: organisations, families ("the Baldwins"), plural and collective subjects, pairs
   ("Alec and Hilaria");
4. nominals: unnamed people introduced with an indefinite gendered noun ("a woman").

Each pass is a function of the index, linear in the article.
"""

from __future__ import annotations

import bisect
from dataclasses import replace
from typing import TYPE_CHECKING

from sayso.names import singular_surname
from sayso.quotes.coref.agents import WordClasses, is_common_words, noun_class
from sayso.quotes.coref.entities import Entity, Mention, Name, Role
from sayso.quotes.coref.genders import first_name_votes, pronoun_votes
from sayso.quotes.coref.index import EntityIndex
from sayso.quotes.coref.lexicon import (
    COLLECTIVE_NOUNS,
    GROUP_LABELS,
    KIN_NOUNS,
    MONTHS,
    NAME_PARTICLES,
    PLATFORMS,
    TITLE_ROLES,
    TITLES,
    gender_of_first_name,
    gender_of_noun,
    gender_of_person_first_name,
    title_key,
)
from sayso.quotes.coref.namesakes import (
    given_name_before,
    junior_of,
    middles_apart,
    middles_differ,
    named_as_kin,
    rank_namesakes,
    suffixed,
)
from sayso.quotes.coref.nominals import collect_called, collect_nominals
from sayso.quotes.coref.organisations import SPEAKING_KINDS, joined_by_and
from sayso.quotes.coref.phrases import whose_phrase
from sayso.quotes.coref.places import of_organisation
from sayso.quotes.coref.view import family_key

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token


#: Entity labels the small model gives two-word personal names it does not know.
_KIN_LABELS = GROUP_LABELS | {"LOC", "FAC"}


def collect_names(index: EntityIndex, words: WordClasses) -> tuple[list[Name], list[tuple[int, int]]]:
    """Person name mentions, and the token ranges of plural family names ("the Baldwins")."""
    doc = index.view.doc
    names: list[Name] = []
    families: list[tuple[int, int]] = []
    surnames = {e[-1].text for e in index.view.ents if e.label_ == "PERSON"}
    full_surnames = {e[-1].text for e in index.view.ents if e.label_ == "PERSON" and len(e) > 1}
    for ent in index.view.ents:
        titled = (
            ent.label_ in GROUP_LABELS
            and len(ent) >= index.rules.titled_org_min_tokens
            and title_key(ent[0].text) in TITLES
        )
        # "Nikki Haley" read as an ORG all through an article that names her husband "Michael
        # Haley" as a PERSON, "Crystal Ghassemi" read as a place before "Ms. Ghassemi said": two
        # proper nouns ending in a word the NER reads as a person elsewhere are a person.
        kin = (
            ent.label_ in _KIN_LABELS
            and len(ent) == 2
            and ent[-1].text in surnames
            and all(t.pos_ == "PROPN" and t.text[:1].isupper() for t in ent)
        )
        # "Eleanor Smeal, president of the Feminist Majority, said": two proper nouns the NER
        # read as an organisation, described by a person's title or a gendered noun.
        # "film actress Stormy Daniels, who said": a person's noun set right before them.
        described = (
            ent.label_ in _KIN_LABELS
            and len(ent) == 2
            and all(t.pos_ == "PROPN" and t.text[:1].isupper() for t in ent)
            and any(
                (c.dep_ == "appos" and (title_key(c.text) in TITLES or gender_of_noun(c.lower_) is not None))
                or (c.dep_ == "compound" and c.i == ent.start - 1 and noun_class(c.lemma_, words) == "person")
                for c in ent.root.children
            )
            and not any(title_key(t.text) in TITLES for t in ent)  # "spokesman Rear Adm. John Kirby"
        )
        # "Secretary of Defense Lloyd Austin": the NER reads "Defense Lloyd Austin" as an ORG;
        # its first word ends the title before it (second QA helper, twentieth session: the
        # secretary was the group "Defense Lloyd Austin").
        office = (
            ent.label_ in _KIN_LABELS
            and len(ent) == 3
            and ent.start > 0
            and doc[ent.start - 1].lower_ == "of"
            and ent[-1].text in surnames
            and all(t.pos_ == "PROPN" and t.text[:1].isupper() for t in ent)
        )
        if _family_named_as_group(doc, ent, surnames):
            families.append((ent.start, ent.end))  # "the Robertsons" read as an ORG
            continue
        if ent.label_ in GROUP_LABELS and (n := _name_ending_group(index, ent, words)) is not None:
            names.append(n)  # "Virginia Delegate Kathy Tran", read as an ORG
            continue
        if ent.label_ != "PERSON" and not titled and not kin and not described and not office:
            # the NER reads "Baker Talia Kerr" as an ORG
            continue
        if len(ent) == 1 and ent[0].lower_ in PLATFORMS:
            continue  # "On Twitter, he said": a platform, not the "he"
        if ent.label_ == "PERSON" and (_listed_among_things(ent, words) or _a_persons_body(ent)):
            continue
        if len(ent) == 1 and ent[0].lower_ in MONTHS and ent[0].text not in full_surnames:
            # "As May approached, she was again out of money": the month, not a woman who is
            # the "she" (seventh QA read); "May said" stays Theresa May where she is named.
            continue
        n = index.view.clean_name(ent.start + (1 if office else 0) - _acronym_before(doc, ent), ent.end, True)
        if n is None or index.view.is_modifier(n) or (len(n.parts) == 1 and n.parts[0].lower() in PLATFORMS):
            continue
        if (
            len(n.parts) == 1
            and n.parts[0].endswith("s")
            and (doc[n.start].tag_ == "NNPS" or (n.start > 0 and doc[n.start - 1].lower_ == "the"))
        ):
            families.append((n.start, n.end))
            continue
        if (
            len(ent) == 1
            and ent.start > 0
            and doc[ent.start - 1].text == "the"
            and doc[ent.start - 1].head == ent.root
            and ent.root.dep_ not in ("nsubj", "nsubjpass", "poss")
        ):
            # "her last day at the Bellagio": a hotel, no person, and none that a later "she"
            # means; not "the victorious Trump" (a person described), a subject ("the Chronicle
            # reported": a paper, which the name links to "San Francisco Chronicle"), nor a name
            # whose capital "The" is its own ("The Hill")
            continue
        if _job_after_age(doc, ent, words):
            continue
        names.append(n)
    return names, families


def _a_persons_body(ent: Span) -> bool:
    """ "The Obama White House", "the Trump campaign", read as a person: a body named after its
    leader, whose bare surname is then no one's (QA helper, forty-first session: every "Obama
    said" went to "Obama White House")."""
    return len(ent) >= 2 and (ent[-2:].text == "White House" or ent[-1].lower_ in _LEADERS_BODIES)


#: Bodies named after the one who leads them.
_LEADERS_BODIES = frozenset(
    {"administration", "campaign", "team", "cabinet", "presidency"}
)  # not "Dave Camp"


def _acronym_before(doc: Doc, ent: Span) -> int:
    """1 when the NER left out an acronym that begins a one-word name: of "TV Line quoted ..."
    it tags only "Line" (seventh QA read: the site was shown as "Line"); "DJ Ray" too."""
    if len(ent) != 1 or ent.start == 0:
        return 0
    t = doc[ent.start - 1]
    if (
        not (len(t.text) >= 2 and t.text.isalpha() and t.text.isupper())
        or t.ent_type_
        or title_key(t.text) in TITLES
    ):
        return 0
    return 1 if t.dep_ == "compound" and t.head.i == ent.start else 0


def _job_after_age(doc: Doc, ent: Span, words: WordClasses) -> bool:
    """A job in a portrait caption, "Ana Ruiz, 41, Guest-room Attendant, Reno.": the NER tags
    the capitalised job a person, and as the nearer person it took her "she" (seventh QA read:
    "Attendant" and "Gaga Impersonator" were shown as speakers). An apposition (or the parse's
    conjunct) after a name and an age that ends in a person's noun ("attendant", "impersonator")
    and opens with no first name after its titles ("Tom Baker, 44" is a man; "Lady Gaga
    Impersonator" a job) is her job."""
    start = ent.root.left_edge.i
    if (
        ent.root.dep_ not in ("appos", "conj")
        or start < 2
        or doc[start - 1].text != ","
        or not doc[start - 2].like_num
    ):
        return False
    first = start
    while first < ent.end - 1 and title_key(doc[first].text) in TITLES:
        first += 1
    last = doc[ent.end - 1].lower_
    if gender_of_first_name(doc[first].text) is not None or last not in words.words:
        return False
    return noun_class(last, words) == "person"


def extra_names(index: EntityIndex, known: set[str], taken: set[int]) -> list[Name]:
    """Lone words that match a known person's name but were not labelled PERSON.

    The small model tags a first name it does not know as GPE, and sometimes even as a verb
    ("Franken tweeted"); a capitalised word that is someone's name in this article is them.
    """
    doc = index.view.doc
    out: list[Name] = []
    in_multi_ent: set[int] = set()
    for ent in index.view.ents:
        if ent.label_ != "PERSON" and len(ent) > 1:
            in_multi_ent.update(range(ent.start, ent.end))
    import numpy as np

    known_ids = np.array([doc.vocab.strings.add(w) for w in known], dtype=index.view.orth.dtype)
    for i in np.flatnonzero(np.isin(index.view.orth, known_ids)).tolist():
        if i in taken or i in in_multi_ent or doc[i].idx in index.view.furniture:
            continue  # (a related story's headline names nobody of this one: "SEE ALSO: Cruz ...")
        t = doc[i]
        if t.pos_ == "PRON":
            continue  # "He optimistically added" is no "Liu He" (QA helper, forty-fourth session)
        if t.i + 1 < len(doc) and doc[t.i + 1].pos_ == "PROPN" and doc[t.i + 1].text[:1].isupper():
            continue  # part of a longer proper name we do not know
        if any(c.dep_ == "det" and c.lower_ == "the" for c in t.lefts):
            continue  # "The Hill reported" beside "Rep. Katie Hill": a name with "the" is a paper's
        # "Alicia DeLaFosse said", untagged: her whole name, not her son's surname (QA helper,
        # thirty-fifth session: her words went to "Brandon DeLaFosse"), when her first name is
        # one the article gives someone of that surname
        prev = doc[t.i - 1] if t.i > 0 else t
        # Nor a first name only the name register knows ("Ivanka Trump also claimed ...", her
        # first name read as a product's: the president's words, forty-second session)
        register = prev.is_title and gender_of_person_first_name(prev.text) is not None
        given = prev.text in known or (register and title_key(prev.text) not in TITLES)
        whole = prev.dep_ == "compound" and prev.head.i == t.i and prev.pos_ == "PROPN" and given
        whole = whole and prev.lower_ not in NAME_PARTICLES  # "De Blasio" is one surname
        n = (whole and index.view.clean_name(t.i - 1, t.i + 1, False)) or index.view.clean_name(
            t.i, t.i + 1, False
        )
        if n is not None and not index.view.is_modifier(n):
            out.append(n)
    return out


def cluster_names(index: EntityIndex, names: list[Name]) -> None:
    doc = index.view.doc
    full = sorted((n for n in names if len(n.parts) > 1), key=lambda n: (-len(n.parts), n.start))
    by_last: dict[str, list[Entity]] = {}
    kin: set[int] = set()  # persons named as someone's relative: "his son Eric Chase Bolling"
    for n in full:
        fits = []
        as_kin = named_as_kin(doc, n.start)
        for e in by_last.get(n.parts[-1], ()):
            same_ends = (
                n.parts[0] == e.parts[0]
                and n.parts[-1] == e.parts[-1]
                and not middles_differ(n.parts, e.parts)
            )
            contained = n.parts[-1] == e.parts[-1] and set(n.parts) <= set(e.parts)
            relatives = n.parts != e.parts and as_kin != (id(e) in kin) and not suffixed(n.parts)
            if (
                (same_ends or contained)
                and not (n.title and e.gender and n.title != e.gender)
                and not relatives
            ):
                fits.append(e)
        # "Duncan Hunter" with "Duncan L. Hunter" (the father) and "Duncan Duane Hunter" (the
        # son) both named: either may be meant, so neither (QA helper, thirty-ninth session: the
        # son's words went to the father)
        target = fits[0] if len(fits) == 1 or (fits and not middles_apart(fits)) else None
        if target is None:
            target = Entity("person", parts=n.parts)
            index.persons.append(target)
            by_last.setdefault(n.parts[-1], []).append(target)
            kin |= {id(target)} if as_kin else set()
        index.add_name(target, n)
    # Gender and roles from full-name mentions first: a title on a short form needs them.
    for e in index.persons:
        for m in e.mentions:
            roles_and_gender(index, e, m)
    first_name_votes(index)
    pronoun_votes(index)
    by_part: dict[str, list[Entity]] = {}  # first and last names of full-name persons
    for e in index.persons:
        for part in {e.parts[0], e.parts[-1], e.surname}:  # ("Jackson" of "Jesse Jackson Jr.")
            by_part.setdefault(part, []).append(e)
    short_uses: dict[str, dict[int, int]] = {}  # short name -> id(entity) -> times it stood for it
    shorts = sorted((n for n in names if len(n.parts) == 1), key=lambda n: n.start)
    first_full = {id(e): min((m.tok for m in e.mentions), default=-1) for e in index.persons}
    short_at: dict[str, list[int]] = {}  # bare name -> its token positions, in order
    for n in shorts:
        short_at.setdefault(n.parts[0], []).append(n.start)
    apart: dict[str, set[int]] = {}  # bare surname -> the namesakes named beside it
    for n in shorts:
        apart.setdefault(n.parts[0], set()).update(id(e) for e in _namesakes_beside(index, n))
    first_short: dict[str, Name] = {}  # bare name -> its first use
    for n in shorts:
        first_short.setdefault(n.parts[0], n)
    for n in shorts:
        w = n.parts[0]
        cands = list(by_part.get(w, ()))
        if _office_before(first_short[w], cands, first_full):
            cands = []  # "President Obama ... first lady Michelle Obama ... Obama said": his
        if apart.get(w) and not n.title:
            # "Trump and first lady Melania Trump": the bare name is not the relative named
            # beside it, there or anywhere (QA read, twenty-fourth session: the president's
            # words went to her); "Mrs. Trump" still is.
            cands = [e for e in cands if id(e) not in apart[w]]
        given = given_name_before(doc, n, cands)
        if given:
            cands = given
        family = len(cands) > 1 or (bool(cands) and all(_kin(e) for e in cands))
        if (
            family
            and not given
            and bisect.bisect_left(short_at[w], min(first_full[id(e)] for e in cands)) >= SHORT_IN_USE
        ):
            # A family named in full only after the bare surname has long been in use (a photo
            # gallery's "Trump walks on stage ..." before "Ivana Trump", "Melania Trump"): the
            # bare name is someone of its own, not whichever relative comes nearest (QA helper,
            # twenty-first session: every "Trump said" went to his first wife). So is one relative
            # alone ("his father, Frederick Trump": thirtieth session, every "Trump said" his).
            cands = []
        if n.has_title:  # "Mrs. Baldwin" is a surname
            cands = [e for e in cands if e.last == w] or cands
            held = [e for e in cands if _holds_titles(e, n)]  # "Rev. Scalia": "Rev. Paul", not "Justice"
            cands = held or [e for e in cands if not junior_of(e, n)]  # "President Trump": no "Jr."
        if n.title:
            # Pronoun guesses pick among namesakes ("Mrs. Clinton" between Bill and Hillary), but
            # may not rule out the one person with the surname: her "her" may be someone else
            # ("says Phil Trounstine. ... saves her from ..., says Mr. Trounstine"). Joined so,
            # the title casts no vote: it stands against the pronouns, and a "Mr. Marsh" never
            # named in full beside a "Lena Marsh" must not make her "she" someone else's.
            agreed = [e for e in cands if e.gender in (None, n.title)]
            if not agreed:
                agreed = [e for e in cands if e.named_gender in (None, n.title)]
                n = replace(n, title=None) if agreed else n
            cands = agreed
        if not cands:
            cands = [
                e
                for e in index.persons
                if e.parts == (w,) and not (n.title and e.gender not in (None, n.title))
            ]
        if len(cands) > 1:
            k = bisect.bisect_left(short_at[w], n.start)
            since = doc[short_at[w][k - 1]].idx if k else 0
            cands = rank_namesakes(index, cands, n, short_uses.get(w, {}), since)
        if cands:
            target = cands[0]
        else:
            target = Entity("person", parts=(w,), apart=bool(apart.get(w)))
            index.persons.append(target)
        # A guess ahead of any mention ("Obama is set to ..." in a headline) establishes nothing.
        if target.mentions and target.mentions[0].start < doc[n.start].idx:
            uses = short_uses.setdefault(w, {})
            uses[id(target)] = uses.get(id(target), 0) + 1
        m = index.add_name(target, n)
        roles_and_gender(index, target, m)


def _listed_among_things(ent: Span, words: WordClasses) -> bool:
    """A "person" the model found in a list of things: "education grants, Head Start, nutrition
    programs" (a program), which took the next paragraph's "she said" (QA helper, thirty-seventh
    session). A conjunct between common nouns that name no one ("grants", "programs")."""
    root = ent.root
    if root.dep_ != "conj" or root.head.tag_ != "NNS" or root.head.ent_type_:
        return False

    def thing(t: Token) -> bool:
        return t.tag_ in ("NN", "NNS") and noun_class(t.lemma_.lower(), words) is None

    return thing(root.head) and any(c.dep_ in ("conj", "appos") and thing(c) for c in root.children)


def _name_ending_group(index: EntityIndex, ent: Span, words: WordClasses) -> Name | None:
    """A person's name the NER took into an organisation with the title before it: "Virginia
    Delegate Kathy Tran said" was a group of that name (thirty-seventh session, news-5k). Three
    words or more, the last two proper nouns, the first of them a known first name."""
    if len(ent) < 3 or not all(t.pos_ == "PROPN" and t.text[:1].isupper() for t in ent[-2:]):
        return None
    if gender_of_first_name(ent[-2].text) is None or not ent[-3].whitespace_ or ent[-3].pos_ != "PROPN":
        return None  # nor "Eva-Maria Schultheis" cut to "Maria Schultheis", "Campaign to Ban Landmines"
    if ent[-1].lower_ in SPEAKING_KINDS or is_common_words([ent[-1].text], words):
        return None  # "the Trump Train", "... Foundation"
    return index.view.clean_name(ent.end - 2, ent.end, True)


def _kin(e: Entity) -> bool:
    """Whether the article names ``e`` as someone's relative ("his father, Fred Dunn")."""
    return any(r.head in KIN_NOUNS for r in e.roles)


def _namesakes_beside(index: EntityIndex, n: Name) -> list[Entity]:
    """The full-named person a bare surname is joined to by "and" in one noun phrase ("Biden
    and his son Hunter Biden"; not "Zarda and Bostock involve Donald Zarda")."""
    doc, w = index.view.doc, n.parts[0]
    if n.end >= len(doc) or doc[n.end].lower_ != "and":
        return []
    for t in doc[n.end + 1 : n.end + 7]:
        m = index.name_at.get(t.i)
        if m is not None:
            return [m.entity] if m.entity.parts[-1] == w and len(m.entity.parts) > 1 else []
        if t.pos_ not in _IN_A_NOUN_PHRASE:
            return []
    return []


_IN_A_NOUN_PHRASE = frozenset({"DET", "ADJ", "NOUN", "PRON", "PUNCT", "PROPN"})


def _office_before(first: Name, cands: list[Entity], first_full: dict[int, int]) -> bool:
    """Whether the bare surname is someone of its own: its first use has an office's title
    ("President Obama" in the lead), before anyone of that surname is named in full, and each
    of them is named with other roles only ("first lady Michelle Obama"). QA helper, forty-first
    session: every "Obama said" of an inaugural report went to the first lady."""
    roles = {TITLE_ROLES.get(t, t)[:6] for t in first.title_words if TITLES[t] is None}
    return bool(roles and cands) and all(
        first_full[id(e)] > first.start and e.roles and not roles & {r.head[:6] for r in e.roles}
        for e in cands  # (a stem: "the presidency Barack Obama had in mind" is his)
    )


def _holds_titles(e: Entity, n: Name) -> bool:
    """Whether ``e`` was named with every title of ``n`` that is a role, not a gender."""
    roles = {TITLE_ROLES.get(w, w) for w in n.title_words if TITLES[w] is None}
    return bool(roles) and roles <= {r.head for r in e.roles}


#: Times a bare surname must stand alone before any namesake is named in full to be its own
#: (a headline's one "Clinton" before "Hillary Clinton" is still hers).
SHORT_IN_USE = 3


def roles_and_gender(index: EntityIndex, e: Entity, m: Mention) -> None:
    view = index.view
    root = view.doc[m.tok]
    nouns: list[Token] = []
    if root.dep_ == "appos" and root.head.pos_ == "NOUN" and not _clause_after_a_noun(root):
        nouns.append(root.head)
    for c in root.children:
        if (c.dep_ == "appos" and c.pos_ == "NOUN") or (c.dep_ == "compound" and c.pos_ == "NOUN"):
            nouns.append(c)
    if root.dep_ in ("nsubj", "nsubjpass") and root.head.lemma_ == "be":
        nouns.extend(c for c in root.head.children if c.dep_ == "attr" and c.pos_ == "NOUN")
    for noun in nouns:
        possessor = next((c.i for c in noun.children if c.dep_ == "poss"), None)
        role = Role(view.role_phrase(noun), view.role_head(noun), possessor, scoped=of_organisation(noun))
        index.add_role(e, role)
        g = gender_of_noun(role.head) or gender_of_noun(noun.lower_)
        if g:
            e.votes[g] = e.votes.get(g, 0) + index.rules.strong_vote_weight


def _clause_after_a_noun(name: Token) -> bool:
    """ "the allegation that a man Omar had once been married to": a name right after an
    indefinite noun, no comma between, is the subject of a clause the parse cut, not the noun's
    name (QA helper, fifty-second session: "a man" made Rep. Omar one). "A senator, Ted Cruz,"
    and "the actress Meryl Streep" are descriptions."""
    noun = name.head
    return (
        noun.i < name.i
        and any(c.dep_ == "det" and c.lower_ in ("a", "an") for c in noun.children)
        and all(not t.is_punct for t in name.doc[noun.i + 1 : name.i])
    )


def _family_named_as_group(doc: Doc, ent: Span, surnames: set[str]) -> bool:
    """ "The Robertsons wrote on their website": the NER reads a family named by its plural
    surname as an organisation; it is one when the article names a person of that surname
    (compare check, thirty-first session). "The Democrats" name no one."""
    if ent.label_ not in GROUP_LABELS or len(ent) != 1 or ent.start == 0:
        return False
    word = ent[0].text
    if doc[ent.start - 1].lower_ != "the" or not word.endswith("s") or not word[:1].isupper():
        return False
    return singular_surname(word) in surnames


def collect_groups(index: EntityIndex, families: list[tuple[int, int]], words: WordClasses) -> None:
    doc = index.view.doc
    for ent in index.view.ents:
        if ent.label_ not in GROUP_LABELS or any(i in index.name_at for i in range(ent.start, ent.end)):
            continue
        start, end = index.view.trim_group(ent.start, ent.end)
        if start >= end or ent.root.dep_ in ("amod", "compound"):  # "the American singer"
            continue
        if _section_label(index.view.text, ent.start_char, ent.end_char):
            continue
        e = index.group(index.view.written(start, end))
        m = index.view.mention(start, end, e)
        e.add(m)
        index.add_antecedent(m, plural=True)
    for start, end in families:
        label = doc[start:end].text
        e = index.group("the " + label, key=family_key(label, plural=True))
        m = index.view.mention(start, end, e)
        e.add(m)
        index.add_antecedent(m, plural=True)
        index.family_at[m.tok] = m
    # "Officials ... They said": plural and collective subjects of the narration.
    for i in index.view.noun_subjects:
        t = doc[i]
        if i in index.view.ent_at or index.view.in_zone(t.idx):
            continue
        if t.tag_ != "NNS" and t.lemma_ not in COLLECTIVE_NOUNS:
            continue
        if noun_class(t.lemma_, words) in (None, "document"):
            continue  # "the records show", "these estimates assume": things, not people
        # the whole modifier: "New York police", not "York police" ("New" hangs on "York")
        start = min([i] + [c.left_edge.i for c in t.lefts if c.dep_ in ("det", "compound", "amod", "poss")])
        # "Same-sex couples and religious dissenters ... They each argue": all of them
        joined = [
            c.i
            for c in t.rights
            if c.dep_ == "conj" and c.tag_ == "NNS" and noun_class(c.lemma_, words) in ("person", "group")
        ]
        joined = joined if joined_by_and(t) else []
        # whom they are of or speak for: "Lawyers for the six plaintiffs" and "Lawyers for 33
        # counties" are two groups, not one "lawyers" (QA helper, forty-second session)
        whose = [] if joined or (of := whose_phrase(t)) is None else [of.right_edge.i]
        span = doc[start : max([i, *joined, *whose]) + 1]
        e = index.group(index.view.label(span))
        if not joined:  # (a later "the supporters" are not "supporters and opponents")
            e = index.describe(e, t)
        m = index.view.mention(start, i + 1, e)
        e.add(m)
        index.add_antecedent(m, plural=True)
    # "Alec and Hilaria": a pair that "they" can refer to; of "Paul, R-Ky., Lee, R-Utah, and
    # Cruz" the whole list, not the "Lee and Cruz" the parse also joins (QA read, 23rd session)
    lists = [(m, index.named_with(index.view.doc[m.tok])) for m in list(index.antecedents)]
    listed = {o.tok for m, others in lists if m.entity.kind == "person" for o in others}
    for m, others in lists:
        if others and m.entity.kind == "person" and m.tok not in listed:
            pair = index.pair(m.entity, *(o.entity for o in others))
            pm = Mention(m.start, others[-1].end, m.tok, m.sent, m.rank, pair)
            pair.add(pm)
            index.add_antecedent(pm, plural=True)
    for m, o in _joined_by(index):
        pair = index.pair(m.entity, o.entity)
        pm = Mention(m.start, o.end, m.tok, m.sent, m.rank, pair)
        pair.add(pm)
        index.add_antecedent(pm, plural=True)


def _joined_by(index: EntityIndex) -> list[tuple[Mention, Mention]]:
    """ "Justice Ames wrote a concurring opinion, joined by Justice Foster. They said ...": the
    two are "they" (QA helper, fortieth session: "they" went to the administration)."""
    doc, found = index.view.doc, []
    for o in index.antecedents:
        t = doc[o.tok]
        if o.entity.kind != "person" or t.dep_ != "pobj" or t.head.dep_ != "agent":
            continue
        joined = t.head.head
        verb = joined.head.head if joined.dep_ == "acl" else joined.head
        if joined.lemma_.lower() not in ("join", "accompany") or joined.dep_ not in ("acl", "advcl"):
            continue
        subj = next((c for c in verb.children if c.dep_ == "nsubj"), None)
        m = index.name_at.get(subj.i) if subj is not None else None
        if m is not None and m.entity.kind == "person" and m.entity is not o.entity:
            found.append((m, o))
    return found


def _section_label(text: str, a: int, b: int) -> bool:
    """Whether ``text[a:b]`` stands in a line that is a section label in capitals ("ANALYSIS/
    OPINION:"): page furniture, not a group "they" could stand for (QA helper, twenty-first
    session: "They both claimed" went to "ANALYSIS")."""
    lo = text.rfind("\n", 0, a) + 1
    hi = text.find("\n", b)
    line = text[lo : hi if hi >= 0 else len(text)].strip()
    return len(line) <= 40 and line.endswith(":") and line.upper() == line and any(c.isalpha() for c in line)


def build(index: EntityIndex, words: WordClasses) -> None:
    names, families = collect_names(index, words)
    known = {p for n in names for p in n.parts}
    taken = {i for n in names for i in range(n.start, n.end)}
    names.extend(extra_names(index, known, taken))
    cluster_names(index, names)
    pronoun_votes(index)
    collect_groups(index, families, words)
    collect_nominals(index)
    collect_called(index)
