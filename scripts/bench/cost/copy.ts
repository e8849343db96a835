/**
 * The search's share of an isolate's copy (src/data/projection-copy.ts: the lexicon, the words that
 * crowd the index with their pools, the pool size, the collection's and its filters' sizes), read
 * from a bench state as a Worker would load it, for the scripts that plan or predict a search outside
 * a Worker (search-charge.ts, plan-parts.ts).
 */

import type { TopicSignalView } from "../../../src/data/projected-counts";
import type { ProjectionCopy } from "../../../src/data/projection-copy";
import { planSearch } from "../../../src/search/plan/kept";
import { firstPlan, type Plan, type PlanInput } from "../../../src/search/plan/plan";
import { parseQuery } from "../../../src/search/query/parse";
import type { SearchAsk } from "../../../src/search/request";
import { LEXICON_ALL_SQL, type LexiconRow, lexiconMap } from "../../../src/search/vocabulary/lexicon";
import { type SearchVocabulary, vocabularyOf } from "../../../src/search/vocabulary/vocabulary";
import { handleKey } from "../../../src/text/handle-key";
import { SqlTimer } from "../lib/sql-timer";

type SearchCopy = Pick<ProjectionCopy, "lexicon" | "crowdedWords" | "pool" | "manifest" | "signals">;

const rowsOf = async <T>(timer: SqlTimer, sql: string) =>
	(await timer.time(sql, [], 1)).rows as unknown as T[];

export async function loadCopyForPrediction(persistTo: string): Promise<SearchCopy> {
	const timer = new SqlTimer(persistTo);
	try {
		const crowded = await rowsOf<{ term: string; docs: number; most: number; pooled: number }>(
			timer,
			`SELECT t.term, t.docs, t.most,
			        EXISTS (SELECT 1 FROM search_pool_projection p WHERE p.term = t.term AND p.position = 1) AS pooled
			 FROM search_term_projection t ORDER BY t.docs DESC`,
		);
		const [manifest] = await rowsOf<{ public_sources: number; by_platform_json: string }>(
			timer,
			"SELECT public_sources, by_platform_json FROM manifest_projection WHERE manifest_key = 'current'",
		);
		const topics = await rowsOf<{ topic_id: string; n: number }>(
			timer,
			"SELECT topic_id, public_source_count AS n FROM topic_signal_projection",
		);
		const [settings] = await rowsOf<{ pool: number }>(timer, "SELECT pool FROM search_settings");
		return {
			lexicon: lexiconMap(await rowsOf<LexiconRow>(timer, LEXICON_ALL_SQL)),
			crowdedWords: new Map(
				crowded.map((r) => [r.term, { docs: r.docs, most: r.most === 1, pooled: r.pooled === 1 }]),
			),
			pool: settings?.pool ?? 2000,
			manifest: {
				counts:
					manifest === undefined
						? null
						: ({
								public_sources: manifest.public_sources,
								by_platform: JSON.parse(manifest.by_platform_json),
							} as never),
				lastRefresh: null,
				lastAttempt: null,
				pendingChanges: 0,
			},
			signals: new Map(
				topics.map((t) => [
					t.topic_id,
					{
						topic: { topic_id: t.topic_id, label: "" },
						projected: { counts: { sources: t.n } },
					} as TopicSignalView,
				]),
			),
		};
	} finally {
		await timer.close();
	}
}

/** A search_sources call's arguments as the tool reads them: its ask. */
export function askOf(args: Record<string, unknown>): SearchAsk {
	return {
		query: String(args.query),
		filters: {
			creatorHandleKey: typeof args.creator_handle === "string" ? handleKey(args.creator_handle) : null,
			topicId: typeof args.topic_id === "string" ? args.topic_id : null,
			platform: typeof args.platform === "string" ? args.platform : null,
		},
		limit: Number(args.limit ?? 5),
		offset: Number(args.offset ?? 0),
	};
}

/** What a search is planned from with this copy, and its first plan. */
export function planWithCopy(
	ask: SearchAsk,
	copy: SearchCopy,
): { input: PlanInput; first: Plan; vocabulary: SearchVocabulary } {
	const vocabulary = vocabularyOf(copy);
	const planned = planSearch(parseQuery(ask.query), vocabulary.lexicon);
	const { query: _q, ...scope } = ask;
	const input: PlanInput = { planned, vocabulary, scope };
	return { input, first: firstPlan(input), vocabulary };
}
