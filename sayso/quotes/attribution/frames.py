"""Quotes no lexicon cue claims, introduced by layout or by a clause of any verb.

'Cruz called them on it: “...”' (a clause before a colon), 'As Tom Ridge put it, “...”', '“...,”
Oduya fumed' (a clause right after), '"..." / - Sanders.' (a signature line), '... heading - Dana
Ortiz: “...”' (a name before a colon), 'Sam Orr said in a statement. “...”' (a speech verb's
sentence that says nothing itself). ``attach.py`` tries these on the quotes its cues left over,
and asks ``announced_elsewhere`` whether a colon clause outranks the cue it picked;
``colon_before`` is shared with it (a colon opens a new utterance).
"""

from __future__ import annotations

import bisect
import functools
import re

from spacy.tokens import Doc, Token

from sayso.quotes.attribution.after import speaker_after
from sayso.quotes.attribution.others import quoted_one, recalled_speaking
from sayso.quotes.attribution.sources import (
    cue_span,
    loose_source,
    source_of,
)
from sayso.quotes.attribution.spans import VERB_POS, chars, line_breaks, trim, word_count
from sayso.quotes.coref.agents import WordClasses, noun_class
from sayso.quotes.coref.lexicon import NAME_PARTICLES
from sayso.quotes.cues import IRREGULAR_SAID, SPEECH_NOUNS, SPEECH_VERBS, load_lexicon
from sayso.quotes.furniture import page_line
from sayso.quotes.glyphs import CLOSING_MARKS, QUOTE_MARKS
from sayso.quotes.rules import Rules
from sayso.quotes.types import CharSpan, MarkedQuote, RawAttribution


@functools.lru_cache(maxsize=8)
def _signature_re(name_max_chars: int) -> re.Pattern[str]:
    """A closing mark, a line break, then "- Name." or "- Name, who or where." (compiled once
    per name length): the words after the comma describe the speaker and are not the name; so
    do "on ..." and "discussing ..." after it ("-- Indiana Gov. Mitch Daniels on “FOX News
    Sunday” discussing ...", a digest's double hyphen: fortieth session, five quotes missed)."""
    return re.compile(
        rf"[^\S\n]*[{re.escape(CLOSING_MARKS)}]?[^\S\n]*\n\s*"  # the closing mark, then a line break
        rf"(?P<dash>--|[-–—―])[^\S\n]*(?P<name>[A-Z][\w.'’\- ]{{0,{name_max_chars - 2}}}\w)"
        rf"(?:(?:,|[^\S\n]+(?:on|in|at|to|during|discussing|speaking|explaining)\b)[^\S\n]+"
        rf"[^\n]{{1,{name_max_chars * 3}}}?)?\.?[^\S\n]*(?:\n|$)"
    )


def colon_before(text: str, start: int) -> int:
    """The offset of the colon right before ``start`` (marks and space skipped), or -1; a
    page's line between it and the quote is skipped: "As Milbank writes:" / "Advertisement:" /
    "“Once a pejorative term ...”" (thirty-ninth session: the passage had no speaker), and so
    is a line of the page's furniture that the quote starts the line after."""
    i = start - 1
    while i >= 0 and (text[i].isspace() or text[i] in QUOTE_MARKS):
        i -= 1
    if i >= 0 and text[i] != ":" and "\n" in text[i + 1 : start]:
        line = text.rfind("\n", 0, i) + 1
        if line > 0 and page_line(text, line, i + 1):
            i = line - 1
            while i >= 0 and text[i].isspace():
                i -= 1
    if i < 0 or text[i] != ":":
        return -1
    line = text.rfind("\n", 0, i) + 1
    if line > 0 and _PAGE_WORD.fullmatch(text, line, i):
        above = len(text[:line].rstrip()) - 1
        if above >= 0 and text[above] == ":":
            return above
    return i


#: A line the page put between an introducing colon and its quote: "Advertisement:" (its word).
PAGE_WORD = r"[^\S\n]*[A-Z][a-z]+[^\S\n]*"
_PAGE_WORD = re.compile(PAGE_WORD)


_DASHES = "-–—―"


