"""``bench/compare_check.py``: the hand check of shared quotes, on invented articles and verdicts."""

from __future__ import annotations

from pathlib import Path

import pytest
from compare_helpers import make_article
from repo_scripts import load_script


def test_without_shared_data_it_says_so_and_exits_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bench = load_script("bench/compare_check.py")
    assert bench.main(["--shared", str(tmp_path / "absent")]) == 0
    assert "not found" in capsys.readouterr().out


def _story() -> list[object]:
    a = make_article(
        "a",
        'Marsh said "we will fix the old bridge by May, whatever it costs." Then she left.',
        [("we will fix the old bridge by May, whatever it costs.", "Elena Marsh")],
        outlet="A",
    )
    b = make_article(
        "b",
        'Elena Marsh vowed: "We will fix the old bridge by May." The council agreed.',
        [("We will fix the old bridge by May.", "Elena Marsh")],
        outlet="B",
    )
    return [a, b]


def test_verdicts_are_compared_with_what_sayso_made_of_each_shared_quote(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bench = load_script("bench/compare_check.py")
    (found,) = bench.outcomes("test", _story())
    assert found.paired and found.relation == "partial"
    assert (found.speaker_a, found.speaker_b, found.flagged) == ("Elena Marsh", "Elena Marsh", False)
    labels = tmp_path / "checked.tsv"
    row = [*map(str, found.key), "partial", "same", "ok", "ok", "", found.seen]
    labels.write_text("\t".join(row) + "\n", encoding="utf-8")
    bench.report([found], bench.read_verdicts(labels))
    out = capsys.readouterr().out
    assert "relation agreement with the readers: sayso 1/1" in out
    assert "speakers shown for paired sides: ok 2/2" in out
    assert "flagged misattributed 0" in out


def test_a_verdict_with_an_unknown_value_is_refused(tmp_path: Path) -> None:
    bench = load_script("bench/compare_check.py")
    labels = tmp_path / "checked.tsv"
    labels.write_text("a\t1\t5\tb\t1\t5\tmaybe\tsame\tok\tok\t\tx\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="expected"):
        bench.read_verdicts(labels)


def test_the_sample_does_not_depend_on_input_order() -> None:
    bench = load_script("bench/compare_check.py")
    a = make_article(
        "a",
        'Marsh said "we will fix the old bridge by May, whatever it costs." Later: "the ferry '
        'will run every hour until the work is done."',
        [],
        outlet="A",
    )
    b = make_article(
        "b",
        'Marsh vowed: "We will fix the old bridge by May." She added: "The ferry will run every '
        'hour until the work is done."',
        [],
        outlet="B",
    )
    found = bench.outcomes("test", [a, b])
    assert len(found) == 2 and not any(o.paired for o in found)  # no quotes extracted: nothing paired
    assert bench.sample(found, 1, 0) == bench.sample(list(reversed(found)), 1, 0)
    assert bench.sample(found, 1, 0) != bench.sample(found, 1, 1) or bench.sample(
        found, 1, 0
    ) != bench.sample(found, 1, 2)  # the seed moves the sample
