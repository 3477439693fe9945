"""``sayso batch``: extract shards of articles on a Dask cluster (or local processes) into Parquet.

The unit of work is a *shard*: one JSON Lines or WARC file. Each shard becomes one task, run on a
Dask worker process; the worker reads the shard itself (input and output live on storage every
machine can see), extracts it with the pipeline cached in that process (``load_nlp`` is
``lru_cache``d, so a worker loads the model once and keeps it for every later shard) and writes
the shard's Parquet files plus a ``done`` marker (see ``sayso.shards``). Only a small dict
of counts travels back to the client, never the articles.

Resumable by construction: a shard whose marker exists and whose file has not changed since
(size and modification time) is skipped, so re-running an interrupted command finishes the job.
Workers must be processes with one thread each (``processes=True, threads_per_worker=1``): the
parser holds the GIL, and a per-process model cache is only "once per worker" with one worker
per process.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import os
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sayso.errors import EnvironmentProblem, NotFoundError, UsageError
from sayso.settings import DEFAULT_MAX_CHARS
from sayso.shards import MANIFEST, done_markers, shard_complete

#: How long to wait for a remote scheduler before giving up with a clear error.
CONNECT_TIMEOUT = "20s"
#: File types a shard can be (one article per line or per record).
SHARD_SUFFIXES: tuple[str, ...] = (".jsonl", ".jsonl.gz", ".warc", ".warc.gz")


@dataclass(frozen=True, slots=True)
class Shard:
    path: Path
    key: str
    size: int
    mtime_ns: int

    def info(self) -> dict[str, Any]:
        return {"path": str(self.path), "size": self.size, "mtime_ns": self.mtime_ns}


@dataclass
class BatchReport:
    """What a batch run did: shards done now, skipped as already done, failed; documents counted."""

    shards: int = 0
    skipped: int = 0
    done: int = 0
    failed_shards: dict[str, str] = field(default_factory=dict)
    articles: int = 0
    quotes: int = 0
    failed_docs: int = 0
    seconds: float = 0.0

    def add(self, marker: dict[str, Any]) -> None:
        self.done += 1
        self.articles += int(marker.get("articles", 0))
        self.quotes += int(marker.get("quotes", 0))
        self.failed_docs += int(marker.get("failed", 0))


def _is_shard(path: Path) -> bool:
    name = path.name.lower()
    return any(name.endswith(s) and len(name) > len(s) for s in SHARD_SUFFIXES)


def _walk(folder: Path) -> Iterator[Path]:
    for entry in sorted(folder.iterdir(), key=lambda p: p.name):
        if entry.name.startswith("."):
            continue
        if entry.is_dir():
            yield from _walk(entry)
        elif entry.is_file() and _is_shard(entry):
            yield entry


def find_shards(inputs: Iterable[str | Path], out: Path | None = None) -> list[Shard]:
    """The shard files named by ``inputs`` (files, or folders searched recursively), in order.

    A file named explicitly must be a shard type; a folder's other files are ignored, and so is
    the output directory if it sits inside an input folder.
    """
    seen: dict[Path, Shard] = {}
    skip = out.resolve() if out is not None else None
    for raw in inputs:
        path = Path(raw)
        if path.is_dir():
            files = [f for f in _walk(path) if skip is None or skip not in f.resolve().parents]
        elif path.is_file():
            if not _is_shard(path):
                raise UsageError(
                    f"not a shard: batch reads {', '.join(SHARD_SUFFIXES)} files", where=str(path)
                )
            files = [path]
        else:  # E106, as every command that reads articles says of a missing one
            raise NotFoundError("no such file or directory", where=str(path))
        for f in files:
            resolved = f.resolve()
            if resolved in seen:
                continue
            stat = resolved.stat()
            digest = hashlib.sha1(str(resolved).encode("utf-8")).hexdigest()[:10]
            stem = f.name.split(".")[0][:40] or "shard"
            seen[resolved] = Shard(resolved, f"{stem}-{digest}", stat.st_size, stat.st_mtime_ns)
    return list(seen.values())


def process_shard(
    path: str,
    out: str,
    key: str,
    info: dict[str, Any],
    max_chars: int,
    model: str | None,
    meta: dict[str, str | None] | None = None,
    title_from_first_line: bool = False,
) -> dict[str, Any]:
    """Run on a worker: read, extract and write one shard; returns its done marker (small).

    ``meta`` (outlet, title, published) fills what the shard's articles lack, as ``--outlet``,
    ``--title`` and ``--date`` do for ``sayso index`` (``sayso.ingest.metadata``); a plain dict
    so it travels to a Dask worker as is.
    """
    from sayso.ingest import read_file
    from sayso.ingest.metadata import Metadata, fill_metadata
    from sayso.pipeline import Extractor
    from sayso.shards import write_shard

    started = time.perf_counter()
    inputs: Iterable[Any] = read_file(Path(path), max_chars=max_chars)
    if meta or title_from_first_line:
        inputs = fill_metadata(inputs, Metadata(**(meta or {})), title_from_first_line=title_from_first_line)
    # The model is cached per process: loaded by the first shard a worker runs.
    results = list(Extractor(model=model, max_chars=max_chars).run(inputs))
    extra = {"seconds": round(time.perf_counter() - started, 3), "pid": os.getpid()}
    return write_shard(Path(out), key, results, {**info, **extra})


def _write_manifest(
    out: Path, shards: Sequence[Shard], markers: dict[str, dict[str, Any]], errors: dict[str, str]
) -> None:
    """The run's shards with their status and counts, rewritten atomically after every shard."""
    entries = []
    for s in shards:
        entry: dict[str, Any] = {"key": s.key, **s.info()}
        if s.key in markers:
            entry["status"] = "done"
            entry.update(
                {k: markers[s.key].get(k) for k in ("articles", "quotes", "speakers", "failed", "seconds")}
            )
        elif s.key in errors:
            entry.update(status="failed", error=errors[s.key])
        else:
            entry["status"] = "pending"
        entries.append(entry)
    manifest = {
        "format": "sayso-batch/1",
        "updated_at": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "tables": ["articles", "quotes", "speakers", "errors"],
        "shards": entries,
    }
    tmp = out / f".{MANIFEST}.part"
    tmp.write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    os.replace(tmp, out / MANIFEST)


