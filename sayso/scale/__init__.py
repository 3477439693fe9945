"""Running extraction on more than one core: local processes (``local``) and Dask (``batch``).

Nothing is imported here, so ``import sayso.scale.local`` never pulls in Dask.
"""
