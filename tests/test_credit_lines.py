"""Quoted excerpts signed by a credit line ("Name, Paper" on the line after the quote).

Digests of opinion quote columns with no cue and credit the columnist and the paper under each
excerpt. On news-5k 264 such excerpts (37 articles) went to nobody or to the "Others note" that
led into them (QA read, twenty-third session). Invented digests, on the model's frozen parses.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from frozen_parses import FrozenEngine, FrozenParses
from test_direct_speakers import quote_with


@pytest.fixture(scope="module")
def engine() -> Iterator[FrozenEngine]:
    frozen = FrozenParses("credit_lines")
    yield FrozenEngine(frozen)
    frozen.save()  # only in record mode


DIGEST = (
    "From the Left\n\n"
    "The left wants the harbor ferry back.\n\n"
    "\u201cThe ferry was the heart of this town, and the council sold it for a parking lot. "
    "Nobody asked the riders.\u201d\n\n"
    "Mara Quell, Lakeside Gazette\n\n"
    "Others note, \u201cThe vote was rushed through in one night, with the public gallery "
    "closed for repairs.\u201d\n\n"
    "Tomas Reyes and Ida Moss, Harbor Weekly\n\n"
    "From the Right\n\n"
    "\u201cThe ferry lost money every year, and the town could not carry it any longer.\u201d "
    "Editorial Board, Coast Ledger\n\n"
    "\u201cThe parking lot will pay for the new school roof within five years.\u201d\n\n"
    "Suresh Pannuru, Bay Times"
)


def test_a_credit_line_names_the_excerpts_writer(engine: FrozenEngine) -> None:
    q = quote_with(engine, DIGEST, "heart of this town")
    assert (q["source"], q["speaker"]) == ("Mara Quell", "Mara Quell")


def test_a_credit_line_outranks_the_vague_lead_in(engine: FrozenEngine) -> None:
    # "Others note" led into the excerpt; the credit says whose words they are.
    q = quote_with(engine, DIGEST, "rushed through in one night")
    assert q["source"] == "Tomas Reyes and Ida Moss"


def test_an_editorial_is_the_papers_and_a_credit_may_follow_the_mark(engine: FrozenEngine) -> None:
    q = quote_with(engine, DIGEST, "lost money every year")
    assert q["source"] == "Coast Ledger"


def test_a_credited_name_is_whole_whatever_the_model_tagged(engine: FrozenEngine) -> None:
    # The model tags only the surname as a place; the speaker was "Pannuru".
    q = quote_with(engine, DIGEST, "new school roof")
    assert (q["source"], q["speaker"]) == ("Suresh Pannuru", "Suresh Pannuru")


def test_a_heading_over_what_follows_is_no_credit(engine: FrozenEngine) -> None:
    # Round-ups head each lawmaker's paragraph with the name: it signs nothing above it.
    text = (
        "Here is what some of them said.\n\n"
        "\u201cThe harbor deal cannot be undone, and we should stop pretending it can.\u201d\n\n"
        "Sen. Ada Ruiz, D-Ore.\n\n"
        "The Oregon Democrat said the deal was signed in haste.\n\n"
        "\u201cNobody on the board read the lease before the vote was called.\u201d\n\n"
        "Tom Brill, harbor commissioner\n\n"
        "Brill told reporters the lease runs for forty years."
    )
    assert quote_with(engine, text, "cannot be undone")["source"] != "Sen. Ada Ruiz"
    assert quote_with(engine, text, "read the lease")["source"] != "Tom Brill"


def test_a_sentence_or_a_headline_after_a_quote_is_no_credit(engine: FrozenEngine) -> None:
    text = (
        "\u201cWe will rebuild the pier before the summer season starts,\u201d the mayor said.\n\n"
        "Rep. Tom Brill, a Democrat, agreed.\n\n"
        "\u201cThe pier is safe for now, and the engineers will check it again in May.\u201d\n\n"
        "HARBOR BOARD DELAYS VOTE, CITY WAITS"
    )
    assert quote_with(engine, text, "rebuild the pier")["source"] == "the mayor"
    assert quote_with(engine, text, "safe for now")["source"] != "HARBOR BOARD DELAYS VOTE"


def test_a_reporters_credit_is_no_signature(engine: FrozenEngine) -> None:
    # thirty-sixth session's QA read: the quote's second sentence went to "Andrew ... contributed
    # to this article", the dashed credit line under it
    text = (
        "\u201cThey just will not accept it,\u201d Mayor Ruiz said of the council. "
        "\u201cIt is hard, but we are still pushing.\u201d\n\n"
        "\u2014Dana Holt contributed to this article.\n\n"
        "\u201cTaxes are too high.\u201d\n\n- Sanders.\n"
    )
    assert quote_with(engine, text, "still pushing")["speaker"] == "Ruiz"
    assert quote_with(engine, text, "Taxes are too high")["speaker"] == "Sanders"