def _finished(shard: Shard, marker: dict[str, Any] | None) -> bool:
    return (
        marker is not None and marker.get("size") == shard.size and marker.get("mtime_ns") == shard.mtime_ns
    )


Progress = Callable[[Shard, dict[str, Any] | None, str | None], None]


def run_batch(
    inputs: Sequence[str | Path],
    out: Path,
    *,
    dask: str | None = None,
    workers: int = 1,
    max_chars: int = DEFAULT_MAX_CHARS,
    model: str | None = None,
    on_start: Callable[[int, int], None] | None = None,
    on_shard: Progress | None = None,
    outlets: Sequence[str] = (),
    titles: Sequence[str] = (),
    dates: Sequence[str] = (),
    title_from_first_line: bool = False,
) -> BatchReport:
    """Process every unfinished shard of ``inputs`` into ``out``.

    ``outlets``, ``titles`` and ``dates`` fill metadata the articles lack, once for all inputs or
    once per input (file or folder of shards), as for ``sayso index``; they apply to the shards
    this run processes (finished shards are not redone for new metadata).

    ``dask`` is ``None`` (local processes, no Dask), ``"local"`` (a ``LocalCluster`` with
    ``workers`` single-threaded worker processes) or a scheduler address (``tcp://host:8786``).
    ``on_start(total, todo)`` is called once, ``on_shard(shard, marker, error)`` after each shard.
    A shard that fails as a whole (worker died, disk full) is recorded and the others go on.
    """
    if workers < 1:
        raise UsageError(f"--workers must be at least 1, not {workers}")
    started = time.perf_counter()
    out.mkdir(parents=True, exist_ok=True)
    (out / "articles").mkdir(exist_ok=True)
    from sayso.ingest.metadata import per_path

    metas = per_path(inputs, outlets=outlets, titles=titles, dates=dates)  # checked before any work
    shards = find_shards(inputs, out)
    if not shards:
        raise UsageError("no shards found: give .jsonl, .jsonl.gz, .warc or .warc.gz files or folders")
    meta_of: dict[str, dict[str, str | None]] = {}
    if outlets or titles or dates:
        for source, meta in zip(inputs, metas, strict=True):
            for shard in find_shards([source], out):
                meta_of.setdefault(shard.key, dataclasses.asdict(meta))
    markers = done_markers(out)
    # A marker whose tables are gone (deleted, moved) is no finished shard: it is done again.
    todo = [s for s in shards if not (_finished(s, markers.get(s.key)) and shard_complete(out, s.key))]
    report = BatchReport(shards=len(shards), skipped=len(shards) - len(todo))
    errors: dict[str, str] = {}
    _write_manifest(out, shards, markers, errors)
    if on_start:
        on_start(len(shards), len(todo))

    def finished(shard: Shard, marker: dict[str, Any] | None, error: str | None) -> None:
        if marker is not None:
            markers[shard.key] = marker
            report.add(marker)
        else:
            errors[shard.key] = error or "unknown error"
            report.failed_shards[str(shard.path)] = errors[shard.key]
        _write_manifest(out, shards, markers, errors)
        if on_shard:
            on_shard(shard, marker, error)

    if todo:
        args = _Args(str(out), max_chars, model, meta_of, title_from_first_line)
        try:
            if dask is None:
                _run_local(todo, args, workers, finished)
            else:
                _run_dask(todo, args, dask, workers, finished)
        except KeyboardInterrupt:
            # Shards a worker finished while the interrupt came are on disk with their markers:
            # the manifest says so, and the next run skips them.
            _write_manifest(out, shards, {**done_markers(out), **markers}, errors)
            raise
    report.seconds = time.perf_counter() - started
    return report


