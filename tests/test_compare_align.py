"""Quote alignment across outlets, on hand-built articles (no model needed)."""

from __future__ import annotations

import pytest
from compare_helpers import article_from_quotes, make_article
from hypothesis import given, settings
from hypothesis import strategies as st
from utterance_helpers import said, with_kinds

from sayso.compare.api import compare
from sayso.compare.normalize import quoted_spans, segments, typographic, word_spans, words
from sayso.compare.relations import text_relation
from sayso.errors import NotEnoughArticlesError
from sayso.model import Article, Comparison

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


def test_a_dash_separates_words_however_it_is_typed() -> None:
    # An unspaced em dash, a spaced one and two hyphens are one typography; a comma added
    # elsewhere is then punctuation only, never a changed word.
    cmp = _pair(
        "The bridge is far from safe\u2014we knew it for years.",
        "The bridge is far from safe -- we knew it for years.",
    )
    assert [g.relation for g in cmp.groups] == ["verbatim"]
    cmp = _pair(
        "The bridge is far from safe\u2014we knew it for years.",
        "The bridge is far from safe - we knew it, for years.",
    )
    assert [g.relation for g in cmp.groups] == ["punctuation"]
    assert words("well-known\u2014and loved") == ["well-known", "and", "loved"]


def test_punctuation_and_case_only() -> None:
    cmp = _pair(
        "We are not going to take chances, with anyone.", "we are not going to take chances with anyone!"
    )
    assert [g.relation for g in cmp.groups] == ["punctuation"]
    (d,) = cmp.groups[0].diff
    assert d.only_a == () and d.only_b == ()


def test_house_styles_of_initials_and_ampersands_change_no_word() -> None:
    """QA helper, twentieth session: "U.S." against "US" and "&" against "and" made groups
    'altered'; outlets' house styles are no change of the speaker's words."""
    cmp = _pair(
        "We will defend the U.S. and its allies in D.C. today.",
        "We will defend the US & its allies in DC today.",
    )
    assert [g.relation for g in cmp.groups] == ["punctuation"]
    assert (
        text_relation("Tax cuts & jobs for the U.S.A. now.", "Tax cuts and jobs for the USA now.")
        == "punctuation"
    )
    assert text_relation("They grew 3.5 percent.", "They grew 35 percent.") == "altered"


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
    (g,) = cmp.groups
    assert [(o.doc, o.relation, o.reference) for o in g.occurrences] == [
        ("a", "verbatim", True),
        ("b", "partial", False),
        ("c", "partial", False),
    ]
    diffs = {(d.a, d.b): d for d in g.diff}
    assert set(diffs) == {("a", "b"), ("a", "c"), ("b", "c")}, "every pair of outlets"
    assert diffs[("a", "c")].only_a[-3:] == ("for", "emergency", "money")
    assert diffs[("a", "b")].only_b == ()
    assert diffs[("b", "c")].relation == "partial"


def test_words_removed_without_ellipsis_is_altered_not_partial() -> None:
    assert (
        text_relation("we will fix the old bridge by spring", "we will fix the bridge by spring") == "altered"
    )
    assert (
        text_relation("we will fix the old bridge by spring", "we will fix the ... bridge by spring")
        == "partial"
    )


def test_an_editors_bracket_inside_a_word_changes_no_word() -> None:
    # "[W]hile" is "while" with its case fixed; a bracketed ending fitted to the sentence
    # ("shame[d]") stands for the word said without it; a bracketed word is still a word.
    assert words("[W]hile the mill stays shut, they shame[d] us") == [
        "while", "the", "mill", "stays", "shut", "they", "shame", "us",
    ]  # fmt: skip
    text = "so [W]hile the mill stays shut"
    assert [(w, text[s:e]) for w, s, e in word_spans(text)][1] == ("while", "[W]hile")
    assert words("the [council] voted") == ["the", "council", "voted"]


def test_an_editors_bracketed_name_for_an_acronym_is_the_acronym() -> None:
    """QA helper, twentieth session: "[World Health Organization]-convened" in one outlet and
    the statement's own "WHO-convened" in the other made the group "altered"."""
    assert (
        text_relation(
            "We ask for a quick and open WHO-convened review of the harbor spill.",
            "[World Health Organization]-convened review",
        )
        == "partial"
    )
    assert words("the [Harbor Safety Board]-led report") == ["the", "hsb-led", "report"]
    kept = ["fund", "the", "emperor", "president", "vale", "now"]
    assert words("fund the emperor [President Vale] now") == kept


