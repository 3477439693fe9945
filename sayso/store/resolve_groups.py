"""Named groups and organisations across a database: one entity per body, whatever it is called.

Part of the entity resolution (``sayso.store.resolve``), kept apart so each reads in one sitting:
a named group joins on its normalised name ("The White House" = "White House"), a one-word
name short for several groups ("the Times") joins the one its article names in full or stays
in its article, and an acronym joins the name with its initials that its articles spell out.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from sayso.names import _NAME_TOKEN, PARTICLES

if TYPE_CHECKING:
    from sayso.store.resolve import Cluster, Unit, _Resolver

#: A one-word group name is short for a longer one ("Times") when that one is named in this many
#: articles; short for two or more such, it is ambiguous.
SHORT_GROUP_MIN_ARTICLES = 3
#: Small words a group's name may hold in lowercase ("Department of State", "Doctors without Borders").
GROUP_FILLER = PARTICLES | {"of", "and", "for", "the", "on", "in", "at", "to", "without", "&"}


def group_key(norm: str) -> str:
    return norm[4:] if norm.startswith("the ") else norm


def place_groups(r: _Resolver, units: list[Unit]) -> None:
    """Named groups join on their normalised name, except a one-word name that is short for
    several groups ("the Times": the New York, Los Angeles or Washington Times; "the Party"):
    it joins the one its own article names in full, else stays in its article."""
    by_key: dict[str, list[Unit]] = defaultdict(list)
    for u in units:
        by_key[group_key(u.norm)].append(u)
    longer: dict[str, list[str]] = defaultdict(list)  # last word -> well-attested longer names
    for key, members in by_key.items():
        words = group_words(key)
        if len(words) >= 2 and len({m.doc for m in members}) >= SHORT_GROUP_MIN_ARTICLES:
            longer[words[-1]].append(key)
    clusters: dict[str, Cluster] = {}

    def cluster_of(key: str) -> Cluster:
        if key not in clusters:
            clusters[key] = r.new("group")
        return clusters[key]

    in_doc: dict[str, set[str]] = defaultdict(set)
    for key, members in by_key.items():
        for m in members:
            in_doc[m.doc].add(key)
    spelled = _spelled_out(by_key, in_doc)
    for key in sorted(by_key):
        if key in spelled:
            full = spelled[key]
            n = len({m.doc for m in by_key[key]} & {m.doc for m in by_key[full]})
            for u in by_key[key]:
                where = "its article" if n == 1 else f"{n} articles"
                r.add(cluster_of(full), u, f"initials of {by_key[full][0].name}, spelled out in {where}")
            continue
        words = group_words(key)
        expansions = sorted(longer.get(words[0], [])) if len(words) == 1 else []
        for u in by_key[key]:
            if len(expansions) < 2:
                r.add(cluster_of(key), u, "same normalised name")
                continue
            named = [k for k in expansions if k in in_doc[u.doc]]
            if len(named) == 1:
                r.add(cluster_of(named[0]), u, f"short name; its article names {by_key[named[0]][0].name}")
            else:
                shown = ", ".join(by_key[k][0].name for k in expansions[:3])
                r.add(
                    r.new("group", local=True), u, f"short for several groups ({shown}): kept in its article"
                )


def _spelled_out(by_key: dict[str, list[Unit]], in_doc: dict[str, set[str]]) -> dict[str, str]:
    """Acronyms ("CBO", "NTSB") whose articles spell out one name with those initials
    ("Congressional Budget Office"), and never another: acronym key -> that name's key.

    An article that writes both means one body by them (QA, nineteenth session: "cbo" and
    "congressional-budget-office" were two speakers of one article, as were the IAEA, the NTSB
    and the DNC). Only the article's own full names count: "AP" is the Associated Press in one
    database and the Air Force's Academy Press in another."""
    out: dict[str, str] = {}
    for key, members in by_key.items():
        letters = key.replace(".", "")
        if not (2 <= len(letters) <= 6 and letters.isalpha() and " " not in key):
            continue
        if not any(m.name.replace(".", "").strip().removeprefix("The ").isupper() for m in members):
            continue  # "Apple", "Times": a word, not initials
        found = {
            other for m in members for other in in_doc[m.doc] if other != key and _initials(other) == letters
        }
        if len(found) == 1:
            out[key] = found.pop()
    return out


def _initials(key: str) -> str:
    words = group_words(key)
    return "".join(w[0] for w in words) if len(words) >= 2 else ""


def group_words(key: str) -> list[str]:
    return [w for w in _NAME_TOKEN.findall(key) if w.lower() not in GROUP_FILLER]
