"""Frozen parses: what the model made of a test's invented sentences, stored as a spaCy ``DocBin``.

A rule test ("'her husband' finds the chef named in the apposition") depends on the parse of its
sentence, not on which model produced it. Parsing with the live model makes such tests fail on
a model upgrade for reasons that have nothing to do with the rule. So the parse is frozen once,
by ``scripts/freeze_parses.py``, into ``tests/fixtures/<name>.spacy`` with everything the
components read (tokens and spaces, tags, POS, lemmas, morphology, dependencies and heads, which
also give the sentence boundaries, and entities), and the test runs the rules on the
deserialised ``Doc``: no model needed, same result on every machine.

Record mode (``SAYSO_FREEZE_PARSES=1``, set by the script) parses with the installed model
instead and rewrites the fixture from the texts the run parsed, with a ``.meta.json`` beside it
saying which model made it. A text without a frozen parse fails the test with that advice.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import spacy
from spacy.tokens import Doc, DocBin

from sayso.quotes.glyphs import original_text
from sayso.settings import DEFAULT_MIN_CONFIDENCE

FIXTURES = Path(__file__).resolve().parent / "fixtures"
RECORD_ENV = "SAYSO_FREEZE_PARSES"
#: What the components need from a parse (``SPACY`` is the whitespace after each token).
ATTRS = ["ORTH", "NORM", "SPACY", "TAG", "POS", "MORPH", "LEMMA", "DEP", "HEAD", "ENT_IOB", "ENT_TYPE"]


class FrozenParses:
    """The frozen parses of one fixture file, by text; in record mode, the live model's."""

    def __init__(self, name: str) -> None:
        self.path = FIXTURES / f"{name}.spacy"
        self.record = os.environ.get(RECORD_ENV) == "1"
        self.vocab = spacy.blank("en").vocab
        self.docs: dict[str, Doc] = {}
        if self.path.exists() and not self.record:
            for doc in DocBin().from_disk(self.path).get_docs(self.vocab):
                self.docs[original_text(doc)] = doc

    def parse(self, text: str) -> Doc:
        """The parse of ``text`` (a fresh copy: the rules may set extensions on it)."""
        if self.record:
            if text not in self.docs:
                from sayso.nlp import load_nlp

                self.docs[text] = load_nlp(with_quotes=False)(text)
            return self.docs[text].copy()
        doc = self.docs.get(text)
        if doc is None:
            pytest.fail(
                f"no frozen parse of {text[:60]!r} in {self.path.name}: run scripts/freeze_parses.py",
                pytrace=False,
            )
        return doc.copy()

    def save(self) -> None:
        """In record mode, write the parses of this run (and which model made them)."""
        if not self.record:
            return
        import spacy as spacy_module

        from sayso.nlp import load_nlp

        FIXTURES.mkdir(exist_ok=True)
        # The user data holds the text as given where the model read a copy (``model_copy``: an
        # apostrophe inside a word made straight), which the rules cut what they show from.
        out = DocBin(attrs=ATTRS, store_user_data=True)
        for text in sorted(self.docs):
            out.add(self.docs[text])
        out.to_disk(self.path)
        meta = load_nlp(with_quotes=False).meta
        info = {
            "model": f"{meta.get('lang')}_{meta.get('name')}",
            "model_version": meta.get("version"),
            "spacy_version": spacy_module.__version__,
            "texts": len(self.docs),
        }
        self.path.with_suffix(".meta.json").write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")


class FrozenEngine:
    """``sayso_quotes`` on frozen parses: ``engine(text)`` does what ``nlp(text)`` does, without a model."""

    def __init__(self, parses: FrozenParses) -> None:
        import sayso.nlp.factories  # noqa: F401  (registers the components)

        self.parses = parses
        self.nlp = spacy.blank("en")
        self.nlp.add_pipe("sayso_quotes")

    def __call__(self, text: str) -> Doc:
        return self.nlp(self.parses.parse(text))

    def quote_with(self, text: str, needle: str) -> dict[str, Any]:
        """The one quote of ``text`` whose content holds ``needle``, as ``Quote.to_dict`` gives it."""
        hits = [q.to_dict() for q in self(text)._.quotes if needle in q.content]
        assert len(hits) == 1, hits
        return hits[0]

    def shown(self, text: str) -> list[Any]:
        """The quotes of ``text`` a user sees: at or above the default confidence."""
        return [q for q in self(text)._.quotes if q.confidence >= DEFAULT_MIN_CONFIDENCE]

    def with_cue(self, text: str, cue: str) -> list[Any]:
        """The quotes of ``text`` whose cue is the word ``cue``, in text order."""
        return [q for q in self(text)._.quotes if q.cue is not None and q.cue.text == cue]

    def hand_parsed(self, rows: str) -> list[dict[str, Any]]:
        """The quotes of a parse written out by hand, one token per line: word, space after
        (0/1), head, dependency, part of speech, tag, lemma and, optionally, the entity tag
        ("B-PERSON", "I-PERSON", "O"); one sentence. For misparses of real articles that an
        invented sentence does not reproduce."""
        fields = [line.split() for line in rows.strip().splitlines()]
        ents = [f[7] if len(f) > 7 else "O" for f in fields]
        doc = Doc(
            self.nlp.vocab,
            words=[f[0] for f in fields],
            spaces=[f[1] == "1" for f in fields],
            heads=[int(f[2]) for f in fields],
            deps=[f[3] for f in fields],
            pos=[f[4] for f in fields],
            tags=[f[5] for f in fields],
            lemmas=[f[6] for f in fields],
            sent_starts=[i == 0 for i in range(len(fields))],
            ents=ents,
        )
        return [q.to_dict() for q in self.nlp(doc)._.quotes]


def frozen_engine(name: str) -> Iterator[FrozenEngine]:
    """A module fixture's body: the engine on fixture ``name``, saved afterwards in record mode."""
    frozen = FrozenParses(name)
    yield FrozenEngine(frozen)
    frozen.save()  # only in record mode
