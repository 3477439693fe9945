"""Re-pin the evaluation gate's floors (tests/gold/floors.json) from the current scores.

Runs sayso on each gold corpus, sets every floor a margin below the measured score and records
the corpus hash. A floor is never lowered unless ``--allow-lower`` is given: a drop in quality
must be a decision someone makes on purpose, not a side effect of re-pinning.

    .venv/bin/python scripts/pin_floors.py                  # all gates whose corpus exists
    .venv/bin/python scripts/pin_floors.py --gate sayso-gold --dry-run
    .venv/bin/python scripts/pin_floors.py --allow-lower    # accept a regression explicitly
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from sayso.evaluate.gate import (
    DEFAULT_MARGIN,
    Gate,
    corpus_hash,
    floors_from,
    gate_metrics,
    load_gates,
    lowered,
    save_gates,
)

ROOT = Path(__file__).resolve().parent.parent
FLOORS = ROOT / "tests" / "gold" / "floors.json"
#: Gold corpora known to the gate, relative to the repository root.
DEFAULT_GATES = {"sayso-gold": "tests/gold", "polnear-dev": "../shared/polnear/dev"}


def main(argv: list[str] | None = None) -> int:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--gate", action="append", help="gate name(s) to re-pin (default: all)")
    parser.add_argument("--margin", type=float, default=DEFAULT_MARGIN, help="floor = score - margin")
    parser.add_argument("--allow-lower", action="store_true", help="accept floors lower than the pinned ones")
    parser.add_argument("--dry-run", action="store_true", help="print the new floors, write nothing")
    args = parser.parse_args(argv)

    gates = load_gates(FLOORS) if FLOORS.exists() else {}
    paths = {**DEFAULT_GATES, **{name: g.path for name, g in gates.items()}}
    names = args.gate or sorted(paths)
    refused = False
    for name in names:
        if name not in paths:
            print(f"{name}: unknown gate (known: {', '.join(sorted(paths))})", file=sys.stderr)
            return 2
        gold_dir = ROOT / paths[name]
        if not gold_dir.is_dir():
            print(f"{name}: {gold_dir} not present, skipped")
            continue
        metrics = gate_metrics(gold_dir)
        old = gates.get(name)
        floors = floors_from(metrics, args.margin)
        if old:
            # A floor the score still clears stays where it was: --allow-lower lowers only the
            # floors of metrics that really dropped, never the others by the margin.
            floors = {
                m: max(f, old.floors[m]) if m in old.floors and metrics[m] >= old.floors[m] else f
                for m, f in floors.items()
            }
        new = Gate(name, paths[name], corpus_hash(gold_dir), floors)
        drops = lowered(old.floors, new.floors) if old else []
        for metric, value in sorted(metrics.items()):
            before = f"{old.floors[metric]:.3f}" if old and metric in old.floors else "  -  "
            print(f"{name:12} {metric:22} score {value:.4f}  floor {before} -> {new.floors[metric]:.3f}")
        if drops and not args.allow_lower:
            print(f"{name}: refusing to lower floors without --allow-lower:", file=sys.stderr)
            for line in drops:
                print(f"  {line}", file=sys.stderr)
            refused = True
            continue
        gates[name] = new
    if not args.dry_run and not refused:
        save_gates(FLOORS, gates)
        print(f"wrote {FLOORS}")
    return 1 if refused else 0


if __name__ == "__main__":
    sys.exit(main())
