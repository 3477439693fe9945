"""Hand edits of a resolution: ``sayso speakers merge`` and ``split``, replayed after each rebuild.

Kept apart from the rules (``sayso.store.resolve``) because an edit is no rule: it moves the
speakers a user named, whatever the names say, and records that a person decided it.
"""

from __future__ import annotations

from collections import defaultdict

from sayso.rows import normalise_name
from sayso.store.resolve import MANUAL_MERGE, MANUAL_SPLIT, Cluster, Resolution, Resolved, Unit


class Editable:
    """A resolution whose clusters can be merged and split by hand."""

    def __init__(self, units: list[Unit], res: Resolution) -> None:
        self.units = {u.key: u for u in units}
        self.out: dict[int, Resolved] = dict(res.units)
        self.clusters = list(res.clusters)
        self.members: dict[int, list[int]] = defaultdict(list)
        for key, r in self.out.items():
            self.members[r.entity].append(key)

    def find(self, ref: str) -> Cluster | None:
        """The entity a stored name means: its canonical name, else the most quoted one with that alias;
        ``norm@doc`` names the article-local entity of that article."""
        norm, _, doc = ref.partition("@")
        best: tuple[int, int, int] | None = None
        for index, keys in self.members.items():
            if not keys:
                continue
            c = self.clusters[index]
            if doc and not (c.local and any(self.units[k].doc == doc for k in keys)):
                continue
            if normalise_name(c.name()) == norm:
                score = 2
            elif any(self.units[k].norm == norm for k in keys):
                score = 1
            else:
                continue
            if best is None or (score, c.quotes, -index) > best:
                best = (score, c.quotes, -index)
        return self.clusters[-best[2]] if best is not None else None

    def _move(self, keys: list[int], dst: Cluster, evidence: str) -> None:
        for key in keys:
            src = self.out[key].entity
            self.members[src].remove(key)
            u = self.units[key]
            self.clusters[src].display[u.name] -= max(u.quotes, 1)
            self.clusters[src].quotes -= u.quotes
            dst.display[u.name] = dst.display.get(u.name, 0) + max(u.quotes, 1)
            dst.articles.add(u.doc)
            dst.quotes += u.quotes
            self.members[dst.index].append(key)
            self.out[key] = Resolved(dst.index, evidence)
        for index in {self.out[k].entity for k in keys} | {dst.index}:
            c = self.clusters[index]
            c.display = {k: v for k, v in c.display.items() if v > 0}

    def merge(self, absorbed: str, into: str) -> None:
        src, dst = self.find(absorbed), self.find(into)
        if src is None or dst is None or src.index == dst.index:
            return
        evidence = f"{MANUAL_MERGE} ({src.name()} into {dst.name()})"
        self._move(list(self.members[src.index]), dst, evidence)
        dst.local = dst.local and src.local
        if dst.kind in ("anonymous", "description"):
            dst.kind = src.kind

    def split(self, alias: str, entity: str) -> None:
        src = self.find(entity)
        if src is None:
            return
        keys = [k for k in self.members[src.index] if self.units[k].norm == alias]
        if not keys or len(keys) == len(self.members[src.index]):
            return
        dst = Cluster(len(self.clusters), src.kind, src.local)
        self.clusters.append(dst)
        self._move(keys, dst, f"{MANUAL_SPLIT} (from {src.name()})")