def test_an_editors_insertion_beside_a_name_is_no_word_of_the_speaker() -> None:
    """QA helper, twentieth session: "[Russian]" and "[Vladimir]" added by one outlet were listed
    as inserted words of the speaker's. A capitalised bracket beside a capitalised word is the
    editor's; the words around it keep their offsets."""
    assert (
        text_relation(
            "I will meet [Russian] President [Vladimir] Putin in Geneva next month.",
            "I will meet President Putin in Geneva next month.",
        )
        == "punctuation"
    )
    text = "meet [Russian] President Putin"
    assert [(w, text[s:e]) for w, s, e in word_spans(text)] == [
        ("meet", "meet"), ("president", "President"), ("putin", "Putin"),
    ]  # fmt: skip
    assert words("no role[sic] in it") == words("no role (sic) in it") == ["no", "role", "sic", "in", "it"]
    assert (
        text_relation(
            "Therefore, while the mill stays shut, no one loses a job.",
            "[W]hile the mill stays shut, no one loses a job.",
        )
        == "partial"
    )
    assert text_relation("we had to shame the board into it", "shame[d] the board into it") == "partial"


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


def test_misattributed_needs_two_named_sources() -> None:
    line = "Nobody should have to drive an hour to get to work."
    a = said("a", [(line, MARSH, MARSH)])
    b = said("b", [(line, "Victor Hale", "Victor Hale")])
    (g,) = compare([a, b]).groups
    assert g.relation == "misattributed"
    assert len({o.speaker for o in g.occurrences}) == 2
    (d,) = g.diff
    assert d.relation == "misattributed" and d.wording == "verbatim"
    assert [o.relation for o in g.occurrences] == ["verbatim", "misattributed"]
    assert [(o.doc, o.source.text if o.source else None) for o in g.evidence] == [
        ("a", MARSH),
        ("b", "Victor Hale"),
    ]
    assert g.confidence is not None and 0.5 < g.confidence < 1
    out = g.to_dict()
    assert out["evidence"][1]["source"] == "Victor Hale" and out["confidence"] == g.confidence


def test_a_misattribution_is_surer_when_the_words_agree() -> None:
    # QA, nineteenth session: the "+0.1 when the words agree" of docs/compare.md was never added
    # (the misattributing occurrence's own relation is "misattributed", not its wording).
    line = "Nobody should have to drive an hour to get to work."
    other = "Nobody should have to drive a full hour to get to their work."

    def confidence(words_b: str) -> float:
        a = said("a", [(line, "Elena Marsh", "Elena Marsh")])
        b = said("b", [(words_b, "Victor Hale", "Victor Hale")])
        (g,) = compare([a, b]).groups
        assert g.relation == "misattributed" and g.confidence is not None
        return g.confidence

    assert confidence(line) == 0.99  # 0.6, full names 0.2, same words 0.1, confident extraction 0.1
    assert confidence(other) == 0.9  # the words differ: no 0.1 for them


def test_a_pronoun_is_no_evidence_of_misattribution() -> None:
    """An outlet whose extraction pinned the line on someone else through "he" (one outlet's error)
    raises no alarm: its occurrence says the speaker is unknown and keeps the claim."""
    line = "Nobody should have to drive an hour to get to work."
    a = said("a", [(line, MARSH, MARSH)])
    b = said("b", [(line, "Victor Hale", "he")], intro="Victor Hale spoke first.")
    (g,) = compare([a, b]).groups
    assert g.relation == "verbatim" and g.evidence == () and g.confidence is None
    occ_b = g.occurrences[1]
    assert occ_b.speaker is None and occ_b.claimed_speaker is not None


def test_a_group_beside_a_person_is_no_misattribution() -> None:
    line = "The ferries will run every thirty minutes from Wednesday."
    a = said("a", [(line, MARSH, MARSH)])
    b = said(
        "b",
        [(line, "the transit authority", "the transit authority")],
        kinds={"the transit authority": "group"},
    )
    cmp = compare([a, b])
    (g,) = cmp.groups
    assert g.relation == "verbatim"
    names = {s.id: s.name for s in cmp.speakers}
    assert names[g.speaker or ""] == MARSH, "the person speaks for the organisation, not the reverse"


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
        # a quoted each sentence inside one longer passage, b alone: the passages differ in
        # extent, not in a word (eleventh session: partial, as the quoted words are labelled)
        assert g.relation == "partial"
        assert all(not d.changes and not d.only_a and not d.only_b for d in g.diff)
        occ_a = g.occurrences[0]
        assert occ_a.quote_id == "q1"
        for sp in occ_a.content_spans:  # a's occurrence is cut down to the shared sentence, offsets exact
            assert a.text[sp.start : sp.end] == sp.text
    assert cmp.groups[0].occurrences[0].content == "The bridge is safe for now."


