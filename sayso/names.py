"""Pure functions on people's names, shared by the comparison and the quote database.

Whether two names can denote the same person ("Adam B. Schiff" = "Adam Schiff", "Mike" = "Michael",
"Sen. Warren" = "Elizabeth Warren") is needed twice: when the speakers of one story are linked
across its articles (``sayso.compare.speakers``) and when the speakers of a whole database are
resolved into entities (``sayso.store.entities``). One copy lives here, importing nothing heavier
than ``re`` (rapidfuzz is loaded on the first fuzzy comparison), so the store can use it without
loading the comparison engine.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources

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
#: Lowercase words a real name may contain ("Ursula von der Leyen", "Beto O'Rourke").
PARTICLES = frozenset(
    {"de", "da", "di", "du", "del", "della", "der", "den", "van", "von",
     "bin", "ibn", "al", "el", "la", "le", "y", "dos", "das"}
)  # fmt: skip
_NAME_TOKEN = re.compile(r"[^\W\d_]+(?:['\-][^\W\d_]+)*", re.UNICODE)
FUZZY_MIN = 90.0

#: Nicknames and short forms -> the given name they stand for (both sides are mapped, so
#: "Mike Bloomberg" = "Michael Bloomberg" and "Bob" = "Robert" = "Rob").
NICKNAMES: dict[str, str] = {
    "mike": "michael", "mick": "michael", "bill": "william", "will": "william", "billy": "william",
    "liam": "william", "bob": "robert", "rob": "robert", "bobby": "robert", "robbie": "robert",
    "jim": "james", "jimmy": "james", "jamie": "james", "joe": "joseph", "joey": "joseph",
    "tom": "thomas", "tommy": "thomas", "dick": "richard", "rick": "richard", "rich": "richard",
    "ricky": "richard", "chuck": "charles", "charlie": "charles", "liz": "elizabeth",
    "beth": "elizabeth", "betsy": "elizabeth", "lizzie": "elizabeth", "kate": "katherine",
    "katie": "katherine", "kathy": "katherine", "catherine": "katherine", "dan": "daniel",
    "danny": "daniel", "dave": "david", "steve": "steven", "stephen": "steven",
    "chris": "christopher", "tony": "anthony", "nick": "nicholas", "ted": "edward",
    "ed": "edward", "eddie": "edward", "andy": "andrew", "drew": "andrew", "ben": "benjamin",
    "matt": "matthew", "sam": "samuel", "alex": "alexander", "greg": "gregory",
    "jeff": "jeffrey", "jon": "jonathan", "larry": "lawrence", "pete": "peter",
    "ron": "ronald", "ronnie": "ronald", "tim": "timothy", "jerry": "gerald", "hank": "henry",
    "fred": "frederick", "don": "donald", "ken": "kenneth", "kenny": "kenneth",
    "mitch": "mitchell", "pat": "patrick", "patty": "patricia", "sue": "susan",
    "jenny": "jennifer", "jen": "jennifer", "becky": "rebecca", "peggy": "margaret",
    "maggie": "margaret", "meg": "margaret", "al": "albert", "vicky": "victoria",
    "nate": "nathaniel", "zach": "zachary", "josh": "joshua", "abe": "abraham",
    "gabby": "gabrielle", "nancy": "ann", "tina": "christina", "cindy": "cynthia",
    "bernie": "bernard", "rudy": "rudolph", "bibi": "benjamin", "walt": "walter",
    "stan": "stanley", "herb": "herbert", "newt": "newton",
}  # fmt: skip

#: Determiners and possessives that start a description rather than a name ("the House speaker").
_DETERMINERS = frozenset(["the", "a", "an", "his", "her", "its", "their", "our", "this", "that"])
#: Words that make a description a role a person holds.
ROLE_WORDS = frozenset(
    [
        "speaker",
        "leader",
        "secretary",
        "spokesman",
        "spokeswoman",
        "spokesperson",
        "spokespeople",
        "president",
        "vice",
        "governor",
        "senator",
        "sen",
        "rep",
        "representative",
        "congressman",
        "congresswoman",
        "mayor",
        "minister",
        "chairman",
        "chairwoman",
        "chair",
        "chief",
        "director",
        "attorney",
        "general",
        "counsel",
        "judge",
        "justice",
        "officer",
        "commissioner",
        "ambassador",
        "adviser",
        "advisor",
        "aide",
        "manager",
        "administrator",
        "whip",
        "ceo",
        "founder",
        "prosecutor",
        "sheriff",
        "premier",
        "chancellor",
        "lawmaker",
        "candidate",
        "nominee",
        "king",
        "queen",
        "prince",
        "princess",
        "pope",
        "host",
        "envoy",
        "special",
        "press",
    ]
)
#: Heads of descriptions that name a document, whose words are its author's.
DOCUMENT_WORDS = frozenset(
    [
        "statement",
        "letter",
        "report",
        "filing",
        "complaint",
        "lawsuit",
        "memo",
        "memorandum",
        "release",
        "tweet",
        "post",
        "ruling",
        "order",
        "opinion",
        "indictment",
        "document",
        "email",
        "announcement",
        "transcript",
        "message",
    ]
)
_ROLE_FILLER = frozenset(["of", "for", "the", "and", "&", "house", "senate", "white", "state"])


def name_tokens(name: str) -> tuple[str, ...]:
    """Lowercased name words without titles or possessive endings."""
    toks = [t.lower() for t in _NAME_TOKEN.findall(name.replace("\u2019", "'"))]
    toks = [t[:-2] if t.endswith("'s") else t for t in toks]
    return tuple(t for t in toks if t not in TITLES)


def canonical_tokens(toks: Sequence[str]) -> tuple[str, ...]:
    """Name tokens with nicknames mapped to the given name (``mike`` -> ``michael``)."""
    return tuple(NICKNAMES.get(t, t) for t in toks)


def _given_names_fit(x: str, y: str) -> bool:
    """Same given name, or one is the other's initial ("b" and "bennett")."""
    return x == y or (len(x) == 1 and y.startswith(x)) or (len(y) == 1 and x.startswith(y))


