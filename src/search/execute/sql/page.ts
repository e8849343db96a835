/**
 * The page every search statement ends with: only keys are read for every hit (ties go by
 * source_id), a source row only for the page's; the statistics row first, then one row per page
 * source with its public passages in order (the excerpt is chosen from them).
 */
import { SOURCE_REF_COLUMNS } from "../../../data/source-ref";
import { P } from "./params";

/** The sources of `hits`. */
export const FOUND = `
found AS MATERIALIZED (
  SELECT d.source_id, h.score, h.tier, h.beyond FROM hits h CROSS JOIN search_documents d ON d.doc_id = h.doc_id),`;

/** The page of what was found, after `stats` (a SELECT of one row, which the statement writes first). */
export const PAGE = `
page AS (SELECT source_id, score, tier, beyond FROM found ORDER BY tier, beyond, score, source_id LIMIT ${P.limit} OFFSET ${P.offset})
SELECT x.*,
       ${SOURCE_REF_COLUMNS}, pg.score, pg.tier,
       (SELECT json_group_array(json_object('ordinal', p.ordinal, 'start_ms', p.start_ms, 'end_ms', p.end_ms, 'text', p.text))
        FROM (SELECT ordinal, start_ms, end_ms, text FROM passages WHERE source_id = s.source_id ORDER BY ordinal) p) AS passages
FROM stats x
LEFT JOIN page pg ON 1
LEFT JOIN sources s ON s.source_id = pg.source_id AND s.publication_state = 'published'
LEFT JOIN creators c ON c.creator_id = s.creator_id
ORDER BY pg.tier, pg.beyond, pg.score, pg.source_id`;