def test_a_longer_quote_is_not_cut_and_the_shorter_is_partial() -> None:
    """One outlet quotes an exclamation and the line after it as one quote, the other only the
    line: words were added, so it is partial (not punctuation of a cut-off half)."""
    a = make_article(
        "a",
        'She snapped, "Good grief. When I am speaking, you are not speaking," and smiled.',
        [("Good grief. When I am speaking, you are not speaking,", "Hilda Brandt")],
    )
    b = make_article(
        "b",
        '"When I am speaking you are not speaking." Later: "Good grief, stop it."',
        [
            ("When I am speaking you are not speaking.", "Hilda Brandt"),
            ("Good grief, stop it.", "Hilda Brandt"),
        ],
    )
    cmp = compare([a, b])
    joint = [g for g in cmp.groups if len({o.doc for o in g.occurrences}) == 2]
    assert len(joint) == 1
    (g,) = joint
    assert g.relation == "partial"
    assert g.occurrences[0].content == "Good grief. When I am speaking, you are not speaking,"
    assert [o.relation for o in g.occurrences] == ["verbatim", "partial"]
    stop = [g for g in cmp.groups if any("stop" in o.content for o in g.occurrences)]
    assert [g.relation for g in stop] == ["single_source"], "a three-word exclamation joins nothing"


def test_truncated_quote_keeps_the_lone_sentence_in_its_group() -> None:
    full = "The bridge is safe for now. We will check it every week. Nobody will be hurt."
    cmp = _pair(full, "The bridge is safe for now. We will check it every week.")
    (g,) = cmp.groups
    assert g.relation == "partial"
    assert g.occurrences[0].content == full


def test_mixed_quote_is_compared_on_its_quoted_words_only() -> None:
    a = with_kinds(
        make_article(
            "a",
            "Marsh said that the city \u201cwill not reopen the bridge before the spring thaw,\u201d",
            [("that the city \u201cwill not reopen the bridge before the spring thaw,", MARSH)],
        ),
        ["mixed"],
    )
    b = said("b", [("We will not reopen the bridge before the spring thaw.", MARSH, "Marsh")])
    (g,) = compare([a, b]).groups
    occ_a = next(o for o in g.occurrences if o.doc == "a")
    assert occ_a.kind == "mixed"
    assert occ_a.content == "will not reopen the bridge before the spring thaw,"
    assert "that the city" not in occ_a.content
    assert occ_a.relation == "partial" and g.relation == "partial"


def test_a_mixed_quote_keeps_the_period_inside_its_marks() -> None:
    # The content of a mixed quote ends at its last word; what the outlet quoted ends at the
    # closing mark. Twelfth session: "... for a while." against "... for a while" was verbatim.
    def mixed(doc: str, end: str) -> Article:
        text = f"Marsh said the crews should \u201cleave the old bridge alone for a while{end}\u201d"
        return with_kinds(
            make_article(
                doc, text, [("the crews should \u201cleave the old bridge alone for a while", MARSH)]
            ),
            ["mixed"],
        )

    (g,) = compare([mixed("a", "."), mixed("b", "")]).groups
    assert [o.content for o in g.occurrences] == [
        "leave the old bridge alone for a while.",
        "leave the old bridge alone for a while",
    ]
    assert g.relation == "punctuation"
    (g,) = compare([mixed("a", "."), mixed("b", ".")]).groups
    assert g.relation == "verbatim"


def test_indirect_speech_joins_as_paraphrase_and_never_alters_the_group() -> None:
    line = "We will not reopen the bridge before the spring thaw."
    a = said("a", [(line, MARSH, "Marsh")])
    b = said("b", [(line, MARSH, "Marsh")])
    c = with_kinds(
        make_article(
            "c",
            "Marsh said the city would not reopen the bridge before the spring thaw.",
            [("the city would not reopen the bridge before the spring thaw", MARSH)],
        ),
        ["indirect"],
    )
    (g,) = compare([a, b, c]).groups
    assert g.relation == "verbatim"
    rel = {o.doc: (o.kind, o.relation) for o in g.occurrences}
    assert rel["c"] == ("indirect", "paraphrase")
    (h,) = compare([a, c]).groups
    assert h.relation == "single_source", "only one outlet quotes the words"
    assert [(o.doc, o.relation) for o in h.occurrences] == [("a", "single_source"), ("c", "paraphrase")]
    assert [d.relation for d in h.diff] == ["paraphrase"]


