"""Which cue a direct quote belongs to: the evidence ``attach.py`` weighs for each quote.

A quote goes to the cue whose parsed content holds it, to a speech verb right next to it
("...," he said), to the cue announcing it ("He said:"), in that order of strength; then a few
constructions overrule the parse: a participle snug before the quote, a speaker named right
after the closing mark, the cue nearest the colon that opens the quote. A cue is passed over
when it speaks of what follows it rather than of the quote before (its own clause, a report of
someone else's wish).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from spacy.tokens import Doc, Token

from sayso.quotes.attribution.candidates import Candidate
from sayso.quotes.attribution.frames import colon_before
from sayso.quotes.attribution.spans import after_a_word, overlaps, word_count
from sayso.quotes.glyphs import CLOSING_MARKS, QUOTE_MARK_CHARS, QUOTE_MARKS
from sayso.quotes.rules import Rules
from sayso.quotes.types import CharSpan, MarkedQuote

#: Words that tie a verb after a quote to the narration, not to the quote ("...,” before adding").
_LINKED_RE = re.compile(
    r"[\W_]*(?:before|after|while|when|as|since|by|then|and|but|until|with|(?:to|at) which)\b", re.I
)


def pick_cue(
    text: str,
    mark: MarkedQuote,
    lo: int,
    hi: int,
    by_sentence: dict[int, list[int]],
    cands: list[Candidate],
    rules: Rules,
    next_start: int,
) -> tuple[int | None, bool]:
    """The candidate that governs ``mark`` (sentences ``lo..hi``), and whether its content covers it.

    Each kind of evidence has a base score, then the cue's own confidence decides between
    candidates of one kind. Strongest first: a cue whose parsed content overlaps the quote in the
    quote's sentence; a speech verb right next to the quote ("...," he said); such a cue in the
    neighbouring sentence (the sentence splitter often cuts after a closing mark); a cue
    announcing the quote before it ("He said:"). ``next_start`` is where the next quote starts
    (or the end of the text): a cue after a finished sentence that goes on to introduce words
    of its own is not this quote's.
    """
    first = mark.spans[0]
    if _nickname(text, mark):
        return None, False
    colon = colon_before(text, first[0])
    best: int | None = None
    best_score = 0.0
    covers = False
    for sj in range(lo - 1, hi + 2):
        near = lo <= sj <= hi
        for ci in by_sentence.get(sj, ()):
            cand = cands[ci]
            if overlaps(cand.cue, first) or _closed_before(text, cand, first):
                continue
            score = 0.0
            overlap = any(overlaps(c, first) for c in cand.content)
            if overlap and _scene_of_later(text, cand, mark, by_sentence.get(sj, ()), cands, rules.bare_min):
                continue  # 'When X asked Y to ..., “...”, says Z': Z's words, not X's request
            if overlap and cand.confidence >= rules.min_confidence:
                # Of two clauses holding the quote, the cue nearer to it governs it: "She said
                # ..., and when pressed, the mother of three replied, “...”".
                away = cand.cue[0] - first[1] if cand.cue[0] >= first[1] else first[0] - cand.cue[1]
                base = rules.score_clause_near if near else rules.score_clause_far
                score = base + cand.confidence - min(rules.near_max_penalty, max(0, away) / rules.near_chars)
            elif cand.confidence >= rules.bare_min and sj >= lo and _bare_for(cand, first):
                if cand.cue[0] >= first[1]:
                    if _scare_in_narration(text, mark, rules.scare_max_words):
                        continue  # 'nobody can “forget” the way the storm revealed ...'
                    if _LINKED_RE.match(text, first[1], cand.cue[0]):
                        continue  # '“...,” before repeating her request': narration, not a cue
                    if _ends_sentence(text, first) and _DETERMINED.fullmatch(text, first[1], cand.cue[0]):
                        continue  # '“... share it.” The idea of everyone getting ...': a noun after
                    if _ends_sentence(text, first) and (
                        _introduces_next(text, cand, next_start, rules.sentence_reach)
                        or _has_own_content(cand, by_sentence.get(sj, ()), cands)
                    ):
                        continue  # '“... there.” He added, “...”': the cue of the next quote
                    if _reported_within(cand, by_sentence.get(sj, ()), cands):
                        continue  # '“...” Lee added that the board wants to ...': Lee's report
                    if _modifies_nearer(cand, first[1], by_sentence.get(sj, ()), cands, rules.bare_min):
                        continue  # '“Quiet,” he demanded, as Bush continued': the nearer cue's
                    dist = cand.cue[0] - first[1]
                    gap = (first[1], cand.cue[0])
                elif colon >= 0 and cand.cue[1] <= colon:
                    # "X replied before she repeated: “...”": the cue nearest the colon wins.
                    dist = colon - cand.cue[1]
                    gap = (cand.cue[1], colon)
                elif cand.cue[1] <= first[0]:
                    dist = 0 if cand.announces else first[0] - cand.cue[1]
                    gap = (first[0], first[0]) if cand.announces else (cand.cue[1], first[0])
                else:
                    continue
                if "\n" in text[gap[0] : gap[1]]:
                    continue  # a cue in another paragraph, not announcing this quote
                if dist < rules.bare_reach:
                    score = rules.score_bare + cand.confidence - dist / rules.bare_reach
            elif (
                (cand.announces or (colon >= 0 and "\n" not in text[cand.cue[1] : colon]))
                and cand.cue[1] <= first[0]
                and cand.confidence >= rules.bare_min
                and cand.pattern in ("bare", "ccomp")
                and sj in (lo - 1, lo)
            ):
                score = rules.score_announce + cand.confidence
            if score > best_score:
                best, best_score, covers = ci, score, overlap
    if best is not None and covers:
        best = _owned_claim(text, best, first, range(lo, hi + 1), by_sentence, cands, rules.min_confidence)
    if best is not None and covers and cands[best].cue[1] <= first[0] and _stands_apart(text, first[0]):
        after = _cue_right_after(text, mark.spans[-1], hi, by_sentence, cands, rules.bare_min)
        if after is not None:
            return after, False
    if best is not None and covers and cands[best].cue[0] >= mark.spans[-1][1]:
        # '“...,” one officer can be heard saying on audio ..., the Star reported': the one
        # speaking right after the closing mark said it; the paper reports that he did (QA
        # helper, fortieth session: shown as the Star's)
        # ('“...,” he implored a crowd, according to The Ledger': any cue right after it)
        accord = cands[best].pattern == "accord"
        floor = rules.accord_cue_min if accord else rules.bare_min
        after = _cue_right_after(text, mark.spans[-1], hi, by_sentence, cands, floor, bare=not accord)
        src = cands[best].source
        if (
            after is not None
            and cands[after].cue[1] <= cands[best].cue[0]
            and not (src is not None and src[0] <= cands[after].cue[0] < src[1])  # "X's statement said"
        ):
            return after, False
    if best is not None and colon >= 0:
        nearer = _cue_nearest_colon(text, colon, cands[best].cue, lo, by_sentence, cands, rules.bare_min)
        if nearer is not None:
            return nearer, False
    return best, covers


def _owned_claim(
    text: str,
    best: int,
    first: CharSpan,
    sents: range,
    by_sentence: dict[int, list[int]],
    cands: list[Candidate],
    floor: float,
) -> int:
    """The noun cue with an owner inside the content of the clause that holds the quote: in
    'rejected Mr. Brill's claim that the report is a “step in the right direction”' the marks
    quote Brill, whose claim the spokeswoman rejected (QA read six: Obama's words went to the
    Romney spokeswoman)."""
    outer = cands[best]
    for sj in sents:
        for ci in by_sentence.get(sj, ()):
            cand = cands[ci]
            if (
                cand.pattern == "noun"
                and cand.source is not None
                and cand.confidence >= floor
                and any(a <= cand.cue[0] and cand.cue[1] <= b for a, b in outer.content)
                and any(overlaps(c, first) for c in cand.content)
                and (_owner(text, cand.source) or not any(overlaps(cand.source, c) for c in outer.content))
            ):
                return ci
    return best


def _owner(text: str, source: CharSpan) -> bool:
    """Whether a noun cue's source is its owner: "Brill's claim", "his assertion" ("some could
    reach the point that ..." has a subject, not an owner)."""
    words = text[source[0] : source[1]]
    return words.endswith(("'s", "’s", "s'", "s’")) or words.lower() in ("his", "her", "their", "its")


