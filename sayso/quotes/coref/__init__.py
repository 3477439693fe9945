"""Light coreference: who, in this article, is behind "she", "Mrs. Baldwin" or "the mum-of-seven".

Speaker resolution needs much less than general coreference: only the *sources* of quotes have
to be resolved, and news text names people in a few regular ways. So instead of a second model
pass this module makes a handful of linear passes over the parse and the entities the pipeline
already computed:

1. **Names.** PERSON entities, cleaned of titles ("Mrs.", "Sen."), possessive 's and the junk
   the small model sometimes glues on ("Alec mid-interview"), are clustered: full names first,
   then surnames and first names alone join the full name they belong to. A single name shared by
   several people ("Baldwin" in a family) goes to the one a title's gender allows, else to the
   one it has stood for so far (news names a second Clinton in full and goes on using "Clinton"
   for the first), else to the most recent. A lone first name the NER labelled GPE or ORG still
   counts when it matches a known person's name, because the small model often does that to
   unusual first names.
2. **Evidence.** Titles and a *small* list of gendered nouns in appositions and compounds ("her
   husband, actor Alec Baldwin") give a person a gender; so do pronouns in sentences where only
   one person of unknown gender could be meant. The same appositions, compounds and copulas give
   each person *roles* ("actor", "yoga instructor", "husband" of someone), which is how "the
   actor" or "her husband" find their referent. A first-name list would be larger, culturally
   narrow and still wrong for "Hilaria"; the text itself is better evidence.
3. **Sources.** A source span is read as a name, a pronoun (the most recent compatible person,
   main-clause subjects preferred, distances counted in sentences of narration so a long quote
   does not hide the speaker), a relative pronoun (its noun), a definite description (a matching
   role, else a salient person of the noun's gender when that is a safe bet, else its own
   speaker), an anonymous source (each one distinct; "a second" borrows the noun of the previous
   "one TikTok user"), or a group (organisations, plural and collective nouns, documents such as
   polls, "X and Y"). A source handed over with its verb ("And another echoed") is narrowed to
   its subject.

Unnamed people introduced with an indefinite gendered noun ("I met a woman ... she said") and
resolved anonymous sources are antecedents too; "I" in the narration is the writer.

Every resolved source becomes a mention of its entity, so later pronouns see it as salient.
Everything is linear in the article or bounded by a few sentences, and no model is called.

Layout: ``lexicon.py`` (word lists), ``entities.py`` (the data: entities, mentions, roles),
``view.py`` (what is read from the ``Doc`` once), ``salience.py`` (how salient a mention is),
``index.py`` (the entity index, the one mutable store), ``build.py`` (the passes above, 1 and
2; with ``namesakes.py``, which of a family a bare surname is), ``resolve.py`` (3, sources;
with ``descriptions.py`` and its ``epithets.py``, ``documents.py`` and ``organisations.py``).
``Coref`` ties them
together for one document.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from sayso.quotes.coref.agents import WordClasses
from sayso.quotes.coref.build import build
from sayso.quotes.coref.entities import Entity, Mention, Resolution, Role
from sayso.quotes.coref.index import EntityIndex
from sayso.quotes.coref.lexicon import Gender, gender_of_noun, gender_of_pronoun
from sayso.quotes.coref.resolve import Resolver
from sayso.quotes.coref.view import DocView
from sayso.quotes.rules import DEFAULT_RULES, Rules

if TYPE_CHECKING:
    from spacy.tokens import Doc

__all__ = [
    "Coref",
    "Entity",
    "Gender",
    "Mention",
    "Resolution",
    "Role",
    "WordClasses",
    "gender_of_noun",
    "gender_of_pronoun",
]


class Coref:
    """Coreference for one ``Doc``: the view of its text, the entity index built from it, a resolver.

    ``zones`` are character ranges of quoted speech (see ``DocView``); ``words`` are WordNet's
    word lists from the pipeline's lemmatizer, which tell a phrase that can speak from one that
    cannot (``agents.py``).
    """

    def __init__(
        self,
        doc: Doc,
        zones: list[tuple[int, int]] | None = None,
        rules: Rules = DEFAULT_RULES,
        words: WordClasses | None = None,
        reported: list[tuple[int, int]] | None = None,
        speaking: list[tuple[int, int]] | None = None,
        turns: list[tuple[int, int]] | None = None,
    ) -> None:
        words = words if words is not None else WordClasses.default()
        self.view = DocView(doc, zones, rules, reported, speaking, words.verbs, turns)
        self.index = EntityIndex(self.view)
        if len(doc):
            build(self.index, words)
        self.resolver = Resolver(self.index, words)

    @property
    def text(self) -> str:
        return self.view.text

    @property
    def persons(self) -> list[Entity]:
        return self.index.persons

    def resolve_source(self, start: int, end: int) -> Resolution:
        """Who the words ``text[start:end]`` (the source of a quote) refer to."""
        return self.resolver.resolve_source(start, end)

    def resolve_interrupting(self, start: int, end: int, content: Sequence[tuple[int, int]]) -> Resolution:
        return self.resolver.resolve_interrupting(start, end, content)

    def note(self, entity: Entity, start: int, end: int) -> Mention | None:
        """Record a resolved source as a mention, so later pronouns see it as salient."""
        return self.index.note(entity, start, end)

    def pronoun_mentions(self, min_confidence: float | None = None) -> Iterator[tuple[Entity, int, int]]:
        """Gendered pronouns of the narration that clearly refer to someone, as extra mentions."""
        if min_confidence is None:
            min_confidence = self.view.rules.pronoun_mention_min_confidence
        return self.resolver.pronoun_mentions(min_confidence)
