-- The public collection: the same tables the website reads. Only rows that are published (sources)
-- or applied (evidence cards) are public; every query that serves data filters on that state.

CREATE TABLE creators (
  creator_id   TEXT PRIMARY KEY,
  handle       TEXT NOT NULL,                 -- as the creator writes it, without "@"
  handle_key   TEXT NOT NULL UNIQUE,          -- lower-cased handle: lookups are case-insensitive
  display_name TEXT NOT NULL,
  platform     TEXT NOT NULL CHECK (platform IN ('tiktok', 'youtube_shorts', 'instagram_reels')),
  profile_url  TEXT NOT NULL,
  bio          TEXT NOT NULL DEFAULT '',
  updated_at   TEXT NOT NULL
);

CREATE TABLE topics (
  topic_id    TEXT PRIMARY KEY,               -- a slug such as "ai-overviews"
  label       TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  created_at  TEXT NOT NULL
);

CREATE TABLE sources (
  source_id         TEXT PRIMARY KEY,
  creator_id        TEXT NOT NULL REFERENCES creators (creator_id),
  platform          TEXT NOT NULL CHECK (platform IN ('tiktok', 'youtube_shorts', 'instagram_reels')),
  original_url      TEXT NOT NULL UNIQUE,
  title             TEXT NOT NULL,
  summary           TEXT NOT NULL,
  published_at      TEXT NOT NULL,            -- ISO 8601 date the creator published it
  duration_seconds  INTEGER NOT NULL CHECK (duration_seconds > 0),
  language          TEXT NOT NULL DEFAULT 'en',
  publication_state TEXT NOT NULL CHECK (publication_state IN ('published', 'unpublished', 'removed')),
  state_reason      TEXT,                     -- why a source is not published (takedown, correction, ...)
  updated_at        TEXT NOT NULL
);
CREATE INDEX sources_by_creator ON sources (creator_id, publication_state, published_at DESC);
CREATE INDEX sources_by_platform ON sources (platform, publication_state);

-- Other ways agents refer to a source: platform item/video/post ids and the original URL.
CREATE TABLE source_aliases (
  alias      TEXT PRIMARY KEY,
  alias_kind TEXT NOT NULL CHECK (alias_kind IN ('item_id', 'video_id', 'post_id', 'original_url')),
  source_id  TEXT NOT NULL REFERENCES sources (source_id)
);
CREATE INDEX source_aliases_by_source ON source_aliases (source_id);

-- Public transcript passages: short, reviewed excerpts, never raw captions or ASR.
CREATE TABLE passages (
  passage_id INTEGER PRIMARY KEY,             -- the row id the search index points at
  source_id  TEXT NOT NULL REFERENCES sources (source_id),
  ordinal    INTEGER NOT NULL CHECK (ordinal >= 1),
  start_ms   INTEGER NOT NULL CHECK (start_ms >= 0),
  end_ms     INTEGER NOT NULL CHECK (end_ms > start_ms),
  text       TEXT NOT NULL,
  UNIQUE (source_id, ordinal)
);

CREATE TABLE source_topics (
  source_id TEXT NOT NULL REFERENCES sources (source_id),
  topic_id  TEXT NOT NULL REFERENCES topics (topic_id),
  PRIMARY KEY (source_id, topic_id)
) WITHOUT ROWID;
CREATE INDEX source_topics_by_topic ON source_topics (topic_id, source_id);

-- Evidence cards: a reviewed claim drawn from a source. Only 'applied' cards are public.
CREATE TABLE evidence_cards (
  card_id      TEXT PRIMARY KEY,
  source_id    TEXT NOT NULL REFERENCES sources (source_id),
  topic_id     TEXT NOT NULL REFERENCES topics (topic_id),
  claim        TEXT NOT NULL,
  evidence     TEXT NOT NULL,
  review_state TEXT NOT NULL CHECK (review_state IN ('draft', 'in_review', 'applied', 'rejected')),
  reviewed_at  TEXT,
  updated_at   TEXT NOT NULL
);
CREATE INDEX evidence_cards_by_source ON evidence_cards (source_id, review_state);
CREATE INDEX evidence_cards_by_topic ON evidence_cards (topic_id, review_state);
