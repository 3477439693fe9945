"""The HTTP API and the web page (``sayso serve``).

Nothing is imported here so that ``import sayso`` never pulls in FastAPI; use
``sayso.web.app.create_app``.
"""