def test_reported_speech_alone_is_one_group_and_no_single_source_alarm() -> None:
    """Eighteenth session: two outlets' indirect speech of one statement nobody quotes was two
    groups, each ``single_source``, and the per-outlet summary said each outlet alone had it.
    It is one group now: still ``single_source`` (fewer than two outlets quote words), each
    occurrence ``paraphrase``, and the summary counts it so."""
    from sayso.compare.report import outlet_summary

    reported = "the city would not reopen the bridge before the spring thaw"
    arts = [
        with_kinds(make_article(d, f"Marsh said {reported}.", [(reported, MARSH)]), ["indirect"])
        for d in ("a", "b")
    ]
    comparison = compare(arts)
    (g,) = comparison.groups
    assert g.relation == "single_source"
    assert [(o.doc, o.relation) for o in g.occurrences] == [("a", "paraphrase"), ("b", "paraphrase")]
    summary = outlet_summary(comparison)
    assert all(summary[d]["single_source"] == 0 and summary[d]["paraphrase"] == 1 for d in ("a", "b"))
    fares = "the ferry fares would rise in June"
    other = with_kinds(make_article("c", f"Marsh said {fares}.", [(fares, MARSH)]), ["indirect"])
    assert len(compare([arts[0], other]).groups) == 2  # another statement stays apart
    # Two reports sharing the topic's words, not the statement, stay apart too.
    one, two = (
        "he violated the rules of the harbor board",
        "he will not be cowed by the rules of the harbor board",
    )
    pair = [
        with_kinds(make_article(d, f"Marsh said {r}.", [(r, MARSH)]), ["indirect"])
        for d, r in (("d", one), ("e", two))
    ]
    assert len(compare(pair).groups) == 2


def test_indirect_speech_of_another_speaker_stays_apart() -> None:
    a = said("a", [("We will not reopen the bridge before the spring thaw.", MARSH, "Marsh")])
    c = with_kinds(
        make_article(
            "c",
            "Hale said the city would not reopen the bridge before the spring thaw.",
            [("the city would not reopen the bridge before the spring thaw", "Victor Hale")],
        ),
        ["indirect"],
    )
    assert [g.relation for g in compare([a, c]).groups] == ["single_source", "single_source"]


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


def test_a_name_one_outlet_calls_a_person_and_another_a_place_is_the_place() -> None:
    from dataclasses import replace

    from sayso.model import Entity

    def with_entity(doc: str, text: str, label: str) -> Article:
        start = text.index("Port Alder")
        return replace(
            make_article(doc, text, []), entities=(Entity(start, start + 10, "Port Alder", label),)
        )

    a = with_entity("a", "Officials in Port Alder closed the bridge on Tuesday.", "PERSON")
    b = with_entity("b", "The bridge in Port Alder closed on Tuesday.", "GPE")
    facts = [f for f in compare([a, b]).facts if "alder" in f.key]
    assert [(f.kind, f.status) for f in facts] == [("place", "shared")]


def test_to_dict_has_the_issue_field_names() -> None:
    cmp = _pair("The bridge will stay closed for now.", "The bridge will stay closed for now.")
    out = cmp.to_dict()
    assert set(out) == {"articles", "speakers", "groups", "facts"}
    assert {"id", "speaker", "relation", "occurrences", "diff"} <= set(out["groups"][0])
    occ = out["groups"][0]["occurrences"][0]
    assert {"doc", "quote_id", "content", "content_spans", "speaker"} <= set(occ)
    assert {"kind", "relation", "reference", "source", "source_span", "claimed_speaker"} <= set(occ)
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
    for _, a, b in word_spans(text):
        assert 0 <= a < b <= len(text)
    for a, b in quoted_spans(text):
        assert 0 <= a < b <= len(text)


