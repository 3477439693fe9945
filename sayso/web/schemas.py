"""Request bodies of the HTTP API, as pydantic models.

Validation happens here, before any work starts, so a malformed request is refused with a 422
naming the field (see ``sayso.web.errors``). Unknown fields are refused too: a typo such as
``"txt"`` should not silently produce an empty article. Types are strict: ``{"doc": 5}`` or a
list for ``title`` is an error naming the field, never a value quietly turned into a string.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

from sayso.errors import EmptyInputError
from sayso.model import ArticleInput
from sayso.settings import DEFAULT_MAX_CHARS

Meta = Annotated[str | None, Field(default=None, max_length=2000)]


class ArticleIn(BaseModel):
    """One article: its plain ``text`` or its ``html`` (exactly one), and optional metadata."""

    model_config = ConfigDict(extra="forbid", strict=True, str_strip_whitespace=False)

    doc: Annotated[
        str | None,
        Field(default=None, min_length=1, max_length=500, description="Article id (generated if absent)."),
    ]
    text: str | None = Field(default=None, description="Plain text; quote offsets refer to it unchanged.")
    html: str | None = Field(default=None, description="An HTML page; its main text is extracted first.")
    title: Meta = None
    outlet: Meta = None
    published: Meta = None
    url: Meta = None

    @model_validator(mode="after")
    def _text_or_html(self) -> ArticleIn:
        if self.text is None and self.html is None:
            raise PydanticCustomError("missing", "either 'text' or 'html' is required", {"field": "text"})
        if self.text is not None and self.html is not None:
            raise PydanticCustomError("text_and_html", "give 'text' or 'html', not both", {"field": "html"})
        return self

    def metadata(self) -> dict[str, str | None]:
        return {"title": self.title, "outlet": self.outlet, "published": self.published, "url": self.url}


def to_input(item: ArticleIn, default_doc: str, *, max_chars: int = DEFAULT_MAX_CHARS) -> ArticleInput:
    """The library's ``ArticleInput`` for a request article.

    HTML goes through the same reader as ``sayso extract page.html`` (``sayso.ingest``), so the
    API and the CLI find the same text; metadata the client sent wins over what the page says.
    Empty or whitespace-only ``text`` or ``html`` is refused here as ``EmptyInputError`` (E102),
    as ``sayso extract`` refuses an empty file, so every endpoint answers it the same way and
    before the model is loaded.
    """
    doc = item.doc or default_doc
    if item.text is not None and not item.text.strip():
        raise EmptyInputError("empty 'text'" if not item.text else "'text' is only whitespace", where=doc)
    if item.html is not None and not item.html.strip():
        raise EmptyInputError("empty 'html'" if not item.html else "'html' is only whitespace", where=doc)
    if item.text is not None:
        return ArticleInput(
            doc=doc,
            text=item.text,
            title=item.title,
            outlet=item.outlet,
            published=item.published,
            url=item.url,
        )
    from sayso.ingest import html_article

    page = html_article(item.html or "", doc=doc, where=doc, url=item.url, max_chars=max_chars)
    return replace(
        page,
        title=item.title or page.title,
        outlet=item.outlet or page.outlet,
        published=item.published or page.published,
        url=item.url or page.url,
    )
