-- Search tests every candidate source against the filters asked for: published, and the creator, the
-- platform or the topic. This index holds those columns next to source_id, so the test reads one
-- small index entry instead of the whole source row (title, summary) behind the primary key. At
-- 100,000 sources, collecting one topic's published rows (15,063) took 26 ms without it and 13 ms
-- with it, and the search statement of a crowded word on that topic 34-35 ms and 20-21 ms
-- (scripts/bench/profile-search.ts; BENCHMARKS.md).
CREATE INDEX IF NOT EXISTS sources_for_filters ON sources (source_id, publication_state, platform, creator_id);
