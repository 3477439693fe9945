"""Every numeric knob of stages 2 and 3 in one frozen object, so a pipeline can tune and record them.

The rules of attribution and speaker resolution are full of small numbers: how far a cue may be
from its quote, how many sentences back a pronoun looks, how much a guessed speaker is trusted.
Scattered as literals they could neither be found, nor tuned, nor recorded. Here each has a
name, a comment saying what it is and why it has its value, and one place to change it.

``Rules`` travels through the spaCy component config, the spaCy way: ``"sayso.rules.v1"`` is a
registered function whose keyword arguments are the fields, and every sayso component takes
``rules`` with the default ``{"@misc": "sayso.rules.v1"}``::

    nlp.add_pipe("sayso_quotes", config={"rules": {"@misc": "sayso.rules.v1", "min_confidence": 0.5}})

spaCy fills in the defaults of every other field, so ``nlp.config`` (and a saved pipeline's
``config.cfg``) records the exact rules a run used. A new meaning for a field means a new
version (``sayso.rules.v2``), never a silent change of ``v1``.

Values marked *tuned* were chosen on PolNeAR train and checked on dev (``sayso evaluate``); the
others follow from how news text is written. Word lists (titles, gendered nouns, speech verbs)
are lexicon, not thresholds, and stay module-level ``frozenset``s next to the rules that read
them. Stage 1 (``marks.py``) is pure text with its own two documented limits.

Deliberately no ``from __future__ import annotations``: spaCy builds the config schema from
these annotations at runtime.
"""

import dataclasses
from dataclasses import dataclass
from typing import Any

from spacy.util import registry


