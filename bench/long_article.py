"""How sayso's own stages grow with the length of one article: they must stay linear.

Generates an invented article of the given sizes (paragraphs of quotes, pronouns, indirect
speech and "according to", names drawn from a small cast so coreference has work to do), parses
it once with the plain model, then runs sayso's components on the parsed ``Doc`` and prints,
per size: the model's time, sayso's time, the ratio of the full pipeline to plain spaCy, the
number of Python function calls sayso made (the work count ``tests/test_long_articles.py``
checks), and the peak memory of the process.

    .venv/bin/python bench/long_article.py                       # 50k, 100k, 200k, 400k characters
    .venv/bin/python bench/long_article.py --sizes 100000 400000

Targets (issue "extraction users can trust"): a 400,000-character article at most 1.5x plain
spaCy's time and under 2 GB.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import resource
import sys
import time
from typing import Any

CAST = ["Lena Okafor", "Piet Varga", "Mara Quist", "Tomas Brandt", "Ines Moreau", "Kofi Mensah"]


def paragraph(rng: random.Random, i: int) -> str:
    a, b = rng.sample(CAST, 2)
    return (
        f"“The council will vote on plan {i} next week,” {a} said on Tuesday. "
        f"{b.split()[1]} disagreed. “Nobody asked the residents,” she told reporters, "
        f"adding that the budget of {i} million was too high. According to {a.split()[0]}, the work "
        "would start in spring. He said the contracts would be published."
    )


def article(chars: int, seed: int = 3) -> str:
    """An invented article of at least ``chars`` characters (same text for the same arguments)."""
    rng = random.Random(seed)
    out: list[str] = []
    size = 0
    while size < chars:
        out.append(paragraph(rng, len(out)))
        size += len(out[-1]) + 2
    return "\n\n".join(out)


def plain_and_sayso() -> tuple[Any, Any]:
    """The model without sayso (for parsing and timing) and sayso's component on its own."""
    import spacy

    import sayso.nlp.factories  # noqa: F401  (registers the components)
    from sayso.nlp.loader import model_name

    nlp = spacy.load(model_name())
    nlp.max_length = 10_000_000
    component = nlp.add_pipe("sayso_quotes", config={"on_error": "raise"})
    nlp.disable_pipe("sayso_quotes")
    return nlp, component


def count_calls(component: Any, doc: Any) -> int:
    """Python function calls made by sayso's stages on ``doc``: work, not time."""
    profile = cProfile.Profile()
    profile.enable()
    component(doc)
    profile.disable()
    return sum(entry[1] for entry in pstats.Stats(profile).stats.values())  # type: ignore[attr-defined]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", type=int, nargs="+", default=[50_000, 100_000, 200_000, 400_000])
    args = ap.parse_args(argv)
    nlp, component = plain_and_sayso()
    print(f"{'chars':>9} {'model s':>8} {'sayso s':>8} {'full/plain':>10} {'calls':>12} {'peak MB':>8}")
    for chars in args.sizes:
        text = article(chars)
        t0 = time.perf_counter()
        doc = nlp(text)
        t1 = time.perf_counter()
        component(doc)
        t2 = time.perf_counter()
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        del doc
        calls = count_calls(component, nlp(text))
        model, ours = t1 - t0, t2 - t1
        ratio = (model + ours) / model
        print(f"{len(text):>9,} {model:>8.2f} {ours:>8.2f} {ratio:>9.2f}x {calls:>12,} {peak:>8.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
