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

from sayso.errors import EnvironmentProblem, UsageError
from sayso.settings import DEFAULT_MAX_CHARS
from sayso.shards import MANIFEST, done_markers

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
        else:
            raise UsageError("no such file or directory", where=str(path))
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
    path: str, out: str, key: str, info: dict[str, Any], max_chars: int, model: str | None
) -> dict[str, Any]:
    """Run on a worker: read, extract and write one shard; returns its done marker (small)."""
    from sayso.ingest import read_file
    from sayso.pipeline import Extractor
    from sayso.shards import write_shard

    started = time.perf_counter()
    # The model is cached per process: loaded by the first shard a worker runs.
    results = list(
        Extractor(model=model, max_chars=max_chars).run(read_file(Path(path), max_chars=max_chars))
    )
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
) -> BatchReport:
    """Process every unfinished shard of ``inputs`` into ``out``.

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
    shards = find_shards(inputs, out)
    if not shards:
        raise UsageError("no shards found: give .jsonl, .jsonl.gz, .warc or .warc.gz files or folders")
    markers = done_markers(out)
    todo = [s for s in shards if not _finished(s, markers.get(s.key))]
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
        args = (str(out), max_chars, model)
        if dask is None:
            _run_local(todo, args, workers, finished)
        else:
            _run_dask(todo, args, dask, workers, finished)
    report.seconds = time.perf_counter() - started
    return report


def _call(
    shard: Shard, args: tuple[str, int, str | None]
) -> tuple[str, str, str, dict[str, Any], int, str | None]:
    out, max_chars, model = args
    return (str(shard.path), out, shard.key, shard.info(), max_chars, model)


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


def _run_local(
    todo: list[Shard],
    args: tuple[str, int, str | None],
    workers: int,
    finished: Progress,
) -> None:
    """Without Dask: this process for one worker, else a pool of spawned processes."""
    if workers == 1:
        for shard in todo:
            try:
                marker = process_shard(*_call(shard, args))
            except Exception as exc:  # one broken shard must not stop the others
                finished(shard, None, _describe(exc))
            else:
                finished(shard, marker, None)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn")) as pool:
        futures: dict[Future[dict[str, Any]], Shard] = {
            pool.submit(process_shard, *_call(s, args)): s for s in todo
        }
        for future in as_completed(futures):
            error = future.exception()
            finished(futures[future], None if error else future.result(), _describe(error) if error else None)


def _run_dask(
    todo: list[Shard],
    args: tuple[str, int, str | None],
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
        futures = {
            client.submit(
                process_shard, *_call(s, args), key=f"sayso-shard-{s.key}", pure=False, retries=1
            ): s
            for s in todo
        }
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
