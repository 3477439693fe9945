"""Where contents end, and a digest's "heading - NAME: “…”" speaker, on hand-made parses.

The parses are written by hand (see ``test_attribution.make_doc``), so these tests need no model
and pin the rule, not the model's reading of one sentence.
"""

from __future__ import annotations

from typing import Any

import pytest
import spacy
from spacy.tokens import Doc
from test_attribution import Tok, find, make_doc, model_attrs, run, texts


def _indirect(tokens: list[Tok]) -> list[str]:
    doc = make_doc(tokens)
    found = [texts(doc, a) for a in run(doc) if a.kind == "indirect"]
    assert len(found) == 1, found
    return list(found[0]["content"])


def test_a_cue_object_keeps_what_it_is_about_and_drops_the_scene() -> None:
    # "Smith criticized the mayor for the delays at a rally ."
    tokens: list[Tok] = [
        ("Smith", 1, "nsubj", "PROPN", "Smith"),
        ("criticized", 1, "ROOT", "VERB", "criticize"),
        ("the", 3, "det", "DET", "the"),
        ("mayor", 1, "dobj", "NOUN", "mayor"),
        ("for", 1, "prep", "ADP", "for"),
        ("the", 6, "det", "DET", "the"),
        ("delays", 4, "pobj", "NOUN", "delay"),
        ("at", 1, "prep", "ADP", "at"),
        ("a", 9, "det", "DET", "a"),
        ("rally", 7, "pobj", "NOUN", "rally"),
        (".", 1, "punct", "PUNCT", "."),
    ]
    assert _indirect(tokens) == ["the mayor for the delays"]


def test_a_phrase_after_the_scene_is_not_content_either() -> None:
    # "Smith described the plan on Monday as a failure ." : "on Monday" sets the scene; what
    # follows it is cut too, so the content stays one contiguous phrase.
    tokens: list[Tok] = [
        ("Smith", 1, "nsubj", "PROPN", "Smith"),
        ("described", 1, "ROOT", "VERB", "describe"),
        ("the", 3, "det", "DET", "the"),
        ("plan", 1, "dobj", "NOUN", "plan"),
        ("on", 1, "prep", "ADP", "on"),
        ("Monday", 4, "pobj", "PROPN", "Monday"),
        ("as", 1, "prep", "ADP", "as"),
        ("a", 8, "det", "DET", "a"),
        ("failure", 6, "pobj", "NOUN", "failure"),
        (".", 1, "punct", "PUNCT", "."),
    ]
    assert _indirect(tokens) == ["the plan"]


def test_the_name_between_a_dash_and_the_colon_speaks_the_quote() -> None:
    # 'Markets did predict the rally - Dana Ortiz: “Investors believe it.”'
    doc = make_doc(
        [
            ("Markets", 2, "nsubj", "NOUN", "market"),
            ("did", 2, "aux", "AUX", "do"),
            ("predict", 2, "ROOT", "VERB", "predict"),
            ("the", 4, "det", "DET", "the"),
            ("rally", 2, "dobj", "NOUN", "rally"),
            ("-", 2, "punct", "PUNCT", "-"),
            ("Dana", 7, "compound", "PROPN", "Dana"),
            ("Ortiz", 2, "npadvmod", "PROPN", "Ortiz"),
            (":", 2, "punct", "PUNCT", ":"),
        ],
        [
            ("“", 2, "punct", "PUNCT", ""),
            ("Investors", 2, "nsubj", "NOUN", "investor"),
            ("believe", 2, "ROOT", "VERB", "believe"),
            ("it", 2, "dobj", "PRON", "it"),
            (".", 2, "punct", "PUNCT", "."),
            ("”", 2, "punct", "PUNCT", ""),
        ],
    )
    direct = [texts(doc, a) for a in run(doc) if a.kind == "direct"]
    assert len(direct) == 1, direct
    assert direct[0]["source"] == "Dana Ortiz"
    assert direct[0]["content"][0].startswith("Investors believe it")


