/**
 * `npx tsx scripts/bench/profile-search.ts [--sources 100000] [--repeat 3] [--json FILE]`
 *
 * The search profile behind BENCHMARKS.md: inside workerd (Miniflare over the cached benchmark state,
 * the engine `wrangler dev` runs), D1's own execution time for
 * - the cost components of a common word (count of matches, BM25 over every match, the joins);
 * - "before": the reference ranking (every match ranked and joined, one statement);
 * - "after": src/data/search.ts's searchSources, every statement it runs, summed;
 * - the whole answer (answerSearch: lexicon, searches, term statistics, excerpt passages), also for
 *   the worst shapes within the argument limits;
 * and EXPLAIN QUERY PLAN of the new statements. It also checks that before and after return the same
 * sources in the same order.
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { handleKey } from "../../src/data/handle-key";
import { allTerms, plainTerms } from "../../src/data/match-expression";
import type { PublicDb } from "../../src/data/public-db";
import { CROWDED_POOL, searchSources } from "../../src/data/search";
import { answerSearch } from "../../src/tools/search-answer";
import { SEARCH_CASES, WORST_SEARCH_CASES } from "./requests";
import { POOLED_REFERENCE_SQL, referenceIndexStatements } from "./search-reference";
import { median, SqlTimer } from "./sql-timer";
import { ensureBenchState } from "./state";

/**
 * The reference ranking: every match ranked and joined, no candidate bound (what search-candidates.test.ts
 * compares with). The "before" statement of the earlier profile (one row per passage, commit c6b8f23)
 * no longer runs on this index; its figures stay in BENCHMARKS.md.
 */
const BEFORE_SQL = `
SELECT s.source_id, h.score AS score, COUNT(*) OVER () AS total
FROM (SELECT rowid AS doc_id, rank AS score FROM search_index WHERE search_index MATCH ?1) AS h
JOIN search_documents d ON d.doc_id = h.doc_id
JOIN sources s ON s.source_id = d.source_id
JOIN creators c ON c.creator_id = s.creator_id
WHERE s.publication_state = 'published'
  AND (?2 IS NULL OR c.handle_key = ?2)
  AND (?3 IS NULL OR EXISTS (SELECT 1 FROM source_topics st WHERE st.source_id = s.source_id AND st.topic_id = ?3))
  AND (?4 IS NULL OR s.platform = ?4)
ORDER BY score, s.source_id
LIMIT ?5 OFFSET ?6`;

const COMPONENTS = [
	{
		label: "count the matching index rows (no ranking)",
		sql: "SELECT COUNT(*) AS n FROM search_index WHERE search_index MATCH ?1",
	},
	{
		label: "BM25 over every matching row",
		sql: "SELECT MAX(rank) AS n FROM search_index WHERE search_index MATCH ?1",
	},
	{
		label: "join every matching row to its source",
		sql: "SELECT COUNT(*) AS n FROM search_index h JOIN search_documents d ON d.doc_id = h.rowid JOIN sources s ON s.source_id = d.source_id WHERE search_index MATCH ?1 AND s.publication_state = 'published'",
	},
];

/** A PublicDb whose statements run in the timer's Worker, adding up D1's execution time. */
export function timedDb(
	timer: SqlTimer,
	spent: { ms: number; statements: number; sql: string[]; rows?: number },
): PublicDb {
	const statement = (sql: string, params: unknown[] = []) => ({
		bind: (...values: unknown[]) => statement(sql, values),
		async all<T>() {
			const t = await timer.time(sql, params, 1);
			spent.ms += t.d1.reduce((a, b) => a + b, 0);
			spent.rows = (spent.rows ?? 0) + t.rowsRead.reduce((a, b) => a + b, 0);
			spent.statements++;
			spent.sql.push(sql);
			return { results: t.rows as T[], success: true, meta: {} };
		},
		async first<T>() {
			const { results } = await this.all<T>();
			return results[0] ?? null;
		},
	});
	return {
		prepare: (sql: string) => statement(sql),
		// A batch, one statement after another: D1's own time adds up the same.
		batch: async (statements: { all: () => Promise<unknown> }[]) => {
			const results = [];
			for (const s of statements) results.push(await s.all());
			return results;
		},
	} as unknown as PublicDb;
}

