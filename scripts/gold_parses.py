"""What the gold-reading scripts share: the model's parses of a gold corpus (cached outside the
repo), and sayso's own stages run on them.

``scripts/span_boundaries.py`` and ``scripts/direct_errors.py`` re-run sayso's stages many times
while a rule is being worked on; parsing the corpus is the slow part and does not change with
the rules, so the parses are kept as spaCy ``DocBin`` files in a directory of the caller's
choosing (never the repository: they hold the corpus text).
"""

from __future__ import annotations

import functools
import hashlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sayso.evaluate.brat import GoldDoc  # noqa: E402
from sayso.evaluate.score import PredQuote  # noqa: E402
from sayso.evaluate.score import pred_quotes as score_quotes  # noqa: E402

#: Everything the stages read of a parse (as ``tests/frozen_parses.py`` stores it).
_ATTRS = ["ORTH", "NORM", "SPACY", "TAG", "POS", "MORPH", "LEMMA", "DEP", "HEAD", "ENT_IOB", "ENT_TYPE"]


def parsed_docs(gold: dict[str, GoldDoc], cache: Path | None) -> Iterator[tuple[str, Any]]:
    """``(name, Doc)`` with the model's parse only (no sayso stages), from the cache when present."""
    from spacy.tokens import DocBin

    from sayso.nlp.loader import load_nlp

    nlp = load_nlp(with_quotes=False)
    names = list(gold)
    path = None
    if cache is not None:
        from sayso.nlp.loader import GLUED_MARK_INFIXES, TITLE_ABBREVIATIONS
        from sayso.quotes.glyphs import MODEL_GLYPHS

        # The parse depends on which glyphs the tokenizer maps and splits, so the key does too.
        named = "\n".join(names) + repr(sorted(MODEL_GLYPHS.items())) + repr(GLUED_MARK_INFIXES)
        named += repr(TITLE_ABBREVIATIONS)
        named += repr(nlp.pipe_names)  # a component before the parser changes the parse
        key = hashlib.sha256(named.encode()).hexdigest()[:16]
        path = cache / f"parses-{key}.spacy"
        if path.is_file():
            yield from zip(names, DocBin().from_disk(path).get_docs(nlp.vocab), strict=True)
            return
    bin_ = DocBin(attrs=_ATTRS, store_user_data=False)
    for name, doc in zip(names, nlp.pipe((gold[n].text for n in names), batch_size=16), strict=True):
        bin_.add(doc)
        yield name, doc
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        bin_.to_disk(path)


@functools.lru_cache(maxsize=2)
def stages(scorer: bool = True) -> Any:
    """sayso's quotes component (stages 1-4, or 1-3 with ``scorer=False``), built once."""
    from sayso.nlp.factories import QuotesComponent, set_extensions
    from sayso.nlp.loader import load_nlp
    from sayso.quotes.coref.agents import WordClasses
    from sayso.quotes.scorer import load_scorer

    set_extensions()
    return QuotesComponent(
        scorer=load_scorer() if scorer else None, words=WordClasses.from_nlp(load_nlp(with_quotes=False))
    )


def pred_quotes(doc: Any) -> list[PredQuote]:
    """The quotes the stages left on ``doc``, as ``sayso evaluate`` scores them."""
    return score_quotes(doc._.quotes or ())
