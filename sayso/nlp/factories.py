"""Every spaCy component sayso provides, registered in this one module.

A spaCy user can add the whole engine to their own pipeline (it needs a parser and NER before it)::

    import sayso.nlp.factories  # or just have sayso installed: the entry point registers it
    nlp.add_pipe("sayso_quotes")
    doc = nlp(text)
    doc._.quotes, doc._.speakers

or the stages one by one (``sayso_quote_marks``, ``sayso_attribution``, ``sayso_speakers``,
``sayso_scorer``). ``sayso_paragraphs``, before the parser, starts a sentence at every paragraph
(``load_nlp`` adds it; a pipeline without it parses sentences across paragraph breaks).
Doc extensions are created by ``set_extensions`` when a component is built, never at import
time, and with ``force=True`` so building a second pipeline in the same process is safe.

The numbers the rules use and the cue lexicon come through the component config, as spaCy's
own components get their models and scorers: ``rules`` (default ``{"@misc": "sayso.rules.v1"}``,
see ``sayso.quotes.rules``) and ``cue_lexicon`` (default ``{"@misc": "sayso.cue_lexicon.v1"}``,
see ``sayso.quotes.cues``)::

    nlp.add_pipe("sayso_quotes", config={"rules": {"@misc": "sayso.rules.v1", "bare_reach": 60}})

spaCy fills in every other default, so ``nlp.config`` records the exact rules of a run.
``scorer`` (default ``{"@misc": "sayso.quote_scorer.v1", "weights": "quote_scorer.json"}``, see
``sayso.quotes.scorer``) is stage 4, the learned judge that sets each quote's calibrated
``confidence``; ``"weights": null`` leaves the rules' own confidence. Importing this module
registers those functions too.
"""

from __future__ import annotations

import weakref
from typing import Any

from spacy.language import Language
from spacy.tokens import Doc

from sayso.errors import ConfigError, PipelineError
from sayso.quotes.coref.agents import WordClasses
from sayso.quotes.cues import CueLexicon, load_lexicon
from sayso.quotes.glyphs import CLOSING_MARKS
from sayso.quotes.rules import DEFAULT_RULES, Rules
from sayso.quotes.scorer import QuoteScorer

#: The config every component that reads ``Rules`` gets by default.
RULES_CONFIG = {"@misc": "sayso.rules.v1"}
#: The config of the packaged cue lexicon.
CUE_LEXICON_CONFIG = {"@misc": "sayso.cue_lexicon.v1"}
#: The config of the packaged quote scorer (stage 4); ``"weights": null`` switches it off.
SCORER_CONFIG = {"@misc": "sayso.quote_scorer.v1", "weights": "quote_scorer.json"}


#: The stages' working values per Doc (quotation marks, raw attributions), and the frozen
#: quotes and speakers as objects: outside ``Doc.user_data``, which spaCy serializes with
#: msgpack (``Doc.to_bytes``, ``DocBin``, ``nlp.pipe(n_process=2)``), and which raised "can not
#: serialize 'MarkedQuote' object" when they were kept there.
_WORKING: weakref.WeakKeyDictionary[Doc, dict[str, Any]] = weakref.WeakKeyDictionary()
#: Where ``quotes`` and ``speakers`` are kept in ``user_data``, as plain dicts msgpack can write
#: (``Quote.to_dict``), so a Doc that went through bytes has them back.
_SAVED = "sayso"


def _working(name: str) -> tuple[Any, Any]:
    def get(doc: Doc) -> Any:
        return _WORKING.get(doc, {}).get(name)

    def put(doc: Doc, value: Any) -> None:
        _WORKING.setdefault(doc, {})[name] = value

    return get, put


def _saved(name: str) -> tuple[Any, Any]:
    """``quotes`` / ``speakers``: the objects, kept as dicts in ``user_data`` too and rebuilt
    from them when a Doc comes back from bytes."""

    def get(doc: Doc) -> Any:
        held = _WORKING.get(doc, {})
        if name not in held:
            saved = doc.user_data.get(f"{_SAVED}.{name}")
            if saved is None:
                return None
            from sayso.model import Article

            rebuilt = Article.from_dict({"doc": "", name: saved}, text=doc.text)
            held = _WORKING.setdefault(doc, {})
            held[name] = getattr(rebuilt, name)
        return held[name]

    def put(doc: Doc, value: Any) -> None:
        _WORKING.setdefault(doc, {})[name] = value
        if value is None:
            doc.user_data.pop(f"{_SAVED}.{name}", None)
        else:
            doc.user_data[f"{_SAVED}.{name}"] = [item.to_dict() for item in value]

    return get, put


