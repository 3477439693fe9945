"""Stage 4 shows speech only: topics by the content's root, and non-finite complements of cues
that never introduce quoted words (the ``speech`` table learned from train)."""

from __future__ import annotations

from typing import Any

import pytest

from sayso.model import Quote, Span
from sayso.quotes.caps import (
    SPEECH_SHARE_MIN,
    UNSPOKEN_CAP,
    content_frame,
    is_topic,
    is_unspoken,
)
from sayso.quotes.cues import CueLexicon, load_lexicon


def _quote(kind: str = "indirect") -> Quote:
    span = Span(0, 5, "words")
    return Quote(id="q1", kind=kind, content="words", content_spans=(span,))  # type: ignore[arg-type]


def test_speech_share_is_smoothed_and_an_unseen_lemma_is_no_speech_verb() -> None:
    """Counts smoothed towards the core lexicon: a verb of saying ("shout", "quip") starts from
    ``prior_share_speech``, any other word from ``prior_share_other`` (nothing)."""
    lex = CueLexicon.build({}, {"shout": (40, 100), "decline": (0, 60), "quip": (1, 1), "jog": (1, 1)})
    w, prior = lex.speech_prior_weight, lex.prior_share_speech
    assert lex.speech_share("shout") == pytest.approx((40 + w * prior) / (100 + w))
    assert lex.speech_share("decline") == 0.0
    assert lex.speech_share("never-seen") == 0.0
    assert 0.0 < lex.speech_share("jog") < lex.speech_share("quip") < 1.0  # one sighting is no certainty
    # the noun "view" is a speech noun ("his view that ..."), the verb is no verb of saying
    assert lex.speech_share("view", noun=True) > lex.speech_share("view") == 0.0


def test_only_non_finite_complements_of_non_speech_cues_are_unspoken() -> None:
    lex = CueLexicon.build({}, {"shout": (40, 100), "decline": (0, 60)})
    assert is_unspoken("inf", "decline", lex)
    assert is_unspoken("ger", "decline", lex)
    assert is_unspoken("vp", "unknown-verb", lex)
    assert not is_unspoken("inf", "shout", lex)  # "shouted to be heard": a verb of speaking
    assert not is_unspoken("clause", "decline", lex)  # a finite clause is a statement or belief
    assert not is_unspoken("direct", "decline", lex)
    assert not is_unspoken("inf", None, lex)


def test_a_verb_of_knowing_vouches_for_a_fact_whatever_its_complement() -> None:
    lex = CueLexicon.build({}, {"know": (1, 121)})
    assert is_unspoken("clause", "know", lex)  # "we know that ...": the writer's claim
    assert is_unspoken("clause", "understand", lex)
    assert not is_unspoken("clause", "believe", lex)  # a stated belief stays
    assert not is_unspoken("clause", "know", lex, noun=True)


def test_a_topic_is_decided_by_the_head_of_the_content_not_by_a_verb_somewhere() -> None:
    """Content headed by a noun is a topic even with a verb inside ("that approach, arguing that
    ..."); content with no verb at all is one whatever the frame says."""
    with_verb = {"content_has_verb": 1.0}
    assert is_topic(_quote(), with_verb, "np")
    assert is_topic(_quote(), {"content_has_verb": 0.0})
    for frame in ("clause", "inf", "ger", "vp"):
        assert not is_topic(_quote(), with_verb, frame)
    assert not is_topic(_quote(), with_verb)  # no frame: only verbless content is a topic
    assert not is_topic(_quote("direct"), {"content_has_verb": 0.0}, "np")
    assert not is_topic(_quote("mixed"), with_verb, "np")


def test_the_packaged_speech_table_tells_verbs_of_saying_from_others() -> None:
    """Learned from train by scripts/learn_cues.py: "say" introduces quoted words often enough;
    the table is counts only, and every count is consistent."""
    lex = load_lexicon()
    assert lex.speech, "cue_stats.json has no speech table: run scripts/learn_cues.py --speech-only"
    assert all(0 <= direct <= total for direct, total in lex.speech.values())
    assert lex.speech_share("say") >= SPEECH_SHARE_MIN


@pytest.mark.model
@pytest.mark.parametrize(
    ("text", "content", "frame"),
    [
        ("The senator said that the vote would fail.", "that the vote would fail", "clause"),
        ("The senator said the vote would fail.", "the vote would fail", "clause"),
        ("The senator declined to discuss the vote.", "to discuss the vote", "inf"),
        ("The senator urged Congress to reject the bill.", "Congress to reject the bill", "inf"),
        (
            "The senator blamed the council for failing to fix the roads.",
            "the council for failing to fix the roads",
            "np",
        ),
    ],
)
def test_content_frame_reads_the_parse(nlp: Any, text: str, content: str, frame: str) -> None:
    doc = nlp(text)
    start = text.index(content)
    quote = Quote(
        id="q1", kind="indirect", content=content, content_spans=(Span.of(text, start, start + len(content)),)
    )
    assert content_frame(doc, quote) == frame


