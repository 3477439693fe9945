"""The closed vocabularies of the model: kinds of quote and speaker, relations between outlets.

Apart from ``sayso.model`` because the commands that only read the database (``sayso search``)
check a ``--kind`` or ``--relation`` against them without building the model's dataclasses,
which costs a good part of a search's start-up time (``bench/search_cli.py``).
"""

from __future__ import annotations

from typing import Literal

QuoteKind = Literal["direct", "indirect", "mixed"]
#: ``document``: a report, statement or letter whose author the article does not name;
#: ``author``: the article's own first-person narrator, kept apart from the people it quotes.
SpeakerKind = Literal["person", "group", "anonymous", "document", "author"]
Relation = Literal[
    "verbatim", "punctuation", "partial", "altered", "paraphrase", "misattributed", "single_source"
]

QUOTE_KINDS: tuple[QuoteKind, ...] = ("direct", "indirect", "mixed")
SPEAKER_KINDS: tuple[SpeakerKind, ...] = ("person", "group", "anonymous", "document", "author")
#: The relations a comparison *group* can have. ``paraphrase`` is not one of them: it is the
#: relation of an occurrence (or a pair) that reports the utterance in indirect speech, which
#: never decides how the quoted words of a group compare (see docs/compare.md).
RELATIONS: tuple[Relation, ...] = (
    "verbatim",
    "punctuation",
    "partial",
    "altered",
    "misattributed",
    "single_source",
)
#: Every relation an occurrence or a pair of outlets can have.
PAIR_RELATIONS: tuple[Relation, ...] = (*RELATIONS[:4], "paraphrase", *RELATIONS[4:])
