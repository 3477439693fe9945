"""Read attribution gold standards in brat standoff format (the layout of PolNeAR).

A gold directory holds ``text/NAME.txt`` and ``attributions/NAME_ANNOTATOR.ann``. The reader is
deliberately tolerant: real annotation files contain annotator notes, bookkeeping spans
(``Discard``, ``Discuss``), events without a content, and in one PolNeAR file a span text that
runs onto the next line. None of that should stop an evaluation, so unknown or broken lines are
skipped and counted instead of raising; only a missing or empty directory is an error, because
then there is nothing to measure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from sayso.errors import GoldDirError
from sayso.model import Span
from sayso.quotes.glyphs import QUOTE_MARKS  # the ASCII ' and ` too: PolNeAR's NYT quotes ``like this''

#: What may sit between a quoted text and its closing mark ("We will win," he said).
_TRAILING_PUNCT = frozenset(",.;:!?…—–-")

_LINE = re.compile(r"^(?P<id>[TE]\d+)\t(?P<body>[^\t]*)(?:\t(?P<text>.*))?$")
_OTHER = re.compile(r"^(?:#|[RAMN*]\d*\t)")
_ANN_NAME = re.compile(r"^(?P<doc>.+)_(?P<annotator>[^_]+)\.ann$")


@dataclass(frozen=True, slots=True)
class GoldAttribution:
    """One annotated attribution: content (possibly several discontinuous pieces), cue and source.

    ``direct`` is derived from the text (content enclosed in quotation marks), because the
    annotation itself does not distinguish direct from indirect speech.
    """

    id: str
    content: tuple[Span, ...]
    cue: tuple[Span, ...] = ()
    source: tuple[Span, ...] = ()
    direct: bool = False


@dataclass(frozen=True, slots=True)
class GoldDoc:
    """A gold document: its text and attributions, plus what the reader had to skip."""

    doc: str
    text: str
    attributions: tuple[GoldAttribution, ...]
    annotation_file: str = ""
    skipped: tuple[str, ...] = ()


def read_text(path: Path) -> str:
    """The file's text exactly as the offsets count it: UTF-8, no newline translation."""
    return path.read_bytes().decode("utf-8", errors="replace")


def _parse_ranges(ranges: str) -> list[tuple[int, int]]:
    out = []
    for part in ranges.split(";"):
        start, end = part.split()
        out.append((int(start), int(end)))
    return out


def parse_ann(ann: str, text: str) -> tuple[list[GoldAttribution], list[str]]:
    """Parse one ``.ann`` file against its text: the attributions and the skipped lines.

    Only ``T`` (span) and ``E`` (event) lines matter; the trigger of an event
    (``Attribution`` / ``Attribution-no-source``) carries no offsets we score. Roles ending in
    digits (``Content2``, ``Source2``) add pieces to the same role. An event without content
    is skipped: there is nothing a quote extractor could be matched against.
    """
    spans: dict[str, tuple[str, list[tuple[int, int]]]] = {}
    events: list[tuple[str, list[tuple[str, str]]]] = []
    skipped: list[str] = []
    for lineno, line in enumerate(ann.splitlines(), 1):
        if not line.strip() or _OTHER.match(line):
            continue  # notes, relations, attributes, normalizations: nothing we score
        m = _LINE.match(line)
        if m is None:
            # A continuation of a multi-line span text, or something brat itself would reject.
            skipped.append(f"line {lineno}: not a span or event line")
            continue
        ident, body = m["id"], m["body"].strip()
        if ident.startswith("T"):
            label, _, ranges = body.partition(" ")
            try:
                spans[ident] = (label, _parse_ranges(ranges))
            except ValueError:
                skipped.append(f"line {lineno}: bad offsets {ranges!r}")
        else:
            args = [tuple(arg.split(":", 1)) for arg in body.split() if ":" in arg]
            events.append((ident, [(role, ref) for role, ref in args]))

    attributions = []
    for ident, args in events:
        roles: dict[str, list[Span]] = {"Content": [], "Cue": [], "Source": []}
        for role, ref in args:
            base = role.rstrip("0123456789")
            if base not in roles:
                continue  # the trigger (Attribution / Attribution-no-source) or an unknown role
            if ref not in spans:
                skipped.append(f"{ident}: {role} refers to missing span {ref}")
                continue
            for start, end in spans[ref][1]:
                if not 0 <= start <= end <= len(text):
                    skipped.append(f"{ident}: {role} {ref} offsets {start}-{end} outside the text")
                    continue
                roles[base].append(Span.of(text, start, end))
        if not roles["Content"]:
            skipped.append(f"{ident}: attribution without content")
            continue
        content = tuple(sorted(roles["Content"], key=lambda s: (s.start, s.end)))
        attributions.append(
            GoldAttribution(
                id=ident,
                content=content,
                cue=tuple(sorted(roles["Cue"], key=lambda s: s.start)),
                source=tuple(sorted(roles["Source"], key=lambda s: s.start)),
                direct=is_direct(text, content),
            )
        )
    attributions.sort(key=lambda a: (a.content[0].start, a.id))
    return attributions, skipped


