"""Faults the fifty-first session's QA read of real articles found (40 news-5k articles drawn at
random, 521 items judged), as mechanisms (stages 1 to 4 on frozen parses). Every text here is
invented: the constructions are the real articles', the words and the people are not.

Who speaks when a participle hangs on where it was said ("was quoted in a 2015 article
saying"); two colleagues a column answers, one of them a first name the model did not tag; a
signature of five words; a report "from" its issuer; an "it" that takes up a summary read the
sentence before; a gallery's link line read as a person; a quote after a passive relative
clause ("which was first reported by"); "called X to ..." (phoned); allegations someone did
not mention; the president of a think tank; a first name and a surname the model did not tag;
names summed up by "all"; a party label after the one person a sentence names; who is shown on
a video; "views" that change.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, frozen_engine


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    yield from frozen_engine("fifty_first_read")


# --- a participle of saying hung on where it was said --------------------------------------------
_SETTING = (
    "Maria Lopez, a tenants' advocate, was quoted in a 2015 Daily Ledger article saying of the "
    'landlord, "He is supposed to fix the heat? That is a joke."\n\n'
    "Residents filed suit against Harmon Corp. in county courts accusing the company of ignoring "
    "safety rules.\n"
)


def test_who_was_quoted_in_an_article_says_it_not_the_article(engine: FrozenEngine) -> None:
    assert engine.quote_with(_SETTING, "fix the heat")["speaker"] == "Maria Lopez"


def test_who_filed_suit_in_courts_accuses_not_the_courts(engine: FrozenEngine) -> None:
    assert [q.speaker for q in engine.with_cue(_SETTING, "accusing")] == ["residents"]


# --- two colleagues, one first name untagged -----------------------------------------------------
_COLLEAGUES = (
    "Noah and Suresh have written a reply to my column. It pains me to disagree with them.\n\n"
    "First, the question of labels. Noah and Suresh say that the label is hard to define. I agree.\n"
)


def test_two_colleagues_named_by_first_names_speak_together(engine: FrozenEngine) -> None:
    assert engine.quote_with(_COLLEAGUES, "hard to define")["speaker"] == "Noah and Suresh"


# --- a post's signature of five words ------------------------------------------------------------
_SIGNED = (
    "Chapters of the student group held vigils across the state on Friday.\n\n"
    "Today we stood outside the State Capitol for 22 minutes, one for every school shooting this "
    "year. We will keep going. — March For Safe Schools Reno (@SafeSchoolsReno) May 18, 2018\n"
)


def test_a_signature_of_five_words_names_the_speaker(engine: FrozenEngine) -> None:
    assert engine.quote_with(_SIGNED, "keep going")["speaker"] == "March For Safe Schools Reno"


# --- a report "from" its issuer -----------------------------------------------------------------
_REPORT = (
    "Families headed by renters use food aid at a higher rate than owners, according to a report "
    "released Monday from the Center for Housing Studies.\n\n"
    '"Renters rely on aid far more often," the report reads.\n'
)


def test_a_report_released_from_an_organisation_is_its_words(engine: FrozenEngine) -> None:
    assert engine.quote_with(_REPORT, "food aid")["speaker"] == "Center for Housing Studies"
    assert engine.quote_with(_REPORT, "far more often")["speaker"] == "Center for Housing Studies"


# --- an "it" that takes up the summary read before ---------------------------------------------
_SUMMARY = (
    "The mayor and his aides had no access to the full audit, instead reading Jane Ruiz's "
    "summary that was also sent to the council.\n\n"
    "It said the auditors found no evidence of fraud in the parks department. It also said the "
    "books were in order.\n"
)


def test_it_is_the_summary_read_not_the_people_reading_it(engine: FrozenEngine) -> None:
    assert engine.quote_with(_SUMMARY, "no evidence of fraud")["speaker"] == "Jane Ruiz"
    assert engine.quote_with(_SUMMARY, "books were in order")["speaker"] == "Jane Ruiz"


# --- a gallery's link line ---------------------------------------------------------------------
_GALLERY = (
    "Senator Dana Whitlock won the runoff on Tuesday.\n\n"
    "Slideshow (17 Images)\n\n"
    "She said in a debate last week that she was sorry for anyone who was offended.\n"
)


def test_a_gallery_link_is_no_person_a_she_could_be(engine: FrozenEngine) -> None:
    assert engine.quote_with(_GALLERY, "sorry for anyone")["speaker"] == "Dana Whitlock"


# --- a quote after a passive relative clause ---------------------------------------------------
_REPORTED_BY = (
    "The agency sent new guidance to schools on Friday.\n\n"
    'The letter, which was first reported by the Daily Ledger, "does not add rules to existing '
    'law," but gives detailed advice on how schools should act.\n'
)


def test_the_paper_that_reported_a_letter_does_not_speak_its_words(engine: FrozenEngine) -> None:
    assert all(q.speaker != "Daily Ledger" for q in engine.shown(_REPORTED_BY))


# --- "called X to ..." is a phone call; "called on X to ..." asks ------------------------------------
_CALLED = (
    "Trump, who later Monday called Moore to offer his support directly, did not mention the "
    "allegations that Moore assaulted girls.\n\n"
    "On Saturday, Sen. Bernie Sanders (I-Vt.) called on Michigan Gov. Rick Snyder (R) to resign over "
    "the lead crisis.\n"
)


def test_a_phone_call_and_allegations_not_mentioned_are_no_words(engine: FrozenEngine) -> None:
    contents = [q.content for q in engine.shown(_CALLED)]
    assert not any("offer his support" in c or "assaulted" in c for c in contents)
    assert engine.quote_with(_CALLED, "to resign")["speaker"] == "Bernie Sanders"


# --- the president of a think tank ----------------------------------------------------------------
_THINK_TANK = (
    "President Obama spoke in Ohio on Monday about jobs.\n\n"
    "The president of the centrist think tank Civic Way wrote in an op-ed that the plan would fail.\n"
)


def test_the_president_of_a_think_tank_is_not_the_president(engine: FrozenEngine) -> None:
    assert engine.quote_with(_THINK_TANK, "plan would fail")["speaker"] != "Obama"


# --- a first name and a surname the model did not tag, a transcript's labels ------------------
_UNTAGGED = (
    "Support for the law has grown fast in recent polls.\n\n"
    'Republican strategist Ana Navarro said Sunday on CNN that the shift is "the most rapid social '
    'change we have seen."\n\n'
    "Navarro said party leaders are moving too, but quietly.\n\n"
    "She said views on the issue are changing quickly.\n"
)


def test_a_woman_the_model_did_not_tag_is_the_she_who_goes_on(engine: FrozenEngine) -> None:
    assert engine.quote_with(_UNTAGGED, "rapid social")["speaker"] == "Ana Navarro"
    assert engine.quote_with(_UNTAGGED, "changing quickly")["speaker"] == "Ana Navarro"


# --- names summed up by "all" -----------------------------------------------------------------
_ALL_CLAIM = (
    "The platforms have faced criticism from the president for months.\n\n"
    "Google, Facebook and Twitter all claim they do not purposely discriminate due to political views.\n"
)


def test_names_summed_up_by_all_speak_together(engine: FrozenEngine) -> None:
    assert engine.quote_with(_ALL_CLAIM, "discriminate")["speaker"] == "Google, Facebook and Twitter"


# --- a party label after the one person a sentence names -----------------------------------------
_PARTY_LABEL = (
    "Biden has worn a mask at public events, while Trump hasn't. Aides say Trump believes masks look "
    "weak.\n\n"
    "Hundreds of doctors signed a letter urging Arizona Gov. Doug Ducey to require them. Facing "
    "mounting pressure to act as cases surge, the Republican said cities were free to mandate masks.\n"
)


def test_a_party_label_is_the_one_person_named_before_not_the_subject(engine: FrozenEngine) -> None:
    assert engine.quote_with(_PARTY_LABEL, "free to mandate")["speaker"] == "Doug Ducey"


# --- shown on video ------------------------------------------------------------------------------
_ON_VIDEO = (
    "Senator Dana Whitlock won the runoff on Tuesday.\n\n"
    "She sparked further controversy when she was shown on another video joking about suppressing "
    "student votes.\n"
)


def test_who_is_shown_on_a_video_joking_jokes(engine: FrozenEngine) -> None:
    assert [q.speaker for q in engine.with_cue(_ON_VIDEO, "joking about")] == ["Dana Whitlock"]


# --- a speech noun that is the subject of another verb --------------------------------------------
_VIEWS = (
    "Dana Whitlock spoke on Sunday.\n\n"
    'She said Republican views on the issue are changing rapidly, but politicians "may not be out '
    'there because there is no reason to take the hit."\n'
)


def test_views_that_are_changing_introduce_no_quote(engine: FrozenEngine) -> None:
    assert all(q.speaker != "Republicans" for q in engine.shown(_VIEWS))


# --- an embedded post of several paragraphs --------------------------------------------------------
_POST = (
    "Ortiz confirmed the Monday call on social media.\n\n"
    '"Keep fighting, Dana!" - Governor Ortiz\n\n\n\n'
    "Just got off the phone with the governor, who offered his full support.\n\n\n\n"
    "I look forward to working alongside him! — Dana Whitlock (@DanaWhitlock) December 4, 2017\n\n"
    "The two have not always been allies.\n"
)


def test_an_embedded_post_keeps_its_earlier_paragraphs(engine: FrozenEngine) -> None:
    post = engine.quote_with(_POST, "I look forward")
    assert post["speaker"] == "Dana Whitlock"
    assert "Keep fighting" in post["content"] and "offered his full support" in post["content"]
    assert "Monday call" not in post["content"]


# --- a conjoined verb whose auxiliary agrees with another subject ---------------------------------
_AGREEING = (
    "Republican lawmakers are growing concerned about where Governor Ortiz is headed on trade and "
    "are asking who in his office is in charge.\n"
)


def test_the_asking_is_the_subject_its_auxiliary_agrees_with(engine: FrozenEngine) -> None:
    assert [q.speaker for q in engine.with_cue(_AGREEING, "asking")] == ["Republican lawmakers"]


# --- "over what he said": the clause's subject, not the sentence's -------------------------------
_OVER_WHAT = (
    "Lopez led the field. Mr. Ortiz stood alone on the stage because Mr. Reyes, who leads the polls, "
    "declined to participate over what he said was poor treatment by the network.\n"
)


def test_what_he_said_is_the_one_who_declined(engine: FrozenEngine) -> None:
    assert [q.speaker for q in engine.with_cue(_OVER_WHAT, "said")] == ["Reyes"]


# --- "was one that declared" --------------------------------------------------------------------
_ONE_THAT = (
    "Lee trails in the state. On Friday, the biggest story about her campaign was one that declared "
    'it was "running on fumes," just when she needs it most.\n'
)


def test_one_that_declared_is_the_story(engine: FrozenEngine) -> None:
    assert [q.speaker for q in engine.with_cue(_ONE_THAT, "declared")] == ["the biggest story"]


# --- a quote a post gives someone by a label -----------------------------------------------------
_LABELLED_POST = (
    "The mayor announced her decision on Sunday night.\n\n"
    "WATCH:\n\n"
    ".@MayorLopez: “I will no longer seek the nomination, but I will do everything I can to help "
    "our party win.” pic.twitter.com/abc123 — CityNews (@citynews) March 2, 2020\n"
)


def test_a_quote_a_post_labels_as_someone_elses_is_not_the_posters(engine: FrozenEngine) -> None:
    assert all(q.speaker != "CityNews" for q in engine.shown(_LABELLED_POST))


# --- the officers of one body: "they" -----------------------------------------------------------
_OFFICERS = (
    "On the other side, the president and vice president of the think tank Civic Way published an "
    'op-ed in The Daily Ledger in December warning that the plan would be "a disaster for the party."\n\n'
    '"The last time a mayor won a race for governor was long ago," they wrote.\n'
)


def test_they_who_wrote_are_the_officers_not_the_paper(engine: FrozenEngine) -> None:
    speaker = engine.quote_with(_OFFICERS, "long ago")["speaker"]
    assert speaker == "the president and vice president of the think tank Civic Way"


# --- a name put after its cue, with a link blurb glued to it ---------------------------------------
_BLURB_AFTER_CUE = (
    "Farm-state senators are worried about the talks.\n\n"
    '"There is nothing like a full silo," Roberts said.\n\n'
    '"Prices are so low that farmers are not going to make it," said Sen. Cory Gardner Cory Scott '
    "GardnerThe issue-driven campaign could be drowned out by the inquiry Mark Lewis: Trump's grip on "
    "the Senate may come loose Embracing Vice President Lee might be the party's best play MORE "
    '(R-Colo.). "Trade gives us an outlet for our supply right now."\n'
)


def test_the_name_between_a_cue_and_a_blurb_speaks(engine: FrozenEngine) -> None:
    assert engine.quote_with(_BLURB_AFTER_CUE, "farmers are not")["source"] == "Cory Gardner"


# --- a chat log's two turns on one line ---------------------------------------------------------
_CHAT = (
    "Dana Whitlock was an analyst at the time. Tom Reyes ran the site that published the files.\n\n"
    "The indictment quotes their chats.\n\n"
    "WHITLOCK: After this upload, that is all I really have left. REYES: Curious eyes never run dry "
    "in my experience.\n"
)


def test_a_second_label_in_capitals_starts_its_own_turn(engine: FrozenEngine) -> None:
    first = engine.quote_with(_CHAT, "upload")
    assert first["speaker"] == "Dana Whitlock" and "Curious" not in first["content"]
    assert engine.quote_with(_CHAT, "Curious eyes")["source"] == "REYES"


# --- "quoted" read as a modifier (a hand-written parse: the article's misparse) ------------------
_QUOTED_AS_MODIFIER = """
The 1 3 det DET DT the O
Riverside 1 2 compound PROPN NNP Riverside B-ORG
Courier 1 3 compound PROPN NNP Courier I-ORG
newspaper 1 11 nsubj NOUN NN newspaper O
in 1 3 prep ADP IN in O
2014 1 4 pobj NUM CD 2014 B-DATE
quoted 1 10 amod VERB VBN quote O
Hale 0 10 poss PROPN NNP Hale B-PERSON
's 1 7 case PART POS 's O
campaign 1 10 compound NOUN NN campaign O
manager 1 4 pobj NOUN NN manager O
saying 0 11 ROOT VERB VBG say O
: 1 11 punct PUNCT : : O
“ 0 11 punct PUNCT `` " O
The 1 15 det DET DT the O
firm 1 18 nsubj NOUN NN firm O
did 1 18 aux AUX VBD do O
not 1 18 neg PART RB not O
hire 1 11 ccomp VERB VB hire O
her 0 18 dobj PRON PRP she O
. 0 11 punct PUNCT . . O
” 0 11 punct PUNCT '' " O
"""


def test_who_a_paper_quoted_says_it_when_quoted_is_read_as_a_modifier(engine: FrozenEngine) -> None:
    # "The Riverside Courier newspaper in 2014 quoted Hale's campaign manager saying: “...”": the
    # parse makes "quoted" a modifier of the manager and the paper the subject of "saying"
    quotes = [q for q in engine.hand_parsed(_QUOTED_AS_MODIFIER) if "did not hire" in q["content"]]
    assert [q["source"] for q in quotes] == ["Hale's campaign manager"]


# --- a gerund the model read into a name ---------------------------------------------------------
_GERUND_NAME = (
    "Entrusting Donald Trump with our economic future is a risky proposition. He has openly "
    "questioned the alliance.\n\n"
    "Just yesterday, he urged the Russians to hack into the emails.\n"
)


def test_a_gerund_before_a_name_is_no_part_of_it(engine: FrozenEngine) -> None:
    assert engine.quote_with(_GERUND_NAME, "hack into")["speaker"] == "Donald Trump"
