"""What the words of a source phrase show before any entity is looked up.

The resolver (``resolve.py``) asks these of a source's head: is it an agency's acronym, an
organisation's name that takes "the", which noun a "who" clause describes, a party label on one
person, the role right before a name, the people of a partitive amount, whether a description
fits a role someone holds, and which document a clause or a later "the statement" means; and
of names, whether one signs a post or an excerpt, or opens with a cue put first ("Said Ryan:").
They read the parse only, never the entity index.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING

from sayso.quotes.coref.agents import PERSON_NOUNS, WordClasses, noun_class
from sayso.quotes.coref.lexicon import COLLECTIVE_NOUNS, GROUP_LABELS, TITLES, title_key
from sayso.quotes.cues import ADDRESSED_VERBS, IRREGULAR_SAID, SPEECH_VERBS
from sayso.quotes.furniture import dateline_dash

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

    from sayso.quotes.coref.entities import Mention
    from sayso.quotes.coref.index import EntityIndex
    from sayso.quotes.coref.view import DocView


DEICTIC = frozenset({"it", "this", "that", "there", "these", "those"})


def acronym(tok: Token) -> bool:
    """A word of 3-5 capital letters in text that is not all capitals (a heading's words are).
    Two letters are as often a person's initials ("JM:" in an interview)."""
    word = tok.text
    if not (3 <= len(word) <= 5 and word.isalpha() and word.isupper()):
        return False
    sent = tok.sent
    return any(t.is_alpha and not t.is_upper for t in sent)


def named_with_the(root: Token, words: WordClasses) -> bool:
    """A singular proper noun the NER left untyped, with "the" and only proper nouns before it,
    in a sentence that is not title-cased (there every word is "proper"). Not a title ("The
    President said": a person, ``noun_class``) and not a family ("the Baldwins", plural)."""
    if root.tag_ != "NNP" or root.ent_type_ or noun_class(root.lower_, words) is not None:
        return False
    lefts = list(root.lefts)
    if not lefts or lefts[0].lower_ != "the" or lefts[0].dep_ != "det":
        return False
    if any((c.pos_ != "PROPN" or c.dep_ != "compound") and c.tag_ != "HYPH" for c in lefts[1:]):
        return False
    if any(t.ent_type_ == "PERSON" for t in root.subtree):
        return False  # "The Spawn of The Hildebeest, Chelsea Clinton": a person, described
    return any(t.is_lower and t.is_alpha and t.pos_ in ("VERB", "NOUN", "ADJ") for t in root.sent)


def one_member(ent: Span, root: Token) -> bool:
    """Whether a party or faith label heads a description of one person: "the Nevada Democrat",
    "a well-known Democrat backing Biden", "the Ohio Republican" (QA, nineteenth session: each
    became the group "Democrat", one entity across six articles holding Harry Reid's words and an
    anonymous source's). A plural ("Democrats", "Republicans say") is the group."""
    return ent.label_ == "NORP" and root.tag_ in ("NN", "NNP") and root.pos_ in ("NOUN", "PROPN")


def role_before(doc: Doc, name_start: int, span_start: int, words: WordClasses) -> bool:
    """Whether the words right before a name (its own titles aside) are its bearer's role: a
    noun naming a person ("director Dr. Rochelle Walensky", "CEO Albert Bourla"). Not a
    preposition: in "a spokesman for Mayor Jo Ruiz" the name is someone else's."""
    if name_start <= span_start:
        return False
    i = name_start - 1
    while i > span_start and title_key(doc[i].text) in TITLES and doc[i].text[:1].isupper():
        i -= 1  # "director Dr. Rochelle Walensky": the title is the name's
    role = doc[i]
    if role.text == ",":
        return _set_off_after_role(doc, i + 1, span_start, words)
    if role.pos_ != "NOUN" or noun_class(role.lemma_, words) != "person":
        return False
    # "Family members of prisoner Tony Kim", "a group, which has members including billionaire
    # George Soros": the name of someone the speakers belong to, or of a relative clause's, is
    # not who speaks ("a team led by psychologist X", "a sign carried by protester X" is)
    # not one an agent serves: "An accountant for ... campaign chairman Paul Manafort admitted",
    # "A lawyer for the senator Ted Cruz said" (QA helper, thirty-ninth session: Manafort's)
    t = doc[name_start]
    while t.head.i != t.i and t.head.i >= span_start:
        owner = t.head.head if t.dep_ == "pobj" and t.head.dep_ == "prep" else None
        kind = noun_class(owner.lemma_, words) if owner is not None and owner.pos_ == "NOUN" else None
        if t.dep_ == "relcl" or kind == "person" or (kind == "group" and t.head.lower_ == "of"):
            return False
        t = t.head
    return True


def name_after_role(index: EntityIndex, words: WordClasses, span: Span) -> Mention | None:
    """The name that ends a source right after its bearer's role (``role_before``): "Centers for
    Disease Control and Prevention director Dr. Rochelle Walensky". The parser makes the
    organisation the head, and its words were the speaker (QA helper, twentieth session: the
    CDC, not its director)."""
    doc = index.view.doc
    # (or before a relative clause set off after the name: "Center for American Progress
    # president Neera Tanden, who has close ties to Hillary Clinton" was the Center's; 39th)
    who = next((t.i for t in span[1:-1] if t.text == "," and doc[t.i + 1].lower_ in ("who", "whose")), None)
    last = span[-1] if who is None else doc[who - 1]
    mention = index.name_at.get(last.i)
    if mention is None or mention.entity.kind != "person" or mention.end < last.idx + len(last):
        return None
    name = doc.char_span(mention.start, mention.end, alignment_mode="expand")
    if name is None or not role_before(doc, name.start, span.start, words):
        return None
    return mention


def _set_off_after_role(doc: Doc, name_start: int, span_start: int, words: WordClasses) -> bool:
    """ "The US envoy to the UN, Nikki Haley": the parser hangs the name on "UN", and the envoy's
    words had her role for a speaker (QA helper, thirty-fifth session). A name set off by a comma
    is the role's when what it hangs on names no person and leads up, by prepositions, to the
    role; "a spokesman for the mayor, Jo Ruiz" names the mayor."""
    name = doc[name_start]
    while name.dep_ in ("compound", "flat") and name.head.i > name.i:
        name = name.head
    if name.dep_ != "appos":
        return False
    held = name.head
    while held.dep_ in ("pobj", "prep") and held.head.i != held.i and held.pos_ != "NOUN":
        held = held.head
    if held.i == name.head.i or held.i < span_start:
        return False
    return held.pos_ == "NOUN" and noun_class(held.lemma_, words) == "person"


#: Entity types of a share of a group ("two-thirds of that group", "24% of the panel").
_AMOUNTS = frozenset({"DATE", "CARDINAL", "PERCENT", "QUANTITY"})


def partitive_people(root: Token, words: WordClasses) -> Token | None:
    """The people of "71 percent of Americans", "plenty of voters", "a third of respondents".

    Only when the head itself names nobody (a number, an amount, "plenty"): "the mother of
    three" is the mother.
    """
    shares = root.lower_ in ("majority", "minority", "plurality")  # "the vast majority of ..."
    if root.pos_ == "PRON" or (
        root.pos_ == "NOUN" and noun_class(root.lemma_, words) is not None and not shares
    ):
        return None
    # "of" on an amount set off after the head: "The vast majority — 65% — of respondents"
    amounts = [c for c in root.children if c.dep_ == "appos" and c.ent_type_ in _AMOUNTS]
    for c in [*root.children, *(g for a in amounts for g in a.children)]:
        if c.dep_ == "prep" and c.lower_ == "of":
            pobj = next((g for g in c.children if g.dep_ == "pobj"), None)
            if pobj is None:
                return None
            kind = noun_class(pobj.lemma_, words)
            share = root.ent_type_ in _AMOUNTS and kind == "group"  # "a quarter of this group"
            if pobj.ent_type_ in GROUP_LABELS or share or (pobj.tag_ in ("NNS", "NNPS") and kind):
                return pobj
            return None
    return None


def narrower(phrase: str, held: str) -> bool:
    """Whether a description says nothing a role someone holds does not: "the former governor"
    fits "former Vermont governor", "the referees committee chairman" does not fit "league
    committee chairman" (another committee, another person)."""
    words, held_words = set(phrase.split()), set(held.split())
    words = {w for w in words if w not in _EPITHETS and not w.endswith("-year-old")}
    return words <= held_words and not (held_words - words) & _ANOTHER_OFFICE


#: Words of a description that say how someone is, not which office they hold: "the young mayor"
#: is the mayor named before (QA read, thirty-sixth session: Buttigieg's words stayed the young
#: mayor's), "the embattled governor" the governor; not "outgoing", "retiring" (the incoming
#: speaker is another person).
_EPITHETS = frozenset(
    {
        "young", "younger", "old", "older", "elderly", "veteran", "longtime", "long-time", "embattled",
        "beleaguered", "outspoken", "popular", "unpopular", "controversial", "influential", "powerful",
        "fiery", "charismatic", "wealthy", "combative", "soft-spoken", "little-known", "well-known",
        "famous", "prominent", "tough",
    }
)  # fmt: skip


#: Words that make a title another office: "the former president" is not "former Vice President
#: Dick Cheney", "the minister" not a deputy minister.
_ANOTHER_OFFICE = frozenset({"vice", "deputy", "assistant", "under", "lieutenant", "acting"})


def document_above(noun: Token, words: WordClasses) -> Token:
    """The document a relative clause speaks of when the parser hung it on the object of
    a preposition after it: in "a banner over the city that read ...", the banner reads."""
    if noun.dep_ != "pobj" or noun.ent_type_ or noun_class(noun.lemma_, words) == "document":
        return noun  # "Article 1 of the Constitution, which says": the Constitution says
    above = noun.head.head
    if noun.head.dep_ == "prep" and noun_class(above.lemma_, words) == "document":
        return above
    return noun


def issuing_subject(doc: Doc, head: str, tok: int, lookback: int) -> Token | None:
    """The subject of the verb that took the nearest earlier document of noun ``head`` as its
    object, within ``lookback`` tokens before ``tok``: "Facebook" of "Facebook issued a
    statement" for a later "the statement", or of the verb of that name ("the show tweeted ...
    the tweet said"), or the name that document says made it (``named_author``). None when
    that subject is a pronoun."""
    for i in range(tok - 1, max(-1, tok - lookback), -1):
        t = doc[i]
        if t.lemma_.lower() != head:
            continue
        author = named_author(t)
        if author is not None:  # "a report by the Sunlight Foundation ... The report stated"
            return author
        if t.pos_ == "VERB":  # "Full Frontal tweeted a screenshot ... the tweet said"
            verb = t
        elif t.dep_ == "dobj" and t.head.pos_ == "VERB":
            verb = t.head
        elif t.dep_ == "pobj" and t.head.lower_ == "in":
            # "Garba Shehu said in a statement"; "said Buhari's spokesman Garba Shehu in a
            # statement", where the parser hangs "in" on the name
            h = t.head.head
            while h.dep_ in ("appos", "compound") and h.head.i != h.i:
                h = h.head
            if h.pos_ == "VERB":
                verb = h
            elif h.dep_ == "nsubj" and h.head.pos_ == "VERB":
                verb = h.head
            else:
                continue
        else:
            continue
        # (not the dateline the parser made a second subject: "WASHINGTON – Rep. X introduced")
        subj = next((c for c in verb.children if c.dep_ == "nsubj" and dateline_dash(c) is None), None)
        return None if subj is None or subj.pos_ == "PRON" else subj
    return None


def named_author(noun: Token) -> Token | None:
    """The name a document noun says is its author: "Trump's letter", "a report by the
    Sunlight Foundation", "a statement from Acme" (a name, not "a study by researchers")."""
    if noun.pos_ != "NOUN":
        return None
    for c in noun.children:
        if c.dep_ == "poss" and c.pos_ == "PROPN":
            return c
        if c.dep_ == "prep" and c.lower_ in ("by", "from"):
            g = next((g for g in c.children if g.dep_ == "pobj"), None)
            if g is not None and g.pos_ == "PROPN":
                return g
    return None


def indefinite_noun_before(view: DocView, tok: int, lookback: int) -> str:
    """The noun of a "one TikTok user" subject at most ``lookback`` sentences before ``tok``,
    when it was not itself a source: what "a second" or "another" is another of."""
    doc = view.doc
    limit = view.sent_of[tok] - lookback
    for i in range(tok - 1, -1, -1):
        if view.sent_of[i] < limit:
            break
        t = doc[i]
        if t.pos_ != "NOUN" or t.lemma_ in COLLECTIVE_NOUNS or view.in_zone(t.idx):
            continue
        dets = {c.lower_ for c in t.children if c.dep_ in ("det", "nummod")}
        if "one" in dets or (t.dep_ in ("nsubj", "nsubjpass") and dets & {"a", "an"}):
            mods = [c.i for c in t.lefts if c.dep_ in ("compound", "amod")]
            return view.text[doc[min(mods, default=t.i)].idx : t.idx + len(t)]
    return ""


#: What follows a signature's name on its line: a post's handle ("Brit Hume (@brithume) July
#: 8"), or the paper of a credit line under a quoted excerpt ("Ana Ruiz, Harbor Weekly").
_SIGNATURE_TAIL = re.compile(r"[^\S\n]+\(@\w|,[^\S\n]+[A-Z][^\n,]{0,60}(?:\n|$)")


def signs_a_quote(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is the name of a signature line: it opens the line (after a
    dash, or a quote's closing mark) and the handle or the paper follows. The model often reads
    such a name as a place ("Byron York") or tags half of it ("Ramesh Ponnuru"), and the
    paper after it is no apposition of the name."""
    line_start = text.rfind("\n", 0, start) + 1
    before = text[line_start:start].rstrip(" \t-–—―")
    tail = _SIGNATURE_TAIL.match(text, end)
    if tail is not None and tail.group().lstrip().startswith("(@"):
        # a post's text on the line before its dash ("... constitution!https://t.co/x — Common
        # Cause (@CommonCause) October 28, 2019": the group had no speaker; forty-ninth session)
        return not before or before[-1] in "”’\"'" or text[line_start:start].rstrip(" \t")[-1:] in "—―"
    return (not before or before[-1] in "”’\"'") and tail is not None


#: Verbs put first before a speaker's name besides the speech verbs: "Continued Giuliani: “...”".
_FRONTED_EXTRA = frozenset({"continue", "offer"})
_SPEECH_OR_FRONTED = SPEECH_VERBS | _FRONTED_EXTRA


def fronted_cue(doc: Doc, start: int, end: int) -> bool:
    """Whether the name ``doc[start:end]`` the model found opens with a cue put first: "Said
    Ryan: “...”", "Added King, “...”". The model reads the verb as the first name, and the
    speaker was "Said Ryan", apart from Paul Ryan (news-5k: 8 of 17 such quotes). Only at the
    start of a sentence, before the colon or comma opening a quote ("Said Jalili, Iran's
    negotiator, said ..." keeps its first name)."""
    first = doc[start]
    word = first.lower_
    past = word in IRREGULAR_SAID or ed_form_of(word, _SPEECH_OR_FRONTED)  # "noted", "added", "quipped"
    if not past or not first.is_title or end - start < 2 or end >= len(doc):
        return False
    before = doc[start - 1] if start else None
    if before is not None and not (before.is_punct or "\n" in before.whitespace_ or before.is_space):
        return False
    after = doc[end]
    return after.text in (":", ",") and any(c in doc.text[after.idx : after.idx + 80] for c in '“"')


def headline_verb(tok: Token, after_name: bool, nxt: Token | None) -> bool:
    """A finite verb in a title-case line after a name: "Obama *Hails* News", "Quill *Says* She
    Will Run". The model reads the whole headline fragment as one PERSON, and the article's
    speaker was shown as "Obama Hails News"; a surname tagged a verb ends the name and is kept."""
    return after_name and tok.tag_ in ("VBZ", "VBD") and nxt is not None and nxt.text[:1].isupper()


def best_name(label: str, named: list[Span]) -> Span:
    """Of the people carrying a label's last word, the one it names: the longest name the label
    ends with ("PRESIDENT BARACK OBAMA:" -> "Barack Obama"), else the name the article uses most
    (a tagger's slip such as "Keep Donald Trump" is rare)."""
    ending = [e for e in named if label.endswith(e.text.lower())]
    if ending:
        return max(ending, key=lambda e: len(e.text))
    uses = Counter(e.text for e in named)
    # no word the label lacks: "DONALD TRUMP:" is "Trump", not a title's "Keep Donald Trump"
    inside = [e for e in named if set(e.text.lower().split()) <= set(label.split())]
    return max(inside or named, key=lambda e: uses[e.text])


def spaced_dash(doc: Doc, a: int, b: int) -> bool:
    """Whether a dash set off by spaces stands between tokens ``a`` and ``b`` (a headline's
    "Hillary - Politico", where the outlet after the dash is not a word of the name)."""
    lo, hi = min(a, b), max(a, b)
    return any(t.text in ("-", "\u2013", "\u2014") and t.whitespace_ for t in doc[lo + 1 : hi])


def role_verb(root: Token, words: WordClasses) -> bool:
    """A role the parser read as a verb: "NASA engineer John Posey" (the name its object)."""
    return root.pos_ == "VERB" and root.tag_ in ("VB", "VBP") and noun_class(root.lower_, words) == "person"


def dashed_aside(doc: Doc, tok: Token) -> bool:
    """Whether ``tok``'s phrase is closed by a dash: "One — then-Sen. John Kerry — said" sets the
    name off between two dashes, as an apposition (QA helper, forty-third session)."""
    end = tok.right_edge.i + 1
    return end < len(doc) and doc[end].text in ("-", "\u2013", "\u2014")


def title_glued(name_root: Token, span_end: int, root: int) -> bool:
    """A name that ends its source glued to the title or the body before it, where the parser
    hung it on a preposition of the title: "FBI Special Agent in Charge Richard DesLauriers
    said", "Staff attorney at the ACLU Michigan chapter Jay Kaplan suggested" (thirty-seventh
    session, news-5k: the whole phrase was the speaker), the preposition on the source's head
    ``root``. Not "the lawyer for John Hale", whose
    name follows the preposition itself, nor "a spokesman for Gov. John Hale"."""
    if name_root.i != span_end - 1 or name_root.dep_ != "pobj" or name_root.ent_type_ != "PERSON":
        return False
    if name_root.head.head.i != root:
        return False  # "a report published by the office of Director X": the office's, not X's
    doc, k = name_root.doc, name_root.i
    while k > 0 and doc[k - 1].ent_type_ == "PERSON":
        k -= 1
    glue = doc[k - 1]  # a role before the name is the name's own: "a spokesperson for Speaker X"
    if title_key(glue.text) in TITLES or noun_class(glue.lemma_.lower(), WordClasses.default()) == "person":
        return False
    return glue.head.i == name_root.i and glue.dep_ == "compound" and glue.pos_ in ("NOUN", "PROPN")


#: Imperatives an op-ed opens a sentence with to turn to its reader ("Recall Obama promising ...").
TO_THE_READER = frozenset({
    "recall", "remember", "consider", "imagine", "picture", "take", "watch", "look", "note",
    "ask", "listen", "forget", "thank", "blame", "behold", "compare", "contrast", "witness",
})  # fmt: skip


def saying_in_past(word: str) -> bool:
    """ "tweeted", "said", "wrote": a verb of saying in the past, which no name ends with (QA
    helper, forty-second session: "the Fox News host Lou Dobbs Tweeted" was "Lou Dobbs Tweeted")."""
    return word in IRREGULAR_SAID or ed_form_of(word, SPEECH_VERBS, cuts=(1, 2))


def inflected_verb(verbs: frozenset[str], word: str) -> bool:
    """Whether ``word`` is one of WordNet's ``verbs`` with "-s" or "-ed" ("hails", "endorsed")."""
    if word.endswith("s"):
        return word[:-1] in verbs or (word.endswith("es") and word[:-2] in verbs)
    return ed_form_of(word, verbs)


def ed_form_of(word: str, lemmas: frozenset[str], cuts: tuple[int, ...] = (1, 2, 3)) -> bool:
    """Whether ``word`` is one of ``lemmas`` with "-ed": "liked", "hailed", "stopped" (the
    last letters cut off as ``cuts`` says)."""
    return word.endswith("ed") and any(word[:-k] in lemmas for k in cuts)


#: Prepositions after a plural noun that say whose people they are ("lawyers for the city").
_WHOSE = frozenset({"for", "of", "from"})
_SPANS_OF_TIME = frozenset({"week", "month", "year", "day", "decade", "hour", "time"})


def whose_phrase(noun: Token) -> Token | None:
    """The short phrase after a plural noun that says whose people they are: "Lawyers for the six
    plaintiffs" and "Lawyers for 33 counties" are two groups, not one "lawyers" (QA helper,
    forty-second session: opposing sides of one case spoke as one). None for a phrase with a
    verb, a comma or a span of time in it ("scientists for many weeks"), which names no one."""
    for c in noun.rights:
        if c.dep_ != "prep" or c.lower_ not in _WHOSE:
            continue
        words = list(c.subtree)
        pobj = next((g for g in c.children if g.dep_ == "pobj"), None)
        if pobj is None or len(words) > 7 or pobj.ent_type_ in ("DATE", "TIME"):
            return None
        if pobj.lemma_ in _SPANS_OF_TIME:
            return None
        if any(t.pos_ in ("VERB", "AUX") or t.is_punct for t in words):
            return None
        return c
    return None


#: Words of a description that say nothing of which group it is.
_NO_KIND = frozenset({"the", "these", "those", "its", "their", "both", "all", "such", "same"})


def another_group(root: Token, earlier_label: str) -> bool:
    """Whether a group's words mark it as other than the one described before under its noun:
    "Other news reports" are not "the report"; "Ten sheriffs who answered the survey" are new,
    not the "many sheriffs" before them; "airport authorities" are not "French authorities"
    (QA helper, forty-third session: each was merged into the group before). A bare "the
    sheriffs" or "the authorities" takes the one before up; so do words the earlier name
    holds ("the federal authorities" after "federal authorities")."""
    mods = [t for t in root.lefts if t.dep_ in ("amod", "compound", "nmod", "nummod", "det", "quantmod")]
    if any(t.lower_ in ("other", "another") for t in mods):
        return True
    if any(t.dep_ == "nummod" or t.lower_ in ("many", "several", "few") for t in mods):
        return not any(t.lower_ in _NO_KIND or t.dep_ == "poss" for t in root.lefts)
    held = set(earlier_label.lower().replace("-", " ").replace("'s", "").replace("’s", "").split())
    words = {t.lower_ for t in mods if t.dep_ != "det" and t.lower_ not in _NO_KIND and not t.is_punct}
    # a place after the noun too: "officials in Tehran" are not "White House officials"
    words |= {
        p.lower_
        for c in root.rights
        if c.dep_ == "prep" and c.lower_ in ("in", "from", "at")
        for p in c.children
        if p.dep_ == "pobj" and p.ent_type_ in ("GPE", "NORP", "LOC")
    }
    # and what they know after it: "Sources familiar with the report" are not "Congressional
    # sources" (QA helper, forty-fourth session)
    words |= {c.lower_ for c in root.rights if c.dep_ in ("amod", "acl") and c.pos_ in ("ADJ", "VERB")}
    return not words <= held


def told_something(tok: Token) -> bool:
    """Whether a name is the one told something, or owns that one: "told the Texas Tribune",
    "told the Texas Tribune's Evan Smith", "said to the Times". Such a listener is not who a
    later "the paper said" or "he said" means (forty-third session)."""
    if tok.dep_ == "poss":
        tok = tok.head
    if tok.dep_ == "pobj" and tok.head.lower_ == "to":
        verb = tok.head.head
    elif tok.dep_ in ("dobj", "dative"):
        verb = tok.head
    else:
        return False
    return verb.lemma_.lower() in ADDRESSED_VERBS | {"say", "speak", "talk"}


#: Endings of nouns for people: "strategists", "voters", "analysts", "politicians", "protesters".
_PEOPLE_ENDINGS = ("er", "or", "ist", "ian", "ent", "ant", "ee", "crat")
#: A bare quantifier's word before the people it counts: "others" are "other Democrats".
_SOME_OF = {"some": "some", "others": "other", "many": "many", "most": "most", "few": "few"}


def some_of(root: Token) -> str | None:
    """Whose "some" or "others" a bare quantifier subject is: "Democrats have yet to settle on
    a plan. Some say ... Others argue ..." are some and other Democrats, not "some" and
    "others" (QA helpers, forty-third session: six such speakers named nobody). The people are
    the plural main subject of the sentence before, or of the clause before in the same one
    ("Many students backed her, and some took to shouting")."""
    word = _SOME_OF.get(root.lower_)
    if word is None or root.dep_ != "nsubj" or any(c.dep_ in ("prep", "acl", "relcl") for c in root.children):
        return None  # ("some of the senators", "many involved in the movement" name them)
    doc, sent = root.doc, root.sent
    verbs = [root.head.head] if root.head.dep_ == "conj" and root.head.head.i < root.i else []
    verbs.append(sent.root)  # "Network reporters expressed skepticism, with many criticizing"
    for _ in range(2):  # ("Some say ... Others argue ...": two sentences up, past the "Some")
        if sent.start == 0:
            break
        sent = doc[sent.start - 1].sent
        verbs.append(sent.root)
        if not any(c.dep_ == "nsubj" and c.lower_ in _SOME_OF for c in sent.root.children):
            break
    for verb in verbs:
        heads = [verb, *(c for c in verb.children if c.dep_ in ("aux", "auxpass"))]  # "are divided"
        subj = next((c for h in heads for c in h.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if subj is None or subj.i >= root.i or subj.tag_ not in ("NNS", "NNPS") or subj.lower_ in _SOME_OF:
            continue
        if any(c.dep_ == "poss" for c in subj.children):
            return None  # ("their parents", "Trump's aides": whose, the label would not say)
        lemma = subj.lemma_.lower()
        if subj.ent_type_ == "NORP" or (
            subj.pos_ == "NOUN" and (lemma in PERSON_NOUNS or lemma.endswith(_PEOPLE_ENDINGS))
        ):
            return f"{word} {subj.text}"  # (not "The opinions expressed by columnists ...")
    return None
