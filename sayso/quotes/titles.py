"""Names of works and programmes in quotation marks: words nobody said.

A blog "titled “From the Desk of Donald J. Trump”", a "latest book, “Forward: ...”", a guest
"on CNN’s “State of the Union”": the marks hold a name, not speech. The extraction skips such a
mark (``attribution.attach``) and the comparison does not compare its words as quoted
(``compare.normalize.quoted_spans``), so one definition serves both. QA helper, twentieth
session: a blog's name was given to the spokesman who announced its end, a book's title read as
its author's words, "State of the Union" as a guest's, and each "corroborated" by the other
outlet's same name.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc

from sayso.quotes.glyphs import QUOTE_MARK_CHARS, QUOTE_MARKS

#: What introduces the name of a work or a programme right before its opening mark: "a blog
#: titled", "his latest book,", "co-author of", "on CNN's", "on NBC News'", "on", and a sentence's
#: opening "In" ('In “Hard Choices,” Clinton described ...': QA read, twenty-second session);
#: tenth QA read: any owner ("told CNBC's", "Francis' 15", "the bishop's"), "who wrote", a line's "From";
#: eleventh: a report's, a study's name ("co-author of a report, “ISIS in America,”"; Title Case only).
_WORK_BEFORE = re.compile(
    r"(?:\b(?:titled|entitled|headlined|subtitled|book|show|program|programme|film|movie|documentary|"
    r"podcast|series|blog|site|website|column|memoir|novel|album|song|newsletter|"
    r"report|study|paper|essay|article|editorial|op-ed|play|poem|musical|exhibit(?:ion)?|"
    # a slogan's, a banner's words: "in front of a banner with the campaign slogan, “Make
    # America Great Again.”" was glued onto the speaker's quote (forty-ninth session)
    r"slogan|motto|catchphrase|tagline|banner|sign|placard|hashtag|headline|caption)"
    r"(?:\s+(?:is|was))?\W{0,3}"  # "His latest book is: “...”" (thirty-eighth session)
    r"|\b(?:[Dd]ubbed|[Nn]amed|[Cc]alled)\s+(?:the\s+|an?\s+)?"
    r"|\b(?:[Cc]o-)?author of\s+|\beditor of\s+"
    r"|\b[Oo]n(?:\s+[A-Z][\w.&-]*){0,3}(?:['\u2019]s?)?\s+"
    r"|\b[A-Za-z0-9][\w.&-]*(?:['\u2019]s|s['\u2019])\s+(?:\d+\s+)?"
    r"|\b(?:wrote|authored|penned|co-wrote)\s+"
    r"|(?:\A|\n)From\s+"
    r"|(?:\A|(?<=[.!?\n\"\u201d\u2019]))\s*In\s+)$"
)
#: ... or right after it: '“Fox News Primetime” host Tammy Bruce'.
_WORK_AFTER = re.compile(r"\W{0,3}\s*(?:host|co-host|anchor|correspondent|contributor|columnist)\b")
#: A law's or a bill's name: "the “Fairness in Women's Sports Act”".
_LAW = re.compile(r"\b(?:Act|Bill)\W*$")
#: A named work's name is at most this many words.
WORK_MAX_WORDS = 12
_TITLE_WORD = re.compile(r"[^\W\d_][\w'’-]*")


def title_case(words: str) -> bool:
    """Whether a few words are written as a title: every word of four letters or more, and the
    first, capitalised ("State of the Union", "Squawk Box"; not "ignorant view of Islam"), but
    for prepositions titles leave in lower case ("This Week with George Stephanopoulos")."""
    found = _TITLE_WORD.findall(words)
    return bool(found) and all(
        w[0].isupper() for i, w in enumerate(found) if i == 0 or (len(w) >= 4 and w not in _SMALL_WORDS)
    )


#: Prepositions and conjunctions of four letters or more that titles write in lower case.
_SMALL_WORDS = frozenset(
    {"with", "from", "into", "onto", "upon", "over", "than", "about", "after", "without"}
)


def named_work(text: str, start: int, end: int) -> bool:
    """Whether the quoted words ``text[start:end]`` (inside their marks) name a work or a
    programme: in Title Case, of ``WORK_MAX_WORDS`` words at most, right after what introduces
    such a name; twice as many with a subtitle ("The Greatest Comeback: How a Senator Rose From
    Defeat to ...")."""
    words = text[start:end]
    if len(words.split()) > WORK_MAX_WORDS * (2 if ": " in words else 1) or not title_case(words):
        return False
    if _LAW.search(words):
        return True
    opening = start - 1 if start > 0 and text[start - 1] in QUOTE_MARKS else start
    if _WORK_BEFORE.search(text, max(0, opening - 40), opening) is not None:
        return True
    return _WORK_AFTER.match(text, end, min(len(text), end + 20)) is not None


#: Parts of speech of a quoted word that evaluates rather than names: 'warned of “very severe”
#: consequences', 'blamed “gruesome and grisly” video games' are the speaker's own words.
_EVALUATING = frozenset({"ADJ", "ADV"})
#: How a quoted name hangs on the noun after it: 'supported “stand your ground” laws'.
_MODIFIER_DEPS = frozenset({"compound", "amod", "nmod", "npadvmod", "nummod", "dep"})


def labels_a_noun(doc: Doc, text: str, start: int, end: int) -> bool:
    """Whether the quoted words ``text[start:end]`` name a kind of the noun right after their
    closing mark: 'a “one country, two systems” policy', '“kitchen table” issues', 'a “no
    confidence” vote'. (``text`` is ``doc.text``, read once by the caller: spaCy rebuilds it on
    every access.) A label, nobody's words here (tenth QA read: a policy's name shown
    as an activist's quote, a law's kind as a group's). Not an evaluating word ('“very severe”
    consequences'), nor one word: the parser reads a verb before its object as a noun's
    modifier too ('shops that “silence” critics')."""
    words = doc.char_span(start, end, alignment_mode="expand")
    if words is None or not 1 < len(words) <= WORK_MAX_WORDS // 2 or text[end - 1 : end] in ",.!?;:":
        return False
    last = words[-1]  # the parser may read the name's first word as a verb: "stand your ground"
    head = last.head
    return (
        last.pos_ not in _EVALUATING
        and last.dep_ in _MODIFIER_DEPS
        and head.pos_ in ("NOUN", "PROPN")
        and words.end <= head.i <= words.end + 3
        and head.text[:1].islower()
    )


#: A headline line is at most this long, and has at least this many words of four letters or more.
HEADLINE_MAX_CHARS = 220
HEADLINE_MIN_LONG_WORDS = 4


def _line_around(text: str, start: int, end: int, reach: int) -> str:
    """The line (stripped) that holds ``text[start:end]``, or "" when it is longer than
    ``reach``. It looks no further than ``reach`` each way: a long article in one line costs no
    more per quote than a short one."""
    lo = text.rfind("\n", max(0, start - reach - 1), start)
    hi = text.find("\n", end, end + reach + 1)
    if (lo < 0 and start > reach) or (hi < 0 and len(text) - end > reach):
        return ""
    line = text[lo + 1 : len(text) if hi < 0 else hi].strip()
    return line if len(line) <= reach else ""


#: A subheading in marks is a line of its own at most this long.
SUBHEAD_MAX_CHARS = 80


def subheading_line(text: str, start: int) -> bool:
    """Whether the quote at ``start`` stands in a short line of its own in title case, a
    subheading ("'Intimidation' Or 'The Price Of Democracy'?"), not more of the quote before it
    (QA helper, fortieth session: it was glued to the end of the quote before it)."""
    line = _line_around(text, start, start, SUBHEAD_MAX_CHARS)
    if not line:
        return False
    return (not line.rstrip(QUOTE_MARK_CHARS).endswith(".") and title_case(line)) or _bare_quote(line)


def _bare_quote(line: str) -> bool:
    """A line that is one quote with nothing closing its sentence: '“I want to tell you about
    your son”' over a section that goes on to tell it (QA helpers, forty-fifth session: three
    such subheadings taken as more words of the speaker before). A quote running on over a
    paragraph ends its sentence with a stop or a comma, inside the marks or just after."""
    if len(line) < 3 or line[0] not in QUOTE_MARK_CHARS or line[-1] not in QUOTE_MARK_CHARS:
        return False
    inner = line.strip(QUOTE_MARK_CHARS)
    if not inner or not inner[-1].isalnum():
        return False
    # one quote: no mark inside but an apostrophe ("You’ve")
    return not any(
        c in QUOTE_MARK_CHARS and not (inner[i - 1 : i].isalpha() and inner[i + 1 : i + 2].isalpha())
        for i, c in enumerate(inner)
    )


def headline_line(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` lies in a line written as a headline: in title case or in
    capitals, not closed by a full stop ("Trump Son Admits To Meeting Russian Lawyer ...",
    "TRUMP SAYS HE KEPT DETAILS OF ISIS OPERATION FROM PELOSI", "The Latest On Iran Deal: Obama
    Says ..."). Related stories' headlines, an article's own title repeated in its body and a
    site's section heads were shown as quotes of whoever they name (thirty-fifth session: 82
    items on 1,500 news-5k articles). A line of prose that quotes a headline or a shout in
    capitals is no headline itself."""
    line = _line_around(text, start, end, HEADLINE_MAX_CHARS)
    if not line or line.rstrip("\"'”’").endswith("."):
        return False
    words = _TITLE_WORD.findall(line)
    if sum(len(w) >= 4 for w in words) < HEADLINE_MIN_LONG_WORDS:
        return False
    letters = [c for c in line if c.isalpha()]
    shouted = sum(c.isupper() for c in letters) >= 0.8 * len(letters)
    return shouted or title_case(line) or (not _PROSE_MARKS.search(line) and _nearly_title_case(words))


#: What a title does not hold: a sentence's end within the line, a post's handle ("Step aside &
#: let Mike Pence try. — Ben Sasse (@BenSasse) October 8, 2016").
_PROSE_MARKS = re.compile(r"[.!?](?:\s|$)|@")


def _nearly_title_case(words: list[str]) -> bool:
    """A long title with one word its writer left in lower case: "I Guess This Is Another One of
    those ‘The Definition of Is’ Situations" (QA helper, forty-third session: a column's section
    head shown as the author's words)."""
    long = [w for w in words if len(w) >= 4 and w not in _SMALL_WORDS]
    lower = sum(not w[0].isupper() for w in long)
    return bool(words) and words[0][0].isupper() and lower == 1 and len(long) >= 6
