"""Who speaks right after: the name after an inverted cue, the attribution after a closing mark.

News writes '“...,” said Jo Ruiz', '“...,” Oduya fumed', '..., slammed a third': the speaker
follows the cue or the quote. Kept apart from ``sources.py``, which reads speakers off the
parse of a cue, because these read them off what follows, by position.
"""

from __future__ import annotations

from spacy.tokens import Doc, Token

from sayso.quotes.attribution.spans import SUBJECT_DEPS, WHEN, chars, clip_to_paragraph
from sayso.quotes.glyphs import QUOTE_MARKS
from sayso.quotes.rules import Rules
from sayso.quotes.types import CharSpan

#: What a speaker's name or description after an inverted cue is made of ("said the 46-year-old").
_NAME_POS = frozenset({"DET", "PROPN", "NOUN", "ADJ", "NUM"})
#: Tags the tagger gives a surname it does not know by its ending ("Skelly", "Connolly": ADV).
_MISTAGGED_NAME = frozenset({"ADV", "VERB", "INTJ", "X"})


#: Phrasal cues whose particle stands between the inverted cue and the speaker ('“...,” chimed
#: in Jo Ruiz', 'piped up a neighbour'); only these: 'said in Washington' names no one.
_PHRASAL_CUES = frozenset(
    {
        ("chime", "in"), ("pipe", "up"), ("shoot", "back"), ("fire", "back"), ("hit", "back"),
        ("weigh", "in"), ("cut", "in"), ("jump", "in"), ("speak", "up"), ("write", "back"),
    }
)  # fmt: skip


def name_after(doc: Doc, verb: Token) -> CharSpan | None:
    """The run of name words right after an inverted cue, up to the first comma or clause."""
    first = verb.i + 1
    if first < len(doc) - 1 and (verb.lemma_, doc[first].lower_) in _PHRASAL_CUES:
        first += 1
    last = first
    while last < len(doc) and "\n" not in doc[last].whitespace_:
        tok = doc[last]
        # a hyphen inside a word ("the 46-year-old") joins, a dash between words does not; a
        # capitalised word is a name whatever its tag ('said Skelly' tagged as an adverb)
        if not (
            tok.pos_ in _NAME_POS
            or (tok.text == "-" and not tok.whitespace_ and last > first)
            or (tok.is_title and tok.pos_ in _MISTAGGED_NAME)
            or _role_read_as_verb(doc, last, first)
        ):
            break
        last += 1
    last -= 1
    if last < first or not any(
        doc[i].pos_ in ("PROPN", "NOUN") or doc[i].is_title for i in range(first, last + 1)
    ):
        return None
    if doc[last].text == "-":
        return None  # 'said matter-of-factly': a compound adverb the run stopped inside of
    if doc[first].ent_type_ in WHEN:
        return None  # '..., said Monday'
    return chars(doc, first, last)


def _role_read_as_verb(doc: Doc, i: int, first: int) -> bool:
    """'said engineer Tomas Reyes': a role noun right after the cue that the tagger read as a
    verb ("engineer", "man", "staff" are verbs too), since a name follows it at once."""
    return (
        i == first
        and doc[i].tag_ in ("VB", "VBP")
        and doc[i].is_lower
        and i + 1 < len(doc)
        and doc[i + 1].pos_ == "PROPN"
        and doc[i + 1].is_title
    )


def speaker_after(doc: Doc, tok: int, rules: Rules) -> tuple[Token, CharSpan] | None:
    """The cue and speaker of a clause right after a closing mark: '“...,” Oduya fumed.'

    ``tok`` is the first token after the quote's last word. News writes the attribution of a
    quote that ends with a comma, "?" or "!" right after it, whatever the verb ("fumed",
    "pressed", "opined", "the editorial read"), so the first verb there is the cue when its
    subject stands between the mark and it, or right after it ('..., exhorted Jo Ruiz').
    Narration tied on by a conjunction ('..., before adding') is no attribution.
    """
    n = len(doc)
    i = tok
    while i < n and (doc[i].is_punct or doc[i].is_space) and "\n" not in doc[i].text:
        i += 1
    first = i
    limit = min(n, first + rules.frame_max_tokens)
    if first >= n or doc[first].lower_ in _LINKING:
        return None
    for j in range(first, limit):
        t = doc[j]
        if "\n" in t.text or (j > first and (t.is_sent_start or t.text in ".;")) or t.text in QUOTE_MARKS:
            return None
        if t.pos_ == "VERB":
            if j == first and t.tag_ == "VBG":
                return None  # '“...,” referencing the crowd': a participle's object is no speaker
            if j == first:
                for c in t.children:
                    if c.i > j and c.dep_ in ("nsubj", "dobj", "attr", "npadvmod") and names_someone(c):
                        span = clip_to_paragraph(doc, c)
                        return (t, span) if span else None
                span = name_after(doc, t)
                return (t, span) if span else None
            subject = next((c for c in t.children if c.dep_ in SUBJECT_DEPS and c.i < j), None)
            if subject is None or subject.left_edge.i < first or not names_someone(subject):
                return None
            span = chars(doc, subject.left_edge.i, min(subject.right_edge.i, j - 1))
            return (t, span) if span else None
        if "\n" in t.whitespace_:
            return None
    return None


#: Words that tie what follows a quote to the narration, not to the quote.
_LINKING = frozenset(
    {"before", "after", "while", "when", "as", "since", "by", "then", "and", "but", "until", "with"}
)


def names_someone(tok: Token) -> bool:
    """A noun, a name or a pronoun; or an elliptical 'a third', 'another' ('..., slammed a third');
    or one of some ('“...?” read one of the signs': QA helper, forty-sixth session, no speaker)."""
    if tok.ent_type_ in WHEN:
        return False  # "..., Jo Ruiz said Monday": the day is not the speaker
    if tok.pos_ in ("PROPN", "NOUN", "PRON"):
        return True
    if tok.lower_ == "one" and any(c.dep_ == "prep" and c.lower_ == "of" for c in tok.children):
        return True
    return tok.pos_ in ("ADJ", "NUM", "DET") and (
        tok.lower_ == "another" or any(c.dep_ == "det" for c in tok.children)
    )
