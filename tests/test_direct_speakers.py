"""Direct quotes get their speaker: the constructions that used to lose it (issue 10, point 4).

Each test is an invented sentence with one construction: an attribution clause after the quote
whose verb is in no lexicon, "as X put it", an inverted speaker the parser read as a clause of
its own, a participle the parser hung on the object, a subject inherited past an "it", an
object after the cue (the listener), and a sentence the parser ran over a paragraph break;
then (session 4) a cue after a finished quote that introduces the next one, a cue the parser
hung on the reported clause, a passive subject, the writer of "his statement", the sender of a
text "to parents saying", a verb hung loosely ("dep") on the clause with the subject, a clause
ending in its verb before a comma, "adding" after a closing mark, a party label, and quotes
that go on after (or stop at) a clause of any verb; then (session 6) a surname tagged as an
adverb, a quote further on in the same paragraph, a speech-verb sentence that says nothing
itself before a quote, a cue put first ("Said Ellis:"), footage of someone speaking, and a
signature line with a description after the name; then (session 8) a quote beside its own cue
that the parser put inside another speech clause, a subject inside other quotation marks,
narration ending in the colon that opens a quote, a participle introducing a second quote,
narration after a cue that goes on to a new utterance, a long speaker inside a split quote, and
a participle the parser hung on a quote's verb (this one and the subject inside marks on parses
written out by hand, as the model made them on real articles).
They run on the model's frozen parse of each text (``tests/fixtures/direct_speakers.spacy``,
made by ``scripts/freeze_parses.py``), so they need no model and survive a model upgrade.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from frozen_parses import FrozenEngine, FrozenParses


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    frozen = FrozenParses("direct_speakers")
    yield FrozenEngine(frozen)
    frozen.save()  # only in record mode


def quote_with(engine: FrozenEngine, text: str, needle: str) -> dict[str, Any]:
    hits = [q.to_dict() for q in engine(text)._.quotes if needle in q.content]
    assert len(hits) == 1, hits
    return hits[0]


def test_clause_after_the_quote_with_any_verb(engine: FrozenEngine) -> None:
    text = "“If they cared about the park, they would have voted for the plan,” Oduya fumed on Tuesday."
    q = quote_with(engine, text, "cared about the park")
    assert (q["kind"], q["cue"], q["source"]) == ("direct", "fumed", "Oduya")


def test_inverted_clause_after_the_quote(engine: FrozenEngine) -> None:
    text = "“Parents should keep the children at home,” opined the Riverside Courier."
    q = quote_with(engine, text, "keep the children")
    assert (q["cue"], q["source"]) == ("opined", "the Riverside Courier")


def test_as_x_put_it(engine: FrozenEngine) -> None:
    text = "As the engineer Mira Okafor put it, “The bridge is older than the town.”"
    q = quote_with(engine, text, "older than the town")
    assert q["cue"] == "put"
    assert "Mira Okafor" in q["source"]


def test_inverted_speaker_read_as_a_clause_keeps_the_quote_direct(engine: FrozenEngine) -> None:
    # The parser reads "Rita Moss, half joking" as a clause "Moss ... joking" under "said".
    text = "''Engines are easier than people,'' said Rita Moss, half joking."
    q = quote_with(engine, text, "easier than people")
    assert (q["kind"], q["source"]) == ("direct", "Rita Moss")
    assert "joking" not in q["content"]


def test_participle_on_the_object_speaks_for_the_subject(engine: FrozenEngine) -> None:
    text = "The coach texted parents saying: “The season goes on.”"
    q = quote_with(engine, text, "season goes on")
    assert q["source"] == "The coach"


def test_subject_inherited_past_it(engine: FrozenEngine) -> None:
    text = "Lena Ortiz said it was a hard call but added, “We have a good plan.”"
    q = quote_with(engine, text, "good plan")
    assert q["source"] == "Lena Ortiz"


def test_the_listener_is_not_the_speaker(engine: FrozenEngine) -> None:
    text = (
        "The mayor seemed ready to joke about the rain, telling the crowd, "
        "“Some people get a little wet, have you noticed?”"
    )
    q = quote_with(engine, text, "a little wet")
    assert q["source"] == "The mayor"


def test_subject_from_the_paragraph_before_is_not_the_speaker(engine: FrozenEngine) -> None:
    text = (
        "Readers wrote in all week. “Never again, never Hollis.”\n\n"
        "Another reader said, “We all know how she feels about the park.”"
    )
    q = quote_with(engine, text, "feels about the park")
    assert q["source"] == "Another reader"


def test_inverted_speaker_read_by_position(engine: FrozenEngine) -> None:
    # The parser makes nothing of "the 52-year-old" under "said": the words after the cue speak.
    text = '"Marta is, and always has been, a fine coach," said the 52-year-old.'
    q = quote_with(engine, text, "fine coach")
    assert (q["cue"], q["source"]) == ("said", "the 52-year-old")


def test_a_writing_nobody_owns_is_its_own_source(engine: FrozenEngine) -> None:
    text = '"Hello, campers! The lake may open early this year!" a message on the camp website reads.'
    q = quote_with(engine, text, "lake may open")
    assert q["cue"] == "message"
    assert q["source"] is not None and "message" in q["source"]


def test_colon_clause_beats_a_cue_of_the_next_sentence(engine: FrozenEngine) -> None:
    text = (
        'Growing louder as he spoke, Mr. Ferris continued: "The worst flood ever in this valley? '
        'It was during his term." He added that the dam had been ignored for years.'
    )
    q = quote_with(engine, text, "worst flood")
    assert (q["cue"], q["source"]) == ("continued", "Mr. Ferris")


def test_who_after_an_apposition_is_the_person(engine: FrozenEngine) -> None:
    # The parser hangs "who" on "Bureau"; "who" speaks of the person the apposition describes.
    text = (
        '"We will need more than luck this season," said Mark Borel, the head of the Ohio Farm Bureau, '
        "who has urged calm."
    )
    q = quote_with(engine, text, "calm")
    assert (q["source"], q["speaker"]) == ("who", "Mark Borel")


def test_first_person_in_a_transcript_turn_is_the_labelled_speaker(engine: FrozenEngine) -> None:
    text = (
        "The hearing ran late into the night.\n\n"
        "DANA BELL: Let me tell you what I saw, because I think the council was wrong about the bridge."
    )
    found = [q.to_dict() for q in engine(text)._.quotes]
    q = next(q for q in found if q["content"] == "what I saw")
    assert q["source"] == "me"
    assert q["speaker"] == "Dana Bell"  # a name in capitals is shown as names are written
    assert all(q["speaker"] != "the author" for q in found)


def test_a_colon_after_someones_feeling_introduces_their_words(engine: FrozenEngine) -> None:
    text = (
        "Mira Dale sat down with the host. As the talk went on, her frustration became more "
        "evident: “Stop it. You are making me laugh.”"
    )
    q = quote_with(engine, text, "making me laugh")
    assert (q["kind"], q["source"]) == ("direct", "her")


def test_a_possessor_does_not_replace_a_name_in_apposition(engine: FrozenEngine) -> None:
    # thirty-sixth session's QA read: "Snowden's predecessor ..., Thomas Drake, summed up ...:"
    text = (
        "Dolan's predecessor in harbor whistleblowing, Thomas Vale, summed up the problem at the root "
        "of the board's hoarding complex for the Gazette: \u201cWe are all persons of interest now.\u201d"
    )
    assert quote_with(engine, text, "persons of interest")["speaker"] == "Thomas Vale"


def test_a_possessor_does_not_replace_a_speaker_noun(engine: FrozenEngine) -> None:
    text = "The board met on Monday. The board's lawyer was blunt: “There is no deal.”"
    q = quote_with(engine, text, "no deal")
    assert q["source"] == "The board's lawyer"


def test_a_colon_clause_beats_a_cue_of_the_sentence_before(engine: FrozenEngine) -> None:
    # "was asked" claims the next quote unless that quote has its own clause before a colon.
    text = "Tom Reyes was asked about the deal. Reyes's lawyer was blunt: “There is no deal.”"
    q = quote_with(engine, text, "no deal.")
    assert q["source"] == "Reyes's lawyer"


def test_a_cue_after_a_finished_quote_introduces_the_next_one(engine: FrozenEngine) -> None:
    # "He added, “...”" speaks of the quote after it; the one before goes on with Mayor Lin.
    text = (
        '"We will fix the roads," Mayor Lin said. "The money is already there." '
        'He added, "Nobody should worry about the bridge."'
    )
    assert quote_with(engine, text, "money is already there")["source"] == "Mayor Lin"
    assert quote_with(engine, text, "Nobody should worry")["source"] == "He"


def test_a_cue_with_a_clause_of_its_own_does_not_claim_the_quote_before(engine: FrozenEngine) -> None:
    text = '"The money is already there." Lin said on Monday that the bridge would open in May.'
    q = quote_with(engine, text, "money is already there")
    assert q["source"] is None


def test_a_bare_cue_ending_its_sentence_still_claims_a_finished_quote(engine: FrozenEngine) -> None:
    text = '"We are done with the plan." Mayor Lin said.'
    assert quote_with(engine, text, "done with the plan")["source"] == "Mayor Lin"


def test_a_cue_hung_on_the_reported_clause_speaks_for_the_reporter(engine: FrozenEngine) -> None:
    # The parser hangs "added" on "was" (what Ms. Vale said), whose subject is "she".
    text = 'Ms. Vale said she was tired of the fight and added, "I will not run again."'
    assert quote_with(engine, text, "not run again")["source"] == "Ms. Vale"


def test_a_passive_subject_speaks_not_the_agent(engine: FrozenEngine) -> None:
    text = 'Omar Sidi was joined on stage by the mayor and joked, "Nobody here can sing."'
    assert quote_with(engine, text, "Nobody here")["source"] == "Omar Sidi"
    text = 'Mr. Ruiz was prompted to say, "I cannot believe how quiet it has been."'
    assert quote_with(engine, text, "how quiet")["source"] == "Mr. Ruiz"


def test_the_writer_speaks_through_his_statement(engine: FrozenEngine) -> None:
    text = 'The coach said in his statement: "We accept the ruling."'
    assert quote_with(engine, text, "accept the ruling")["source"] == "The coach"


def test_the_sender_speaks_not_the_listener_after_to(engine: FrozenEngine) -> None:
    # The parser hangs "saying" on "parents", the listener of the text.
    text = 'The coach sent a text to parents saying: "Practice is cancelled."'
    assert quote_with(engine, text, "Practice is cancelled")["source"] == "The coach"


def test_a_verb_the_parser_hung_loosely_takes_the_subject_above(engine: FrozenEngine) -> None:
    # "leaned" hangs on "waved" as "dep"; "boomed" (in no lexicon) ends the clause before the colon.
    text = 'Omar Vance waved to stop the noise, then leaned in and boomed: "Let us win this in May."'
    assert quote_with(engine, text, "win this in May")["source"] == "Omar Vance"
    # "said" hangs on "noting" as "dep"; the label ends whole, with its ")".
    text = (
        'Sen. Paula Greer (D-Ore.), noting the size of the crowd, said, "Let me tell you, '
        'this town is ready."'
    )
    assert quote_with(engine, text, "town is ready")["source"] == "Sen. Paula Greer (D-Ore.)"


def test_a_clause_ending_in_its_verb_before_a_comma_introduces_the_quote(engine: FrozenEngine) -> None:
    text = 'The singer thanked the crowd and then boomed, "You are the best town in the world."'
    q = quote_with(engine, text, "best town")
    assert (q["cue"], q["source"]) == ("boomed", "The singer")


def test_a_clause_setting_the_scene_introduces_nobody(engine: FrozenEngine) -> None:
    text = 'When the storm ended, "Nobody could believe the damage to the old mill."'
    assert quote_with(engine, text, "damage to the old mill")["source"] is None


def test_adding_after_a_closing_mark_goes_on_with_that_speaker(engine: FrozenEngine) -> None:
    # The parser hangs "adding" on "knew", a verb inside the quote before.
    text = (
        'On the radio she stated, "The plan was never ready, and the town knew it," adding, '
        '"We lost two years."'
    )
    assert quote_with(engine, text, "lost two years")["source"] == "she"


def test_a_party_label_belongs_whole_to_the_name(engine: FrozenEngine) -> None:
    text = 'After the ruling, Rep. Tom Brill (R-WI) said, "Look, these images have no place in a campaign."'
    assert quote_with(engine, text, "no place in a campaign")["source"] == "Rep. Tom Brill (R-WI)"


def test_a_clause_the_parser_hung_on_a_later_quote_keeps_its_subject(engine: FrozenEngine) -> None:
    # The parser makes "offered" a clause of "are", a verb of the quote after it; "tweeting"
    # still inherits Mr. Hale, the subject of "offered", not a word of the quote.
    text = (
        "Mr. Hale offered a sharp retort on the mayor's favorite app, tweeting at him, "
        '"you are not just wrong, you are late."'
    )
    assert quote_with(engine, text, "not just wrong")["source"] == "Mr. Hale"


def test_a_quote_goes_on_after_one_a_clause_of_any_verb_attributes(engine: FrozenEngine) -> None:
    # "pressed" is in no lexicon: the clause after the quote attributes it, and the quote
    # after, with no introducer of its own, goes on with Dana Roe.
    text = '"Would it be fair to the other towns?" Dana Roe pressed. "Maybe the bridge can wait a year?"'
    q = quote_with(engine, text, "bridge can wait")
    assert (q["source"], q["speaker"]) == ("Dana Roe", "Dana Roe")
    assert "fair to the other towns" in q["content"]


def test_a_quote_with_a_clause_of_its_own_after_it_does_not_go_on(engine: FrozenEngine) -> None:
    text = '"We will fix the roads," Mayor Lin said. "The money was there all along," her deputy fumed.'
    q = quote_with(engine, text, "money was there")
    assert (q["cue"], q["source"]) == ("fumed", "her deputy")
    assert "fix the roads" not in q["content"]


def test_a_frame_whose_verb_the_parser_took_for_a_noun(engine: FrozenEngine) -> None:
    # The parser tags "states" and "read" as nouns ("the ad states", "the editorial read").
    text = (
        '"They know the mayor is the only one strong enough to fix the roads," a voice-over in the '
        'ad states. "She will stand up to the builders."'
    )
    q = quote_with(engine, text, "fix the roads")
    assert (q["cue"], q["source"]) == ("states", "a voice-over in the ad")
    assert "stand up to the builders" in q["content"]
    text = '"If he wants to be the next governor, Tom Reyes should act like one," the editorial read.'
    q = quote_with(engine, text, "act like one")
    assert (q["cue"], q["source"]) == ("read", "the editorial")


def test_a_noun_after_a_quote_is_no_cue(engine: FrozenEngine) -> None:
    text = '"We will fix the roads," the mayor said in a statement.'
    assert quote_with(engine, text, "fix the roads")["cue"] == "said"


def test_a_reply_keeps_its_own_subject_when_the_parser_ran_over_the_paragraph(engine: FrozenEngine) -> None:
    # The parser hangs "replied" on the previous paragraph's "distracting" (whose subject is the
    # quoted "you"): the reply's own subject speaks, for it and for what it goes on to tell and add.
    text = (
        "Later, Mara Ruiz said to her brother when he interrupted her again: "
        '"Why are you talking over me? Why are you distracting me?"\n\n'
        '"I am sorry," he replied, telling his sister that he was \'just moved by [her] voice, '
        'adding: "You sing so well."'
    )
    assert quote_with(engine, text, "moved by")["source"] == "he"
    assert quote_with(engine, text, "You sing so well")["source"] == "he"


# --- session 6: constructions read off PolNeAR train's direct quotes without their speaker ---


def test_a_surname_the_tagger_took_for_an_adverb(engine: FrozenEngine) -> None:
    # "Skelly" ends in -ly: the tagger makes it an adverb of "said".
    text = "“Having the old files is worth a lot,” said Skelly, explaining that he knew the clerks."
    assert quote_with(engine, text, "old files")["source"] == "Skelly"


def test_a_quote_later_in_the_same_paragraph_goes_on_after_long_narration(engine: FrozenEngine) -> None:
    # More than the reach between paragraphs (200 characters) of narration within one paragraph.
    text = (
        "“In any other season they would be on the short list,” Maddow said of the names, which "
        "included Lena Ortiz of the river council, Marta Pell of the school board, Dana Voss of "
        "the harbour trust, Ines Carro of the library and Jo Lind of the parks office. “But this "
        "year nobody from the list will get picked.”"
    )
    q = quote_with(engine, text, "short list")
    assert q["source"] == "Maddow"
    assert "nobody from the list" in q["content"]


def test_a_speech_verb_sentence_with_nothing_said_introduces_the_next_quote(engine: FrozenEngine) -> None:
    text = (
        "The count was final, both towns agreed.\n\n"
        "Sam Orr, the spokesman for the county party, said in a statement. “There are no paper "
        "ballots to count again. The meetings were a unique event.”"
    )
    q = quote_with(engine, text, "no paper ballots")
    assert (q["cue"], q["source"]) == ("said", "Sam Orr, the spokesman for the county party")


def test_a_speech_verb_sentence_that_says_something_introduces_only_its_paragraphs_quote(
    engine: FrozenEngine,
) -> None:
    # The quote going on in its paragraph is the speaker's (fifty-second session's QA read:
    # "... said that although ..., he could afford to turn some work down. “I’m not ...”" had no
    # speaker); one in the next paragraph is left to the rules for paragraphs.
    text = "Sam Orr said it was final. “There are no paper ballots to count again.”"
    assert quote_with(engine, text, "no paper ballots")["source"] == "Sam Orr"
    text = "Sam Orr said it was final.\n\n“There are no paper ballots to count again.”"
    assert quote_with(engine, text, "no paper ballots")["source"] is None


def test_a_cue_put_first_then_the_speaker_and_a_colon(engine: FrozenEngine) -> None:
    text = "The plans would make the code longer. Said Ellis: “I do not think she wants reform at all.”"
    assert quote_with(engine, text, "wants reform")["source"] == "Ellis"
    text = "Stated Stone: “I think the stakes are very high this year.”"
    assert quote_with(engine, text, "stakes are very high")["source"] == "Stone"


def test_footage_of_someone_speaking_is_theirs_not_the_ads(engine: FrozenEngine) -> None:
    # The parser hangs "asking" on "uses" (whose subject is the ad), or "saying" on "ends".
    text = "The spot uses footage of Helen Dorsey asking, “Why aren’t I 30 points ahead, you might ask?”"
    assert quote_with(engine, text, "30 points ahead")["source"] == "Helen Dorsey"
    text = "The spot ends with footage of Tom Brill saying during the debate, “That makes me smart.”"
    assert quote_with(engine, text, "makes me smart")["source"] == "Tom Brill"


def test_a_participle_after_a_comma_goes_with_the_subject(engine: FrozenEngine) -> None:
    text = "She thanked Obama, saying “It was kind of him to call.”"
    assert quote_with(engine, text, "kind of him")["source"] == "She"


def test_a_signature_line_with_a_description_after_the_name(engine: FrozenEngine) -> None:
    text = (
        "The hall emptied slowly.\n\n"
        "“Great speech. She is ready for the job.”\n\n"
        "- Dana Obelo, writing after the speech.\n\n"
        "“The whole idea is something we hear about all the time.”\n\n"
        "- Mira Marks, Philadelphia."
    )
    assert quote_with(engine, text, "ready for the job")["source"] == "Dana Obelo"
    assert quote_with(engine, text, "hear about all the time")["source"] == "Mira Marks"


def test_a_participle_after_the_quote_names_no_speaker_with_its_object(engine: FrozenEngine) -> None:
    text = (
        "When Tam suggested that the county would sue the city over the deal, Rubin fired back "
        "forcefully: “If they sue us in a court in Miami, they’re going to lose,” referencing the "
        "large number of lawyers in the region."
    )
    q = quote_with(engine, text, "going to lose")
    assert q["source"] == "Rubin"


def test_a_free_relative_before_the_colon_is_not_the_speaker(engine: FrozenEngine) -> None:
    text = "Ms. Calder has since apologized for what happened: “Yes, I should have used two accounts.”"
    assert quote_with(engine, text, "two accounts")["source"] == "Ms. Calder"


def test_with_someone_saying_is_theirs(engine: FrozenEngine) -> None:
    text = "The vote was close, with one official saying that the count would take days."
    assert quote_with(engine, text, "count would take days")["source"] == "one official"
    text = "The talk ended with Marla Dow asking him whether he would pick a woman."
    assert quote_with(engine, text, "pick a woman")["source"] == "Marla Dow"


def test_with_a_thing_then_a_comma_leaves_the_participle_to_the_subject(engine: FrozenEngine) -> None:
    text = "She left the stage with a smile, saying “I will be back next spring.”"
    assert quote_with(engine, text, "back next spring")["source"] == "She"


def test_a_quote_ending_in_a_comma_is_not_introduced_by_the_sentence_before(engine: FrozenEngine) -> None:
    # The attribution after the quote is garbled by glued link text; the sentence before it
    # ('Democrats said so in a statement.' would say something itself) is not its introducer.
    text = (
        "Within hours, Democrats were pointing to an announcement that the site would go offline.\n\n"
        "“More damage to our health care system,” Mat Hoss, a spokesman for Senator Carl Dorn "
        "Carl (Chuck) Ellis DornDorn: Trump's remarks about the plan"
    )
    assert quote_with(engine, text, "More damage")["source"] != "Democrats"
    text = "Sam Orr, the county spokesman, said in a statement.\n\n“More damage to our health care system,”"
    assert quote_with(engine, text, "More damage")["source"] is None


def test_with_a_named_apposition_then_a_comma_is_still_the_speaker(engine: FrozenEngine) -> None:
    # The parser hangs "insisting" on the main verb, whose subject is the unions.
    text = (
        "Unions have also been quick to pick up the theme, with the chief of the federation, Dana "
        "Pryor, recently insisting bosses were heading for a “long strike, which will be costly for them.”"
    )
    assert quote_with(engine, text, "heading for")["source"] == "the chief of the federation, Dana Pryor"
    text = "The mayor has clashed with Tom Reyes before, saying that he was rude."
    assert quote_with(engine, text, "he was rude")["source"] == "The mayor"


def test_a_quote_inside_the_words_naming_the_source_is_part_of_the_name(engine: FrozenEngine) -> None:
    text = "After the trial, his alleged “recruiter” Mara Quell now finds herself under the microscope."
    assert not [q for q in engine(text)._.quotes if "recruiter" in q.content]
    # the parser's slip of a source that starts at the quote keeps the quote
    text = "“It’s unanimous,” councilmember Mark Levin said of the vote on the new park."
    assert quote_with(engine, text, "unanimous")["kind"] == "direct"


def test_a_quote_beside_its_own_cue_is_not_part_of_another_speech_clause(engine: FrozenEngine) -> None:
    # The parser makes the first report a second complement of the "said" beside the quote,
    # which made one mixed quote of narration and quote; PolNeAR marks the quote apart.
    text = (
        "Mayor Ilse Brandt said she had not read the audit, and when asked whether she would "
        "resign, she said, “I hope not.”"
    )
    q = quote_with(engine, text, "I hope not")
    assert (q["kind"], q["content"], q["source"]) == ("direct", "I hope not.", "she")
    text = (
        "Mayor Ilse Brandt spoke on Monday. Brandt suggested that the audit was rushed - “Nobody "
        "read the appendix,” she said - and called for a second review."
    )
    q = quote_with(engine, text, "appendix")
    assert (q["kind"], q["content"], q["cue"]) == ("direct", "Nobody read the appendix,", "said")
    assert q["speaker"] == "Ilse Brandt"


def hand_parsed(engine: FrozenEngine, rows: str) -> list[dict[str, Any]]:
    return engine.hand_parsed(rows)


def test_a_subject_inside_other_quotation_marks_is_not_the_speaker(engine: FrozenEngine) -> None:
    # The parse as the model made it on a real article: the name after the quote hangs on the
    # quote as an apposition, and the subject of "said" is the title of the show the quote was
    # said on. The name between the closing mark and the cue speaks.
    (q,) = hand_parsed(
        engine,
        """
        “ 0 2 punct PUNCT `` “
        We 1 2 nsubj PRON PRP we
        are 1 7 ccomp AUX VBP be
        broke 0 2 acomp ADJ JJ broke
        , 0 7 punct PUNCT , ,
        ” 1 7 punct PUNCT '' ”
        Ortiz 1 3 appos PROPN NNP Ortiz
        said 1 7 ROOT VERB VBD say
        on 1 7 prep ADP IN on
        “ 0 7 punct PUNCT `` “
        Town 1 11 compound PROPN NNP Town
        Talk 0 7 nsubj PROPN NNP Talk
        . 0 7 punct PUNCT . .
        ” 0 7 punct PUNCT '' ”
        """,
    )
    assert (q["content"], q["cue"], q["source"]) == ("We are broke,", "said", "Ortiz")


def test_a_participle_hung_on_a_quote_has_the_speaker_of_the_narration(engine: FrozenEngine) -> None:
    # The parse as the model made it on a real article: the quote's verb is the root of the
    # sentence, the narration's verb and the participle introducing the second quote hang on it.
    (q,) = hand_parsed(
        engine,
        """
        Lee 1 1 nsubj PROPN NNP Lee
        dodged 1 6 ccomp VERB VBD dodge
        it 1 1 dobj PRON PRP it
        -- 1 6 punct PUNCT : --
        “ 0 6 punct PUNCT `` “
        That 1 6 nsubj PRON DT that
        helps 0 6 ROOT VERB VBZ help
        ” 1 6 punct PUNCT '' ”
        -- 1 6 punct PUNCT : --
        and 1 6 cc CCONJ CC and
        later 1 11 advmod ADV RB later
        insisting 0 6 conj VERB VBG insist
        , 1 11 punct PUNCT , ,
        “ 0 11 punct PUNCT `` “
        I 1 15 nsubj PRON PRP I
        pay 0 11 ccomp VERB VBP pay
        . 0 11 punct PUNCT . .
        ” 0 11 punct PUNCT '' ”
        """,
    )
    assert (q["content"], q["cue"], q["source"]) == ("I pay.", "insisting", "Lee")


def test_narration_ending_in_the_colon_before_a_quote_is_not_quoted(engine: FrozenEngine) -> None:
    # The parser hangs the clause before the colon on the "said" after the quote, which made
    # one mixed quote of "Sen. Ada Pryce scolded him: “...”"; a colon ends the narration.
    text = (
        "Sen. Ada Pryce scolded him: “The whole board is against you on the three products you "
        "called ‘cures,’” she said."
    )
    q = quote_with(engine, text, "whole board")
    assert (q["kind"], q["cue"], q["source"]) == ("direct", "said", "she")
    assert q["content"].startswith("The whole board")
    text = (
        "The judge saw the mayor's words differently: “When he says he will fight to the end, I "
        "take that as a threat,” she said."
    )
    q = quote_with(engine, text, "fight to the end")
    assert (q["kind"], q["speaker"]) == ("direct", "the judge")


def test_a_participle_right_before_a_quote_introduces_it(engine: FrozenEngine) -> None:
    # The parser makes both quotes complements of the first cue, which joined them as one split
    # quote; "before asking them," introduces the second, a question of its own.
    text = "“We built this town together,” Varga told the crowd before asking them, “Who will build it now?”"
    q = quote_with(engine, text, "Who will build")
    assert (q["kind"], q["content"], q["cue"], q["source"]) == (
        "direct",
        "Who will build it now?",
        "asking",
        "Varga",
    )
    assert quote_with(engine, text, "built this town")["content"] == "We built this town together,"


def test_narration_after_the_cue_makes_the_next_quote_a_new_utterance(engine: FrozenEngine) -> None:
    # Not the second half of a split quote: the speaker goes on to ask something else.
    text = (
        '"I think the council has got to listen, and stop all of this bickering," Varga said, '
        'suggesting a few questions, including, "Council members, do you really think the budget adds up?"'
    )
    q = quote_with(engine, text, "budget adds up")
    assert (q["kind"], q["content"], q["speaker"]) == (
        "direct",
        "Council members, do you really think the budget adds up?",
        "Varga",
    )
    assert quote_with(engine, text, "bickering")["content"].endswith("bickering,")


def test_a_long_speaker_after_the_cue_still_interrupts_a_split_quote(engine: FrozenEngine) -> None:
    text = '"The risk," said Tom Leamer, an economist at the college, "is that we lose the workers."'
    (q,) = [q.to_dict() for q in engine(text)._.quotes]
    assert (q["content"], q["speaker"]) == ("The risk, is that we lose the workers.", "Tom Leamer")


def test_a_role_the_tagger_read_as_a_verb_before_the_name(engine: FrozenEngine) -> None:
    # Nineteenth session (QA helper): "said engineer Tomas Reyes" had no speaker; the small model
    # tags "engineer" a verb with the name as its object.
    text = 'The bridge closed. "It was never safe," said engineer Tomas Reyes.'
    q = quote_with(engine, text, "never safe")
    assert (q["source"], q["speaker"]) == ("engineer Tomas Reyes", "Tomas Reyes")


def test_a_subject_the_parser_ran_into_the_quote_starts_after_it(engine: FrozenEngine) -> None:
    # The parser hung the quote's clause under "engineer": the source began inside the quote.
    text = 'The bridge closed. "It was never safe," engineer Tomas Reyes said.'
    q = quote_with(engine, text, "never safe")
    assert (q["source"], q["speaker"]) == ("engineer Tomas Reyes", "Tomas Reyes")


def test_a_phrasal_cue_before_the_speaker(engine: FrozenEngine) -> None:
    # Twentieth session (compare_perturb, a real article): '“...,” chimed in legal analyst X' had
    # no speaker ("in" stood between the cue and the name), so the quote ran on into the one
    # before, another person's; "in" after "said" is no particle ('said in Washington').
    text = (
        'The cut was fair. "A sentence of nine years is too long for the crimes," as the analyst '
        'Jacob Sullivan noted. "I can see why people thought this was an excessive sentence," '
        "chimed in legal analyst Jeffrey Tobin."
    )
    first, second = quote_with(engine, text, "nine years"), quote_with(engine, text, "excessive sentence")
    assert first is not second and "excessive" not in first["content"]
    assert (second["source"], second["speaker"]) == ("legal analyst Jeffrey Tobin", "Jeffrey Tobin")


def test_a_title_right_after_the_cue_clause_is_not_more_of_the_quote(engine: FrozenEngine) -> None:
    # Twentieth session (compare_perturb, a real article): '“...,” he told “Squawk Box.”' glued the
    # programme's name onto the quote, which then read "... we just passed, Squawk Box."
    text = (
        'Kevin Marsh spoke on Monday. "I think whatever we do next should be targeted, and right now '
        'we should focus on the money we just passed," he told "Squawk Box."'
    )
    q = quote_with(engine, text, "targeted")
    assert "Squawk" not in q["content"] and q["speaker"] == "Kevin Marsh"


def test_a_title_in_the_cue_clause_after_the_quote_is_no_quote_of_its_own(engine: FrozenEngine) -> None:
    # QA helper, twentieth session (real coverage): '“...,” Granholm told CNN’s “State of the
    # Union.”' gave the programme's name to her as a second quote, "corroborated" by the other
    # outlet's same title. A quoted phrase in lower case there is still speech.
    text = (
        "The energy secretary spoke on Sunday.\n\n"
        "“This has got to be done soon,” Ms. Lena Varga told CNN’s “State of the Union.”\n\n"
        "“We will not wait,” she said, calling the delay “simply unacceptable.”"
    )
    got = [q.to_dict() for q in engine(text)._.quotes]
    assert not any("State of the Union" in q["content"] for q in got)
    assert any(q["content"].startswith("This has got to be done soon") for q in got)
    assert any("simply unacceptable" in q["content"] for q in got)


def test_the_name_of_a_work_or_programme_in_marks_is_nobodys_words(engine: FrozenEngine) -> None:
    # QA helper, twentieth session (real coverage): a blog's name went to the spokesman who
    # announced its end, a book's title to its author, "State of the Union" to a guest.
    text = (
        "The blog, titled “From the Desk of Mayor Lena Varga,” has been shut down, aide Tomas Reyes "
        "said. Her latest book, “Harbor Lights: Notes on the Future of Our City” comes out in May. "
        "Varga spoke on CNN’s “State of the Union” about the port. “We are not there yet,” she said."
    )
    got = [q for q in engine(text)._.quotes if q.kind != "indirect"]
    names = [
        q for q in got if any(w in q.content for w in ("From the Desk", "Harbor Lights", "State of the"))
    ]
    # A long name stays an unattributed quote under the default threshold (two outlets printing
    # it still pair it in a comparison); a short one is gone.
    assert all(q.speaker is None and q.source is None and q.confidence < 0.3 for q in names)
    assert not any("State of the Union" in q.content for q in got)
    assert any(q.content.startswith("We are not there yet") for q in got)


def test_a_title_in_marks_after_a_sentences_opening_in_is_nobodys_words(engine: FrozenEngine) -> None:
    # QA read, twenty-second session (real coverage): 'In "Hard Choices," Clinton described ...'
    # showed the memoir's title twice as her words.
    text = (
        "Mayor Lena Varga wrote a memoir last year.\n\n"
        "In \u201cQuiet Harbor Nights,\u201d Varga described the flood that closed the port. "
        "\u201cThe water came fast,\u201d she wrote."
    )
    from sayso.settings import DEFAULT_MIN_CONFIDENCE

    shown = [q for q in engine(text)._.quotes if q.confidence >= DEFAULT_MIN_CONFIDENCE]
    assert not any("Quiet Harbor" in q.content for q in shown)
    assert any(q.content.startswith("The water came fast") and q.speaker == "Lena Varga" for q in shown)


def test_a_programme_named_after_a_capitalised_on_or_a_said_on_is_nobodys_words(engine: FrozenEngine) -> None:
    # QA helper, twenty-first session (real coverage): 'On NBC's "Today" Wednesday, he admitted
    # ...' showed "Today" as his words (the rule read a lower-case "on" only), and 'said on
    # CNN's "Harbor Hour"' became a mixed quote of the programme's name under "said on".
    text = (
        "Mayor Lena Varga spoke on Monday.\n\n"
        "On WKRB\u2019s \u201cMorning Desk\u201d Thursday, she conceded that she had pressed the board "
        "about the pier."
    )
    from sayso.settings import DEFAULT_MIN_CONFIDENCE

    shown = [q for q in engine(text)._.quotes if q.confidence >= DEFAULT_MIN_CONFIDENCE]
    assert not any("Morning Desk" in q.content for q in shown)
    text = (
        '\u201cLet me give you one case," Colin Varga said on HBC\'s "Harbor Hour GPS" on Sunday. '
        '"The pier is ours."'
    )
    shown = [q for q in engine(text)._.quotes if q.confidence >= DEFAULT_MIN_CONFIDENCE]
    assert not any("Harbor Hour GPS" in q.content for q in shown)
    assert any(q.content.startswith("Let me give you one case") for q in shown)


def test_a_participle_the_parser_made_a_subject_inside_the_quote_takes_the_verb_before() -> None:
    # QA helper, twenty-first session (real coverage): in 'X responded ... late Thursday, saying
    # "..., but what Americans want to hear is ..."' the parser made "saying" the subject of the
    # quote's "is", and the source shown was "late Thursday". Built by hand as the model parsed
    # it (it does so for some sentences only).
    from hand_parses import hand_parse

    from sayso.quotes.attribution.sources import source_of
    from sayso.quotes.rules import DEFAULT_RULES

    doc = hand_parse("""
        Ruiz 1 nsubj PROPN NNP
        responded 1 ROOT VERB VBD
        late 3 amod ADJ JJ
        Monday 1 npadvmod PROPN NNP
        , 1 punct PUNCT ,
        saying 16 csubj VERB VBG
        " 5 punct PUNCT ``
        a 8 det DET DT
        delay 9 nsubj NOUN NN
        is 5 ccomp AUX VBZ
        fair 9 acomp ADJ JJ
        , 9 punct PUNCT ,
        but 9 cc CCONJ CC
        what 15 dobj PRON WP
        people 15 nsubj NOUN NNS
        want 16 csubj VERB VBP
        is 1 conj AUX VBZ
        that 19 mark SCONJ IN
        it 19 nsubj PRON PRP
        opens 16 ccomp VERB VBZ
        . 16 punct PUNCT .
        " 16 punct PUNCT ''
    """)
    found = source_of(doc, doc[5], DEFAULT_RULES)
    assert found is not None and doc.text[found[0] : found[1]] == "Ruiz"


def test_a_sentence_of_speaker_and_verb_alone_announces_the_quote_after_it(engine: FrozenEngine) -> None:
    # Twenty-first session (PolNeAR train errors): 'Harbor College's Mary Collins agreed. “...”'
    # gave the quote to the speaker of the paragraph before. A split quote ('“...?” Ruiz said.
    # “...”') stays one quote of its speaker.
    text = (
        '"The two of them have left the rest of the field behind," said Tomas Reyes, editor of the '
        "Harbor Gazette.\n\n"
        'Harbor College\'s Mary Collins agreed. "The council has little time left to pick another plan."'
    )
    assert quote_with(engine, text, "little time left")["speaker"] == "Mary Collins"
    text = 'Mayor Ada Ruiz spoke on Monday.\n\n"Is that all there is?" Ruiz said. "We need a new plan, fast!"'
    q = quote_with(engine, text, "Is that all")
    assert "We need a new plan" in q["content"] and q["speaker"] == "Ada Ruiz"


def test_a_line_labelled_by_a_role_and_a_name_gives_the_quote_its_speaker(engine: FrozenEngine) -> None:
    # Twenty-first session (PolNeAR train errors): 'Former secretary of state NAME:"..."' (an
    # exchange set out as a transcript) gave the quote no source: the label holds lower-case words.
    text = (
        'Senator Tom Vale asked: "Who told you that?"\n\n'
        'Former secretary of state Mary Collins:"We heard it from the department and its own review."'
    )
    assert quote_with(engine, text, "We heard it")["speaker"] == "Mary Collins"


def test_a_video_caption_label_names_the_speaker_after_it(engine: FrozenEngine) -> None:
    # QA helper, twenty-first session: "Media playback is unsupported on your device Media
    # caption NAME: '...'" (a broadcaster's video box) gave the quote no speaker.
    text = (
        "Mayor Tom Vale offered talks on Monday. Media playback is unsupported on your device Media "
        'caption Tom Vale: "Any time, any place, I am ready to talk"\n\n'
        "Council members spoke out against the offer."
    )
    assert quote_with(engine, text, "ready to talk")["speaker"] == "Tom Vale"


def test_a_books_title_after_author_of_and_a_programme_after_a_two_word_outlet_are_no_quotes(
    engine: FrozenEngine,
) -> None:
    # QA helper, twenty-first session (real coverage): 'says X, co-author of “Book: Subtitle.”'
    # showed the title as X's words (and joined it to the next quote), and 'said on NBC News’
    # “Meet the Press”' showed the programme as a quote.
    text = (
        '"Watching the count is fine," says Tomas Reyes, co-author of "Harbor Votes: How Five Port '
        'Cities Count Their Ballots." "But threats are not."\n\n'
        "Mayor Ada Ruiz said on Harbor News’ “Morning Desk” that the vote was fair."
    )
    from sayso.settings import DEFAULT_MIN_CONFIDENCE

    shown = [q for q in engine(text)._.quotes if q.confidence >= DEFAULT_MIN_CONFIDENCE]
    assert not any("Harbor Votes" in q.content or "Morning Desk" in q.content for q in shown)
    assert any(q.content.startswith("Watching the count") for q in shown)


def test_a_verb_the_tagger_read_as_a_plural_noun_is_no_word_of_the_author(engine: FrozenEngine) -> None:
    # QA helper, twenty-first session (fresh sample): '"...," a 2018 report by the Guttmacher
    # Institute states.' had the source "the Guttmacher Institute states" and no speaker.
    text = '"Such ferries are often in poor repair," a 2019 report by the Harbor Safety Institute states.'
    q = quote_with(engine, text, "poor repair")
    assert q["source"] == "the Harbor Safety Institute"


def test_a_cue_put_first_before_the_name_and_a_comma(engine: FrozenEngine) -> None:
    # News-5k: "Said Ryan:", "Added King," gave speakers "Said Ryan" and "Added King", apart
    # from Paul Ryan and Peter King; and a quote after "Added Quell," went on with the speaker
    # of the quote before it, the model having read "Added" as a name.
    text = (
        "Rep. Tom Brill spoke first.\n\n"
        "\u201cWe need the ferry,\u201d Brill said.\n\n"
        "Said Ida Moss, a resident, \u201cThe boat is late every day.\u201d\n\n"
        "Added Quell, \u201cWe will fix that too.\u201d"
    )
    q = quote_with(engine, text, "late every day")
    assert (q["speaker"], q["content"]) == ("Ida Moss", "The boat is late every day.")
    assert quote_with(engine, text, "fix that too")["source"] == "Quell"


def test_the_owner_of_an_answer_before_a_colon_speaks(engine: FrozenEngine) -> None:
    # QA read six: after a long question, "His answer: “...”" went to "the conditions
    # migrants", from the participle of the question ("migrants seeking help").
    text = (
        "During a visit to the pier last year, Commissioner Tom Brill was asked why the city was "
        "adding guards but no ferry pilots for the travelers seeking help. His answer: \u201cThis is "
        "a safety situation.\u201d"
    )
    assert quote_with(engine, text, "safety situation")["speaker"] == "Tom Brill"


def test_a_clause_before_a_participle_is_no_speaker_its_subject_is(engine: FrozenEngine) -> None:
    # Thirtieth session (PolNeAR train): the parser hung "telling" on the quote's verb, and the
    # phrase before the participle, "to joke about the storm in Ohio", was taken for a name.
    text = (
        "Mayor Ruiz seemed to be ready to joke about the storm in Ohio, telling the crowd, "
        "\u201cSome people get a little carried away, have you noticed that?\u201d"
    )
    q = quote_with(engine, text, "carried away")
    assert (q["source"], q["speaker"]) == ("Mayor Ruiz", "Ruiz")


def test_who_a_thing_moves_before_a_colon_speaks_not_the_thing(engine: FrozenEngine) -> None:
    # Thirtieth session (PolNeAR train): "The timing of the surge doesn't surprise pollster X:
    # “...”" gave the quote to "The timing of the surge".
    text = "The delay does not surprise the engineer Dana Shore: \u201cThe river floods every spring.\u201d"
    q = quote_with(engine, text, "floods every spring")
    assert (q["source"], q["speaker"]) == ("the engineer Dana Shore", "Dana Shore")


def test_who_acts_before_a_colon_still_speaks(engine: FrozenEngine) -> None:
    text = "The committee asked Ellen Park, the town clerk: \u201cWhy were the notices late?\u201d"
    assert quote_with(engine, text, "notices late")["source"] == "The committee"
