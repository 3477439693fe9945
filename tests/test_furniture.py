"""Page furniture inside article text (video widgets, glued link blurbs) is nobody's words.

Model-free: the spans are found by layout alone, and the stage-2 filter is tried on
attributions written by hand. Texts are invented in the layout of the real widgets.
"""

from __future__ import annotations

from typing import Any

import pytest

from sayso import extract
from sayso.quotes.coref.agents import WordClasses, is_section_label
from sayso.quotes.furniture import clear_of_furniture, page_furniture
from sayso.quotes.types import RawAttribution

BLURB = (
    "Sen. Lisa Ortiz Lisa Ann OrtizGOP senators balk at lengthy trial Flake tells party: Tam "
    "'does not deserve reelection' MORE (R-Maine) told reporters that she was taking time."
)
WIDGET = (
    "Dana Biel spoke on Monday.\n\n"
    "JUST WATCHED Biel regrets saying 'allies helped them' Replay More Videos ... MUST WATCH "
    "Biel regrets saying allies helped them 02:07\n\n"
    "Biel said the allies were wrong."
)


def spans_of(text: str) -> list[str]:
    return [text[a:b] for a, b in page_furniture(text)]


def test_a_glued_link_blurb_runs_from_the_repeated_full_name_to_more() -> None:
    (span,) = spans_of(BLURB)
    assert span.startswith("Lisa Ann OrtizGOP senators")
    assert span.endswith("'does not deserve reelection' MORE")


def test_a_name_with_an_inner_capital_still_finds_its_mention() -> None:
    text = "Mitch McCall Addison Mitchell McCallSenate passes the bill MORE said no."
    assert spans_of(text) == ["Addison Mitchell McCallSenate passes the bill MORE"]


def test_a_blurb_whose_first_headline_opens_with_a_year_is_furniture() -> None:
    # QA helper, twenty-first session: "Sen. Kamala Harris Kamala Devi Harris2020 Democrats push
    # ... MORE (D-Calif.)": the glue is a year, and six headlines were shown as quotes.
    text = (
        "Sen. Ada Ruiz Ada Maria Ruiz2020 Democrats push for harbor action | Mayor asks court to "
        "act: 'Even a ferry has a shot' MORE (D-Calif.) has slipped in the polls."
    )
    (span,) = spans_of(text)
    assert span.startswith("Ada Maria Ruiz2020 Democrats") and span.endswith("a shot' MORE")
    assert page_furniture("The shop sold 2020 phones and Apple2020 is a code.") == []


def test_a_video_widget_line_is_furniture_and_the_article_around_it_is_not() -> None:
    (span,) = spans_of(WIDGET)
    assert span.startswith("JUST WATCHED") and span.endswith("02:07")
    assert "Biel said" not in span and "spoke on Monday" not in span


def test_a_related_storys_read_more_line_is_furniture() -> None:
    # QA read, twenty-second session: a related story's headline, "X says Y 'quoted' Read more",
    # on a line of its own between paragraphs was shown as X's words.
    text = (
        "The mayor spoke on Monday.\n\n"
        "Vale says harbor plan 'simply cannot wait' Read more\n\n"
        "\u201cWe will read more of the report,\u201d she said."
    )
    assert [text[a:b] for a, b in page_furniture(text)] == [
        "Vale says harbor plan 'simply cannot wait' Read more"
    ]


def test_a_related_storys_labelled_line_is_furniture() -> None:
    # Twenty-fifth session: after "SEE ALSO: Sen. Kroll to Vale: ..." the "he" of the next quote
    # went to the senator the related headline named. A label inside a paragraph, or one that
    # opens a sentence of the story ("More than 40 people came"), or a post's "Read more: <link>"
    # over its signature, is no such line.
    text = (
        "Mr. Vale began early at a rally in Dalton.\n\n"
        "SEE ALSO: Sen. Ada Kroll to Vale: Tell the paper to release the tapes\n\n"
        "More:Harbor plan stalls again as council delays vote\n\n"
        "More than 40 people came. Related: the vote was close.\n\n"
        "Read more: https://t.co/abc pic.twitter.com/def \u2014 Harbor Council (@harbor) May 2\n\n"
        "\u201cTomorrow is a big day,\u201d he told the crowd."
    )
    assert [text[a:b] for a, b in page_furniture(text)] == [
        "SEE ALSO: Sen. Ada Kroll to Vale: Tell the paper to release the tapes",
        "More:Harbor plan stalls again as council delays vote",
    ]


