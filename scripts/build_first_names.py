"""Build the wide table of first names and their gender, for names the news table lacks.

    .venv/bin/pip download nomquamgender==0.1.4 --no-deps -d /tmp/nqg
    .venv/bin/python scripts/build_first_names.py /tmp/nqg/nomquamgender-0.1.4-py3-none-any.whl

``sayso/data/name_genders.json`` (``scripts/learn_name_genders.py``) holds the first names the
news itself shows a gender for: about 580 of them, the names of people in politics. A speaker
outside that set ("Rebeca Wolfe, a stay-at-home mother in Reno") had no gender, so the next "she
said" went to a senator named in her paraphrase (QA helper, forty-first session). The
nomquamgender package (Van Buskirk et al., 2022, MIT licence) aggregates 36 name-gender sources
into, per name, the number of sources, of people counted and the share of them who are women.
This keeps only names that are clear: seen in at least ``MIN_SOURCES`` sources and ``MIN_COUNT``
people, with one gender at least ``MIN_SHARE`` of the time, in plain letters. The package itself
is not a dependency (it needs pandas): its wheel is read as a zip file, and only the lists of
names are written, with their origin and licence, to ``sayso/data/first_names.json``.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "sayso" / "data" / "first_names.json"
MIN_SOURCES = 10
MIN_COUNT = 1000
MIN_SHARE = 0.95
_PLAIN = re.compile(r"[a-z]+")


def read_name_data(wheel: Path) -> dict[str, list[float]]:
    with zipfile.ZipFile(wheel) as z:
        member = next((n for n in z.namelist() if n.endswith("nomquamgender/name_data.json")), None)
        if member is None:
            sys.exit(f"{wheel}: no nomquamgender/name_data.json inside; is it the nomquamgender wheel?")
        data: dict[str, list[float]] = json.loads(z.read(member))
        return data


def clear_names(data: dict[str, list[float]]) -> tuple[list[str], list[str]]:
    """(women's names, men's names): plain, common and clear."""
    women, men = [], []
    for name, row in data.items():
        sources, count, share_women = row[0], row[1], row[2]
        if not _PLAIN.fullmatch(name) or sources < MIN_SOURCES or count < MIN_COUNT:
            continue
        if share_women >= MIN_SHARE:
            women.append(name)
        elif share_women <= 1 - MIN_SHARE:
            men.append(name)
    return sorted(women), sorted(men)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("wheel", type=Path, help="the nomquamgender 0.1.4 wheel (pip download)")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    women, men = clear_names(read_name_data(args.wheel))
    table = {
        "about": "First names that are clearly a woman's (f) or a man's (m), for names the news table "
        "(name_genders.json) lacks (scripts/build_first_names.py).",
        "source": "nomquamgender 0.1.4, https://github.com/ianvanbuskirk/nomquamgender, "
        "Copyright (c) 2022 Ian Van Buskirk, MIT licence",
        "kept": f"at least {MIN_SOURCES} sources and {MIN_COUNT} people, one gender at least {MIN_SHARE}",
        "f": " ".join(women),
        "m": " ".join(men),
    }
    args.out.write_text(json.dumps(table, indent=0) + "\n", encoding="utf-8")
    print(f"{len(women)} women's and {len(men)} men's names -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
