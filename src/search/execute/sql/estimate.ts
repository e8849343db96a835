/**
 * A crowded match's total, estimated from evenly spaced slices of index keys (SEARCH_TUNING): each
 * slice's key range is one bounded read of the match's doclist. The crowded plans read it; the answer
 * never says less than what the page reached, nor than one more than a pool.
 */
import { SEARCH_TUNING } from "../../vocabulary/tuning";
import { P } from "./params";

const { estimateSlices: SLICES, estimateSliceRows: SLICE_ROWS } = SEARCH_TUNING;

export const ESTIMATE = `
k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i + 1 < ${SLICES}),
span AS MATERIALIZED (
  SELECT COALESCE(MAX(doc_id), 0) AS keys, COALESCE(MAX(doc_id), 0) / ${SLICES} AS step FROM search_documents),
slices AS MATERIALIZED (
  SELECT k.i * span.step + 1 AS lo, k.i * span.step + MIN(span.step, ${SLICE_ROWS}) AS hi FROM k, span
  LIMIT (SELECT CASE WHEN go THEN -1 ELSE 0 END FROM go)),
sampled AS MATERIALIZED (
  SELECT SUM(hi - lo + 1) AS keys,
         SUM((SELECT COUNT(*) FROM search_index WHERE search_index MATCH ${P.match} AND rowid BETWEEN lo AND hi)) AS matched
  FROM slices),`;

/** The estimate's columns in the answer's first row. */
export const ESTIMATE_COLUMNS =
	"(SELECT keys FROM span) AS population, (SELECT keys FROM sampled) AS sampled, (SELECT matched FROM sampled) AS matched,";
