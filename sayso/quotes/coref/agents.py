"""Can this phrase speak? Person, group, document, or nobody ("the lid", "her frustration").

A quote's source is whatever the parser made the subject of its cue, and in real news that is
often not anyone: "the lid of a pressure cooker", "her frustration became evident", "The
public's reaction underscores ...", a caption line "Hide Caption". Such phrases must not become
speakers. The decision is made on the head noun, from evidence in this order:

1. the small closed lists of ``lexicon.py`` (gendered and kin nouns, titles, collective nouns,
   documents) and ``PERSON_NOUNS`` below (people-nouns without an agentive ending);
2. what PolNeAR's annotators marked as sources on *train*: every common noun that headed a gold
   source at least once (``sayso/data/speaker_nouns.json``, ``scripts/learn_speakers.py``);
3. morphology checked against WordNet's verb list, which spaCy's English lemmatizer ships inside
   the model (its ``lemma_index`` table): "supporter", "organizer", "resident", "consultant"
   are a verb plus an agentive ending, "-ist", "-ian", "-man", "-ster" are agentive on their own.
   "paper", "accident" or "argument" are not (no verb "pap", "accide"; "-ment" names an act).

A noun none of these vouch for names nobody. No list of our own bad examples is involved: the
lists say what *can* speak, and everything else is left out.

Unlabelled proper nouns get one more check (``is_common_words``): a capitalised line whose words
are all ordinary English words ("Hide Caption", "WATCHED") is layout, not a name.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Literal

from sayso.quotes.coref.lexicon import (
    COLLECTIVE_NOUNS,
    DOCUMENT_NOUNS,
    FEMALE_NOUNS,
    MALE_NOUNS,
    TITLES,
)

NounClass = Literal["person", "group", "document"]

#: People-nouns with no agentive ending (a closed class: kinship, age, social roles).
PERSON_NOUNS = frozenset({
    "boss", "nurse", "guard", "pilot", "cop", "priest", "bishop", "pope", "rabbi", "imam",
    "cleric", "child", "kid", "baby", "teen", "youth", "adult", "victim", "witness", "neighbor",
    "neighbour", "citizen", "guest", "spouse", "parent", "relative", "cousin", "colleague", "peer",
    "veteran", "soldier", "troop", "crew", "staff", "source", "official", "expert", "aide",
    "executive", "representative", "detective", "chief", "ally", "foe",
    "enemy", "friend", "folk", "individual", "person", "people", "public", "mayor", "candidate",
    "nominee", "delegate", "democrat", "republican", "conservative", "liberal", "progressive",
    "moderate", "independent", "hopeful", "insider", "native", "patient", "client", "customer",
    "consumer", "student", "resident", "tenant", "refugee", "migrant", "immigrant", "employee",
    "sophomore", "freshman",
    "appointee", "trustee", "attendee", "audience", "majority", "minority", "side", "camp",
    "agent", "attorney", "lawyer", "partner", "celebrity", "sibling", "twin", "heir", "ex", "pal",
    "buddy", "mp", "ceo", "rep", "chef", "coach", "staffer", "pundit", "scholar", "scientist",
    "passenger", "messenger", "survivor", "family", "crowd", "mob", "incumbent", "laureate",
    "outsider", "counsel", "premier", "pm", "signatory", "whistleblower", "whistle-blower", "informant",
    "eyewitness", "bystander", "onlooker",
    # "Iran hawks in Congress, who are generally Republican, argue" had no speaker (46th session)
    "hawk", "dove",
    # "Participants in the call said", "One constituent said" had no speaker (forty-second session)
    "participant", "constituent", "congregant", "panelist", "panellist", "respondent",
    "beneficiary", "academic", "recipient", "applicant",
    # found missing when "The envoy, Nikki Haley, said" had no speaker (thirty-fifth session)
    "envoy", "emissary", "consul", "attaché", "practitioner", "surgeon", "medic", "paramedic",
    "midwife", "firefighter", "juror", "plaintiff", "suspect", "inmate", "prisoner", "hostage",
    "poet", "athlete", "quarterback", "teammate", "roommate", "classmate", "coworker", "co-worker",
    "dean", "provost", "intern", "apprentice", "mentor", "protege", "clerk", "registrar",
    "coroner", "regulator", "umpire", "archbishop", "chaplain", "deacon", "rector", "vicar",
    "sheikh", "emir", "ayatollah", "mullah", "emperor", "billionaire", "millionaire",
    "entrepreneur", "broker", "landlord", "homeowner", "teenager", "nanny", "maid", "butler",
    "chauffeur", "bodyguard", "caretaker", "caregiver", "governess", "frontrunner",
    "front-runner", "runner-up",
    # "Some locals say the road has made their lives easier" had no speaker (fortieth session)
    "local", "alumnus", "alumna", "alumni",
    # "Market professionals say", "The rebels quickly denied", "A 41% plurality said",
    # "Republican committee chairs said" had no speaker (forty-fourth session)
    "professional", "rebel", "insurgent", "militant", "hardliner", "dissident", "plurality", "chair",
})  # fmt: skip
#: Endings that make an agent noun whatever the stem ("economist", "politician", "spokesman").
_AGENT_ENDINGS = ("ist", "ian", "man", "woman", "men", "women", "person", "people", "ster", "crat", "eer")
#: Endings that make an agent noun of a verb stem ("supporter", "resident", "evacuee").
_VERB_ENDINGS = ("er", "or", "ar", "ent", "ant", "ee")


#: Amounts that head a source only as partitives ("a number of", "a lot of", "a handful of"):
#: PolNeAR's annotators mark the whole phrase, so the learned list counts the amount as a
#: speaker; the people after "of" are the speakers.
_QUANTITIES = frozenset({"number", "lot", "handful"})


@dataclass(frozen=True)
class WordClasses:
    """WordNet's word lists by part of speech, as spaCy's English lemmatizer ships them.

    Empty when the pipeline has no rule lemmatizer: then only the lists and the learned nouns
    decide (morphology needs the verb list to tell "supporter" from "paper").
    """

    verbs: frozenset[str] = frozenset()
    words: frozenset[str] = frozenset()  # nouns, verbs, adjectives and adverbs

    @classmethod
    def from_nlp(cls, nlp: Any) -> WordClasses:
        try:
            table = nlp.get_pipe("lemmatizer").lookups.get_table("lemma_index")
        except (KeyError, AttributeError, ValueError):
            # A pipeline with no rule lemmatizer (a blank one over parses made elsewhere, as in
            # the tests' frozen parses) reads words as the installed model would.
            return cls.default()
        return cls._of(table)

    @classmethod
    def default(cls) -> WordClasses:
        """The lists of the installed default model, read from its files without loading it.

        For callers of ``resolve`` with no pipeline at hand (tests on frozen parses); empty when
        no model is installed.
        """
        return _default_classes()

    @classmethod
    def _of(cls, table: Any) -> WordClasses:
        verbs = frozenset(table.get("verb", ()))
        words = frozenset(w for pos in ("noun", "verb", "adj", "adv") for w in table.get(pos, ()))
        return cls(verbs, words)


@lru_cache(maxsize=1)
def _default_classes() -> WordClasses:
    try:
        import spacy.util
        from spacy.lookups import Lookups

        from sayso.nlp.loader import model_name

        root = spacy.util.get_package_path(model_name())
        found = sorted(root.glob("*/lemmatizer/lookups")) or sorted(root.glob("lemmatizer/lookups"))
        if not found:
            return WordClasses()
        return WordClasses._of(Lookups().from_disk(found[0]).get_table("lemma_index"))
    except Exception:  # no model installed, or one without a rule lemmatizer: lists only
        return WordClasses()


@lru_cache(maxsize=1)
def learned_agents() -> frozenset[str]:
    """Common nouns PolNeAR's annotators marked as the head of a source on train, and often."""
    path = resources.files("sayso").joinpath("data", "speaker_nouns.json")
    if not path.is_file():
        return frozenset()
    nouns = json.loads(path.read_text(encoding="utf-8"))["nouns"]
    # Three times at least (twice lets in annotation slips: "eye", "water", "penny"), and at least
    # as often as where no annotator saw a source ("speech", "sign" head sources now and then, but
    # more often head what is not one).
    return frozenset(lemma for lemma, (gold, other) in nouns.items() if gold >= 3 and gold >= other)