def names_compatible(a: Sequence[str], b: Sequence[str]) -> bool:
    """Whether two token tuples can name the same person.

    Yes when the words of one are contained in the other (nicknames mapped to given names), when
    surname and given name agree and only middle names or initials differ ("Adam B. Schiff" =
    "Adam Bennett Schiff" = "Adam Schiff"), or when the spellings are near-identical.
    """
    if not a or not b:
        return False
    ca, cb = canonical_tokens(a), canonical_tokens(b)
    if _contained_or_same_person(ca, cb):
        return True
    # One outlet's copy drops the accents ("Jose Ortiz") or half of a double surname ("Maria
    # Lopez" for "Maria Lopez-Garcia"): the same tests on folded, hyphen-split words.
    fa, fb = canonical_tokens(_folded(ca)), canonical_tokens(_folded(cb))
    if (fa, fb) != (ca, cb) and _contained_or_same_person(fa, fb):
        return True
    from rapidfuzz import fuzz

    return fuzz.ratio(" ".join(ca), " ".join(cb)) >= FUZZY_MIN


def _contained_or_same_person(ca: Sequence[str], cb: Sequence[str]) -> bool:
    sa, sb = set(ca), set(cb)
    if sa <= sb or sb <= sa:
        return True
    return len(ca) >= 2 and len(cb) >= 2 and ca[-1] == cb[-1] and _given_names_fit(ca[0], cb[0])


def _folded(toks: Sequence[str]) -> tuple[str, ...]:
    """Name words without accents, a hyphenated word split in two ("lópez-garcía" -> "lopez", "garcia")."""
    out: list[str] = []
    for t in toks:
        plain = "".join(ch for ch in unicodedata.normalize("NFKD", t) if not unicodedata.combining(ch))
        out.extend(p for p in plain.split("-") if p)
    return tuple(out)


_ROLE_ONLY = ROLE_WORDS | _ROLE_FILLER | TITLES | {"u", "s", "us", "uk", "un", "eu"}


#: Lower-case words a proper name may hold ("Bank of America", "Ludwig van Beethoven").
_NAME_JOINERS = frozenset({
    "of", "and", "the", "for", "on", "in", "at", "de", "da", "di", "del", "della", "van", "von",
    "der", "den", "le", "la", "du", "des", "bin", "ibn", "al", "y",
})  # fmt: skip