def test_the_name_between_the_quote_and_the_cue_speaks_not_the_listener() -> None:
    # '“We will win,” Jo Ruiz tells the Gazette.' with the parser missing Ruiz as the subject:
    # the Gazette after "tells" is the listener; the name before the cue is the speaker.
    doc = make_doc(
        [
            ("“", 8, "punct", "PUNCT", ""),
            ("We", 3, "nsubj", "PRON", "we"),
            ("will", 3, "aux", "AUX", "will"),
            ("win", 8, "ccomp", "VERB", "win"),
            (",", 3, "punct", "PUNCT", ","),
            ("”", 8, "punct", "PUNCT", ""),
            ("Jo", 7, "compound", "PROPN", "Jo"),
            ("Ruiz", 8, "npadvmod", "PROPN", "Ruiz"),
            ("tells", 8, "ROOT", "VERB", "tell"),
            ("the", 10, "det", "DET", "the"),
            ("Gazette", 8, "dobj", "PROPN", "Gazette"),
            (".", 8, "punct", "PUNCT", "."),
        ]
    )
    direct = [texts(doc, a) for a in run(doc) if a.kind == "direct"]
    assert len(direct) == 1, direct
    assert (direct[0]["cue"], direct[0]["source"]) == ("tells", "Jo Ruiz")


def test_the_subject_of_a_passive_cue_is_part_of_what_is_said() -> None:
    # "Trump is expected to unveil a new ad ." : nobody named speaks; "Trump" belongs to the
    # content, as a piece before the cue, and there is no source.
    doc = make_doc(
        [
            ("Trump", 2, "nsubjpass", "PROPN", "Trump"),
            ("is", 2, "auxpass", "AUX", "be"),
            ("expected", 2, "ROOT", "VERB", "expect"),
            ("to", 4, "aux", "PART", "to"),
            ("unveil", 2, "xcomp", "VERB", "unveil"),
            ("a", 7, "det", "DET", "a"),
            ("new", 7, "amod", "ADJ", "new"),
            ("ad", 4, "dobj", "NOUN", "ad"),
            (".", 2, "punct", "PUNCT", "."),
        ]
    )
    found = [texts(doc, a) for a in run(doc) if a.kind == "indirect"]
    assert found == [
        {"kind": "indirect", "content": ["Trump", "to unveil a new ad"], "cue": "expected", "source": None}
    ]


def test_an_active_cue_keeps_its_subject_as_the_source() -> None:
    # "Trump wants to unveil a new ad ." : the same infinitive, but Trump is who wants it.
    doc = make_doc(
        [
            ("Trump", 1, "nsubj", "PROPN", "Trump"),
            ("expects", 1, "ROOT", "VERB", "expect"),
            ("to", 3, "aux", "PART", "to"),
            ("unveil", 1, "xcomp", "VERB", "unveil"),
            ("a", 5, "det", "DET", "a"),
            ("ad", 3, "dobj", "NOUN", "ad"),
            (".", 1, "punct", "PUNCT", "."),
        ]
    )
    found = [texts(doc, a) for a in run(doc) if a.kind == "indirect"]
    assert [(f["content"], f["source"]) for f in found] == [(["to unveil a ad"], "Trump")]


def test_a_cue_inside_its_own_content_is_cut_out() -> None:
    # "He gave a sentence , which I said was not fair ." : the relative pronoun fronts the
    # content before "I said"; the content is "which" and "was not fair", never the cue.
    doc = make_doc(
        [
            ("He", 1, "nsubj", "PRON", "he"),
            ("gave", 1, "ROOT", "VERB", "give"),
            ("a", 3, "det", "DET", "a"),
            ("sentence", 1, "dobj", "NOUN", "sentence"),
            (",", 3, "punct", "PUNCT", ","),
            ("which", 8, "nsubj", "PRON", "which"),
            ("I", 7, "nsubj", "PRON", "I"),
            ("said", 3, "relcl", "VERB", "say"),
            ("was", 7, "ccomp", "AUX", "be"),
            ("not", 8, "neg", "PART", "not"),
            ("fair", 8, "acomp", "ADJ", "fair"),
            (".", 1, "punct", "PUNCT", "."),
        ]
    )
    found = [texts(doc, a) for a in run(doc) if a.kind == "indirect"]
    assert [(f["content"], f["cue"], f["source"]) for f in found] == [
        (["which", "was not fair"], "said", "I")
    ]


