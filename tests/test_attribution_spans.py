"""Where contents end, and a digest's "heading - NAME: “…”" speaker, on hand-made parses.

The parses are written by hand (see ``test_attribution.make_doc``), so these tests need no model
and pin the rule, not the model's reading of one sentence.
"""

from __future__ import annotations

from test_attribution import Tok, make_doc, run, texts


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