def named_before_colon(text: str, start: int, rules: Rules) -> CharSpan | None:
    """'… heading - Dana Ortiz: “…”': the name between a dash and the colon opening a quote.

    Digests and live blogs introduce quotes with a heading, a dash and the speaker's name; the
    verb of the heading ("polls did predict ...") is no cue of the quote, the name is its source.
    """
    colon = colon_before(text, start)
    if colon < 0:
        return None
    line_start = text.rfind("\n", 0, colon) + 1
    head = text[line_start:colon]
    cut = max(head.rfind(f" {d} ") for d in _DASHES)
    if cut < 0:
        return None
    name = trim(text, line_start + cut + 3, colon)
    if name is None:
        return None
    words = text[name[0] : name[1]]
    parts = words.split()
    ok = 0 < len(parts) <= rules.name_max_words and all(
        p[:1].isupper() or p.lower() in ("and", "of", "the", "de", "van", "von") for p in parts
    )
    return name if ok and len(words) <= rules.colon_name_max_chars else None


#: Words of a credit line, whose names wrote the article, not the quote above them (QA helper,
#: thirty-eighth session: the first of three credited reporters was a quote's speaker).
_CREDIT = re.compile(r"(?i)\b(?:contribut\w*|reporting|edited by|reported from)\b")


def dash_line_attribution(text: str, mark: MarkedQuote, rules: Rules) -> RawAttribution | None:
    """A quote paragraph signed on the next line: '"..."' then '- Sanders.' (fact-check style)."""
    m = _signature_re(rules.signature_name_max_chars).match(text, mark.spans[-1][1])
    if m is None or any(w.islower() and w not in NAME_PARTICLES for w in m.group("name").split()):
        return None  # "—Andrew Duehren contributed to this article.": a credit, not a signature
    opening = mark.spans[0][0]
    if text[text.rfind("\n", 0, opening) + 1 : opening].strip(f" \t{QUOTE_MARKS}"):
        # the quote ends a paragraph of narration: '“...,” Collins said. “...”' then a live
        # blog's byline "- Bart Jansen" (QA helper, forty-third session: three quotes went to
        # the blog's writers); a signature signs a paragraph that is all quote
        return None
    words = m.group("name").split()
    described = text[m.end("name") : m.end("name") + 1].isspace()  # "- X on ...", not "- X, ..."
    if words[0].lower() in _OPENERS or (described and len(words) < 2):
        return None  # "— And in Texas, the governor said ...", "— Then at the rally ...": narration
    if _CREDIT.search(m.group(0)):
        return None  # "—Rolfe Winkler, Shira Ovide and Ben Fritz contributed to this article."
    return RawAttribution(
        "direct",
        tuple(mark.spans),
        (m.start("dash"), m.end("dash")),
        (m.start("name"), m.end("name")),
        rules.signature_confidence,
    )


#: Words that open a sentence, not a name after a signature's dash.
_OPENERS = frozenset(
    {"and", "but", "in", "on", "at", "the", "a", "an", "so", "or", "as", "if", "when", "while", "then"}
)
#: Verbs that report speech with nothing said in their own sentence ("X said in a statement.");
#: "pointed to an announcement", "warned of cuts" say what about, not that a quote follows.
_SAYS = frozenset({
    "say", "add", "write", "tell", "state", "explain", "comment", "respond", "reply", "continue",
    "tweet", "post", "declare", "remark", "answer", "testify", "recall", "insist",
})  # fmt: skip
#: Dependents by which a speech verb says something itself ("said so", "said it", "said that
#: ..."): such a sentence is an attribution of its own, not the introduction of the next quote.
_SAID_SOMETHING = frozenset({"ccomp", "xcomp", "dobj", "parataxis", "csubj", "oprd", "attr"})


def _says_something(verb: Token, child: Token) -> bool:
    """Whether ``child`` is what ``verb`` says; the listener of "told reporters" is not."""
    return child.dep_ in _SAID_SOMETHING and not (child.dep_ == "dobj" and verb.lemma_ == "tell")


