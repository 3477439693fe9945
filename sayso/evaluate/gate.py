"""The evaluation gate: pinned metric floors that fail the tests when quote accuracy regresses.

Floors live in a JSON file next to the gold set, one entry per gold corpus::

    {"gates": {"sayso-gold": {"path": "tests/gold", "sha256": "…", "floors": {"content_overlap_f1": 0.8, …}}}}

The SHA-256 of the corpus is stored with its floors, so floors are never compared with scores
on a corpus that was silently edited, and raising or lowering them is an explicit act
(``scripts/pin_floors.py``), which refuses to lower a floor unless asked to.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sayso.errors import UsageError

#: Scores move by this much between runs at most; spaCy's small model is deterministic on CPU,
#: so this only absorbs float formatting, not real noise.
DEFAULT_MARGIN = 0.01


def corpus_hash(gold_dir: Path | str) -> str:
    """SHA-256 over the names and bytes of every text and annotation file, in sorted order."""
    root = Path(gold_dir)
    digest = hashlib.sha256()
    for sub, pattern in (("text", "*.txt"), ("attributions", "*.ann")):
        for path in sorted((root / sub).glob(pattern)):
            digest.update(f"{sub}/{path.name}\0".encode())
            digest.update(path.read_bytes())
            digest.update(b"\0")
    return digest.hexdigest()


@dataclass(frozen=True, slots=True)
class Gate:
    name: str
    path: str
    sha256: str
    floors: dict[str, float]

    def to_dict(self) -> dict[str, Any]:
        return {"path": self.path, "sha256": self.sha256, "floors": dict(sorted(self.floors.items()))}


def load_gates(floors_file: Path | str) -> dict[str, Gate]:
    path = Path(floors_file)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise UsageError(f"cannot read floors: {exc}", where=str(path)) from exc
    return {
        name: Gate(name, g["path"], g["sha256"], {k: float(v) for k, v in g["floors"].items()})
        for name, g in data.get("gates", {}).items()
    }


def save_gates(floors_file: Path | str, gates: dict[str, Gate]) -> None:
    body = {"gates": {name: gates[name].to_dict() for name in sorted(gates)}}
    Path(floors_file).write_text(json.dumps(body, indent=2) + "\n", encoding="utf-8")


#: The figures of the curve point at the default threshold that the gate pins as well, so that
#: what users see by default (``--min-confidence``) can no more drop silently than the rest.
AT_DEFAULT = (
    "content_overlap_p",
    "content_overlap_r",
    "content_overlap_f1",
    "source_p",
    "source_r",
    "source_f1",
)


def gate_metrics(gold_dir: Path | str, nlp: Any = None) -> dict[str, float]:
    """Every metric over all quotes, plus ``default_*``: the main ones at the default threshold."""
    from sayso.evaluate import evaluate
    from sayso.settings import DEFAULT_MIN_CONFIDENCE

    scores = evaluate(gold_dir, nlp=nlp, curve=(DEFAULT_MIN_CONFIDENCE,))
    if scores.failures:
        raise UsageError(f"extraction failed on {len(scores.failures)} gold documents", where=str(gold_dir))
    (point,) = scores.curve
    return scores.metrics() | {f"default_{k}": float(point[k]) for k in AT_DEFAULT}


def violations(metrics: dict[str, float], floors: dict[str, float]) -> list[str]:
    """One line per metric below its floor (a missing metric is a violation too)."""
    out = []
    for name, floor in sorted(floors.items()):
        value = metrics.get(name)
        if value is None:
            out.append(f"{name}: not measured (floor {floor:.3f})")
        elif value < floor:
            out.append(f"{name}: {value:.4f} < floor {floor:.3f}")
    return out


def floors_from(metrics: dict[str, float], margin: float = DEFAULT_MARGIN) -> dict[str, float]:
    """Floors a little under the measured scores, rounded down to three decimals."""
    return {name: max(0.0, math.floor((value - margin) * 1000) / 1000) for name, value in metrics.items()}


def lowered(old: dict[str, float], new: dict[str, float]) -> list[str]:
    """Metrics whose new floor would be below the old one."""
    return [f"{k}: {old[k]:.3f} -> {new[k]:.3f}" for k in sorted(old) if k in new and new[k] < old[k]]
