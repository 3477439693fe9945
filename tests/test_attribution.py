"""Stage 2 (cues, contents, sources) on Docs built by hand, so the rules are tested without a model.

Each hand-built Doc carries the parse the rules read: heads, dependency labels, POS and lemmas.
Model-backed tests on short articles follow at the end, marked ``model``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import spacy
from hypothesis import given, settings
from hypothesis import strategies as st
from spacy.tokens import Doc

from sayso.quotes.attribution import attribute
from sayso.quotes.cues import CueLexicon, load_lexicon
from sayso.quotes.marks import scan_quotes
from sayso.quotes.rules import DEFAULT_RULES
from sayso.quotes.types import MarkedQuote, RawAttribution

_VOCAB = spacy.blank("en").vocab
_NO_SPACE_BEFORE = {",", ".", "”", ":", "?", "!", "\n"}
_NO_SPACE_AFTER = {"“", "\n"}

Tok = tuple[str, int, str, str, str]  # word, head (absolute index), dep, pos, lemma


def make_doc(*sentences: list[Tok]) -> Doc:
    """A parsed Doc from sentences of tokens; heads are indices within each sentence."""
    words: list[str] = []
    heads: list[int] = []
    deps: list[str] = []
    pos: list[str] = []
    lemmas: list[str] = []
    for sent in sentences:
        offset = len(words)
        for word, head, dep, tag, lemma in sent:
            words.append(word)
            heads.append(head + offset)
            deps.append(dep)
            pos.append(tag)
            lemmas.append(lemma or word.lower())
    spaces = [
        i + 1 < len(words) and w not in _NO_SPACE_AFTER and words[i + 1] not in _NO_SPACE_BEFORE
        for i, w in enumerate(words)
    ]
    return Doc(_VOCAB, words=words, spaces=spaces, heads=heads, deps=deps, pos=pos, lemmas=lemmas)


def run(doc: Doc) -> list[RawAttribution]:
    return attribute(doc, scan_quotes(doc.text))


def texts(doc: Doc, attr: RawAttribution) -> dict[str, Any]:
    """The attribution as text, so assertions read like the sentence."""
    t = doc.text

    def cut(span: tuple[int, int] | None) -> str | None:
        return t[span[0] : span[1]] if span else None

    return {
        "kind": attr.kind,
        "content": [t[a:b] for a, b in attr.content],
        "cue": cut(attr.cue),
        "source": cut(attr.source),
    }


def only(doc: Doc) -> dict[str, Any]:
    found = run(doc)
    assert len(found) == 1, [texts(doc, a) for a in found]
    return texts(doc, found[0])


SAID_THAT: list[Tok] = [
    ("Smith", 1, "nsubj", "PROPN", "Smith"),
    ("said", 1, "ROOT", "VERB", "say"),
    ("that", 5, "mark", "SCONJ", "that"),
    ("taxes", 5, "nsubj", "NOUN", "tax"),
    ("will", 5, "aux", "AUX", "will"),
    ("rise", 1, "ccomp", "VERB", "rise"),
    (".", 1, "punct", "PUNCT", "."),
]

QUOTE_THEN_CUE: list[Tok] = [
    ("“", 7, "punct", "PUNCT", ""),
    ("We", 3, "nsubj", "PRON", "we"),
    ("will", 3, "aux", "AUX", "will"),
    ("win", 7, "ccomp", "VERB", "win"),
    (",", 3, "punct", "PUNCT", ","),
    ("”", 7, "punct", "PUNCT", ""),
    ("she", 7, "nsubj", "PRON", "she"),
    ("said", 7, "ROOT", "VERB", "say"),
    (".", 7, "punct", "PUNCT", "."),
]


def test_indirect_said_that() -> None:
    got = only(make_doc(SAID_THAT))
    assert got == {"kind": "indirect", "content": ["that taxes will rise"], "cue": "said", "source": "Smith"}


def test_direct_quote_with_cue_after() -> None:
    got = only(make_doc(QUOTE_THEN_CUE))
    assert got["kind"] == "direct"
    assert got["content"][0].startswith("We will win")
    assert (got["cue"], got["source"]) == ("said", "she")


def test_split_quote_is_one_attribution_with_two_contents() -> None:
    doc = make_doc(
        [
            ("“", 7, "punct", "PUNCT", ""),
            ("It", 2, "nsubj", "PRON", "it"),
            ("is", 7, "ccomp", "AUX", "be"),
            ("great", 2, "acomp", "ADJ", "great"),
            (",", 2, "punct", "PUNCT", ","),
            ("”", 7, "punct", "PUNCT", ""),
            ("Alec", 7, "nsubj", "PROPN", "Alec"),
            ("said", 7, "ROOT", "VERB", "say"),
            (",", 7, "punct", "PUNCT", ","),
            ("“", 7, "punct", "PUNCT", ""),
            ("you", 12, "nsubj", "PRON", "you"),
            ("will", 12, "aux", "AUX", "will"),
            ("see", 7, "ccomp", "VERB", "see"),
            (".", 12, "punct", "PUNCT", "."),
            ("”", 7, "punct", "PUNCT", ""),
        ]
    )
    got = only(doc)
    assert got["kind"] == "direct"
    assert [c.rstrip(",.") for c in got["content"]] == ["It is great", "you will see"]
    assert (got["cue"], got["source"]) == ("said", "Alec")


def test_according_to() -> None:
    doc = make_doc(
        [
            ("According", 6, "prep", "VERB", "accord"),
            ("to", 0, "prep", "ADP", "to"),
            ("the", 3, "det", "DET", "the"),
            ("poll", 1, "pobj", "NOUN", "poll"),
            (",", 6, "punct", "PUNCT", ","),
            ("Clinton", 6, "nsubj", "PROPN", "Clinton"),
            ("leads", 6, "ROOT", "VERB", "lead"),
            (".", 6, "punct", "PUNCT", "."),
        ]
    )
    assert only(doc) == {
        "kind": "indirect",
        "content": ["Clinton leads"],
        "cue": "According to",
        "source": "the poll",
    }


def test_cue_inside_the_content() -> None:
    doc = make_doc(
        [
            ("The", 1, "det", "DET", "the"),
            ("economy", 6, "nsubj", "NOUN", "economy"),
            (",", 4, "punct", "PUNCT", ","),
            ("she", 4, "nsubj", "PRON", "she"),
            ("said", 6, "parataxis", "VERB", "say"),
            (",", 4, "punct", "PUNCT", ","),
            ("is", 6, "ROOT", "AUX", "be"),
            ("strong", 6, "acomp", "ADJ", "strong"),
            (".", 6, "punct", "PUNCT", "."),
        ]
    )
    assert only(doc) == {
        "kind": "indirect",
        "content": ["The economy", "is strong"],
        "cue": "said",
        "source": "she",
    }


def test_belief_is_an_attribution() -> None:
    doc = make_doc(
        [
            ("Voters", 1, "nsubj", "NOUN", "voter"),
            ("believe", 1, "ROOT", "VERB", "believe"),
            ("that", 6, "mark", "SCONJ", "that"),
            ("the", 3, "det", "DET", "the"),
            ("economy", 6, "nsubj", "NOUN", "economy"),
            ("is", 6, "aux", "AUX", "be"),
            ("weakening", 1, "ccomp", "VERB", "weaken"),
            (".", 1, "punct", "PUNCT", "."),
        ]
    )
    got = only(doc)
    assert (got["cue"], got["source"], got["content"]) == (
        "believe",
        "Voters",
        ["that the economy is weakening"],
    )


def test_passive_cue_takes_the_agent_as_source() -> None:
    doc = make_doc(
        [
            ("It", 2, "nsubjpass", "PRON", "it"),
            ("was", 2, "auxpass", "AUX", "be"),
            ("announced", 2, "ROOT", "VERB", "announce"),
            ("by", 2, "agent", "ADP", "by"),
            ("officials", 3, "pobj", "NOUN", "official"),
            ("that", 8, "mark", "SCONJ", "that"),
            ("schools", 8, "nsubj", "NOUN", "school"),
            ("would", 8, "aux", "AUX", "would"),
            ("close", 2, "ccomp", "VERB", "close"),
            (".", 2, "punct", "PUNCT", "."),
        ]
    )
    got = only(doc)
    assert got["source"] == "officials"
    assert got["content"] == ["that schools would close"]


def test_verb_that_is_no_cue_is_not_attributed() -> None:
    doc = make_doc(
        [
            ("Smith", 1, "nsubj", "PROPN", "Smith"),
            ("varnished", 1, "ROOT", "VERB", "varnish"),
            ("the", 3, "det", "DET", "the"),
            ("fence", 1, "dobj", "NOUN", "fence"),
            (".", 1, "punct", "PUNCT", "."),
        ]
    )
    assert run(doc) == []


def test_scare_quote_is_not_attributed() -> None:
    doc = make_doc(
        [
            ("The", 3, "det", "DET", "the"),
            ("so-called", 3, "amod", "ADJ", "so-called"),
            ("“", 3, "punct", "PUNCT", ""),
            ("deal", 5, "nsubj", "NOUN", "deal"),
            ("”", 3, "punct", "PUNCT", ""),
            ("collapsed", 5, "ROOT", "VERB", "collapse"),
            (".", 5, "punct", "PUNCT", "."),
        ]
    )
    assert scan_quotes(doc.text), "the scanner should see the quoted word"
    assert all(a.confidence < 0.5 for a in run(doc))


SAID_COLON: list[Tok] = [
    ("Smith", 1, "nsubj", "PROPN", "Smith"),
    ("said", 1, "ROOT", "VERB", "say"),
    (":", 1, "punct", "PUNCT", ":"),
    ("\n", 2, "dep", "SPACE", "\n"),
]

WE_WILL_WIN: list[Tok] = [
    ("“", 3, "punct", "PUNCT", ""),
    ("We", 3, "nsubj", "PRON", "we"),
    ("will", 3, "aux", "AUX", "will"),
    ("win", 3, "ROOT", "VERB", "win"),
    (".", 3, "punct", "PUNCT", "."),
    ("”", 3, "punct", "PUNCT", ""),
]


def test_quote_paragraph_after_a_colon_cue() -> None:
    doc = make_doc(SAID_COLON, WE_WILL_WIN)
    assert doc.text == "Smith said:\n“We will win.”"
    got = only(doc)
    assert got["kind"] == "direct"
    assert got["content"][0].startswith("We will win")
    assert (got["cue"], got["source"]) == ("said", "Smith")


def test_quote_paragraph_continues_the_previous_quote() -> None:
    newline: list[Tok] = [("\n", 0, "ROOT", "SPACE", "\n")]
    doc = make_doc(QUOTE_THEN_CUE, newline, WE_WILL_WIN)
    got = only(doc)
    assert len(got["content"]) == 2
    assert got["source"] == "she"


def test_unclosed_quote_does_not_stop_the_rest() -> None:
    stray: list[Tok] = [
        ("“", 3, "punct", "PUNCT", ""),
        ("Nothing", 3, "nsubj", "PRON", "nothing"),
        ("is", 3, "aux", "AUX", "be"),
        ("settled", 3, "ROOT", "VERB", "settle"),
        ("\n", 3, "dep", "SPACE", "\n"),
    ]
    doc = make_doc(stray, SAID_THAT)
    found = [texts(doc, a) for a in run(doc)]
    assert {
        "kind": "indirect",
        "content": ["that taxes will rise"],
        "cue": "said",
        "source": "Smith",
    } in found


def test_cue_does_not_claim_the_next_paragraph() -> None:
    """The parser ran one sentence over a paragraph break: the quote there has its own cue."""
    doc = make_doc(
        [
            ("Smith", 1, "nsubj", "PROPN", "Smith"),
            ("said", 1, "ROOT", "VERB", "say"),
            ("\n", 1, "dep", "SPACE", "\n"),
            ("“", 1, "punct", "PUNCT", ""),
            ("We", 5, "nsubj", "PRON", "we"),
            ("won", 1, "ccomp", "VERB", "win"),
            (",", 5, "punct", "PUNCT", ","),
            ("”", 1, "punct", "PUNCT", ""),
            ("Jones", 9, "nsubj", "PROPN", "Jones"),
            ("added", 1, "conj", "VERB", "add"),
            (".", 1, "punct", "PUNCT", "."),
        ]
    )
    assert doc.text == "Smith said\n“We won,” Jones added."
    got = only(doc)
    assert (got["cue"], got["source"], got["kind"]) == ("added", "Jones", "direct")


def test_speaker_outside_the_quote_when_the_parse_puts_the_subject_inside() -> None:
    """“..., McCain,” Trump said: the parser gave 'said' two subjects; the speaker is outside."""
    doc = make_doc(
        [
            ("“", 4, "punct", "PUNCT", ""),
            ("I", 2, "nsubj", "PRON", "I"),
            ("like", 4, "ccomp", "VERB", "like"),
            ("McCain", 4, "nsubj", "PROPN", "McCain"),
            ("said", 4, "ROOT", "VERB", "say"),
            ("Trump", 4, "nsubj", "PROPN", "Trump"),
            (".", 4, "punct", "PUNCT", "."),
        ]
    )
    # The closing mark is left out of the words; the mark is given by hand instead.
    marks = [MarkedQuote(spans=((doc[1].idx, doc[3].idx + len(doc[3].text)),), open_mark="“", close_mark="”")]
    (attr,) = attribute(doc, marks)
    assert attr.source is not None
    assert doc.text[attr.source[0] : attr.source[1]] == "Trump"


def test_clause_before_a_colon_introduces_the_quote() -> None:
    """No lexicon verb: 'Cruz called them on it: “...”' still names the speaker."""
    doc = make_doc(
        [
            ("Cruz", 1, "nsubj", "PROPN", "Cruz"),
            ("scolded", 1, "ROOT", "VERB", "scold"),
            ("them", 1, "dobj", "PRON", "they"),
            (":", 1, "punct", "PUNCT", ":"),
        ],
        [
            ("“", 3, "punct", "PUNCT", ""),
            ("Nobody", 3, "nsubj", "PRON", "nobody"),
            ("trusts", 3, "aux", "VERB", "trust"),
            ("you", 3, "ROOT", "PRON", "you"),
            (".", 3, "punct", "PUNCT", "."),
            ("”", 3, "punct", "PUNCT", ""),
        ],
    )
    found = [texts(doc, a) for a in run(doc)]
    direct = [a for a in found if a["kind"] == "direct"]
    assert direct and direct[0]["source"] == "Cruz"
    assert direct[0]["content"][0].startswith("Nobody trusts you")


def test_empty_document() -> None:
    assert attribute(Doc(_VOCAB, words=[]), []) == []


def test_lexicon_smoothing_trusts_evidence_over_the_prior() -> None:
    lex = CueLexicon.build({"ccomp": {"say": (95, 100), "paint": (0, 50), "opine": (1, 1)}})
    assert lex.confidence("ccomp", "say") > 0.9
    assert lex.confidence("ccomp", "paint") < 0.05
    # one observation moves an unknown lemma, but not to certainty
    assert lex.confidence("ccomp", "opine") < lex.confidence("ccomp", "say")
    assert lex.confidence("ccomp", "unheard") < DEFAULT_RULES.min_confidence
    assert "opine" in lex.lemmas and "paint" not in lex.lemmas


def test_packaged_lexicon_loads() -> None:
    lex = load_lexicon()
    assert lex.confidence("ccomp", "say") >= DEFAULT_RULES.min_confidence
    assert lex.confidence("accord", "according to") >= DEFAULT_RULES.min_confidence


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 40), st.integers(0, 40), st.booleans(), st.integers(0, 2)),
        max_size=8,
    )
)
def test_any_marks_give_spans_inside_the_text(raw: list[tuple[int, int, bool, int]]) -> None:
    doc = make_doc(QUOTE_THEN_CUE, SAID_THAT)
    n = len(doc.text)
    marks = [
        MarkedQuote(spans=((min(a, b) % n, max(a, b) % n),), open_mark="“", close_mark="”", closed=c, depth=d)
        for a, b, c, d in raw
    ]
    for attr in attribute(doc, marks):
        assert 0.0 <= attr.confidence <= 1.0
        assert attr.kind in ("direct", "indirect", "mixed")
        for a, b in (*attr.content, *(s for s in (attr.cue, attr.source) if s)):
            assert 0 <= a <= b <= n


# --- with the model -------------------------------------------------------------------------
def model_attrs(nlp: Any, text: str) -> list[dict[str, Any]]:
    doc = nlp(text)
    return [texts(doc, a) for a in doc._.sayso_attributions]


def find(attrs: list[dict[str, Any]], needle: str) -> dict[str, Any]:
    hits = [a for a in attrs if any(needle in c for c in a["content"])]
    assert hits, f"no attribution contains {needle!r}: {attrs}"
    return hits[0]


@pytest.mark.model
def test_model_split_quote(nlp: Any) -> None:
    attrs = model_attrs(nlp, "“The bridge will open in May,” Mayor Ana Ruiz said, “and not a day later.”")
    got = find(attrs, "bridge will open")
    assert got["kind"] == "direct" and got["source"] == "Mayor Ana Ruiz"
    assert any("not a day later" in c for c in got["content"])


@pytest.mark.model
def test_model_colon_and_following_paragraphs(nlp: Any) -> None:
    text = (
        "The coach was blunt after the match. He told the players:\n"
        "“We lost because we stopped running.\n"
        "“Next week we run for ninety minutes.”\n"
        "The club declined to comment."
    )
    got = find(model_attrs(nlp, text), "stopped running")
    assert got["source"] == "He" and got["kind"] == "direct"
    assert any("ninety minutes" in c for c in got["content"])


@pytest.mark.model
def test_model_according_to_and_said_that(nlp: Any) -> None:
    text = (
        "According to the county clerk, turnout reached a record high. "
        "The governor said that the new machines had worked well."
    )
    attrs = model_attrs(nlp, text)
    assert find(attrs, "turnout reached")["source"] == "the county clerk"
    got = find(attrs, "new machines")
    assert (got["source"], got["kind"]) == ("The governor", "indirect")


@pytest.mark.model
def test_model_belief(nlp: Any) -> None:
    got = find(model_attrs(nlp, "Most farmers believe the drought will last another year."), "drought")
    assert got["source"] == "Most farmers"


@pytest.mark.model
def test_model_dash_attribution(nlp: Any) -> None:
    text = "Readers wrote in about the festival.\n“Best weekend of the summer, no question.” ― Dana Whitfield"
    got = find(model_attrs(nlp, text), "Best weekend")
    assert got["source"] == "Dana Whitfield"


@pytest.mark.model
def test_model_scare_quote_and_stray_marks(nlp: Any) -> None:
    text = (
        "The council approved the so-called “green deal” on Monday. "
        "A stray mark ” here and “ there must not matter.\n"
        "The treasurer said the budget was balanced."
    )
    attrs = model_attrs(nlp, text)
    assert not [a for a in attrs if any("green deal" in c for c in a["content"]) and a["kind"] == "direct"]
    assert find(attrs, "budget was balanced")["source"] == "The treasurer"


@pytest.mark.model
def test_model_narration_between_quotes_makes_a_new_utterance_of_the_same_speaker(nlp: Any) -> None:
    text = (
        "“We will rebuild the pier,” Mayor Ana Ruiz said.\n\n"
        "The crowd cheered for a long time before the band played. “Then we open it to everyone.”"
    )
    attrs = model_attrs(nlp, text)
    first, then = find(attrs, "rebuild the pier"), find(attrs, "open it to everyone")
    assert first is not then and not any("open it" in c for c in first["content"])
    assert then["source"] == first["source"] == "Mayor Ana Ruiz"


@pytest.mark.model
def test_model_a_title_between_two_quotes_neither_joins_them_nor_breaks_them(nlp: Any) -> None:
    text = (
        '“The city has spent millions of dollars to keep the pier open," Mayor Ruiz said on '
        'WKRP\'s "Morning Show." "So it is absolutely the city\'s business if we keep spending money."'
    )
    got = find(model_attrs(nlp, text), "keep the pier open")
    assert got["source"] == "Mayor Ruiz"
    assert any("keep spending money" in c for c in got["content"])
    assert not any("Morning Show" in c for c in got["content"])


@pytest.mark.model
def test_model_the_one_praised_or_accused_for_saying_it_said_it(nlp: Any) -> None:
    """Fourteenth session: 'praised Smith for saying', 'accused the mayor of claiming': the object
    spoke (``sources._object_controller``); not a thing ('gave the plan two stars for ...'),
    nor a negated gerund, nor a gerund that is no verb of saying."""
    text = (
        "Voters praised Senator Ada Smith for saying that the bridge would open in May. "
        "Rivals accused the mayor of claiming that the dam was safe. "
        "Critics faulted the mayor for not saying that the road was closed."
    )
    said = {
        a["content"][0]: a["source"] for a in model_attrs(nlp, text) if a["cue"] in ("saying", "claiming")
    }
    assert said["that the bridge would open in May"] == "Senator Ada Smith"
    assert said["that the dam was safe"] == "the mayor"
    assert said["that the road was closed"] == "Critics"


@pytest.mark.model
def test_model_a_dateline_is_no_part_of_what_was_said(nlp: Any) -> None:
    """Fourteenth session: 'WESTMERE — The Harbour Street bridge will reopen ..., Mayor Ann Pike
    announced' (the demo article, ours): the place the story was filed from is cut from the
    content (``trims._without_dateline``)."""
    text = (
        Path(__file__).resolve().parent.parent / "examples" / "articles" / "harbour-bridge.txt"
    ).read_text()
    got = find(model_attrs(nlp, text), "bridge will reopen to traffic")
    assert got["content"][0].startswith("The Harbour Street bridge") and got["source"] == "Mayor Ann Pike"


@pytest.mark.model
def test_model_a_subject_the_parser_stranded_before_its_cue_still_speaks(nlp: Any) -> None:
    """Fifteenth session: with an opening phrase and an apposition before the cue, the small
    model hangs the name on the opening phrase ("At Pine Hollow, Jay Marchetti, ...": an
    apposition of "Pine Hollow"), makes the opening participle the subject ("Worried by ...,
    Mayor Lena Ruiz, ..."), or reads the name as the subject of a clause of its own ("Jeffrey
    Dunmore, a ... rabbi helping ...": "rabbi" a verb); the cue had no speaker, and the
    apposition became content (``misreads.stranded_subject``). A name addressed is no speaker
    ("Gerald, thank you ...")."""
    text = (
        "At Pine Hollow, Jay Marchetti, the club's 71-year-old president and treasurer, suggested "
        "that the losses of some of his rivals could be blamed on poor management.\n\n"
        "Jeffrey Dunmore, a Lakewood, Fla., rabbi helping to organize the vigil, said he and other "
        "rabbis were alarmed about the mayor's remarks.\n\n"
        "Worried by the protests in Ohio, Mayor Lena Ruiz, the city's first Latina mayor, said "
        "that she had called the police chief.\n\n"
        "Gerald, thank you for your letter to the council."
    )
    attrs = model_attrs(nlp, text)
    assert find(attrs, "the losses of some of his rivals")["source"] == "Jay Marchetti"
    rabbi = find(attrs, "other rabbis were alarmed")
    assert rabbi["source"] == "Jeffrey Dunmore"
    assert rabbi["content"] == ["he and other rabbis were alarmed about the mayor's remarks"]
    assert find(attrs, "she had called the police chief")["source"] == "Mayor Lena Ruiz"
    assert all(a["source"] != "Gerald" for a in attrs)


@pytest.mark.model
def test_model_who_said_it_in_a_statement_wrote_the_statement(nlp: Any) -> None:
    """Fifteenth session: in "Norvale said in a statement that ..." the model may read the
    clause as the statement's, and the statement as the cue; it had no source, though the
    company said it (``candidates._medium_of_saying``). Not for "the claim that ..." after
    another verb ("responded to the claim that ..."): someone else's claim."""
    text = (
        "Norvale said in a statement that no employees were harmed. "
        "The chief executive said the plant would close.\n\n"
        "The council responded to the claim that the dam had leaked."
    )
    attrs = model_attrs(nlp, text)
    assert find(attrs, "no employees were harmed")["source"] == "Norvale"
    assert all(a["source"] != "The council" for a in attrs if a["cue"] == "claim")


@pytest.mark.model
def test_model_of_two_subjects_the_one_right_before_the_cue_speaks(nlp: Any) -> None:
    """Sixteenth session: the small model gives "said" two subjects in "His final assessment: “...,”
    he said" (the phrase before the colon, and "he"); the one right before the verb is its
    own (``sources._nearest_subject_first``). A preposition's object misread as a subject is
    not ("a post made hours before the shootings said")."""
    text = (
        "Okafor was blunt. His final assessment: “It’s not quite optimistic,” he said. "
        "“We’re hopeful.”\n\n"
        "The last post made on that account a few hours before the shootings said, “I did my best.”"
    )
    attrs = model_attrs(nlp, text)
    assert find(attrs, "not quite optimistic")["source"] == "he"
    assert find(attrs, "I did my best")["source"].startswith("The last post")
