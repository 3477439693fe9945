"""Where a person is from and which party they belong to, as far as the article says.

News names a politician once with a place and a party ("Sen. Harry Reid, D-Nev.", "Ohio Gov.
John Kasich", "Democratic Sen. Bill Nelson") and goes on with an epithet made of them: "the
Nevada Democrat", "the Ohio governor", "the Republican senator". The thirty-second session found
such epithets left as speakers of their own on real articles ("the Ohio governor" right after
Kasich was named, "the Nevada Democrat" for Reid), because any place in a description was
taken to rule out everyone it was not written beside. A place or a party is evidence both ways:
the person named with it fits, the person named with another does not, and a person named with
neither may fit, unless the place is another nation ("the Chinese president" is not Trump).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sayso.quotes.coref.entities import last_before
from sayso.quotes.coref.lexicon import COLLECTIVE_NOUNS
from sayso.quotes.coref.phrases import narrower

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from sayso.quotes.coref.entities import Entity, Mention
    from sayso.quotes.coref.resolve import Resolver

#: Words the model tags as nationalities that name a party, by the party they name.
PARTIES = {
    "democratic": "democrat", "democrat": "democrat", "d": "democrat",
    "republican": "republican", "gop": "republican", "r": "republican",
    "conservative": "conservative", "tory": "conservative", "liberal": "liberal", "labour": "labour",
    "socialist": "socialist", "independent": "independent", "i": "independent",
}  # fmt: skip

#: The fifty states and the capital by their postal codes and the abbreviations newspapers put
#: after a lawmaker's party ("R-Texas", "D-Calif.", "(D-NY)").
_STATES = {
    "al": "alabama", "ala": "alabama", "ak": "alaska", "alaska": "alaska", "az": "arizona",
    "ariz": "arizona", "ar": "arkansas", "ark": "arkansas", "ca": "california", "calif": "california",
    "co": "colorado", "colo": "colorado", "ct": "connecticut", "conn": "connecticut",
    "de": "delaware", "del": "delaware", "fl": "florida", "fla": "florida", "ga": "georgia",
    "hi": "hawaii", "hawaii": "hawaii", "id": "idaho", "idaho": "idaho", "il": "illinois",
    "ill": "illinois", "in": "indiana", "ind": "indiana", "ia": "iowa", "iowa": "iowa", "ks": "kansas",
    "kan": "kansas", "kans": "kansas", "ky": "kentucky", "la": "louisiana", "me": "maine",
    "maine": "maine", "md": "maryland", "ma": "massachusetts", "mass": "massachusetts",
    "mi": "michigan", "mich": "michigan", "mn": "minnesota", "minn": "minnesota",
    "ms": "mississippi", "miss": "mississippi", "mo": "missouri", "mt": "montana", "mont": "montana",
    "ne": "nebraska", "neb": "nebraska", "nebr": "nebraska", "nv": "nevada", "nev": "nevada",
    "nh": "new hampshire", "n.h": "new hampshire", "nj": "new jersey", "n.j": "new jersey",
    "nm": "new mexico", "n.m": "new mexico", "ny": "new york", "n.y": "new york",
    "nc": "north carolina", "n.c": "north carolina", "nd": "north dakota", "n.d": "north dakota",
    "oh": "ohio", "ohio": "ohio", "ok": "oklahoma", "okla": "oklahoma", "or": "oregon",
    "ore": "oregon", "pa": "pennsylvania", "penn": "pennsylvania", "ri": "rhode island",
    "r.i": "rhode island", "sc": "south carolina", "s.c": "south carolina", "sd": "south dakota",
    "s.d": "south dakota", "tn": "tennessee", "tenn": "tennessee", "tx": "texas", "texas": "texas",
    "tex": "texas", "ut": "utah", "utah": "utah", "vt": "vermont", "va": "virginia",
    "wa": "washington", "wash": "washington", "wv": "west virginia", "w.va": "west virginia",
    "wi": "wisconsin", "wis": "wisconsin", "wisc": "wisconsin", "wy": "wyoming", "wyo": "wyoming",
    "dc": "district of columbia", "d.c": "district of columbia",
}  # fmt: skip
_STATE_NAMES = frozenset(_STATES.values())

#: A country's adjective and its name share a key: "French" is "France"'s (the first three
#: letters match for most: "Turkish" and "Turkey", "Israeli" and "Israel").
_PLACE_ALIASES = {"french": "fra", "dutch": "net", "u.s.": "ame", "us": "ame", "american": "ame"}

#: "Sen. Harry Reid, D-Nev.," "Rep. Ann Kuster (D-N.H.)": the party and state after a name.
_AFFILIATION = re.compile(r"\s*[,(]\s*([DRI])\s*[-–]\s*([A-Z][A-Za-z.]*(?: [A-Z][a-z.]+)?)")


def place_key(text: str) -> str:
    """One key for a place however it is written: "Nev." and "Nevada", "French" and "France"."""
    w = text.lower().strip().rstrip(".")
    if w in _STATES:
        return _STATES[w]
    if w in _STATE_NAMES:
        return w
    return _PLACE_ALIASES.get(w, w[:3])


def is_state(key: str) -> bool:
    return key in _STATE_NAMES


@dataclass(frozen=True, slots=True)
class Affiliation:
    """The places and parties a description or a person is given."""

    places: frozenset[str] = frozenset()
    parties: frozenset[str] = frozenset()
    #: Places of another nation ("Chinese", "Turkish"): never assumed of someone named without.
    foreign: frozenset[str] = frozenset()


def of_description(root: Token) -> Affiliation:
    """The places and parties among a description's modifiers: "the Nevada Democrat" (a party
    that heads it counts too), "the former Alabama Republican senator", "the New York senator",
    "the Democrat from Nevada"."""
    places: set[str] = set()
    parties: set[str] = set()
    foreign: set[str] = set()
    # a possessive place too: "Texas' governor" is no governor named with Michigan (QA helper,
    # forty-third session: Texas' governor's words were shown as Gretchen Whitmer's)
    words = [c for c in root.lefts if c.dep_ in ("amod", "compound", "nmod", "poss")]
    if root.ent_type_ == "NORP":
        words.append(root)
    # and a place after it: "the Democrat from Nevada" went to a New Mexico senator of the party
    # (forty-seventh session), "the senator from Ohio"
    words += [
        g
        for c in root.rights
        if c.dep_ == "prep" and c.lower_ == "from"
        for g in c.children
        if g.dep_ == "pobj"
    ]
    for w in words:
        if w.lower_ in PARTIES and w.ent_type_ in ("NORP", "ORG", "") and w.text[:1].isupper():
            parties.add(PARTIES[w.lower_])
        elif w.ent_type_ in ("GPE", "NORP", "LOC"):
            key = place_key(_entity_text(w))
            places.add(key)
            if w.ent_type_ == "NORP" and not is_state(key) and key != "ame":
                foreign.add(key)
    return Affiliation(frozenset(places), frozenset(parties), frozenset(foreign))


def _entity_text(t: Token) -> str:
    """The whole place a modifier is part of: "New York" for "York"."""
    doc = t.doc
    a = t.i
    while a > 0 and doc[a].ent_iob_ == "I" and doc[a - 1].ent_type_ == t.ent_type_:
        a -= 1
    b = t.i + 1
    while b < len(doc) and doc[b].ent_iob_ == "I":
        b += 1
    return doc[a:b].text


def of_person(doc: Doc, e: Entity) -> Affiliation:
    """What the article says of where ``e`` is from and which party: the words before any of its
    names ("Ohio Gov.", "Democratic Sen.", "French President") and a party and state after one
    ("Harry Reid, D-Nev.")."""
    places: set[str] = set()
    parties: set[str] = set()
    for m in e.mentions:
        root = doc[m.tok]
        if root.pos_ != "PROPN":
            continue
        for t in [*_just_before(doc, m), *_in_apposition(root), *_of_place(root)]:
            if t.lower_ in PARTIES and t.text[:1].isupper() and len(t) > 1:
                parties.add(PARTIES[t.lower_])
            elif t.ent_type_ in ("GPE", "NORP"):
                places.add(place_key(_entity_text(t)))
        after = _AFFILIATION.match(doc.text, m.end, m.end + 30)
        if after is not None:
            parties.add(PARTIES[after.group(1).lower()])
            places.add(place_key(after.group(2)))
    return Affiliation(frozenset(places), frozenset(parties))


def _of_place(root: Token) -> list[Token]:
    """A place after a name: "Gov. Laura Penn of Michigan", "Salvador Sanchez Ceren of El
    Salvador" (a place only: "Smith of the Heritage Foundation" is no affiliation here)."""
    return [
        p
        for c in root.children
        if c.dep_ == "prep" and c.lower_ == "of"
        for p in c.children
        if p.dep_ == "pobj" and p.ent_type_ == "GPE"
    ]


