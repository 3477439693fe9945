"""The one door through which the language model runs.

Everything that turns text into quotes goes through an ``Extractor``: the CLI (``extract``,
``compare``, ``index``, ``evaluate``), the HTTP server, the database indexer (which is handed one
by its caller) and the Dask tasks of ``sayso batch``. It is the only code that loads the model,
the only code that calls ``nlp.pipe`` (``extractor.py``, in this process or on the process pool
of ``pool.py``), the one place where the size limit is enforced, and the one place where a
document the engine failed on, or a worker process that died, becomes a ``Failure``.
"""

from sayso.pipeline.extractor import Extractor, doc_to_article, extract, extract_many

__all__ = ["Extractor", "doc_to_article", "extract", "extract_many"]