def _opens(text: str, start: int, end: int) -> bool:
    """A quotation mark right before ``start`` (across whitespace) or as the first character."""
    i = start
    while i < end and text[i].isspace():
        i += 1
    if i < end and text[i] in QUOTE_MARKS:
        return True
    j = start - 1
    while j >= 0 and text[j].isspace():
        j -= 1
    return j >= 0 and text[j] in QUOTE_MARKS


def _closes(text: str, start: int, end: int) -> bool:
    """A closing mark as the last character or right after ``end``, past trailing punctuation."""
    i = end - 1
    while i >= start and (text[i].isspace() or text[i] in _TRAILING_PUNCT):
        i -= 1
    if i >= start and text[i] in QUOTE_MARKS:
        return True
    j = end
    while j < len(text) and (text[j].isspace() or text[j] in _TRAILING_PUNCT):
        j += 1
    return j < len(text) and text[j] in QUOTE_MARKS


def is_direct(text: str, content: Iterable[Span]) -> bool:
    """Whether a gold content is a direct quotation: enclosed in quotation marks.

    The first piece must open with a mark and the last piece must close with one, each either
    inside the span or right outside it. This covers split quotes ("A," she said, "B.") and the
    news convention for multi-paragraph quotes, where only the last paragraph closes; an
    indirect report with a short quoted phrase inside (that he would "fight") stays indirect.
    """
    pieces = sorted(content, key=lambda s: s.start)
    if not pieces:
        return False
    first, last = pieces[0], pieces[-1]
    return _opens(text, first.start, first.end) and _closes(text, last.start, last.end)


def find_documents(gold_dir: Path) -> list[tuple[str, Path, Path | None]]:
    """``(doc, text file, annotation file or None)`` for every text of a gold directory, by name.

    When several annotators annotated a document the first ``.ann`` in sorted order is used, so
    the choice is stable across machines.
    """
    if not gold_dir.is_dir():
        raise GoldDirError(f"gold directory {str(gold_dir)!r} does not exist or is not a directory")
    text_dir, ann_dir = gold_dir / "text", gold_dir / "attributions"
    for needed in (text_dir, ann_dir):
        if not needed.is_dir():
            raise GoldDirError(
                f"{str(gold_dir)!r} has no {needed.name}/ folder; expected text/NAME.txt and "
                "attributions/NAME_ANNOTATOR.ann (the layout of PolNeAR)"
            )
    texts = sorted(text_dir.glob("*.txt"))
    if not texts:
        raise GoldDirError(f"{str(text_dir)!r} holds no .txt files")
    names = {txt.stem for txt in texts}
    anns: dict[str, Path] = {}
    for ann in sorted(ann_dir.glob("*.ann")):
        m = _ANN_NAME.match(ann.name)
        # NAME.ann (one annotator, no suffix) or NAME_ANNOTATOR.ann; names may contain "_".
        name = ann.stem if ann.stem in names or m is None else m["doc"]
        anns.setdefault(name, ann)
    return [(txt.stem, txt, anns.get(txt.stem)) for txt in texts]


def read_gold(gold_dir: Path | str, *, limit: int | None = None) -> dict[str, GoldDoc]:
    """Every gold document of ``gold_dir`` by name (the text file's stem), in sorted order.

    A text without any annotation file counts as a document without attributions (a valid
    gold answer: no quotes), but is recorded in ``skipped`` so the omission is visible.
    ``limit`` keeps the first N documents, for quick iterations.
    """
    docs = find_documents(Path(gold_dir))
    if limit is not None:
        docs = docs[: max(limit, 0)]
    out: dict[str, GoldDoc] = {}
    for name, txt, ann in docs:
        text = read_text(txt)
        if ann is None:
            out[name] = GoldDoc(name, text, (), "", ("no annotation file",))
            continue
        attributions, skipped = parse_ann(read_text(ann), text)
        out[name] = GoldDoc(name, text, tuple(attributions), ann.name, tuple(skipped))
    return out