def _in_apposition(root: Token) -> list[Token]:
    """The modifiers of a role set beside a name: "Vladimir Putin, the Russian president"."""
    nouns = [c for c in root.children if c.dep_ == "appos" and c.pos_ == "NOUN"]
    if root.dep_ == "appos" and root.head.pos_ == "NOUN":
        nouns.append(root.head)
    party = [c for c in root.children if c.dep_ == "appos" and c.lower_ in PARTIES]  # "Vale, a Republican"
    return party + [t for n in nouns + party for t in n.lefts if t.dep_ in ("amod", "compound")]


def _just_before(doc: Doc, m: Mention) -> list[Token]:
    """The words right before a name, where its place and party go: "French President Emmanuel
    Macron", "Wisconsin Republican Sen. Ron Johnson"."""
    first = doc.char_span(m.start, m.end, alignment_mode="expand")
    if first is None:
        return []
    words = []
    for t in reversed(doc[max(0, first.start - 4) : first.start]):
        if t.pos_ not in ("PROPN", "ADJ", "NOUN"):
            break  # (not "a trip to Syria\n\nBut Mr. Paul")
        words.append(t)
        if t.is_sent_start:
            break
    return words


def fit(described: Affiliation, known: Affiliation) -> int:
    """How well a person of ``known`` places and parties fits a description's: -1 ruled out
    (another place or party named with them, or another nation not named with them), 1 each
    place and party the description names is known of them, 0 nothing said either way."""
    if not described.places and not described.parties:
        return 0
    for wanted, have in ((described.places, known.places), (described.parties, known.parties)):
        if have and wanted and not wanted <= have:
            return -1
    if described.foreign - known.places:
        return -1
    return 1 if described.places <= known.places and described.parties <= known.parties else 0


