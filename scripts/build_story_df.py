"""Build the background document frequencies of story grouping from a pile of news articles.

    .venv/bin/python scripts/build_story_df.py ../shared/corpus/news-5k.jsonl.gz

Story grouping weighs every shared word by its IDF. Over a batch of a few dozen articles IDF
cannot tell a common word from a rare one (see ``sayso/compare/story_weights.py``), so the
counts of a reference pile are added to every batch's. This script counts, over every readable
article of the input, on how many articles each term and each name of ``stories.features``
occurs, and keeps those on at least ``--min-df`` articles: a table of common words and
frequent names with their counts, from which no article's text can be read back. Written to
``sayso/data/story_df.json`` (sorted keys, so a rebuild from the same input is byte-identical).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sayso.compare.stories import features  # noqa: E402
from sayso.compare.story_weights import count_background  # noqa: E402
from sayso.ingest import read_paths  # noqa: E402
from sayso.model import ArticleInput  # noqa: E402

OUT = ROOT / "sayso" / "data" / "story_df.json"


def _keys(paths: list[Path]) -> Iterator[tuple[set[str], frozenset[str]]]:
    seen: set[str] = set()
    for article in read_paths(paths):
        if isinstance(article, ArticleInput) and article.doc not in seen:  # duplicates count once
            seen.add(article.doc)
            f = features(article)
            yield set(f.terms), f.names


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", type=Path, nargs="+", help="articles (any format 'sayso stories' reads)")
    parser.add_argument("--min-df", type=int, default=5, help="keep terms and names on this many articles")
    parser.add_argument("-o", "--output", type=Path, default=OUT)
    args = parser.parse_args(argv)
    missing = [p for p in args.corpus if not p.exists()]
    if missing:
        print(f"not found: {', '.join(map(str, missing))}", file=sys.stderr)
        return 2
    bg = count_background(_keys(args.corpus), args.min_df)
    table = {"n_docs": bg.n_docs, "min_df": bg.min_df, "terms": bg.terms, "names": bg.names}
    text = json.dumps(table, ensure_ascii=False, separators=(",", ":"))
    args.output.write_text(text + "\n", encoding="utf-8")
    print(f"{bg.n_docs} articles -> {len(bg.terms)} terms, {len(bg.names)} names -> {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
