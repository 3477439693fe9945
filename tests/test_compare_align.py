"""Quote alignment across outlets, on hand-built articles (no model needed)."""

from __future__ import annotations

import pytest
from compare_helpers import article_from_quotes, make_article
from hypothesis import given, settings
from hypothesis import strategies as st

from sayso.compare.align import text_relation
from sayso.compare.api import compare
from sayso.compare.normalize import segments, typographic, words
from sayso.errors import NotEnoughArticlesError
from sayso.model import Comparison

MARSH = "Elena Marsh"


def _groups_with(cmp: Comparison, fragment: str) -> list[str]:
    return [g.relation for g in cmp.groups if any(fragment in o.content for o in g.occurrences)]


def _pair(a: str, b: str, speaker_a: str = MARSH, speaker_b: str = MARSH) -> Comparison:
    return compare([article_from_quotes("a", [(a, speaker_a)]), article_from_quotes("b", [(b, speaker_b)])])


def test_verbatim_survives_curly_marks_and_spacing() -> None:
    cmp = _pair("We won\u2019t  reopen it \u2014 not yet.", "We won't reopen it - not yet.")
    assert [g.relation for g in cmp.groups] == ["verbatim"]
    assert cmp.groups[0].diff == ()
    assert {o.doc for o in cmp.groups[0].occurrences} == {"a", "b"}


def test_punctuation_and_case_only() -> None:
    cmp = _pair(
        "We are not going to take chances, with anyone.", "we are not going to take chances with anyone!"
    )
    assert [g.relation for g in cmp.groups] == ["punctuation"]
    (d,) = cmp.groups[0].diff
    assert d.only_a == () and d.only_b == ()


def test_partial_with_ellipsis_and_truncation() -> None:
    full = "Crews found cracks in two support beams, and we have asked the state for emergency money."
    cmp = compare(
        [
            article_from_quotes("a", [(full, MARSH)]),
            article_from_quotes(
                "b", [("Crews found cracks in two support beams ... emergency money.", MARSH)]
            ),
            article_from_quotes("c", [("Crews found cracks in two support beams", MARSH)]),
        ]
    )
    assert [g.relation for g in cmp.groups] == ["partial"]
    diffs = {d.b: d for d in cmp.groups[0].diff}
    assert diffs["c"].only_a[-3:] == ("for", "emergency", "money")
    assert diffs["b"].only_b == ()


def test_words_removed_without_ellipsis_is_altered_not_partial() -> None:
    assert (
        text_relation("we will fix the old bridge by spring", "we will fix the bridge by spring") == "altered"
    )
    assert (
        text_relation("we will fix the old bridge by spring", "we will fix the ... bridge by spring")
        == "partial"
    )


def test_altered_word_substitution_has_a_diff() -> None:
    cmp = _pair(
        "This repair will take at least six months and cost millions.",
        "This repair will take at least eight months and cost millions.",
    )
    (g,) = cmp.groups
    assert g.relation == "altered"
    (d,) = g.diff
    assert [c.to_dict() for c in d.changes] == [{"op": "replace", "a": "six", "b": "eight"}]
    assert d.only_a == ("six",) and d.only_b == ("eight",)


def test_misattributed_takes_precedence() -> None:
    line = "Nobody should have to drive an hour to get to work."
    cmp = _pair(line, line, MARSH, "Victor Hale")
    (g,) = cmp.groups
    assert g.relation == "misattributed"
    assert len({o.speaker for o in g.occurrences}) == 2
    assert g.diff and g.diff[0].relation == "verbatim"


def test_single_source_and_unrelated_quotes_stay_apart() -> None:
    cmp = _pair(
        "My bakery lost half its customers overnight.", "The ferry schedule doubles on Monday morning."
    )
    assert [g.relation for g in cmp.groups] == ["single_source", "single_source"]
    assert all(g.diff == () for g in cmp.groups)