def said_before_attribution(
    doc: Doc, text: str, mark: MarkedQuote, tok_starts: list[int], rules: Rules
) -> RawAttribution | None:
    """'Dana Lau, the party's spokeswoman, said in a statement. “...”': a sentence whose speech
    verb names a speaker and says nothing itself introduces the quote right after it.

    The full stop where a colon might stand is common in wire copy and press-release quotes;
    the sentence must hold no quotation of its own ("he said so", '“...,” he said.' say what
    was said), and the quote must follow in the same or the next paragraph.
    """
    start = mark.spans[0][0]
    i = start - 1
    while i >= 0 and (text[i].isspace() or text[i] in QUOTE_MARKS):
        i -= 1
    if i < 0 or text[i] != "." or line_breaks(text[i:start]) > rules.continue_breaks:
        return None
    j = mark.spans[-1][1]
    while j > start and text[j - 1].isspace():
        j -= 1
    if text[j - 1 : j] == ",":
        return None  # '“...,” Matt House said': a quote ending in a comma is attributed after it
    tok = bisect.bisect_right(tok_starts, i) - 1
    if tok < 0:
        return None
    sent = doc[tok].sent
    verb = sent.root
    # A sentence that says something itself introduces the quote that goes on in its paragraph:
    # "Michael Peacock, 43, said that although ..., he could afford to turn down some work. “I'm
    # not superconfident in the economy. ...”" (QA helper, fifty-second session: no speaker)
    said = any(_says_something(verb, c) for c in verb.children)
    if (
        verb.pos_ not in VERB_POS
        or verb.lemma_.lower() not in _SAYS
        or any(t.text in QUOTE_MARKS for t in sent)
        or (said and ("\n" in text[i:start] or any(t.is_quote for t in sent)))  # ('' too)
    ):
        return None
    source = source_of(doc, verb, rules)
    if source is None:
        return None
    return RawAttribution(
        "direct", tuple(mark.spans), cue_span(doc, verb, rules), source, rules.colon_confidence
    )


#: Words that open a free relative clause as its subject ("what happened"); a relative pronoun
#: after a noun ("the mayor, who said:") stays the source, as PolNeAR marks it.
_RELATIVE_WORDS = frozenset({"what", "whatever"})


def colon_attribution(
    doc: Doc, text: str, mark: MarkedQuote, rules: Rules, loose: bool = True
) -> RawAttribution | None:
    """'Cruz called them on it: “...”': the clause before a colon introduces the quote after it.

    Used when no cue of the lexicon claimed the quote; the verb of that clause stands as cue.
    ``loose`` lets a verb the parser hung on "dep" take the subject of the verb above it; the
    test of whether a colon clause outranks a lexicon cue (``announced_elsewhere``) does
    without, since a clause without a subject of its own outranks nothing.
    """
    colon = colon_before(text, mark.spans[0][0])
    if colon < 0:
        return None
    span = doc.char_span(colon, colon + 1, alignment_mode="expand")
    if span is None or len(span) == 0:
        return None
    start = span[0].head if span[0].dep_ == "punct" else span[0]
    if start.idx > colon and span[0].i > 0:
        # The parser hung the colon on a word of the quote: start from the word before it.
        start = doc[span[0].i - 1]
    verb = _climb_to_verb(start, colon, rules.colon_verb_climb)
    if verb is None:
        return None
    source = source_of(doc, verb, rules) or (loose_source(doc, verb, rules) if loose else None)
    if source is not None and text[source[0] : source[1]].lower() in _RELATIVE_WORDS:
        # 'Clinton has since apologized for what happened: “...”': the clause ending at the
        # colon is a relative one; who speaks is the subject of the verb it hangs from.
        outer = _climb_to_verb(verb.head, colon, rules.colon_verb_climb) if verb.head.i != verb.i else None
        source = source_of(doc, outer, rules) if outer is not None else None
        verb = outer if outer is not None else verb
    if source is not None and text[source[0] : source[1]].lower() in _PRESENTING:
        # "Here's how The Ledger starts its story:": "here" presents; the clause's subject speaks
        inner = next((c for c in verb.children if c.dep_ == "ccomp" and c.pos_ in VERB_POS), None)
        source = source_of(doc, inner, rules) if inner is not None else None
        verb = inner if inner is not None else verb
    if source is None or source[1] > colon:
        return None
    source = _experiencer_speaks(doc, verb, source, colon) or _possessor_speaks(doc, source) or source
    return RawAttribution(
        "direct", tuple(mark.spans), cue_span(doc, verb, rules), source, rules.colon_confidence
    )


#: Subjects that present what follows and name nobody: "Here's how ...:", "There is ...:".
_PRESENTING = frozenset({"here", "there"})


def unfront(doc: Doc, source: CharSpan) -> CharSpan:
    """'Stated Stone: “...”': a speech verb put first is no part of the name the parser joined
    it to ("Stated Stone" read as a compound)."""
    span = doc.char_span(source[0], source[1], alignment_mode="expand")
    if span is None or len(span) < 2:
        return source
    first, second = span[0], span[1]
    fronted = first.is_title and _said_form(first.lower_)
    named = second.pos_ == "PROPN" or (second.is_title and not second.is_stop)  # "Wray" read as a noun
    return (second.idx, source[1]) if fronted and named else source


