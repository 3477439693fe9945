"""Organisations that speak: "it" and "the group" after the organisation named before them.

Split from ``resolve.py``. News names an organisation once and then calls it by its kind:
"the NRA said it will not move the convention. 'Our members ...,' the group said", or "the House
Intelligence Committee ... the committee argued". Both the pronoun and the kind noun used to
become speakers of their own ("its", "the group"), one organisation shown as several.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sayso.quotes.coref.agents import noun_class
from sayso.quotes.coref.entities import Entity
from sayso.quotes.coref.lexicon import COLLECTIVE_NOUNS, TITLES, gender_of_first_name, title_key
from sayso.quotes.coref.phrases import told_something
from sayso.quotes.titles import headline_line

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

    from sayso.quotes.coref.resolve import Resolver

#: How many of the last documents and organisations found to speak are looked over.
SPOKEN_LOOKBACK = 8
#: How many sentences back "the committee" looks for an organisation named "... Committee".
KIND_WINDOW = 4
#: Kinds of organisation that "the <kind>" after one that spoke stands for. Not "the
#: government" or "the administration" (after "the White House said", "the government
#: released a report" is another body), nor sides, families or crowds.
SPEAKING_KINDS = frozenset({
    "group", "organization", "organisation", "company", "firm", "agency", "nonprofit", "charity",
    "coalition", "association", "foundation", "institute", "union", "network", "airline", "bank",
    "newspaper", "magazine", "outlet", "publisher", "retailer", "manufacturer", "insurer",
    "carrier", "operator", "utility", "studio", "chain", "watchdog", "regulator", "center",
    "centre", "bureau", "department", "council", "committee", "board", "commission", "office",
    "authority", "embassy", "club", "league", "party", "campaign", "school", "university",
    "college", "hospital", "church", "clinic", "station", "channel", "service", "federation",
    "alliance", "corporation", "fund", "caucus", "academy", "court",
})  # fmt: skip


def spoke_lately(r: Resolver, root: Token, *, named: bool = False, one: bool = False) -> Entity | None:
    """The document or organisation that spoke last in ``root``'s sentence or the one before
    (``named``: only an organisation the article names; ``one``: not people named in the plural,
    whom an "it" is not: "the Pew Center found that 59 percent of Americans agreed ... when it
    found", thirty-fifth session)."""
    lo = _sentence_before(r, root.sent)
    for at, e in reversed(r.spoken[-SPOKEN_LOOKBACK:]):
        if lo <= at < root.idx and (not named or is_named_group(e)) and not (one and _people(r, e)):
            return e
    return None


#: How many sentences of a quote (or of the same "it": ``_its_own``) between an organisation's
#: words and an "it" still leave it the one speaking: '“...,” the agency said in a statement.
#: “Our job is ... .” ¶ It continued:'.
QUOTED_SENTENCES_BETWEEN = 3


def _sentence_before(r: Resolver, sent: Span) -> int:
    """Where the sentence before ``sent`` starts, going back over the sentences of a quote:
    what a quote says names nobody an "it" after it could be, so the narration before the
    quote is where the speaker is (QA helper, forty-fifth session: "It continued:" after the
    second sentence of a statement had no speaker)."""
    doc = sent.doc
    start = sent.start
    for _ in range(QUOTED_SENTENCES_BETWEEN + 1):
        if start == 0:
            break
        before = doc[start - 1].sent
        start = before.start
        if not _all_quoted(before) and not _its_own(before):
            break
    return doc[start].idx


def _its_own(sent: Span) -> bool:
    """A sentence whose subject is "it", the same "it" going on: "The appeals court said many
    inconsistent things. It let the other bakers refuse. By contrast, it denied that ..." (QA
    helper, forty-eighth session: four "it said"s of the court had no speaker)."""
    root = sent.root  # (not "It's not clear if ...": an expletive, nobody going on)
    return root.pos_ == "VERB" and any(c.dep_ == "nsubj" and c.lower_ == "it" for c in root.children)


def _all_quoted(sent: Span) -> bool:
    """A sentence that is all quote: opened by a mark, closed by one (the parse may keep the
    paragraph break after it in the sentence)."""
    words = [t for t in sent if not t.is_space]
    return len(words) > 2 and words[0].is_quote and words[0].whitespace_ == "" and words[-1].is_quote


def _people(r: Resolver, e: Entity) -> bool:
    """A group named in the plural ("officials"), as a share of people ("59 percent of
    Americans"), or as several ("the mayor and his aides": fifty-first session)."""
    if e.kind != "group" or is_named_group(e):
        return False
    doc = r.view.doc
    if any(c.dep_ == "conj" and c.idx < m.end for m in e.mentions for c in doc[m.tok].children):
        return True
    tok = doc[e.mentions[-1].tok]
    if tok.lemma_.lower() in COLLECTIVE_NOUNS:
        return False  # "a board of directors" is one body
    of = [g for c in tok.children if c.dep_ == "prep" and c.lower_ == "of" for g in c.children]
    return any(t.tag_ in ("NNS", "NNPS") for t in [tok, *of])


def organisation_subject(
    r: Resolver, root: Token, by_name: bool = False, main: bool = False
) -> Entity | None:
    """The named organisation that is the subject of ``root``'s sentence or the one before:
    "The NRA has spent millions on the race. It fears ..." (an "it" that speaks); ``by_name``:
    a subject that is its name, not an "it" taken for it; ``main``: of a main clause. The
    subject may be a part of it: "The state chapter of the NAACP" is the NAACP."""
    doc = r.view.doc
    for m, _ in r.view.recent(r.index.plural_antecedents, root.i, 1):
        t = name = doc[m.tok]
        if t.dep_ == "pobj" and t.head.lower_ == "of" and t.head.head.lemma_.lower() in COLLECTIVE_NOUNS:
            t = t.head.head  # "The state chapter of the NAACP also condemned ...": the NAACP
        if main and t.head.dep_ != "ROOT":
            continue
        several = t.tag_ in ("NNS", "NNPS") or any(c.dep_ == "conj" for c in t.children)
        if is_named_group(m.entity) and t.dep_ in ("nsubj", "nsubjpass") and not several:
            return m.entity if name.pos_ == "PROPN" or not by_name else None  # (not "Republicans")
    return None if by_name else _kind_subject(r, root)


def _kind_subject(r: Resolver, root: Token) -> Entity | None:
    """ "But the court handed a prize to the states ... It ruled that ...": the body of a speaking
    kind, named by its kind alone, that is the main subject of the sentence before (QA helper,
    forty-third session: the ruling had no speaker)."""
    sent = root.sent
    if sent.start == 0:
        return None
    before = r.view.doc[sent.start - 1].sent
    for t in (before.root, sent.root):
        subj = next((c for c in t.children if c.dep_ == "nsubj" and c.i < root.i), None)
        if (
            subj is not None
            and subj.i != root.i
            and subj.tag_ == "NN"
            and subj.lemma_.lower() in SPEAKING_KINDS
            and any(c.lower_ == "the" for c in subj.children if c.dep_ == "det")
        ):
            e = r.resolve_source(subj.left_edge.idx, subj.idx + len(subj)).entity
            return e if e is not None and e.kind == "group" else None
    return None


def organisation_by_kind(r: Resolver, head: str, root: Token) -> Entity | None:
    """The organisation a singular "the group", "the agency", "the committee" stands for: the
    one that spoke just before, else the last one whose name has that noun in it.

    Pronoun check of 70 real articles (``bench/pronouns_check.py``): "the group" after the NRA,
    the ACLU of North Carolina and the Utah Foundation had spoken, "the organization" after a
    coalition's statement, were speakers apart from them.
    """
    mods = [c for c in root.children if c.i < root.i and c.dep_ != "det"]
    owned = any(c.dep_ == "prep" for c in root.rights)  # "the trade group for the Blue Cross plans"
    if root.tag_ == "NN" and mods and head in _ANY_KIND and all(_describes(c) for c in mods) and not owned:
        # "Al-Qaeda was not pleased: ... the terror group wrote", "the environmental group
        # said" after the Sierra Club: the body named as the subject just before (not one that
        # spoke, nor an "it": "the terrorist group urged" after SITE Intelligence Group's) (QA
        # helper, forty-third session: each was a speaker apart)
        return organisation_subject(r, root, by_name=True)
    if root.tag_ != "NN" or mods:
        return None  # "the groups", "the Israeli government", "Biden's office": not the kind alone
    spoke = spoke_lately(r, root, named=True) if head in SPEAKING_KINDS else None
    papers = head in ("paper", "newspaper")
    kinds = _MASTHEADS if papers else {head}
    so_named = None
    for m, _ in r.view.recent(r.index.plural_antecedents, root.i, KIND_WINDOW):
        e = m.entity
        if papers and told_something(r.view.doc[m.tok]):
            continue  # "George P. told the Texas Tribune's Evan Smith ... The paper said": the
            # paper told is the one writing; "the paper" is the Times that reported (QA helper)
        if is_named_group(e) and kinds & kind_words(e.label):
            if headline_line(r.view.text, m.start, m.end):
                continue  # (a series' title: "Trump, Inc. Exploring the Business of Trump")
            so_named = e
            break
    if (
        spoke is not None
        and not _other_kind(spoke, head)
        and not _unnamed_kind(spoke, head)
        and not (head not in _ANY_KIND and _party_or_nation(r, spoke))
    ):
        # the one that spoke, unless only another's name says it is that kind: "the airline"
        # after "air traffic monitor Flightradar24 reported" is Ethiopian Airlines (46th)
        return so_named if so_named is not None and not kinds & kind_words(spoke.label) else spoke
    if so_named is not None:
        return so_named
    found = _subject_of_kind(r, head, root) or _only_one_so_named(r, head, root)
    if found is None and head in _ANY_KIND and not r.index.described_before(head, root.left_edge.idx):
        # "The state chapter of the NAACP also condemned the protests. ... the organization
        # said" (QA helper, forty-sixth session: a speaker of its own); a main clause's subject
        # only ("It resumed the reading as the Senate returned. The group said" is no Senate)
        found = organisation_subject(r, root, by_name=True, main=True)
    return found


def _party_or_nation(r: Resolver, e: Entity) -> bool:
    """People named by their party, nation or creed ("Republicans", "Iranians"): no company,
    agency or council, whatever speaks after them ("Republicans who were saying ... The company
    said" was shown as the Republicans', forty-eighth session)."""
    return any(r.view.doc[m.tok].ent_type_ == "NORP" for m in e.mentions)


def _describes(t: Token) -> bool:
    """A word that says what a body does, not whose or which it is: "terror", "environmental"
    (not "Israeli", "Sierra", "his")."""
    return t.dep_ in ("amod", "compound") and t.text.islower() and not t.ent_type_


#: How many sentences back ``_only_one_so_named`` looks for the one body so named.
NAMED_KIND_WINDOW = 40
#: Kinds too loose for ``_only_one_so_named``: "the office" is often someone's ("his office
#: said"), and a statement quoted names offices the index never sees.
_LOOSE_KINDS = frozenset({"office", "party", "campaign", "service", "school", "station", "court"})


def _only_one_so_named(r: Resolver, head: str, root: Token) -> Entity | None:
    """ "according to the center" twenty sentences after "the Center for Responsive Politics, a
    Washington-based nonprofit": the one organisation named in the last ``NAMED_KIND_WINDOW``
    sentences whose name says it is that kind of body (QA helper, thirty-eighth session: "the
    center" was a speaker of its own). Two so named ("the Pew Research Center" and "the
    Brennan Center") and it could be either: nobody; nor when the article described one by
    this noun before ("A German newspaper Hamburger Morgenpost ... The newspaper wrote": not
    the Moscow Times named earlier)."""
    if (
        head not in SPEAKING_KINDS
        or head in _LOOSE_KINDS
        or r.index.described_before(head, root.left_edge.idx)
    ):
        return None
    found = None
    for m, _ in r.view.recent(r.index.plural_antecedents, root.i, NAMED_KIND_WINDOW):
        e = m.entity  # (mentions of a bounded stretch: the cost stays linear in the article)
        if (
            is_named_group(e)
            and head in kind_words(e.label)
            and not headline_line(r.view.text, m.start, m.end)
        ):
            if found is not None and found is not e:
                return None
            found = e
    return found


#: Words in the names of public bodies that "the agency" stands for: "National Highway Traffic
#: Safety Administration", "Internal Revenue Service".
_AGENCY_NAMES = frozenset(
    {"administration", "agency", "service", "bureau", "commission", "department", "office"}
)


def _subject_of_kind(r: Resolver, head: str, root: Token) -> Entity | None:
    """ "the agency" after "The National Highway Traffic Safety Administration is investigating
    ...": the one organisation whose name says it is a public body ("Administration", "Service",
    "Bureau", ...) that was a subject within the last sentences. On news-5k 17 items shown
    under "the agency" now show the agency; all right as read. The same for "the company" (a
    name that says no kind of body) was right in four cases of five and was dropped: the other
    was the news channel quoted, or the utility the company billed."""
    if head != "agency":
        return None
    doc = r.view.doc
    for m, _ in r.view.recent(r.index.plural_antecedents, root.i, KIND_WINDOW):
        t, e = doc[m.tok], m.entity
        if t.ent_type_ == "ORG" and t.dep_ in ("nsubj", "nsubjpass") and is_named_group(e):
            # the latest body that was a subject, if its name says it is an agency: not the
            # office named before "The National Institute on Drug Abuse says ... The agency says"
            return e if kind_words(e.label) & _AGENCY_NAMES else None
    return None


#: What a newspaper's name ends in: "the paper" after "The Des Moines Register" is the Register
#: (QA read, twenty-second session: five of its editorials went to "the paper").
_MASTHEADS = frozenset({  # ("time": how ``kind_words`` reads the "Times" of a name)
    "newspaper", "paper", "times", "time", "post", "journal", "register", "herald", "tribune", "gazette",
    "globe", "chronicle", "inquirer", "examiner", "observer", "guardian", "telegraph", "sentinel",
    "courier", "dispatch", "bee", "enquirer", "dealer",
})  # fmt: skip


#: Kinds a name may say it is; "the group" may be any of them.
_KINDS = SPEAKING_KINDS | _MASTHEADS
_ANY_KIND = frozenset({"group", "organization", "organisation"})


def _other_kind(e: Entity, head: str) -> bool:
    """Whether ``e``'s name says it is another kind of body than "the <head>": "the council"
    after "The Lancaster Herald called it ..." is not the paper (its "the board" may be)."""
    said = kind_words(e.label) & _KINDS
    if head in _ANY_KIND or head in said:
        return False
    if not said:  # a name that says no kind: what the article called it ("monitor Flightradar24")
        described = {ro.head for ro in e.roles}
        return bool(described) and head not in described
    return not (head == "board" and said & _MASTHEADS)


#: Kinds of body whose name always says so ("the Justice Department", "Ministry of Health").
_NAMED_KINDS = frozenset({"department", "ministry"})


def _unnamed_kind(e: Entity, head: str) -> bool:
    """Whether "the department" or "the ministry" cannot be ``e``, whose name does not say it is
    one: after "Norway has agreed to ...", "the department said" is the State Department whose
    fact sheet the article quoted, not the country (a real article's was shown as Iran; the
    model's entity types cannot tell, as it takes "FedEx" and "NRA" for places too)."""
    return head in _NAMED_KINDS and head not in kind_words(e.label)


def is_named_group(e: Entity) -> bool:
    """An organisation the article names ("the NRA"), not a described group ("critics")."""
    return e.kind == "group" and not e.members and not e.roles and e.label[:1].isupper()


def kind_words(name: str) -> set[str]:
    """The kinds a name says it is, singular: "West Hollywood City Council" -> council (and
    city), "Ethiopian Airlines" -> airline, "University of Utah" -> university."""
    out = set()
    for word in name.lower().split():
        out.add(word[:-1] if word.endswith("s") and not word.endswith("ss") else word)
    if out & _COMPANY_WORDS:
        out.add("company")  # "VR Systems", "Acme Inc." say they are companies (46th session)
    return out


#: Words of a name that say it is a company: "the company told officials" after "VR Systems"
#: spoke was the FBI, which spoke after it (QA helper, forty-sixth session).
_COMPANY_WORDS = frozenset({
    "inc", "inc.", "corp", "corp.", "corporation", "co.", "llc", "ltd", "ltd.", "plc", "system",
    "technologie", "technology", "industrie", "holding", "holdings", "enterprise", "enterprises",
})  # fmt: skip


def group_named(r: Resolver, word: str) -> Entity | None:
    """The organisation the article names with ``word``, or whose name starts with it: "Politico
    first reported", "Pew found" (for the Pew Research Center named before). A capitalised word
    opening a sentence may be a common noun ("Evacuees said"); the article's names tell."""
    key = r.view.group_key(word)
    found = r.index.groups.get(key)
    starts = (e for k, e in r.index.groups.items() if k.split(" ", 1)[0] == key and is_named_group(e))
    return found or next(starts, None)


def named_of_kind(r: Resolver, root: Token) -> Entity | None:
    """An organisation named after its kind: "The union Verdi, which called the strike, said",
    "the coalition Operation Inherent Resolve" (fortieth session: no speaker)."""
    if not any(c.dep_ == "compound" and noun_class(c.lemma_, r.words) == "group" for c in root.children):
        return None
    name = [t.i for t in root.lefts if t.pos_ == "PROPN" and t.dep_ == "compound"]
    return r.index.group(r.view.written(min(name, default=root.i), root.i + 1))


def described_body(r: Resolver, root: Token) -> Entity | None:
    """The organisation an apposition names after a description of it: "Another conservative
    group, Club for Growth, vowed", "Another leading outside group that tends to support
    establishment candidates, American Crossroads, said" (QA helper, forty-seventh session: the
    speaker was "another conservative group")."""
    if root.pos_ != "NOUN" or noun_class(root.lemma_, r.words) != "group":
        return None
    for c in root.children:
        ent = r.view.ent_at.get(c.i) if c.dep_ == "appos" else None
        if ent is not None and ent.label_ == "ORG" and ent.root.i == c.i:
            a, b = r.view.trim_group(ent.start, ent.end)
            return r.index.group(r.view.written(a, b))
    return None


def unnamed_org(r: Resolver, root: Token) -> Entity | None:
    """An organisation the model did not tag, named by one capitalised word no lexicon knows:
    "Netblocks, a civil society group that tracks internet restrictions, said", where the
    apposition says what it is, then "Netblocks said on Wednesday"; "..., ” Yahoo reported.",
    where the verb is a news outlet's (QA helper, thirty-seventh session: all had no speaker).
    A word of a longer name, a first name or a word opening its sentence with nothing to say
    what it is ("Evacuees said", "Hale said") is left alone; "Politico first reported" is not."""
    word = root.text
    if root.ent_type_ or not word[:1].isupper() or word.isupper() or gender_of_first_name(word) is not None:
        return None
    forms = {root.lemma_.lower(), root.lower_, root.lower_.removesuffix("s")}
    if root.pos_ not in ("PROPN", "NOUN") or any(noun_class(f, r.words) is not None for f in forms):
        return None  # "Lawyers for the families said": people, not a firm
    if any(c.dep_ == "conj" for c in root.children):
        return None  # one of several ("Forbes and Wealth-X")
    before = [c for c in root.lefts if c.dep_ == "compound"]
    if before and not _capitalised_name([*before, root]):
        return None  # a word of a longer phrase
    if before:  # "Ad Age reported", "according to Open Secrets" (thirty-eighth session)
        word = root.doc[before[0].i : root.i + 1].text
    if (known := r.index.groups.get(r.view.group_key(word))) is not None:
        return known  # "Netblocks said on Wednesday", after the group was named so
    kind = any(c.dep_ == "appos" and c.lemma_.lower() in SPEAKING_KINDS for c in root.children)
    # ("Politico first reported" opens its sentence too; a surname of the article's people not)
    reports = (
        root.dep_ == "nsubj"
        and root.head.lemma_ == "report"
        and not any(word in e.parts for e in r.index.persons)
    )
    according = root.dep_ == "pobj" and root.head.lower_ == "to" and root.head.head.lower_ == "according"
    named = root.pos_ == "PROPN" or bool(before)
    return r.index.group(word) if kind or ((reports or according) and named) else None


def _capitalised_name(words: list[Token]) -> bool:
    """Whether words next to each other are a name the model did not tag: each capitalised and
    untagged, no first name of a person among them ("Ad Age", "Open Secrets")."""
    contiguous = words[-1].i - words[0].i == len(words) - 1
    return contiguous and all(
        t.text[:1].isupper() and not t.ent_type_ and gender_of_first_name(t.text) is None for t in words
    )


def joined_by_and(t: Token) -> bool:
    """Whether ``t`` heads a coordination with "and" (not "or": either one speaks)."""
    return any(c.dep_ == "cc" and c.lower_ == "and" for c in t.children)


def joined_groups(r: Resolver, span: Span, root: Token) -> Entity | None:
    """Groups the source joins with "and": "Democrats and liberal pundits said", "Former
    employees and inmates said", "Republicans — and some Democrats — say" are all of them,
    not the first (QA helper, forty-first session). People named are left to ``pair``."""
    if (listed := _names_all_say(r, span, root)) is not None:
        return listed
    joined = [c for c in root.children if c.dep_ == "conj" and span.start <= c.i < span.end]
    if not joined or not joined_by_and(root):
        return None
    classes = []
    for t in (root, *joined):
        if t.pos_ not in ("NOUN", "PROPN"):
            return None
        if (m := r.index.name_at.get(t.i)) is not None and m.entity.kind == "person":
            return None
        # ("Israel and Hamas each accused the other" is both, not Israel: forty-fourth session)
        kind = "group" if t.ent_type_ in ("NORP", "ORG", "GPE") else noun_class(t.lemma_.lower(), r.words)
        if kind not in ("person", "group"):
            return None  # not "Pilot programs ... and entire states ... are showing us"
        classes.append("group" if t.tag_ in ("NNS", "NNPS") else kind)
    # "the president and vice president of the centrist think tank Third Way": the officers of
    # one body, a group a "they wrote" takes up (QA helper, fifty-first session: the paper they
    # wrote in was "they")
    body = _of_one_body(root, joined) if all(c == "person" for c in classes) else None
    if ("group" not in classes and body is None) or any(
        c.dep_ == "poss" and c.pos_ == "PRON" for c in root.children
    ):
        return None  # (two people: "the president and his wife"; "his wife and two daughters")
    # the words of the first name, not an adverb before it ("Even white liberals and ...")
    asides = {d.i for c in root.lefts if c.dep_ in ("advmod", "cc", "punct", "prep") for d in c.subtree}
    first = min([root.i] + [d.i for c in root.lefts if c.i not in asides for d in c.subtree])
    # to the end of the last name ("Young Americans for Liberty", a name the NER knows)
    ends = [ent.end if (ent := r.view.ent_at.get(c.i)) is not None else c.i + 1 for c in joined]
    if body is not None:  # (with the body they serve: "... of the centrist think tank Third Way")
        ends.append(body.right_edge.i + 1)
    words = r.view.doc[max(span.start, first) : min(span.end, max(ends))]
    return r.index.group(r.view.label(words))


def _of_one_body(root: Token, joined: list[Token]) -> Token | None:
    """The "of" naming the one body in which roles joined by "and" are two people's: "the
    president and vice president of the think tank", "the chairman and the treasurer of X"; not
    one person's two titles ("the president and CEO of X"), nor "the president and first lady"."""
    last = joined[-1]
    two = any(c.dep_ == "det" for c in last.children) or (
        last.lemma_ == root.lemma_ and any(c.lower_ in ("vice", "deputy") for c in last.lefts)
    )
    ofs = (
        c for t in (root, last) for c in t.children if c.dep_ == "prep" and c.lower_ == "of" and c.i > last.i
    )
    return next(ofs, None) if two else None


def _names_all_say(r: Resolver, span: Span, root: Token) -> Entity | None:
    """ "Google, Facebook and Twitter all claim ...": names listed with "and" and summed up by
    "all" or "both" are one group of them, whatever the model tagged each (QA helper, fifty-
    first session: Twitter read as a person, the others untagged, and no speaker at all).
    People all named as persons are left to ``pair``."""
    last = span[-1]
    if last.lower_ not in ("all", "both") or last.dep_ != "appos" or last.head.i != root.i:
        return None
    members, todo = [root], [root]
    while todo:
        for c in todo.pop().children:
            if c.dep_ == "conj" and span.start <= c.i < last.i:
                members.append(c)
                todo.append(c)
    has_and = any(c.dep_ == "cc" and c.lower_ == "and" for m in members for c in m.children)
    if len(members) < 2 or not has_and or any(m.pos_ != "PROPN" for m in members):
        return None
    people = [m for m in members if (n := r.index.name_at.get(m.i)) is not None and n.entity.kind == "person"]
    if len(people) == len(members):
        return None
    return r.index.group(r.view.label(r.view.doc[max(span.start, root.left_edge.i) : last.i]))


def titled_at_end(r: Resolver, start: int, end: int) -> Entity | None:
    """The person whose title and name end words the parse read as a body's name: "U.S.
    Customs and Border Protection Commissioner Kevin Moore told" is Moore (QA helper,
    forty-first session: the agency spoke)."""
    doc = r.view.doc
    span = doc.char_span(start, end, alignment_mode="expand")
    m = r.index.name_at.get(span[-1].i) if span is not None and len(span) > 2 else None
    if m is None or m.entity.kind != "person" or span is None:
        return None
    first = doc.char_span(m.start, m.end, alignment_mode="expand")
    if first is None or first.start <= span.start or span[0].ent_type_ != "ORG":
        return None
    # a body's name and a title, all proper nouns: not "Advisers to President X", "the Times
    # and Ed Rendell", "Mr. X and Mr. Y"
    body = doc[span.start : first.start]
    if not all(t.pos_ == "PROPN" or t.lower_ in ("and", "of", "&", "the") for t in body):
        return None
    return m.entity if title_key(doc[first.start - 1].text) in TITLES else None