def test_repeated_line_in_one_outlet_is_two_utterances() -> None:
    a = make_article(
        "a",
        '"I\'m sorry," Marsh said. Later she added: "I\'m sorry." Then: "I am not leaving."',
        [("I'm sorry,", MARSH), ("I'm sorry.", MARSH), ("I am not leaving.", MARSH)],
    )
    b = make_article("b", '"I\'m sorry," Marsh told reporters.', [("I'm sorry,", MARSH)])
    cmp = compare([a, b])
    sorry = [g for g in cmp.groups if "sorry" in g.occurrences[0].content]
    assert len(sorry) == 2, "the two apologies of outlet a must not merge"
    for g in sorry:
        assert sum(o.doc == "a" for o in g.occurrences) == 1
    assert sorted(g.relation for g in sorry) == ["single_source", "verbatim"]


def test_shared_words_do_not_merge_different_utterances() -> None:
    cmp = _pair(
        "We will not raise taxes on families this year.",
        "We will raise the money from the state this year.",
    )
    assert [g.relation for g in cmp.groups] == ["single_source", "single_source"]


def test_quote_joined_in_one_outlet_and_split_in_another() -> None:
    a = make_article(
        "a",
        '"The bridge is safe for now. We will check it every week," Marsh said.',
        [("The bridge is safe for now. We will check it every week,", MARSH)],
    )
    b = make_article(
        "b",
        '"The bridge is safe for now," Marsh said. "We will check it every week."',
        [("The bridge is safe for now,", MARSH), ("We will check it every week.", MARSH)],
    )
    cmp = compare([a, b])
    assert len(cmp.groups) == 2, "one group per utterance, each with both outlets"
    for g in cmp.groups:
        assert [o.doc for o in g.occurrences] == ["a", "b"]
        assert g.relation in ("verbatim", "punctuation")
        occ_a = g.occurrences[0]
        assert occ_a.quote_id == "q1"
        for sp in occ_a.content_spans:  # a's occurrence is cut down to the shared sentence, offsets exact
            assert a.text[sp.start : sp.end] == sp.text
    assert cmp.groups[0].occurrences[0].content == "The bridge is safe for now."


def test_truncated_quote_keeps_the_lone_sentence_in_its_group() -> None:
    full = "The bridge is safe for now. We will check it every week. Nobody will be hurt."
    cmp = _pair(full, "The bridge is safe for now. We will check it every week.")
    (g,) = cmp.groups
    assert g.relation == "partial"
    assert g.occurrences[0].content == full


def test_speakers_linked_by_containment() -> None:
    a = make_article(
        "a",
        '"Fix it," Mayor Elena Marsh said. "Soon," Tom Reyes said.',
        [("Fix it,", "Mayor Elena Marsh"), ("Soon,", "Tom Reyes")],
    )
    b = make_article("b", '"Fix it now," Marsh said.', [("Fix it now,", "Marsh")])
    c = make_article("c", '"Fix it," said Elena.', [("Fix it,", "Elena")])
    cmp = compare([a, b, c])
    names = {s.name: s.docs for s in cmp.speakers}
    assert names["Mayor Elena Marsh"] == ("a", "b", "c")
    assert names["Tom Reyes"] == ("a",)


def test_ambiguous_surname_is_not_guessed() -> None:
    a = make_article(
        "a",
        '"Yes," Alec Baldwin said. "No," Hilaria Baldwin said.',
        [("Yes,", "Alec Baldwin"), ("No,", "Hilaria Baldwin")],
    )
    b = make_article("b", '"Maybe," Baldwin said.', [("Maybe,", "Baldwin")])
    cmp = compare([a, b])
    assert len(cmp.speakers) == 3


def test_speaker_linked_through_mentions() -> None:
    a = make_article(
        "a",
        'Alec Baldwin spoke. "It\'s going to be great," he said.',
        [("It's going to be great,", "Alec Baldwin")],
    )
    b = make_article(
        "b",
        'Her husband, Alec, agreed. "It\'s going to be great," her husband said.',
        [("It's going to be great,", "her husband")],
        mentions={"her husband": ["Alec"]},
    )
    cmp = compare([a, b])
    (g,) = cmp.groups
    assert g.relation == "verbatim"
    assert len(cmp.speakers) == 1


