"""Score predicted quotes against brat gold attributions.

All metrics are micro-averaged over the documents: counts are summed first, ratios computed
last, so a long article with many quotes weighs more than a short one, as in the literature
on PolNeAR. Matching is one-to-one and greedy, so a prediction that covers two gold
attributions gets credit for one of them only, and a gold attribution found twice counts one
true positive and one false positive.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from sayso.errors import MalformedInputError, NotFoundError
from sayso.evaluate.brat import QUOTE_MARKS, GoldAttribution, GoldDoc
from sayso.model import Article, Failure, Quote
from sayso.quotes.types import merge_spans

Pair = tuple[int, int]

#: Stripped from both ends of content spans before comparing them exactly: annotators and
#: extractors disagree about whether the quotation marks and the final comma belong to a quote.
_TRIM = frozenset(QUOTE_MARKS | set(",.;:!?…—–-()[]") | {" ", "\t", "\n", "\r", "\u00a0"})


@dataclass(frozen=True, slots=True)
class PredQuote:
    """The part of a predicted quote that scoring looks at (from JSON Lines or an ``Article``)."""

    content: tuple[Pair, ...]
    source: Pair | None = None
    kind: str = "direct"
    confidence: float = 1.0


@dataclass(slots=True)
class Counts:
    """Raw counts for one document or a whole run; added up before ratios are taken."""

    docs: int = 0
    gold: int = 0
    pred: int = 0
    matched: int = 0
    exact: int = 0
    correct_source: int = 0
    gold_direct: int = 0
    direct_found: int = 0
    direct_correct_source: int = 0
    gold_indirect: int = 0
    indirect_found: int = 0
    pred_direct: int = 0
    pred_direct_matched: int = 0

    def __iadd__(self, other: Counts) -> Counts:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))
        return self


def _ratio(a: int, b: int) -> float:
    return a / b if b else 0.0


@dataclass(frozen=True, slots=True)
class PRF:
    precision: float
    recall: float
    f1: float

    @classmethod
    def of(cls, hits: int, pred: int, gold: int) -> PRF:
        """P = hits / predictions, R = hits / gold (matching is one to one); 0 when nothing to divide."""
        p = _ratio(hits, pred)
        r = _ratio(hits, gold)
        f = 2 * p * r / (p + r) if p + r else 0.0
        return cls(p, r, f)


@dataclass(frozen=True, slots=True)
class Scores:
    """Every metric of one evaluation, plus the counts they come from.

    ``missing_docs`` are gold documents with no prediction at all (extraction failed or the
    prediction file lacks them): they count as documents where nothing was found, never
    silently dropped. ``unknown_docs`` are predictions for documents not in the gold set.
    """

    counts: Counts
    content_overlap: PRF
    content_exact: PRF
    source: PRF
    recall_direct: float
    recall_indirect: float
    direct_with_source: float
    precision_direct: float
    missing_docs: tuple[str, ...] = ()
    unknown_docs: tuple[str, ...] = ()
    failures: tuple[Failure, ...] = ()
    per_doc: tuple[tuple[str, Counts], ...] = field(default=(), repr=False)
    errors: tuple[dict[str, Any], ...] = field(default=(), repr=False)
    min_confidence: float = 0.0
    curve: tuple[dict[str, float], ...] = field(default=(), repr=False)
    #: Per gold document, what its reading skipped (``GoldDoc.skipped``: a malformed line, offsets
    #: outside the text, no annotation file). They were scored without a word, so a bad gold set
    #: lowered the figures silently.
    skipped: tuple[tuple[str, tuple[str, ...]], ...] = ()

    @classmethod
    def from_counts(cls, c: Counts, **extra: Any) -> Scores:
        return cls(
            counts=c,
            content_overlap=PRF.of(c.matched, c.pred, c.gold),
            content_exact=PRF.of(c.exact, c.pred, c.gold),
            source=PRF.of(c.correct_source, c.pred, c.gold),
            recall_direct=_ratio(c.direct_found, c.gold_direct),
            recall_indirect=_ratio(c.indirect_found, c.gold_indirect),
            direct_with_source=_ratio(c.direct_correct_source, c.gold_direct),
            precision_direct=_ratio(c.pred_direct_matched, c.pred_direct),
            **extra,
        )

    def metrics(self) -> dict[str, float]:
        """The flat metric names the eval gate pins floors for."""
        out: dict[str, float] = {}
        for name in ("content_overlap", "content_exact", "source"):
            prf: PRF = getattr(self, name)
            out[f"{name}_p"] = prf.precision
            out[f"{name}_r"] = prf.recall
            out[f"{name}_f1"] = prf.f1
        out["recall_direct"] = self.recall_direct
        out["recall_indirect"] = self.recall_indirect
        out["direct_with_source"] = self.direct_with_source
        out["precision_direct"] = self.precision_direct
        return out

    def to_dict(self, *, per_doc: bool = False, errors: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "metrics": {k: round(v, 4) for k, v in self.metrics().items()},
            "counts": asdict(self.counts),
            "missing_docs": list(self.missing_docs),
            "unknown_docs": list(self.unknown_docs),
            "failures": [f.to_dict() for f in self.failures],
            "skipped": {doc: list(lines) for doc, lines in self.skipped},
            "min_confidence": self.min_confidence,
        }
        if self.curve:
            out["curve"] = list(self.curve)
        if per_doc:
            out["per_doc"] = {doc: asdict(c) for doc, c in self.per_doc}
        if errors:
            out["errors"] = list(self.errors)
        return out


# --- span arithmetic -----------------------------------------------------------------------------
def _merge(pairs: Iterable[Pair]) -> list[Pair]:
    """Sorted, non-overlapping pieces covering the same characters (empty pieces dropped)."""
    return list(merge_spans(p for p in pairs if p[1] > p[0]))


class _Text:
    """A document text with a prefix count of non-space characters, for O(1) overlap sizes."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.prefix = [0]
        total = 0
        for ch in text:
            total += not ch.isspace()
            self.prefix.append(total)

    def overlap(self, a: Sequence[Pair], b: Sequence[Pair]) -> int:
        """Non-whitespace characters covered by both merged piece lists (two-pointer sweep)."""
        n = len(self.prefix) - 1
        i = j = total = 0
        while i < len(a) and j < len(b):
            lo, hi = max(a[i][0], b[j][0], 0), min(a[i][1], b[j][1], n)
            if lo < hi:
                total += self.prefix[hi] - self.prefix[lo]
            if a[i][1] < b[j][1]:
                i += 1
            else:
                j += 1
        return total

    def exact_key(self, pieces: Sequence[Pair]) -> tuple[Pair, ...]:
        """The pieces with marks, punctuation and space trimmed, joined across such gaps.

        Two contents are "exactly" equal when these keys are equal: a quote split by its marks
        into two pieces equals one piece covering the same words, but a span that also covers
        the words between (``he said``) does not. A piece that starts or ends inside a word is
        widened to the whole word first: PolNeAR's annotators mark whole words, and its few
        pieces that cut one ("he person would ...", "o amend the law") are slips of the mouse
        by a character, not a different boundary (44 of 23,289 content pieces on train).
        """
        text, n = self.text, len(self.text)
        out: list[Pair] = []
        for a, b in pieces:
            a, b = max(a, 0), min(b, n)
            while 0 < a < b and text[a - 1].isalnum() and text[a].isalnum():
                a -= 1
            while a < b < n and text[b - 1].isalnum() and text[b].isalnum():
                b += 1
            while a < b and text[a] in _TRIM:
                a += 1
            while b > a and text[b - 1] in _TRIM:
                b -= 1
            if a >= b:
                continue
            if out and all(ch in _TRIM for ch in text[out[-1][1] : a]):
                out[-1] = (out[-1][0], max(b, out[-1][1]))
            else:
                out.append((a, b))
        return tuple(out)