def test_word_spans_and_quoted_spans() -> None:
    text = 'She said the city \u201cwon\u2019t reopen\u2026 soon\u201d and "never" again.'
    assert [w for w, _, _ in word_spans(text)][:4] == ["she", "said", "the", "city"]
    assert ("won't", 19, 24) in word_spans(text)
    assert [text[a:b] for a, b in quoted_spans(text)] == ["won\u2019t reopen\u2026 soon", "never"]


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
        assert g.relation != "misattributed", "no source words, so never an alarm"
        assert sum(o.reference for o in g.occurrences) == (g.relation != "single_source")
        for doc in set(docs):  # never two utterances of one outlet; a teaser is part of its full quote
            mine = sorted((words(o.content) for o in g.occurrences if o.doc == doc), key=len)
            assert all(" ".join(w) in " ".join(mine[-1]) for w in mine[:-1])
        for o in g.occurrences:
            seen.add((o.doc, o.quote_id))
            for sp in o.content_spans:
                assert texts[o.doc][sp.start : sp.end] == sp.text
    expected = {(a.doc, q.id) for a in articles for q in a.quotes if words(q.content)}
    assert expected <= seen, "every quote with words is in some group"


def test_a_fragment_needs_the_same_linked_speaker() -> None:
    a = make_article("a", '"Thank you," Marsh said.', [("Thank you,", MARSH)])
    b = make_article("b", '"Thank you," someone shouted.', [("Thank you,", None)])
    c = make_article("c", '"Thank you," Marsh told them.', [("Thank you,", MARSH)])
    assert [g.relation for g in compare([a, b]).groups] == ["single_source", "single_source"]
    assert [g.relation for g in compare([a, c]).groups] == ["verbatim"]


def test_a_long_shared_run_matches_despite_other_words() -> None:
    """Six identical words in a row are one utterance even when the rest was reworded."""
    a = _pair(
        "Frankly the bridge will stay closed until every bolt has been checked by us.",
        "The bridge will stay closed until every bolt is checked, and we mean it, all of it.",
    )
    (g,) = a.groups
    assert g.relation == "altered"


def test_a_teaser_in_the_lead_joins_the_full_quote() -> None:
    """One outlet quotes a few words in its lead and the full line below; another has the few
    words only: all of it is one utterance, the few words partial."""
    full = "We will rebuild the harbor bridge by May, whatever it costs the city."
    a = make_article(
        "a",
        f'Marsh vowed to rebuild "whatever it costs the city" on Monday. Later: "{full}" Marsh said.',
        [("whatever it costs the city", MARSH), (full, MARSH)],
    )
    b = make_article(
        "b", 'Marsh promised to act "whatever it costs the city".', [("whatever it costs the city", MARSH)]
    )
    c = make_article("c", f'"{full}" Marsh said.', [(full, MARSH)])
    groups = [g for g in compare([a, b, c]).groups if len(g.occurrences) > 1]
    assert len(groups) == 1
    (g,) = groups
    assert sorted((o.doc, o.relation) for o in g.occurrences) == [
        ("a", "partial"),
        ("a", "verbatim"),
        ("b", "partial"),
        ("c", "verbatim"),
    ]
    assert all(d.a != d.b for d in g.diff), "an outlet's teaser and its full quote are not a pair"


def test_an_outlets_own_teaser_does_not_make_the_group_partial() -> None:
    """Both outlets carry the teaser and the full line word for word: between outlets nothing
    was cut, so the group is verbatim; each teaser is still partial against the full line."""
    full = "We will rebuild the harbor bridge by May, whatever it costs the city."
    text = f'Marsh vowed to rebuild "whatever it costs the city" on Monday. Later: "{full}" Marsh said.'
    quotes: list[tuple[str, str | None]] = [("whatever it costs the city", MARSH), (full, MARSH)]
    cmp = compare([make_article("a", text, quotes), make_article("b", text, quotes)])
    (g,) = [g for g in cmp.groups if len(g.occurrences) > 1]
    assert g.relation == "verbatim"
    assert sorted((o.doc, o.relation) for o in g.occurrences) == [
        ("a", "partial"),
        ("a", "verbatim"),
        ("b", "partial"),
        ("b", "verbatim"),
    ]


def test_a_teaser_only_one_outlet_has_joins_its_own_full_quote_and_is_no_single_source() -> None:
    """QA, nineteenth session: b's lead quotes a few words that a's and b's full quotes both hold;
    the teaser was a group of its own, 'single_source', a false "only this outlet". A phrase of two
    words, or one given to another speaker, stays apart."""
    full = "We will rebuild the harbor bridge by May, whatever it costs the city."
    a = make_article("a", f'"{full}" Marsh said.', [(full, MARSH)])
    b = make_article(
        "b",
        f'Marsh vowed to rebuild "whatever it costs the city" and the "harbor bridge" too. '
        f'Later: "{full}" Marsh said.',
        [("whatever it costs the city", MARSH), ("harbor bridge", MARSH), (full, MARSH)],
    )
    groups = compare([a, b]).groups
    (g,) = [g for g in groups if len({o.doc for o in g.occurrences}) > 1]
    assert sorted((o.doc, o.relation) for o in g.occurrences) == [
        ("a", "verbatim"),
        ("b", "partial"),
        ("b", "verbatim"),
    ]
    assert [o.content for g in groups if g.relation == "single_source" for o in g.occurrences] == [
        "harbor bridge"
    ]


