"""Train the quote scorer (``sayso/quotes/scorer.py``) on PolNeAR *train*, and only on it.

    .venv/bin/python scripts/train_scorer.py                      # ../shared/polnear/train -> sayso/data/
    .venv/bin/python scripts/train_scorer.py --report ../shared/polnear/dev   # also print dev figures

Steps: run the engine (model + rules, without the scorer) over every training article; label
each quote it proposes 1 when an annotator marked an attribution whose content overlaps it and
whose source overlaps its source (the matching of ``sayso evaluate``), else 0; fit an
L2-regularised logistic regression over ``quote_features`` (scikit-learn, fixed seed, C chosen
by 5-fold cross-validation on train); fit an isotonic calibration on out-of-fold predictions, so
the shipped confidence is a probability; write the weights and the table as JSON. Dev is read
only with ``--report``, to print how the result does there: nothing is tuned on it.

scikit-learn is needed here only (``pip install -e '.[dev]'``); sayso itself reads the JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sayso.evaluate.brat import read_gold  # noqa: E402
from sayso.evaluate.score import PredQuote, _source_correct, match_doc  # noqa: E402
from sayso.quotes.caps import quote_cap  # noqa: E402
from sayso.quotes.features import FEATURE_VERSION, DocContext, quote_features  # noqa: E402

sys.path.insert(0, str(ROOT / "scripts"))
from gold_parses import parsed_docs, stages  # noqa: E402

SEED = 13
#: Where the model's parses of the gold texts are kept between runs (outside the repository).
PARSE_CACHE = Path("/tmp/sayso-parses")


Row = tuple[str, dict[str, float], int, float | None]


def labelled_quotes(gold_dir: Path, nlp: Any) -> list[Row]:
    """``(doc name, features, label, cap)`` for every quote the engine proposes on ``gold_dir``;
    ``cap``: the highest confidence stage 4 lets it have (a topic, an unspoken item), else None."""
    gold = read_gold(gold_dir)
    out: list[Row] = []
    for name, parsed in parsed_docs(gold, PARSE_CACHE):
        doc = nlp(parsed)
        quotes = list(doc._.quotes or ())
        preds = [
            PredQuote(
                content=tuple((s.start, s.end) for s in q.content_spans),
                source=(q.source.start, q.source.end) if q.source else None,
                kind=q.kind,
            )
            for q in quotes
        ]
        match = match_doc(gold[name], preds)
        good = {
            pi for gi, pi in match.matched.items() if _source_correct(preds[pi], gold[name].attributions[gi])
        }
        context = DocContext.of(doc)  # once per article, as at run time (see features.DocContext)
        for i, q in enumerate(quotes):
            features = quote_features(doc, q, context)
            out.append((name, features, int(i in good), quote_cap(doc, q, features, context=context)))
    return out


def fit(rows: list[Row]) -> tuple[dict[str, Any], dict[str, float]]:
    """Weights and calibration as JSON-ready dicts, plus cross-validated figures on train."""
    import numpy as np
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.isotonic import IsotonicRegression
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import brier_score_loss, roc_auc_score
    from sklearn.model_selection import GroupKFold

    names = [r[0] for r in rows]
    vec = DictVectorizer(sparse=True)
    x = vec.fit_transform([r[1] for r in rows])
    y = np.array([r[2] for r in rows])
    folds = list(GroupKFold(n_splits=5).split(x, y, groups=names))  # whole articles per fold
    best: tuple[float, float] | None = None
    oof_best = None
    for c in (0.03, 0.1, 0.3, 1.0, 3.0):
        oof = np.zeros(len(y))
        for train, test in folds:
            model = LogisticRegression(C=c, max_iter=3000, random_state=SEED)
            model.fit(x[train], y[train])
            oof[test] = model.predict_proba(x[test])[:, 1]
        loss = brier_score_loss(y, oof)
        if best is None or loss < best[0]:
            best, oof_best = (loss, c), oof
    assert best is not None and oof_best is not None
    c = best[1]
    model = LogisticRegression(C=c, max_iter=3000, random_state=SEED).fit(x, y)
    iso = IsotonicRegression(out_of_bounds="clip", y_min=0.0, y_max=1.0).fit(oof_best, y)
    calibrated = iso.predict(oof_best)
    weights = {
        name: round(float(w), 5)
        for name, w in zip(vec.feature_names_, model.coef_[0], strict=True)
        if abs(w) > 1e-5
    }
    weights["bias"] = round(weights.get("bias", 0.0) + float(model.intercept_[0]), 5)
    data = {
        "feature_version": FEATURE_VERSION,
        "trained_on": "PolNeAR train (scripts/train_scorer.py)",
        "C": c,
        "weights": dict(sorted(weights.items())),
        "calibration": {
            "x": [round(float(v), 5) for v in iso.X_thresholds_],
            "y": [round(float(v), 5) for v in iso.y_thresholds_],
        },
    }
    figures = {
        "quotes": float(len(y)),
        "positive": float(y.mean()),
        "cv_auc": float(roc_auc_score(y, oof_best)),
        "cv_brier_raw": float(best[0]),
        "cv_brier_calibrated": float(brier_score_loss(y, calibrated)),
        "C": c,
    }
    return data, figures


def reliability(pairs: list[tuple[float, int]], title: str, bins: int = 10) -> str:
    """The reliability diagram of ``(confidence, label)`` pairs as SVG: scikit-learn bins them,
    ``sayso.charts`` draws them (matplotlib)."""
    import numpy as np
    from sklearn.calibration import calibration_curve

    from sayso.charts import reliability_svg

    p = np.array([c for c, _ in pairs])
    y = np.array([label for _, label in pairs])
    observed, predicted = calibration_curve(y, p, n_bins=bins, strategy="uniform")
    # Binned as calibration_curve bins them, so each count sits under its point.
    counts = np.bincount(np.searchsorted(np.linspace(0.0, 1.0, bins + 1)[1:-1], p), minlength=bins)
    return reliability_svg(list(predicted), list(observed), [int(n) for n in counts if n], title=title)


def rules_only_pipeline() -> Any:
    """Stages 1-3 with stage 4 switched off, over the parses of the one door (``load_nlp``,
    through ``gold_parses.parsed_docs``): the scorer learns from the rules' proposals and their
    own confidence, never from an earlier version of itself."""
    return stages(scorer=False)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--train", type=Path, default=ROOT.parent / "shared" / "polnear" / "train")
    ap.add_argument("--out", type=Path, default=ROOT / "sayso" / "data" / "quote_scorer.json")
    ap.add_argument("--cache", type=Path, default=None, help="JSON Lines cache of the labelled features")
    ap.add_argument("--report", type=Path, default=None, help="a gold dir to print figures on (dev)")
    ap.add_argument(
        "--plot", type=Path, default=None, help="with --report: write the reliability diagram (SVG) here"
    )
    args = ap.parse_args(argv)
    if not args.train.is_dir():
        print(f"no training data at {args.train}; nothing trained")
        return 2
    nlp = rules_only_pipeline()
    started = time.perf_counter()
    if args.cache and args.cache.exists():
        rows = [tuple(json.loads(line)) for line in args.cache.open(encoding="utf-8")]
    else:
        rows = labelled_quotes(args.train, nlp)
        if args.cache:
            args.cache.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    data, figures = fit(rows)  # type: ignore[arg-type]
    args.out.write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")
    print(f"trained on {args.train} in {time.perf_counter() - started:.0f} s -> {args.out}")
    print(f"  size {args.out.stat().st_size:,} bytes, {len(data['weights'])} weights")
    print("  " + ", ".join(f"{k} {v:.4g}" for k, v in figures.items()))
    if args.report:
        from sklearn.metrics import brier_score_loss, roc_auc_score

        from sayso.quotes.scorer import QuoteScorer

        scorer = QuoteScorer.from_dict(data)
        dev = labelled_quotes(args.report, nlp)
        y = [label for _, _, label, _ in dev]
        learned = [scorer.probability(f) for _, f, _, _ in dev]
        # What users see: the learned probability under the caps of topics and unspoken items.
        shown = [p if cap is None else min(p, cap) for p, (_, _, _, cap) in zip(learned, dev, strict=True)]
        capped = [label for _, _, label, cap in dev if cap is not None]
        for label, p in (("learned", learned), ("shown (capped)", shown)):
            print(
                f"  on {args.report}, {label}: {len(y)} quotes, AUC {roc_auc_score(y, p):.3f}, "
                f"Brier {brier_score_loss(y, p):.4f}"
            )
        print(f"  capped: {len(capped)} quotes, of which annotators marked {sum(capped)}")
        if args.plot:
            title = f"confidence shown on {args.report.parent.name}/{args.report.name} ({len(y)} quotes)"
            args.plot.write_text(reliability(list(zip(shown, y, strict=True)), title), encoding="utf-8")
            print(f"  reliability diagram: {args.plot}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
