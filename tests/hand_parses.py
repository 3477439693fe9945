"""Parses written by hand, one token per line, for rules the model triggers only on some sentences.

A frozen parse (``frozen_parses.py``) pins what the model made of an invented sentence; some
misparses ("saying" made the subject of a verb inside its quote, "the" split off "then–senator")
the model makes for a few real sentences and no invented one, so the test writes the parse out.
Each line is ``word head dep pos [tag]`` with ``head`` the index of the head token (a root is its
own head); tokens are joined by single spaces.
"""

from __future__ import annotations

import spacy
from spacy.tokens import Doc


def hand_parse(lines: str) -> Doc:
    """The ``Doc`` the lines describe (see the module docstring)."""
    rows = [line.split() for line in lines.strip().splitlines()]
    doc = Doc(
        spacy.blank("en").vocab,
        words=[r[0] for r in rows],
        heads=[int(r[1]) for r in rows],
        deps=[r[2] for r in rows],
        pos=[r[3] for r in rows],
    )
    for tok, row in zip(doc, rows, strict=True):
        if len(row) > 4:
            tok.tag_ = row[4]
    return doc