def test_what_an_object_is_about_is_the_content() -> None:
    # "Smith expressed concerns about the budget ." : "concerns about" is part of the cue.
    tokens: list[Tok] = [
        ("Smith", 1, "nsubj", "PROPN", "Smith"),
        ("expressed", 1, "ROOT", "VERB", "express"),
        ("concerns", 1, "dobj", "NOUN", "concern"),
        ("about", 2, "prep", "ADP", "about"),
        ("the", 5, "det", "DET", "the"),
        ("budget", 3, "pobj", "NOUN", "budget"),
        (".", 1, "punct", "PUNCT", "."),
    ]
    assert _indirect(tokens) == ["the budget"]


def test_an_object_of_another_phrase_stays_whole() -> None:
    # "Smith expressed support for the budget ." : "for" does not move the content's start.
    tokens: list[Tok] = [
        ("Smith", 1, "nsubj", "PROPN", "Smith"),
        ("expressed", 1, "ROOT", "VERB", "express"),
        ("support", 1, "dobj", "NOUN", "support"),
        ("for", 2, "prep", "ADP", "for"),
        ("the", 5, "det", "DET", "the"),
        ("budget", 3, "pobj", "NOUN", "budget"),
        (".", 1, "punct", "PUNCT", "."),
    ]
    assert _indirect(tokens) == ["support for the budget"]


def _title_doc(joiner: str) -> list[str]:
    """'“We will win,” she said JOINER “Meet the Press.”' with "said" a bare cue of both quotes."""
    doc = make_doc(
        [
            ("“", 3, "punct", "PUNCT", ""),
            ("We", 3, "nsubj", "PRON", "we"),
            ("will", 3, "aux", "AUX", "will"),
            ("win", 3, "ROOT", "VERB", "win"),
            (",", 3, "punct", "PUNCT", ","),
            ("”", 3, "punct", "PUNCT", ""),
            ("she", 7, "nsubj", "PRON", "she"),
            ("said", 3, "parataxis", "VERB", "say"),
            (joiner, 7, "prep" if joiner == "on" else "punct", "ADP" if joiner == "on" else "PUNCT", joiner),
            ("“", 7, "punct", "PUNCT", ""),
            ("Meet", 7, "dep", "VERB", "meet"),
            ("the", 12, "det", "DET", "the"),
            ("Press", 10, "dobj", "PROPN", "Press"),
            (".", 10, "punct", "PUNCT", "."),
            ("”", 10, "punct", "PUNCT", ""),
        ]
    )
    direct = [texts(doc, a) for a in run(doc) if a.kind == "direct"]
    assert len(direct) == 1, direct
    assert direct[0]["source"] == "she"
    return list(direct[0]["content"])


def test_a_short_quote_right_after_a_word_is_a_title_not_more_of_the_quote() -> None:
    assert _title_doc("on") == ["We will win,"]


def test_a_short_quote_after_punctuation_continues_the_quote() -> None:
    # '“We will win,” she said, “Meet the Press.”': a split quote, resumed after the comma.
    assert _title_doc(",") == ["We will win,", "Meet the Press."]


def test_content_split_around_its_cue_still_reads_as_a_clause() -> None:
    # The scorer caps noun-phrase "topics"; "which" + "was not fair" is a statement, so its
    # frame comes from the piece holding the clause, not from the fronted pronoun.
    from sayso.model import Quote, Span
    from sayso.quotes.caps import content_frame

    doc = make_doc(
        [
            ("He", 1, "nsubj", "PRON", "he"),
            ("gave", 1, "ROOT", "VERB", "give"),
            ("a", 3, "det", "DET", "a"),
            ("sentence", 1, "dobj", "NOUN", "sentence"),
            (",", 3, "punct", "PUNCT", ","),
            ("which", 8, "nsubj", "PRON", "which"),
            ("I", 7, "nsubj", "PRON", "I"),
            ("said", 3, "relcl", "VERB", "say"),
            ("was", 7, "ccomp", "AUX", "be"),
            ("not", 8, "neg", "PART", "not"),
            ("fair", 8, "acomp", "ADJ", "fair"),
            (".", 1, "punct", "PUNCT", "."),
        ]
    )
    (attr,) = [a for a in run(doc) if a.kind == "indirect"]
    spans = tuple(Span.of(doc.text, a, b) for a, b in attr.content)
    quote = Quote("q1", "indirect", " ".join(s.text for s in spans), spans)
    assert content_frame(doc, quote) != "np"