def announced_elsewhere(doc: Doc, text: str, mark: MarkedQuote, cue: CharSpan, rules: Rules) -> bool:
    """A quote a clause before a colon introduces, tied instead to a cue of another sentence.

    'Mr. Ruiz continued: “... It was his fault.” He added that ...': the clause before the
    colon says who speaks; a cue past the end of the quote's sentence speaks of something else.
    So does one of an earlier sentence: 'Reyes was asked about the deal. His lawyer was blunt:
    “...”' is the lawyer's answer, not Reyes's.
    """
    # 'whose ideas, in the words of the Post, “...”', 'a belief that the law, as Cruz puts it, “...”'
    as_put = as_put_attribution(doc, text, mark, rules, only_as=True)
    words_of = words_of_attribution(text, mark, rules) or as_put
    if words_of is not None:
        return cue != words_of.cue
    end = mark.spans[-1][1]
    later = cue[0] >= end and any(c in text[end - 1 : cue[0]] for c in ".!?")
    if not later and cue[1] > mark.spans[0][0]:
        return False
    introduced = colon_attribution(doc, text, mark, rules, loose=False)
    if introduced is None:
        owned = owned_words_attribution(text, mark, rules)  # "... was asked why ... His answer: “...”"
        return owned is not None and owned.source is not None and (later or cue[1] <= owned.source[0])
    if later:
        return True
    src = introduced.source
    if src is None or cue[1] > src[0]:
        return False
    if any(c in text[cue[1] : src[0]] for c in ".!?"):
        return True
    # 'When Tam suggested that ..., Rubin fired back: “...”': a cue of a clause that the colon
    # clause governs (not one governing it, as in 'he said the mayor was blunt: “...”') speaks
    # of something else, when the colon clause is a main one with a named subject ('Mr. Amar
    # said that, if viewed ..., a bargain was possible: “...”' is Amar's) and the cue no "as X
    # observed".
    own, colon_verb, subject = _token_at(doc, cue), _token_at(doc, introduced.cue), _token_at(doc, src)
    if own is None or colon_verb is None or subject is None or own.i == colon_verb.i:
        return False
    return (
        colon_verb.is_ancestor(own)
        and not (colon_verb.dep_ == "ccomp" and colon_verb.head.i < colon_verb.i)
        and (subject.pos_ == "PROPN" or subject.ent_type_ in ("PERSON", "ORG", "NORP"))
        and not any(c.dep_ == "mark" and c.lower_ == "as" for c in own.children)
    )


def _token_at(doc: Doc, span: CharSpan | None) -> Token | None:
    """The first token of a character span, if it starts on one."""
    if span is None:
        return None
    found = doc.char_span(span[0], span[1], alignment_mode="expand")
    return found[0] if found is not None and len(found) else None


def _possessor_speaks(doc: Doc, source: CharSpan) -> CharSpan | None:
    """'Her frustration became evident: “...”', 'Lee's voice rose: “...”': a clause before a
    colon about someone's feeling, voice or reply introduces that someone's words. Only when
    the noun names no speaker itself ("Lee's lawyer said: ..." is the lawyer's) nor a document
    ("the company's statement", whose author coreference finds)."""
    span = doc.char_span(source[0], source[1], alignment_mode="expand")
    if span is None or len(span) == 0:
        return None
    root = span.root
    if root.pos_ != "NOUN" or noun_class(root.lemma_, WordClasses.default()) is not None:
        return None
    if any(c.dep_ == "appos" and c.ent_type_ == "PERSON" for c in root.children):
        return None  # "Snowden's predecessor in NSA whistleblowing, Thomas Drake, summed up ...:"
    poss = next((c for c in root.children if c.dep_ == "poss" and c.pos_ in ("PRON", "PROPN")), None)
    return chars(doc, poss.left_edge.i, poss.i) if poss is not None else None


#: Verbs whose object feels what the subject causes: 'The delay did not surprise Dana Shore:'.
_EXPERIENCER_VERBS = frozenset(
    {
        "surprise", "shock", "stun", "astonish", "amaze", "strike", "worry", "concern", "trouble",
        "bother", "frustrate", "anger", "infuriate", "annoy", "irritate", "puzzle", "baffle",
        "disappoint", "upset", "alarm", "delight", "please", "impress", "encourage", "hearten",
    }
)  # fmt: skip


