"""Rebuild tests/gold/text and tests/gold/attributions from the annotated sources in tests/gold/markup.

The markup (see ``sayso.evaluate.markup``) is what a person edits; the brat files are generated
so their offsets are always right. ``--check`` only reports files that are out of date (used by
the tests), and exits 1 if any is.

    .venv/bin/python scripts/build_gold.py            # regenerate
    .venv/bin/python scripts/build_gold.py --check    # verify
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from sayso.evaluate.markup import markup_to_brat

GOLD = Path(__file__).resolve().parent.parent / "tests" / "gold"
ANNOTATOR = "sayso"


def expected_files(gold: Path = GOLD) -> dict[Path, str]:
    """Every generated file with the content it must have."""
    out: dict[Path, str] = {}
    for src in sorted((gold / "markup").glob("*.txt")):
        text, ann = markup_to_brat(src.read_text(encoding="utf-8"), where=str(src))
        out[gold / "text" / src.name] = text
        out[gold / "attributions" / f"{src.stem}_{ANNOTATOR}.ann"] = ann
    return out


def main(argv: list[str] | None = None) -> int:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--check", action="store_true", help="only verify that the files are up to date")
    args = parser.parse_args(argv)
    stale = []
    for path, content in expected_files().items():
        current = path.read_bytes().decode("utf-8") if path.exists() else None
        if current == content:
            continue
        stale.append(path)
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content.encode("utf-8"))
    for path in stale:
        print(f"{'out of date' if args.check else 'wrote'}: {path.relative_to(GOLD.parent.parent)}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