def test_a_media_boxs_boilerplate_is_cut_from_its_captions_quote() -> None:
    # Twenty-third session: a caption's quote on 370 real articles was shown starting with
    # "Media playback is unsupported on your device Media caption"; the caption's words stay.
    text = (
        "Media playback is unsupported on your device Media caption \u201cWe stay the course,\u201d "
        "says the premier\n\nImage copyright Harbor Photo Image caption The pier in March\n\n"
        "The premier spoke on Monday."
    )
    assert [text[a:b] for a, b in page_furniture(text)] == [
        "Media playback is unsupported on your device Media caption",
        "Image copyright Harbor Photo Image caption",
    ]
    quote = RawAttribution(
        "direct", ((0, text.index(" says")),), _at(text, "says"), _at(text, "the premier"), 0.9
    )
    (kept,) = clear_of_furniture(text, [quote])
    assert [text[a:b] for a, b in kept.content] == ["\u201cWe stay the course,\u201d"]


def test_ordinary_capitals_and_more_are_not_furniture() -> None:
    for text in (
        "We want MORE jobs, the McCallister family said.",
        "The iPhone sold MORE than ever. JUST WATCHED is the name of the show.",
        "Lisa Ortiz met Ann OrtizGroup officials. MORE later.",  # no repeated mention before the glue
    ):
        assert page_furniture(text) == [], text


def _at(text: str, words: str) -> tuple[int, int]:
    start = text.index(words)
    return (start, start + len(words))


def test_stage_two_drops_what_is_inside_and_cuts_or_finds_the_source() -> None:
    text = BLURB
    content, told = (_at(text, "she was taking time"),), _at(text, "told")
    headline = RawAttribution("direct", (_at(text, "not deserve reelection"),), _at(text, "tells"), None, 0.9)
    bare = RawAttribution("indirect", content, told, None, 0.8)
    glued = RawAttribution("indirect", content, told, _at(text, "Sen. Lisa Ortiz Lisa Ann OrtizGOP"), 0.8)
    kept = clear_of_furniture(text, [headline, bare, glued])
    assert len(kept) == 2  # the headline's quote is gone
    for attr in kept:  # without the title, which the speaker's name would otherwise keep
        assert attr.source is not None and text[attr.source[0] : attr.source[1]] == "Lisa Ortiz"


def test_a_mention_after_a_preposition_is_no_subject() -> None:
    text = "Republicans, to win over Sen. Lisa Ortiz Lisa Ann OrtizGOP sees signs MORE, said it was ok."
    said = RawAttribution("indirect", (_at(text, "it was ok"),), _at(text, "said"), None, 0.8)
    (kept,) = clear_of_furniture(text, [said])
    assert kept.source is None


def test_text_without_furniture_is_left_alone() -> None:
    text = "Dana Biel said the allies were wrong."
    content = (_at(text, "the allies were wrong"),)
    said = RawAttribution("indirect", content, _at(text, "said"), _at(text, "Dana Biel"), 0.8)
    assert clear_of_furniture(text, [said]) == [said]


@pytest.mark.model
def test_the_engine_drops_furniture_and_finds_the_subject_a_blurb_tore_off(nlp: Any) -> None:
    text = (
        "Senate Majority Leader Mitch McCall Addison (Mitch) Mitchell McCallGOP ads hit vulnerable "
        "senators over loans Senate passes the bill MORE (R-Ky.) on Thursday said the plan was good.\n\n"
        "JUST WATCHED Dana Biel defends the answer Replay More Videos ... MUST WATCH Dana Biel "
        "defends the answer 02:57\n\n"
        '"Yes, there has to be a vote," Dana Biel said, adding that she did not know when it would come.\n'
    )
    article = extract(text, nlp=nlp)
    by_content = {q.content: q for q in article.quotes}
    plan = by_content["the plan was good"]
    assert plan.source is not None and plan.source.text == "Senate Majority Leader Mitch McCall"
    assert not any("defends the answer" in q.content or "ads hit" in q.content for q in article.quotes)
    assert by_content["that she did not know when it would come"].speaker == "Dana Biel"


