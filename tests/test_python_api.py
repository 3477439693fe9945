"""The Python API as a library user meets it: names that stay what they are, arguments checked
where they are given, and articles that must be told apart (eighteenth session: a new-user run
of the API found each of these; none needs the model)."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
from compare_helpers import make_article

import sayso
from sayso.errors import ConfigError, EmptyInputError, UsageError


@pytest.mark.parametrize(
    "first",
    ["", "sayso.group_stories", "import sayso.compare.stories", "sayso.compare"],
)
def test_sayso_compare_stays_callable_whatever_came_first(first: str) -> None:
    """Importing the package ``sayso.compare`` (lazily, for ``group_stories``, or by a user) bound
    the name to the package, over the function: a second ``sayso.compare(...)`` called a module."""
    code = f"""
import sayso
{first}
import sayso.compare.api
from sayso.model import Article
a, b = Article(doc="a", text="x"), Article(doc="b", text="y")
sayso.compare([a, b]); sayso.compare([a, b])
from sayso import compare
compare([a, b])
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.stdout.strip() == "ok", done.stderr


def test_compare_refuses_articles_it_cannot_tell_apart_and_things_that_are_no_articles() -> None:
    """Two articles of one doc id (``sayso.extract`` calls every article "text") were compared as
    one outlet: every quote single-source, the misattribution between them missed."""
    a = make_article(
        "text", "Ana Ruiz said: “The pier opens in May.”", [("The pier opens in May.", "Ana Ruiz")]
    )
    with pytest.raises(UsageError, match="doc id 'text' is given to 2 articles"):
        sayso.compare([a, a])
    with pytest.raises(ConfigError, match="not str"):
        sayso.compare(["a", "b"])  # type: ignore[list-item]
    with pytest.raises(ConfigError, match="not NoneType"):
        sayso.compare(None)  # type: ignore[arg-type]


def test_group_stories_refuses_two_articles_of_one_id() -> None:
    """The second and third were dropped without a word: three articles came back as one."""
    a = make_article("text", "The harbor pier opens in May after a long repair.", [])
    with pytest.raises(UsageError, match="given to 2 articles"):
        sayso.group_stories([a, a])


@pytest.mark.parametrize(
    "kwargs",
    [
        {"batch_size": 0},  # returned nothing for every input
        {"chunk_size": 0},
        {"workers": 0},
        {"workers": "2"},
        {"batch_size": -1},  # a raw ValueError from islice
        {"min_confidence": 5},  # every quote silently hidden
        {"min_confidence": float("nan")},
        {"max_chars": 0},
    ],
)
def test_extractor_arguments_are_checked_where_they_are_given(kwargs: dict[str, Any]) -> None:
    with pytest.raises(ConfigError, match=next(iter(kwargs))):
        sayso.Extractor(**kwargs)


def test_what_extract_and_run_take_is_checked_with_a_message_that_says_what_to_give() -> None:
    with pytest.raises(ConfigError, match="decode it first"):
        sayso.extract(b'"Hi," he said.')  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="not NoneType"):
        sayso.extract(None)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="doc= must be a non-empty id"):
        sayso.extract('"Hi," he said.', doc=None)  # type: ignore[arg-type]
    with pytest.raises(EmptyInputError):
        sayso.extract("  ")  # E102, as the CLI and the HTTP API say of an empty article
    with pytest.raises(ConfigError, match="ArticleInput values"):
        list(sayso.Extractor(nlp=object()).run(["text"]))  # type: ignore[list-item]


def test_extract_keeps_what_the_commands_show_when_asked() -> None:
    """``sayso.extract`` had no way to leave out what the commands hide by default (README)."""
    import inspect

    assert inspect.signature(sayso.extract).parameters["min_confidence"].default == 0.0
    with pytest.raises(ConfigError, match="min_confidence"):
        sayso.extract("Ana Ruiz said the pier opens.", min_confidence=3)
