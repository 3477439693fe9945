"""Stage 4, the learned quote scorer: loading, calibration and the switch in the component config."""

from __future__ import annotations

import pytest

from sayso.quotes.features import FEATURE_VERSION
from sayso.quotes.scorer import QuoteScorer, load_scorer


def _scorer(**weights: float) -> QuoteScorer:
    return QuoteScorer.from_dict(
        {
            "feature_version": FEATURE_VERSION,
            "weights": weights,
            "calibration": {"x": [0.0, 0.5, 1.0], "y": [0.0, 0.2, 0.9]},
        }
    )


def test_unknown_features_weigh_nothing_and_the_calibration_maps_monotonically() -> None:
    scorer = _scorer(bias=0.0, **{"kind=direct": 2.0})
    assert scorer.raw({"bias": 1.0, "never=seen": 5.0}) == pytest.approx(0.5)
    assert scorer.probability({"bias": 1.0}) == pytest.approx(0.2)  # raw 0.5 -> 0.2 on the table
    high = scorer.probability({"bias": 1.0, "kind=direct": 1.0})
    assert 0.2 < high < 0.9


def test_weights_for_other_features_are_refused() -> None:
    with pytest.raises(ValueError, match="retrain"):
        QuoteScorer.from_dict({"feature_version": FEATURE_VERSION + 1, "weights": {}})


def test_the_packaged_scorer_loads_and_is_a_probability() -> None:
    scorer = load_scorer()
    assert scorer is not None and len(scorer.weights) > 10
    assert all(0.0 <= y <= 1.0 for y in scorer.calib_y)
    assert list(scorer.calib_x) == sorted(scorer.calib_x)


@pytest.mark.model
def test_the_scorer_can_be_switched_off_in_the_config(nlp: object) -> None:
    import spacy

    from sayso.nlp.loader import model_name

    text = '"We open the ferry on Monday," the harbour master said.'
    rules_only = spacy.load(model_name())
    rules_only.add_pipe(
        "sayso_quotes", config={"scorer": {"@misc": "sayso.quote_scorer.v1", "weights": None}}
    )
    (plain,) = rules_only(text)._.quotes
    (scored,) = nlp(text)._.quotes  # type: ignore[operator]
    assert plain.content == scored.content and plain.speaker == scored.speaker
    assert plain.confidence != scored.confidence  # stage 4 replaced the rules' own figure
    assert rules_only.config["components"]["sayso_quotes"]["scorer"]["weights"] is None


@pytest.mark.model
def test_a_topic_is_kept_but_below_the_default_threshold(nlp: object) -> None:
    """ "praised the firefighters" names what was talked about, not what was said: stored with a
    confidence under the default threshold; a reported statement keeps its learned one, and the
    cap can be switched off in the config."""
    import spacy

    from sayso.nlp.loader import model_name
    from sayso.quotes.caps import TOPIC_CAP
    from sayso.settings import DEFAULT_MIN_CONFIDENCE

    text = (
        "Mayor Lena Okafor praised the firefighters after the storm. She said the bridge would reopen in May."
    )
    by_content = {q.content: q for q in nlp(text)._.quotes}  # type: ignore[operator]
    topic, statement = by_content["the firefighters"], by_content["the bridge would reopen in May"]
    assert topic.kind == statement.kind == "indirect"
    assert topic.confidence <= TOPIC_CAP < DEFAULT_MIN_CONFIDENCE < statement.confidence
    uncapped = spacy.load(model_name())
    uncapped.add_pipe(
        "sayso_quotes", config={"scorer": {"@misc": "sayso.quote_scorer.v1", "topic_cap": None}}
    )
    (learned,) = [q for q in uncapped(text)._.quotes if q.content == "the firefighters"]
    assert learned.confidence > TOPIC_CAP