@dataclasses.dataclass(frozen=True)
class _Args:
    """What every shard's ``process_shard`` call shares, plus the metadata of each shard."""

    out: str
    max_chars: int
    model: str | None
    meta_of: dict[str, dict[str, str | None]]
    title_from_first_line: bool


def _call(shard: Shard, args: _Args) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """``process_shard``'s positional and keyword arguments for one shard (the metadata only
    when some was given, so a run without it calls ``process_shard`` exactly as before)."""
    extra: dict[str, Any] = {}
    if shard.key in args.meta_of:
        extra["meta"] = args.meta_of[shard.key]
    if args.title_from_first_line:
        extra["title_from_first_line"] = True
    return (str(shard.path), args.out, shard.key, shard.info(), args.max_chars, args.model), extra


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


def _run_local(
    todo: list[Shard],
    args: _Args,
    workers: int,
    finished: Progress,
) -> None:
    """Without Dask: this process for one worker, else a pool of spawned processes."""
    if workers == 1:
        for shard in todo:
            try:
                call, extra = _call(shard, args)
                marker = process_shard(*call, **extra)
            except Exception as exc:  # one broken shard must not stop the others
                finished(shard, None, _describe(exc))
            else:
                finished(shard, marker, None)
        return
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    # At most one shard per worker is handed to the pool at a time: on Ctrl-C only the running
    # shards finish. (Submitted all at once, every queued shard ran before the interrupt got out:
    # 26-84 s on ten shards; the pool's queue cannot be emptied from outside.)
    queue = iter(todo)
    running: dict[Future[dict[str, Any]], Shard] = {}
    with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn")) as pool:

        def submit_next() -> None:
            shard = next(queue, None)
            if shard is not None:
                call, extra = _call(shard, args)
                running[pool.submit(process_shard, *call, **extra)] = shard

        for _ in range(workers):
            submit_next()
        while running:
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                shard = running.pop(future)
                error = future.exception()
                finished(shard, None if error else future.result(), _describe(error) if error else None)
                submit_next()


def _run_dask(
    todo: list[Shard],
    args: _Args,
    dask: str,
    workers: int,
    finished: Progress,
) -> None:
    """On Dask: a LocalCluster of single-threaded worker processes, or an existing scheduler."""
    from distributed import Client, LocalCluster, as_completed

    cluster = None
    if dask == "local":
        cluster = LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
            silence_logs=logging.ERROR,  # the nanny's shutdown chatter is not the user's business
        )
        client = Client(cluster)
    else:
        try:
            client = Client(dask, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as exc:
            raise EnvironmentProblem(
                f"cannot connect to the Dask scheduler at {dask!r} within {CONNECT_TIMEOUT}: {exc}"
            ) from exc
    try:
        futures = {}
        for s in todo:
            call, extra = _call(s, args)
            future = client.submit(
                process_shard, *call, **extra, key=f"sayso-shard-{s.key}", pure=False, retries=1
            )
            futures[future] = s
        for future in as_completed(futures):
            shard = futures[future]
            if future.status == "finished":
                finished(shard, future.result(), None)
            else:
                error = future.exception()
                finished(shard, None, _describe(error) if error else future.status)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


__all__ = ["BatchReport", "Shard", "find_shards", "process_shard", "run_batch"]