def set_extensions() -> None:
    """Create sayso's Doc extensions (idempotent)."""
    for name in ("sayso_marks", "sayso_attributions"):
        getter, setter = _working(name)
        Doc.set_extension(name, getter=getter, setter=setter, force=True)
    for name in ("quotes", "speakers"):
        getter, setter = _saved(name)
        Doc.set_extension(name, getter=getter, setter=setter, force=True)
    Doc.set_extension("sayso_error", default=None, force=True)


#: What ends a sentence at the end of a line.
_FINAL = frozenset({".", "!", "?", "…"})


def _ends_sentence(doc: Doc, i: int) -> bool:
    tok = doc[i]
    if tok.text in _FINAL:
        return True
    return tok.text in CLOSING_MARKS and i > 0 and doc[i - 1].text in _FINAL  # 'gridlock.”'


def paragraph_starts(doc: Doc) -> Doc:
    """A sentence starts after a blank line, and after a line break that follows the end of a
    sentence: set before the parser, which keeps the boundaries it is given.

    The small model runs sentences over paragraph breaks, mostly after a paragraph that ends in
    a closing mark or a line with no full stop ('... more gridlock.”' / 'Senate Minority Leader
    Harry Reid ... vowed', 'Slideshow (10 Images)' / 'In his remarks, Booker rejected'): the name
    that opens the next paragraph becomes an object of the verb before, and the cue after it
    loses its speaker. A single line break after a word is no boundary, so text wrapped at a
    fixed width parses as before. On PolNeAR, quote-with-source F1 train 0.6765 -> 0.6784, dev
    0.6814 -> 0.6837 (threshold 0)."""
    for i in range(1, len(doc) - 1):
        space = doc[i]
        if not space.is_space or "\n" not in space.text:
            continue
        if space.text.count("\n") >= 2 or _ends_sentence(doc, i - 1):
            doc[i + 1].is_sent_start = True
    return doc


Language.component("sayso_paragraphs", assigns=["token.is_sent_start"], func=paragraph_starts)


class QuoteMarksComponent:
    """Stage 1: quotation marks in the raw text -> ``doc._.sayso_marks``."""

    def __call__(self, doc: Doc) -> Doc:
        from sayso.quotes.marks import scan_quotes

        doc._.sayso_marks = scan_quotes(doc.text)
        return doc


class AttributionComponent:
    """Stage 2: cues, sources and contents from the parse -> ``doc._.sayso_attributions``."""

    def __init__(self, rules: Rules = DEFAULT_RULES, lexicon: CueLexicon | None = None) -> None:
        self.rules = rules
        self.lexicon = lexicon or load_lexicon()

    def __call__(self, doc: Doc) -> Doc:
        from sayso.quotes.attribution import attribute

        if len(doc) and not doc.has_annotation("DEP"):
            # A programming error in the user's pipeline, not bad input: say what to add.
            raise PipelineError(
                "sayso_attribution needs a dependency parse: add sayso's components after "
                "'parser' and 'ner' in a trained English pipeline (e.g. en_core_web_sm)"
            )
        doc._.sayso_attributions = attribute(
            doc, doc._.sayso_marks or [], rules=self.rules, lexicon=self.lexicon
        )
        return doc


class SpeakersComponent:
    """Stage 3: resolve sources to speakers -> ``doc._.quotes`` and ``doc._.speakers``."""

    def __init__(self, rules: Rules = DEFAULT_RULES, words: WordClasses | None = None) -> None:
        self.rules = rules
        self.words = words

    def __call__(self, doc: Doc) -> Doc:
        from sayso.quotes.speakers import resolve

        quotes, speakers = resolve(doc, doc._.sayso_attributions or [], self.rules, self.words)
        doc._.quotes = quotes
        doc._.speakers = speakers
        return doc


