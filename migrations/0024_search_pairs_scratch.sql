-- The word-pair index's pairs come from the tokens FTS5 itself makes of a source's text (issue 53),
-- not from the TypeScript mirror of its tokenizer, which reads some text apart from unicode61 (NFKC,
-- every mark stripped: "Quixbrand™" was the pair word "quixbrandtm" where the index holds
-- "quixbrand"). SQLite has no tokenizer to call from SQL, but an FTS5 table says what it indexed: the
-- pair writer (src/projections/pair-writer.ts) puts one round of queued sources' text into this
-- scratch table, declared with search_index's tokenizer (migrations/0014; a test holds the two
-- declarations equal), reads every token with its column and position back through the 'instance'
-- vocabulary, pairs each with the next in its column, and empties it again, all in the round's one
-- transaction. Contentless: nothing is kept but the round's index, emptied with 'delete-all'.
--
-- search_pairs_round names the sources of the round being written, so that each statement of the
-- round's transaction acts on the same ones. Both are empty between rounds.
--
-- Like search_pairs (migrations/0023), D1 cannot export these virtual tables: drop them before
-- `wrangler d1 export` and run this file again afterwards (docs/operations.md).
DROP TABLE IF EXISTS search_pairs_scratch_words;
DROP TABLE IF EXISTS search_pairs_scratch;
DROP TABLE IF EXISTS search_pairs_round;

CREATE VIRTUAL TABLE search_pairs_scratch USING fts5 (
  title,
  summary,
  topics,
  body,
  content = '',
  tokenize = 'porter unicode61 remove_diacritics 2'
);

CREATE VIRTUAL TABLE search_pairs_scratch_words USING fts5vocab(search_pairs_scratch, 'instance');

CREATE TABLE search_pairs_round (
  doc_id INTEGER PRIMARY KEY
);