def test_a_role_written_with_a_capital_is_no_name_and_no_alarm() -> None:
    """Eleventh session, read off the hand check of real coverage: "Republican presidential
    nominee" starts with a capital but holds common words; it is a role, not a second person."""
    line = "This is not what a real recovery of the harbor towns looks like."
    a = said("a", [(line, "Republican mayoral nominee", "Republican mayoral nominee")])
    b = said("b", [(line, "Dana Reyes", "Dana Reyes")])
    (g,) = compare([a, b]).groups
    assert g.relation == "verbatim" and g.evidence == ()


def test_a_shared_phrase_inside_two_different_remarks_is_no_utterance() -> None:
    """Six words in a row ("dropped out of the labor force") in the middle of two remarks that
    differ before and after them are a shared phrase, not one utterance rendered twice."""
    a = said(
        "a",
        [
            (
                "If you just dropped out of the labor force and gave up, you no longer count at all.",
                MARSH,
                MARSH,
            )
        ],
    )
    b = said(
        "b",
        [
            (
                "Without the people who simply dropped out of the labor force, the rate would be far higher.",
                MARSH,
                MARSH,
            )
        ],
    )
    assert all(len({o.doc for o in g.occurrences}) == 1 for g in compare([a, b]).groups)


def test_two_overlapping_windows_of_one_remark_are_one_utterance() -> None:
    """One outlet quotes the start and middle of a remark, the other its middle and end: the
    shared run reaches an end of one of them, so it is one utterance, rendered differently."""
    a = said(
        "a", [("The pier must close. We will repair every pile before the storms come back.", MARSH, MARSH)]
    )
    b = said(
        "b", [("We will repair every pile before the storms come back, and then we reopen.", MARSH, MARSH)]
    )
    (g,) = compare([a, b]).groups
    assert {o.doc for o in g.occurrences} == {"a", "b"}


def test_an_outlets_full_quote_left_alone_joins_its_teasers_group() -> None:
    """QA, nineteenth session, on real coverage: an outlet's teaser was grouped with another
    outlet's quote, and its own full quote holding the teaser's words was left alone as a false
    'single_source' (the alignment keeps one occurrence per outlet). It joins the teaser's group
    (``align._merge_full_quotes_left_alone``)."""
    from sayso.compare.align import _merge_full_quotes_left_alone
    from sayso.compare.units import Unit

    def unit(article: int, quote: int, text: str) -> Unit:
        words = tuple(text.lower().split())
        return Unit(article, quote, "direct", words, ((0, 1),) * len(words), frozenset(), ((0, 1),), "S1")

    teaser = "one of the hardest working public servants i have ever seen"
    units = [
        unit(0, 0, "he is " + teaser),  # outlet a
        unit(1, 0, teaser),  # outlet b's teaser, grouped with a
        unit(1, 1, "john is legendary for working hard he is " + teaser),  # b's full quote, alone
        unit(1, 2, "hardest working public servants"),  # a phrase too short to be a teaser
    ]
    by_root = {0: [0, 1], 2: [2], 3: [3]}
    _merge_full_quotes_left_alone(units, by_root, {0: 0, 1: 0, 2: 2, 3: 3})
    assert by_root == {0: [0, 1, 2], 3: [3]}


def test_a_quote_an_outlet_repeats_meets_the_other_outlets_renderings_in_reading_order() -> None:
    """Twentieth session (compare_perturb): an article repeating a line word for word (updated
    wire copy) against one whose first rendering is reworded and second re-punctuated. Both
    pairings score the same for the repeated line, so the greedy merge took the first repeat for
    the better-matching second rendering and crossed them: 'punctuation' and 'altered' swapped."""
    line = "The inspectors found that the north span had been closed without any warning to the crews."
    reworded = line.replace("warning", "notice")
    punctuated = line.replace("closed without", "closed, without")
    a = make_article(
        "a", f'"{line}" Marsh said.\n\nLater:\n\n"{line}" Marsh said.', [(line, MARSH), (line, MARSH)]
    )
    b = make_article(
        "b",
        f'"{reworded}" Marsh said.\n\nLater:\n\n"{punctuated}" Marsh said.',
        [(reworded, MARSH), (punctuated, MARSH)],
    )
    pairs = sorted(
        (*tuple(sorted((o.doc, o.quote_id) for o in g.occurrences)), g.relation)
        for g in compare([a, b]).groups
    )
    assert pairs == [
        (("a", "q1"), ("b", "q1"), "altered"),
        (("a", "q2"), ("b", "q2"), "punctuation"),
    ]


