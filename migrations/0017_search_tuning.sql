-- Search's tuning, held by the database where SQL needs it: the crowded pool's size, the share of
-- the public sources that makes a word "in most sources", how many merit pools one refresh
-- recomputes (projections/recompute.sql reads these from search_settings), and the index's rank
-- function (BM25's column weights). Their one source is src/data/search-tuning.ts: a change to it
-- is one edit there and a migration generated from it (`npm run search-tuning -- generate --new
-- NAME`); test/workers/search/tuning.test.ts holds the newest generated block, the database and the
-- docs' stated figures equal to the object.
ALTER TABLE search_settings ADD COLUMN most_share REAL NOT NULL DEFAULT 0.5 CHECK (most_share > 0 AND most_share < 1);
ALTER TABLE search_settings ADD COLUMN pools_per_refresh INTEGER NOT NULL DEFAULT 96 CHECK (pools_per_refresh > 0);

-- BEGIN GENERATED from src/data/search-tuning.ts by `npm run search-tuning -- generate`: edit the object, not this.
UPDATE search_settings SET pool = 2000, most_share = 0.5, pools_per_refresh = 96;
DELETE FROM search_pool_projection WHERE position > 2000;
INSERT INTO search_index (search_index, rank) VALUES ('rank', 'bm25(4.0, 2.0, 4.0, 1.0, 0.0)');
-- END GENERATED