@pytest.mark.model
def test_a_name_that_runs_into_a_blurb_keeps_its_mention(nlp: Any) -> None:
    # The tagger runs "President Tam" into the blurb's glued name; cut at the blurb, it still
    # tells coreference who "the president" is.
    text = (
        "Gloria Borg railed against President Tam Donald John TamHealth insurers waive costs "
        "for treatment Fauci says extension is wise MORE's claim that the media is against him.\n\n"
        "“Every decision we make is grounded in health,” Tam said Tuesday.\n\n"
        "“I think that would be a great thing for our country,” the president added.\n"
    )
    article = extract(text, nlp=nlp)
    (added,) = [q for q in article.quotes if "great thing" in q.content]
    assert added.speaker is not None and "Tam" in added.speaker
    assert all("Health" not in (s.name or "") for s in article.speakers)


@pytest.mark.parametrize(
    ("label", "section"),
    [
        ("READ MORE", True),
        ("Step 2", True),
        ("The Latest", True),
        ("Reality Check", True),
        ("Breaking", True),
        ("FILE PHOTO", True),  # a kicker, though a photo can show things
        ("Analysis", True),  # a kicker, though an analysis can find things
        ("Democrats", False),  # people
        ("Poll", False),  # a document
        ("President", False),  # a title
        ("GONYEA", False),  # no ordinary word: a transcript's name
        ("Q", False),  # an interview's question
    ],
)
def test_a_section_label_is_ordinary_words_naming_nobody(label: str, section: bool) -> None:
    words = WordClasses.default()
    if not words.words:
        pytest.skip("no model with a rule lemmatizer installed")
    assert is_section_label(label.split(), words) is section


@pytest.mark.model
def test_a_section_label_before_a_colon_introduces_nobody(nlp: Any) -> None:
    text = (
        "The council of Wexmoor met on Monday to vote on the parking plan.\n\n"
        "READ MORE: Wexmoor drivers face new fees downtown\n\n"
        "Step 2: The plan goes to the mayor, who has ten days to sign it.\n\n"
        "Councillor Nora Brooks voted against it.\n\n"
        "Brooks: We were never shown the cost of the meters.\n"
    )
    sources = {q.source.text for q in extract(text, nlp=nlp).quotes if q.source}
    assert "Brooks" in sources  # an ordinary word, but the article names her
    assert not sources & {"READ MORE", "Step 2"}


@pytest.mark.model
def test_a_time_phrase_between_a_blurb_and_the_cue_still_finds_the_subject(nlp: Any) -> None:
    # QA helper, twenty-first session: "Then-Speaker NAME NAMEFrom ... MORE (R-Ohio) at the
    # time called ..." lost its speaker: only a party tag and a comma could stand between.
    text = (
        "Then-Speaker Lisa Ortiz Lisa Ann OrtizGOP senators balk at lengthy trial Flake tells party: "
        'Tam does not deserve reelection MORE (R-Ohio) at the time said the plan was "deeply '
        'offensive and wrong."'
    )
    (q,) = [q for q in extract(text, nlp=nlp).quotes if "deeply offensive" in q.content]
    assert q.source is not None and q.source.text.endswith("Lisa Ortiz")


def test_a_photo_gallery_paragraph_is_furniture() -> None:
    # QA helper, twenty-first session: a 2,700-character gallery ("Photos: ... Hide Caption 1 of
    # 12 ...") was shown as one mixed quote of "photos".
    text = (
        "The mayor spoke on Monday.\n\n"
        "Photos: The harbor at dusk Photos: The harbor at dusk The pier was built in 1902. Hide "
        'Caption 1 of 3 Photos: The harbor at dusk "We loved it," a fisher said. Hide Caption 2 of 3\n\n'
        "The council voted on Tuesday."
    )
    (span,) = spans_of(text)
    assert span.startswith("Photos: The harbor") and span.endswith("Hide Caption 2 of 3")


def test_a_newsletter_sign_up_line_is_furniture() -> None:
    text = (
        "The mayor spoke.\n\nYour email here. I have read and accept the harbor letter's rules. "
        '"Join today"\n\nThe council voted.'
    )
    (span,) = spans_of(text)
    assert span.startswith("Your email") and span.endswith('"Join today"')