def _spans_touch(pred: Pair, gold: Sequence[Pair]) -> bool:
    return any(max(pred[0], a) < min(pred[1], b) for a, b in gold)


# --- matching ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DocMatch:
    """How one document's predictions matched its gold: the basis of counts and error listings."""

    gold: GoldDoc
    preds: tuple[PredQuote, ...]
    matched: dict[int, int]  # gold index -> prediction index (overlap matching)
    exact: int

    def counts(self) -> Counts:
        c = Counts(docs=1, gold=len(self.gold.attributions), pred=len(self.preds))
        c.matched, c.exact = len(self.matched), self.exact
        for gi, g in enumerate(self.gold.attributions):
            found = gi in self.matched
            correct = found and _source_correct(self.preds[self.matched[gi]], g)
            c.correct_source += correct
            if g.direct:
                c.gold_direct += 1
                c.direct_found += found
                c.direct_correct_source += correct
            else:
                c.gold_indirect += 1
                c.indirect_found += found
        matched_preds = set(self.matched.values())
        for pi, pred in enumerate(self.preds):
            if pred.kind == "direct":
                c.pred_direct += 1
                c.pred_direct_matched += pi in matched_preds
        return c

    def errors(self) -> list[dict[str, Any]]:
        """Missed gold attributions, spurious predictions and wrong sources, for reading by a person."""
        text = self.gold.text

        def show(pieces: Iterable[Pair]) -> str:
            return " … ".join(text[a:b] for a, b in pieces)

        out: list[dict[str, Any]] = []
        for gi, g in enumerate(self.gold.attributions):
            gold_source = show((s.start, s.end) for s in g.source) or None
            if gi not in self.matched:
                kind = "missed direct" if g.direct else "missed indirect"
                out.append(
                    {
                        "error": kind,
                        "content": show((s.start, s.end) for s in g.content),
                        "gold_source": gold_source,
                    }
                )
                continue
            pred = self.preds[self.matched[gi]]
            if not _source_correct(pred, g):
                out.append(
                    {
                        "error": "wrong source",
                        "direct": g.direct,
                        "content": show(pred.content),
                        "gold_source": gold_source,
                        "source": show([pred.source]) if pred.source else None,
                    }
                )
        used = set(self.matched.values())
        for pi, pred in enumerate(self.preds):
            if pi not in used:
                source = show([pred.source]) if pred.source else None
                out.append({"error": "spurious", "content": show(pred.content), "source": source})
        return [{"doc": self.gold.doc, **e} for e in out]