def test_a_teaser_shared_by_outlets_stays_apart_from_another_speakers_quote_holding_its_words() -> None:
    """Twentieth session (compare_perturb, real articles): both outlets quote Marsh's "Go vote for
    someone else." and a resident's post retelling it with those words; the teaser's group joined
    the post's, a false 'misattributed'. A one-word quote ("gun") is no teaser of a statement
    that happens to use the word either, even one whose speaker is unknown."""
    post = "A man asks Marsh about the pipelines and Marsh tells him to go vote for someone else. Awkward"
    text = (
        'Marsh told him "Go vote for someone else." A resident wrote: '
        f'"{post}" said Dana Reyes. The officer, Aaron Dean, said he saw a "gun". '
        '"Why would you publish that she had a gun in her home?" he asked.'
    )
    quotes: list[tuple[str, str | None]] = [
        ("Go vote for someone else.", MARSH),
        (post, "Dana Reyes"),
        ("gun", "Aaron Dean"),
        ("Why would you publish that she had a gun in her home?", None),
    ]
    groups = compare([make_article("a", text, quotes), make_article("b", text, quotes)]).groups
    assert sorted(sorted({o.quote_id for o in g.occurrences}) for g in groups) == [
        ["q1"],
        ["q2"],
        ["q3"],
        ["q4"],
    ]
    assert {g.relation for g in groups} == {"verbatim"}


def test_a_short_quote_in_the_same_narration_is_one_utterance_without_a_speaker() -> None:
    """Twentieth session (compare_perturb): wire copy run by two outlets prints the same scare
    quote ("obstruction of justice.") in the same sentence, with no speaker the engine could name;
    it was 'single_source' in each. The same words in other narration stay apart."""
    same = 'Few voiced any fear of "obstruction of justice." at the hearing on Monday, aides said.'
    other = 'The memo never used the words "obstruction of justice." in any of its nine pages.'
    quotes: list[tuple[str, str | None]] = [("obstruction of justice.", None)]
    a = make_article("a", same, quotes)
    b = make_article("b", same, quotes)
    c = make_article("c", other, quotes)
    groups = compare([a, b, c]).groups
    assert sorted(sorted(o.doc for o in g.occurrences) for g in groups) == [["a", "b"], ["c"]]
    (pair,) = [g for g in groups if len(g.occurrences) == 2]
    assert pair.relation == "verbatim"


def test_a_line_said_again_does_not_decide_how_the_other_outlet_rendered_it() -> None:
    """Twentieth session, on ../shared/examples: one outlet quotes the line, then its repetition
    with "No," in front; the other quotes the line once, with "Oh my God." added. The repetition
    was taken for the outlet's full quote, so the group read 'altered' ("Oh my God" against "No").
    Neither rendering is a fragment of the other: the one closest to the other outlet's speaks
    for the outlet, and the group is 'partial' (the repetition stays in it, itself 'altered')."""
    line = "When I'm talking you're not talking."
    again = "No, when I'm talking you're not talking."
    a = make_article(
        "a",
        f'She said: "{line}" He apologised before she repeated: "{again}"',
        [(line, MARSH), (again, MARSH)],
    )
    b_line = "Oh my God. When I'm talking, you're not talking,"
    b = make_article("b", f'She snapped, "{b_line}" before repeating it.', [(b_line, MARSH)])
    (g,) = compare([a, b]).groups
    assert g.relation == "partial"
    assert sorted((o.doc, o.quote_id, o.relation) for o in g.occurrences) == [
        ("a", "q1", "partial"),
        ("a", "q2", "altered"),
        ("b", "q1", "verbatim"),
    ]


