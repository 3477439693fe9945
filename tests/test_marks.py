"""Stage 1, the quotation-mark scanner: unit tests on short invented sentences.

No model needed: ``scan_quotes`` is pure text. Property-based tests live in
``test_marks_properties.py``.
"""

from __future__ import annotations

import pytest

from sayso.quotes.marks import MAX_CLOSED_SPAN, scan_quotes
from sayso.quotes.types import MarkedQuote


def contents(text: str, depth: int | None = 0) -> list[list[str]]:
    """The text of each quote's spans, for quotes at ``depth`` (all depths when None)."""
    return [[text[a:b] for a, b in q.spans] for q in scan_quotes(text) if depth is None or q.depth == depth]


def only(text: str) -> MarkedQuote:
    quotes = scan_quotes(text)
    assert len(quotes) == 1, quotes
    return quotes[0]


# --- every mark style ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "content", "open_mark", "close_mark"),
    [
        ('"We will rebuild," the mayor said.', "We will rebuild,", '"', '"'),
        ("“We will rebuild,” the mayor said.", "We will rebuild,", "“", "”"),
        ("‘We will rebuild,’ the mayor said.", "We will rebuild,", "‘", "’"),
        ("'We will rebuild,' the mayor said.", "We will rebuild,", "'", "'"),
        ("«Nous reconstruirons», a dit le maire.", "Nous reconstruirons", "«", "»"),
        ("»Wir bauen neu«, sagte die Bürgermeisterin.", "Wir bauen neu", "»", "«"),
        ("‹Wir bauen neu›, sagte sie.", "Wir bauen neu", "‹", "›"),
        ("„Wir bauen neu“, sagte sie.", "Wir bauen neu", "„", "“"),
        ("„Odbudujemy”, powiedziała.", "Odbudujemy", "„", "”"),
        ("‚Wir bauen neu‘, sagte sie.", "Wir bauen neu", "‚", "‘"),
        ("''It's anti-reform,'' he said.", "It's anti-reform,", "''", "''"),
        ("``It's anti-reform,'' he said.", "It's anti-reform,", "``", "''"),
        ("« Nous reconstruirons », a dit le maire.", "Nous reconstruirons", "«", "»"),
    ],
)
def test_every_mark_style(text: str, content: str, open_mark: str, close_mark: str) -> None:
    q = only(text)
    assert [text[a:b] for a, b in q.spans] == [content]
    assert (q.open_mark, q.close_mark, q.closed, q.depth) == (open_mark, close_mark, True, 0)


def test_offsets_are_exact_positions_in_the_text() -> None:
    text = 'Asked about taxes, the mayor said "not this year" and left.'
    q = only(text)
    (a, b) = q.spans[0]
    assert text[a - 1] == '"' and text[b] == '"'
    assert text[a:b] == "not this year"


def test_quote_within_quote_gives_both_depths() -> None:
    text = "\"He told me 'never again' and left,\" she said."
    assert contents(text, 0) == [["He told me 'never again' and left,"]]
    assert contents(text, 1) == [["never again"]]


def test_curly_quote_within_quote_and_order_by_start() -> None:
    text = "“She called it ‘a disgrace’,” he said. “Fine.”"
    quotes = scan_quotes(text)
    assert [(text[q.spans[0][0] : q.spans[0][1]], q.depth) for q in quotes] == [
        ("She called it ‘a disgrace’,", 0),
        ("a disgrace", 1),
        ("Fine.", 0),
    ]


def test_nyt_doubled_apostrophes_with_inner_single_quote() -> None:
    text = "''They called it 'a joke,' and it's not,'' the senator said."
    assert contents(text, 0) == [["They called it 'a joke,' and it's not,"]]
    assert contents(text, 1) == [["a joke,"]]


def test_several_quotes_in_one_sentence() -> None:
    text = 'Users called the post "horrible" and "abusive" on Tuesday.'
    assert contents(text) == [["horrible"], ["abusive"]]


def test_sloppy_same_glyph_curly_quotes() -> None:
    assert contents("“We are ready,“ the coach said.") == [["We are ready,"]]


@pytest.mark.parametrize(
    "text",
    [
        "“We are ready,’’ the coach said.",  # doubled curly apostrophes as a closer
        "‘‘We are ready,’’ the coach said.",
        "``We are ready,″ the coach said.",  # a double prime as a closer
        '"We are ready,“ the coach said.',
        "\"We are ready,'' the coach said.",
    ],
)
def test_mixed_and_substitute_closers(text: str) -> None:
    assert contents(text) == [["We are ready,"]]


def test_mistyped_closer_as_opener_at_paragraph_start() -> None:
    assert contents("”We are ready,” the coach said.") == [["We are ready,"]]
    assert contents("Intro.\n\n” … and we are ready,” the coach said.") == [["… and we are ready,"]]


