/**
 * The search's share of an isolate's copy (src/data/projection-copy.ts: the lexicon and the words
 * that crowd the index, with their pools), read from a bench state as a Worker would load it, for
 * the scripts that predict a search's cost outside a Worker (search-charge.ts, cpu/predict-cpu.ts).
 */
import type { ProjectionCopy } from "../../../src/data/projection-copy";
import { predictedMs, searchWork } from "../../../src/search/plan/cost";
import type { SearchAsk } from "../../../src/search/request";
import { LEXICON_ALL_SQL, type LexiconRow, lexiconMap } from "../../../src/search/vocabulary/lexicon";
import { SqlTimer } from "../lib/sql-timer";

export type SearchCopy = Pick<ProjectionCopy, "lexicon" | "crowdedWords">;

export async function loadCopyForPrediction(persistTo: string): Promise<SearchCopy> {
	const timer = new SqlTimer(persistTo);
	try {
		const lexicon = (await timer.time(LEXICON_ALL_SQL, [], 1)).rows as unknown as LexiconRow[];
		const crowded = (
			await timer.time(
				`SELECT t.term, t.docs, t.most,
				        EXISTS (SELECT 1 FROM search_pool_projection p WHERE p.term = t.term AND p.position = 1) AS pooled
				 FROM search_term_projection t ORDER BY t.docs DESC`,
				[],
				1,
			)
		).rows as { term: string; docs: number; most: number; pooled: number }[];
		return {
			lexicon: lexiconMap(lexicon),
			crowdedWords: new Map(
				crowded.map((r) => [r.term, { docs: r.docs, most: r.most === 1, pooled: r.pooled === 1 }]),
			),
		};
	} finally {
		await timer.close();
	}
}

/** The D1 ms a search is predicted at from `copy`; the ask's omitted parts are the tool's defaults. */
export function predictFromCopy(ask: Partial<SearchAsk> & { query: string }, copy: SearchCopy): number {
	const full: SearchAsk = {
		filters: { creatorHandleKey: null, topicId: null, platform: null },
		limit: 5,
		offset: 0,
		...ask,
	};
	return predictedMs(searchWork(full, copy));
}