def test_one_article_is_an_error() -> None:
    with pytest.raises(NotEnoughArticlesError) as err:
        compare([article_from_quotes("only", [("Hello there, friends.", MARSH)])])
    assert "[E201]" in str(err.value)


def test_articles_without_quotes_still_compare_facts() -> None:
    a = make_article("a", "Mayor Elena Marsh, 52, closed the bridge at City Hall on Tuesday.", [])
    b = make_article("b", "Elena Marsh, 53, closed the bridge at the Harbor Community Center on Tuesday.", [])
    cmp = compare([a, b])
    assert cmp.groups == ()
    kinds = {(f.kind, f.status) for f in cmp.facts}
    assert ("age", "conflict") in kinds
    assert ("venue", "conflict") in kinds
    assert ("weekday", "shared") in kinds


def test_to_dict_has_the_issue_field_names() -> None:
    cmp = _pair("The bridge will stay closed for now.", "The bridge will stay closed for now.")
    out = cmp.to_dict()
    assert set(out) == {"articles", "speakers", "groups", "facts"}
    assert set(out["groups"][0]) == {"id", "speaker", "relation", "occurrences", "diff"}
    occ = out["groups"][0]["occurrences"][0]
    assert set(occ) == {"doc", "quote_id", "content", "content_spans", "speaker"}
    art = cmp.articles[0]
    s, e = occ["content_spans"][0]
    assert art.text[s:e] == occ["content"]


# --- properties --------------------------------------------------------------------------------
_sentence = st.lists(
    st.sampled_from(
        ["we", "will", "fix", "the", "old", "bridge", "by", "spring", "and", "keep", "it", "open"]
    ),
    min_size=4,
    max_size=12,
)


@given(_sentence)
def test_relation_of_a_text_with_itself_is_verbatim(ws: list[str]) -> None:
    text = " ".join(ws).capitalize() + "."
    assert text_relation(text, text) == "verbatim"
    assert text_relation(text, text.upper().replace(".", "!")) == "punctuation"


@given(_sentence, st.integers(1, 3))
def test_truncation_is_partial(ws: list[str], cut: int) -> None:
    full = " ".join(ws)
    assert text_relation(full, " ".join(ws[:-cut])) == "partial"
    assert text_relation(full, " ".join(ws[cut:])) == "partial"


@given(st.text(max_size=200))
def test_normalisers_never_crash(text: str) -> None:
    assert isinstance(typographic(text), str)
    assert all(w.strip() for w in words(text))
    for a, b in segments(text):
        assert 0 <= a < b <= len(text)


_quote = st.lists(
    st.sampled_from(["we", "will", "fix", "the", "bridge", "soon", "taxes", "stay", "low", "i'm", "sorry"]),
    min_size=1,
    max_size=8,
).map(lambda ws: " ".join(ws).capitalize() + ".")
_outlet = st.lists(st.tuples(_quote, st.sampled_from([MARSH, "Victor Hale", None])), min_size=0, max_size=4)


@settings(max_examples=60, deadline=None)
@given(st.lists(_outlet, min_size=2, max_size=4))
def test_alignment_invariants(outlets: list[list[tuple[str, str | None]]]) -> None:
    articles = [article_from_quotes(f"d{i}", qs) for i, qs in enumerate(outlets)]
    cmp = compare(articles)
    texts = {a.doc: a.text for a in articles}
    seen: set[tuple[str, str]] = set()
    for g in cmp.groups:
        docs = [o.doc for o in g.occurrences]
        assert (g.relation == "single_source") == (len(set(docs)) == 1)
        assert (g.diff == ()) == (g.relation in ("verbatim", "single_source"))
        for o in g.occurrences:
            seen.add((o.doc, o.quote_id))
            for sp in o.content_spans:
                assert texts[o.doc][sp.start : sp.end] == sp.text
    expected = {(a.doc, q.id) for a in articles for q in a.quotes if words(q.content)}
    assert expected <= seen, "every quote with words is in some group"
