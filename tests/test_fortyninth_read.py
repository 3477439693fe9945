"""Faults the forty-ninth session's QA read of real articles found (40 news-5k articles drawn at
random, 506 items judged), as mechanisms (stages 1 to 4 on frozen parses). Every text here is
invented: the constructions are the real articles', the words and the people are not.

An epithet given to the sentence's subject when the sentence had just brought in someone else
who fits it as well; a transcript's turns run together after "(Laughter.)"; a quote lost where
paragraphs were glued together with one mark between them; "said to resounding applause" shown
as what was said; a slogan's words glued onto a quote; a post signed on its own line with no
speaker; "The Courier piece confirms" with no speaker.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, frozen_engine

from sayso.quotes.marks import scan_quotes


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    yield from frozen_engine("fortyninth_read")


# --- an epithet after someone the sentence brought in ---------------------------------------------
_INTRODUCED = (
    "Republican contender Ada Moreno has won the backing of yet another opponent of last year, "
    "a former rival, Luis Ortega.\n\n"
    'The Arizona senator wrote: "Our state needs a steady hand and a common purpose."\n'
)
_NAMED_IN_PASSING = (
    "Republican contender Ada Moreno criticized the budget plan of Luis Ortega on Monday.\n\n"
    'The Arizona Republican said: "Our state needs a steady hand and a common purpose."\n'
)


def test_an_epithet_is_not_the_subject_when_the_sentence_brought_in_another_who_fits(
    engine: FrozenEngine,
) -> None:
    # A reader who knows Ortega for a senator reads him; nothing in the article says so, nor
    # that Moreno is not one: the epithet stays its own speaker rather than a guess.
    assert engine.quote_with(_INTRODUCED, "steady hand")["speaker"] == "the Arizona senator"


def test_an_epithet_still_takes_up_the_subject_over_someone_named_in_passing(engine: FrozenEngine) -> None:
    assert engine.quote_with(_NAMED_IN_PASSING, "steady hand")["speaker"] == "Ada Moreno"


# --- transcript turns after a stage direction -----------------------------------------------------
_TRANSCRIPT = (
    "At the dinner, the mayor sparred with the comedian Grace Okafor.\n\n"
    "THE MAYOR: Our city is strong and it is growing every single year. OKAFOR: Is it, though? "
    "(Laughter.) And who pays the rent on all of that growth? (Laughter.) THE MAYOR: We all do, "
    "and we pay it gladly for our children. OKAFOR: Speak for yourself, sir. (Applause.)\n"
)


def test_a_transcript_turn_ends_where_the_next_label_follows_a_stage_direction(engine: FrozenEngine) -> None:
    okafor = engine.quote_with(_TRANSCRIPT, "who pays the rent")
    assert okafor["speaker"] == "Grace Okafor"
    assert okafor["content"].endswith("growth?")  # not the mayor's answer, nor "(Laughter.)"
    answer = engine.quote_with(_TRANSCRIPT, "we pay it gladly")
    assert "Okafor" not in (answer["speaker"] or "")
    assert "mayor" in answer["source"].lower()


# --- paragraphs glued with one mark between two quotes --------------------------------------------
_GLUED = (
    'The measure cleared the chamber late on Thursday. "We spent three winters writing these '
    'rules."Today the farmers finally get their due," Senator Rhea Hale added. "The vote proves '
    'that both parties can still agree."Two other senators voted no.\n'
)


def test_a_mark_glued_between_two_quotes_closes_one_and_opens_the_next() -> None:
    quoted = [_GLUED[a:b] for q in scan_quotes(_GLUED) for a, b in q.spans]
    assert quoted == [
        "We spent three winters writing these rules.",
        "Today the farmers finally get their due,",
        "The vote proves that both parties can still agree.",
    ]


def test_a_mark_glued_after_a_sentence_opens_nothing_when_nothing_closes_after_it() -> None:
    text = 'She said it was "a real concern."People who study it agree, and the data show it.\n'
    assert [text[a:b] for q in scan_quotes(text) for a, b in q.spans] == ["a real concern."]


def test_the_quote_a_glued_mark_opened_is_its_own_speakers(engine: FrozenEngine) -> None:
    q = engine.quote_with(_GLUED, "their due")
    assert q["speaker"] == "Rhea Hale"
    assert q["kind"] == "direct"  # (read as a clause of "added" alone, it was indirect)
    assert "three winters" not in q["content"]
    assert "still agree" in q["content"]  # the quote that goes on after the cue


# --- what the room did is not what was said -------------------------------------------------------
_APPLAUSE = (
    '"Who needs a ballroom full of lobbyists anyway?" Governor Paul Vance said on Friday '
    "to resounding applause.\n\n"
    "Governor Paul Vance said to resounding applause.\n"
)


def test_said_to_applause_is_no_content(engine: FrozenEngine) -> None:
    contents = [q.content for q in engine(_APPLAUSE)._.quotes]
    assert not any("applause" in c for c in contents), contents
    assert any("ballroom full of lobbyists" in c for c in contents)


# --- a slogan is no part of a quote ---------------------------------------------------------------
_SLOGAN = (
    '"The pipeline will be built, and it will be built here," Vance said at a rally in Dayton, standing '
    'in front of a red banner with his campaign slogan, "Bring The Jobs Home Now."\n'
)


def test_a_slogan_after_a_quote_is_not_glued_to_it(engine: FrozenEngine) -> None:
    q = engine.quote_with(_SLOGAN, "pipeline will be built")
    assert "Bring The Jobs" not in q["content"]
    assert not any("Bring The Jobs" in q.content for q in engine.shown(_SLOGAN))


# --- a post signed after its text on the same line ------------------------------------------------
_POST = (
    "The ruling came late on Monday.\n\n"
    "JUST IN: Appeals panel HALTS the county's new voting map pending a full hearing!"
    "https://t.co/Xa1bC2dE3f — Fair Maps Now (@FairMapsNow) October 2, 2019\n\n"
    "The map had been drawn in 2016.\n"
)


def test_a_post_signed_after_its_text_is_the_signers(engine: FrozenEngine) -> None:
    q = engine.quote_with(_POST, "HALTS the county")
    assert q["speaker"] == "Fair Maps Now"


# --- a paper's piece ------------------------------------------------------------------------------
_PIECE = (
    "The Courier first reported the inquiry in March.\n\n"
    "The Courier piece confirms that the mayor did not break any rule of the city council.\n"
)


def test_a_papers_piece_speaks_for_the_paper(engine: FrozenEngine) -> None:
    q = engine.quote_with(_PIECE, "did not break any rule")
    assert q["speaker"] is not None and "Courier" in q["speaker"]


# --- who speaks for whom ---------------------------------------------------------------------------
_SPOKESWOMAN = (
    "The committee met on Tuesday.\n\n"
    "A spokesman for the ranking Democrat on the panel, Sen. Dale Hutchins of Ohio, stressed that "
    "the minister's appearance is optional.\n"
)


def test_a_principal_set_off_after_a_spokeswoman_is_not_who_spoke(engine: FrozenEngine) -> None:
    q = engine.quote_with(_SPOKESWOMAN, "appearance is optional")
    assert q["speaker"] == "a spokesman for the ranking Democrat on the panel"


_TOLD_ACCORDING = (
    "Governor Paul Vance has made a point of listing the unions now backing his plan, telling the "
    "mill owners in a meeting Thursday that “all of a sudden everyone wants a seat at the table” "
    "from towns never involved before, according to Ray Duffy, who attended the session.\n"
)


def test_a_participle_cue_keeps_its_words_over_according_to(engine: FrozenEngine) -> None:
    # Duffy is how the reporter knows what Vance told the growers, not who said it.
    assert engine.quote_with(_TOLD_ACCORDING, "seat at the table")["speaker"] == "Paul Vance"


_HIS_MESSAGE = (
    "Senator Ruiz crossed town to meet the county chairs before the convention on Monday. "
    'His message, according to one chair who was there: "Keep your heads down. Win the vote."\n'
)


def test_his_message_is_his_not_the_informants(engine: FrozenEngine) -> None:
    q = engine.quote_with(_HIS_MESSAGE, "Keep your heads down")
    assert q["speaker"] == "Ruiz"


# --- a bare plural is not the few or the some of it named before ----------------------------------
_COUNTED = (
    "Few senators were on the floor for the debate on Wednesday.\n\n"
    "Senators calculated that more than 900 people had died in the mines since 1900.\n"
)


def test_a_bare_plural_is_not_the_few_named_before(engine: FrozenEngine) -> None:
    assert engine.quote_with(_COUNTED, "died in the mines")["speaker"] == "senators"


# --- an interview run into one paragraph, a turn broken off ---------------------------------------
_BROKEN_OFF = (
    "The budget director, Ed Harlan, sat down with the host, Jo Petrov, on Sunday.\n\n"
    "Ed Harlan: “We cut taxes for everyone, and the critics know it.” Jo Petrov: “The budget "
    "office says otherwise.” Petrov: “Do you trust the budget office?” Harlan: “I trust my staff. "
    "I run a department of four hundred people–” Petrov: “So you doubt their numbers?” Harlan: "
    "“No, I said I trust them.”\n"
)


def test_a_label_after_a_broken_off_turn_starts_the_next_turn(engine: FrozenEngine) -> None:
    asked = engine.quote_with(_BROKEN_OFF, "So you doubt their numbers")
    assert asked["speaker"] == "Jo Petrov"
    answer = engine.quote_with(_BROKEN_OFF, "I trust my staff")
    assert answer["speaker"] == "Ed Harlan"
    assert "Petrov" not in answer["content"] and "doubt" not in answer["content"]


# --- who is asked is not who asks ------------------------------------------------------------------
_ASKED = (
    "At Tuesday's forum, Moreno was once again asked how she would fund the rail line. She "
    "answered with a list of grants.\n"
)


def test_the_one_asked_in_a_passive_read_as_a_past_tense_is_not_the_asker(engine: FrozenEngine) -> None:
    asked = [q for q in engine(_ASKED)._.quotes if "rail line" in q.content]
    assert not any("Moreno" in (q.speaker or "") for q in asked), [(q.speaker, q.content) for q in asked]


# --- the description's own words pick the source it takes up --------------------------------------
_SOURCES = (
    "A senior county source said that most ballots should be counted by Friday.\n\n"
    "Another union source said the clerks were still short of staff.\n\n"
    "The senior county source stressed that the counting rooms stay open through the weekend.\n"
)


def test_a_description_takes_up_the_source_its_words_fit(engine: FrozenEngine) -> None:
    q = engine.quote_with(_SOURCES, "counting rooms")
    assert q["speaker"] == "a senior county source"


# --- a dateline in capitals is no speaker's name -------------------------------------------------
_DATELINE = (
    "CAIRO (AP) — Talks on the river dam broke up on Monday without a date for the next round, "
    "officials from three countries said.\n\n"
    "Cairo acknowledged that the talks had failed, and Athens said the same on Tuesday.\n"
)


def test_a_speaker_is_named_as_the_prose_writes_it_not_as_the_dateline(engine: FrozenEngine) -> None:
    assert engine.quote_with(_DATELINE, "talks had failed")["speaker"] == "Cairo"


# --- a possessive is no part of a speaker's name -------------------------------------------------
_POSSESSIVE = (
    "The verdict rests on the review's conclusion that the report's cost figures are badly out of "
    "date because they leave out two years of inflation.\n"
)


def test_a_speaker_named_by_a_possessive_is_named_without_it(engine: FrozenEngine) -> None:
    assert engine.quote_with(_POSSESSIVE, "badly out of")["speaker"] == "the review"


# --- a post's numbered list ------------------------------------------------------------------------
_THREAD = (
    "Critics were quick to respond online.\n\n"
    "The plan claiming to cut the city's costs, that:\n\n"
    "1) Ignored the cost of the new roads.\n\n"
    "2) Ignored the rise in traffic.\n\n"
    "3) Assumed fares would pay for everything. — Dana Holt (@danaholt) March 3, 2020\n\n"
    "The mayor did not respond.\n"
)


def test_a_signed_post_holds_its_whole_numbered_list(engine: FrozenEngine) -> None:
    q = engine.quote_with(_THREAD, "Assumed fares")
    assert q["speaker"] == "Dana Holt"
    assert q["content"].startswith("The plan claiming") and "1) Ignored the cost" in q["content"]
    assert "mayor" not in q["content"] and "Critics" not in q["content"]


# --- a noun the tagger read as a verb --------------------------------------------------------------
_TWEET_NOUN = (
    "Governor Ada Moreno has dared the legislature to cut her budget.\n\n"
    "Touring the flooded valley on Friday, she answered them in an all-caps tweet: "
    "“NOT ONE DOLLAR LESS!”\n"
)


def test_a_tweet_read_as_a_verb_is_still_the_writers(engine: FrozenEngine) -> None:
    assert engine.quote_with(_TWEET_NOUN, "ONE DOLLAR")["speaker"] == "Ada Moreno"


# --- what nobody can say, with the parse on the copula --------------------------------------------
_IMPOSSIBLE = (
    "Several union leaders said they had seen the mood on the shop floor shift.\n\n"
    "Even so, they said it was impossible to say whether the strike vote would pass.\n"
)


def test_impossible_to_say_is_nobodys_words(engine: FrozenEngine) -> None:
    said = [q.content for q in engine.shown(_IMPOSSIBLE) if "would pass" in q.content]
    assert said == ["it was impossible to say whether the strike vote would pass"]


# --- the day a cue's words were said, read as part of a name ---------------------------------------
_WEEKDAY = (
    "The Moreno campaign told reporters Thursday Moreno would veto at least two budget bills in "
    "her first week as governor.\n"
)


def test_the_day_after_told_reporters_is_no_word_of_what_was_said(engine: FrozenEngine) -> None:
    q = engine.quote_with(_WEEKDAY, "budget bills")
    assert q["content"].startswith("Moreno would veto")


# --- "a statement saying ..." ---------------------------------------------------------------------
_STATEMENT_SAYING = (
    "The tenants' lawyer, Mara Quint, released a statement saying she had asked the city to delay "
    "the vote on the rezoning.\n"
)


def test_a_statement_saying_shows_what_it_says_once(engine: FrozenEngine) -> None:
    said = [q.content for q in engine.shown(_STATEMENT_SAYING) if q.content.startswith(("she had", "saying"))]
    assert said == ["she had asked the city to delay the vote on the rezoning"], said


# --- a video shows, it does not plead --------------------------------------------------------------
_VIDEO = (
    "Crowds gathered downtown after a video surfaced online showing a handcuffed 52-year-old Dale "
    "Rusk, who was unarmed, being held down by two guards, while pleading that he could not move "
    "his arm.\n"
)


def test_the_one_a_video_shows_pleading_is_who_pleads(engine: FrozenEngine) -> None:
    assert engine.quote_with(_VIDEO, "could not move")["speaker"] == "Dale Rusk"


def test_a_question_before_an_inverted_asked_is_the_askers(engine: FrozenEngine) -> None:
    # (guards the passive rule above: the quote's "Is" is no auxiliary of "asked")
    text = (
        "Federal outlays rose again last year, the Treasury Department said Wednesday.\n\n"
        "“Is it the moment for a grand compromise?” asked Ada Moreno, head of the Budget Watch "
        "institute. “On the numbers, yes.”\n"
    )
    assert engine.quote_with(text, "grand compromise")["speaker"] == "Ada Moreno"