def match_doc(gold: GoldDoc, preds: Sequence[PredQuote]) -> DocMatch:
    """Match one document's predictions to its gold, by content overlap and by exact span."""
    text = _Text(gold.text)
    gold_pieces = [_merge((s.start, s.end) for s in g.content) for g in gold.attributions]
    pred_pieces = [_merge(p.content) for p in preds]

    # Overlap: every (pred, gold) pair sharing characters, best first, taken greedily. On equal
    # overlap the closer fit wins (smaller union), so a prediction of a nested attribution
    # ("the studio expects X", according to a spokeswoman) matches the inner one, not the outer.
    sizes = [text.overlap(p, p) for p in pred_pieces]
    gold_sizes = [text.overlap(g, g) for g in gold_pieces]
    pairs = []
    for pi, pp in enumerate(pred_pieces):
        for gi, gp in enumerate(gold_pieces):
            size = text.overlap(pp, gp)
            if size > 0:
                pairs.append((-size, sizes[pi] + gold_sizes[gi] - size, pi, gi))
    pairs.sort()
    used_p: set[int] = set()
    matched: dict[int, int] = {}
    for _, _, pi, gi in pairs:
        if pi not in used_p and gi not in matched:
            used_p.add(pi)
            matched[gi] = pi

    # Exact: equal trimmed keys, one-to-one.
    by_key: dict[tuple[Pair, ...], list[int]] = {}
    for gi, gp in enumerate(gold_pieces):
        by_key.setdefault(text.exact_key(gp), []).append(gi)
    exact = 0
    for pp in pred_pieces:
        candidates = by_key.get(text.exact_key(pp))
        if candidates:
            candidates.pop(0)
            exact += 1
    return DocMatch(gold, tuple(preds), matched, exact)


def score_doc(gold: GoldDoc, preds: Sequence[PredQuote]) -> Counts:
    """Counts for one document: overlap and exact matching, source and direct/indirect splits."""
    return match_doc(gold, preds).counts()


def _source_correct(pred: PredQuote, gold: GoldAttribution) -> bool:
    """The predicted source overlaps a gold source; with no gold source, none may be predicted."""
    gold_sources = [(s.start, s.end) for s in gold.source]
    if not gold_sources:
        return pred.source is None
    return pred.source is not None and _spans_touch(pred.source, gold_sources)


# --- predictions ---------------------------------------------------------------------------------
def _pair(value: Any) -> Pair | None:
    if value is None:
        return None
    a, b = value
    return int(a), int(b)


def pred_quotes_from_dict(article: Mapping[str, Any]) -> list[PredQuote]:
    """The quotes of one ``sayso extract`` JSON object."""
    out = []
    for q in article.get("quotes") or []:
        content = tuple(p for p in (_pair(x) for x in q.get("content_spans") or []) if p)
        out.append(
            PredQuote(
                content,
                _pair(q.get("source_span")),
                str(q.get("kind", "direct")),
                float(q.get("confidence", 1.0)),
            )
        )
    return out


def pred_quotes_from_article(article: Article) -> list[PredQuote]:
    return pred_quotes(article.quotes)


def pred_quotes(quotes: Iterable[Quote]) -> list[PredQuote]:
    """Quotes as the scorer compares them: offsets, kind and confidence."""
    return [
        PredQuote(
            tuple((s.start, s.end) for s in q.content_spans),
            (q.source.start, q.source.end) if q.source else None,
            q.kind,
            q.confidence,
        )
        for q in quotes
    ]


