"""Which cue a direct quote belongs to, and whose words it is (issue 10, points 4 and 7).

Ninth session: a cue inside what another speaker reports ('Reyes added that the board wants
...') does not take the quote before it; a speaker named right after the closing mark ('—
“...?” asked Dunmore') owns the quote the parser hung on the narration verb before it; a cue
after a finished quote that governs a clause of its own ('She noted a march planned ...')
leaves the quote with the speaker before; the subject the parser gave to an aside ('X, citing
..., said') is the cue's; a transcript label may carry a party and lack the space after its
colon ('Rep. Harlan (R-Ohio):“...”'); a short quote in the speaker's description ('Ray Dunn,
wearing “Go Bucks” pins, said') is narration, and does not make the quote before mixed; a
question put to someone ('Asked whether ..., X said') is not X's words; a role is not resolved
past a nearer person whose gender nothing tells, nor to someone holding it in other words; a
cue set off by commas ('..., planners say, ...') speaks of the whole sentence; a transcript
label in capitals ("NORA QUILL:") names the person as the article writes her; a description
the model took into a name ("Developer Carl Roche") is no part of it; a surname it took for a
common noun ("Rhys O’Malley") is; a mixed clause ends before the cue of the next quote and
never on a dangling "and"; what someone is called runs through its relative clause; a "he"
inside a transcript turn is not the turn's speaker. Each construction was seen on real text;
every text here is invented (none follows a corpus sentence), run on the model's frozen parse
(``tests/fixtures/whose_quote.spacy``, made by ``scripts/freeze_parses.py whose_quote``) or on
a parse written out by hand, as the model made it on a real article.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, frozen_engine

from sayso.quotes.attribution.choice import _scare_in_narration
from sayso.quotes.attribution.mixed import cut_mixed
from sayso.quotes.types import MarkedQuote, RawAttribution


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    yield from frozen_engine("whose_quote")


def test_a_cue_inside_a_report_does_not_take_the_quote_before(engine: FrozenEngine) -> None:
    text = (
        "“The depot will reopen in March,” said Mona Reyes, who runs the transit office. “Drivers "
        "asked for it all winter. We listened to them.” Reyes added that the board wants to lower "
        "fares in the spring."
    )
    q = engine.quote_with(text, "listened to them")
    assert q["speaker"] == "Mona Reyes"
    assert q["cue"] != "wants"


def test_a_cue_in_a_clause_of_when_leaves_the_quote_to_the_nearer_cue(engine: FrozenEngine) -> None:
    # Eighteenth session: "continued" (a cue lemma, and more often one than "demanded") heads an
    # "as" clause of "demanded": it says when the demand was made, not who made it.
    # The nearer cue wins by distance alone when the farther one's confidence is close to its
    # own; here the farther one scored higher before, and the quote went to Tull.
    text = "The gavel fell. “Quiet,” he demanded, as Tull continued to interject."
    q = engine.quote_with(text, "Quiet")
    assert q["cue"] == "demanded"
    assert q["speaker"] != "Tull"


def test_a_name_and_colon_inside_a_paragraph_names_the_turns_speaker(engine: FrozenEngine) -> None:
    # Eighteenth session: a transcript or a digest run together in one paragraph ('... believe
    # them?” Mulroney: “...”') gave its turns no speaker, or the cue of an earlier sentence.
    text = (
        "The interview aired on Sunday, and the ferry came up twice. Halvorsen: “Do you believe "
        "the inspectors?” Mulroney: “I believe they are credible. I do not know whom to "
        "believe.” The odds are long, analysts say. Fox News: “By most accounts, the line will "
        "not reopen this year.”"
    )
    assert engine.quote_with(text, "I believe they")["speaker"] == "Mulroney"
    assert engine.quote_with(text, "Do you believe")["speaker"] == "Halvorsen"
    assert engine.quote_with(text, "By most accounts")["speaker"] == "Fox News"


def test_a_word_before_a_colon_inside_a_paragraph_is_no_speaker_unless_it_is_a_name(
    engine: FrozenEngine,
) -> None:
    # ... nor "Ms." the end of a sentence ('in an email to Ms. Vroom: “...”': to whom it was written).
    text = (
        "Voters were asked twice. Crowd: “Yes, we will.” The clerk wrote in an email to "
        "Ms. Vroom: “No way. Keep it local.” She never answered."
    )
    assert engine.quote_with(text, "Yes, we will")["speaker"] is None
    assert engine.quote_with(text, "Keep it local")["speaker"] != "Vroom"


def test_the_speaker_right_after_the_closing_mark_owns_the_quote(engine: FrozenEngine) -> None:
    text = (
        "The agency firmly denies it — “why wouldn't anyone want a second look?” asked Dunmore, now "
        "a lawyer in private practice."
    )
    q = engine.quote_with(text, "a second look")
    assert (q["cue"], q["speaker"]) == ("asked", "Dunmore")


def test_a_quote_inside_a_clause_keeps_its_clause(engine: FrozenEngine) -> None:
    # Not after a dash or a sentence's end: a mixed quote of the clause's speaker.
    text = "The senator said the plan was “a slow disaster,” Dunmore said on Friday."
    q = engine.quote_with(text, "slow disaster")
    assert q["cue"] == "said"
    assert q["source"] == "The senator"


def test_a_cue_governing_its_own_clause_leaves_the_quote_before(engine: FrozenEngine) -> None:
    text = (
        "“Nobody here is giving up,” Ms. Ortega said. “We have the volunteers to reach every street "
        "in the district.” She noted a march planned for Sunday along the river."
    )
    q = engine.quote_with(text, "every street")
    assert (q["cue"], q["source"]) == ("said", "Ms. Ortega")


def test_an_aside_over_the_cue_gives_its_subject_and_is_no_content(engine: FrozenEngine) -> None:
    # The parse as the model made it on a real article: the participle is the root, and "said"
    # hangs on it. Its subject speaks; the aside holding the speaker is not what was said.
    quotes = engine.hand_parsed(
        """
        But 1 5 cc CCONJ CC but
        Sen. 1 3 compound PROPN NNP Sen.
        Ada 1 3 compound PROPN NNP Ada
        Kwan 0 5 nsubj PROPN NNP Kwan
        , 1 3 punct PUNCT , ,
        citing 1 5 ROOT VERB VBG cite
        the 1 7 det DET DT the
        length 1 5 dobj NOUN NN length
        of 1 7 prep ADP IN of
        the 1 10 det DET DT the
        list 0 8 pobj NOUN NN list
        , 1 7 punct PUNCT , ,
        said 0 5 parataxis VERB VBD say
        , 1 12 punct PUNCT , ,
        “ 0 12 punct PUNCT `` “
        We 1 17 nsubj PRON PRP we
        can 1 17 aux AUX MD can
        win 1 12 ccomp VERB VB win
        this 0 17 dobj PRON DT this
        . 0 5 punct PUNCT . .
        ” 0 5 punct PUNCT '' ”
        """
    )
    (said,) = [q for q in quotes if "can win" in q["content"]]
    assert said["source"] == "Sen. Ada Kwan"
    assert not [q for q in quotes if "Ada Kwan" in q["content"]]


def test_a_transcript_label_with_a_party_and_no_space_names_the_speaker(engine: FrozenEngine) -> None:
    text = (
        "The hearing ran late.\n\nRep. Tom Harlan (R-Ohio):“Where did that estimate come from? Nobody "
        "on this panel has seen it.”"
    )
    q = engine.quote_with(text, "that estimate")
    assert q["source"] == "Rep. Tom Harlan (R-Ohio)"
    assert q["speaker"] == "Tom Harlan"


def test_a_short_quote_in_the_speakers_description_is_narration(engine: FrozenEngine) -> None:
    # The parse makes the name an object inside the quote and "matter" a name after "said".
    text = (
        "“The pies were better last year,” county judge Ray Dunn, wearing a straw hat and “Go Bucks” "
        "pins, said matter-of-factly as the band played."
    )
    q = engine.quote_with(text, "pies were better")
    assert (q["kind"], q["content"]) == ("direct", "The pies were better last year,")
    assert "Ray Dunn" in q["source"]


def test_a_headline_quote_running_into_the_line_stays_mixed(engine: FrozenEngine) -> None:
    text = "Dana Ruiz: ‘No Doubt’ The Ferry Will Run All Winter\n\nThe council met on Monday."
    q = engine.quote_with(text, "No Doubt")
    assert q["kind"] == "mixed"
    assert "Run All Winter" in q["content"]


def test_the_second_half_of_a_split_quote_is_kept(engine: FrozenEngine) -> None:
    text = "“The old rule” -- that no ferry sails in January -- “no longer holds,” Ms. Ortega said."
    q = engine.quote_with(text, "old rule")
    assert "no longer holds" in q["content"]
    assert q["source"] == "Ms. Ortega"


def test_a_question_put_to_someone_is_not_their_words(engine: FrozenEngine) -> None:
    text = (
        "Asked whether the league should have hired more referees, former coach Tim Dorsey said: "
        "“Looking back, yes, without a doubt.”"
    )
    asked = engine.quote_with(text, "hired more referees")
    assert (asked["cue"], asked["source"], asked["speaker"]) == ("Asked", None, None)
    assert engine.quote_with(text, "Looking back")["speaker"] == "Tim Dorsey"


def test_a_role_is_not_guessed_past_a_nearer_person_of_unknown_gender(engine: FrozenEngine) -> None:
    # Nothing tells Dorsey's gender; the "-man" of "chairman" must not hand his words to Lane.
    text = (
        "“We gave it everything,” said team spokesman Paul Lane, adding that he was proud of the "
        "season.\n\nFormer coach Tim Dorsey said: “Looking back, yes, without a doubt.” But, the "
        "former league chairman added: “next year, everyone will plan better.”"
    )
    q = engine.quote_with(text, "plan better")
    assert q["speaker"] != "Paul Lane"
    assert q["speaker"] in ("Tim Dorsey", "the former league chairman")


def test_a_scare_quote_inside_narration_is_no_later_cues_words(engine: FrozenEngine) -> None:
    text = "Nobody in the valley can “forget” the way the storm revealed the age of the pumps."
    assert not [q for q in engine(text)._.quotes if "forget" in q.content and q.source is not None]


def test_a_nickname_inside_a_name_is_no_scare_quote() -> None:
    # The test on the words alone: whether a parse lets the later cue claim the nickname varies.
    def mark_of(text: str, word: str) -> MarkedQuote:
        start = text.index(word)
        return MarkedQuote(((start, start + len(word)),), "“", "”")

    nickname = "The coach, Robert “Bobby” Vance, said he would stay."
    scare = "Nobody in the valley will “forget” how the storm revealed the age of the pumps."
    assert not _scare_in_narration(nickname, mark_of(nickname, "Bobby"), 3)
    assert _scare_in_narration(scare, mark_of(scare, "forget"), 3)


def test_a_role_another_person_holds_in_other_words_is_not_theirs(engine: FrozenEngine) -> None:
    text = (
        "Former league chairman Ed Gorman stepped down on Tuesday. “We gave it everything,” said team "
        "spokesman Paul Lane.\n\nFormer coach Tim Dorsey said: “Looking back, yes, without a doubt.” "
        "But, the former referees committee chairman added: “next year, everyone will plan better.”"
    )
    assert engine.quote_with(text, "plan better")["speaker"] != "Ed Gorman"


def test_a_role_said_in_fewer_words_is_still_theirs(engine: FrozenEngine) -> None:
    text = (
        "Former Vermont governor Alma Reed spoke on Monday. Later, the former governor added: “The "
        "ferry stays.”"
    )
    assert engine.quote_with(text, "ferry stays")["speaker"] == "Alma Reed"


def test_a_parenthetical_cue_speaks_of_the_whole_sentence(engine: FrozenEngine) -> None:
    # As the model parsed such a sentence in a real article: "say" hung on the purpose clause.
    quotes = engine.hand_parsed(
        """
        The 1 1 det DET DT the
        city 1 2 nsubj NOUN NN city
        needs 1 2 ROOT VERB VBZ need
        money 0 2 dobj NOUN NN money
        , 1 6 punct PUNCT , ,
        planners 1 6 nsubj NOUN NNS planner
        say 0 9 parataxis VERB VBP say
        , 1 6 punct PUNCT , ,
        to 1 9 aux PART TO to
        rebuild 1 2 advcl VERB VB rebuild
        the 1 11 det DET DT the
        wall 0 9 dobj NOUN NN wall
        . 0 2 punct PUNCT . .
        """
    )
    (q,) = [q for q in quotes if q["cue"] == "say"]
    assert "The city needs money" in q["content"] and "to rebuild the wall" in q["content"]
    assert "planners" not in q["content"]
    assert q["source"] == "planners"


def test_a_transcript_label_in_capitals_is_the_person_named_in_the_article(engine: FrozenEngine) -> None:
    text = (
        "The panel met later on Nora Quill's program with Owen Brandt.\n\nNORA QUILL: He said that "
        "to you in March?\n\nOWEN BRANDT: Yes, he did. We were all in the room that day."
    )
    speakers = {q.speaker for q in engine(text)._.quotes if q.cue is not None and q.cue.text == ":"}
    assert speakers == {"Nora Quill", "Owen Brandt"}


def test_a_description_the_model_took_into_a_name_is_not_part_of_it(engine: FrozenEngine) -> None:
    # As the model parses it at the start of a sentence: "Developer" a common noun inside
    # the person entity.
    quotes = engine.hand_parsed(
        """
        Developer 1 2 compound NOUN NN developer B-PERSON
        Carl 1 2 compound PROPN NNP Carl I-PERSON
        Roche 1 3 nsubj PROPN NNP Roche I-PERSON
        said 1 3 ROOT VERB VBD say O
        he 1 6 nsubj PRON PRP he O
        would 1 6 aux AUX MD would O
        oppose 1 3 ccomp VERB VB oppose O
        the 1 8 det DET DT the O
        plan 0 6 dobj NOUN NN plan O
        . 0 3 punct PUNCT . . O
        """
    )
    (q,) = [q for q in quotes if q["cue"] == "said"]
    assert q["speaker"] == "Carl Roche"


def test_a_mixed_clause_ends_before_the_cue_of_the_next_quote(engine: FrozenEngine) -> None:
    text = (
        "Lang doubted the value of “pop-up” markets on a podcast, asking, “Who buys bread from a "
        "tent in February?”"
    )
    mixed = engine.quote_with(text, "pop-up")
    assert mixed["kind"] == "mixed"
    assert mixed["content"].endswith("on a podcast")


def test_a_surname_the_model_took_for_a_noun_is_still_the_name(engine: FrozenEngine) -> None:
    # As the model parses it: "Rhys" a person, "O’Malley" a common noun heading the subject.
    quotes = engine.hand_parsed(
        """
        Green 1 1 amod ADJ JJ green O
        organiser 1 3 compound NOUN NN organiser O
        Rhys 1 3 compound PROPN NNP Rhys B-PERSON
        O’Malley 1 4 nsubj NOUN NN o’malley O
        says 1 4 ROOT VERB VBZ say O
        the 1 6 det DET DT the O
        race 1 7 nsubj NOUN NN race O
        is 1 4 ccomp AUX VBZ be O
        open 0 7 acomp ADJ JJ open O
        . 0 4 punct PUNCT . . O
        """
    )
    (q,) = [q for q in quotes if q["cue"] == "says"]
    assert q["speaker"] == "Rhys O’Malley"


def test_a_mixed_clause_does_not_end_on_a_dangling_and() -> None:
    # The parse of a real article ended the clause there; the cut is tested on its own.
    text = "Fans booed the call, some shouting “robbery” and “shame,” and others left early."
    start, end, cue = text.index("the call"), text.index(" others"), text.index("booed")
    mixed = RawAttribution("mixed", ((start, end),), (cue, cue + 5), (0, 4), 0.9)
    (cut,) = cut_mixed(text, [mixed])
    assert text[cut.content[0][0] : cut.content[0][1]] == "the call, some shouting “robbery” and “shame,”"


def test_a_mixed_clause_with_nothing_before_the_next_quote_is_dropped() -> None:
    text = "“We will win,” Ms. Shah said in a statement. “Our customers will stay.”"
    quote = text.index("Our customers")
    direct = RawAttribution(
        "direct", ((quote, len(text) - 1),), (text.index("said"), text.index("said") + 4), None, 0.9
    )
    mixed = RawAttribution("mixed", ((quote - 1, len(text)),), (0, 1), None, 0.5)
    assert cut_mixed(text, [direct, mixed]) == [direct]


def test_what_someone_is_called_runs_through_its_relative_clause(engine: FrozenEngine) -> None:
    # The parser hangs "the council is bound to respect" on "called" as a clause of its own.
    text = (
        'Club president Dana Moss has called the fine "plainly absurd" and unfair and not a rule '
        "the league is bound to enforce."
    )
    (q,) = [q.to_dict() for q in engine(text)._.quotes if q.cue is not None and q.cue.text == "called"]
    assert q["content"].startswith("the fine") and q["content"].endswith("bound to enforce")


def test_a_he_inside_a_transcript_turn_is_not_the_turns_speaker(engine: FrozenEngine) -> None:
    text = (
        "Nora Quill hosted the panel with Owen Brandt.\n\nNORA QUILL: He said that to you in March?"
        "\n\nOWEN BRANDT: Yes, he did. We were all in the room that day."
    )
    (said,) = [q for q in engine(text)._.quotes if q.cue is not None and q.cue.text == "said"]
    assert said.speaker != "Nora Quill"


def test_a_question_put_to_someone_in_the_passive_is_not_theirs(engine: FrozenEngine) -> None:
    # Eleventh session: the name before "was asked" is the one addressed; the asker is unnamed.
    text = (
        "In an interview on Tuesday, Marta Quill was asked, “Would you run the harbor board again "
        "if the council asked you?” She laughed and said she would think about it."
    )
    q = engine.quote_with(text, "harbor board")
    assert (q["cue"], q["source"], q["speaker"]) == ("asked", None, None)
    assert engine.quote_with(text, "think about it")["speaker"] == "Marta Quill"


def test_a_named_asker_keeps_the_question(engine: FrozenEngine) -> None:
    text = "Marta Quill was asked by the host, “Would you run again?” She laughed."
    q = engine.quote_with(text, "run again")
    assert q["source"] == "the host"


def test_a_split_quote_around_said_in_a_statement_stays_one(engine: FrozenEngine) -> None:
    text = (
        "“The rules for the harbor trust already went far beyond what the law asks,” he said in a "
        "statement, “and yet the trust chose even stricter limits when the mayor ran again.”"
    )
    q = engine.quote_with(text, "far beyond")
    assert q["cue"] == "said"
    assert "stricter limits" in q["content"]


def test_a_statement_issued_still_introduces_its_quote(engine: FrozenEngine) -> None:
    q = engine.quote_with("The mayor issued a statement, “We will rebuild the pier.”", "rebuild")
    assert (q["cue"], q["source"]) == ("statement", "The mayor")


def test_a_time_zone_after_a_time_is_nobody(engine: FrozenEngine) -> None:
    # Twelfth session: a live blog's "11:55 a.m. ET: U.S. Attorney ... confirms" was shown with
    # the speaker "Et": the model reads the zone as a person, the parser as the verb's subject
    # (with the real subject its apposition) or takes the colon's label into the subject.
    text = (
        'LIVE UPDATES\n\n9:15 a.m. ET: "We are ready," Mayor Dana Quill says. \u2014 9:10 a.m. ET: County '
        'Prosecutor in Harlow confirms that "the audit office has sent the file to us, and we are reading '
        'it closely." \u2014 9:02 a.m. ET: "I did nothing wrong," Quill says.'
    )
    assert engine.quote_with(text, "We are ready")["speaker"] == "Dana Quill"
    q = engine.quote_with(text, "audit office")
    assert q["source"] == "County Prosecutor in Harlow" and q["speaker"].startswith("County Prosecutor")
    assert engine.quote_with(text, "nothing wrong")["speaker"] == "Dana Quill"


def test_a_time_zone_taken_for_the_subject_gives_way_to_its_apposition(engine: FrozenEngine) -> None:
    # As the model parsed a real live blog: the zone is the verb's subject and the one who
    # speaks hangs on it as an apposition after the colon.
    quotes = engine.hand_parsed(
        """
        9:10 1 8 npadvmod NUM CD 9:10 B-TIME
        a.m. 1 0 punct NOUN NN a.m. I-TIME
        ET 0 8 nsubj PROPN NNP ET B-PERSON
        : 1 2 punct PUNCT : : O
        County 1 5 compound PROPN NNP County O
        Prosecutor 1 2 appos PROPN NNP Prosecutor O
        in 1 5 prep ADP IN in O
        Harlow 1 6 pobj PROPN NNP Harlow B-GPE
        confirms 1 8 ROOT VERB VBZ confirm O
        that 1 13 mark SCONJ IN that O
        “ 0 13 punct PUNCT `` “ O
        the 1 12 det DET DT the O
        file 1 13 nsubj NOUN NN file O
        arrived 0 8 ccomp VERB VBD arrive O
        . 0 8 punct PUNCT . . O
        ” 0 8 punct PUNCT '' ” O
        """
    )
    (q,) = [q for q in quotes if "file arrived" in q["content"]]
    assert q["source"] == "County Prosecutor in Harlow"


def test_a_full_name_read_as_an_organisation_beside_a_kin_is_a_person(engine: FrozenEngine) -> None:
    # As the model read a real article: the governor's full name tagged ORG every time, her
    # husband's PERSON; the bare surname went to the husband.
    quotes = engine.hand_parsed(
        """
        Lowe 1 1 nsubj PROPN NNP Lowe O
        said 1 1 ROOT VERB VBD say O
        “ 0 5 punct PUNCT `` “ O
        We 1 5 nsubj PRON PRP we O
        will 1 5 aux AUX MD will O
        win 0 1 ccomp VERB VB win O
        , 0 5 punct PUNCT , , O
        ” 1 1 punct PUNCT '' ” O
        and 1 1 cc CCONJ CC and O
        Dana 1 10 compound PROPN NNP Dana B-ORG
        Lowe 0 18 nsubj PROPN NNP Lowe I-ORG
        , 1 10 punct PUNCT , , O
        who 1 13 nsubj PRON WP who O
        married 1 10 relcl VERB VBD marry O
        Peter 1 15 compound PROPN NNP Peter B-PERSON
        Lowe 0 13 dobj PROPN NNP Lowe I-PERSON
        , 1 10 punct PUNCT , , O
        then 1 18 advmod ADV RB then O
        smiled 0 1 conj VERB VBD smile O
        . 0 1 punct PUNCT . . O
        """
    )
    (q,) = [q for q in quotes if "We will win" in q["content"]]
    assert q["speaker"] == "Dana Lowe"


@pytest.mark.parametrize(
    ("text", "needle", "source", "speaker"),
    [
        (
            'HARLOW, Vt. - Mayor Dana Quill on Monday predicted that "the bridge will reopen in May," '
            "and thanked the crews.",
            "bridge will reopen",
            "Mayor Dana Quill",
            "Dana Quill",
        ),
        (
            'WESTPORT -- Governor Ron Vale on Thursday nominated a new judge, saying "she is the best '
            'we have."',
            "the best we have",
            "Governor Ron Vale",
            "Ron Vale",
        ),
        (
            "BRIDGETON - Ron Vale painted a grim picture of the harbor as he asked for money.",
            "grim picture",
            "Ron Vale",
            "Ron Vale",
        ),
        (
            "HARBOR CITY (Reuters) - Lawyers for the ferry workers on Monday asked a judge to order that "
            '"every lost wage be paid back."',
            "every lost wage",
            "Lawyers for the ferry workers",
            "Lawyers for the ferry workers",  # as the model's own word lists read it
        ),
        (
            'SALT FLATS, Utah (AP) \u2014 Democratic candidate Dana Quill declared Saturday that "the water '
            'plan would be her first law."',
            "water plan",
            "Democratic candidate Dana Quill",
            "Dana Quill",
        ),
        (
            'AFL-CIO President Lee Marsh said on Monday that "the union will back her."',
            "the union will back her",
            "AFL-CIO President Lee Marsh",
            "Lee Marsh",
        ),
    ],
)
def test_a_dateline_is_where_the_story_was_filed_not_who_speaks(
    engine: FrozenEngine, text: str, needle: str, source: str, speaker: str
) -> None:
    # Twelfth session: the parser makes a wire story's dateline the subject of its first verb
    # ("WASHINGTON -- President Obama on Thursday nominated": source "WASHINGTON") or a part of
    # it ("CLEVELAND - Donald Trump", read as one ORG, so every "Trump" and "he" of the article
    # went elsewhere). A hyphen inside a name ("AFL-CIO") closes no dateline.
    q = engine.quote_with(text, needle)
    assert (q["source"], q["speaker"]) == (source, speaker)


def test_a_transcript_answer_runs_over_paragraphs_to_the_next_label(engine: FrozenEngine) -> None:
    # Twelfth session: in a broadcast transcript an answer ran over three paragraphs; the "I" of
    # the third was given to the author. In a transcript (three labels or more) a turn runs to
    # the next label.
    text = (
        "Tonight Nora Quill talks with the economist Owen Brandt about the city's budget.\n\n"
        "NORA QUILL: What went wrong with the budget?\n\n"
        "OWEN BRANDT: The pension numbers were built on assumptions nobody uses. The payments were "
        "set far too high.\n\n"
        "The second thing is to collect taxes better. The city does not track who works outside it.\n\n"
        "But I think, most importantly, that the state has to accept its share of the blame.\n\n"
        "NORA QUILL: Thank you for joining us."
    )
    q = engine.quote_with(text, "share of the blame")
    assert (q["source"], q["speaker"]) == ("I", "Owen Brandt")


def test_a_transcript_label_may_be_long_or_accented_and_ends_the_turn_before(engine: FrozenEngine) -> None:
    # "REV. MARTIN LUTHER KING JR.:" (five words) and "JUAN GONZÁLEZ:" were no labels, so the
    # turn before them ran on over a whole speech.
    text = (
        "Juan González hosts the program tonight.\n\n"
        "Nora Quill speaks with the Rev. Owen James Brandt Jr. about the strike.\n\n"
        "NORA QUILL: What did the workers ask for?\n\n"
        "REV. OWEN JAMES BRANDT JR.: They asked for a fair wage. Nothing more.\n\n"
        "I think the owners knew it all along.\n\n"
        "JUAN GONZÁLEZ: I want to ask you about the march.\n\n"
        "NORA QUILL: We have to leave it there."
    )
    assert engine.quote_with(text, "owners knew it")["speaker"] == "Owen James Brandt Jr."
    assert engine.quote_with(text, "I want to ask you")["speaker"] == "Juan González"


def test_a_label_of_initials_names_the_one_person_with_them(engine: FrozenEngine) -> None:
    # Twelfth session: a magazine roundtable labelled its turns "CH:", "JM:", "BK:"; its
    # answers went to "the author" or to a person named "Ch" (one label spaced: "BK :").
    text = (
        "Dana Quill ran the port for a decade. Owen Brandt is an economist. Lena Ortiz sits on the "
        "council. We asked them what went wrong.\n\n"
        "DQ: I think the money ran out too early.\n\n"
        "OB: The city waited too long. I said so at the time.\n\n"
        "LO : I agree with both of them."
    )
    assert engine.quote_with(text, "I think the money")["speaker"] == "Dana Quill"
    assert engine.quote_with(text, "The city waited")["speaker"] == "Owen Brandt"
    assert engine.quote_with(text, "I agree")["speaker"] == "Lena Ortiz"


def test_a_paragraph_that_names_the_turns_speaker_is_no_longer_his_answer(engine: FrozenEngine) -> None:
    # After a clip ("DONALD TRUMP: ...") the host's unlabelled question spoke of "Trump, in his
    # remarks": nobody speaks of himself by surname, so the turn ends before it.
    text = (
        "Nora Quill talks with Owen Brandt about a speech by Mayor Dana Vale.\n\n"
        "NORA QUILL: Here is the mayor on Monday.\n\n"
        "DANA VALE: We will rebuild the pier before the summer.\n\n"
        "And I wanted to ask you about that, because Vale never mentions the cost.\n\n"
        "OWEN BRANDT: She knows the cost."
    )
    assert engine.quote_with(text, "We will rebuild")["speaker"] == "Dana Vale"
    assert engine.quote_with(text, "to ask you about that")["speaker"] != "Dana Vale"


def test_a_quoted_name_that_is_a_verbs_subject_does_not_go_on_with_the_speaker_before(
    engine: FrozenEngine,
) -> None:
    # Thirteenth session: on real articles a heading in marks ('“Really shocking declines”'), a
    # word discussed ('The word “amnesty” itself is loaded') and a slogan ('“corona jihad”
    # became a trending topic') were taken as more of the quote before and shown as its
    # speaker's words.
    text = (
        "“We will rebuild the pier before the summer,” said Mayor Ines Lee.\n\n"
        "When the plan came out, “A New Deal for Docks” was printed on every sign along the river."
    )
    assert engine.quote_with(text, "rebuild the pier")["speaker"] == "Ines Lee"
    shown = [q for q in engine(text)._.quotes if "New Deal" in q.content]
    assert all(q.speaker is None for q in shown)
    # A quote that ends a sentence of its own is still the speaker going on.
    text = "“We will rebuild the pier,” said Mayor Ines Lee. “A new deal for the docks starts today.”"
    assert engine.quote_with(text, "starts today")["speaker"] == "Ines Lee"


def test_a_subordinate_clause_that_opens_the_sentence_introduces_nothing_after_its_comma(
    engine: FrozenEngine,
) -> None:
    # Thirteenth session: 'After X announced Y as his adviser, “<book title>” became a
    # best-seller' gave the book title to X: the parser hung the main clause on "announced".
    text = (
        "Ortiz wrote a book on the harbor strike.\n\n"
        "After Mayor Lee announced Ortiz as his deputy, \u201cMending the Harbor\u201d became a "
        "best-seller in every shop."
    )
    assert not [q for q in engine(text)._.quotes if "Mending" in q.content and q.speaker]
    # A subordinate clause at the end of its sentence keeps its quote, and so does one whose
    # quote is a clause of its own, ended by its punctuation.
    text = "\u201cWe are not ready,\u201d Lee said on Monday, though he said, \u201cWe hope to be.\u201d"
    assert engine.quote_with(text, "hope to be")["speaker"] == "Lee"
    text = (
        "Mayor Lee wants a new pier.\n\nWhile critics argue, \u201cThe pier costs far too much,\u201d "
        "Lee says it will pay for itself."
    )
    assert engine.quote_with(text, "far too much")["cue"] == "argue"


def test_the_name_before_a_cue_stays_in_the_cues_paragraph(engine: FrozenEngine) -> None:
    # Thirteenth session: a newsletter blurb above the paragraph ('... you agree to our Privacy
    # Policy') was parsed into one sentence with it, and the speaker was looked for up there.
    text = (
        "Get the news in your inbox. By signing up, you agree to our Privacy Policy\n\n"
        "Mara Quint, a spokeswoman for Senate Leader Paul Ortega (D) of Nevada, said in an email, "
        '"Both the mayor and the council have shown good faith."'
    )
    q = engine.quote_with(text, "good faith")
    assert q["speaker"] == "Mara Quint"
    assert "Privacy" not in q["source"]


def test_a_name_the_tagger_took_for_an_adverb_still_speaks(engine: FrozenEngine) -> None:
    # Thirteenth session: "O’Reilly" between the closing mark and "said" was tagged an adverb.
    text = (
        "\u201cIt is tremendously disheartening that we part ways,\u201d O\u2019Reilly said in the "
        "statement, which was emailed by his spokesman."
    )
    assert engine.quote_with(text, "part ways")["speaker"] == "O\u2019Reilly"


def test_a_quote_after_another_speakers_report_is_that_speakers(engine: FrozenEngine) -> None:
    # Thirteenth session: on real coverage a senator's statement, quoted right after "Senate
    # Minority Leader X said in a statement that he supports ...", was joined to the quote of
    # the leader quoted before him.
    text = (
        "\u201cRegardless of party, harassment is unacceptable,\u201d Ortega said. Senate Minority "
        "Leader Dana Quill said in a statement that she supports the call for an ethics inquiry. "
        "\u201cHarassment is never acceptable and must not be tolerated.\u201d"
    )
    assert engine.quote_with(text, "harassment is unacceptable")["speaker"] == "Ortega"
    assert engine.quote_with(text, "must not be tolerated")["speaker"] == "Dana Quill"
    # A clause of the first quote's own cue is no other report: the quote goes on with it.
    text = (
        "\u201cHe did try to scare me,\u201d said Nina Ortega, who wrote about the visit in her book. "
        "\u201cThank goodness, none of it was true.\u201d"
    )
    assert engine.quote_with(text, "none of it was true")["speaker"] == "Nina Ortega"
    # A fact attributed after it ('..., reports the Gazette') does not take the quote either.
    text = (
        "\u201cThe goal is not to punish anyone,\u201d Mayor Ortega said on Monday. Rather, the new "
        "fees will target the largest landlords, reports the Gazette.\n\n\u201cThe goal is to change "
        "how they decide, over the long haul.\u201d"
    )
    assert engine.quote_with(text, "over the long haul")["speaker"] == "Ortega"


def test_who_after_a_predicate_noun_is_the_one_it_is_said_of(engine: FrozenEngine) -> None:
    # Thirteenth session: 'Trump is also an “America first” populist who has said he would ...'
    # gave the quote to the phrase 'an “America first” populist'.
    text = (
        "Mayor Ines Lee spoke at noon.\n\nLee is also a populist who has said she would \u201csell "
        "the harbor to the highest bidder,\u201d in so doing angering the unions."
    )
    assert engine.quote_with(text, "highest bidder")["speaker"] == "Ines Lee"


def test_words_glued_to_a_name_from_outside_it_are_left_out(engine: FrozenEngine) -> None:
    # QA helper, twenty-first session: every quote of Kerry went to "Meet John Kerry" (a section
    # line), a child's to "D.C. Tesfaye" (the sentence before ends in "D.C."), a newsletter's
    # source line "Hillary - Politico:" to Hillary, a police force's to "York police", and
    # "the then–senator" (split at the dash) gave the speaker "the".
    text = (
        "Mara Quill’s moment\n\nMeet Mara Quill, chief prosecutor for the harbor board.\n\n"
        "\u201cThis is common sense,\u201d Quill said."
    )
    assert engine.quote_with(text, "common sense")["speaker"] == "Mara Quill"
    text = (
        "A pupil like Hanna Girma, a first-grader at a school in Washington, D.C. Girma chose the "
        'carrots on Monday.\n\n"I like this," Girma said.'
    )
    assert engine.quote_with(text, "I like this")["speaker"] == "Hanna Girma"
    text = 'NEWS ROUNDUP\n\nFunds for Ruiz - Gazette: "The money came in fast."'
    assert engine.quote_with(text, "came in fast")["speaker"] in (None, "Gazette")  # not Ruiz
    text = 'Meanwhile New York police described the parcel as one that "looked much like the others."'
    assert engine.quote_with(text, "looked much like")["speaker"] == "New York police"


def test_a_lone_article_the_parser_made_a_subject_is_no_source() -> None:
    # QA helper, twenty-first session: "the then–senator from Illinois promised ..." was split
    # at the dash and "the" became a subject of its own, and the speaker. Built by hand as the
    # model parsed it (it does so for some sentences only).
    from hand_parses import hand_parse

    from sayso.quotes.attribution.sources import source_of
    from sayso.quotes.rules import DEFAULT_RULES

    doc = hand_parse("""
        In 9 prep ADP IN
        2007 0 pobj NUM CD
        , 9 punct PUNCT ,
        the 9 nsubj PRON DT
        then 9 advmod ADV RB
        \u2013 9 punct PUNCT :
        senator 9 nsubj NOUN NN
        from 6 prep ADP IN
        Ohio 7 pobj PROPN NNP
        promised 9 ROOT VERB VBD
        to 11 aux PART TO
        act 9 xcomp VERB VB
        . 9 punct PUNCT .
    """)
    found = source_of(doc, doc[9], DEFAULT_RULES)
    assert found is not None and doc.text[found[0] : found[1]] == "senator from Ohio"


def test_the_one_named_in_a_with_phrase_or_the_object_of_a_naming_gerund_speaks(engine: FrozenEngine) -> None:
    # QA helper, twenty-first session (real coverage): 'X has come under fire, with her rival,
    # Y, accusing her of a "subpar" performance' gave the charge to X; 'Z exposed Y for
    # defrauding the country and calling the voter "stupid"' gave Y's word to Z.
    text = (
        "Councillor Ada Ruiz has come under attack, with her opponent, Tomas Reyes, accusing her of a "
        '"lazy" budget.'
    )
    assert engine.quote_with(text, "lazy")["speaker"] == "Tomas Reyes"
    text = (
        "When reporter Lena Varga exposed harbor planner Tomas Reyes in 2019 for hiding the costs "
        'and calling the ferry riders "clueless," the mayor stood by him.'
    )
    assert engine.quote_with(text, "clueless")["speaker"] == "Tomas Reyes"


def test_a_name_before_a_verb_the_tagger_read_as_a_noun_still_speaks(engine: FrozenEngine) -> None:
    # QA helper, twenty-first session: "First-grader Walter Young ponders the carrots ..." (the
    # tagger read "ponders" as a plural noun, the name as its modifier): his "I like this," he
    # says had no speaker.
    text = (
        'Second-grader Walter Reyes ponders the steamed beans with the care of a judge. "I like this," '
        "he says."
    )
    assert engine.quote_with(text, "I like this")["speaker"] == "Walter Reyes"


def test_a_hyphenated_role_the_tagger_read_as_a_name_is_a_description(engine: FrozenEngine) -> None:
    # QA helper, twenty-first session: "The president-elect ... since telling the AP that ..."
    # had no speaker; alone, "The president-elect said" gave the speaker "elect" (the tagger
    # read the lower-case "elect" as a proper noun).
    text = "Mayor-elect Ada Ruiz spoke on Friday. The mayor-elect said that she wanted a new harbor plan."
    assert engine.quote_with(text, "new harbor plan")["speaker"] in ("the mayor-elect", "Ada Ruiz")


def test_the_one_recalled_or_quoted_as_saying_speaks(engine: FrozenEngine) -> None:
    # QA helper, twenty-first session: "McGahn recalled the president as saying, '...'" and
    # "state media quoted politicians as saying ..." gave the words to who relayed them.
    # (PolNeAR's annotators give them to the relaying outlet: train -3 direct quotes.)
    text = 'Ada Ruiz recalled the mayor as saying, "Close the pier tonight. Tell the board later."'
    assert engine.quote_with(text, "Tell the board")["source"] == "the mayor"


def test_said_x_in_a_statement_names_x_and_the_statement_is_theirs(engine: FrozenEngine) -> None:
    # QA helper, twenty-first session: '“...,” said the president's spokesman NAME in a statement
    # issued in June' took "in a statement issued in June" into the source, and the next
    # paragraph's "the statement said" stayed the statement's own.
    text = (
        '"Any closure would be announced well ahead," said the mayor\'s spokesman Tomas Reyes in a '
        'statement issued in May.\n\n"The pier will stay open all summer," the statement said.'
    )
    assert engine.quote_with(text, "announced well ahead")["source"] == "the mayor's spokesman Tomas Reyes"
    assert engine.quote_with(text, "stay open all summer")["speaker"] == "Tomas Reyes"


def test_it_after_an_organisation_or_document_spoke_is_that_speaker(engine: FrozenEngine) -> None:
    # QA helper, twenty-first session (fresh sample): '"...," the document insists. It called
    # gender fluidity a symptom of ...' had no speaker, and "tweeted about its earlier
    # statement: '...'" had the speaker "its".
    text = (
        'The Harbor Authority on Monday released a report on the ferry. "The ferry is unsafe," the '
        'report says. It described the old pier as "a ruin waiting to happen."'
    )
    assert engine.quote_with(text, "a ruin waiting")["speaker"] == "Harbor Authority"
    text = (
        "The ministry issued a statement on Friday. The ministry later posted a note about its earlier "
        'statement: "We stand by every word."'
    )
    assert engine.quote_with(text, "every word")["speaker"] == "the ministry"


def test_words_quoted_inside_someones_claim_are_theirs(engine: FrozenEngine) -> None:
    # QA read six: 'A Romney campaign spokeswoman later rejected Mr. Obama's claim that the June
    # report is a "step in the right direction"' showed Obama's words under the spokeswoman.
    text = (
        "A campaign spokeswoman later rejected Mr. Brill\u2019s claim that the June report is a "
        "\u201cstep in the right direction.\u201d"
    )
    assert engine.quote_with(text, "right direction")["speaker"] == "Brill"
    # Not a subject of the noun: "some could reach the point that ..." is Obama's own clause.
    text = (
        "Obama said the economy had been so hard that some voters could reach the point that "
        "\u201cyou\u2019re willing to try just about anything.\u201d"
    )
    assert engine.quote_with(text, "try just about anything")["speaker"] == "Obama"


def test_a_role_before_a_name_is_no_part_of_it(engine: FrozenEngine) -> None:
    # QA read six: "Spokeswoman Hope Hicks said" had no speaker (the model tagged no name, and
    # "Hope Hicks" reads as two ordinary words); a tagged one kept "Spokeswoman" in the name.
    text = (
        "The campaign fired its manager on Monday.\n\n"
        "Spokeswoman Hope Hicks said in a statement: \u201cThe campaign is grateful to Corey for "
        "his hard work.\u201d"
    )
    assert engine.quote_with(text, "grateful to Corey")["speaker"] == "Hope Hicks"
    text = (
        "The campaign fired its manager on Monday.\n\n"
        "Spokeswoman Mara Quell said in a statement: \u201cThe campaign is grateful to him for his "
        "hard work.\u201d"
    )
    assert engine.quote_with(text, "grateful to him")["speaker"] == "Mara Quell"