@pytest.mark.model
def test_an_intention_is_kept_but_below_the_default_threshold(nlp: Any) -> None:
    """ "declined to discuss the budget" is nobody's words: stored under the default threshold;
    the reported statement keeps its learned confidence; the cap can be switched off."""
    import spacy

    from sayso.nlp.loader import model_name
    from sayso.settings import DEFAULT_MIN_CONFIDENCE

    text = (
        "Finance minister Ada Brandt declined to discuss the budget on Tuesday. "
        "She said the bridge would reopen in May."
    )
    quotes = nlp(text)._.quotes
    intention = [q for q in quotes if q.content.startswith("to discuss")]
    statement = [q for q in quotes if q.content.startswith("the bridge")]
    assert intention and statement
    assert intention[0].confidence <= UNSPOKEN_CAP < DEFAULT_MIN_CONFIDENCE < statement[0].confidence
    uncapped = spacy.load(model_name())
    uncapped.add_pipe(
        "sayso_quotes", config={"scorer": {"@misc": "sayso.quote_scorer.v1", "unspoken_cap": None}}
    )
    (learned,) = [q for q in uncapped(text)._.quotes if q.content.startswith("to discuss")]
    assert learned.confidence >= intention[0].confidence


@pytest.mark.model
def test_the_speech_table_counts_direct_quotes_per_cue_lemma(nlp: Any) -> None:
    """``scripts/learn_cues.py`` counts, per lemma of an annotated cue, its attributions and how
    many are direct quotes; lemmas seen fewer than ``MIN_TOTAL`` times are left out."""
    from repo_scripts import load_script

    from sayso.evaluate.brat import GoldAttribution, GoldDoc

    learn = load_script("scripts/learn_cues.py")
    text = '"The ferry runs on Monday," Mara Jensen said. Tom Okafor declined to comment. Ida nodded.'

    def span(words: str) -> Span:
        start = text.index(words)
        return Span.of(text, start, start + len(words))

    gold = GoldDoc(
        doc="invented",
        text=text,
        attributions=(
            GoldAttribution("E1", (span('"The ferry runs on Monday,"'),), (span("said"),), direct=True),
            GoldAttribution("E2", (span("to comment"),), (span("declined"),)),
            GoldAttribution("E3", (span("Ida"),), (span("nodded"),)),
        ),
    )
    doc = nlp(text)
    table = learn.learn_speech([(gold, doc), (gold, doc)])
    assert table["say"] == [2, 2] and table["decline"] == [0, 2]
    assert learn.learn_speech([(gold, doc)]) == {}  # each seen once: below MIN_TOTAL


@pytest.mark.model
def test_a_title_in_marks_inside_a_topic_is_no_quote(nlp: Any) -> None:
    """'praised the musical “Harbor Lights”' names what was praised; 'called the plan “A Gift
    to Developers”' gives the speaker's words, and so does a statement around a title."""
    from sayso.settings import DEFAULT_MIN_CONFIDENCE

    text = (
        "Councillor Mara Quist praised the new musical “Harbor Lights” on Monday. "
        "Quist called the parking plan “A Gift to Developers” in a statement. "
        "She said the “Harbor Lights” tickets were selling too slowly."
    )
    quotes = nlp(text)._.quotes
    titled = next(q for q in quotes if "musical" in q.content)
    assert titled.confidence < DEFAULT_MIN_CONFIDENCE
    called = next(q for q in quotes if "Gift to Developers" in q.content)
    assert called.confidence >= DEFAULT_MIN_CONFIDENCE
    said = next(q for q in quotes if "selling too slowly" in q.content)
    assert said.confidence >= DEFAULT_MIN_CONFIDENCE


@pytest.mark.model
@pytest.mark.parametrize(
    "text, asked_about",
    [
        (
            "Asked if she had told the harbor board that the vote would be delayed, Ortega smiled. "
            "She said the board would decide in May.",
            "that the vote would be delayed",
        ),
        (
            "Reporters pressed Ortega on whether she thought the ferry fares were fair. "
            "She said the fares would fall.",
            "the ferry fares were fair",
        ),
    ],
)
def test_a_cue_inside_a_question_put_to_someone_is_below_the_default(
    nlp: Any, text: str, asked_about: str
) -> None:
    """Eleventh session: what someone was asked about is nobody's statement (``is_unasserted``);
    the answer after it keeps its confidence."""
    from sayso.settings import DEFAULT_MIN_CONFIDENCE

    quotes = nlp(text)._.quotes
    (question,) = [q for q in quotes if q.content == asked_about]
    (answer,) = [
        q for q in quotes if q.content.startswith("the board would") or q.content.startswith("the fares")
    ]
    assert question.confidence <= UNSPOKEN_CAP < DEFAULT_MIN_CONFIDENCE < answer.confidence


