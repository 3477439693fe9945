"""The rules object and the cue lexicon travel through the spaCy component config.

These tests need no model: the sentence is parsed by hand, so they pin what the config does,
not what a parser makes of the sentence.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
import spacy
from confection import ConfigValidationError
from spacy.language import Language
from spacy.tokens import Doc

import sayso.nlp.factories  # noqa: F401  (registers the components and functions)
from sayso.quotes.cues import load_lexicon
from sayso.quotes.rules import DEFAULT_RULES, Rules

# "Mara Quell said that the ferry would run late ." with its parse.
_WORDS = ["Mara", "Quell", "said", "that", "the", "ferry", "would", "run", "late", "."]
_HEADS = [1, 2, 2, 7, 5, 7, 7, 2, 7, 2]
_DEPS = ["compound", "nsubj", "ROOT", "mark", "det", "nsubj", "aux", "ccomp", "advmod", "punct"]
_POS = ["PROPN", "PROPN", "VERB", "SCONJ", "DET", "NOUN", "AUX", "VERB", "ADV", "PUNCT"]
_LEMMAS = ["Mara", "Quell", "say", "that", "the", "ferry", "would", "run", "late", "."]


def _parsed(nlp: Language) -> Doc:
    spaces = [True] * len(_WORDS)
    spaces[-2] = False
    spaces[-1] = False
    doc = Doc(
        nlp.vocab,
        words=_WORDS,
        spaces=spaces,
        heads=_HEADS,
        deps=_DEPS,
        pos=_POS,
        lemmas=_LEMMAS,
        ents=["B-PERSON", "I-PERSON", "O", "O", "O", "O", "O", "O", "O", "O"],
    )
    return doc


def _pipeline(config: dict[str, object] | None = None) -> Language:
    nlp = spacy.blank("en")
    nlp.add_pipe("sayso_quotes", config=config or {})
    return nlp


def test_default_rules_report_the_indirect_quote() -> None:
    nlp = _pipeline()
    doc = nlp(_parsed(nlp))
    assert [(q.kind, q.content, q.speaker) for q in doc._.quotes] == [
        ("indirect", "that the ferry would run late", "Mara Quell")
    ]


def test_a_rules_field_in_the_component_config_changes_behaviour() -> None:
    """No cue is trusted completely, so a threshold of 1.0 drops the one indirect quote."""
    nlp = _pipeline({"rules": {"@misc": "sayso.rules.v1", "min_confidence": 1.0}})
    doc = nlp(_parsed(nlp))
    assert doc._.quotes == ()


def test_nlp_config_records_every_rule() -> None:
    nlp = _pipeline({"rules": {"@misc": "sayso.rules.v1", "min_confidence": 1.0}})
    recorded = nlp.config["components"]["sayso_quotes"]["rules"]
    assert recorded["@misc"] == "sayso.rules.v1"
    assert recorded["min_confidence"] == 1.0
    assert recorded["bare_reach"] == DEFAULT_RULES.bare_reach  # defaults are filled in
    assert set(recorded) - {"@misc"} == {f.name for f in dataclasses.fields(Rules)}
    # and the recorded config rebuilds the same pipeline
    again = spacy.blank("en").from_config(nlp.config)
    assert again.get_pipe("sayso_quotes").rules == Rules(min_confidence=1.0)


def test_the_stage_components_take_the_rules_too() -> None:
    nlp = spacy.blank("en")
    nlp.add_pipe("sayso_quote_marks")
    nlp.add_pipe("sayso_attribution", config={"rules": {"@misc": "sayso.rules.v1", "min_confidence": 1.0}})
    nlp.add_pipe("sayso_speakers")
    assert nlp(_parsed(nlp))._.quotes == ()


def test_unknown_or_mistyped_rules_are_config_errors() -> None:
    with pytest.raises(ConfigValidationError, match="bogus"):
        _pipeline({"rules": {"@misc": "sayso.rules.v1", "bogus": 1}})
    with pytest.raises(ConfigValidationError, match="min_confidence"):
        _pipeline({"rules": {"@misc": "sayso.rules.v1", "min_confidence": "high"}})


def test_rules_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        DEFAULT_RULES.min_confidence = 0.0  # type: ignore[misc]


def test_cue_lexicon_is_a_registered_function_with_recorded_arguments(tmp_path: Path) -> None:
    """A statistics file that has seen "say + that-clause" fail every time makes it untrusted."""
    stats = tmp_path / "cue_stats.json"
    stats.write_text(json.dumps({"patterns": {"ccomp": {"say": [0, 500]}}}), encoding="utf-8")
    nlp = _pipeline({"cue_lexicon": {"@misc": "sayso.cue_lexicon.v1", "stats": str(stats)}})
    assert nlp(_parsed(nlp))._.quotes == ()
    recorded = nlp.config["components"]["sayso_quotes"]["cue_lexicon"]
    assert recorded["stats"] == str(stats)
    assert recorded["prior_speech"] == load_lexicon().prior_speech


def test_the_default_lexicon_is_read_once() -> None:
    assert load_lexicon() is load_lexicon()
    assert _pipeline().get_pipe("sayso_quotes").stages[1].lexicon is load_lexicon()