def is_description(text: str) -> bool:
    """A description ("the House speaker", "her husband", "a statement", "U.S. Special Envoy")
    rather than a name: it starts with a determiner or in lowercase, or is only role words."""
    words = text.strip().split()
    if not words:
        return False
    if words[0].lower() in _DETERMINERS or not words[0][:1].isupper():
        return True
    if any(w[:1].isalpha() and w[:1].islower() and w not in _NAME_JOINERS for w in words[1:]):
        return True  # "Republican presidential nominee": a proper name has no common word in it
    toks = [t.lower() for t in _NAME_TOKEN.findall(text.replace("\u2019", "'"))]
    return bool(toks) and all(t in _ROLE_ONLY for t in toks)


def description_words(text: str) -> frozenset[str]:
    """The content words of a description, lowercased ("the House speaker" -> house, speaker)."""
    toks = [t.lower() for t in _NAME_TOKEN.findall(text.replace("\u2019", "'"))]
    return frozenset(t for t in toks if t not in _DETERMINERS and t not in ("of", "for", "and"))


#: A party and state label ("R-IN", "D-Mich.", "(R-Wis.)"): the parser may hand it over as a
#: source on its own, and it names nobody.
_PARTY_LABEL = re.compile(r"\(?[RDI]-[A-Z][A-Za-z. ]{0,6}\)?")


def is_name(text: str) -> bool:
    """A proper name starts with a capital and is not a pronoun, a bare description or a party
    label."""
    text = text.strip()
    return (
        bool(text[:1].isupper())
        and text.lower() not in _PRONOUNS
        and not is_description(text)
        and not _PARTY_LABEL.fullmatch(text)
        and bool(name_tokens(text))
    )


# The private name the comparison modules have always imported.
_is_name = is_name


@lru_cache(maxsize=1)
def _first_names() -> dict[str, str]:
    path = resources.files("sayso").joinpath("data", "name_genders.json")
    if not path.is_file():
        return {}
    names = json.loads(path.read_text(encoding="utf-8"))["names"]
    return {name: ("m" if m > f else "f") for name, (m, f) in names.items()}


def first_name_gender(word: str) -> str | None:
    """ "m" or "f": the gender a first name has in the news, learned from how articles refer to
    the people who bear it (``scripts/learn_name_genders.py``); None for a name seen too rarely."""
    return _first_names().get(word.lower())


@lru_cache(maxsize=1)
def _wide_first_names() -> dict[str, str]:
    path = resources.files("sayso").joinpath("data", "first_names.json")
    if not path.is_file():
        return {}
    table = json.loads(path.read_text(encoding="utf-8"))
    return {name: g for g in ("f", "m") for name in table[g].split()}


def person_first_name_gender(word: str) -> str | None:
    """``first_name_gender``, else the gender of a first name that is clearly a man's or a
    woman's in name registers (``scripts/build_first_names.py``): for the first name of someone
    already known to be a person. Not a test of whether a word is a first name ("Hope", "Will")."""
    return first_name_gender(word) or _wide_first_names().get(word.lower())


def singular_surname(plural: str) -> str:
    """ "Robertsons" -> "Robertson", "Joneses" -> "Jones", "Bushes" -> "Bush"."""
    if plural.lower().endswith(("ses", "xes", "zes", "ches", "shes")):
        return plural[:-2]
    return plural.removesuffix("s")


def family_surname(text: str) -> str | None:
    """The surname a family is named by, lower-case: "the Robertson family" and "the
    Robertsons" -> "robertson". A plural needs its "the" ("Robertsons" alone may be a shop);
    "the Democrats" passes too, harmlessly: it is only ever compared with itself."""
    words = text.split()
    the = bool(words) and words[0].lower() == "the"
    words = words[1:] if the else words
    if len(words) == 2 and words[1].lower() == "family" and words[0][:1].isupper():
        return words[0].lower()
    plural = len(words) == 1 and words[0].endswith("s") and words[0][:1].isupper() and words[0][1:].islower()
    return singular_surname(words[0]).lower() if the and plural else None