def _closed_before(text: str, cand: Candidate, first: CharSpan) -> bool:
    """Whether a subordinate clause opening the sentence ended before a quote that is a phrase of
    the main clause: 'After X announced Y, “Dereliction of Duty” became a best-seller'. A quote
    that ends in punctuation is a clause of its own, the cue's words: 'While you might argue,
    “That's from 2017,” I ...'."""
    if cand.closes_at is None or cand.closes_at >= first[0]:
        return False
    return not text[first[0] : first[1]].rstrip().endswith((",", ".", "!", "?", ";", ":"))


def own_subject(verb: Token) -> bool:
    """Whether a verb has a subject of its own, rather than one a participle would inherit."""
    return any(c.dep_ in ("nsubj", "nsubjpass") for c in verb.children)


#: How a participle or second verb that goes on from the first hangs on it ("before asking").
_GOING_ON = frozenset({"advcl", "conj", "xcomp", "pcomp"})
#: A determiner opening the sentence right after a quote, and the cue after it: a noun ("The
#: idea of ..."), no verb of saying, that opens the writer's next sentence (QA helper, thirty-ninth
#: session: Marian Tupy's second sentence went to "the idea").
_DETERMINED = re.compile(r"[\s\"”’']*(?:The|An?|This|That|His|Her|Their|Its)\s+")
#: Between a cue and the quote it introduces: at most one word (the listener) and a comma.
_SNUG_RE = re.compile(r"[ \t]*(?:\w+[ \t]*)?[,:][ \t]*")