@pytest.mark.model
def test_a_claim_about_the_object_is_no_topic(nlp: Any) -> None:
    """Fourteenth session: 'accused the council of wasting ...', 'described the plan as ...' say
    something of their object: a paraphrase of the speaker's words, shown (``says_of_object``).
    The bare object ('praised the mayor') stays a topic, and so does the object of a cue whose
    objects the annotators rarely take as content ('reminded voters of ...')."""
    from sayso.settings import DEFAULT_MIN_CONFIDENCE

    text = (
        "Councillor Mara Quist accused the harbor board of wasting the road budget. "
        "Quist described the parking plan as a gift to developers. "
        "She praised the mayor on Monday. "
        "The clerk reminded voters of the deadline."
    )
    shown = {q.content for q in nlp(text)._.quotes if q.confidence >= DEFAULT_MIN_CONFIDENCE}
    assert "the harbor board of wasting the road budget" in shown
    assert "the parking plan as a gift to developers" in shown
    assert not any("mayor" in c or "deadline" in c for c in shown)


def _hidden_but_stored(nlp: Any, text: str, hidden: tuple[str, ...], shown: str) -> None:
    """Items holding any of ``hidden`` are below the default threshold yet stored; ``shown`` is shown."""
    from sayso.settings import DEFAULT_MIN_CONFIDENCE

    quotes = nlp(text)._.quotes
    visible = {q.content for q in quotes if q.confidence >= DEFAULT_MIN_CONFIDENCE}
    assert not any(h in c for c in visible for h in hidden)
    assert any(shown in c for c in visible)
    assert all(any(h in q.content for q in quotes) for h in hidden)  # stored, only hidden


@pytest.mark.model
def test_words_a_negated_cue_denies_are_below_the_default(nlp: Any) -> None:
    """Fourteenth session: 'would not say whether ...', 'did not suggest that ...' introduce what
    nobody said (``is_denied``). Thirty-eighth session: so does a negated belief ('don't think'),
    whose content, shown alone, says the opposite of the belief."""
    text = (
        "Mayor Ada Ruiz would not say whether she would back the harbor plan. "
        "The councillors did not suggest that the ferry would close. "
        "Most farmers don't think the drought will end soon. "
        "Ruiz said the dam would be finished in May."
    )
    _hidden_but_stored(nlp, text, ("harbor plan", "ferry", "drought"), "the dam")


@pytest.mark.model
def test_words_said_by_a_you_nobody_is_found_to_be_are_below_the_default(nlp: Any) -> None:
    """Fifteenth session: "Could you say the team got outplayed?", "If you thought there would
    be a pivot ...": a reader addressed, or anyone, not someone who spoke (``is_addressed``)."""
    text = (
        "Could you say the harbor team got outplayed on Sunday? Maybe.\n\n"
        "Coach Ada Ruiz said the harbor team had played its best game of the year."
    )
    _hidden_but_stored(nlp, text, ("outplayed",), "best game")


@pytest.mark.model
def test_reported_speech_that_names_nobody_is_below_the_default(nlp: Any) -> None:
    """Fifteenth session: "It is worth noting that ...", "There have been suggestions that ...":
    no words name who said it (``is_sourceless``); a quote in marks is shown whoever said it."""
    text = (
        "There have been suggestions that the harbor ferry could close in June.\n\n"
        "“The ferry will run all summer,” the harbor master said on Monday."
    )
    _hidden_but_stored(nlp, text, ("could close",), "all summer")


@pytest.mark.model
def test_an_inference_from_a_thing_is_below_the_default(nlp: Any) -> None:
    """Sixteenth session: "Weak ferry bookings suggest ...", "The crowd's reaction showed that
    ...": the source is a thing stage 3 finds nobody in and the cue is no verb of saying
    (``names_nobody``); an organisation named by its kind that says so is still shown."""
    text = (
        "Weak ferry bookings suggest that the harbor will lose money this summer.\n\n"
        "The harbor board said the ferry would run every day in July."
    )
    _hidden_but_stored(nlp, text, ("lose money",), "every day")