def _experiencer_speaks(doc: Doc, verb: Token, source: CharSpan, colon: int) -> CharSpan | None:
    """'The timing of the surge does not surprise the pollster Dana Shore: “...”': before the
    colon a thing moves a person, who then speaks; the subject (a thing, not a speaker) was
    taken as the source. Only for verbs of feeling whose object feels, and only when the
    subject names no one and the object does."""
    if verb.lemma_.lower() not in _EXPERIENCER_VERBS:
        return None
    subject = doc.char_span(source[0], source[1], alignment_mode="expand")
    if subject is None or len(subject) == 0 or _speaker_word(subject.root):
        return None
    obj = next((c for c in verb.children if c.dep_ == "dobj" and verb.i < c.i and c.idx < colon), None)
    if obj is None:
        return None
    # the object's words before the colon (the parser may hang the quote on the name)
    words = [t for t in obj.subtree if t.idx < colon and not t.is_punct]
    if not any(_speaker_word(t) for t in words):
        return None
    return chars(doc, words[0].i, words[-1].i)


def _speaker_word(tok: Token) -> bool:
    """A person's or a group's name, a personal pronoun, or a noun for a person ("the engineer");
    stricter than ``after.names_someone``, for which any noun may name the speaker."""
    if tok.ent_type_ in ("PERSON", "ORG", "NORP") or tok.pos_ == "PROPN":
        return True
    if tok.pos_ == "PRON":
        return tok.lower_ not in ("it", "this", "that", "what", "which", "something", "nothing")
    return tok.pos_ == "NOUN" and noun_class(tok.lemma_, WordClasses.default()) is not None


def _climb_to_verb(tok: Token, before: int, climb: int) -> Token | None:
    """The verb governing ``tok`` (at most ``climb`` heads up), if it stands before offset ``before``."""
    for _ in range(climb):
        if tok.pos_ in VERB_POS or tok.head.i == tok.i or tok.head.idx > before:
            break
        tok = tok.head
    return tok if tok.pos_ in VERB_POS and tok.idx < before else None


def _comma_before(text: str, start: int) -> int:
    """The offset of the comma right before ``start`` (marks and space skipped), or -1."""
    i = start - 1
    while i >= 0 and (text[i].isspace() or text[i] in QUOTE_MARKS):
        i -= 1
    return i if i >= 0 and text[i] == "," else -1


def as_put_attribution(
    doc: Doc, text: str, mark: MarkedQuote, rules: Rules, only_as: bool = False
) -> RawAttribution | None:
    """'As Tom Ridge put it, “...”': a clause of "as" with any verb, right before the quote.

    The "as" clause says whose words follow; a comma alone before a quote says nothing ("In a
    statement, “...”"), so the clause must be marked by "as", or end in its verb: 'She thanked
    the town and then boomed, “...”' (a verb of no lexicon, with nothing after it but the
    comma, introduces what follows; 'When the game ended, “...”' does not: a clause of "when",
    "after", "if" sets a scene). ``only_as``: only the "as" clause, which names the quote's
    source even inside another's clause ("a belief that the law, as Cruz puts it, “...”").
    """
    comma = _comma_before(text, mark.spans[0][0])
    if comma <= 0:
        return None
    span = doc.char_span(comma, comma + 1, alignment_mode="expand")
    if span is None or len(span) == 0 or span[0].i == 0:
        return None
    last = doc[span[0].i - 1]
    verb = _climb_to_verb(last, comma, rules.colon_verb_climb)
    if verb is None:
        return None
    marks = [c.lower_ for c in verb.children if c.dep_ == "mark"]
    ends = verb.i == last.i and verb.pos_ == "VERB" and not marks and verb.dep_ in ("ROOT", "conj")
    ends = ends and not any(verb.i < c.i and c.idx < comma and c.dep_ != "punct" for c in verb.children)
    if "as" not in marks and (not ends or only_as):
        return None
    source = source_of(doc, verb, rules) or (loose_source(doc, verb, rules) if ends else None)
    if source is None or source[1] > comma or "\n" in text[source[0] : comma]:
        return None
    return RawAttribution(
        "direct", tuple(mark.spans), cue_span(doc, verb, rules), source, rules.frame_confidence
    )