def _verb_stem(word: str, verbs: frozenset[str]) -> bool:
    """Whether ``word`` is a verb plus an agentive ending: "supporter", "writer", "runner"."""
    for ending in _VERB_ENDINGS:
        if not word.endswith(ending) or len(word) - len(ending) < 3:
            continue
        stem = word[: -len(ending)]
        tries = [stem, stem + "e", stem[:-1] if len(stem) > 3 and stem[-1] == stem[-2] else ""]
        if ending == "ee":
            tries.append(stem + "ate")  # "evacuee" -> "evacuate", "nominee" -> "nominate"
        if stem.endswith("i"):
            tries.append(stem[:-1] + "y")  # "supplier" -> "supply"
        if any(t and t in verbs for t in tries):
            return True
    return False


def noun_class(lemma: str, words: WordClasses) -> NounClass | None:
    """What a common noun heading a source names: a person, a group, a document, or nobody."""
    w = lemma.lower()
    base = w.split("-", 1)[0]
    if w in DOCUMENT_NOUNS:
        return "document"
    if w in COLLECTIVE_NOUNS:
        return "group"
    if base in MALE_NOUNS or base in FEMALE_NOUNS or w in TITLES or w in PERSON_NOUNS or base in TITLES:
        return "person"
    if w in _QUANTITIES:
        return None  # "a number of voters": the voters speak (``_partitive``); "survey numbers" don't
    if w in learned_agents():
        return "person"
    if w.endswith("ment"):
        return None  # "statement" aside (a document above), "-ment" names an act or a state
    if w.endswith(_AGENT_ENDINGS) and len(w) > 4:
        return "person"
    if words.verbs and _verb_stem(w, words.verbs):
        return "person"
    return None


