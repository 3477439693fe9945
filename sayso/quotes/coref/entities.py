"""The data coreference works with: entities (clusters), their mentions and roles, resolutions.

Plain dataclasses with no knowledge of the ``Doc``: the passes in ``build.py`` and the resolver
in ``resolve.py`` fill them, and stage 3 (``speakers.py``) freezes them into ``Speaker``s.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field

from sayso.model import SpeakerKind
from sayso.quotes.coref.lexicon import NAME_SUFFIXES, Gender


@dataclass(slots=True)
class Mention:
    """Where an entity is named or referred to: char span, root token, sentence, and ``rank``.

    ``rank`` is the penalty for grammatical prominence used in salience: 0 for the subject of a
    main clause, 0.3 for the subject of an embedded clause ("said the containers were safe"),
    0.6 for anything else, 1.0 for a name standing alone (captions, bylines).
    """

    start: int
    end: int
    tok: int
    sent: int
    rank: float
    entity: Entity


@dataclass(slots=True, eq=False)
class Role:
    """A description attached to a person: "yoga instructor", or "husband" of a possessor token."""

    phrase: str
    head: str
    possessor: int | None = None
    quoted: bool = False  # given only inside quotation marks ("President Xi" in a tweet)
    #: held in an organisation named with it ("president of the advocacy group American
    #: Values"), not the office a bare "the president" names (``places.of_organisation``)
    scoped: bool = False


@dataclass(slots=True, eq=False)
class Entity:
    """One person, group or anonymous source of the article (a coreference cluster)."""

    kind: SpeakerKind
    label: str = ""
    names: list[tuple[int, str]] = field(default_factory=list)  # (token count, text)
    parts: tuple[str, ...] = ()  # the longest name's words, for matching short forms
    mentions: list[Mention] = field(default_factory=list)
    roles: list[Role] = field(default_factory=list)
    #: Titles and gendered nouns (strong evidence), each cast as ``Rules.strong_vote_weight`` votes,
    #: and the first name's usual gender (``Rules.first_name_vote_weight``).
    votes: dict[str, int] = field(default_factory=dict)
    pronoun_votes: dict[str, int] = field(default_factory=dict)  # recomputed from scratch
    members: tuple[Entity, ...] = ()  # for a pair ("Alec and Hilaria")
    noun: str = ""  # an anonymous source's noun phrase ("TikTok user"), lent to "a second"
    #: A bare surname the article sets beside a namesake ("Trump and first lady Melania Trump"):
    #: never joined to that namesake later on (``speakers._fuller_names``).
    apart: bool = False
    #: The gender a name register gives the first name when the news table does not know it
    #: (``coref.build.first_name_vote``): the person's gender when nothing else says one, never
    #: against a title or a pronoun, and not part of ``named_gender`` ("Lionel Shriver" is "Ms.
    #: Shriver").
    guess: Gender | None = None

    @property
    def gender(self) -> Gender | None:
        m = self.votes.get("m", 0) + self.pronoun_votes.get("m", 0)
        f = self.votes.get("f", 0) + self.pronoun_votes.get("f", 0)
        if m > f:
            return "m"
        if f > m:
            return "f"
        return self.guess

    @property
    def named_gender(self) -> Gender | None:
        """The gender titles, gendered nouns and the first name give, without the pronouns' guesses.

        A title on a short name ("Mr. Trounstine") is checked against this: a pronoun vote may
        come from "her" about someone the person was talking about, and must not split one
        person into two."""
        m, f = self.votes.get("m", 0), self.votes.get("f", 0)
        return "m" if m > f else "f" if f > m else None

    @property
    def name(self) -> str:
        """The fullest name used for this entity in the article."""
        if self.members:  # "Alec and Hilaria", "Rand Paul, Mike Lee and Ted Cruz"
            names = [m.name for m in self.members]
            return " and ".join([", ".join(names[:-1]), names[-1]])
        if self.names:
            return max(self.names, key=lambda n: (n[0], len(n[1])))[1]
        return self.label

    @property
    def first(self) -> str | None:
        return self.parts[0] if self.parts else None

    @property
    def last(self) -> str | None:
        return self.parts[-1] if self.parts else None

    @property
    def surname(self) -> str:
        """The last name before a generation's suffix: "Jackson" of "Jesse Jackson Jr." (whose
        "Jackson, 48, said" went to the judge Amy Berman Jackson: QA helper, 48th session)."""
        if len(self.parts) > 2 and self.parts[-1].rstrip(".").lower() in NAME_SUFFIXES:
            return self.parts[-2]
        return self.parts[-1] if self.parts else ""

    def add(self, mention: Mention) -> None:
        bisect.insort(self.mentions, mention, key=lambda m: m.start)


@dataclass(slots=True)
class Resolution:
    """What a source refers to, and how sure we are (multiplies the attribution's confidence)."""

    entity: Entity | None
    confidence: float = 1.0
    mention: tuple[int, int] | None = None  # the words that name it, when narrower than the source


@dataclass(slots=True)
class Name:
    """A person's name as found in the text, cleaned of titles and junk (token range and words)."""

    start: int  # token indices of the cleaned name
    end: int
    parts: tuple[str, ...]
    title: Gender | None
    has_title: bool
    is_person_ent: bool
    title_words: tuple[str, ...] = ()


def last_before(e: Entity, char: int) -> int:
    """Position of the entity's last mention before ``char``, for recency ties.

    An entity not mentioned before ``char`` gets minus its first mention's position, so that
    among those the one mentioned soonest after wins ("Haley denounced ..." before "Nikki
    Haley" and, further on, her husband "Michael Haley" is Nikki Haley).
    """
    k = bisect.bisect_left(e.mentions, char, key=lambda m: m.start)
    if k:
        return e.mentions[k - 1].start
    return -e.mentions[0].start if e.mentions else -(1 << 62)


def told_before(e: Entity, phrase: str, char: int) -> bool:
    """Whether ``e`` was named before ``char`` and the narration (not a quote) gave it the role
    ``phrase``: who "the president" at ``char`` can be without a guess."""
    return last_before(e, char) >= 0 and any(role.phrase == phrase and not role.quoted for role in e.roles)
