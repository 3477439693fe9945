"""Directory walks that read each real directory once and never open FIFOs, sockets or devices.

Rules, and why:

* A directory is identified by ``(st_dev, st_ino)`` of what its path resolves to. A symbolic link
  to a directory already visited in this walk (a loop such as ``sub/up -> ..``, or a second name
  for the same directory) is skipped without a ``Failure``: nothing is missing, its files are
  read once under the first path the walk reached them by, and a loop can never multiply input.
  Symbolic links to directories not yet visited are followed (a corpus assembled from links is
  common). Each walk (each directory named on the command line) has its own record of visits.
* Only regular files are opened. A FIFO, socket or device with a suffix sayso reads is reported
  (E103, "not a regular file (FIFO)") because it looks like an article that will not be read;
  one with any other name is skipped like any other file sayso does not read.
* A broken symbolic link with a suffix sayso reads is reported (E106): an article is missing.
* Hidden entries (name starting with ``.``) are skipped, as before.

The walk is iterative, so a tree thousands of directories deep cannot exhaust Python's stack.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path

from sayso.errors import InputError, NotFoundError
from sayso.ingest.common import doc_id, failure, not_regular, suffix_of
from sayso.model import Failure


def walk(top: Path, top_stat: os.stat_result) -> Iterator[Path | Failure]:
    """Regular files sayso reads under ``top``, depth first, sorted by name at each level.

    ``top_stat`` is ``os.stat(top)``, which the caller already has. A subdirectory that cannot be
    listed becomes a ``Failure`` so that missing articles are never silent.
    """
    visited = {(top_stat.st_dev, top_stat.st_ino)}
    listing = _listing(top)
    if isinstance(listing, Failure):
        yield listing
        return
    stack = [iter(listing)]
    while stack:
        entry = next(stack[-1], None)
        if entry is None:
            stack.pop()
            continue
        if entry.name.startswith("."):
            continue
        readable = suffix_of(entry) is not None
        try:
            info = os.stat(entry)
        except (OSError, ValueError) as exc:
            if readable:
                yield stat_failure(entry, exc)
            continue
        if stat.S_ISDIR(info.st_mode):
            key = (info.st_dev, info.st_ino)
            if key in visited:
                continue  # a link back to a directory this walk has already read (see module doc)
            visited.add(key)
            listing = _listing(entry)
            if isinstance(listing, Failure):
                yield listing
            else:
                stack.append(iter(listing))
        elif stat.S_ISREG(info.st_mode):
            if readable:
                yield entry
        elif readable:
            yield failure(not_regular(info.st_mode, str(entry)), doc_id(entry))


def _listing(directory: Path) -> list[Path] | Failure:
    try:
        return sorted(directory.iterdir(), key=lambda p: p.name)
    except OSError as exc:
        err = InputError(f"cannot read directory: {exc.strerror or exc}", where=str(directory))
        return failure(err, directory.name)


def stat_failure(path: Path, exc: OSError | ValueError) -> Failure:
    """The ``Failure`` for a path ``os.stat`` refused: missing, a broken link, a link loop, no access."""
    where = str(path)
    if isinstance(exc, ValueError):  # e.g. an embedded NUL byte
        return failure(NotFoundError(f"not a usable path: {exc}", where=where), doc_id(path))
    if isinstance(exc, FileNotFoundError | NotADirectoryError):
        message = "broken symbolic link" if os.path.islink(path) else "no such file or directory"
        return failure(NotFoundError(message, where=where), doc_id(path))
    if exc.errno == errno.ELOOP:
        message = "symbolic link loop (too many levels of symbolic links)"
        return failure(NotFoundError(message, where=where), doc_id(path))
    return failure(InputError(f"cannot read: {exc.strerror or exc}", where=where), doc_id(path))


#: Formats whose one article takes its id from the file name.
_NAMED_BY_FILE = (".txt", ".html", ".htm")


def distinct_ids(paths: Iterable[str | Path]) -> dict[Path, str]:
    """Ids for the files of one run whose names alone would give two articles one id.

    ``guardian/story.txt`` and ``bbc/story.txt`` were both ``story``: ``compare`` put the two
    outlets in one column and every quote was ``single_source``, and ``index`` kept only the
    second. Each such file is named by as many of its last folders as make
    it distinct (``guardian/story``, ``bbc/story``); every other file keeps its plain name. One
    file reached twice (named twice, or through a link) is one article and keeps one id.
    """
    files: dict[Path, Path] = {}  # resolved -> as reached first
    for raw in paths:
        if str(raw) == "-":
            continue
        path = Path(raw)
        try:
            info = os.stat(path)
        except (OSError, ValueError):
            continue
        found = walk(path, info) if stat.S_ISDIR(info.st_mode) else iter((path,))
        for file in found:
            if isinstance(file, Path) and suffix_of(file) in _NAMED_BY_FILE:
                files.setdefault(file.resolve(), file)
    by_id: dict[str, list[tuple[Path, Path]]] = {}
    for real, given in files.items():
        by_id.setdefault(doc_id(given), []).append((real, given))
    out: dict[Path, str] = {}
    for ident, group in by_id.items():
        if len(group) < 2:
            continue
        folders = [real.parent.parts for real, _ in group]
        for (_, given), own in zip(group, folders, strict=True):
            others = [f for f in folders if f is not own]
            k = 1  # the fewest folders that tell this file from every other of its name
            while k < len(own) and any(f[-k:] == own[-k:] for f in others):
                k += 1
            out[given] = "/".join((*own[-k:], ident))
    return out
