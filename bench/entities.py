"""Speaker entities on a real database: rebuild time, rows -> entities, the top entities, alias search.

Works on a *copy* of the database (SQLite backup into a temporary file), never on the file given.
Prints the time to resolve every speaker from scratch and again when nothing changed (wall and
CPU), how many speaker rows became how many entities, the most quoted entities, whether searching
by each alias of each of them finds the entity, and how the hand-checked verdicts in
``bench/entities_top100.tsv`` (entity id, verdict, note; ids only) compare with today's list.

    .venv/bin/python bench/entities.py --db /work/dbs/news5k.db --top 100

Verdicts: ``ok`` (one person, group or organisation, and all of it), ``joins`` (the entity joins
two people: the note says which other id), ``split`` (the same person is also the entity in the
note). Without the database the script says so and exits 0.
"""

from __future__ import annotations

import argparse
import csv
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

from sayso.store import open_db
from sayso.store.entities import entity_aliases, list_entities, speaker_entities
from sayso.store.rebuild import rebuild_entities

HERE = Path(__file__).resolve().parent
DEFAULT_DB = HERE.parent.parent / "dbs" / "news5k.db"


def _copy(src: Path, dst: Path) -> None:
    source = sqlite3.connect(f"file:{src}?mode=ro", uri=True)
    target = sqlite3.connect(dst)
    source.backup(target)
    source.close()
    target.close()


def _timed(conn: sqlite3.Connection) -> tuple[float, float, object]:
    wall, cpu = time.perf_counter(), time.process_time()
    stats = rebuild_entities(conn)
    return time.perf_counter() - wall, time.process_time() - cpu, stats


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", type=Path, default=DEFAULT_DB)
    ap.add_argument("--top", type=int, default=100)
    ap.add_argument("--verdicts", type=Path, default=HERE / "entities_top100.tsv")
    ap.add_argument("--show-aliases", action="store_true", help="Print every entity's aliases too.")
    args = ap.parse_args()
    if not args.db.exists():
        print(f"{args.db}: no such database; build one with 'sayso index' (see docs/speakers.md)")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "copy.db"
        _copy(args.db, copy)
        conn = open_db(copy)  # migrates a version-3 copy in place
        conn.execute("DELETE FROM speaker_entity")
        conn.execute("DELETE FROM quote_entity")
        wall, cpu, stats = _timed(conn)
        print(f"rebuild from scratch: {wall:.2f} s wall, {cpu:.2f} s CPU; {stats}")
        wall, cpu, stats = _timed(conn)
        print(f"rebuild, nothing changed: {wall:.2f} s wall, {cpu:.2f} s CPU")
        counts = {
            t: conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]
            for t in ("articles", "speakers", "quotes", "entities")
        }
        named = conn.execute("SELECT COUNT(*) FROM entities WHERE local = 0").fetchone()[0]
        print(
            f"{counts['articles']} articles, {counts['quotes']} quotes: {counts['speakers']} speaker rows -> "
            f"{counts['entities']} entities ({named} named across articles, "
            f"{counts['entities'] - named} local to one article)"
        )
        wall = time.perf_counter()
        top = list_entities(conn, limit=args.top, named_only=True)
        print(f"top {args.top} listed in {time.perf_counter() - wall:.2f} s")
        verdicts: dict[str, tuple[str, str]] = {}
        if args.verdicts.exists():
            with args.verdicts.open(encoding="utf-8") as fh:
                for row in csv.reader(fh, delimiter="\t"):
                    if row and not row[0].startswith("#"):
                        verdicts[row[0]] = (row[1], row[2] if len(row) > 2 else "")
        found = pairs = 0
        for rank, row in enumerate(top, 1):
            aliases = entity_aliases(conn, row["id"])
            for alias in aliases:
                pairs += 1
                found += row["id"] in speaker_entities(conn, alias["name"])
            verdict = verdicts.get(row["id"], ("unchecked", ""))
            print(
                f"{rank:3} {row['id']:32} {row['kind']:7} quotes {row['quotes']:5} "
                f"articles {row['articles']:4} outlets {row['outlets']:3} aliases {row['aliases']:3}  "
                f"{verdict[0]} {verdict[1]}"
            )
            if args.show_aliases:
                for alias in aliases:
                    print(f"      {alias['quotes']:5} {alias['name']!r}: {alias['evidence']}")
        print(f"alias search: {found}/{pairs} (entity, alias) pairs find the entity")
        tally: dict[str, int] = {}
        for row in top:
            v = verdicts.get(row["id"], ("unchecked", ""))[0]
            tally[v] = tally.get(v, 0) + 1
        print("verdicts on today's top list: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.items())))
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