def frame_after_attribution(
    doc: Doc, text: str, mark: MarkedQuote, tok_starts: list[int], rules: Rules
) -> RawAttribution | None:
    """'“...,” Oduya fumed.': a quote ending in a comma, "?" or "!" and a clause right after it."""
    end = mark.spans[-1][1]
    j = end
    while j > mark.spans[-1][0] and text[j - 1].isspace():
        j -= 1
    if text[j - 1 : j] not in (",", "?", "!"):
        return None
    tok = bisect.bisect_left(tok_starts, end)
    word = tok
    while word < len(doc) and (doc[word].is_punct or doc[word].is_space):
        word += 1
    if word + 1 < len(doc) and doc[word].pos_ == "ADV" and doc[word].is_title and doc[word + 1].text == ",":
        return None  # '“...!” Naturally, the media love her': a new sentence (thirty-ninth session)
    if word + 1 < len(doc) and doc[word].lower_ in ("to", "at") and doc[word + 1].lower_ == "which":
        return None  # '“...,” to which Mr. Sullivan replied': he answers it (fortieth session)
    found = speaker_after(doc, tok, rules)
    if found is None and (len(mark.spans) > 1 or word_count(text, mark.spans[0]) > rules.scare_max_words):
        found = _mistagged_frame(doc, tok, rules)  # not for a title: '“Scam,” the ad titled.'
    if found is None:
        return None
    verb, source = found
    # '“...?” West recalled the president asking.', '“...,” the Inquirer quoted Senator X.'
    source = recalled_speaking(verb) or quoted_one(verb) or source
    return RawAttribution(
        "direct", tuple(mark.spans), cue_span(doc, verb, rules), source, rules.frame_confidence
    )


#: What a writing or speaker named after a closing mark is made of ("a voice-over in the ad").
_FRAME_NAME_POS = frozenset({"DET", "ADJ", "NOUN", "PROPN", "NUM", "ADP"})


def _said_form(word: str) -> bool:
    """Whether ``word`` is a form of a cue's verb, regular or not: "said", "stated", "adds"."""
    return word in IRREGULAR_SAID or _speech_form(word, load_lexicon().lemmas)


def _speech_form(word: str, lemmas: frozenset[str]) -> bool:
    """Whether ``word`` is a present or past form of a speech verb: "states", "reads", "noted".

    "read" is its own past tense; other bare forms ("statement", "report") stay nouns.
    """
    forms = {word} if word == "read" else set()
    if word.endswith("s"):
        forms.update({word[:-1], word[:-2]})
    if word.endswith("ed"):
        forms.update({word[:-1], word[:-2]})
    return any(f in lemmas for f in forms if f)


def _mistagged_frame(doc: Doc, tok: int, rules: Rules) -> tuple[Token, CharSpan] | None:
    """'“...,” a voice-over in the ad states.', '“...,” the editorial read.': the clause after
    a quote whose verb the parser took for a noun, ending the sentence.

    The words from the closing mark to that verb name the speaker or the writing; the verb is
    the last word before the sentence ends and a form of a speech verb of the lexicon.
    """
    n = len(doc)
    first = tok
    while first < n and (doc[first].is_punct or doc[first].is_space) and "\n" not in doc[first].text:
        first += 1
    lemmas = load_lexicon().lemmas
    for j in range(first, min(n, first + rules.frame_max_tokens)):
        t = doc[j]
        hyphen = t.text == "-" and not t.whitespace_ and j > first  # "a voice-over"
        if "\n" in t.text or t.text in QUOTE_MARKS or not (t.pos_ in _FRAME_NAME_POS or hyphen):
            return None
        ends = j + 1 >= n or doc[j + 1].text == "." or "\n" in t.whitespace_
        if j > first and ends and t.pos_ in ("NOUN", "ADJ") and _speech_form(t.lower_, lemmas):
            named = any(doc[k].pos_ in ("NOUN", "PROPN", "ADJ") for k in range(first, j))  # "the editorial"
            source = chars(doc, first, j - 1) if named else None
            return (t, source) if source else None
    return None


def _right_before(pattern: re.Pattern[str], text: str, mark: MarkedQuote, reach: int) -> re.Match[str] | None:
    """``pattern`` matched on the words right before the quote's opening mark, in its line."""
    start = mark.spans[0][0]
    while start > 0 and text[start - 1] in QUOTE_MARKS:
        start -= 1
    m = pattern.search(text, max(text.rfind("\n", 0, start) + 1, start - reach), start)
    return m if m is not None and m.end() == start else None