class ScorerComponent:
    """Stage 4: the learned judge re-scores each quote -> ``doc._.quotes`` with calibrated confidence."""

    def __init__(self, scorer: QuoteScorer | None) -> None:
        self.scorer = scorer

    def __call__(self, doc: Doc) -> Doc:
        if self.scorer is not None and doc._.quotes:
            doc._.quotes = self.scorer.rescore(doc, doc._.quotes)
        return doc


class QuotesComponent:
    """All stages in order, as one component: the usual way to use sayso inside spaCy.

    ``on_error="record"`` keeps a batch going when one document trips a bug in a stage: the
    error is stored on ``doc._.sayso_error`` and the document gets no quotes, instead of spaCy
    dropping it from ``nlp.pipe`` (which would lose track of which document failed).
    """

    def __init__(
        self,
        on_error: str = "raise",
        rules: Rules = DEFAULT_RULES,
        lexicon: CueLexicon | None = None,
        scorer: QuoteScorer | None = None,
        words: WordClasses | None = None,
    ) -> None:
        if on_error not in ("raise", "record"):
            raise ConfigError(f"sayso_quotes: on_error must be 'raise' or 'record', not {on_error!r}")
        self.on_error = on_error
        self.rules = rules
        self.stages = (
            QuoteMarksComponent(),
            AttributionComponent(rules, lexicon),
            SpeakersComponent(rules, words),
            ScorerComponent(scorer),
        )

    def __call__(self, doc: Doc) -> Doc:
        if len(doc) and not doc.has_annotation("DEP"):
            self.stages[1](doc)  # raises the E901 explanation, whatever on_error says
        try:
            for stage in self.stages:
                doc = stage(doc)
        except Exception as exc:
            if self.on_error == "raise":
                raise
            doc._.sayso_error = f"{type(exc).__name__}: {exc}"
            doc._.quotes, doc._.speakers = (), ()
        return doc


@Language.factory(
    "sayso_quote_marks",
    assigns=["doc._.sayso_marks"],
)
def make_quote_marks(nlp: Language, name: str) -> QuoteMarksComponent:
    set_extensions()
    return QuoteMarksComponent()


@Language.factory(
    "sayso_attribution",
    requires=["token.dep", "token.head", "token.lemma", "token.pos", "doc._.sayso_marks"],
    assigns=["doc._.sayso_attributions"],
    default_config={"rules": RULES_CONFIG, "cue_lexicon": CUE_LEXICON_CONFIG},
)
def make_attribution(nlp: Language, name: str, rules: Rules, cue_lexicon: CueLexicon) -> AttributionComponent:
    set_extensions()
    return AttributionComponent(rules, cue_lexicon)


@Language.factory(
    "sayso_speakers",
    requires=["doc.ents", "doc._.sayso_attributions"],
    assigns=["doc._.quotes", "doc._.speakers"],
    default_config={"rules": RULES_CONFIG},
)
def make_speakers(nlp: Language, name: str, rules: Rules) -> SpeakersComponent:
    set_extensions()
    return SpeakersComponent(rules, WordClasses.from_nlp(nlp))


@Language.factory(
    "sayso_scorer",
    requires=["doc._.quotes"],
    assigns=["doc._.quotes"],
    default_config={"scorer": SCORER_CONFIG},
)
def make_scorer(nlp: Language, name: str, scorer: QuoteScorer | None) -> ScorerComponent:
    set_extensions()
    return ScorerComponent(scorer)


@Language.factory(
    "sayso_quotes",
    requires=["token.dep", "token.head", "token.lemma", "token.pos", "doc.ents"],
    assigns=["doc._.sayso_marks", "doc._.sayso_attributions", "doc._.quotes", "doc._.speakers"],
    default_config={
        "on_error": "raise",
        "rules": RULES_CONFIG,
        "cue_lexicon": CUE_LEXICON_CONFIG,
        "scorer": SCORER_CONFIG,
    },
)
def make_quotes(
    nlp: Language, name: str, on_error: str, rules: Rules, cue_lexicon: CueLexicon, scorer: QuoteScorer | None
) -> QuotesComponent:
    set_extensions()
    return QuotesComponent(
        on_error=on_error, rules=rules, lexicon=cue_lexicon, scorer=scorer, words=WordClasses.from_nlp(nlp)
    )