def test_closing_mark_glued_to_the_next_word() -> None:
    assert contents('"We are ready,"the coach said.') == [["We are ready,"]]
    assert contents("“We are ready,”the coach said.") == [["We are ready,"]]


def test_a_closing_mark_spaced_on_the_wrong_side_still_closes() -> None:
    # Twelfth session, seen on real news: "a wider conflict. ”And in ..." opened a quote that
    # ran over the next paragraph's real one. After a sentence's end and with a quote open, it
    # closes; with none open, a ” there is a mistyped opener as before.
    text = "She asked for a “plan to avoid a wider war. ”And in Ohio, the mayor called it “a mistake.”"
    assert contents(text) == [["plan to avoid a wider war."], ["a mistake."]]
    assert contents("The coach spoke. ”We are ready,” he said.") == [["We are ready,"]]


def test_opening_mark_after_punctuation() -> None:
    assert contents('The coach said:"We are ready."') == [["We are ready."]]
    assert contents("The coach (“ready”) nodded.") == [["ready"]]
    assert contents("The coach—“ready”—nodded.") == [["ready"]]


# --- apostrophes are not quote marks ---------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "I don't know what Alec's plan is.",
        "Music from the '90s is back, and rock 'n' roll never left.",
        "The students' votes were counted, and the Joneses' dog barked.",
        "Hit 'em hard, said O'Brien, 'til the end, 'cause it's time.",
        "I don’t know what Alec’s plan is.",
        "Music from the ’90s is back, and rock ’n’ roll never left.",
        "The students’ votes were counted, and the Joneses’ dog barked.",
        "Hit ’em hard, said O’Brien, ’til the end, ’cause it’s time.",
        "Prices of the ‘80s and the ’08 crash.",
    ],
)
def test_apostrophes_are_not_quotes(text: str) -> None:
    assert scan_quotes(text) == []


def test_apostrophes_inside_single_quotes() -> None:
    assert contents("'Hit 'em hard, don't stop,' Alec's coach said.") == [["Hit 'em hard, don't stop,"]]
    assert contents("‘Hit ’em hard, don’t stop,’ Alec’s coach said.") == [["Hit ’em hard, don’t stop,"]]


def test_plural_possessive_inside_single_quotes_is_not_the_close() -> None:
    assert contents("'I back the students' votes,' she said.") == [["I back the students' votes,"]]
    assert contents("‘I back the students’ votes,’ she said.") == [["I back the students’ votes,"]]


def test_plural_possessive_closes_when_nothing_better_follows() -> None:
    assert contents("She said 'ask the students' and left.") == [["ask the students"]]


def test_plural_possessive_closes_before_the_next_single_quote() -> None:
    text = "He decried 'endless wars' and called the plan '100% done' on Friday."
    assert contents(text) == [["endless wars"], ["100% done"]]


def test_nineties_inside_a_quote() -> None:
    assert contents('"It felt like the \'90s again," she said.') == [["It felt like the '90s again,"]]


# --- multi-paragraph quotes ------------------------------------------------------------------
def test_multi_paragraph_quote_with_blank_lines() -> None:
    text = (
        '"The bridge is closed until spring.\n\n'
        '"We will reopen one lane in March.\n\n'
        '"After that, we will see," the engineer said.'
    )
    q = only(text)
    assert [text[a:b] for a, b in q.spans] == [
        "The bridge is closed until spring.",
        "We will reopen one lane in March.",
        "After that, we will see,",
    ]
    assert (q.open_mark, q.close_mark, q.closed, q.depth) == ('"', '"', True, 0)


def test_multi_paragraph_quote_with_single_newlines_and_curly_marks() -> None:
    text = "“The bridge is closed.\n“We will reopen in March,” she said.\nTraffic was light."
    q = only(text)
    assert [text[a:b] for a, b in q.spans] == ["The bridge is closed.", "We will reopen in March,"]
    assert q.closed


def test_multi_paragraph_quote_with_nyt_marks_and_crlf() -> None:
    text = "''The bridge is closed.\r\n\r\n''We will reopen in March,'' she said."
    assert contents(text) == [["The bridge is closed.", "We will reopen in March,"]]


def test_multi_paragraph_quote_never_closed_ends_unclosed() -> None:
    text = '"The bridge is closed.\n\n"We will reopen in March.\n\nTraffic was light.'
    q = only(text)
    assert len(q.spans) == 2
    assert (q.closed, q.close_mark) == (False, None)


# --- unbalanced and stray marks --------------------------------------------------------------
def test_unclosed_quote_ends_at_its_paragraph() -> None:
    text = 'The mayor said "we will rebuild the bridge.\n\nLater, "it is done," she said.'
    quotes = scan_quotes(text)
    assert [[text[a:b] for a, b in q.spans] for q in quotes] == [
        ["we will rebuild the bridge."],
        ["it is done,"],
    ]
    assert [q.closed for q in quotes] == [False, True]
    assert quotes[0].close_mark is None


