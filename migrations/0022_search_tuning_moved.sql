-- The figures of 0017 written again, unchanged: the object they are generated from moved to
-- src/search/vocabulary/tuning.ts (search as one unit, issue 39), and the newest generated block names
-- where it comes from. Applying it changes nothing.
-- BEGIN GENERATED from src/search/vocabulary/tuning.ts by `npm run search-tuning -- generate`: edit the object, not this.
UPDATE search_settings SET pool = 2000, most_share = 0.5, pools_per_refresh = 96;
DELETE FROM search_pool_projection WHERE position > 2000;
INSERT INTO search_index (search_index, rank) VALUES ('rank', 'bm25(4.0, 2.0, 4.0, 1.0, 0.0)');
-- END GENERATED
