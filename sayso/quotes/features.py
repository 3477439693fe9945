"""Stage 4's view of one quote: the named features the learned scorer weighs.

Features are named strings (``cue=say``, ``kind=direct``, ``src=PRON``, ...) with values; a name
the model never saw weighs nothing, so the features can grow without breaking old weights (the
weights file records ``FEATURE_VERSION`` and is refused when it does not match). The caps of
``caps`` read the same parse through ``char_tokens`` and ``DocContext``.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sayso.model import Quote, Span
from sayso.quotes.glyphs import DOUBLE_MARKS, SINGLE_MARKS

#: Bumped whenever ``quote_features`` changes meaning; the shipped weights must match it.
FEATURE_VERSION = 1

_QUOTE_CHARS = frozenset(DOUBLE_MARKS + SINGLE_MARKS)


def char_tokens(doc: Any, span: Span | None) -> Any:
    if span is None or span.end <= span.start:
        return None
    return doc.char_span(span.start, span.end, alignment_mode="expand")


def main_piece(quote: Quote) -> Span | None:
    """The piece that carries indirect speech's clause: the longest, not a fronted word.

    Content split around its cue starts with a pronoun or a subject ("which" + "was not fair",
    "Trump" + "to unveil a new ad"); the first piece alone would read as a noun phrase.
    """
    if not quote.content_spans:
        return None
    if quote.kind != "indirect":
        return quote.content_spans[0]
    return max(quote.content_spans, key=lambda s: s.end - s.start)


def _bucket(n: int, edges: Iterable[int]) -> str:
    for edge in edges:
        if n <= edge:
            return f"<={edge}"
    return "more"


@dataclass(frozen=True)
class DocContext:
    """What every quote of a document reads, taken from the ``Doc`` once: spaCy rebuilds
    ``doc.text`` and ``doc.ents`` from every token on each access, so reading them per quote
    made stage 4 quadratic in the article's length."""

    text: str
    ents: tuple[tuple[int, int, str], ...]  # token start, token end, label; in document order
    starts: tuple[int, ...]
    marked: tuple[tuple[int, int], ...] = ()  # stage 1's quoted pieces, sorted
    marked_starts: tuple[int, ...] = ()

    @classmethod
    def of(cls, doc: Any) -> DocContext:
        ents = tuple((e.start, e.end, e.label_) for e in doc.ents)
        marked = tuple(sorted(sp for m in doc._.sayso_marks or () for sp in m.spans))
        return cls(doc.text, ents, tuple(e[0] for e in ents), marked, tuple(a for a, _ in marked))

    def marked_from(self, lo: int, hi: int) -> list[tuple[int, int]]:
        """The quoted pieces that start at ``lo`` or after and before ``hi``."""
        i = bisect.bisect_left(self.marked_starts, lo)
        j = bisect.bisect_left(self.marked_starts, hi, lo=i)
        return list(self.marked[i:j])

    def labels_within(self, span: Any) -> set[str]:
        """The labels of the entities lying wholly inside ``span`` (what ``span.ents`` gives)."""
        out: set[str] = set()
        for i in range(bisect.bisect_left(self.starts, span.start), len(self.ents)):
            start, end, label = self.ents[i]
            if start >= span.end:
                break
            if end <= span.end:
                out.add(label)
        return out


def quote_features(doc: Any, quote: Quote, context: DocContext | None = None) -> dict[str, float]:
    """What the scorer knows of one quote: its kind, cue, source, content and their layout."""
    ctx = context if context is not None else DocContext.of(doc)
    f: dict[str, float] = {"bias": 1.0, f"kind={quote.kind}": 1.0}
    f["rule_confidence"] = quote.confidence
    text = ctx.text
    content = " ".join(s.text for s in quote.content_spans)
    words = len(content.split())
    f[f"content_words{_bucket(words, (2, 4, 8, 16, 32, 64))}"] = 1.0
    f["content_log_words"] = math.log1p(words)
    f[f"pieces={min(len(quote.content_spans), 3)}"] = 1.0
    first = quote.content_spans[0] if quote.content_spans else None
    if first is not None:
        before = text[max(0, first.start - 1) : first.start]
        after = text[first.end : first.end + 1]
        f["marked"] = float(before in _QUOTE_CHARS or after in _QUOTE_CHARS)
        start_word = first.text.split(" ", 1)[0].lower().strip(",.;:")
        if start_word in ("that", "to", "if", "whether", "how", "why", "what"):
            f[f"starts={start_word}"] = 1.0
        f["content_upper_start"] = float(first.text[:1].isupper())
    content_toks = char_tokens(doc, main_piece(quote))
    if content_toks is not None and len(content_toks):
        f["content_has_verb"] = float(any(t.pos_ in ("VERB", "AUX") for t in content_toks))
        f["content_has_subject"] = float(any(t.dep_ in ("nsubj", "nsubjpass", "expl") for t in content_toks))
        root = content_toks.root
        f[f"content_root_dep={root.dep_}"] = 1.0
        f[f"content_root_pos={root.pos_}"] = 1.0
        ents = ctx.labels_within(content_toks)
        if len(ents & {"PERSON", "ORG", "GPE"}) and words <= 4:
            f["content_is_short_name"] = 1.0
    cue = char_tokens(doc, quote.cue)
    if cue is None:
        f["no_cue"] = 1.0
    else:
        head = cue.root
        f[f"cue={head.lemma_.lower()}"] = 1.0
        f[f"cue_pos={head.pos_}"] = 1.0
        f[f"cue_dep={head.dep_}"] = 1.0
        f[f"cue_tag={head.tag_}"] = 1.0
        if any(c.dep_ == "neg" for c in head.children):
            f["cue_negated"] = 1.0
        if content_toks is not None and len(content_toks):
            rel = "inside" if cue.start >= content_toks.start and cue.end <= content_toks.end else ""
            if not rel:
                rel = "before" if cue.end <= content_toks.start else "after"
            f[f"cue_{rel}_content"] = 1.0
            gap = content_toks.start - cue.end if rel == "before" else cue.start - content_toks.end
            f[f"cue_gap{_bucket(max(gap, 0), (0, 1, 3, 8, 20))}"] = 1.0
            heads = {
                t.head.i
                for t in content_toks
                if t.head.i < content_toks.start or t.head.i >= content_toks.end
            }
            if head.i in heads:
                f["content_hangs_on_cue"] = 1.0
            f[f"cue_x_kind={head.lemma_.lower()}|{quote.kind}"] = 1.0
    source = char_tokens(doc, quote.source)
    if source is None:
        f["no_source"] = 1.0
    else:
        root = source.root
        f[f"src_pos={root.pos_}"] = 1.0
        f[f"src_dep={root.dep_}"] = 1.0
        labels = ctx.labels_within(source)
        for label in sorted(labels)[:3]:
            f[f"src_ent={label}"] = 1.0
        f[f"src_words{_bucket(len(source), (1, 2, 4, 8))}"] = 1.0
        if root.lower_ in ("i", "we", "you", "me", "us"):
            f["src_first_second_person"] = 1.0
        if root.pos_ == "PRON":
            f[f"src_pron={root.lower_}"] = 1.0
        if cue is not None:
            f["src_is_cue_subject"] = float(root.head.i == cue.root.i and root.dep_.startswith("nsubj"))
    f["has_speaker"] = float(quote.speaker is not None)
    return f