@pytest.mark.model
def test_a_noun_cue_taken_for_its_own_source_is_below_the_default(nlp: Any) -> None:
    """Sixteenth session: "The idea that “...” has little support": the cue noun was also the
    source, which names nobody (``is_sourceless``)."""
    text = (
        "The idea that “a ferry tax will pay for everything” has little support in the town.\n\n"
        "Mayor Ada Ruiz said the ferry would run all summer."
    )
    _hidden_but_stored(nlp, text, ("ferry tax",), "all summer")


@pytest.mark.model
def test_a_line_label_that_names_nobody_is_below_the_default(nlp: Any) -> None:
    """Seventeenth session: "FILE PHOTO: <caption>", "Reality Check: ...", "MASKING THE RISKS:
    ...": a label before a colon that stage 3 finds nobody in heads a caption, a section or a
    kicker (``is_unnamed_label``); a transcript's named speaker is still shown."""
    text = (
        "The harbor board met on Monday in Port Alder.\n\n"
        "HARBOR NOTES: The ferry lost money in each of the last three years.\n\n"
        "Mayor Ada Ruiz said the ferry would run all summer."
    )
    _hidden_but_stored(nlp, text, ("lost money",), "all summer")


@pytest.mark.model
def test_reported_speech_a_lead_cuts_off_is_below_the_default(nlp: Any) -> None:
    """Twenty-first session (QA helper): a lead an aggregator cut with "..." right after reported
    speech ('told The Federalist that attributing the cancellations to...') showed the torn
    clause as a statement (``is_cut_off``). The same clause ended by the writer is shown, and a
    direct quote so cut still gives the speaker's own words."""
    text = (
        "Coach Ada Ruiz said the harbor team had played its best game of the year.\n\n"
        "The club told reporters on Monday that the ferry would stop running to..."
    )
    _hidden_but_stored(nlp, text, ("ferry",), "best game")
    cut_direct = '"We will keep the ferry running," Ruiz said, "because the island needs...'
    from sayso.settings import DEFAULT_MIN_CONFIDENCE

    shown = [q for q in nlp(cut_direct)._.quotes if q.confidence >= DEFAULT_MIN_CONFIDENCE]
    assert any("island" in q.content and q.kind == "direct" for q in shown)


@pytest.mark.model
def test_words_under_declined_to_or_after_nor_did_are_below_the_default(nlp: Any) -> None:
    """Twenty-first session (QA helper): "declined to call on her colleagues to begin ..." was
    shown as her call for it; "Nor did officials reveal that ..." as what they revealed."""
    text = (
        "Senator Ada Ruiz declined to say that the harbor plan had failed. "
        "Nor did the port officials reveal that the ferry would stop. "
        "Coach Tomas Reyes said the team had played its best game."
    )
    _hidden_but_stored(nlp, text, ("harbor plan had failed", "ferry would stop"), "best game")


@pytest.mark.model
def test_words_under_a_cue_that_asks_are_below_the_default(nlp: Any) -> None:
    """Twenty-first session (QA helper): the writer's rhetorical 'Yet has Trump called them
    Nazis?' was shown as Trump calling them so."""
    text = (
        "Yet has Mayor Ada Ruiz called the protesters criminals? "
        "Coach Tomas Reyes said the team had played its best game."
    )
    _hidden_but_stored(nlp, text, ("criminals",), "best game")


@pytest.mark.model
def test_what_someone_would_might_or_should_say_or_says_if_is_below_the_default(nlp: Any) -> None:
    """Twenty-first session (QA helper, a fresh sample: 10 of 93 faults): "would have called
    them 'outside agitators'", "might even counter that ...", "If victims really believe ..."
    are the writer's suppositions. A speech announced ("will say in her speech that") is not."""
    text = (
        "Councillors would have called them hired troublemakers. "
        "Critics might even counter that the harbor plan is too small. "
        "If residents really believe the ferry is unsafe, they will stay home. "
        "The mayor will say in her speech that the pier will reopen."
    )
    _hidden_but_stored(
        nlp, text, ("hired troublemakers", "harbor plan is too small", "ferry is unsafe"), "pier will reopen"
    )


@pytest.mark.model
def test_a_quoted_name_that_a_which_describes_is_below_the_default(nlp: Any) -> None:
    """Twenty-first session (QA helper, fresh sample): 'the Village People's “YMCA,” which
    blasted from a trailer' showed the song as a quote whose source was "which"."""
    # (no owner before the name: "the Harbor Band's “Ferry Song”" is a work's name outright,
    # ``titles.named_work``, tenth QA read, and is not stored at all)
    text = (
        'But "Ferry Song," which played from a truck all through the fair, was loud. '
        "Coach Tomas Reyes said the team had played its best game."
    )
    _hidden_but_stored(nlp, text, ("Ferry Song",), "best game")