async function main(): Promise<void> {
	const { values } = parseArgs({
		options: {
			sources: { type: "string", default: "100000" },
			repeat: { type: "string", default: "3" },
			json: { type: "string" },
		},
	});
	const repeat = Math.max(1, Math.min(10, Number(values.repeat)));
	const state = await ensureBenchState(Number(values.sources));
	const timer = new SqlTimer(state.persistTo);
	const out: Record<string, unknown> = {
		sources: state.sources,
		repeat,
		components: [],
		cases: [],
		plans: {},
	};
	try {
		// The reference ranks over its own, freshly built index (search-reference.ts).
		for (const sql of referenceIndexStatements()) await timer.time(sql, [], 1);
		console.log(
			`search profile at ${state.sources} sources (D1 execution time inside workerd, median of ${repeat})\n`,
		);
		console.log('cost components for the common word "seo":');
		for (const c of COMPONENTS) {
			const t = await timer.time(c.sql, ['"seo"'], repeat);
			console.log(`  ${median(t.d1).toFixed(0).padStart(6)} ms  ${c.label} (${JSON.stringify(t.rows[0])})`);
			(out.components as unknown[]).push({ label: c.label, ms: median(t.d1), result: t.rows[0] });
		}
		console.log("\nper query: before (one statement) vs after (searchSources, all its statements)");
		let different = 0;
		for (const c of SEARCH_CASES) {
			const a = c.args as {
				query: string;
				creator_handle?: string;
				topic_id?: string;
				platform?: string;
				limit?: number;
			};
			const match = allTerms(plainTerms(a.query));
			const filters = {
				creatorHandleKey: a.creator_handle ? handleKey(a.creator_handle) : null,
				topicId: a.topic_id ?? null,
				platform: a.platform ?? null,
			};
			const limit = a.limit ?? 5;
			const before = await timer.time(
				BEFORE_SQL,
				[match, filters.creatorHandleKey, filters.topicId, filters.platform, limit, 0],
				repeat,
			);
			const afterRuns: number[] = [];
			let statements = 0;
			let page: Awaited<ReturnType<typeof searchSources>> | undefined;
			for (let i = 0; i < repeat; i++) {
				const spent = { ms: 0, statements: 0, sql: [] as string[] };
				page = await searchSources(timedDb(timer, spent), { match, filters, limit, offset: 0 });
				afterRuns.push(spent.ms);
				statements = spent.statements;
			}
			// A crowded match is checked against its documented ranking (the pool), any other against
			// the full ranking.
			const pooled = page !== undefined && page.rankedAmong !== null;
			const reference = pooled
				? (
						await timer.time(
							POOLED_REFERENCE_SQL,
							[match, filters.creatorHandleKey, filters.topicId, filters.platform, CROWDED_POOL],
							1,
						)
					).rows.slice(0, limit)
				: before.rows;
			const same =
				page?.rows.map((r) => r.source_id).join(",") === reference.map((r) => r.source_id).join(",");
			if (!same) different++;
			const b = median(before.d1);
			const af = median(afterRuns);
			console.log(
				`  ${c.label.padEnd(45)} before ${b.toFixed(0).padStart(5)} ms  after ${af.toFixed(0).padStart(5)} ms (${statements} statement${statements === 1 ? "" : "s"})  ${same ? (pooled ? "same ranking (pooled)" : "same ranking") : "DIFFERENT RANKING"}  total ${before.rows[0]?.total ?? 0} -> ${page?.total} ${page?.exact ? "(exact)" : "(estimated)"}`,
			);
			(out.cases as unknown[]).push({
				label: c.label,
				kind: c.kind,
				before_ms: b,
				after_ms: af,
				statements,
				same_ranking: same,
				total_before: before.rows[0]?.total ?? 0,
				total_after: page?.total,
				total_exact: page?.exact,
			});
		}
		// The whole answer (lexicon read, searches, fallback statistics, excerpt passages), every
		// statement summed: the fixed set, then the worst shapes within the argument limits.
		console.log("\nthe whole search_sources answer, all its statements (median ms)");
		const answers: {
			label: string;
			kind: string;
			ms: number;
			statements: number;
			mode: string;
			total: number;
		}[] = [];
		for (const c of [...SEARCH_CASES, ...WORST_SEARCH_CASES.map((w) => ({ ...w, kind: "worst" }))]) {
			const runs: number[] = [];
			let statements = 0;
			let structured: { match_mode: string; total_estimate: number } | undefined;
			for (let i = 0; i < repeat; i++) {
				const spent = { ms: 0, statements: 0, sql: [] as string[] };
				const args = { limit: 5, offset: 0, ...c.args } as Parameters<typeof answerSearch>[0];
				const answer = await answerSearch(args, {
					db: timedDb(timer, spent),
					publicBaseUrl: "https://base2026.dev",
				} as Parameters<typeof answerSearch>[1]);
				structured = answer.structured;
				runs.push(spent.ms);
				statements = spent.statements;
			}
			const ms = median(runs);
			answers.push({
				label: c.label,
				kind: c.kind,
				ms,
				statements,
				mode: structured?.match_mode ?? "",
				total: structured?.total_estimate ?? 0,
			});
			console.log(
				`  ${c.kind.padEnd(14)} ${c.label.padEnd(48)} ${ms.toFixed(0).padStart(6)} ms (${statements} statements, ${structured?.match_mode}, total ${structured?.total_estimate})`,
			);
		}
		out.answers = answers;
		const med = (kind: string) => median(answers.filter((a) => a.kind === kind).map((a) => a.ms));
		console.log(
			`  common median ${med("common").toFixed(0)} ms, rare median ${med("rare").toFixed(0)} ms, worst shape max ${Math.max(...answers.filter((a) => a.kind === "worst").map((a) => a.ms)).toFixed(0)} ms`,
		);
		// Plans of the statements the new search runs, unfiltered and filtered.
		for (const [label, filters] of [
			["unfiltered", { creatorHandleKey: null, topicId: null, platform: null }],
			["topic filter", { creatorHandleKey: null, topicId: "ai-overviews", platform: null }],
		] as const) {
			const spent = { ms: 0, statements: 0, sql: [] as string[] };
			await searchSources(timedDb(timer, spent), { match: '"seo"', filters, limit: 5, offset: 0 });
			const plans: string[][] = [];
			for (const sql of spent.sql) {
				const n = (sql.match(/\?(\d)/g) ?? []).reduce((m, p) => Math.max(m, Number(p.slice(1))), 0);
				const params = ['"seo"', null, filters.topicId, null, 5, 0, 2000, null].slice(0, n);
				const plan = await timer.time(`EXPLAIN QUERY PLAN ${sql}`, params, 1);
				plans.push(plan.rows.map((r) => String(r.detail)));
			}
			(out.plans as Record<string, unknown>)[label] = plans;
			console.log(`\nEXPLAIN QUERY PLAN, "seo" ${label}:`);
			plans.forEach((plan, i) => {
				console.log(`  statement ${i + 1}:`);
				for (const line of plan) console.log(`    ${line}`);
			});
		}
		if (values.json) writeFileSync(values.json, `${JSON.stringify(out, null, 2)}\n`);
		if (different > 0) {
			console.error(`\n${different} queries ranked differently before and after`);
			process.exitCode = 1;
		}
	} finally {
		await timer.close();
	}
}

if (import.meta.url === `file://${process.argv[1]}`)
	main().catch((error: unknown) => {
		console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
		process.exit(1);
	});
