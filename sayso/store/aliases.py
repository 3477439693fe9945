"""The word index of speaker aliases: ``--speaker NAME`` as index lookups, not a scan of every alias.

``alias_words`` (migration 6) holds one row per word of each alias (``kind = 'a'``: the
normalised name, "donald j trump") and per token of its canonical form (``kind = 'c'``: titles
dropped, nicknames mapped, " donald j trump "). A name then means the aliases in which

* every word of the name begins a word of the alias ("trump", "Eliz Warr"), or
* every canonical token of the name is a token of the alias's canonical form ("Mike Bloomberg"
  and "Mr. Bloomberg" find "michael bloomberg"),

each word one index range (``word >= w AND word < w || U+10FFFF``) intersected per alias. Why:
on the 5,000 articles of news-5k (47,559 aliases) the ``LIKE '%trump%'`` over every alias that
this replaces cost 25–30 ms per search, the index costs well under one. When no alias has a word
beginning so, the old substring match over all aliases still runs ("e_w" finds "lee_ward"), so
a name part typed from the middle of a word is found as before, at the old cost.

The rows are derived from ``entity_aliases`` and written with it (``sayso.store.entities``);
only ``sqlite3`` and the name rules are imported.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator
from typing import Any

from sayso.names import canonical_tokens, name_tokens
from sayso.rows import normalise_name

#: ``alias_words.kind`` of a word of the normalised alias (matched by its beginning).
ALIAS_WORD = "a"
#: ``alias_words.kind`` of a token of the canonical form (matched whole).
CANON_WORD = "c"
#: Above every character: ``word < w || _TOP`` bounds the words that begin with ``w``.
_TOP = "\U0010ffff"


def alias_word_rows(rows: Iterable[tuple[str, str, str]]) -> Iterator[tuple[str, str, str, str]]:
    """``(kind, word, entity, alias)`` for each ``(entity, alias, canon)`` of ``entity_aliases``:
    the words the migration's SQL split also produces (both split on single spaces)."""
    for entity, alias, canon in rows:
        for word in set(alias.split()):
            yield ALIAS_WORD, word, entity, alias
        for word in set(canon.split()):
            yield CANON_WORD, word, entity, alias


def entity_select(name: str) -> tuple[str, list[Any]] | None:
    """A ``SELECT entity`` of the entities whose aliases ``name`` means by whole words or their
    beginnings (see the module), with its parameters; ``None`` when the name has no words."""
    words = sorted(set(normalise_name(name).split()))
    if not words:
        return None
    params: list[Any] = []
    begins = []
    for word in words:
        begins.append(
            f"SELECT entity, alias FROM alias_words WHERE kind = '{ALIAS_WORD}' AND word >= ? AND word < ?"
        )
        params += [word, word + _TOP]
    sql = "SELECT entity FROM (" + " INTERSECT ".join(begins) + ")"
    canon = sorted(set(canonical_tokens(name_tokens(name))))
    if canon:
        whole = [
            f"SELECT entity, alias FROM alias_words WHERE kind = '{CANON_WORD}' AND word = ?" for _ in canon
        ]
        sql += " UNION SELECT entity FROM (" + " INTERSECT ".join(whole) + ")"
        params += canon
    return sql, params


def substring_select(name: str) -> tuple[str, list[Any]] | None:
    """The fallback: a ``SELECT entity`` of the aliases that contain every word of ``name``
    anywhere (a scan of every alias: run only when ``entity_select`` finds nobody)."""
    from sayso.store.queries import contains_pattern

    words = normalise_name(name).split()
    if not words:
        return None
    like = " AND ".join("alias LIKE ? ESCAPE '\\'" for _ in words)
    return f"SELECT entity FROM entity_aliases WHERE {like}", [contains_pattern(w) for w in words]


def matching_entities(conn: sqlite3.Connection, name: str) -> tuple[list[str], tuple[str, list[Any]] | None]:
    """The entity ids ``name`` means, sorted, and the ``SELECT entity`` that found them (for a
    caller that selects thousands of them inside SQL instead of passing them as values)."""
    select = entity_select(name)
    if select is None:
        return [], None
    ids = sorted({r[0] for r in conn.execute(select[0], select[1])})
    if ids:
        return ids, select
    fallback = substring_select(name)
    assert fallback is not None  # the same words as entity_select's
    return sorted({r[0] for r in conn.execute(fallback[0], fallback[1])}), fallback
