"""Write brat gold annotations from inline markup, so a gold set is annotated by reading, not counting.

Offsets typed by hand go wrong; offsets computed from marked-up text cannot. In the markup an
attribution ``N`` is written around the words themselves::

    ⟦C1 "We will win,"⟧ ⟦S1 the mayor⟧ ⟦V1 said⟧.

``S`` marks the source, ``V`` the cue (verb, "according to", a colon, a dash) and ``C`` the
content; writing ``C1`` twice gives a discontinuous content (split and multi-paragraph quotes).
Marks nest, so a content may contain another attribution, and one phrase may be the source of
two attributions (``⟦S2 ⟦S3 she⟧⟧``). An attribution without ``S`` is written as brat's
``Attribution-no-source``. ``⟦`` and ``⟧`` never occur in news text, which keeps the markup
unambiguous.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from sayso.errors import MalformedInputError

OPEN, CLOSE = "⟦", "⟧"
_TAG = re.compile(r"([SVC])(\w+) ")
_ROLES = {"S": "Source", "V": "Cue", "C": "Content"}


@dataclass
class _Attribution:
    pieces: dict[str, list[tuple[int, int]]] = field(default_factory=dict)


def parse_markup(
    markup: str, *, where: str = "markup"
) -> tuple[str, dict[str, dict[str, list[tuple[int, int]]]]]:
    """The plain text and, per attribution id, each role's ``(start, end)`` pieces in order."""
    out: list[str] = []
    pos = 0
    stack: list[tuple[str, str, int]] = []
    found: dict[str, _Attribution] = {}
    i = 0
    while i < len(markup):
        ch = markup[i]
        if ch == OPEN:
            m = _TAG.match(markup, i + 1)
            if m is None:
                raise MalformedInputError(f"expected S/V/C and an id after {OPEN} at {i}", where=where)
            stack.append((m[1], m[2], pos))
            i = m.end()
            continue
        if ch == CLOSE:
            if not stack:
                raise MalformedInputError(f"{CLOSE} without {OPEN} at {i}", where=where)
            role, ident, start = stack.pop()
            found.setdefault(ident, _Attribution()).pieces.setdefault(role, []).append((start, pos))
            i += 1
            continue
        out.append(ch)
        pos += 1
        i += 1
    if stack:
        raise MalformedInputError(f"{len(stack)} unclosed {OPEN}", where=where)
    return "".join(out), {ident: a.pieces for ident, a in found.items()}


def markup_to_brat(markup: str, *, where: str = "markup") -> tuple[str, str]:
    """The plain text and its ``.ann`` file (T and E lines, PolNeAR conventions)."""
    text, attributions = parse_markup(markup, where=where)
    lines: list[str] = []
    t = 0

    def span(label: str, pieces: list[tuple[int, int]]) -> str:
        nonlocal t
        t += 1
        ranges = ";".join(f"{a} {b}" for a, b in pieces)
        lines.append(f"T{t}\t{label} {ranges}\t{' '.join(text[a:b] for a, b in pieces)}")
        return f"T{t}"

    ordered = sorted(attributions.items(), key=lambda kv: min(p[0] for ps in kv[1].values() for p in ps))
    for e, (ident, roles) in enumerate(ordered, 1):
        if "C" not in roles:
            raise MalformedInputError(f"attribution {ident} has no content (C{ident})", where=where)
        args = []
        for role in ("S", "V", "C"):
            if role in roles:
                args.append(f"{_ROLES[role]}:{span(_ROLES[role], sorted(roles[role]))}")
        trigger_label = "Attribution" if "S" in roles else "Attribution-no-source"
        trigger = span(trigger_label, sorted(roles.get("V") or roles["C"])[:1])
        lines.append(f"E{e}\t{trigger_label}:{trigger} " + " ".join(args))
    return text, "\n".join(lines) + "\n"
