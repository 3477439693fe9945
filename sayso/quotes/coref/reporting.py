"""Who a pronoun that reports something is, given what it reports: not someone the words name.

Split from ``resolve.py``. "Brandt, she insists, would do so": the person the content names
before an interrupting cue, as its subject, is what is said about, not who says it. "Warren's
passion gave her hope, she said": a name inside reported speech, other than its subject, is no
antecedent of the "she" after it (QA helper, forty-first session: the senator took the words of
the voter who praised her, and the voter's next "she added").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from sayso.quotes.coref.entities import Resolution
from sayso.quotes.coref.lexicon import Gender, gender_of_pronoun
from sayso.quotes.coref.salience import subjectless_clause

if TYPE_CHECKING:
    from spacy.tokens import Token

    from sayso.quotes.coref.resolve import Resolver


def reporter(
    r: Resolver, res: Resolution, start: int, end: int, content: Sequence[tuple[int, int]]
) -> Resolution:
    """``res`` (who the source ``text[start:end]`` is), unless the source is a pronoun and the
    content names that person: then the most salient other one."""
    if res.entity is None or not any(b <= start for _, b in content):
        return res
    trailing = content[-1][1] <= start  # "..., she said."
    if not trailing and not any(a >= end for a, _ in content):
        return res
    span = r.view.doc.char_span(start, end, alignment_mode="expand")
    gender = gender_of_pronoun(span.root.lower_) if span is not None else None
    if span is None or gender is None:
        return res
    if trailing:
        return _not_in_content(r, res, span.root, gender, content)
    return _not_its_subject(r, res, span.root, gender, start, content)


def _not_its_subject(
    r: Resolver,
    res: Resolution,
    pronoun: Token,
    gender: Gender,
    start: int,
    content: Sequence[tuple[int, int]],
) -> Resolution:
    """A cue inside its content: the subject the content names before the cue is not who says it."""
    doc = r.view.doc
    about = set()
    for a, b in content:
        if b > start:
            break
        for t in doc.char_span(a, b, alignment_mode="expand") or ():
            m = r.index.name_at.get(t.i)
            if m is not None and doc[m.tok].dep_ in ("nsubj", "nsubjpass"):
                about.add(m.entity)
    if res.entity not in about:
        return res
    return r.salient_person(pronoun.i, gender, window=r.rules.pronoun_window, exclude=tuple(about))


def _not_in_content(
    r: Resolver, res: Resolution, pronoun: Token, gender: Gender, content: Sequence[tuple[int, int]]
) -> Resolution:
    """A "he said" after reported speech: the names inside it other than subjects are skipped
    ("his goal is to beat Saccone, he said" is not Saccone's). A direct quote's words are no
    antecedents anyway ('“... it's going to equal Trump,” he said' is Trump's)."""
    if r.view.in_zone(content[0][0]):
        return res
    doc = r.view.doc
    named = [
        m
        for a, b in content
        for t in doc.char_span(a, b, alignment_mode="expand") or ()
        if (m := r.index.name_at.get(t.i)) is not None and not _a_subject(doc[m.tok])
    ]
    if all(m.entity is not res.entity for m in named):
        return res  # (its words named nobody the pronoun went to)
    skip = frozenset(m.tok for m in named) | subjectless_clause(pronoun)
    other = r.salient_person(pronoun.i, gender, window=r.rules.pronoun_window, exclude=(), skip=skip)
    if pronoun.i in r.resolved:
        r.resolved[pronoun.i] = other  # the next "she added" goes on from whom this is
    return other


def _a_subject(tok: Token) -> bool:
    """A name that is a subject in what is reported: "Mitchell bought the tools, she said" and
    "Spencer was stopped at the border, he said" are the speakers paraphrased, as is a subject a
    content too long took in ("spokesman Terry Cunha reiterated that ..., he said")."""
    while tok.dep_ in ("compound", "appos", "flat") and tok.head is not tok:
        tok = tok.head
    return tok.dep_ in ("nsubj", "nsubjpass", "attr")  # ("Her accused killer is X, ..., he said")
