"""The evaluation gate: quote accuracy may not fall below the floors pinned in tests/gold/floors.json.

Like trafilatura's ``tests/eval_gate.py``: the gold corpus is hashed so floors are only ever
compared with scores on the corpus they were pinned on, and ``scripts/pin_floors.py`` refuses
to lower a floor unless told to. The model-backed gates run sayso on our own gold set (always)
and on PolNeAR dev (only where ../shared/polnear/dev exists).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from repo_scripts import load_script

from sayso.evaluate import read_gold
from sayso.evaluate.gate import corpus_hash, floors_from, gate_metrics, load_gates, lowered, violations

ROOT = Path(__file__).resolve().parent.parent
GOLD = ROOT / "tests" / "gold"
FLOORS = GOLD / "floors.json"
RE_PIN = "re-pin with: .venv/bin/python scripts/pin_floors.py"


# --- the gold set itself (no model) ----------------------------------------------------------
def test_gold_files_are_generated_from_the_markup() -> None:
    build_gold = load_script("scripts/build_gold.py")
    for path, content in build_gold.expected_files().items():
        assert path.read_bytes().decode("utf-8") == content, (
            f"{path.name} is stale; run scripts/build_gold.py"
        )


def test_gold_span_texts_match_their_offsets() -> None:
    """Every T line's text is exactly the text at its offsets (pieces joined by a space)."""
    for ann in sorted((GOLD / "attributions").glob("*.ann")):
        text = (GOLD / "text" / (ann.stem.rsplit("_", 1)[0] + ".txt")).read_bytes().decode("utf-8")
        for line in ann.read_text(encoding="utf-8").splitlines():
            if not line.startswith("T"):
                continue
            _, spec, covered = line.split("\t")
            pieces = [tuple(map(int, part.split())) for part in spec.split(" ", 1)[1].split(";")]
            assert " ".join(text[a:b] for a, b in pieces) == covered, f"{ann.name}: {line}"


def test_gold_set_covers_what_it_should() -> None:
    gold = read_gold(GOLD)
    attributions = [a for g in gold.values() for a in g.attributions]
    assert len(gold) >= 10 and all(not g.skipped for g in gold.values())
    direct = [a for a in attributions if a.direct]
    assert 20 <= len(direct) <= len(attributions) - 20  # both kinds, in numbers
    assert any(len(a.content) > 1 for a in direct)  # split and multi-paragraph quotes
    assert any(not a.source for a in attributions)  # passive "is expected", "it is feared"
    marks = {g.text[a.content[0].start] for g in gold.values() for a in g.attributions if a.direct}
    assert {'"', "“", "‘", "«", "„", "'"} <= marks


def test_floors_were_pinned_on_this_gold_set() -> None:
    gate = load_gates(FLOORS)["sayso-gold"]
    assert gate.path == "tests/gold"
    assert gate.sha256 == corpus_hash(GOLD), f"tests/gold changed since the floors were pinned; {RE_PIN}"


# --- gate helpers (no model) -------------------------------------------------------------------
def test_violations_and_floors() -> None:
    assert violations({"a": 0.5, "b": 0.9}, {"a": 0.5, "b": 0.91}) == ["b: 0.9000 < floor 0.910"]
    assert violations({}, {"a": 0.1}) == ["a: not measured (floor 0.100)"]
    assert floors_from({"a": 0.8567, "b": 0.004}) == {"a": 0.846, "b": 0.0}
    assert lowered({"a": 0.5, "b": 0.5}, {"a": 0.4, "b": 0.6}) == ["a: 0.500 -> 0.400"]


def test_hash_changes_when_an_annotation_changes(tmp_path: Path) -> None:
    for sub in ("text", "attributions"):
        (tmp_path / sub).mkdir()
    (tmp_path / "text" / "a.txt").write_text("x", encoding="utf-8")
    (tmp_path / "attributions" / "a_z.ann").write_text("", encoding="utf-8")
    before = corpus_hash(tmp_path)
    (tmp_path / "attributions" / "a_z.ann").write_text("T1\tContent 0 1\tx\n", encoding="utf-8")
    assert corpus_hash(tmp_path) != before


def test_pin_floors_refuses_to_lower_without_flag(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pin = load_script("scripts/pin_floors.py")
    floors = tmp_path / "floors.json"
    pinned = {"content_overlap_f1": 0.8}
    body = {"gates": {"sayso-gold": {"path": "tests/gold", "sha256": "old", "floors": pinned}}}
    floors.write_text(json.dumps(body), encoding="utf-8")
    monkeypatch.setattr(pin, "FLOORS", floors)
    monkeypatch.setattr(pin, "DEFAULT_GATES", {"sayso-gold": "tests/gold"})

    def fake_metrics(value: float) -> Any:
        return lambda *args, **kwargs: {"content_overlap_f1": value}

    monkeypatch.setattr(pin, "gate_metrics", fake_metrics(0.5))
    assert pin.main([]) == 1
    assert "refusing to lower" in capsys.readouterr().err
    assert load_gates(floors)["sayso-gold"].floors == pinned

    assert pin.main(["--allow-lower"]) == 0
    assert load_gates(floors)["sayso-gold"].floors == {"content_overlap_f1": 0.49}

    monkeypatch.setattr(pin, "gate_metrics", fake_metrics(0.9))
    assert pin.main([]) == 0
    gate = load_gates(floors)["sayso-gold"]
    assert gate.floors == {"content_overlap_f1": 0.89}
    assert gate.sha256 == corpus_hash(GOLD)


# --- the gates (model) ---------------------------------------------------------------------------
def run_gate(name: str, nlp: Any) -> None:
    gates = load_gates(FLOORS)
    if name not in gates:
        pytest.fail(f"no floors for {name!r} in {FLOORS.name}; {RE_PIN}")
    gate = gates[name]
    gold_dir = (ROOT / gate.path).resolve()
    if not gold_dir.is_dir():
        pytest.skip(f"{gate.path} not present on this machine: the {name} gate needs it")
    if corpus_hash(gold_dir) != gate.sha256:
        pytest.fail(f"{gate.path} differs from the corpus the floors were pinned on; {RE_PIN}")
    problems = violations(gate_metrics(gold_dir, nlp), gate.floors)
    assert not problems, f"{name}: quote accuracy fell below its floors:\n" + "\n".join(problems)


@pytest.mark.model
def test_gate_sayso_gold(nlp: Any) -> None:
    run_gate("sayso-gold", nlp)


@pytest.mark.model
@pytest.mark.slow
def test_gate_polnear_dev(nlp: Any) -> None:
    run_gate("polnear-dev", nlp)