def test_quote_does_not_cross_a_single_newline() -> None:
    text = "The mayor said “we will rebuild.\nShe left. “It is done,” she said."
    quotes = scan_quotes(text)
    assert [[text[a:b] for a, b in q.spans] for q in quotes] == [["we will rebuild."], ["It is done,"]]


def test_stray_closing_mark_is_ignored() -> None:
    text = "The mayor left.” Then “we will rebuild,” she said."
    assert contents(text) == [["we will rebuild,"]]


def test_stray_marks_do_not_swallow_the_article() -> None:
    text = 'A "stray mark.\n\n' + "\n\n".join(f'Paragraph {i}: "quote {i}," he said.' for i in range(50))
    found = contents(text)
    assert found[0] == ["stray mark."]
    assert found[1:] == [[f"quote {i},"] for i in range(50)]


def test_unclosed_inner_quote_ends_with_its_outer_quote() -> None:
    text = "“He said ‘never again and left,” she said."
    quotes = scan_quotes(text)
    outer = [q for q in quotes if q.depth == 0]
    inner = [q for q in quotes if q.depth == 1]
    assert [text[a:b] for a, b in outer[0].spans] == ["He said ‘never again and left,"]
    assert [text[a:b] for a, b in inner[0].spans] == ["never again and left,"]
    assert not inner[0].closed and outer[0].closed


def test_unclosed_straight_single_quote_is_taken_for_an_apostrophe() -> None:
    assert scan_quotes("We moved to the 'burbs last year.") == []


def test_quote_after_a_dropped_apostrophe_is_an_outer_quote() -> None:
    text = 'We moved to the \'burbs and said "hello" to everyone.'
    q = only(text)
    assert [text[a:b] for a, b in q.spans] == ["hello"]
    assert q.depth == 0


def test_a_thousand_stray_marks_never_raise() -> None:
    marks = ['"', "'", "“", "”", "‘", "’", "«", "»", "„", "''", "``", "‹", "›", "‚"]
    text = " ".join(marks[i % len(marks)] + ("x" if i % 3 else "") for i in range(1000))
    for q in scan_quotes(text):
        assert all(0 <= a < b <= len(text) for a, b in q.spans)


# --- content shape ---------------------------------------------------------------------------
@pytest.mark.parametrize("text", ['He said "" twice.', "He said “   ” twice.", "A '' B", "«\u00a0»"])
def test_empty_or_blank_content_is_not_a_quote(text: str) -> None:
    assert scan_quotes(text) == []


def test_surrounding_whitespace_is_trimmed_but_inner_text_kept() -> None:
    text = '"  Two  spaces   inside . " he said .'
    assert contents(text) == [["Two  spaces   inside ."]]


def test_very_long_closed_quote_is_flagged() -> None:
    long = "word " * (MAX_CLOSED_SPAN // 5 + 10)
    q = only(f"He said “{long}end” and left.")
    assert q.close_mark == "”"
    assert not q.closed


def test_very_long_unclosed_quote_is_returned_unclosed() -> None:
    long = "word " * (MAX_CLOSED_SPAN // 5 + 10)
    q = only(f"He said “{long}end.\n\nNext paragraph.")
    assert not q.closed
    assert q.spans[0][1] - q.spans[0][0] > MAX_CLOSED_SPAN


def test_empty_and_mark_free_text() -> None:
    assert scan_quotes("") == []
    assert scan_quotes("\n\n  \n") == []
    assert scan_quotes("No quotes here at all.") == []


# --- as a spaCy component (a blank pipeline: no model) ---------------------------------------
def test_component_sets_doc_extension() -> None:
    spacy = pytest.importorskip("spacy")
    import sayso.nlp.factories  # noqa: F401  (registers the factories)

    nlp = spacy.blank("en")
    nlp.add_pipe("sayso_quote_marks")
    doc = nlp("“We will rebuild,” the mayor said.")
    assert doc._.sayso_marks == scan_quotes(doc.text)
    assert len(doc._.sayso_marks) == 1


def test_a_reopened_paragraph_closed_at_once_adds_no_span() -> None:
    """'"We are done' / '""': the second paragraph reopens the quote and closes it, empty."""
    text = "\"We are done\n\"''"
    assert scan_quotes(text) == [MarkedQuote(((1, 12),), '"', "''", True, 0)]


def test_attribute_values_of_markup_are_not_quotes() -> None:
    # Markup scraped along with an article: author="…" and id="…" are no one's words, and
    # skipping them pairs the real quote's marks correctly.
    text = '<tweet author="@jo_ruiz" id="12345">"We will win this," she wrote.</tweet> It was x="3".'
    found = [text[a:b] for q in scan_quotes(text) for a, b in q.spans]
    assert found == ["We will win this,"]


def test_a_quote_after_an_equals_sign_with_space_is_still_a_quote() -> None:
    text = 'The verdict = "not guilty," she said.'
    assert [text[a:b] for q in scan_quotes(text) for a, b in q.spans] == ["not guilty,"]
