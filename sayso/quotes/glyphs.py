"""The one definition of quotation marks: which characters open or close a quotation in news text.

Stage 1 scans for them, stage 2 skips them at a quote's edges, the gold reader (``evaluate.brat``)
decides from them whether an annotated quote is direct, and the comparison of outlets
(``compare``) unifies or looks for them. Each used to keep its own string of marks, and they had
drifted apart (one knew the single guillemets, another not); now every one of them imports its
set from here, so a mark added here is a mark everywhere.

At the end, the other glyphs that matter to the engine: the dashes the model never saw,
which it is given as ones it knows (``MODEL_GLYPHS``, used by ``sayso.nlp.loader``).

Pure data, no imports: ``sayso.evaluate`` and ``sayso.compare`` can use it without loading the
engine or spaCy.
"""

from __future__ import annotations

# --- double marks ---------------------------------------------------------------------------
STRAIGHT_DOUBLE = '"'
LEFT_DOUBLE = "“"  # opens in English, closes in German
RIGHT_DOUBLE = "”"  # closes in English; opens and closes in Swedish
LOW_DOUBLE = "„"  # opens in German, Polish, Czech
REVERSED_DOUBLE = "‟"
DOUBLE_PRIME = "″"  # typed for ” by some feeds
LEFT_GUILLEMET = "«"  # opens in French, closes in German
RIGHT_GUILLEMET = "»"

# --- single marks ---------------------------------------------------------------------------
STRAIGHT_SINGLE = "'"  # far more often an apostrophe
LEFT_SINGLE = "‘"
RIGHT_SINGLE = "’"  # far more often an apostrophe
LOW_SINGLE = "‚"
REVERSED_SINGLE = "‛"
LEFT_SINGLE_GUILLEMET = "‹"
RIGHT_SINGLE_GUILLEMET = "›"

# --- others ---------------------------------------------------------------------------------
#: The backtick of ``TeX-style'' quotes, which PolNeAR's NYT articles use.
BACKTICK = "`"
#: CJK corner brackets: marks for the gold reader, not (yet) scanned by stage 1.
LEFT_CORNER = "「"
RIGHT_CORNER = "」"

DOUBLE_MARKS = (
    STRAIGHT_DOUBLE
    + LEFT_DOUBLE
    + RIGHT_DOUBLE
    + LOW_DOUBLE
    + REVERSED_DOUBLE
    + DOUBLE_PRIME
    + LEFT_GUILLEMET
    + RIGHT_GUILLEMET
)
SINGLE_MARKS = (
    STRAIGHT_SINGLE
    + LEFT_SINGLE
    + RIGHT_SINGLE
    + LOW_SINGLE
    + REVERSED_SINGLE
    + LEFT_SINGLE_GUILLEMET
    + RIGHT_SINGLE_GUILLEMET
)
#: Single marks that are also apostrophes (don't, O’Brien, the '90s): stage 1 classifies them
#: from their neighbours before taking them for quotation marks.
APOSTROPHES = STRAIGHT_SINGLE + RIGHT_SINGLE + LEFT_SINGLE
#: Two single marks typed for one double mark: ''like this'', ``like this''.
DOUBLED: tuple[str, ...] = ("''", "``", "’’", "‘‘")

#: Every character that opens or closes a quotation.
QUOTE_MARKS: frozenset[str] = frozenset(DOUBLE_MARKS + SINGLE_MARKS + BACKTICK + LEFT_CORNER + RIGHT_CORNER)
#: The same marks as one string, for ``str.strip`` and regular-expression classes.
QUOTE_MARK_CHARS: str = "".join(sorted(QUOTE_MARKS))
#: Marks that end a quotation in English-language news, as seen right before a signature line
#: or a dash naming the speaker.
CLOSING_MARKS = RIGHT_DOUBLE + STRAIGHT_DOUBLE + RIGHT_SINGLE + STRAIGHT_SINGLE + RIGHT_GUILLEMET

__all__ = [
    "APOSTROPHES",
    "BACKTICK",
    "CLOSING_MARKS",
    "DOUBLED",
    "DOUBLE_MARKS",
    "DOUBLE_PRIME",
    "LEFT_CORNER",
    "LEFT_DOUBLE",
    "LEFT_GUILLEMET",
    "LEFT_SINGLE",
    "LEFT_SINGLE_GUILLEMET",
    "LOW_DOUBLE",
    "LOW_SINGLE",
    "QUOTE_MARKS",
    "QUOTE_MARK_CHARS",
    "REVERSED_DOUBLE",
    "REVERSED_SINGLE",
    "RIGHT_CORNER",
    "RIGHT_DOUBLE",
    "RIGHT_GUILLEMET",
    "RIGHT_SINGLE",
    "RIGHT_SINGLE_GUILLEMET",
    "SINGLE_MARKS",
    "STRAIGHT_DOUBLE",
    "STRAIGHT_SINGLE",
]


# --- what the model reads -------------------------------------------------------------------
#: Dashes the small English model never saw, each mapped to the one it knows that means the
#: same. Given "the records were made public ― Trump boasted" (HuffPost's horizontal bar) the
#: tagger reads "―" as a verb or a noun and the parse around it falls apart ("public" becomes
#: who boasted); with "—" it is punctuation. One character for one, so every offset holds.
MODEL_GLYPHS = str.maketrans(
    {
        "\u2015": "\u2014",  # horizontal bar -> em dash
        "\u2e3a": "\u2014",  # two-em dash
        "\u2e3b": "\u2014",  # three-em dash
        "\ufe58": "\u2014",  # small em dash
        "\u2012": "\u2013",  # figure dash -> en dash
        "\u2010": "-",  # hyphen
        "\u2011": "-",  # non-breaking hyphen
        "\u2212": "-",  # minus sign
        "\ufe63": "-",  # small hyphen-minus
        "\uff0d": "-",  # fullwidth hyphen-minus
        # marks of direction and byte order, invisible, glued to a word: "Lucia Graves\u200f"
        # was the name "Lucia" (QA helper, thirty-ninth session); not the zero-width space or
        # the soft hyphen, which stand inside words ("re\xadstored")
        "\u200e": " ",
        "\u200f": " ",
        "\ufeff": " ",
    }
)
#: Where the model's pipeline keeps the text as given when it parsed a mapped copy.
ORIGINAL_TEXT = "sayso_original_text"


def original_text(doc: object) -> str:
    """The text as given, which the strings sayso shows are cut from (``Doc.text`` may hold
    the model's copy with ``MODEL_GLYPHS`` mapped; the offsets are the same)."""
    user_data = getattr(doc, "user_data", {})
    return user_data.get(ORIGINAL_TEXT) or doc.text  # type: ignore[attr-defined]