def _said_ferry(aside: list[Tok]) -> list[Tok]:
    """ "Ruiz said that the ferry sails on Monday" + ``aside`` (heads count from 0) + "." """
    tokens: list[Tok] = [
        ("Ruiz", 1, "nsubj", "PROPN", "Ruiz"),
        ("said", 1, "ROOT", "VERB", "say"),
        ("that", 5, "mark", "SCONJ", "that"),
        ("the", 4, "det", "DET", "the"),
        ("ferry", 5, "nsubj", "NOUN", "ferry"),
        ("sails", 1, "ccomp", "VERB", "sail"),
        ("on", 5, "prep", "ADP", "on"),
        ("Monday", 6, "pobj", "PROPN", "Monday"),
    ]
    return [*tokens, *aside, (".", 1, "punct", "PUNCT", ".")]


def test_a_relative_clause_set_off_at_the_end_is_the_reporters_aside() -> None:
    # "..., which is a holiday ." : what Ruiz said ends before the comma.
    aside: list[Tok] = [
        (",", 7, "punct", "PUNCT", ","),
        ("which", 10, "nsubj", "PRON", "which"),
        ("is", 7, "relcl", "AUX", "be"),
        ("a", 12, "det", "DET", "a"),
        ("holiday", 10, "attr", "NOUN", "holiday"),
    ]
    (content,) = _indirect(_said_ferry(aside))
    assert content.endswith("on Monday") and "holiday" not in content


def test_a_relative_clause_without_a_comma_is_part_of_what_was_said() -> None:
    # "... on Monday which is a holiday ." : restrictive, no aside; the content keeps it.
    aside: list[Tok] = [
        ("which", 9, "nsubj", "PRON", "which"),
        ("is", 7, "relcl", "AUX", "be"),
        ("a", 11, "det", "DET", "a"),
        ("holiday", 9, "attr", "NOUN", "holiday"),
    ]
    (content,) = _indirect(_said_ferry(aside))
    assert content.endswith("which is a holiday")


def test_a_mixed_quote_runs_on_to_its_closing_mark() -> None:
    # 'Smith said the plan “was a failure. It cost us dearly.”': the parse ends the clause at
    # the full stop inside the marks; the quoted words go on to the closing mark.
    doc = make_doc(
        [
            ("Smith", 1, "nsubj", "PROPN", "Smith"),
            ("said", 1, "ROOT", "VERB", "say"),
            ("the", 3, "det", "DET", "the"),
            ("plan", 5, "nsubj", "NOUN", "plan"),
            ("“", 5, "punct", "PUNCT", "“"),
            ("was", 1, "ccomp", "AUX", "be"),
            ("a", 7, "det", "DET", "a"),
            ("failure", 5, "attr", "NOUN", "failure"),
            (".", 1, "punct", "PUNCT", "."),
        ],
        [
            ("It", 1, "nsubj", "PRON", "it"),
            ("cost", 1, "ROOT", "VERB", "cost"),
            ("us", 1, "dative", "PRON", "we"),
            ("dearly", 1, "advmod", "ADV", "dearly"),
            (".", 1, "punct", "PUNCT", "."),
            ("”", 1, "punct", "PUNCT", "”"),
        ],
    )
    got = [texts(doc, a) for a in run(doc) if a.kind == "mixed"]
    assert len(got) == 1, [texts(doc, a) for a in run(doc)]
    # ... and, since the twentieth session, take the closing mark (with the full stop before it)
    # so the content is never shown with an opening mark left open.
    assert "".join(got[0]["content"]).endswith("It cost us dearly.”")
    assert got[0]["source"] == "Smith"


def test_the_subject_of_seem_is_content_and_nobody_speaks() -> None:
    # "The senator seemed to waver ." : an impression of the writer's about the senator.
    doc = make_doc(
        [
            ("The", 1, "det", "DET", "the"),
            ("senator", 2, "nsubj", "NOUN", "senator"),
            ("seemed", 2, "ROOT", "VERB", "seem"),
            ("to", 4, "aux", "PART", "to"),
            ("waver", 2, "xcomp", "VERB", "waver"),
            (".", 2, "punct", "PUNCT", "."),
        ]
    )
    found = [texts(doc, a) for a in run(doc)]
    assert {"kind": "indirect", "content": ["The senator", "to waver"], "cue": "seemed", "source": None} in [
        {k: f[k] for k in ("kind", "content", "cue", "source")} for f in found
    ], found


