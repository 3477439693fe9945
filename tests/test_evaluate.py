"""The brat reader and the scorer, on small gold sets written here (no spaCy model needed)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sayso.errors import GoldDirError, MalformedInputError
from sayso.evaluate import PredQuote, is_direct, read_gold, read_predictions, score
from sayso.evaluate.brat import parse_ann
from sayso.model import Article, Quote, Span

TEXT = (
    'Mayor Ana Ruiz said the budget was balanced. "We kept every promise," Ruiz told reporters, '
    '"and we will keep the next ones."\n\n'
    'According to a city official, the vote is set for Tuesday. The so-called "miracle" surprised no one.'
)


def at(needle: str, text: str = TEXT) -> tuple[int, int]:
    start = text.index(needle)
    return start, start + len(needle)


def ann_line(tid: str, label: str, pieces: list[tuple[int, int]], text: str = TEXT) -> str:
    ranges = ";".join(f"{a} {b}" for a, b in pieces)
    return f"{tid}\t{label} {ranges}\t{' '.join(text[a:b] for a, b in pieces)}"


def gold_ann() -> str:
    """Three attributions: indirect with source, split direct quote, "according to" indirect."""
    lines = [
        ann_line("T1", "Source", [at("Mayor Ana Ruiz")]),
        ann_line("T2", "Cue", [at("said")]),
        ann_line("T3", "Content", [at("the budget was balanced")]),
        ann_line("T4", "Attribution", [at("said")]),
        "E1\tAttribution:T4 Content:T3 Cue:T2 Source:T1",
        ann_line("T5", "Content", [at("We kept every promise,"), at("and we will keep the next ones.")]),
        ann_line("T6", "Source", [(at("Ruiz told")[0], at("Ruiz told")[0] + len("Ruiz"))]),
        ann_line("T7", "Cue", [at("told")]),
        ann_line("T8", "Attribution", [at("told")]),
        "E2\tAttribution:T8 Content:T5 Cue:T7 Source:T6",
        ann_line("T9", "Source", [at("a city official")]),
        ann_line("T10", "Cue", [at("According to")]),
        ann_line("T11", "Content", [at("the vote is set for Tuesday")]),
        ann_line("T12", "Attribution", [at("According to")]),
        "E3\tAttribution:T12 Source:T9 Cue:T10 Content:T11",
        ann_line("T13", "Discard", [at("miracle")]),
        "#1\tAnnotatorNotes T13\tscare quote, not speech",
    ]
    return "\n".join(lines) + "\n"


def make_gold(tmp_path: Path, ann: str | None = None, text: str = TEXT, name: str = "city") -> Path:
    (tmp_path / "text").mkdir(parents=True, exist_ok=True)
    (tmp_path / "attributions").mkdir(exist_ok=True)
    (tmp_path / "text" / f"{name}.txt").write_bytes(text.encode("utf-8"))
    (tmp_path / "attributions" / f"{name}_ab12.ann").write_text(ann or gold_ann(), encoding="utf-8")
    return tmp_path


def perfect_predictions(gold_dir: Path) -> dict[str, list[PredQuote]]:
    gold = read_gold(gold_dir)
    return {
        name: [
            PredQuote(
                tuple((s.start, s.end) for s in a.content),
                (a.source[0].start, a.source[0].end) if a.source else None,
            )
            for a in g.attributions
        ]
        for name, g in gold.items()
    }


# --- reader ------------------------------------------------------------------------------------
def test_read_gold_parses_events_discontinuous_spans_and_ignores_bookkeeping(tmp_path: Path) -> None:
    gold = read_gold(make_gold(tmp_path))
    doc = gold["city"]
    assert len(doc.attributions) == 3  # the Discard span and the note are not attributions
    split = doc.attributions[1]
    assert [s.text for s in split.content] == ["We kept every promise,", "and we will keep the next ones."]
    assert [s.text for s in split.source] == ["Ruiz"]
    assert [s.text for s in split.cue] == ["told"]
    assert [a.direct for a in doc.attributions] == [False, True, False]


def test_content2_role_and_missing_source(tmp_path: Path) -> None:
    ann = "\n".join(
        [
            ann_line("T1", "Content", [at("the budget was balanced")]),
            ann_line("T2", "Content", [at("the vote is set for Tuesday")]),
            ann_line("T3", "Cue", [at("said")]),
            ann_line("T4", "Attribution-no-source", [at("said")]),
            "E1\tAttribution-no-source:T4 Content:T1 Cue:T3 Content2:T2",
            "E2\tAttribution-no-source:T4 ",  # an event without content: skipped, reported
        ]
    )
    doc = read_gold(make_gold(tmp_path, ann))["city"]
    (only,) = doc.attributions
    assert [s.text for s in only.content] == ["the budget was balanced", "the vote is set for Tuesday"]
    assert only.source == ()
    assert any("without content" in s for s in doc.skipped)


def test_tolerates_span_text_running_onto_next_line(tmp_path: Path) -> None:
    a, b = at("the budget was balanced")
    ann = f"T1\tContent {a} {b}\tthe budget\nwas balanced\nE1\tAttribution:T1 Content:T1\n"
    doc = read_gold(make_gold(tmp_path, ann))["city"]
    assert [s.text for s in doc.attributions[0].content] == ["the budget was balanced"]
    assert len(doc.skipped) == 1


def test_first_annotator_in_sorted_order_and_underscored_names(tmp_path: Path) -> None:
    make_gold(tmp_path, name="city_hall_story")
    (tmp_path / "attributions" / "city_hall_story_zz99.ann").write_text("", encoding="utf-8")
    gold = read_gold(tmp_path)
    assert gold["city_hall_story"].annotation_file == "city_hall_story_ab12.ann"
    assert len(gold["city_hall_story"].attributions) == 3


def test_offsets_count_crlf_text_unchanged(tmp_path: Path) -> None:
    text = 'Intro line.\r\n"Stay calm," she said.'
    a, b = at("Stay calm,", text)
    ann = f"T1\tContent {a} {b}\tStay calm,\nE1\tAttribution:T1 Content:T1\n"
    doc = read_gold(make_gold(tmp_path, ann, text=text))["city"]
    assert doc.attributions[0].content[0].text == "Stay calm,"
    assert doc.attributions[0].direct


@pytest.mark.parametrize(
    ("text", "needle", "direct"),
    [
        ('"We will win," he said.', "We will win,", True),
        ('"We will win," he said.', '"We will win,"', True),
        ("“We will win”, he said.", "We will win", True),
        ("He said ''we will win.''", "we will win.", True),
        ("He said that we will win.", "we will win", False),
        ('He said that he would "fight on" anyway.', 'he would "fight on" anyway', False),
        ("The players' union said so.", "union said so", False),
    ],
)
def test_is_direct(text: str, needle: str, direct: bool) -> None:
    a, b = at(needle, text)
    assert is_direct(text, [Span.of(text, a, b)]) is direct


def test_multi_paragraph_quote_is_direct() -> None:
    text = '"First paragraph of it.\n\n"Second and last part." she said.'
    pieces = [
        Span.of(text, *at("First paragraph of it.", text)),
        Span.of(text, *at("Second and last part.", text)),
    ]
    assert is_direct(text, pieces)


@pytest.mark.parametrize("layout", ["missing", "no_text", "no_ann", "empty"])
def test_bad_gold_dir_is_a_usage_error(tmp_path: Path, layout: str) -> None:
    target = tmp_path / "gold"
    if layout != "missing":
        target.mkdir()
    if layout in ("no_ann", "empty"):
        (target / "text").mkdir()
    if layout in ("no_text", "empty"):
        (target / "attributions").mkdir()
    with pytest.raises(GoldDirError) as info:
        read_gold(target)
    assert info.value.exit_code == 2
    assert str(info.value).startswith("[E230]")


# --- scorer ------------------------------------------------------------------------------------
def test_perfect_prediction_scores_one(tmp_path: Path) -> None:
    gold_dir = make_gold(tmp_path)
    scores = score(read_gold(gold_dir), perfect_predictions(gold_dir))
    assert all(v == 1.0 for v in scores.metrics().values()), scores.metrics()


def test_shifted_spans_match_by_overlap_but_not_exactly(tmp_path: Path) -> None:
    gold = read_gold(make_gold(tmp_path))
    a, b = at("the budget was balanced")
    preds = {"city": [PredQuote(((a + 4, b + 2),), at("Mayor Ana Ruiz"))]}
    scores = score(gold, preds)
    assert scores.counts.matched == 1
    assert scores.counts.exact == 0
    assert scores.content_overlap.precision == 1.0
    assert scores.content_overlap.recall == pytest.approx(1 / 3)
    assert scores.source.precision == 1.0


def test_exact_ignores_marks_punctuation_and_whitespace(tmp_path: Path) -> None:
    gold = read_gold(make_gold(tmp_path))
    # The split quote predicted as one span over both pieces would include "Ruiz told reporters":
    # not exact. Predicted with its marks and trailing comma per piece: exact.
    first = at('"We kept every promise,"')
    second = at('"and we will keep the next ones."')
    whole = (first[0], second[1])
    assert score(gold, {"city": [PredQuote((first, second))]}).counts.exact == 1
    assert score(gold, {"city": [PredQuote((whole,))]}).counts.exact == 0
    assert score(gold, {"city": [PredQuote((whole,))]}).counts.matched == 1


def test_exact_widens_a_piece_that_cuts_a_word_to_the_whole_word(tmp_path: Path) -> None:
    # An annotation that starts one character into "the" (a slip) equals the whole words, on
    # either side; a piece that stops a word short of the gold one still differs.
    gold = read_gold(make_gold(tmp_path))
    a, b = at("the budget was balanced")
    assert score(gold, {"city": [PredQuote(((a + 1, b),))]}).counts.exact == 1
    assert score(gold, {"city": [PredQuote(((a, b - 2),))]}).counts.exact == 1
    assert score(gold, {"city": [PredQuote(((a + 4, b),))]}).counts.exact == 0


def test_wrong_source_counts_content_but_not_source(tmp_path: Path) -> None:
    gold_dir = make_gold(tmp_path)
    preds = perfect_predictions(gold_dir)
    wrong = [PredQuote(p.content, at("reporters")) for p in preds["city"]]
    scores = score(read_gold(gold_dir), {"city": wrong})
    assert scores.content_overlap.f1 == 1.0
    assert scores.source.f1 == 0.0
    assert scores.direct_with_source == 0.0


def test_no_gold_source_is_correct_only_without_predicted_source(tmp_path: Path) -> None:
    ann = "\n".join(
        [ann_line("T1", "Content", [at("the budget was balanced")]), "E1\tAttribution:T1 Content:T1"]
    )
    gold = read_gold(make_gold(tmp_path, ann))
    content = (at("the budget was balanced"),)
    assert score(gold, {"city": [PredQuote(content, None)]}).counts.correct_source == 1
    assert score(gold, {"city": [PredQuote(content, at("Mayor Ana Ruiz"))]}).counts.correct_source == 0


def test_missing_quotes_drop_recall_and_split_direct_indirect(tmp_path: Path) -> None:
    gold_dir = make_gold(tmp_path)
    only_direct = [p for p in perfect_predictions(gold_dir)["city"] if len(p.content) == 2]
    scores = score(read_gold(gold_dir), {"city": only_direct})
    assert scores.content_overlap.precision == 1.0
    assert scores.content_overlap.recall == pytest.approx(1 / 3)
    assert scores.recall_direct == 1.0
    assert scores.recall_indirect == 0.0
    assert scores.direct_with_source == 1.0


def test_matching_is_one_to_one(tmp_path: Path) -> None:
    gold_dir = make_gold(tmp_path)
    preds = perfect_predictions(gold_dir)["city"]
    scores = score(read_gold(gold_dir), {"city": [preds[0], preds[0]]})
    assert scores.counts.matched == 1
    assert scores.content_overlap.precision == 0.5


def test_whitespace_only_overlap_is_not_a_match(tmp_path: Path) -> None:
    gold = read_gold(make_gold(tmp_path))
    gap = TEXT.index("\n\n")
    assert score(gold, {"city": [PredQuote(((gap, gap + 2),))]}).counts.matched == 0


def test_missing_and_unknown_docs_are_reported(tmp_path: Path) -> None:
    gold = read_gold(make_gold(tmp_path))
    scores = score(gold, {"elsewhere": []})
    assert scores.missing_docs == ("city",)
    assert scores.unknown_docs == ("elsewhere",)
    assert scores.counts.gold == 3 and scores.content_overlap.recall == 0.0


def test_scores_articles_and_extract_json(tmp_path: Path) -> None:
    gold_dir = make_gold(tmp_path)
    gold = read_gold(gold_dir)
    quotes = tuple(
        Quote(
            id=f"q{i}",
            kind="direct" if a.direct else "indirect",
            content=" ".join(s.text for s in a.content),
            content_spans=a.content,
            source=a.source[0] if a.source else None,
        )
        for i, a in enumerate(gold["city"].attributions)
    )
    article = Article(doc="city", text=TEXT, quotes=quotes)
    assert score(gold, [article]).source.f1 == 1.0
    pred_file = tmp_path / "pred.jsonl"
    pred_file.write_text(json.dumps(article.to_dict()) + "\n", encoding="utf-8")
    assert score(gold, read_predictions(pred_file)).metrics() == score(gold, [article]).metrics()


def test_bad_prediction_line_names_file_and_line(tmp_path: Path) -> None:
    pred_file = tmp_path / "pred.jsonl"
    pred_file.write_text('{"doc": "a", "quotes": []}\n{not json\n', encoding="utf-8")
    with pytest.raises(MalformedInputError) as info:
        read_predictions(pred_file)
    assert info.value.where == f"{pred_file}:2"


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_overlap_metrics_are_bounded_and_perfect_on_gold(data: st.DataObject) -> None:
    text = "x" * 40 + " " * 5 + "y" * 40
    n = len(text)

    def pieces() -> st.SearchStrategy[tuple[tuple[int, int], ...]]:
        pair = st.tuples(st.integers(0, n - 1), st.integers(1, 20)).map(lambda t: (t[0], min(n, t[0] + t[1])))
        return st.lists(pair, min_size=1, max_size=3).map(lambda ps: tuple(sorted(ps)))

    gold_pieces = data.draw(st.lists(pieces(), min_size=1, max_size=4))
    pred_pieces = data.draw(st.lists(pieces(), max_size=5))
    lines = []
    for i, ps in enumerate(gold_pieces):
        lines.append(ann_line(f"T{i}", "Content", list(ps), text))
        lines.append(f"E{i}\tAttribution:T{i} Content:T{i}")
    attributions, _ = parse_ann("\n".join(lines), text)
    from sayso.evaluate.brat import GoldDoc

    gold = {"d": GoldDoc("d", text, tuple(attributions))}
    s = score(gold, {"d": [PredQuote(ps) for ps in pred_pieces]})
    for value in s.metrics().values():
        assert 0.0 <= value <= 1.0
    assert s.counts.exact <= min(s.counts.gold, s.counts.pred)
    perfect = score(
        gold, {"d": [PredQuote(tuple((sp.start, sp.end) for sp in a.content)) for a in attributions]}
    )
    assert perfect.content_overlap.recall == 1.0 or any(
        all(text[a:b].isspace() for a, b in ps) for ps in gold_pieces
    )
    assert perfect.content_exact.f1 == 1.0


def test_nested_attribution_matches_the_closer_gold(tmp_path: Path) -> None:
    text = "The studio expects a spring release, according to a spokeswoman."
    lines = [
        ann_line("T1", "Source", [at("The studio", text)], text),
        ann_line("T2", "Content", [at("a spring release", text)], text),
        "E1\tAttribution:T2 Content:T2 Source:T1",
        ann_line("T3", "Source", [at("a spokeswoman", text)], text),
        ann_line("T4", "Content", [at("The studio expects a spring release", text)], text),
        "E2\tAttribution:T4 Content:T4 Source:T3",
    ]
    gold = read_gold(make_gold(tmp_path, "\n".join(lines), text=text))
    inner = PredQuote((at("a spring release", text),), at("The studio", text))
    scores = score(gold, {"city": [inner]})
    assert scores.counts.matched == 1 and scores.counts.correct_source == 1


def test_errors_list_missed_spurious_and_wrong_source(tmp_path: Path) -> None:
    gold_dir = make_gold(tmp_path)
    first, split, _ = perfect_predictions(gold_dir)["city"]
    wrong = PredQuote(split.content, at("reporters"))
    spurious = PredQuote((at("miracle"),))
    errors = score(read_gold(gold_dir), {"city": [first, wrong, spurious]}).errors
    kinds = sorted(e["error"] for e in errors)
    assert kinds == ["missed indirect", "spurious", "wrong source"]
    by_kind = {e["error"]: e for e in errors}
    assert by_kind["spurious"]["content"] == "miracle"
    assert by_kind["wrong source"]["source"] == "reporters"
    assert by_kind["wrong source"]["direct"] is True  # the split quote is in marks
    assert by_kind["missed indirect"]["gold_source"] == "a city official"


# --- inline markup -> brat ----------------------------------------------------------------------
def test_markup_round_trip_through_brat(tmp_path: Path) -> None:
    from sayso.evaluate.markup import markup_to_brat

    markup = (
        '⟦C1 "A,"⟧ ⟦S1 ⟦S2 she⟧⟧ ⟦V1 said⟧, ⟦C1 "B."⟧ ⟦C2 "C."⟧\n'
        "⟦C3 ⟦S4 X⟧ ⟦V4 thinks⟧ ⟦C4 Y⟧⟧, ⟦V3 said⟧ ⟦S3 Z⟧."
    )
    text, ann = markup_to_brat(markup)
    assert text == '"A," she said, "B." "C."\nX thinks Y, said Z.'
    doc = read_gold(make_gold(tmp_path, ann, text=text))["city"]
    got = {
        (" / ".join(s.text for s in a.content), " ".join(s.text for s in a.source)) for a in doc.attributions
    }
    assert got == {('"A," / "B."', "she"), ('"C."', "she"), ("X thinks Y", "Z"), ("Y", "X")}
    continuation = next(a for a in doc.attributions if a.content[0].text == '"C."')
    assert continuation.cue == () and continuation.direct


@pytest.mark.parametrize("bad", ["⟦C1 open", "close⟧", "⟦Q1 x⟧", "⟦S1 who⟧ said"])
def test_bad_markup_is_reported(bad: str) -> None:
    from sayso.evaluate.markup import markup_to_brat

    with pytest.raises(MalformedInputError):
        markup_to_brat(bad, where="m.txt")


@settings(max_examples=50, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.text(alphabet="ab \n\"'.,", max_size=6),
            st.sampled_from("SVC"),
            st.text(alphabet="xy ", min_size=1, max_size=5),
        ),
        min_size=1,
        max_size=5,
    )
)
def test_markup_offsets_always_point_at_the_marked_words(parts: list[tuple[str, str, str]]) -> None:
    from sayso.evaluate.markup import markup_to_brat, parse_markup

    markup = "".join(f"{before}⟦{role}{i} {words}⟧" for i, (before, role, words) in enumerate(parts))
    text, spans = parse_markup(markup)
    for i, (_, role, words) in enumerate(parts):
        ((start, end),) = spans[str(i)][role]
        assert text[start:end] == words
    if all(role == "C" for _, role, _ in parts):
        _, ann = markup_to_brat(markup)
        attributions, skipped = parse_ann(ann, text)
        assert not skipped and [a.content[0].text for a in attributions] == [w for _, _, w in parts]


def test_precision_of_predicted_direct_quotes(tmp_path: Path) -> None:
    gold_dir = make_gold(tmp_path)
    _, split, _ = perfect_predictions(gold_dir)["city"]
    scare = PredQuote((at('"miracle"'),), None, "direct")
    indirect = PredQuote((at("the vote is set for Tuesday"),), None, "indirect")
    scores = score(read_gold(gold_dir), {"city": [split, scare, indirect]})
    assert (scores.counts.pred_direct, scores.counts.pred_direct_matched) == (2, 1)
    assert scores.precision_direct == 0.5


def test_other_brat_line_types_are_ignored_quietly(tmp_path: Path) -> None:
    ann = gold_ann() + "R1\tRelated Arg1:T1 Arg2:T3\nA1\tNegated E1\n*\tEquiv T1 T6\n"
    doc = read_gold(make_gold(tmp_path, ann))["city"]
    assert len(doc.attributions) == 3 and doc.skipped == ()


def test_min_confidence_scores_what_users_see_and_the_curve_shows_the_trade(tmp_path: Path) -> None:
    from dataclasses import replace

    gold_dir = make_gold(tmp_path)
    gold = read_gold(gold_dir)
    good = perfect_predictions(gold_dir)["city"]
    spurious = PredQuote(content=(at("city"),), source=None, confidence=0.1)
    preds = {"city": [replace(p, confidence=0.9) for p in good] + [spurious]}
    everything = score(gold, preds)
    shown = score(gold, preds, min_confidence=0.5, curve=(0.0, 0.5, 0.95))
    assert everything.content_overlap.precision < 1.0
    assert shown.content_overlap.precision == 1.0 and shown.content_overlap.recall == 1.0
    assert [p["quotes"] for p in shown.curve] == [len(good) + 1, len(good), 0]
    assert shown.curve[2]["content_overlap_r"] == 0.0
    assert shown.to_dict()["min_confidence"] == 0.5 and len(shown.to_dict()["curve"]) == 3


def test_what_reading_the_gold_skipped_is_reported_not_scored_silently(tmp_path: Path) -> None:
    """Eighteenth session: a malformed annotation line, or a text without an annotation file,
    was scored as a document with fewer (or no) attributions without a word: a bad gold set
    lowered precision silently. ``Scores.skipped`` and the JSON's "skipped" name them."""
    make_gold(tmp_path, gold_ann() + "this line is no span\n")
    (tmp_path / "text" / "lonely.txt").write_text("Nobody said anything here.", encoding="utf-8")
    scores = score(read_gold(tmp_path), perfect_predictions(tmp_path))
    skipped = scores.to_dict()["skipped"]
    assert skipped["lonely"] == ["no annotation file"]
    assert any("not a span or event line" in line for line in skipped["city"])
