"""Pins what sayso registers, so a renamed component or command is a visible, reviewed change.

As spaCy does with its factory registry: the golden file says which components exist, what
they require and assign, and their default config (which registered functions supply the rules
and the cue lexicon); users' pipelines and configs refer to these names.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import typer
from spacy.language import Language
from typer.testing import CliRunner

import sayso.nlp.factories  # noqa: F401  (registers the components)
from sayso.cli import app

GOLDEN = Path(__file__).parent / "golden" / "components.json"


def _registry() -> dict[str, dict[str, object]]:
    out = {}
    for name in sorted(Language.factories):
        if name.startswith("sayso_"):
            meta = Language.get_factory_meta(name)
            out[name] = {
                "requires": sorted(meta.requires),
                "assigns": sorted(meta.assigns),
                "default_config": meta.default_config,
            }
    return out


def test_component_registry_matches_golden_file() -> None:
    assert _registry() == json.loads(GOLDEN.read_text(encoding="utf-8"))


def test_a_pipeline_without_parser_gets_a_clear_coded_error() -> None:
    """In someone's blank pipeline the component says what it needs instead of a spaCy E030."""
    import spacy

    nlp = spacy.blank("en")
    nlp.add_pipe("sayso_quotes", config={"on_error": "record"})
    with pytest.raises(ValueError, match=r"\[E901\].*parser"):
        nlp('"We start on Monday," the coach said.')
    assert nlp("")._.quotes == ()


def _commands() -> list[str]:
    return sorted(c.name for c in typer.main.get_command(app).commands.values())  # type: ignore[attr-defined]


def test_every_command_is_registered() -> None:
    assert _commands() == sorted(
        [
            "extract",
            "evaluate",
            "compare",
            "stories",
            "index",
            "search",
            "speakers",
            "show",
            "export",
            "batch",
            "serve",
        ]
    )


@pytest.mark.parametrize("command", _commands())
def test_every_command_help_gives_an_example(command: str) -> None:
    result = CliRunner().invoke(app, [command, "--help"])
    assert result.exit_code == 0
    assert "example" in result.output.lower()
    assert f"sayso {command}" in result.output


@pytest.mark.parametrize("command", _commands())
def test_every_command_is_documented(command: str) -> None:
    docs = "\n".join(
        p.read_text(encoding="utf-8") for p in (Path(__file__).parent.parent / "docs").glob("*.md")
    )
    assert f"sayso {command}" in docs


def test_version_flag(capsys: pytest.CaptureFixture[str]) -> None:
    import sayso
    from sayso.cli import main

    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"sayso {sayso.__version__}"


@pytest.mark.model
def test_docs_the_component_made_go_through_bytes_with_their_quotes(nlp: Any) -> None:
    """Eighteenth session: the stages kept their working values (quotation marks, raw
    attributions) and the frozen quotes in ``Doc.user_data``, which spaCy writes with msgpack:
    ``Doc.to_bytes``, ``DocBin`` and ``nlp.pipe(n_process=2)`` raised "can not serialize
    'MarkedQuote' object". The quotes and speakers now travel as plain dicts and come back."""
    from spacy.tokens import Doc, DocBin

    text = "The council met. “We will fix the bridge,” said Mayor Ann Pike. She added that it opens in May."
    doc = nlp(text)
    assert doc._.quotes and doc._.speakers
    back = Doc(doc.vocab).from_bytes(doc.to_bytes())
    assert [(q.content, q.speaker) for q in back._.quotes] == [(q.content, q.speaker) for q in doc._.quotes]
    assert [s.name for s in back._.speakers] == [s.name for s in doc._.speakers]
    assert back._.quotes[0].content_spans[0].text == doc._.quotes[0].content_spans[0].text
    bin_ = DocBin(store_user_data=True)
    bin_.add(doc)
    (again,) = DocBin().from_bytes(bin_.to_bytes()).get_docs(doc.vocab)
    assert [q.speaker for q in again._.quotes] == [q.speaker for q in doc._.quotes]