def of_organisation(noun: Token) -> bool:
    """Whether a role noun is held in an organisation named after it, "president of the advocacy
    group American Values", "chairman of Acme Corp.": that president is no holder of the office
    a bare "the president" means (QA helper, forty-fourth session: an activist named last in an
    article took the president's words twice, from its first paragraph). Not "president of the
    United States", a country's office."""
    of = next((c for c in noun.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    pobj = next((c for c in of.children if c.dep_ == "pobj"), None) if of is not None else None
    if pobj is None:
        return False
    words = list(pobj.subtree)
    if any(t.ent_type_ in ("GPE", "LOC") for t in words):
        return False
    return pobj.lemma_.lower() in COLLECTIVE_NOUNS or any(t.ent_type_ == "ORG" for t in words)


# --- who an epithet of a place and a party names --------------------------------------------------
#: Roles of people who speak for someone else: not who "the Arizona Republican" is.
STAFF = frozenset({"spokesman", "spokeswoman", "spokesperson", "aide", "adviser", "advisor", "staffer"})


def fitting_holders(
    r: Resolver, holders: list[Entity], phrase: str, head: str, root: Token, aff: Affiliation
) -> tuple[list[Entity], list[Entity]]:
    """Holders named before of the role a description names with a place or party ("the Ohio
    governor", "the Republican senator"): those named with that place and party (strong), and
    those named with neither (weak: the one such holder is meant, if no one else is)."""
    if not aff.places and not aff.parties:
        return [], []
    words = {
        t.lower_
        for t in root.subtree
        if t.i < root.i and (t.ent_type_ in ("GPE", "NORP", "LOC") or t.lower_ in PARTIES)
    }
    bare = " ".join(w for w in phrase.split() if w not in words)
    scored = [
        (fit(aff, r.index.affiliation(e)), e)
        for e in holders
        if last_before(e, root.idx) >= 0
        and any(narrower(bare, role.phrase) for role in e.roles if role.head == head)
    ]
    return [e for s, e in scored if s > 0], [e for s, e in scored if s == 0]


def affiliated(r: Resolver, root: Token, aff: Affiliation) -> Entity | None:
    """The person last named before with the place and the party a party label gives: "Sen.
    Harry Reid, D-Nev." for "the Nevada Democrat" (not a spokesman for him)."""
    if not aff.parties:
        return None
    best: tuple[int, Entity] | None = None
    party: list[Entity] = []  # of the party, no place known: "Senate Democratic Leader Chuck Schumer"
    for e in r.index.persons:
        at = last_before(e, root.idx)
        if at < 0 or any(role.head in STAFF for role in e.roles):
            continue
        known = r.index.affiliation(e)
        score = fit(aff, known)
        if score == 0 and aff.parties <= known.parties:
            party.append(e)
        if score > 0 and (best is None or at > best[0]):
            best = (at, e)
    if best is None and len(party) == 1:
        return party[0]  # the one of that party named before, for "the New York Democrat"
    return best[1] if best else None


def named_since(r: Resolver, root: Token, aff: Affiliation, earlier: Entity) -> Entity:
    """ "the Oklahoma Republican" after "a top House Republican" was described: the one named
    since with that place and party ("Rep. Tom Cole, Oklahoma Republican"; QA helper, 48th)."""
    known = affiliated(r, root, aff) if aff.places and root.ent_type_ == "NORP" else None
    if known is None or fit(aff, r.index.affiliation(known)) <= 0:
        return earlier
    return known if last_before(known, root.idx) > last_before(earlier, root.idx) else earlier


#: Titles of an office a spokesperson never holds: a name set off with one is their principal's.
_OFFICE_TITLES = frozenset({
    "sen", "senator", "rep", "representative", "gov", "governor", "president", "pres", "mayor",
    "secretary", "minister", "ambassador", "commissioner", "judge", "justice", "speaker",
})  # fmt: skip


def principal_set_off(first: Token, name: Token) -> bool:
    """Whether a name set off after a spokesperson's phrase is whom they speak for: "A
    spokeswoman for the top Republican on the committee, Rep. Doug Collins of Georgia, noted
    that ..." (QA helper, forty-ninth session: shown as Collins's words), whether the parser
    reads the name as her apposition or as a second subject. Only with an office's title on
    the name, which no spokesperson has, and a "for" or "to" phrase on the spokesperson."""
    return (
        first.lemma_.lower() in STAFF
        and any(c.dep_ == "prep" and c.lower_ in ("for", "to") for c in first.children)
        and any(c.dep_ == "compound" and c.lower_.rstrip(".") in _OFFICE_TITLES for c in name.children)
    )
