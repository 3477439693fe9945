"""The word lists coreference reads news text with: titles, gendered nouns and pronouns, groups.

They are lexicon, not thresholds: kept deliberately small (see the package docstring for why a
first-name list is not among them), and shared by the passes that build the entity index and
by resolution.
"""

from __future__ import annotations

from typing import Literal

from sayso.names import first_name_gender, person_first_name_gender

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
    "gen": None, "general": None, "col": None, "colonel": None, "capt": None, "captain": None,
    "lt": None, "lieutenant": None, "admiral": None, "adm": None, "commander": None, "marshal": None,
    "sgt": None, "sergeant": None, "det": None, "detective": None, "officer": None,
    "mayor": None, "chancellor": None, "ambassador": None, "commissioner": None, "chief": None,
    "coach": None, "st": None, "saint": None, "deputy": None, "chairman": "m", "chairwoman": "f",
    # occupations written like titles, mostly at the start of a sentence ("Chef Nora Lindqvist")
    "chef": None, "baker": None, "actor": None, "actress": "f", "director": None, "singer": None,
    "star": None, "author": None, "writer": None, "producer": None, "designer": None,
    "presenter": None, "host": None, "anchor": None, "artist": None, "painter": None,
    "sheriff": None, "pastor": None, "councillor": None, "councilman": "m", "councilwoman": "f",
    "comedian": None, "filmmaker": None, "rapper": None, "model": None, "activist": None,
    # plural abbreviations before a list of names ("Sens. Jeff Merkley, Sherrod Brown and ...")
    "sens": None, "reps": None, "govs": None, "drs": None, "profs": None, "gens": None, "adms": None,
}  # fmt: skip