HIGHLIGHTS = (
    "Story highlights Ferry had a backup engine that failed\n\n"
    "A deckhand says the captain was warned twice\n\n"
    '"I think most people are leaning towards human error," union official says\n\n'
    "The ferry that ran aground Sunday had a backup engine, officials said. "
    '"We will know more next week," the harbor master said.'
)


def test_a_story_highlights_box_is_furniture_up_to_the_first_sentence() -> None:
    # QA read, thirty-third session: the highlights' speakers were wrong three times in four
    (span,) = spans_of(HIGHLIGHTS)
    assert span.startswith("Story highlights") and span.endswith("union official says")


@pytest.mark.model
def test_the_engine_shows_nothing_of_a_highlights_box(nlp: Any) -> None:
    quotes = extract(HIGHLIGHTS, nlp=nlp).quotes
    assert [q.speaker for q in quotes] == ["officials", "the harbor master"]


EDITORS_NOTE = (
    "The harbor board met on Monday.\n\n"
    "Editor\u2019s note: This story originally reported that Dana Ruiz is a harbor agent. "
    "She is a lawyer.\n\n"
    "The board will meet again in May, Maria Lopez said."
)


def test_an_editors_note_is_furniture() -> None:
    # Thirty-fourth session: a correction's "This story originally reported that ..." was shown
    # as a claim of "this story"
    (span,) = spans_of(EDITORS_NOTE)
    assert span.startswith("Editor\u2019s note:") and span.endswith("She is a lawyer.")
    assert spans_of("The editor's note said the harbor was closed.") == []


@pytest.mark.model
def test_the_engine_shows_nothing_of_an_editors_note(nlp: Any) -> None:
    quotes = extract(EDITORS_NOTE, nlp=nlp).quotes
    assert [q.speaker for q in quotes] == ["Maria Lopez"]


def test_a_related_headline_in_parentheses_is_furniture() -> None:
    # Thirty-fourth session: "(RELATED: Fauci Says Virus ‘Not A Major Threat’)" was Fauci's quote
    text = (
        "The harbor master spoke on Monday. (RELATED: Mayor Says Harbor \u2018Not A Major Risk\u2019) "
        "The pier reopened."
    )
    (span,) = spans_of(text)
    assert span.startswith("(RELATED:") and span.endswith("Risk\u2019)")
    assert spans_of("The harbor master (a sailor, related by marriage) spoke.") == []


GLUED_LINKS = (
    "The harbor board met on Monday.\n\n"
    "Analysis:Tougher than steel? Mayor Ruiz shows she is the most stubborn official in town\n\n"
    "\u2018He has changed\u2019:Dana Ruiz says \u2018it is hard\u2019 to call the governor a friend\n\n"
    "The board will meet again in May, Maria Lopez said."
)


def test_a_related_link_glued_to_its_kicker_is_furniture() -> None:
    # Thirty-fifth session: a newspaper's related links, "Analysis:Tougher than Teflon? Trump
    # shows ..." and "'He's changed':Jill Biden says 'it's hard' to ...", were shown as quotes
    first, second = spans_of(GLUED_LINKS)
    assert first.startswith("Analysis:Tougher") and first.endswith("in town")
    assert second.startswith("\u2018He has changed\u2019:Dana") and second.endswith("a friend")


@pytest.mark.parametrize(
    "text",
    [
        "Zack Beauchamp:You have called the harbor plan a failure. Why?",  # an interview's turn
        'Former harbor master Ann Ruiz:"We learned that from the logs."',  # a label before a quote
        '"Ruiz:You base your claims on old maps?" the captain wrote on Monday.',  # a quote going on
        "The ferry leaves at 10:30 every morning.",
    ],
)
def test_a_glued_colon_that_opens_no_link_is_not_furniture(text: str) -> None:
    assert spans_of(text) == []


@pytest.mark.model
def test_the_engine_shows_nothing_of_a_glued_link(nlp: Any) -> None:
    quotes = extract(GLUED_LINKS, nlp=nlp).quotes
    assert [q.speaker for q in quotes] == ["Maria Lopez"]
