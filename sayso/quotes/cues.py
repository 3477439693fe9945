"""The cue lexicon: which words introduce reported speech or belief, and how far to trust them.

Two sources are combined. A hand-written core lexicon says which lemmas are speech or belief
cues at all; it covers verbs a news corpus of one election year rarely shows (tweet, interject,
snap). Statistics learned from PolNeAR *train* (``sayso/data/cue_stats.json``, written by
``scripts/learn_cues.py``: counts per lemma and construction, no article text) say how often a
lemma in a given construction really was annotated as an attribution. "say + that-clause" is
almost always one; "show + object" sometimes; "call + object" rarely. The learned counts are
smoothed towards the core prior, so a cue seen twice is not trusted like one seen two hundred
times.

The lexicon reaches the pipeline as a registered, versioned function, ``"sayso.cue_lexicon.v1"``
(as spaCy registers ``"spacy.ner_scorer.v1"``): the ``sayso_attribution`` and ``sayso_quotes``
components take ``cue_lexicon`` in their config, default ``{"@misc": "sayso.cue_lexicon.v1"}``, so
another statistics file or other priors can be configured and ``nlp.config`` records which were
used. Files are read once per process and argument set.

The same file holds a third table, ``speech``: per cue lemma, how many of train's annotated
attributions it introduces and how many of those are direct quotes. PolNeAR annotates beliefs,
intentions and stances broadly ("declined to comment", "sought to block", "expects a deal"), but
a user shown a quote wants someone's words; a lemma that introduces quoted words is a verb of
saying or writing, one that never does is not (``CueLexicon.speech_share``; stage 4 reads it,
``sayso.quotes.caps.is_unspoken``).
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from spacy.util import registry


def _words(block: str) -> list[str]:
    return block.split()


#: Constructions a cue appears in; each has its own statistics, because one lemma can be a
#: reliable cue in one construction and noise in another.
#: ``ccomp``  X said (that) ...            ``xcomp``   X wants to ...
#: ``para``   ..., X said, ...  / ..., X said.  (the cue hangs off the content's verb)
#: ``dobj``   X called the plan a disaster   ``prep``   X called for ..., X pointed to ...
#: ``noun``   X's claim that ...            ``accord``  according to X, ...
#: ``colon``  X: ...  (interview transcripts, headlines)   ``dash``  "..." ― X
#: A cue with no clause of its own ("bare") borrows the statistics of ``ccomp``; a cue inside
#: quotation marks is looked up under ``q:PATTERN`` (PolNeAR never annotates "I think" inside a
#: quote as an attribution, so these must not share counts with the reported ones).
PATTERNS: tuple[str, ...] = ("ccomp", "xcomp", "para", "dobj", "prep", "noun", "accord", "colon", "dash")

#: Verbs of saying and writing: reliable with a complement clause.
#: Verbs that give their object a name, the speaker's words (the small model parses the name as
#: an apposition of the object as often as as its predicate).
NAMING_VERBS = frozenset({
    "call", "dub", "label", "brand", "term", "nickname", "name", "describe", "characterize",
    "declare", "deem",
})  # fmt: skip
#: Verbs of asking: whoever they have as object is the one who answers.
ASKING_VERBS = frozenset({"ask", "press", "question", "quiz", "query"})
#: Verbs whose object, or passive subject, is the one spoken to: "he was asked what happened",
#: "I was told that ...", '“...,” told Fox News'.
ADDRESSED_VERBS = frozenset(
    {"ask", "tell", "question", "inform", "remind", "brief", "advise", "assure", "press"}
)
#: Of those, the verbs of telling: no subject is put after them as after "said" or "asked".
TELLING_VERBS = ADDRESSED_VERBS - ASKING_VERBS
#: Past forms of speech verbs that stripping "-d" or "-ed" cannot undo.
IRREGULAR_SAID: frozenset[str] = frozenset({"said", "wrote", "told", "spoke"})
SPEECH_VERBS: frozenset[str] = frozenset(
    _words(
        """
    say tell add note claim argue warn insist admit deny reply respond interject snap slam echo
    write tweet post report announce explain suggest acknowledge assert state declare mention
    remark observe comment recall confirm reveal disclose concede contend maintain predict
    promise pledge vow threaten urge demand ask question press wonder answer testify allege charge
    complain boast brag joke quip muse recount describe emphasize emphasise stress point
    indicate repeat reiterate estimate conclude caution counter retort shout scream yell
    whisper cry exclaim sing agree disagree acknowledge estimate insist plead propose
    recommend advise inform assure reassure remind warn lament complain criticize criticise
    praise accuse blame attack blast condemn mock dismiss defend rebut rebuff
    """
    )
)

#: Belief, intention and evidence: PolNeAR annotates these as attributions too.
BELIEF_VERBS: frozenset[str] = frozenset(
    _words(
        """
    believe think want plan expect hope fear feel know worry doubt suspect assume guess
    consider intend seek aim wish prefer reckon imagine understand realize realise hold
    show find suggest indicate reveal predict project estimate decide vow refuse
    """
    )
)

#: Nouns that carry a content clause ("his claim that ...", "a statement saying ...").
#: See ``CueLexicon.talks_of_object``.
OBJECT_CONTENT_MIN = 0.65

SPEECH_NOUNS: frozenset[str] = frozenset(
    _words(
        """
    statement claim claims assertion allegation belief view argument warning promise pledge
    suggestion remark comment comments report reports announcement testimony message fear
    hope concern notion idea insistence admission acknowledgment denial call demand vow
    threat prediction estimate expectation assessment conclusion charge accusation tweet
    """
    )
)

#: Where words are said, in a phrase after their cue: "claimed victory *in a tweet*", "praised
#: the plan *in an interview*". The phrase sets the scene; it is not part of what was said.
OCCASION_NOUNS: frozenset[str] = frozenset(
    _words(
        """
    tweet twitter facebook instagram interview statement post speech media broadcast
    appearance rally briefing conference letter op-ed video podcast
    """
    )
)

#: Words that make a direct quote read as a title or a label rather than speech.
TITLE_WORDS: frozenset[str] = frozenset(
    _words("called so-called dubbed named titled entitled nicknamed labeled labelled term termed known")
)


@dataclass(frozen=True, slots=True)
class CueLexicon:
    """Per-construction hit counts learned from a corpus, plus the hand-written core."""

    counts: dict[str, dict[str, tuple[int, int]]]
    #: Lemmas worth building candidates for: a cheap filter before looking at the parse.
    lemmas: frozenset[str]
    #: ``(direct, total)`` annotated attributions per cue lemma (the ``speech`` table).
    speech: dict[str, tuple[int, int]] = field(default_factory=dict)
    #: Prior precision of a speech verb or noun, of a belief verb, and of any other word: what
    #: the hand-written core says before the counts (speech cues are attributions more often
    #: than not; an arbitrary verb almost never is).
    prior_speech: float = 0.6
    prior_belief: float = 0.45
    prior_other: float = 0.03
    #: Priors of cues that are not words of a lexicon: "according to" (nearly always an
    #: attribution), a colon after a name and a dash before one (layouts that often are).
    prior_according_to: float = 0.8
    prior_colon: float = 0.5
    prior_dash: float = 0.5
    #: How many learned observations the prior is worth (additive smoothing strength).
    prior_weight: float = 3.0
    #: Factor on the prior of a cue inside quotation marks with no statistics of its own:
    #: speakers say "I think" far more often than they report it.
    quoted_factor: float = 0.5
    #: What the share of direct quotes among a lemma's attributions is believed to be before
    #: its counts (``speech_share``): for a verb or noun of the core speech lexicon, and for any
    #: other word (a lemma train never shows as an annotated cue is taken for no speech verb).
    prior_share_speech: float = 0.2
    prior_share_other: float = 0.0
    #: How many observations that prior is worth: enough that a word seen once beside a quote
    #: ("resisted", "loved") is not a speech verb, few enough that train's counts decide for
    #: the lemmas it shows often ("declined" 0 of 69, "sought" 0 of 83).
    speech_prior_weight: float = 20.0

    @classmethod
    def build(
        cls,
        counts: dict[str, dict[str, tuple[int, int]]],
        speech: dict[str, tuple[int, int]] | None = None,
        **priors: float,
    ) -> CueLexicon:
        lemmas: set[str] = set(SPEECH_VERBS) | BELIEF_VERBS | SPEECH_NOUNS
        for table in counts.values():
            lemmas.update(key.split(" ", 1)[0] for key, (hits, _total) in table.items() if hits)
        return cls(counts=counts, lemmas=frozenset(lemmas), speech=dict(speech or {}), **priors)

    def talks_of_object(self, lemma: str) -> bool:
        """Whether ``lemma``'s direct object is what the speech is about: the annotators take it
        as content at least ``OBJECT_CONTENT_MIN`` of the time on train ("accuse" 0.77,
        "describe" 0.78, "call" 0.67), unlike "remind" 0.63, "show" 0.56, "see" 0.36. Such a
        verb says something *of* its object: "accused the board of wasting money" is a claim
        about the board, and in "praised Smith for saying ..." Smith is who said it."""
        return self.confidence("dobj", lemma) >= OBJECT_CONTENT_MIN

    def speech_share(self, lemma: str, noun: bool = False) -> float:
        """Smoothed share of direct quotes among the attributions ``lemma`` introduces on train.

        Smoothed towards the core lexicon as ``confidence`` is: about half for "say" or "tell",
        0.05-0.1 for "vow", "urge", "warn", whose counts are few but which the core lexicon knows
        as verbs of saying; nothing for "decline", "seek", "expect", which the annotators mark as
        beliefs or intentions but which never introduce anyone's quoted words. ``noun``: the
        cue is a noun, whose prior is that of the core speech nouns ("view" is one, the verb
        "view" is no verb of saying).
        """
        direct, total = self.speech.get(lemma, (0, 0))
        speech = lemma in (SPEECH_NOUNS if noun else SPEECH_VERBS)
        prior = self.prior_share_speech if speech else self.prior_share_other
        return (direct + self.speech_prior_weight * prior) / (total + self.speech_prior_weight)

    def prior(self, key: str) -> float:
        """What we believe about a lemma before looking at the corpus counts."""
        if key == "according to":
            return self.prior_according_to
        if key == ":":
            return self.prior_colon
        if key == "―":
            return self.prior_dash
        lemma = key.split(" ", 1)[0]
        if lemma in SPEECH_VERBS or lemma in SPEECH_NOUNS:
            return self.prior_speech
        if lemma in BELIEF_VERBS:
            return self.prior_belief
        return self.prior_other

    def confidence(self, pattern: str, key: str) -> float:
        """Estimated precision of ``key`` (a lemma, or "lemma prep") used in ``pattern``.

        Patterns starting with ``q:`` are cues standing inside a quotation; with no statistics
        their prior is halved, since speakers say "I think" far more than they report it.
        """
        prior = self.prior(key) * (self.quoted_factor if pattern.startswith("q:") else 1.0)
        hits, total = self.counts.get(pattern, {}).get(key, (0, 0))
        return (hits + self.prior_weight * prior) / (total + self.prior_weight)


def _read_stats(stats: str | None) -> dict[str, Any]:
    """A ``cue_stats.json`` (the packaged one for None); empty if the package has none."""
    try:
        if stats is None:
            raw = resources.files("sayso").joinpath("data/cue_stats.json").read_text(encoding="utf-8")
        else:
            raw = Path(stats).read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        if stats is not None:
            raise  # a configured file that is not there is a mistake, not a fallback
        return {}
    data: dict[str, Any] = json.loads(raw)
    return data


def _read_counts(stats: str | None) -> dict[str, dict[str, tuple[int, int]]]:
    """Construction counts from a ``cue_stats.json`` (the packaged one for None)."""
    return {
        pattern: {key: (int(v[0]), int(v[1])) for key, v in table.items()}
        for pattern, table in _read_stats(stats).get("patterns", {}).items()
    }


def _read_speech(stats: str | None) -> dict[str, tuple[int, int]]:
    """The ``speech`` table of a ``cue_stats.json``: (direct, total) per cue lemma."""
    return {key: (int(v[0]), int(v[1])) for key, v in _read_stats(stats).get("speech", {}).items()}


@functools.lru_cache(maxsize=8)
def _lexicon(stats: str | None, priors: tuple[tuple[str, float], ...]) -> CueLexicon:
    return CueLexicon.build(_read_counts(stats), _read_speech(stats), **dict(priors))


@registry.misc("sayso.cue_lexicon.v1")
def cue_lexicon_v1(
    stats: str | None = None,
    prior_speech: float = 0.6,
    prior_belief: float = 0.45,
    prior_other: float = 0.03,
    prior_according_to: float = 0.8,
    prior_colon: float = 0.5,
    prior_dash: float = 0.5,
    prior_weight: float = 3.0,
    quoted_factor: float = 0.5,
) -> CueLexicon:
    """The cue lexicon: learned counts from ``stats`` (None: the packaged file) and the priors.

    The priors' meaning is documented on ``CueLexicon``; the defaults are the ones the packaged
    statistics were evaluated with.
    """
    priors = {
        "prior_speech": prior_speech,
        "prior_belief": prior_belief,
        "prior_other": prior_other,
        "prior_according_to": prior_according_to,
        "prior_colon": prior_colon,
        "prior_dash": prior_dash,
        "prior_weight": prior_weight,
        "quoted_factor": quoted_factor,
    }
    return _lexicon(stats, tuple(priors.items()))


def load_lexicon() -> CueLexicon:
    """The packaged lexicon with the default priors (read once per process)."""
    return cue_lexicon_v1()
