"""Freeze the model's parses of the rule tests' invented sentences as spaCy ``DocBin`` fixtures.

Rule tests that pin what the engine does with one sentence run on a frozen parse
(``tests/frozen_parses.py``), so they need no model and do not break when the model is
upgraded. This script re-makes those fixtures with the installed model: it runs each test file
in record mode, which parses every text the file asks for and rewrites
``tests/fixtures/<name>.spacy`` (plus ``<name>.meta.json``: which model, which spaCy).

Run it after adding a test text, or deliberately after a model upgrade (then read the diff of
the tests it makes fail: those are the rules the new parse changes)::

    .venv/bin/python scripts/freeze_parses.py            # every file below
    .venv/bin/python scripts/freeze_parses.py speakers   # one fixture
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Fixture name -> the test file whose texts it freezes.
FROZEN: dict[str, str] = {
    "speakers": "tests/test_speakers.py",
    "two_outlets": "tests/test_attribution_two_outlets.py",
    "direct_speakers": "tests/test_direct_speakers.py",
    "quoted_cues": "tests/test_quoted_cues.py",
    "according_to": "tests/test_according_to.py",
    "whose_quote": "tests/test_whose_quote.py",
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help=f"fixtures to re-make, of {sorted(FROZEN)} (default: all)")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.names) - set(FROZEN))
    if unknown:
        parser.error(f"unknown fixture(s) {unknown}; known: {sorted(FROZEN)}")
    env = {**os.environ, "SAYSO_FREEZE_PARSES": "1"}
    status = 0
    for name in args.names or list(FROZEN):
        # The whole file, never a selection: record mode rewrites the fixture from what ran.
        cmd = [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-m",
            "not model",
            FROZEN[name],
        ]
        print(f"freezing {name}: {' '.join(cmd[2:])}", flush=True)
        done = subprocess.run(cmd, cwd=ROOT, env=env, check=False)
        status = status or done.returncode
        print(f"  -> tests/fixtures/{name}.spacy", flush=True)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
