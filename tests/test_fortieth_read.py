"""Faults the fortieth session's QA reads of real articles found, as mechanisms (stage 2 and
coreference on frozen parses). Every text here is invented: the constructions are the real
articles', the words and the people are not.

A negated report between two quotes ("He didn't suggest retaliation.") took the second quote
from the one who spoke it; "said after listening to X's testimony that" gave the words to X; a
paper that "quoted" a senator spoke his words; "quoted state Senator X as saying" went to
"state"; "an analysis of X's report found" was X's finding; "Republican claims that" were the
claims of the lawyer who fuelled them; "the US leader" after "US President X" was no one; a
bare surname went to the father whose death the article told; a senator the parse made a
conjunct lost the next "he said"; "the official" after "One U.S. official said" went to an
official named later; "she said" after "A spokesperson for X said" was X's; "one officer can
be heard saying ..., the Star reported" was the Star's; "“...,” to which Mr. X replied" was X's.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, frozen_engine

from sayso.settings import DEFAULT_MIN_CONFIDENCE


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    yield from frozen_engine("fortieth_read")


def test_a_negated_report_between_quotes_takes_none_of_them(engine: FrozenEngine) -> None:
    text = (
        "This week, the president declined to threaten the rival power.\n\n"
        '"We\'ve had trouble with break-ins from that country in the past," Obama said after '
        "meeting with its leader. He didn't suggest retaliation. \"Our goal is not to repeat the "
        'cycle of escalation that we saw in other arms races."'
    )
    quote = engine.quote_with(text, "Our goal is not to repeat")
    assert (quote["speaker"], quote["cue"]) == ("Obama", "said")


def test_a_clause_hung_on_the_testimony_listened_to_is_the_listeners(engine: FrozenEngine) -> None:
    text = (
        "Rep. Dale Ames, R-Ohio, ranking member on the committee, said after listening to "
        'Weller\'s testimony that "nothing he said supports the story we keep hearing."'
    )
    assert engine.quote_with(text, "nothing he said")["speaker"] == "Dale Ames"


def test_a_paper_that_quotes_someone_relays_his_words(engine: FrozenEngine) -> None:
    text = (
        '"We will look at every option, but we accept the ruling," the Daily Ledger quoted state '
        "Senate leader Mark Hollis (R-Elm), one of the men who brought the case. \"We don't like "
        'it, but we move on."'
    )
    assert engine.quote_with(text, "accept the ruling")["speaker"] == "Mark Hollis"


def test_quoted_as_saying_is_the_nearest_object(engine: FrozenEngine) -> None:
    text = 'The Daily Ledger quoted state Senator Mark Hollis as saying the budget was "dead on arrival."'
    assert engine.quote_with(text, "dead on arrival")["speaker"] == "Mark Hollis"


def test_an_analysis_of_a_report_is_not_the_reports_author(engine: FrozenEngine) -> None:
    text = (
        "Jeb Bush cut staff pay this fall. A POLITICO analysis of Bush's third quarter report "
        "found that more than 60 staffers might have had their salaries cut."
    )
    assert engine.quote_with(text, "60 staffers")["speaker"] != "Jeb Bush"


def test_a_party_adjective_owns_the_claims_it_modifies(engine: FrozenEngine) -> None:
    text = "The mayor has also fueled Republican claims that the audit was politically motivated."
    assert engine.quote_with(text, "politically motivated")["speaker"] == "Republicans"


def test_a_nations_adjective_owns_no_idea(engine: FrozenEngine) -> None:
    text = "The hearing was a test of the American idea that no one is above the law, she wrote."
    speakers = [q.speaker for q in engine(text)._.quotes if "above the law" in q.content]
    assert "American" not in speakers


def test_a_countrys_leader_is_its_president(engine: FrozenEngine) -> None:
    text = (
        "US President Donald Trump will meet the Cuban leader Raul Castro in Panama next month, "
        'he has said.\n\n"It will be a very big day for the whole region!" the US leader tweeted.'
    )
    assert engine.quote_with(text, "very big day")["speaker"] == "Donald Trump"


def test_a_bare_surname_is_the_living_namesake(engine: FrozenEngine) -> None:
    text = (
        "It's so small that when Tom Vale stepped up to a microphone at the conference and "
        'referred to "Dad," no explanation was needed. Dad was Carl Vale, the hardline board '
        "member who until his death in 2009 used his newsletter to attack his colleagues.\n\n"
        "Vale had the full power of the family name behind him on Sunday when he stepped up, "
        "invoked his father, and accused the organizer, Alan Mertz, of betraying the movement.\n\n"
        '"We will not give an inch on this," said Vale.'
    )
    assert engine.quote_with(text, "give an inch")["speaker"] == "Tom Vale"


def test_a_speaker_parsed_as_a_conjunct_keeps_the_next_he(engine: FrozenEngine) -> None:
    text = (
        "Another candidate, Sen. Amy Lund, D-Ore., said recently that Trump would be "
        '"led out in cuffs" if he were anyone else.\n\n'
        "Asked Wednesday if he would back Trump's prosecution, fellow candidate Sen. Paul Dorn, "
        "D-Vt., said “no one is above the law” while leaving the question open.\n\n"
        "“To be very blunt, if my attorney general finds that a law has been broken by anyone, "
        "I expect them to act,” he said."
    )
    assert engine.quote_with(text, "To be very blunt")["speaker"] == "Paul Dorn"


def test_the_official_is_the_unnamed_one_before_not_one_named_later(engine: FrozenEngine) -> None:
    text = (
        "One U.S. official said he expects the deal to be approved Saturday. \"I don't know if "
        'anybody is going to go crazy," the official said.\n\n'
        "China's chief negotiator, the senior official Wu Peng, said his country would sign."
    )
    assert engine.quote_with(text, "go crazy")["speaker"] == "one U.S. official"


def test_she_after_a_spokesperson_for_a_woman_is_the_spokesperson(engine: FrozenEngine) -> None:
    text = (
        "A spokesperson for Laura Quinn said the senator's wife had backed her husband's run. "
        '"She was sure he would win and was very happy when he did," she said on Wednesday.'
    )
    assert engine.quote_with(text, "sure he would win")["speaker"] == "a spokesperson for Laura Quinn"


def test_the_one_heard_saying_it_said_it_not_the_paper(engine: FrozenEngine) -> None:
    text = (
        "“Tell everybody arriving on the scene, the shooter is firing out the window,” one "
        "officer can be heard saying on audio captured by a scanner website, the Ledger reported."
    )
    assert engine.quote_with(text, "firing out the window")["speaker"] == "one officer"


def test_a_statement_that_said_it_keeps_its_cue(engine: FrozenEngine) -> None:
    # the guard of the rule above: a noun cue in the clause's own subject is no nearer speaker
    text = (
        "“Nothing short of her full cooperation will be tolerated,” the inspector general's statement said."
    )
    assert engine.quote_with(text, "full cooperation")["cue"] == "said"


def test_the_one_who_replies_to_a_quote_did_not_say_it(engine: FrozenEngine) -> None:
    text = (
        "The senator forwarded the memo to her chief of staff, Dan Rowe, with the instruction, "
        "“We should get to this soon,” to which Mr. Rowe replied, “Will do.”"
    )
    assert engine.quote_with(text, "get to this soon")["speaker"] != "Dan Rowe"
    assert engine.quote_with(text, "Will do")["speaker"] == "Dan Rowe"


def test_locals_and_the_right_are_speakers(engine: FrozenEngine) -> None:
    text = (
        "Some villagers say the road has made their lives easier, and locals say the bridge did too.\n\n"
        "The left argues that the press is fair, while the right argues that it is biased."
    )
    assert engine.quote_with(text, "the bridge did too")["speaker"] is not None
    assert engine.quote_with(text, "it is biased")["speaker"] == "the right"


def test_an_organisation_named_after_its_kind_speaks(engine: FrozenEngine) -> None:
    text = "The union Solvo, which called the strike, said the workers wanted better pay."
    assert engine.quote_with(text, "workers wanted better pay")["speaker"] == "Solvo"


def test_regulations_are_a_speaking_document(engine: FrozenEngine) -> None:
    text = "Pilot School regulations require that all students be treated equally."
    assert [q.speaker for q in engine.with_cue(text, "require")] == ["Pilot School regulations"]


def test_a_party_that_is_named_keeps_its_name(engine: FrozenEngine) -> None:
    # the guard of "Republican claims": the party itself is not renamed after its members
    text = "The GOP said that spending cuts must come first."
    assert engine.quote_with(text, "spending cuts")["speaker"] == "GOP"


def test_a_media_captions_reporter_issues_no_report(engine: FrozenEngine) -> None:
    text = (
        "Topics in foreign languages may also not be included, Mr Stretch explained.\n\n"
        "Media playback is unsupported on your device Media caption The BBC's Dan Moss reports "
        "from outside the headquarters in California\n\n"
        "The report did find that some topics did not show up."
    )
    assert engine.quote_with(text, "did not show up")["speaker"] != "Dan Moss"


def test_a_share_of_a_group_tagged_as_a_date_speaks(engine: FrozenEngine) -> None:
    text = (
        "Among Americans who rely most on the task force for news, only about a quarter of this "
        "group (24%) say the outbreak is under control."
    )
    assert engine.quote_with(text, "under control")["speaker"] == "only about a quarter of this group"


def test_a_nickname_of_a_committee_is_no_share_of_it(engine: FrozenEngine) -> None:
    # the guard of the rule above: only an amount of a group is a part of its people
    text = (
        '"Good Enough," the nickname of a committee set up to narrow the goals, met with the '
        'president to determine what was considered "good enough" for the country.'
    )
    speakers = {q.speaker for q in engine(text)._.quotes if "good enough" in q.content}
    assert not any(s and s.startswith("the nickname") for s in speakers)


def test_the_speaker_right_after_a_quote_outranks_according_to(engine: FrozenEngine) -> None:
    text = (
        "Tom Reed spoke in Ohio on Friday.\n\n"
        "“I hope you don’t think the end is near,” he implored a crowd in Columbus, according to "
        "The Daily Ledger."
    )
    assert engine.quote_with(text, "the end is near")["speaker"] == "Tom Reed"


def test_according_to_keeps_a_quote_no_speaker_follows(engine: FrozenEngine) -> None:
    # the guard: "has sold" after a title in marks is no one speaking it
    text = (
        "(Mr. Vane's own manifesto, “Broken Country: How to Fix It,” has sold 235,000 copies in "
        "eight months, according to BookTrack.)"
    )
    assert engine.quote_with(text, "Broken Country")["cue"] == "according to"


def test_the_one_overheard_saying_it_said_it(engine: FrozenEngine) -> None:
    text = (
        'Kerrin was overheard by a TV analyst saying "maybe I\'m deluding myself here" and '
        "explaining that he would have to step down from the board."
    )
    assert engine.quote_with(text, "deluding myself")["speaker"] == "Kerrin"


def test_the_majority_of_respondents_is_no_one_named_before(engine: FrozenEngine) -> None:
    text = (
        "Kerrin spoke on Monday.\n\n"
        "The vast majority — 65% — of respondents to a recent survey of 302 companies said that "
        "they would pay down debt."
    )
    assert engine.quote_with(text, "pay down debt")["speaker"] != "Kerrin"


def test_his_father_is_not_a_father_named_paragraphs_later(engine: FrozenEngine) -> None:
    text = (
        "In 2011 Alex Marlo, a 30-year-old with a mental illness, was shot 13 times after his "
        'father called 911. "We saw it with our own eyes and there was no need for it," said his '
        "father.\n\n"
        "Years later, in another state, a border agent shot Adam Tovey, a father of three, during "
        "a traffic stop."
    )
    assert engine.quote_with(text, "our own eyes")["speaker"] != "Adam Tovey"


def test_a_participle_after_a_clause_of_time_is_the_main_subjects(engine: FrozenEngine) -> None:
    text = (
        "Rabbi Levi Stern gave a speech before Anna and Jared first arrived, urging the "
        "congregants to welcome them warmly."
    )
    assert engine.quote_with(text, "welcome them warmly")["speaker"] == "Rabbi Levi Stern"


def test_they_after_an_opinion_joined_by_another_is_the_two(engine: FrozenEngine) -> None:
    text = (
        "The administration had asked the court to rule quickly.\n\n"
        "Justice Carl Ames wrote a concurring opinion, joined by Justice Neil Foster. They said "
        "the ruling should have gone further."
    )
    assert engine.quote_with(text, "gone further")["speaker"] == "Carl Ames and Neil Foster"


def test_a_story_kicker_line_is_no_speaker(engine: FrozenEngine) -> None:
    text = (
        "The army found tunnels leading into the country.\n\n"
        "STORY: Egypt calls for open-ended cease-fire\n\n"
        "The attacks forced thousands to flee north, officials said.\n\n"
        "STORY: Boy killed in mortar attack\n\n"
        "Most returned home last week."
    )
    assert not [q for q in engine(text)._.quotes if "Boy killed" in q.content]


def test_a_subheading_in_marks_is_not_more_of_the_quote_before(engine: FrozenEngine) -> None:
    text = (
        '"The way the media has handled issues with us has led to threats against our owners," '
        'Holden said. "It\'s irresponsible."\n\n'
        "'Intimidation' Or 'The Price Of Democracy'?\n\n"
        "The top Republican in the Senate says the problem has gotten so bad."
    )
    assert "Democracy" not in engine.quote_with(text, "irresponsible")["content"]


def test_forces_alumni_and_a_referral_speak(engine: FrozenEngine) -> None:
    text = (
        "Local law enforcement alleged that the driver hit a deputy with a hammer. The border "
        "patrol has since said the agent acted lawfully. Many alumni reacting to the news said "
        "they were proud. Dorsey's referral stated that the official had lied to Congress."
    )
    needles = ("a hammer", "acted lawfully", "proud", "lied")
    assert None not in [engine.quote_with(text, n)["speaker"] for n in needles]


def test_a_verb_read_as_a_noun_after_from_is_no_word_of_the_sender(engine: FrozenEngine) -> None:
    text = 'Tom Vale pleaded guilty on Tuesday. A statement from Vale read, "I am sorry for what I did."'
    assert engine.quote_with(text, "sorry for what I did")["source"] == "Vale"


def test_a_conjunct_of_a_supposition_is_supposed_too(engine: FrozenEngine) -> None:
    text = (
        "If we had paid for an airline ticket, and the airline informed us that the flight was "
        "cancelled, we would ask for our money back. Congress might hear this request and say "
        "that it is preposterous."
    )
    shown = [q.content for q in engine(text)._.quotes if q.confidence >= DEFAULT_MIN_CONFIDENCE]
    assert not [c for c in shown if "cancelled" in c or "preposterous" in c]


def test_a_digests_double_hyphen_signs_the_quote_above(engine: FrozenEngine) -> None:
    text = (
        '"I think the message is that voters are seeing the unfairness of government becoming '
        'its own special interest group."\n\n'
        '-- Indiana Gov. Mark Dale on "Sunday Morning" discussing the failed recall effort.\n\n'
        "It has been said that the president walked back a statement."
    )
    assert engine.quote_with(text, "special interest group")["speaker"] == "Mark Dale"


def test_narration_after_a_dash_signs_nothing(engine: FrozenEngine) -> None:
    # the guard of the rule above: a sentence opening after a dash names no signer
    text = '"We are done here."\n\n— And in Texas, the governor said the plan would pass.'
    assert engine.quote_with(text, "done here")["speaker"] is None


def test_an_account_credited_to_someone_is_theirs(engine: FrozenEngine) -> None:
    text = "A post from an account credited to Ravi Jaffe said the board had failed the students."
    assert engine.quote_with(text, "failed the students")["speaker"] == "Ravi Jaffe"