@dataclass(frozen=True, slots=True)
class Rules:
    """The thresholds and limits of attribution (stage 2) and speaker resolution (stage 3)."""

    # --- stage 2: proposing candidates ----------------------------------------------------
    #: Candidates whose estimated precision is below this are not reported (tuned): the one
    #: number that trades recall of indirect speech for precision.
    min_confidence: float = 0.3
    #: A "NAME: text" line or a dash signature names someone in at most this many words; more
    #: is a clause ("The reason is simple: ...").
    name_max_words: int = 6
    #: Longest speaker name (characters) before the colon of a transcript or headline line
    #: ("PENCE: ...", "Rush Limbaugh: ..."); longer runs are sentences with a colon.
    colon_name_max_chars: int = 49
    #: Longest source (characters) after the dash of a '"..." ― NAME' line.
    dash_source_max_chars: int = 61
    #: A '"..." ― NAME' line needs a quote longer than this (characters), so a dash inside
    #: an ordinary sentence is not taken for a signature.
    dash_quote_over_chars: int = 20
    #: A "-ing" noun read as a participle ("with one reader writing:") needs at least this many
    #: letters: shorter ones (king, thing, ring) are nouns.
    participle_min_chars: int = 6
    #: A verb particle ("point out", "lash out") joins the cue when at most this many tokens away.
    particle_max_distance: int = 2
    #: How many verbs up a cue without a subject may look for one ("he said and added").
    subject_inherit_depth: int = 5

    # --- stage 2: finding the speaker of a direct quote ----------------------------------
    #: Most tokens between a closing mark and its cue that may name the speaker
    #: ('"...," Jo Ruiz, a nurse in Dayton, said').
    between_max_tokens: int = 15
    #: How far back (tokens) from a cue the noun phrase before it is looked for
    #: ("Col. Jo Ruiz, a spokesman in Baghdad, said").
    name_before_max_tokens: int = 25

    # --- stage 2: attaching quotation marks to cues --------------------------------------
    #: A cue-less quote of at most this many words, alone in its paragraph's sentence, is a
    #: title, a nickname or a scare quote, not speech.
    scare_max_words: int = 3
    #: Longest name (characters) on the signature line under a quote ('- Sanders.').
    signature_name_max_chars: int = 60
    #: A bare cue this far (characters) from its quote is too far to be its cue (tuned).
    bare_reach: int = 100
    #: A quote with no cue this close (characters) after an attributed one continues it.
    continue_reach: int = 200
    #: Line breaks a cue-less quote may be from the quote it continues (one blank line).
    continue_breaks: int = 2
    #: Characters between a cue and a quote its clause holds that cost the cue 0.1 of its
    #: score: of two clauses holding a quote, the nearer cue governs it.
    near_chars: float = 500.0
    #: The most that distance may cost, so a far clause still beats a bare cue.
    near_max_penalty: float = 0.6
    #: The most characters between a cue and the second half of a split quote
    #: ("he told the host, ").
    split_gap: int = 30
    #: Most characters between a cue after a finished quote and the next quote for that quote
    #: to stand in the cue's sentence ('“... there.” He added, “...”'): sentences are shorter.
    sentence_reach: int = 400
    #: A bare cue needs at least this confidence as a speech verb (tuned).
    bare_min: float = 0.35
    #: ... and any cue with its speaker right after a quote that "according to" claims ('“...,”
    #: he implored a crowd, according to The Ledger'), not "has" in '“...,” has sold ...'.
    accord_cue_min: float = 0.1
    #: Base scores of the kinds of evidence that tie a quote to a cue, strongest first: the
    #: cue's clause holds the quote in its sentence, or in the neighbouring one (the sentence
    #: splitter often cuts after a closing mark); a speech verb right next to the quote; a cue
    #: announcing it ("He said:"). The gaps (0.5) exceed what confidences add, so the kind
    #: decides and the cue's confidence only breaks ties within a kind.
    score_clause_near: float = 2.0
    score_clause_far: float = 1.0
    score_bare: float = 1.5
    score_announce: float = 0.5
    #: How many heads up from a colon the verb of the clause introducing a quote may be.
    colon_verb_climb: int = 3
    #: Confidence of a quote introduced by a clause ending in a colon, with no lexicon cue.
    colon_confidence: float = 0.6
    #: Tokens after a closing mark searched for the verb of an attribution clause with any
    #: verb ('“...,” Oduya fumed', '“...!” a greeting on the club's site reads').
    frame_max_tokens: int = 8
    #: Confidence of a quote attributed by such a clause, or by "as X put it, “...”".
    frame_confidence: float = 0.6
    #: Confidence of a quote signed on the next line ('- Sanders.'), a fact-check layout.
    signature_confidence: float = 0.7
    #: Confidence of a direct quote with cue and source: base + weight * the cue's confidence.
    #: Quotation marks are strong evidence by themselves, so even a weak cue scores over 0.55.
    direct_base: float = 0.55
    direct_weight: float = 0.45
    #: Confidence of a direct quote with a cue but no source found.
    direct_no_source_confidence: float = 0.5
    #: Confidence of a direct quote no cue claims (still reported: it is quoted speech).
    uncued_confidence: float = 0.45
    #: Characters before a short quote searched for a labelling word ('known as “X”').
    label_lookback_chars: int = 40
    #: Quoted spans before a position checked for overlap: quotes are sorted and rarely nest
    #: more than this deep.
    quoted_lookback: int = 3
    #: Direct-quote spans before an indirect candidate checked for overlap (same reason).
    taken_lookback: int = 3
    #: Direct-quote spans checked for holding an "I"/"you"/"we" source of a narration verb.
    quote_person_lookback: int = 2

    # --- stage 3: dialogue ----------------------------------------------------------------
    #: A cue-less quote continues an exchange only if the previous quote ended this close
    #: (characters) before it.
    dialogue_gap: int = 400
    #: How many earlier quotes to look through for the two people of an exchange.
    dialogue_lookback: int = 4
    #: Confidence factor for a speaker inferred from the turn-taking of a dialogue: a guess.
    dialogue_confidence: float = 0.5
    #: Narration pronouns resolved at least this surely become extra mentions of a speaker.
    pronoun_mention_min_confidence: float = 0.8

    # --- stage 3: salience of mentions (coreference) -------------------------------------
    #: Penalty of a mention by grammatical role: the subject of a main clause is the most
    #: salient (0), then the subject of an embedded clause ("said the containers were safe"),
    #: then anything else; a name standing alone (caption, byline, headline) least of all.
    rank_main_subject: float = 0.0
    rank_embedded_subject: float = 0.3
    rank_other: float = 0.6
    rank_headline: float = 1.0
    #: Added to the rank of a mention inside reported speech (``DocView.rank``).
    rank_reported: float = 1.0
    #: Added, for a pronoun, to the rank of a name inside another person's description: "said
    #: Mackenzie Eaglen, a former defense aide to Sen. Susan Collins ... “...,” she said" is
    #: Eaglen's (``salience.in_description``).
    rank_in_description: float = 0.5
    #: Title words just before a name that still belong to it ("Prime Minister X").
    title_lookback_tokens: int = 2
    #: How far left (tokens) of a role noun its modifiers are kept ("yoga instructor").
    role_modifier_tokens: int = 3
    #: An ORG/GPE entity starting with a title is a person when at least this many tokens
    #: ("Baker Talia Kerr"); "Sen. Office" is not.
    titled_org_min_tokens: int = 3
    #: A title or gendered noun counts this many pronoun votes for a person's gender: it says
    #: so directly, a pronoun only by inference.
    strong_vote_weight: int = 3
    #: Passes of gender voting by pronouns; the second profits from what the first learnt.
    pronoun_vote_passes: int = 2
    #: Votes a full name's first name casts for the gender it usually has in the news
    #: (``coref.lexicon.gender_of_first_name``); less than a title, as much as one pronoun.
    #: 0 switches it off (``scripts/learn_name_genders.py`` learns without it).
    first_name_vote_weight: int = 1

    # --- stage 3: resolving sources (coreference) ----------------------------------------
    #: How many sentences of narration back a pronoun may reach for its referent.
    pronoun_window: int = 6
    #: ... and a definite description ("the actress") guessing by gender.
    description_window: int = 12
    #: ... and a plural pronoun ("they") for a group.
    plural_window: int = 3
    #: Score penalty of a person of unknown gender for a gendered pronoun.
    unknown_gender_penalty: float = 1.0
    #: ... for an unnamed spokesperson, aide or adviser (``lexicon.AGENT_NOUNS``), whose gender a
    #: story rarely gives: "A spokesperson for Laura Quinn said ... “...,” she said" is theirs.
    unknown_agent_penalty: float = 0.5
    #: ... for "he" when the person has a first and a last name, only the first name unknown
    #: ("Zac Moffat, digital director for Romney's campaign" before "he said": the lexicon lacks
    #: rarer first names; eleventh QA read). Three in four people whose gender the learning
    #: articles show are men (``data/name_genders.json``: 6,556 of 8,481), so an unknown first
    #: name is more likely a "he" than a "she", which keeps the full penalty.
    unknown_first_name_penalty: float = 0.5
    #: Confidence factor when a pronoun has no referent in reach (the quote keeps its source).
    no_referent_confidence: float = 0.5
    #: Score margin assumed when only one referent is in reach.
    lone_margin: float = 3.0
    #: Margins over the runner-up (in sentence-distance units) and the confidences they give.
    clear_margin: float = 1.0
    fair_margin: float = 0.5
    clear_confidence: float = 0.95
    fair_confidence: float = 0.8
    weak_confidence: float = 0.65
    #: Cap on the confidence of a gendered pronoun resolved to a person of unknown gender.
    unknown_gender_confidence_cap: float = 0.7
    #: Confidence of "they" resolved to the most salient group.
    plural_confidence: float = 0.75
    #: Confidence that "I" in the narration is the author.
    author_confidence: float = 0.9
    #: Factor for a relative pronoun resolved through its noun ("Tweeden, who said").
    relative_factor: float = 0.9
    #: Confidence of a proper-noun source the NER did not label.
    unlabelled_name_confidence: float = 0.8
    #: Confidence of "a second"/"another" as a new anonymous source, with or without a noun
    #: borrowed from the one before ("one TikTok user").
    ordinal_confidence: float = 0.9
    ordinal_bare_confidence: float = 0.8
    #: Confidence of "the source"/"the poll" linked to the unnamed one mentioned before.
    described_earlier_confidence: float = 0.85
    #: Confidence of a description matching a role given earlier ("the actor").
    role_match_confidence: float = 0.9
    #: Cap on a description resolved by gender alone ("the mum-of-seven" -> the salient woman).
    gendered_guess_cap: float = 0.75
    #: Confidence of a description given to the only person named so far ("the senator").
    only_person_confidence: float = 0.6
    #: Confidence of a description kept as its own speaker.
    own_description_confidence: float = 0.9
    #: Sentences back "a second" looks for the noun of a "one TikTok user" before it.
    indefinite_noun_lookback: int = 4

    def to_dict(self) -> dict[str, Any]:
        """The fields and values, as a component config records them."""
        return dataclasses.asdict(self)


#: The rules sayso ships with; what ``{"@misc": "sayso.rules.v1"}`` gives without arguments.
DEFAULT_RULES = Rules()

# ``Rules`` itself is the registered function: its keyword arguments are the fields, with their
# defaults, which spaCy fills into ``nlp.config``.
registry.misc.register("sayso.rules.v1", func=Rules)

__all__ = ["DEFAULT_RULES", "Rules"]
