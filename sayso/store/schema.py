"""The database schema as an ordered list of migrations.

Each entry moves the schema from version ``i`` to ``i + 1`` and is applied exactly once, inside
one transaction, when a database is opened (``sayso.store.db.open_db``). Existing entries are
never edited once released: a change to the schema is a new entry at the end, so every database
ever created can be brought forward step by step.
"""

from __future__ import annotations

MIGRATIONS: tuple[str, ...] = (
    # 1 — articles, speakers and their mentions, quotes, stories, full-text index over quotes.
    """
    -- The text lives in its own table: article rows stay ~200 bytes, so the joins a search
    -- makes for every matching quote touch a few compact pages instead of one page per article.
    CREATE TABLE articles (
        id           INTEGER PRIMARY KEY,
        doc          TEXT NOT NULL UNIQUE,
        title        TEXT,
        outlet       TEXT,
        published    TEXT,
        url          TEXT,
        content_hash TEXT NOT NULL,
        warnings     TEXT NOT NULL DEFAULT '[]',
        story        TEXT,
        indexed_at   TEXT NOT NULL
    );
    CREATE TABLE article_texts (
        article_id INTEGER PRIMARY KEY REFERENCES articles(id) ON DELETE CASCADE,
        text       TEXT NOT NULL
    );
    CREATE INDEX articles_outlet ON articles(outlet COLLATE NOCASE);
    CREATE INDEX articles_published ON articles(published);
    CREATE INDEX articles_story ON articles(story);

    CREATE TABLE speakers (
        id         INTEGER PRIMARY KEY,
        article_id INTEGER NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
        speaker_id TEXT NOT NULL,
        name       TEXT NOT NULL,
        norm       TEXT NOT NULL,
        kind       TEXT NOT NULL,
        UNIQUE (article_id, speaker_id)
    );
    CREATE INDEX speakers_norm ON speakers(norm);

    CREATE TABLE mentions (
        speaker_row INTEGER NOT NULL REFERENCES speakers(id) ON DELETE CASCADE,
        start       INTEGER NOT NULL,
        end         INTEGER NOT NULL
    );
    CREATE INDEX mentions_speaker ON mentions(speaker_row);

    CREATE TABLE quotes (
        id            INTEGER PRIMARY KEY,
        article_id    INTEGER NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
        quote_id      TEXT NOT NULL,
        kind          TEXT NOT NULL,
        content       TEXT NOT NULL,
        spans         TEXT NOT NULL,
        cue_start     INTEGER,
        cue_end       INTEGER,
        source_start  INTEGER,
        source_end    INTEGER,
        speaker       TEXT,
        speaker_norm  TEXT,
        speaker_id    TEXT,
        confidence    REAL NOT NULL,
        relation      TEXT,
        group_id      TEXT,
        other_outlets INTEGER,
        UNIQUE (article_id, quote_id)
    );
    CREATE INDEX quotes_speaker_norm ON quotes(speaker_norm);

    -- dirty = articles of the story changed since its quotes' relations were last computed.
    CREATE TABLE stories (
        id         TEXT PRIMARY KEY,
        title      TEXT,
        dirty      INTEGER NOT NULL DEFAULT 1,
        updated_at TEXT NOT NULL
    );

    -- External-content FTS5 table: the text lives once, in quotes.content; the triggers keep
    -- the index in step with every insert, update and delete (including cascades).
    CREATE VIRTUAL TABLE quotes_fts USING fts5(
        content, content='quotes', content_rowid='id', tokenize='porter unicode61 remove_diacritics 2'
    );
    CREATE TRIGGER quotes_ai AFTER INSERT ON quotes BEGIN
        INSERT INTO quotes_fts(rowid, content) VALUES (new.id, new.content);
    END;
    CREATE TRIGGER quotes_ad AFTER DELETE ON quotes BEGIN
        INSERT INTO quotes_fts(quotes_fts, rowid, content) VALUES ('delete', old.id, old.content);
    END;
    CREATE TRIGGER quotes_au AFTER UPDATE OF content ON quotes BEGIN
        INSERT INTO quotes_fts(quotes_fts, rowid, content) VALUES ('delete', old.id, old.content);
        INSERT INTO quotes_fts(rowid, content) VALUES (new.id, new.content);
    END;
    """,
    # 2 — the distinct speaker names, so ``--speaker`` matches a partial name against thousands of
    # names instead of scanning every quote; filled from existing quotes, then by a trigger.
    # (Databases from the first development days kept the text in ``articles``; ``db.migrate``
    # moves it to ``article_texts`` before this step, see ``_early_layout``.)
    """
    CREATE TABLE speaker_names (norm TEXT PRIMARY KEY) WITHOUT ROWID;
    INSERT OR IGNORE INTO speaker_names (norm)
        SELECT DISTINCT speaker_norm FROM quotes WHERE speaker_norm IS NOT NULL;
    CREATE TRIGGER quotes_speaker_name AFTER INSERT ON quotes WHEN new.speaker_norm IS NOT NULL BEGIN
        INSERT OR IGNORE INTO speaker_names (norm) VALUES (new.speaker_norm);
    END;
    """,
    # 3 — the named entities of each article (JSON ``[[start, end, label], ...]``), so an article
    # read back from the database is the whole frozen ``Article`` and a story compared from the
    # database gets the same facts as one compared straight after extraction. Kept beside the
    # text, off the compact article rows. NULL for articles indexed before: they compare with the
    # facts found by patterns only, until their text or metadata changes and they are re-indexed.
    """
    ALTER TABLE article_texts ADD COLUMN entities TEXT;
    """,
    # 4 — speaker entities: one person, group or organisation across all articles
    # (``sayso.store.entities``). ``speaker_entity`` and ``quote_entity`` give the entity of each
    # speaker row and quote (tables, not new columns: deleting an article cascades to them, and
    # every statement is IF NOT EXISTS so the step is safe to apply again); ``entity_aliases``
    # holds every normalised name an entity is known by, with the evidence that joined it;
    # ``entity_overrides`` the manual merges and splits, keyed by names so they survive
    # re-indexing. Existing rows get their entities on the next refresh (``sayso index``) or first
    # read. ``quote_view`` is one row per quote, for Datasette and SQL users (docs/speakers.md).
    """
    CREATE TABLE IF NOT EXISTS entities (
        id         TEXT PRIMARY KEY,
        name       TEXT NOT NULL,
        kind       TEXT NOT NULL,
        local      INTEGER NOT NULL DEFAULT 0,
        updated_at TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS entity_aliases (
        entity   TEXT NOT NULL,
        alias    TEXT NOT NULL,
        name     TEXT NOT NULL,
        canon    TEXT NOT NULL,
        articles INTEGER NOT NULL,
        quotes   INTEGER NOT NULL,
        evidence TEXT NOT NULL,
        PRIMARY KEY (entity, alias)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS entity_aliases_alias ON entity_aliases(alias);
    CREATE TABLE IF NOT EXISTS entity_overrides (
        id         INTEGER PRIMARY KEY,
        action     TEXT NOT NULL CHECK (action IN ('merge', 'split')),
        alias      TEXT NOT NULL,
        target     TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS speaker_entity (
        speaker_row INTEGER PRIMARY KEY REFERENCES speakers(id) ON DELETE CASCADE,
        entity      TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS speaker_entity_entity ON speaker_entity(entity);
    CREATE TABLE IF NOT EXISTS quote_entity (
        quote_row INTEGER PRIMARY KEY REFERENCES quotes(id) ON DELETE CASCADE,
        entity    TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS quote_entity_entity ON quote_entity(entity);
    CREATE VIEW IF NOT EXISTS quote_view AS
        SELECT q.id AS quote_row_id, a.doc AS doc, a.title AS title, a.outlet AS outlet,
               a.published AS published, a.story AS story, q.kind AS kind, q.content AS content,
               q.speaker AS speaker, qe.entity AS entity_id, e.name AS entity_name,
               e.kind AS entity_kind, q.confidence AS confidence, q.relation AS relation,
               q.other_outlets AS other_outlets
        FROM quotes q JOIN articles a ON a.id = q.article_id
        LEFT JOIN quote_entity qe ON qe.quote_row = q.id LEFT JOIN entities e ON e.id = qe.entity;
    """,
    # 5 — the filters of a quote page (minimum confidence, kind, relation, 2+ outlets) in one
    # covering index: counting a page's total no longer reads the quotes table (on 141,399
    # quotes, 25–45 ms per count became a few ms; bench/web_pages.py).
    """
    CREATE INDEX IF NOT EXISTS quotes_filters ON quotes(confidence, kind, relation, other_outlets);
    """,
    # 6 — the words of every speaker alias (``sayso.store.aliases``): ``--speaker trump`` is an
    # index range per word instead of a LIKE over every alias (on news-5k's 47,559 aliases,
    # 25–30 ms per search became well under 1 ms). ``kind`` 'a': a word of the normalised alias,
    # matched by its beginning; 'c': a token of the canonical form, matched whole. Filled here
    # from the aliases already stored, then written with them by every entity rebuild.
    """
    CREATE TABLE IF NOT EXISTS alias_words (
        kind   TEXT NOT NULL,
        word   TEXT NOT NULL,
        entity TEXT NOT NULL,
        alias  TEXT NOT NULL,
        PRIMARY KEY (kind, word, entity, alias)
    ) WITHOUT ROWID;
    INSERT OR IGNORE INTO alias_words (kind, word, entity, alias)
        WITH RECURSIVE split(kind, entity, alias, word, rest) AS (
            SELECT 'a', entity, alias, '', trim(alias) || ' ' FROM entity_aliases
            UNION ALL
            SELECT 'c', entity, alias, '', trim(canon) || ' ' FROM entity_aliases
            UNION ALL
            SELECT kind, entity, alias, substr(rest, 1, instr(rest, ' ') - 1),
                   ltrim(substr(rest, instr(rest, ' ') + 1))
            FROM split WHERE rest <> ''
        )
        SELECT kind, word, entity, alias FROM split WHERE word <> '';
    """,
    # 7 — a quote's ``relation`` is its own against its group's reference, no longer the group's
    # (``store.stories.refresh_story``): every story is compared again at the next index run.
    """
    UPDATE stories SET dirty = 1;
    """,
)

#: The version a database has once every migration is applied.
LATEST = len(MIGRATIONS)
#: The oldest version the read commands can read without migrating it (a database they can only
#: read is not migrated): migration 7 changes stored values, not tables.
READABLE_FROM = 6
