/**
 * How many words crowd the index (more public sources than `search_settings.pool`) without a merit
 * pool computed by a refresh after `since`: what the bench state and the Workers tests refresh until
 * it is zero, so that they measure and compare searches as a settled collection serves them.
 * Pure: imported by the Workers tests and by the bench (scripts/bench/lib/state.ts).
 */
export const stalePoolsSql = (since: number): string => `
SELECT COUNT(*) AS n FROM search_term_projection t
WHERE t.docs > (SELECT pool FROM search_settings)
  AND NOT EXISTS (SELECT 1 FROM search_pool_projection p
                  WHERE p.term = t.term AND p.position = 1 AND p.refresh_id > ${Math.trunc(since)})`;

/**
 * How many segments the search index is in: each refresh merges them toward one (a bounded step,
 * projections/recompute.sql), and the bench measures searches over a settled, merged index.
 */
export const indexSegmentsSql = "SELECT COUNT(DISTINCT segid) AS n FROM search_index_idx";