#: A cue put first on its line or after a sentence, then the speaker and the comma or colon that
#: opens the quote: "Added Quell, “...”", "Said Ida Moss, a resident: “...”". Groups: verb, name.
_FRONTED = re.compile(
    r"(?:^|(?<=[.!?\u201d\"]\s)|(?<=[.!?]\u201d\s))[^\S\n]*(?P<verb>[A-Z][a-z]+)[^\S\n]+"
    r"(?P<name>[A-Z][\w.'’\-]*(?:[^\S\n]+[A-Z][\w.'’\-]*){0,3})(?:,[^,:\n\u201c\"]{1,80})?[^\S\n]*[,:][^\S\n]*$",
    re.MULTILINE,
)


def fronted_attribution(text: str, mark: MarkedQuote, rules: Rules) -> RawAttribution | None:
    """'Added Quell, “...”': a speech verb put first introduces the quote, and the name after it
    speaks. The model often reads the verb as the name's first word ("Added" a proper noun), so
    no cue claimed the quote, which then went on with the speaker of the quote before it."""
    m = _right_before(_FRONTED, text, mark, 140)
    if m is None:
        return None
    if not _said_form(m.group("verb").lower()):
        return None
    return RawAttribution(
        "direct",
        tuple(mark.spans),
        (m.start("verb"), m.end("verb")),
        (m.start("name"), m.end("name")),
        rules.colon_confidence,
    )


#: "His answer: “...”", "Brill's reply: “...”": an owner, a noun of speech, a colon opening the
#: quote, at the start of a line or sentence. Groups: owner, noun.
_OWNED_WORDS = re.compile(
    r"(?:^|(?<=[.!?\u201d\"]\s))[^\S\n]*(?P<owner>His|Her|Their|Its|[A-Z][\w.'’\-]*(?:[^\S\n]+[A-Z][\w.'’\-]*){0,2}['’]s)"
    r"[^\S\n]+(?P<noun>[a-z]+)[^\S\n]*:[^\S\n]*$",
    re.MULTILINE,
)


#: "... in the words of The Harbor Post, “...”": whose words follow, right before the mark.
_WORDS_OF = re.compile(r"\b[Ii]n the words of[^\S\n]+(?P<name>[^,\n\u201c\"]{2,80}?)[^\S\n]*,[^\S\n]*$")


def words_of_attribution(text: str, mark: MarkedQuote, rules: Rules) -> RawAttribution | None:
    """'a candidate whose ideas, in the words of The Harbor Post, “could make him ...”': the
    phrase names the quote's source, whatever cue the clause around it has (seventh QA read: the
    Post's words went to "whose", and its next quote, "It adds:", to nobody)."""
    m = _right_before(_WORDS_OF, text, mark, 120)
    if m is None:
        return None
    cue = (m.start(), m.start("name") - 1)
    return RawAttribution(
        "direct", tuple(mark.spans), cue, (m.start("name"), m.end("name")), rules.colon_confidence
    )


#: "“...,” was his reply.", "“...,” came Brill's answer": the same owned noun after the quote.
_OWNED_AFTER = re.compile(
    r"[,.!?]?[\"\u201d\u2019']*[^\S\n]*(?:was|came)[^\S\n]+(?P<owner>his|her|their|its|"
    r"[A-Z][\w.'’\-]*(?:[^\S\n]+[A-Z][\w.'’\-]*){0,2}['’]s)[^\S\n]+(?P<noun>[a-z]+)\b"
)


def owned_words_attribution(text: str, mark: MarkedQuote, rules: Rules) -> RawAttribution | None:
    """'His answer: “...”': the owner of a noun of speech before a colon speaks (QA read six: the
    commissioner's answer went to "the conditions migrants" of the question before it). So does
    the owner of one after the quote: '“...,” was his reply.' (QA read seven: the quote went on
    with the speaker of the paragraph before)."""
    m = _right_before(_OWNED_WORDS, text, mark, 80) or _OWNED_AFTER.match(text, mark.spans[-1][1])
    if m is None:
        return None
    noun = m.group("noun").removesuffix("s")
    if noun not in SPEECH_NOUNS and noun not in SPEECH_VERBS:
        return None
    owner = (m.start("owner"), m.end("owner"))
    return RawAttribution(
        "direct", tuple(mark.spans), (m.start("noun"), m.end("noun")), owner, rules.colon_confidence
    )