def snug_cue(
    doc: Doc,
    text: str,
    first: CharSpan,
    clause: Candidate,
    lo: int,
    by_sentence: dict[int, list[int]],
    cands: list[Candidate],
    bare_min: float,
) -> int | None:
    """A speech cue right before the quote, after the cue whose clause the parser gave it.

    In '“...,” Blige sings to Clinton before asking her, “...”' the parser makes both quotes
    complements of "sings"; the cue just before the second one ("asking her,") introduces it,
    and PolNeAR's annotators mark it as an attribution of its own. A participle with no subject
    of its own must have the clause's speaker: the parser often hangs it on another verb.
    """
    for ci in _speaking_cues(lo, by_sentence, cands, bare_min):
        cand = cands[ci]
        if (
            not cand.quoted
            and clause.cue[1] < cand.cue[0]
            and cand.cue[1] <= first[0]
            and (
                _SNUG_RE.fullmatch(text, cand.cue[1], first[0] - 1) or _own_words_before(doc, cand, first[0])
            )
            and (doc[cand.cue_token].dep_ in _GOING_ON or _gerund_object(doc[cand.cue_token]))
            and (cand.source == clause.source or own_subject(doc[cand.cue_token]))
        ):
            return ci
        if (
            not cand.quoted
            and cand.cue[1] <= first[0] < first[1] <= clause.cue[0]
            and _SNUG_RE.fullmatch(text, cand.cue[1], first[0] - 1)
            and _subordinate_speaker(doc[cand.cue_token])
        ):
            # 'When Hadley tweeted back, “...,” she replied ...': the parser made the quote the
            # complement of the verb after it; the clause right before it, with a speaker of
            # its own, introduces it (tenth QA read: Trump's tweet shown as Haley's).
            return ci
    return None


def _gerund_object(verb: Token) -> bool:
    """ "footage of Trump saying ...": a participle the parser made the object of "of"."""
    return verb.dep_ == "pobj" and verb.tag_ == "VBG"


def _own_words_before(doc: Doc, cand: Candidate, start: int) -> bool:
    """Whether only the cue's own phrase and a comma stand between it and the quote: "footage of
    Trump saying during the debate last week, “That makes me smart”" is Trump's (PolNeAR dev:
    it was the ad's, whose "concludes" the parser gave the quote)."""
    verb = doc[cand.cue_token]
    if verb.tag_ != "VBG" or any(c.dep_ == "mark" for c in verb.children):
        return False  # a participle's phrase, not a clause's: "while he fears ..., “...”" is no cue
    own = {t.i for t in verb.subtree}
    between = [t for t in doc[verb.i + 1 : verb.i + 2 + _OWN_WORDS_MAX] if t.idx < start]
    while between and (between[-1].is_quote or between[-1].is_space):
        between.pop()
    if not between or between[-1].text not in (",", ":") or len(between) > _OWN_WORDS_MAX:
        return False
    return all(t.i in own or t.is_space for t in between[:-1])