def test_a_quote_under_the_threshold_is_shown_when_another_outlet_prints_it_too() -> None:
    """QA helper, twentieth session: a lead whose attribution "..." cut off gave its quote a low
    confidence, the default threshold hid it, and the other outlet's copy of the same words was
    a false 'single_source' (4 of 25 real stories). Compared with a threshold, a quote under it
    is shown when another outlet's quote at it shares its words; one nobody confirms stays out."""
    from dataclasses import replace

    line = "We will rebuild the harbor bridge by May, whatever it costs the city."
    alone = "The ferry will run every hour until then, and the fares stay as they are."
    a = make_article("a", f'"{line}" Marsh said.', [(line, MARSH)])
    b = make_article("b", f'Marsh ... "{line}" And: "{alone}"', [(line, MARSH), (alone, MARSH)])
    b = replace(b, quotes=tuple(replace(q, confidence=0.1) for q in b.quotes))
    cmp = compare([a, b], min_confidence=0.3)
    assert [(g.relation, sorted(o.doc for o in g.occurrences)) for g in cmp.groups] == [
        ("verbatim", ["a", "b"])
    ]
    assert [q.id for q in cmp.articles[1].quotes] == ["q1"], "the unconfirmed quote stays hidden"
    assert [g.relation for g in compare([a, b]).groups] == ["verbatim", "single_source"]  # no threshold


def test_two_outlets_printing_one_sentence_unsure_of_both_confirm_each_other() -> None:
    """A lead's unattributed sentence that both outlets print in quotation marks is a quotation
    however unsure the engine is of each; two unsure renderings of a few words (a scare quote
    in both) are not shown."""
    from dataclasses import replace

    line = "This now triggers the next phase of the process, a period of thirty days."
    short = "absolutely unacceptable"
    arts = [
        make_article(
            d,
            f'The office said ... "{line}" Critics called it "{short}" later.',
            [(line, None), (short, None)],
        )
        for d in ("a", "b")
    ]
    arts = [replace(x, quotes=tuple(replace(q, confidence=0.1) for q in x.quotes)) for x in arts]
    cmp = compare(arts, min_confidence=0.3)
    assert [sorted(o.doc for o in g.occurrences) for g in cmp.groups] == [["a", "b"]]
    assert all(len(a.quotes) == 1 for a in cmp.articles)


def test_a_report_nested_in_another_of_its_speaker_joins_its_group() -> None:
    """QA helper, twentieth session: "said he does not expect closures because he believes the
    pier is safe" gives a second attribution nested in the first; alone it was a group of its
    own, one more "single source" alarm for words already shown (8 of 25 real stories)."""
    from dataclasses import replace

    from sayso.model import Span

    outer = "he does not expect new closures because he believes the pier is safe"
    inner = "the pier is safe"
    a = with_kinds(make_article("a", f"Marsh said {outer}.", [(outer, MARSH)]), ["indirect"])
    at = a.text.index(inner)
    nested = replace(
        a.quotes[0], id="q2", content=inner, content_spans=(Span.of(a.text, at, at + len(inner)),)
    )
    a = replace(a, quotes=(*a.quotes, nested))
    b = with_kinds(make_article("b", f"Marsh said {outer}.", [(outer, MARSH)]), ["indirect"])
    (g,) = compare([a, b]).groups
    assert sorted((o.doc, o.quote_id) for o in g.occurrences) == [("a", "q1"), ("a", "q2"), ("b", "q1")]
    other = with_kinds(make_article("c", f"Dana Reyes said {inner}.", [(inner, "Dana Reyes")]), ["indirect"])
    groups = compare([a, other]).groups
    assert sorted(sorted(o.doc for o in g.occurrences) for g in groups) == [["a", "a"], ["c"]]


def test_the_name_of_a_work_in_a_mixed_quote_is_no_quoted_word() -> None:
    """Twentieth session: a mixed quote around a blog's name ('The blog, titled “From the Desk of
    ...,” has been shut down and “will not be returning”') was compared on the name too."""
    from sayso.compare.normalize import quoted_spans

    text = (
        'The blog, titled "From the Desk of Mayor Lena Varga," is shut and "will not be returning," he said.'
    )
    assert [text[a:b] for a, b in quoted_spans(text)] == ["will not be returning,"]
    text = 'She said the plan was "Reckless And Dangerous" on Monday.'
    assert [text[a:b] for a, b in quoted_spans(text)] == ["Reckless And Dangerous"]
    # QA helper, twentieth session: a law's name, one given by "dubbed", a programme before its host
    text = 'Dubbed the "Harbor Fairness Act," it passed; he told "Morning Harbor" host Ana Ruiz "we won."'
    assert [text[a:b] for a, b in quoted_spans(text)] == ["we won."]
