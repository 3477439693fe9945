"""Running extraction across machines: ``batch`` runs one Dask task per shard.

Each task extracts its shard through the one door (``sayso.pipeline.Extractor``) and writes the
shard format of ``sayso.shards``; local process pools are the door's own business
(``Extractor(workers=N)``). Nothing is imported here, so ``import sayso.scale`` never pulls in Dask.
"""