#: The most tokens a cue's own phrase between it and its quote may have ("during the debate
#: last week,").
_OWN_WORDS_MAX = 10


def _subordinate_speaker(verb: Token) -> bool:
    """A verb of a subordinate clause ("When X tweeted back", "After she wrote") with its own subject."""
    return (
        verb.dep_ == "advcl"
        and own_subject(verb)
        and any(c.dep_ in ("mark", "advmod") and c.tag_ in ("IN", "WRB") for c in verb.lefts)
    )


def _speaking_cues(
    lo: int, by_sentence: dict[int, list[int]], cands: list[Candidate], floor: float, bare: bool = True
) -> Iterator[int]:
    """Bare speech cues with a source, likely enough to stand, in sentence ``lo`` and the one
    before; with ``bare`` false, any cue with a source ("he implored", a clause cue)."""
    for sj in (lo - 1, lo):
        for ci in by_sentence.get(sj, ()):
            cand = cands[ci]
            if (cand.pattern == "bare" or not bare) and cand.source is not None and cand.confidence >= floor:
                yield ci


def _cue_nearest_colon(
    text: str,
    colon: int,
    cue: CharSpan,
    lo: int,
    by_sentence: dict[int, list[int]],
    cands: list[Candidate],
    bare_min: float,
) -> int | None:
    """A speech cue between the chosen cue and the colon opening the quote, if there is one.

    In '"...," X replied before she repeated: "..."' the parser hangs both quotes under
    "replied"; the cue right before the colon is the one that introduces this quote.
    """
    if cue[1] > colon:
        return None
    found: int | None = None
    for ci in _speaking_cues(lo, by_sentence, cands, bare_min):
        cand = cands[ci]
        if (
            cue[1] <= cand.cue[0]
            and cand.cue[1] <= colon
            and "\n" not in text[cand.cue[1] : colon]
            and (found is None or cand.cue[0] > cands[found].cue[0])
        ):
            found = ci
    return found


_SENTENCE_END = ".!?"


#: A quote that a cue after it claims ends in a comma, "?" or "!" inside its marks ('“...?” asked').
_HANDED_ON_RE = re.compile(rf"[,?!][{CLOSING_MARKS}]+[ \t]*$")


def _stands_apart(text: str, start: int) -> bool:
    """Whether a quote opens after a dash, a colon, a sentence's end or a paragraph break,
    rather than inside a clause ('he said he "loves China," and ...' is a mixed quote)."""
    before = text[max(0, start - 40) : start].rstrip(QUOTE_MARK_CHARS + " \t")
    return not before or before[-1] in "—–-:.!?\n"


def _cue_right_after(
    text: str,
    last: CharSpan,
    hi: int,
    by_sentence: dict[int, list[int]],
    cands: list[Candidate],
    bare_min: float,
    bare: bool = True,
) -> int | None:
    """A speech cue with its speaker right after the closing mark: '— “...?” asked Dunmore'.

    The parser often hangs such a quote on the narration verb before it ('the senator denies
    it — “...?” asked Dunmore'), but a quote that ends in a comma or a question and is followed at
    once by "said X" or "X said" is X's: news writes its attribution there.
    """
    if not _HANDED_ON_RE.search(text, last[0], min(len(text), last[1] + 1)):
        return None
    for ci in _speaking_cues(hi + 1, by_sentence, cands, bare_min, bare):  # sentences hi and hi + 1
        cand = cands[ci]
        src = cand.source
        if src is None or cand.quoted or cand.cue[0] < last[1]:
            continue
        start = min(cand.cue[0], src[0])
        if text[src[0] : src[1]].lower() in _RELATIVES:
            continue  # '“critical,” which means they believe ...': the quote's own clause
        if start >= last[1] and not text[last[1] : start].strip(CLOSING_MARKS + " \t"):
            return ci
    return None


