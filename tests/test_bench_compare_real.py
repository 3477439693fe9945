"""``bench/compare_real.py`` without ``../shared``, and its mining and labelling on invented text."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from compare_helpers import make_article
from repo_scripts import load_script


def test_without_shared_data_it_says_so_and_exits_0(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["compare_real.py", "--shared", str(tmp_path / "absent")])
    assert load_script("bench/compare_real.py").main() == 0
    assert "not found" in capsys.readouterr().out


def test_plain_labelling() -> None:
    label = load_script("bench/compare_real.py").plain_label
    assert label("We will fix it \u2014 soon.", "We will fix it - soon.") == "verbatim"
    assert label("We will fix it, soon.", "we will fix it soon!") == "punctuation"
    assert label("We will fix the bridge by May.", "fix the bridge...") == "partial"
    assert label("We will fix the bridge by May.", "We will fix the road by May.") == "altered"


def test_shared_quotes_are_runs_of_six_words_in_marks() -> None:
    bench = load_script("bench/compare_real.py")
    a = make_article("a", 'Marsh said "we will fix the old bridge by May" today.', [], outlet="A")
    b = make_article(
        "b", 'She vowed: "We will fix the old bridge by May, whatever it costs."', [], outlet="B"
    )
    c = make_article(
        "c", "We will fix the old bridge by May, she said, without quotation marks.", [], outlet="C"
    )
    (s,) = bench.shared_quotes([a, b, c])
    assert (s.a.doc, s.b.doc) == ("a", "b")
    assert a.text[s.run_a[0] : s.run_a[1]] == "we will fix the old bridge by May"