def read_predictions(path: Path | str) -> dict[str, list[PredQuote]]:
    """Predictions by document from ``sayso extract`` output: JSON Lines, or one JSON array.

    A line that is not a JSON object with a ``doc`` is an error naming the file and line: a
    silently skipped article would look like an article where nothing was found.
    """
    path = Path(path)
    if not path.is_file():
        raise NotFoundError(f"prediction file {str(path)!r} does not exist")
    raw = path.read_text(encoding="utf-8", errors="replace")
    records: list[tuple[int, Any]]
    if raw.lstrip().startswith("["):
        try:
            records = [(i + 1, obj) for i, obj in enumerate(json.loads(raw))]
        except json.JSONDecodeError as exc:
            raise MalformedInputError(f"invalid JSON: {exc}", where=str(path)) from exc
    else:
        records = []
        for lineno, line in enumerate(raw.splitlines(), 1):
            if not line.strip():
                continue
            try:
                records.append((lineno, json.loads(line)))
            except json.JSONDecodeError as exc:
                raise MalformedInputError(f"invalid JSON: {exc.msg}", where=f"{path}:{lineno}") from exc
    out: dict[str, list[PredQuote]] = {}
    for lineno, obj in records:
        if not isinstance(obj, dict) or "doc" not in obj:
            raise MalformedInputError(
                "expected an article object with a 'doc' field", where=f"{path}:{lineno}"
            )
        try:
            out[str(obj["doc"])] = pred_quotes_from_dict(obj)
        except (TypeError, ValueError) as exc:
            raise MalformedInputError(f"bad span in quotes: {exc}", where=f"{path}:{lineno}") from exc
    return out


def _as_predictions(
    predictions: Mapping[str, Sequence[PredQuote]] | Iterable[Article | Mapping[str, Any]],
) -> dict[str, list[PredQuote]]:
    if isinstance(predictions, Mapping):
        return {doc: list(qs) for doc, qs in predictions.items()}
    out: dict[str, list[PredQuote]] = {}
    for item in predictions:
        if isinstance(item, Article):
            out[item.doc] = pred_quotes_from_article(item)
        else:
            out[str(item["doc"])] = pred_quotes_from_dict(item)
    return out


def score(
    gold: Mapping[str, GoldDoc],
    predictions: Mapping[str, Sequence[PredQuote]] | Iterable[Article | Mapping[str, Any]],
    *,
    failures: Sequence[Failure] = (),
    min_confidence: float = 0.0,
    curve: Sequence[float] = (),
) -> Scores:
    """Score predictions (by document name, or ``Article``s / extract JSON objects) against gold.

    ``failures`` (documents extraction could not process) are carried into the result so a
    report can say why those documents have no predictions. Predictions below
    ``min_confidence`` are left out, as a user at that threshold would not see them; ``curve``
    adds the main figures at each of these thresholds, so a user can pick their own.
    """
    all_preds = _as_predictions(predictions)
    preds = _above(all_preds, min_confidence)
    total = Counts()
    per_doc = []
    missing = []
    errors: list[dict[str, Any]] = []
    for name, g in gold.items():
        if name not in preds:
            missing.append(name)
        m = match_doc(g, preds.get(name, []))
        c = m.counts()
        per_doc.append((name, c))
        errors.extend(m.errors())
        total += c
    unknown = tuple(sorted(set(preds) - set(gold)))
    return Scores.from_counts(
        total,
        skipped=tuple((name, g.skipped) for name, g in gold.items() if g.skipped),
        missing_docs=tuple(missing),
        unknown_docs=unknown,
        failures=tuple(failures),
        per_doc=tuple(per_doc),
        errors=tuple(errors),
        min_confidence=min_confidence,
        curve=tuple(_curve_point(gold, _above(all_preds, t), t) for t in curve),
    )


#: The thresholds ``sayso evaluate --curve`` reports.
CURVE_THRESHOLDS: tuple[float, ...] = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)


def _above(preds: Mapping[str, Sequence[PredQuote]], threshold: float) -> dict[str, list[PredQuote]]:
    return {doc: [p for p in qs if p.confidence >= threshold] for doc, qs in preds.items()}


def _curve_point(
    gold: Mapping[str, GoldDoc], preds: Mapping[str, Sequence[PredQuote]], t: float
) -> dict[str, float]:
    total = Counts()
    for name, g in gold.items():
        total += match_doc(g, preds.get(name, [])).counts()
    s = Scores.from_counts(total)
    return {
        "min_confidence": t,
        "content_overlap_p": round(s.content_overlap.precision, 4),
        "content_overlap_r": round(s.content_overlap.recall, 4),
        "content_overlap_f1": round(s.content_overlap.f1, 4),
        "source_p": round(s.source.precision, 4),
        "source_r": round(s.source.recall, 4),
        "source_f1": round(s.source.f1, 4),
        "direct_with_source": round(s.direct_with_source, 4),
        "quotes": total.pred,
    }
