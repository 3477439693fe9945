"""Hostile and broken requests to the HTTP API: each gets the documented error, never a bare 400.

None of these needs the model: bodies are refused while they are parsed or validated, and empty
articles are refused before the pipeline would be loaded.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from sayso.web.app import PAGE_CSP, create_app
from sayso.web.settings import WebSettings

JSON = {"content-type": "application/json"}
TEMPLATES = Path(__file__).resolve().parent.parent / "sayso" / "web" / "templates"


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    import sayso.nlp

    def no_model(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("these requests must be answered without loading the model")

    monkeypatch.setattr(sayso.nlp, "load_nlp", no_model)
    app = create_app(WebSettings(db=str(tmp_path / "api.db")))
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


def assert_error(response: Any, status: int, code: str, field: str | None = None) -> str:
    """The documented error shape; returns the message."""
    assert response.status_code == status, response.text
    err = response.json()["error"]
    assert err["code"] == code, err
    assert "Traceback" not in response.text and "There was an error parsing the body" not in response.text
    if field is not None:
        assert err.get("field") == field, err
    return str(err["message"])


# --- bodies that are not JSON FastAPI can parse -----------------------------------------------------


@pytest.mark.parametrize("path", ["/api/extract", "/api/compare", "/api/articles"])
def test_invalid_utf8_body_is_422_e210(client: TestClient, path: str) -> None:
    body = b'{"text": "The mayor said caf\xe9 owners \xff cheered."}'
    message = assert_error(client.post(path, content=body, headers=JSON), 422, "E210", "body")
    assert "not valid UTF-8" in message


@pytest.mark.parametrize("path", ["/api/extract", "/api/compare", "/api/articles"])
def test_deeply_nested_body_is_422_e210(client: TestClient, path: str) -> None:
    depth = 100_000  # 200 kB, under the body limit, far over the JSON parser's recursion limit
    body = b"[" * depth + b"]" * depth
    message = assert_error(client.post(path, content=body, headers=JSON), 422, "E210", "body")
    assert "nested too deeply" in message


def test_nested_value_inside_an_article_is_422_e210(client: TestClient) -> None:
    body = b'{"text": ' + b"[" * 5_000 + b"]" * 5_000 + b"}"
    assert "nested too deeply" in assert_error(
        client.post("/api/extract", content=body, headers=JSON), 422, "E210", "body"
    )


# --- empty articles: E102, as from the CLI -----------------------------------------------------------


@pytest.mark.parametrize(
    "article",
    [{"text": "   "}, {"text": ""}, {"text": "\n\t \r\n"}, {"html": "  \n "}, {"html": ""}],
)
def test_empty_article_is_e102_like_the_cli(client: TestClient, article: dict[str, str]) -> None:
    message = assert_error(client.post("/api/extract", json=article), 400, "E102")
    assert "article-1" in message


def test_empty_article_is_e102_on_every_endpoint(client: TestClient) -> None:
    good = {"doc": "ok", "text": "The harbour master said the pier reopens."}
    assert "blank" in assert_error(
        client.post("/api/compare", json=[good, {"doc": "blank", "text": " "}]), 400, "E102"
    )
    assert "blank" in assert_error(
        client.post("/api/articles", json=[good, {"doc": "blank", "text": " "}]), 400, "E102"
    )
    assert_error(client.post("/api/articles", json={"text": "\n"}), 400, "E102")


# --- wrong types: strict fields -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("article", "field"),
    [
        ({"doc": {"id": "x"}, "text": "The pier reopens."}, "doc"),
        ({"doc": 17, "text": "The pier reopens."}, "doc"),
        ({"doc": ["x"], "text": "The pier reopens."}, "doc"),
        ({"text": {"body": "The pier reopens."}}, "text"),
        ({"text": True}, "text"),
        ({"html": 3.5}, "html"),
        ({"text": "The pier reopens.", "published": 20240501}, "published"),
        ({"text": "The pier reopens.", "outlet": {"name": "Gazette"}}, "outlet"),
    ],
)
def test_wrong_types_are_422_naming_the_field(
    client: TestClient, article: dict[str, Any], field: str
) -> None:
    message = assert_error(client.post("/api/extract", json=article), 422, "E210", field)
    assert f"'{field}'" in message
    assert_error(client.post("/api/articles", json=[article]), 422, "E210", f"0.{field}")


def test_article_fields_are_strict_for_python_callers_too() -> None:
    """Over HTTP every value comes from JSON; a Python caller validating its own dicts gets the
    same rule instead of lax conversions (bytes decoded into ``text``)."""
    from pydantic import ValidationError

    from sayso.web.schemas import ArticleIn

    with pytest.raises(ValidationError, match="text"):
        ArticleIn.model_validate({"text": b"The pier reopens."})
    with pytest.raises(ValidationError, match="doc"):
        ArticleIn.model_validate({"doc": bytearray(b"x"), "text": "The pier reopens."})


# --- the pages' Content-Security-Policy header -------------------------------------------------------


def _directives(policy: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for directive in policy.split(";"):
        name, _, value = directive.strip().partition(" ")
        if name:
            out[name] = value.strip()
    return out


@pytest.mark.parametrize(
    "path", ["/", "/docs", "/search?q=%3Cscript%3E", "/articles/x", "/stories/x", "/speakers/x"]
)
def test_pages_send_a_csp_header_matching_the_meta_tag(client: TestClient, path: str) -> None:
    page = client.get(path)
    assert page.status_code == 200
    header = page.headers["content-security-policy"]
    meta = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page.text)
    assert meta is not None
    sent, tagged = _directives(header), _directives(meta.group(1))
    # Every directive of the tag, unchanged, plus framing, which only a header can forbid.
    assert {k: v for k, v in sent.items() if k != "frame-ancestors"} == tagged
    assert sent["frame-ancestors"] == "'none'" and sent["script-src"] == "'self'"
    assert header == PAGE_CSP