def test_who_is_called_on_is_part_of_what_is_asked() -> None:
    # "Smith called on Congress to act ."
    tokens: list[Tok] = [
        ("Smith", 1, "nsubj", "PROPN", "Smith"),
        ("called", 1, "ROOT", "VERB", "call"),
        ("on", 1, "prep", "ADP", "on"),
        ("Congress", 2, "pobj", "PROPN", "Congress"),
        ("to", 5, "aux", "PART", "to"),
        ("act", 1, "xcomp", "VERB", "act"),
        (".", 1, "punct", "PUNCT", "."),
    ]
    assert _indirect(tokens) == ["Congress to act"]


def test_a_participle_the_parser_took_for_a_subject_speaks_for_the_clause_before() -> None:
    # 'Flea shared the news, writing “Feels great.”' parsed with "writing" as the subject of
    # "Feels", which hangs on "shared": the one who shared the news wrote it.
    doc = make_doc(
        [
            ("Flea", 1, "nsubj", "PROPN", "Flea"),
            ("shared", 1, "ROOT", "VERB", "share"),
            ("the", 3, "det", "DET", "the"),
            ("news", 1, "dobj", "NOUN", "news"),
            (",", 1, "punct", "PUNCT", ","),
            ("writing", 7, "nsubj", "VERB", "write"),
            ("“", 7, "punct", "PUNCT", "“"),
            ("Feels", 1, "conj", "VERB", "feel"),
            ("great", 7, "acomp", "ADJ", "great"),
            (".", 7, "punct", "PUNCT", "."),
            ("”", 7, "punct", "PUNCT", "”"),
        ]
    )
    got = [texts(doc, a) for a in run(doc) if a.kind == "direct"]
    said = [(g["content"], g["cue"], g["source"]) for g in got]
    assert said == [(["Feels great."], "writing", "Flea")], got


def test_a_clause_before_the_cue_with_nothing_between_is_narration_not_what_was_said() -> None:
    # "It jars the senses to watch Cole accuse her rival ." parsed with "jars" as the complement
    # of "accuse": "..., officials said" has a comma between; this has none.
    doc = make_doc(
        [
            ("It", 1, "nsubj", "PRON", "it"),
            ("jars", 7, "ccomp", "VERB", "jar"),
            ("the", 3, "det", "DET", "the"),
            ("senses", 1, "dobj", "NOUN", "sense"),
            ("to", 5, "aux", "PART", "to"),
            ("watch", 1, "xcomp", "VERB", "watch"),
            ("Cole", 7, "nsubj", "PROPN", "Cole"),
            ("accuse", 7, "ROOT", "VERB", "accuse"),
            ("her", 9, "poss", "PRON", "her"),
            ("rival", 7, "dobj", "NOUN", "rival"),
            (".", 7, "punct", "PUNCT", "."),
        ]
    )
    contents = [piece for a in run(doc) for piece in texts(doc, a)["content"]]
    assert not any("jars the senses" in c for c in contents), contents


def test_a_clause_set_apart_before_its_cue_is_what_was_said() -> None:
    # "The pier is closed , Cole said ."
    tokens: list[Tok] = [
        ("The", 1, "det", "DET", "the"),
        ("pier", 3, "nsubjpass", "NOUN", "pier"),
        ("is", 3, "auxpass", "AUX", "be"),
        ("closed", 6, "ccomp", "VERB", "close"),
        (",", 6, "punct", "PUNCT", ","),
        ("Cole", 6, "nsubj", "PROPN", "Cole"),
        ("said", 6, "ROOT", "VERB", "say"),
        (".", 6, "punct", "PUNCT", "."),
    ]
    assert _indirect(tokens) == ["The pier is closed"]