_RELATIVES = frozenset({"which", "that", "who", "whom"})


def _ends_sentence(text: str, quote: CharSpan) -> bool:
    """Whether a quote's words end a sentence: '“... there.” He added' rather than '“...,” he said'.

    A "?" or "!" ends one only when a capital follows the closing mark: '“Why?” she asked' is
    still one sentence, '“Why now?” Mills then writes back, “...”' is two.
    """
    end = quote[1]
    while end > quote[0] and (text[end - 1].isspace() or text[end - 1] in QUOTE_MARKS):
        end -= 1
    last = text[end - 1 : end]
    if last == ".":
        return True
    if last not in _SENTENCE_END:
        return False
    after = text[quote[1] : quote[1] + 40].lstrip(CLOSING_MARKS + " \t")
    return after[:1].isupper()


def _introduces_next(text: str, cand: Candidate, next_start: int, reach: int) -> bool:
    """Whether a cue after a finished quote introduces other words: its own clause, a colon,
    or the next quote, in its own sentence ('He said that ...', 'He added: “...”').

    News writes the cue of a quote that ends a sentence before it ('He added, “...”'), and a
    cue sentence after a finished quote speaks of what follows, not of what came before; the
    quote before goes on with the previous speaker's words. A bare cue ending its sentence
    ('“... there.” Lin said.') still claims the quote.
    """
    if cand.pattern == "ccomp" or cand.announces:
        return True
    if next_start >= len(text) or next_start - cand.cue[1] > reach:
        return False  # the next quote is too far to stand in the cue's sentence (and: linear cost)
    gap = text[cand.cue[1] : next_start]
    return "\n" not in gap and not any(c in gap for c in _SENTENCE_END)


def interrupts(text: str, cand: Candidate, quote: CharSpan, split_gap: int) -> bool:
    """Whether the cue clause only interrupts a quote that resumes right after it.

    '“...,” he told the host, “...”' is one split quote; '“...,” she said of the election, in
    which ..., “...”' goes on to say more before the next quote, which stands on its own. The
    gap is counted after the speaker when the speaker follows the cue ('“...,” said Tom Lee,
    an economist at the college, “...”').
    """
    end = cand.cue[1]
    if cand.source is not None and end <= cand.source[0] and cand.source[1] <= quote[0]:
        end = cand.source[1]
    gap = text[end : quote[0]]
    return cand.cue[1] <= quote[0] and len(gap) <= split_gap and not any(c in gap for c in ".!?\n")


def _has_own_content(cand: Candidate, sentence: Iterable[int], cands: list[Candidate]) -> bool:
    """Whether the cue word of a bare candidate also governs a clause after it.

    '“... I love breakfast!” Jim Bell broke down what was wrong with the post.' speaks of what
    follows; the finished quote before it goes on with its own speaker.
    """
    return any(
        other.cue_token == cand.cue_token
        and other.pattern != "bare"
        and any(a >= cand.cue[1] for a, _ in other.content)
        for other in (cands[ci] for ci in sentence)
    )


def _reported_within(cand: Candidate, sentence: Iterable[int], cands: list[Candidate]) -> bool:
    """Whether ``cand``'s cue stands inside what another cue of its sentence reports.

    In '“...” Reyes added that the council wants to settle it.' the wanting is Reyes's report
    of the council, not an introduction of the quote before it: the quote goes on with its own
    speaker, and the reporting cue is the one a bare cue would have to be.
    """
    return any(
        other.cue_token != cand.cue_token
        and other.source is not None
        and other.cue[1] <= cand.cue[0]
        and any(a <= cand.cue[0] and cand.cue[1] <= b for a, b in other.content)
        for other in (cands[ci] for ci in sentence)
    )


def _bare_for(cand: Candidate, quote: CharSpan) -> bool:
    """Whether ``cand`` may stand as the cue of a quote it does not contain.

    A bare cue, or the cue between the two halves of a split quote: in '“...,” he told the
    host, “...”' the parser hangs only the second half under "told".
    """
    if cand.pattern == "bare":
        return True
    return (
        cand.pattern == "ccomp"
        and cand.source is not None
        and cand.cue[0] >= quote[1]
        and all(a >= cand.cue[1] for a, _ in cand.content)
    )


