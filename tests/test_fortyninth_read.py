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
    "Democratic hopeful Ada Moreno has picked up another key endorsement, from a former rival, "
    "Luis Ortega.\n\n"
    'The Arizona senator wrote: "The answer to fear is a common purpose."\n'
)
_NAMED_IN_PASSING = (
    "Democratic hopeful Ada Moreno criticized the budget plan of Luis Ortega on Monday.\n\n"
    'The Arizona Democrat said: "The answer to fear is a common purpose."\n'
)


def test_an_epithet_is_not_the_subject_when_the_sentence_brought_in_another_who_fits(
    engine: FrozenEngine,
) -> None:
    # A reader who knows Ortega for a senator reads him; nothing in the article says so, nor
    # that Moreno is not one: the epithet stays its own speaker rather than a guess.
    assert engine.quote_with(_INTRODUCED, "common purpose")["speaker"] == "the Arizona senator"


def test_an_epithet_still_takes_up_the_subject_over_someone_named_in_passing(engine: FrozenEngine) -> None:
    assert engine.quote_with(_NAMED_IN_PASSING, "common purpose")["speaker"] == "Ada Moreno"


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
    'The bill passed the Senate on Friday. "I have worked on this bill for four long years."This '
    'is a good day for the whole state," Senator Rhea Hale added. "It shows that we can still '
    'work together."Two other senators voted against it.\n'
)


def test_a_mark_glued_between_two_quotes_closes_one_and_opens_the_next() -> None:
    quoted = [_GLUED[a:b] for q in scan_quotes(_GLUED) for a, b in q.spans]
    assert quoted == [
        "I have worked on this bill for four long years.",
        "This is a good day for the whole state,",
        "It shows that we can still work together.",
    ]


def test_a_mark_glued_after_a_sentence_opens_nothing_when_nothing_closes_after_it() -> None:
    text = 'She said it was "a real concern."People who study it agree, and the data show it.\n'
    assert [text[a:b] for q in scan_quotes(text) for a, b in q.spans] == ["a real concern."]


def test_the_quote_a_glued_mark_opened_is_its_own_speakers(engine: FrozenEngine) -> None:
    q = engine.quote_with(_GLUED, "good day")
    assert q["speaker"] == "Rhea Hale"
    assert q["kind"] == "direct"  # (read as a clause of "added" alone, it was indirect)
    assert "four long years" not in q["content"]
    assert "work together" in q["content"]  # the quote that goes on after the cue


# --- what the room did is not what was said -------------------------------------------------------
_APPLAUSE = (
    '"Is this not better than a stuffy dinner in the capital?" Governor Paul Vance said on Friday '
    "to resounding applause.\n\n"
    "Governor Paul Vance said to resounding applause.\n"
)


def test_said_to_applause_is_no_content(engine: FrozenEngine) -> None:
    contents = [q.content for q in engine(_APPLAUSE)._.quotes]
    assert not any("applause" in c for c in contents), contents
    assert any("stuffy dinner" in c for c in contents)


# --- a slogan is no part of a quote ---------------------------------------------------------------
_SLOGAN = (
    '"These are very dishonest people, many of them," Vance said at a rally in Dayton, standing '
    'in front of a red banner with his campaign slogan, "Bring The Jobs Home Now."\n'
)


def test_a_slogan_after_a_quote_is_not_glued_to_it(engine: FrozenEngine) -> None:
    q = engine.quote_with(_SLOGAN, "dishonest people")
    assert "Bring The Jobs" not in q["content"]
    assert not any("Bring The Jobs" in q.content for q in engine.shown(_SLOGAN))


# --- a post signed after its text on the same line ------------------------------------------------
_POST = (
    "The ruling came late on Monday.\n\n"
    "BREAKING: The state court BLOCKS the new district map from use in the next election!"
    "https://t.co/Xa1bC2dE3f — Fair Maps Now (@FairMapsNow) October 2, 2019\n\n"
    "The map had been drawn in 2016.\n"
)


def test_a_post_signed_after_its_text_is_the_signers(engine: FrozenEngine) -> None:
    q = engine.quote_with(_POST, "BLOCKS the new district map")
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
    "A spokeswoman for the top Republican on the committee, Rep. Dale Hutchins of Ohio, noted that "
    "the minister's testimony is voluntary.\n"
)


def test_a_principal_set_off_after_a_spokeswoman_is_not_who_spoke(engine: FrozenEngine) -> None:
    q = engine.quote_with(_SPOKESWOMAN, "testimony is voluntary")
    assert q["speaker"] == "a spokeswoman for the top Republican on the committee"