def test_a_cue_with_its_own_complement_after_it_has_no_content_before_it() -> None:
    # "The pier is closed , but Cole wants to reopen it ." The parser hung the first clause on
    # "wants" as a complement; Cole's wish is "to reopen it", the closure is narration.
    tokens: list[Tok] = [
        ("The", 1, "det", "DET", "the"),
        ("pier", 3, "nsubjpass", "NOUN", "pier"),
        ("is", 3, "auxpass", "AUX", "be"),
        ("closed", 8, "ccomp", "VERB", "close"),
        (",", 8, "punct", "PUNCT", ","),
        ("but", 8, "cc", "CCONJ", "but"),
        ("Cole", 7, "compound", "PROPN", "Cole"),
        ("Ruiz", 8, "nsubj", "PROPN", "Ruiz"),
        ("wants", 8, "ROOT", "VERB", "want"),
        ("to", 10, "aux", "PART", "to"),
        ("reopen", 8, "xcomp", "VERB", "reopen"),
        ("it", 10, "dobj", "PRON", "it"),
        (".", 8, "punct", "PUNCT", "."),
    ]
    doc = make_doc(tokens)
    contents = [piece for a in run(doc) for piece in texts(doc, a)["content"]]
    assert not any("pier" in c for c in contents), contents


def test_narration_before_a_colon_is_not_the_content_of_a_cue_after_it() -> None:
    # "The plan has one flaw : Cole said the pier is closed ." The parser hung the clause
    # before the colon on "said", which has its own clause after it.
    tokens: list[Tok] = [
        ("The", 1, "det", "DET", "the"),
        ("plan", 2, "nsubj", "NOUN", "plan"),
        ("has", 7, "ccomp", "VERB", "have"),
        ("one", 4, "nummod", "NUM", "one"),
        ("flaw", 2, "dobj", "NOUN", "flaw"),
        (":", 7, "punct", "PUNCT", ":"),
        ("Cole", 7, "nsubj", "PROPN", "Cole"),
        ("said", 7, "ROOT", "VERB", "say"),
        ("the", 9, "det", "DET", "the"),
        ("pier", 11, "nsubjpass", "NOUN", "pier"),
        ("is", 11, "auxpass", "AUX", "be"),
        ("closed", 7, "ccomp", "VERB", "close"),
        (".", 7, "punct", "PUNCT", "."),
    ]
    assert _indirect(tokens) == ["the pier is closed"]


def test_it_seems_names_nobody() -> None:
    # "It seems clear that the pier will close ." The writer's hedge: "it" is nobody.
    tokens: list[Tok] = [
        ("It", 1, "nsubj", "PRON", "it"),
        ("seems", 1, "ROOT", "VERB", "seem"),
        ("clear", 1, "acomp", "ADJ", "clear"),
        ("that", 7, "mark", "SCONJ", "that"),
        ("the", 5, "det", "DET", "the"),
        ("pier", 7, "nsubj", "NOUN", "pier"),
        ("will", 7, "aux", "AUX", "will"),
        ("close", 1, "ccomp", "VERB", "close"),
        (".", 1, "punct", "PUNCT", "."),
    ]
    doc = make_doc(tokens)
    found = [texts(doc, a) for a in run(doc)]
    assert [f["content"] for f in found] == [["that the pier will close"]]
    assert found[0]["source"] is None


def test_a_phrase_saying_how_something_was_said_is_not_its_speaker() -> None:
    # 'In an email to the Courier said “We are fine.”' (a headline swallowed the subject): the
    # phrase before the cue is how it was said; no speaker is better than that phrase.
    doc = make_doc(
        [
            ("In", 6, "prep", "ADP", "in"),
            ("an", 2, "det", "DET", "an"),
            ("email", 0, "pobj", "NOUN", "email"),
            ("to", 2, "prep", "ADP", "to"),
            ("the", 5, "det", "DET", "the"),
            ("Courier", 3, "pobj", "PROPN", "Courier"),
            ("said", 6, "ROOT", "VERB", "say"),
            ("“", 6, "punct", "PUNCT", "“"),
            ("We", 9, "nsubj", "PRON", "we"),
            ("are", 6, "ccomp", "AUX", "be"),
            ("fine", 9, "acomp", "ADJ", "fine"),
            (".", 6, "punct", "PUNCT", "."),
            ("”", 6, "punct", "PUNCT", "”"),
        ]
    )
    got = [texts(doc, a) for a in run(doc) if a.kind == "direct"]
    assert [(g["content"], g["source"]) for g in got] == [(["We are fine."], None)], got