#: Abbreviated titles as the noun a later description would use ("Sen. X" ... "the senator").
TITLE_ROLES = {
    "sen": "senator", "rep": "representative", "gov": "governor", "pres": "president",
    "dr": "doctor", "prof": "professor", "gen": "general", "capt": "captain", "sgt": "sergeant",
    "det": "detective", "rev": "reverend", "lt": "lieutenant", "col": "colonel",
    "sens": "senator", "reps": "representative", "govs": "governor",
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
#: Unnamed people who speak for someone, whose gender a story rarely gives
#: (``Rules.unknown_agent_penalty``); not a title that heads a name ("US Attorney ..., X").
AGENT_NOUNS = frozenset({"spokesperson", "aide", "adviser", "advisor", "staffer"})
#: Nouns of family ties: a relative shares the surname ("his father, Fred Dunn").
KIN_NOUNS = frozenset({
    "father", "mother", "dad", "mom", "parent", "son", "daughter", "child", "brother", "sister",
    "sibling", "husband", "wife", "uncle", "aunt", "nephew", "niece", "cousin", "grandfather",
    "grandmother", "grandson", "granddaughter", "stepfather", "stepmother", "stepson",
    "stepdaughter", "widow", "widower"
})  # fmt: skip
#: Reflexive pronouns: "identified himself as", "convinced themselves that".
REFLEXIVES = frozenset({"himself", "herself", "itself", "themselves", "myself", "ourselves", "yourself"})
#: Verbs by which someone names themselves: "who identified himself as", "which calls itself".
SELF_NAMING = frozenset({"identify", "introduce", "call", "describe", "name"})
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
    "organisation", "organization", "association", "coalition", "cabinet", "opposition", "management",
    # institutions: organisations named by their kind ("the airline said", "the institute found")
    "airline", "bureau", "foundation", "institute", "school", "university", "college", "hospital",
    "bank", "newspaper", "magazine", "channel", "station", "outlet", "commission", "office",
    "authority", "embassy", "legislature", "pac", "charity", "regulator", "watchdog",
    "manufacturer", "retailer", "insurer", "carrier", "operator", "utility", "publisher",
    "service", "nonprofit", "chamber", "store", "chain", "center", "centre", "church", "clinic",
    "studio", "lab", "laboratory", "press", "media", "medium",  # the lemmatiser's "media"
    "federation", "alliance", "corporation", "fund", "academy",
    # missing when "A conservative think tank estimated ..." had no speaker (thirty-fifth session)
    "think tank", "think-tank", "consortium", "cartel", "syndicate", "guild", "tribunal", "bloc",
    "assembly", "secretariat", "directorate", "inspectorate", "observatory", "politburo", "squad",
    "brigade",
    # the people on one side of a contest ("the other side warned", "the Clinton camp said"),
    # of politics ("while the right argues that ...": no speaker until the fortieth session)
    "side", "camp", "right", "left",
    # forces named by what they do ("Local law enforcement alleged", "the border patrol said")
    "enforcement", "patrol",
    # bodies named by what they are ("the Syrian regime demanded", "the oil industry says")
    "regime", "industry", "lobby", "delegation", "caucus", "junta", "leadership", "prosecution",
    "defense", "defence",
    # parts of an organisation ("The state NAACP chapter said" had no speaker: forty-sixth session)
    "chapter", "branch", "affiliate", "division", "subsidiary",
    # "Orlando's international airport said" had no speaker (forty-sixth session)
    "airport",
    # ("television", "radio" tried for "Iranian state television reports": "her television" took
    # a "they", forty-sixth session)
    "broadcaster",
})  # fmt: skip
#: Determiners and numbers that make a new, unnamed individual ("a source", "one user").
INDEFINITE = frozenset({"a", "an", "one", "another", "some", "someone", "somebody"})
PLURAL_QUANTIFIERS = frozenset({"some", "others", "many", "several", "few", "most", "all", "both"})
ORDINALS = frozenset({
    "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh",
    "twelfth", "last"
})  # fmt: skip
#: Things, not people, that news quotes (kind "document"), unless the article says whose they are
#: ("a statement from the White House", "Trump's letter": then the author speaks).
DOCUMENT_NOUNS = frozenset({
    "report", "statement", "study", "survey", "document", "documents", "letter", "filing", "memo",
    "tweet", "post", "lawsuit", "complaint", "ruling", "poll", "release", "website", "book",
    "article", "paper", "email", "message", "note", "law", "bill", "order", "data", "research",
    "analysis", "record", "indictment", "ad", "advertisement", "video", "footage", "verdict",
    "decision", "judgment", "policy", "proposal", "rule", "guidance", "transcript", "memoir",
    "estimate", "forecast", "index", "audit", "review", "investigation", "inquiry", "petition",
    "result", "finding", "speech", "manifesto", "editorial", "column", "blog", "suit", "charter",
    "polling",
    # nouns PolNeAR's annotators mark as sources that speak as a text or a record does, not as
    # a person (learned_agents would make them people: "the affidavit says", "data show")
    "story", "site", "page", "account", "legislation", "headline", "affidavit", "disclosure",
    "summary", "tally", "projection", "version", "photo", "series", "datum", "evidence", "average",
    # records that "say" or "show" in news copy ("the database says", "according to the contract")
    "database", "contract", "declaration", "text", "entry", "screenshot", "recording",
    "guideline", "statistic", "plan", "search", "status", "chart", "meme",
    # what a protester holds up ("a sign that read ...")
    "sign", "placard", "banner", "poster",
    # papers a body puts out (on 1,500 news-5k articles, shown with no speaker at all: "the
    # State Department fact sheet", "the draft", "the resolution", "his testimony")
    "sheet", "draft", "resolution", "testimony", "briefing", "assessment", "memorandum",
    "directive", "bulletin", "dossier", "readout", "communique", "script", "recommendation",
    # read as nobody on the first 1,500 news-5k (forty-sixth session): "The brief, signed by 207
    # lawmakers, saying", "an ISIS radio broadcast calling", "Justice Scalia's concurrence" (not
    # "piece" nor "warning": "The pieces suggest", "cryptic warnings about election fraud")
    "brief", "broadcast", "concurrence", "notice", "evaluation",
    # rules and a treaty's parts ("Ranger School regulations require ..."; fortieth session)
    "regulation", "provision", "clause", "treaty", "accord", "agreement", "portion", "referral",
    # a court's papers ("Smollett's counterclaim says": no speaker until the forty-fourth
    # session; not "claim", which names a source less often than what one claims)
    "counterclaim", "motion", "reporting", "appeal", "rating", "ranking", "commentary",
    # a diplomat's cable, an official's schedule, a policy's outline, a photo's caption (QA
    # helpers, forty-fifth session: "the cable says", "according to a schedule provided to"
    # had no speaker)
    "cable", "schedule", "outline", "caption", "excerpt",
})  # fmt: skip
#: Records that show someone rather than speak: a video's "of" is who is in it, not who made it,
#: and "a video showing X ..., while pleading" is X's plea (``attribution.others``).
PICTURE_NOUNS = frozenset({
    "video", "footage", "clip", "photo", "photograph", "image", "recording", "tape", "picture",
    "screenshot", "livestream",
})  # fmt: skip
#: What follows a name (after a comma or not) and is part of it: its generation.
NAME_SUFFIXES = frozenset({"jr", "sr", "ii", "iii", "iv"})
NAME_PARTICLES = frozenset(
    {"de", "da", "di", "del", "della", "van", "von", "der", "den", "le", "la", "bin", "al"}
)
GROUP_LABELS = frozenset({"ORG", "NORP", "GPE"})
#: Platforms the small model tags as a person's name ("On Twitter, he said: ..."; "thrashing
#: opponents on Twitter. He ..."): as a person they took the pronouns after them, and so the words
#: of Netanyahu, Trump and a Democratic source, one "Twitter" across four articles (QA helper,
#: nineteenth session). A platform publishes; it never speaks.
PLATFORMS = frozenset({
    "twitter", "facebook", "instagram", "youtube", "tiktok", "reddit", "snapchat", "linkedin",
    "whatsapp", "telegram", "parler", "gab", "substack", "threads", "bluesky", "mastodon",
})  # fmt: skip
#: Days the small model takes into a name before it ("took to Twitter Sunday", a PERSON: the
#: platform then took a woman's "she added" three times; QA helper, thirty-seventh session).
WEEKDAYS = frozenset({"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"})
#: Months the small model tags as a person when one opens a clause ("As May approached, she").
MONTHS = frozenset({
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december",
})  # fmt: skip


def gender_of_noun(word: str) -> Gender | None:
    """The gender a noun implies ("mum-of-seven" counts as "mum")."""
    w = word.lower().split("-", 1)[0]
    if w in MALE_NOUNS:
        return "m"
    if w in FEMALE_NOUNS:
        return "f"
    return None


def gender_of_first_name(word: str) -> Gender | None:
    """The gender a first name has in the news (``sayso.names.first_name_gender``, shared with
    the database's resolver)."""
    found = first_name_gender(word)
    return "m" if found == "m" else "f" if found == "f" else None


def gender_of_person_first_name(word: str) -> Gender | None:
    """The gender of a person's first name: the news table's, else a name register's
    (``sayso.names.person_first_name_gender``)."""
    found = person_first_name_gender(word)
    return "m" if found == "m" else "f" if found == "f" else None


def gender_of_pronoun(word: str) -> Gender | None:
    w = word.lower()
    if w in MALE_PRONOUNS:
        return "m"
    if w in FEMALE_PRONOUNS:
        return "f"
    return None


def title_key(word: str) -> str:
    return word.lower().rstrip(".")