_TOLD_ACCORDING = (
    "Governor Paul Vance has made a point of praising the unions backing the plan, telling the "
    "mill owners in a meeting Thursday that “all of a sudden there is a different mood” among "
    "the workers, "
    "according to Ray Duffy, who attended the session.\n"
)


def test_a_participle_cue_keeps_its_words_over_according_to(engine: FrozenEngine) -> None:
    # Duffy is how the reporter knows what Vance told the owners, not who said it.
    assert engine.quote_with(_TOLD_ACCORDING, "different mood")["speaker"] == "Paul Vance"


_HIS_MESSAGE = (
    "Senator Ruiz made the walk across the Capitol to speak to the caucus on Wednesday morning. "
    'His message, according to a member in the room: "Stay united. Stick together."\n'
)


def test_his_message_is_his_not_the_informants(engine: FrozenEngine) -> None:
    q = engine.quote_with(_HIS_MESSAGE, "Stay united")
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
    "Again, I am the director of the budget office–” Petrov: “You don’t trust them?” Harlan: “No, "
    "I said I trust them.”\n"
)


def test_a_label_after_a_broken_off_turn_starts_the_next_turn(engine: FrozenEngine) -> None:
    asked = engine.quote_with(_BROKEN_OFF, "You don’t trust them")
    assert asked["speaker"] == "Jo Petrov"
    answer = engine.quote_with(_BROKEN_OFF, "I trust my staff")
    assert answer["speaker"] == "Ed Harlan"
    assert "Petrov" not in answer["content"] and "don’t trust" not in answer["content"]


# --- who is asked is not who asks ------------------------------------------------------------------
_ASKED = (
    "At last night's debate, Senator Ada Moreno was once again asked how she would pay for the "
    "plan. She responded by citing a new study.\n"
)


def test_the_one_asked_in_a_passive_read_as_a_past_tense_is_not_the_asker(engine: FrozenEngine) -> None:
    asked = [q for q in engine(_ASKED)._.quotes if "pay for the plan" in q.content]
    assert all(q.speaker != "Ada Moreno" for q in asked), [(q.speaker, q.content) for q in asked]


# --- the description's own words pick the source it takes up --------------------------------------
_SOURCES = (
    "A senior administration source said that most users should be able to sign up smoothly.\n\n"
    "Another industry source said the contractors were still fixing the site.\n\n"
    "The senior administration source emphasized that technical teams are working around the clock.\n"
)


def test_a_description_takes_up_the_source_its_words_fit(engine: FrozenEngine) -> None:
    q = engine.quote_with(_SOURCES, "around the clock")
    assert q["speaker"] == "a senior administration source"


# --- a dateline in capitals is no speaker's name -------------------------------------------------
_DATELINE = (
    "CAIRO (AP) — Egyptian jets struck targets across the border on Monday, hours after a video "
    "of the attack on the convoy appeared.\n\n"
    "Cairo acknowledged that the talks had failed, and Athens said the same on Tuesday.\n"
)


def test_a_speaker_is_named_as_the_prose_writes_it_not_as_the_dateline(engine: FrozenEngine) -> None:
    assert engine.quote_with(_DATELINE, "talks had failed")["speaker"] == "Cairo"


# --- a possessive is no part of a speaker's name -------------------------------------------------
_POSSESSIVE = (
    "The rating comes from the story's conclusion that the study's main findings are wildly "
    "overstated because they ignore most of the evidence.\n"
)


def test_a_speaker_named_by_a_possessive_is_named_without_it(engine: FrozenEngine) -> None:
    assert engine.quote_with(_POSSESSIVE, "wildly overstated")["speaker"] == "the story"


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
    "Governor Ada Moreno has dared her rivals to take this step.\n\n"
    "Meeting with world leaders at the summit, she previewed her defense in an all-caps tweet: "
    "“POLITICAL HARASSMENT!”\n"
)


def test_a_tweet_read_as_a_verb_is_still_the_writers(engine: FrozenEngine) -> None:
    assert engine.quote_with(_TWEET_NOUN, "HARASSMENT")["speaker"] == "Ada Moreno"


# --- what nobody can say, with the parse on the copula --------------------------------------------
_IMPOSSIBLE = (
    "Several party leaders said they had noticed changes in the campaign.\n\n"
    "Still, they said it was impossible to say whether the new message would endure.\n"
)


def test_impossible_to_say_is_nobodys_words(engine: FrozenEngine) -> None:
    said = [q.content for q in engine.shown(_IMPOSSIBLE) if "would endure" in q.content]
    assert said == ["it was impossible to say whether the new message would endure"]