#: Words a section label may hold besides its content words ("The Latest", "Step 2").
LABEL_FUNCTION_WORDS = frozenset({
    "the", "a", "an", "of", "and", "for", "in", "on", "to", "at", "by", "with",
})  # fmt: skip


#: Kickers naming what kind of item follows on the page, not who speaks: "Analysis: ...",
#: "FILE PHOTO: <caption>", "Photos: <gallery>", "Video: ...". Some are document nouns
#: ("the video shows ..."), so the rule below alone would take them for a speaker. An AP fact
#: check's "THE FACTS:" before its own correction (17 in news-5k; QA helper, forty-first session:
#: "FACTS" spoke the AP's words). An "Editor's note:", a "Disclosure:" and a "CORRECTION:" are
#: the outlet's own (forty-second session), as is a fact check's "Verdict:" (forty-seventh).
MEDIA_KICKERS = frozenset({
    "analysis", "explainer", "photo", "photos", "video", "videos", "watch", "listen", "gallery",
    "graphic", "slideshow", "podcast", "audio", "live", "update", "updates", "story", "stories",
    "opinion", "commentary", "perspective", "fact", "facts", "note", "disclosure", "correction",
    "verdict",
})  # fmt: skip


#: A possessive ending of a label's word ("Editor’s", "Editors'").
_POSSESSIVE = re.compile(r"(?:['’]s|s['’])$")


def is_section_label(tokens: list[str], words: WordClasses) -> bool:
    """Whether a line label before a colon names a section, not a speaker: "READ MORE", "Step
    2", "The Latest", "Reality Check". Its words are all ordinary English words (function words
    and numbers aside) and the last of them names nobody who can speak; "Democrats", "Poll",
    "President", "Statement" (a document) and names that are no ordinary words ("GONYEA") pass,
    but not a page's kickers (``MEDIA_KICKERS``).
    One- and two-letter labels are an interview's "Q" and "A" or a transcript's initials."""
    # ("Editor’s note": a possessive is an ordinary word too; QA helper, forty-second session)
    bare = [_POSSESSIVE.sub("", t) or t for t in tokens]
    content = [t for t in bare if not t.isdigit() and t.lower() not in LABEL_FUNCTION_WORDS]
    if not content or any(len(t) <= 2 for t in content) or not is_common_words(content, words):
        return False
    last = content[-1].lower()
    if last in MEDIA_KICKERS:
        return True
    return noun_class(last, words) is None and noun_class(last.removesuffix("s"), words) is None


def is_common_words(tokens: list[str], words: WordClasses) -> bool:
    """Whether every word is an ordinary English word, so the capitalised line is no name."""
    if not words.words or not tokens:
        return False
    for tok in tokens:
        w = tok.lower()
        if not w.isalpha():
            return False
        forms = {w, w[:-1] if w.endswith("s") else w, w[:-2] if w.endswith("ed") else w}
        forms |= {w[:-1] if w.endswith("ed") else w, w[:-3] if w.endswith("ing") else w}
        if not forms & words.words:
            return False
    return True