_NEXT_WORD_RE = re.compile(r"[\s\W]*(\w)")


def _scare_in_narration(text: str, mark: MarkedQuote, max_words: int) -> bool:
    """Whether a short quote opens right after a word, inside narration: a scare quote that no
    cue after it says ('nobody can “forget” the way the storm revealed ...'; on PolNeAR train,
    taking such quotes from the cue after them cost 19 exact contents). A nickname inside a name
    ('the coach, Robert “Bobby” Vance, said') is part of the speaker's name, not a quote apart."""
    first = mark.spans[0]
    if len(mark.spans) != 1 or word_count(text, first) > max_words or not after_a_word(text, first[0]):
        return False
    before = text[max(0, first[0] - 40) : first[0]].rstrip(QUOTE_MARK_CHARS + " \t").split()
    after = _NEXT_WORD_RE.match(text, mark.spans[-1][1])
    named = bool(before) and before[-1][:1].isupper() and after is not None and after.group(1).isupper()
    return not named


def _nickname(text: str, mark: MarkedQuote) -> bool:
    """Whether ``mark`` is one capitalised word quoted inside a name: 'Former FBI employee Said
    “Sam” Haddad' (eighth QA read: "Sam" was shown as the words of the employee, whose first
    name was read as a cue put first). The word before the name's first is lower case, or
    punctuation or a line's start comes first, so a headline in title case ('Ruiz Says “Enough”
    Is Enough') is not taken for a name."""
    first = mark.spans[0]
    words = text[first[0] : first[1]].strip(QUOTE_MARK_CHARS + " ").split()
    if len(mark.spans) != 1 or len(words) != 1 or not words[0][:1].isupper() or not words[0][1:].islower():
        return False
    after = _NEXT_WORD_RE.match(text, first[1])
    if not after_a_word(text, first[0]) or after is None or not after.group(1).isupper():
        return False
    line = text[max(0, first[0] - 60) : first[0]].rstrip(QUOTE_MARK_CHARS + " \t").split("\n")[-1]
    before = line.split()
    if not before or not before[-1][:1].isupper() or "\n" in text[first[1] : after.start(1)]:
        return False
    return len(before) == 1 or before[-2][-1] in ",;:(" or before[-2][:1].islower()


def _scene_of_later(
    text: str,
    cand: Candidate,
    mark: MarkedQuote,
    sentence: Iterable[int],
    cands: list[Candidate],
    bare_min: float,
) -> bool:
    """Whether ``cand``'s cue, before the quote, stands in an adverbial clause of a cue after it.

    In 'When Mayor Reed asked Ruiz to lead the panel, “everybody was worried ...,” says Paul
    Stone' the parser hung the quote on "asked"; the clause says when, and Stone speaks (eighth
    QA read: the quote was shown as the mayor's). Only a quote that opens after the comma ending
    the clause: 'When agencies ask children to commit to a “soda-free summer,” Schock calls ...'
    keeps its words in the clause.
    """
    first, quote_end = mark.spans[0][0], mark.spans[-1][1]
    opened = text[max(0, first - 9) : first].rstrip(QUOTE_MARK_CHARS + " \t")
    if cand.head_cue < 0 or not opened.endswith(","):
        return False
    return any(
        other.cue_token == cand.head_cue
        and other.confidence >= bare_min
        and not other.content  # ('While critics argue, “...,” Lee says it will pay': Lee's own)
        and other.cue[0] >= quote_end > cand.cue[1]
        for other in (cands[ci] for ci in sentence)
    )


def _modifies_nearer(
    cand: Candidate, quote_end: int, sentence: Iterable[int], cands: list[Candidate], bare_min: float
) -> bool:
    """Whether ``cand``'s cue heads an adverbial clause of a nearer cue after the quote.

    In '“Quiet,” he demanded, as Bush continued to interject.' the "as" clause says when the
    demand was made; the quote is the demand, whoever the clause names.
    """
    return cand.head_cue >= 0 and any(
        other.cue_token == cand.head_cue
        and other.confidence >= bare_min
        and quote_end <= other.cue[0] < cand.cue[0]
        for other in (cands[ci] for ci in sentence)
    )
