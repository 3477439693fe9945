"""How one rendering of an utterance relates to a fuller one: the wording relations and word diffs.

Kept apart from the grouping in ``align.py``: the relations are the part of the comparison a
reader checks by hand (docs/compare.md defines each with its test), so they should be readable
on their own. ``partial`` is the subtle one: every word of the shorter rendering occurs in the
fuller one contiguously and in order, per quoted passage (narration between two quoted passages,
marked ``GAP``, lets them come in any order) and per piece between marked omissions (``...``).
"""

from __future__ import annotations

from collections.abc import Sequence
from difflib import SequenceMatcher

from sayso.compare.normalize import ELLIPSIS, tokens, typographic, words
from sayso.model import Relation, WordChange, WordDiff

#: Marker token between two quoted pieces of one quote (narration between them); never a word.
GAP = "\u2016"


def _passages(toks: Sequence[str]) -> list[list[list[str]]]:
    """Quoted passages (split at ``GAP``), each a list of pieces (split at ``ELLIPSIS``)."""
    out: list[list[list[str]]] = [[[]]]
    for t in toks:
        if t == GAP:
            out.append([[]])
        elif t == ELLIPSIS:
            out[-1].append([])
        else:
            out[-1][-1].append(t)
    return [[p for p in passage if p] for passage in out if any(passage)]


def _find(full: Sequence[str], piece: Sequence[str], start: int, used: list[tuple[int, int]]) -> int:
    n = len(piece)
    for i in range(start, len(full) - n + 1):
        if list(full[i : i + n]) == list(piece) and all(i + n <= a or i >= b for a, b in used):
            return i
    return -1


def _contained(passages: Sequence[Sequence[Sequence[str]]], full: Sequence[str]) -> bool:
    """Each passage's pieces occur contiguously and in order in ``full``; separate quoted
    passages (narration between them) may come in any order, never overlapping."""
    used: list[tuple[int, int]] = []
    for passage in passages:
        pos = 0
        spans: list[tuple[int, int]] = []
        for p in passage:
            at = _find(full, p, pos, used)
            if at < 0:
                return False
            spans.append((at, at + len(p)))
            pos = at + len(p)
        used.extend(spans)
    return True


def relation_of(full_text: str, other_text: str, other_tokens: Sequence[str] | None = None) -> Relation:
    """verbatim / punctuation / partial / altered of a rendering against a fuller one.

    ``other_tokens`` may give the other rendering's words with ``ELLIPSIS`` wherever it marks an
    omission and ``GAP`` between its quoted pieces; by default they come from its text.
    """
    if typographic(full_text) == typographic(other_text):
        return "verbatim"
    wf = words(full_text)
    toks = list(other_tokens) if other_tokens is not None else tokens(other_text)
    wo = [t for t in toks if t not in (ELLIPSIS, GAP)]
    if wf == wo:
        return "punctuation"
    if wo and len(wo) < len(wf) and _contained(_passages(toks), wf):
        return "partial"
    return "altered"


def text_relation(full: str, other: str) -> Relation:
    """The relation of two plain renderings (``relation_of`` without narration gaps)."""
    return relation_of(full, other)


def word_diff(
    doc_a: str, words_a: Sequence[str], doc_b: str, words_b: Sequence[str], relation: Relation,
    wording: Relation | None = None,
) -> WordDiff:  # fmt: skip
    """The word-level differences of two renderings (format documented in docs/compare.md)."""
    changes: list[WordChange] = []
    only_a: list[str] = []
    only_b: list[str] = []
    for op, i1, i2, j1, j2 in SequenceMatcher(None, words_a, words_b, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        changes.append(WordChange(op, " ".join(words_a[i1:i2]), " ".join(words_b[j1:j2])))
        only_a.extend(words_a[i1:i2])
        only_b.extend(words_b[j1:j2])
    return WordDiff(doc_a, doc_b, relation, tuple(only_a), tuple(only_b), tuple(changes), wording or relation)