def test_the_subject_of_any_passive_cue_is_what_is_said_of_but_not_an_addressee() -> None:
    # "The mayor was accused of hiding the report ." : the mayor is what the accusation is
    # about (a piece of the content, as with an infinitive); "The mayor was asked about the
    # budget ." : the one asked is the addressee, no part of what was asked.
    def passive(verb: str, lemma: str, prep: str, obj: list[Tok]) -> list[str]:
        return _indirect(
            [
                ("The", 1, "det", "DET", "the"),
                ("mayor", 3, "nsubjpass", "NOUN", "mayor"),
                ("was", 3, "auxpass", "AUX", "be"),
                (verb, 3, "ROOT", "VERB", lemma),
                (prep, 3, "prep", "ADP", prep),
                *obj,
                (".", 3, "punct", "PUNCT", "."),
            ]
        )

    hiding = [
        ("hiding", 4, "pcomp", "VERB", "hide"),
        ("the", 7, "det", "DET", "the"),
        ("report", 5, "dobj", "NOUN", "report"),
    ]
    assert passive("accused", "accuse", "of", hiding) == ["The mayor", "hiding the report"]
    budget = [("the", 6, "det", "DET", "the"), ("budget", 4, "pobj", "NOUN", "budget")]
    assert passive("asked", "ask", "about", budget) == ["the budget"]


def _participles_doc() -> tuple[Doc, list[tuple[int, int]]]:
    """'Lee left, suggesting the port lost, threatening the union and praising the mayor .' as
    the small model parses such runs: the last participles inside the reported clause."""
    rows = [  # word, head, dep, tag, pos
        ("Lee", 1, "nsubj", "NNP", "PROPN"),
        ("left", 1, "ROOT", "VBD", "VERB"),
        (",", 1, "punct", ",", "PUNCT"),
        ("suggesting", 1, "advcl", "VBG", "VERB"),
        ("the", 5, "det", "DT", "DET"),
        ("port", 6, "nsubj", "NN", "NOUN"),
        ("lost", 3, "ccomp", "VBD", "VERB"),
        (",", 6, "punct", ",", "PUNCT"),
        ("threatening", 6, "advcl", "VBG", "VERB"),
        ("the", 10, "det", "DT", "DET"),
        ("union", 8, "dobj", "NN", "NOUN"),
        ("and", 8, "cc", "CC", "CCONJ"),
        ("praising", 8, "conj", "VBG", "VERB"),
        ("the", 14, "det", "DT", "DET"),
        ("mayor", 12, "dobj", "NN", "NOUN"),
        (".", 1, "punct", ".", "PUNCT"),
    ]
    doc = Doc(
        spacy.blank("en").vocab,
        words=[r[0] for r in rows],
        spaces=[i + 1 < len(rows) and rows[i + 1][0] not in {",", "."} for i in range(len(rows))],
        heads=[r[1] for r in rows],
        deps=[r[2] for r in rows],
        tags=[r[3] for r in rows],
        pos=[r[4] for r in rows],
    )
    start = doc[4].idx
    return doc, [(start, doc[14].idx + len("mayor"))]


def test_participles_coordinated_inside_a_participle_cues_content_are_what_was_done() -> None:
    """Fifteenth session: 'suggesting the port lost, threatening the union and praising the
    mayor': the participles after the reported clause, set off by a comma, are what the speaker
    did next (``trims.without_cue_conjunct``); not after a cue in the past tense."""
    from sayso.quotes.attribution.trims import without_cue_conjunct

    doc, content = _participles_doc()
    cut = without_cue_conjunct(doc, doc.text, content, doc[3])
    assert [doc.text[a:b] for a, b in cut] == ["the port lost"]
    assert without_cue_conjunct(doc, doc.text, content, doc[1]) == content


@pytest.mark.model
def test_model_a_participle_of_saying_after_the_last_comma_is_said_next(nlp: Any) -> None:
    """Sixteenth session: in "said the council would appeal the ruling, arguing that ..." the
    participle is a second attribution, not part of the first content
    (``trims._without_saying_next``); other participles stay ("..., leaving ...")."""
    text = (
        "Mayor Ada Ruiz said the council would appeal the ruling, arguing that the judge had "
        "misread the harbor law.\n\n"
        "Okafor said the ferry would stop running in May, leaving the island without a link."
    )
    attrs = model_attrs(nlp, text)
    assert find(attrs, "appeal the ruling")["content"] == ["the council would appeal the ruling"]
    assert find(attrs, "the judge had misread")["source"] == "Mayor Ada Ruiz"
    assert "leaving the island" in find(attrs, "stop running in May")["content"][0]
