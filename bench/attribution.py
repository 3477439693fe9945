"""What stage 2 (cues, contents, sources) costs next to the model's own parse.

Usage::

    .venv/bin/python bench/attribution.py [--articles 84] [GOLD_OR_TEXT_DIR]

Parses the articles once with plain ``nlp.pipe`` (the model sayso uses), then runs the
quote-mark scanner and ``attribute`` over the parsed Docs, and prints characters per second of
each, by CPU time of this process (steadier than wall time on a shared machine), and the
share stage 2 adds to the parse. The engine's budget for all its stages is 0.3x the parse.

Reads ``../shared/polnear/dev/text`` by default and says so when it is absent.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

DEFAULT = Path(__file__).resolve().parent.parent.parent / "shared" / "polnear" / "dev" / "text"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("path", nargs="?", type=Path, default=DEFAULT, help="folder of .txt articles")
    ap.add_argument("--articles", type=int, default=84)
    args = ap.parse_args(argv)
    folder = args.path / "text" if (args.path / "text").is_dir() else args.path
    files = sorted(folder.glob("*.txt"))[: args.articles]
    if not files:
        print(f"no .txt articles under {folder} (PolNeAR not present?): nothing to measure")
        return 0

    import spacy

    from sayso.nlp.loader import model_name
    from sayso.quotes.attribution import attribute
    from sayso.quotes.marks import scan_quotes

    texts = [f.read_bytes().decode("utf-8", errors="replace") for f in files]
    chars = sum(len(t) for t in texts)
    nlp = spacy.load(model_name())
    list(nlp.pipe(texts[:2]))  # warm up
    t0 = time.process_time()
    docs = list(nlp.pipe(texts, batch_size=32))
    parse = time.process_time() - t0
    t0 = time.process_time()
    found = 0
    for doc in docs:
        found += len(attribute(doc, scan_quotes(doc.text)))
    stage = time.process_time() - t0
    print(f"{len(texts)} articles, {chars:,} characters, from {folder}")
    print(f"plain nlp.pipe        : {chars / parse:>10,.0f} chars/s (CPU {parse:.1f}s)")
    print(f"marks + attribution   : {chars / stage:>10,.0f} chars/s (CPU {stage:.2f}s), {found} attributions")
    print(f"stage 2 adds          : {stage / parse:.1%} to the parse")
    return 0


if __name__ == "__main__":
    sys.exit(main())
