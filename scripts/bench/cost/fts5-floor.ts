/**
 * Where the costliest search shapes spend D1's time, measured in FTS5's own operations (issue 40), on
 * the bench's state, read only, each statement timed by D1's own duration (the median of --repeat
 * runs after a warming one):
 * - Ranking by BM25 (FTS5's bm25(), the `rank` column) reads something before its first row: the
 *   IDF of each phrase of the match is its number of holders, which FTS5 counts over the whole
 *   index. So the first ranked row costs about what counting every phrase's holders does, however
 *   few sources the match holds.
 * - A keyed look-up (MATCH … AND rowid = ?), which a pool walk makes for each source it tests, costs
 *   two to three hundred times what reading one holder in doclist order does.
 * - A whole pool walked to a deep page (every pooled source tested, as src/search/execute/sql/pool.ts
 *   does: one look-up per part until one fails) against the match read once in doclist order with
 *   the pool's sources kept: its time and D1's rows read, which count every match read.
 * BENCHMARKS.md, "The word-pair index, built", reads its figures.
 */
import { facetToken } from "../../../src/search/execute/fts5";
import { EXIT_OK, readCommandLine, runCommand, runWhenInvoked } from "../../lib/command";
import { SqlTimer } from "../lib/sql-timer";
import { ensureBenchState } from "../lib/state";

export const USAGE = `usage: npx tsx scripts/bench/cost/fts5-floor.ts [--sources N] [--repeat N]

  --sources N   the bench state's size (default 100000)
  --repeat N    runs timed per statement, the median kept, after a warming run (default 5)`;

const ELEVEN = "seo content ai search google ranking pages traffic links answers site"
	.split(" ")
	.map((word) => `"${word}"`)
	.join(" AND ");

/** Matches of the costliest shapes ranked whole (scripts/bench/lib/requests.ts, WORST_SEARCH_CASES). */
const MATCHES: [string, string][] = [
	["a quoted pair of common words", '"ai search" AND "seo content"'],
	[
		"three quoted pairs of common words (the third as its words)",
		'"ai search" AND "seo content" AND "google" AND "ranking"',
	],
	[
		"a quoted pair of common words, topic ai-overviews, platform tiktok",
		`"ai search" AND "seo content" AND facets : "${facetToken("t", "ai-overviews")}" AND facets : "${facetToken("p", "tiktok")}"`,
	],
	["500-character phrase of one repeated pair (its first 12 words)", `"${"ai search ".repeat(6).trim()}"`],
	[
		"eleven common words, topic ai-overviews, platform tiktok",
		`(${ELEVEN}) AND facets : "${facetToken("t", "ai-overviews")}" AND facets : "${facetToken("p", "tiktok")}"`,
	],
	["one common word (ranking)", '"ranking"'],
];

/** The pool a walk of the eleven common words tests (its anchor's), and what it tests each source for. */
const POOL_TERM = "traffic";
/** The walk's look-ups for the eleven common words, in the order the planner gives them. */
const WALK_LOOKUPS = [
	'"ranking"',
	'"links"',
	'"site" AND "seo" AND "google" AND "answers" AND "content" AND "ai" AND "search" AND "pages"',
];
const LOOKUPS: [string, string][] = [
	["one word (ranking)", '"ranking"'],
	[
		"eight words at once",
		'"site" AND "seo" AND "google" AND "answers" AND "content" AND "ai" AND "search" AND "pages"',
	],
];

function parse(argv: string[]) {
	return readCommandLine(argv, { sources: 100_000, repeat: 5 });
}

async function run({ sources, repeat }: ReturnType<typeof parse>): Promise<number> {
	const state = await ensureBenchState(sources);
	const timer = new SqlTimer(state.persistTo);
	try {
		const timed = async (sql: string, params: unknown[]) => {
			const { ms, rows } = await timer.median(sql, params, repeat);
			return { ms, row: rows[0] as Record<string, number> };
		};
		console.log(`Ranking by BM25 at ${sources.toLocaleString("en")} sources (D1 ms, median of ${repeat}):\n`);
		console.log(
			"| match | holders | first row | first ranked row | every row | every row ranked |\n| --- | ---: | ---: | ---: | ---: | ---: |",
		);
		for (const [label, match] of MATCHES) {
			const first = await timed("SELECT rowid FROM search_index WHERE search_index MATCH ?1 LIMIT 1", [
				match,
			]);
			const firstRanked = await timed("SELECT rank FROM search_index WHERE search_index MATCH ?1 LIMIT 1", [
				match,
			]);
			const every = await timed("SELECT COUNT(*) AS n FROM search_index WHERE search_index MATCH ?1", [
				match,
			]);
			const everyRanked = await timed(
				"SELECT COUNT(*) AS n, SUM(rank) AS s FROM search_index WHERE search_index MATCH ?1",
				[match],
			);
			const cells = [every.row.n, first.ms, firstRanked.ms, every.ms, everyRanked.ms];
			console.log(`| ${label} | ${cells.map((n) => (n ?? 0).toLocaleString("en")).join(" | ")} |`);
		}
		console.log(
			`\nA pool walk's keyed look-ups: the ${POOL_TERM} pool's sources each looked up, against the same holders read in doclist order (D1 ms, median of ${repeat}):\n`,
		);
		console.log(
			"| looked up | pooled sources | holding it | look-ups | its holders read | holders | µs a look-up | µs a holder read |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
		);
		for (const [label, expression] of LOOKUPS) {
			const looked = await timed(
				`SELECT COUNT(*) AS pooled, SUM(EXISTS (SELECT 1 FROM search_index WHERE search_index MATCH ?1 AND rowid = p.doc_id)) AS held
				 FROM search_pool_projection p WHERE p.term = ?2`,
				[expression, POOL_TERM],
			);
			const read = await timed("SELECT COUNT(*) AS n FROM search_index WHERE search_index MATCH ?1", [
				expression,
			]);
			const pooled = looked.row.pooled ?? 0;
			const holders = read.row.n ?? 0;
			const cells = [
				pooled.toLocaleString("en"),
				(looked.row.held ?? 0).toLocaleString("en"),
				looked.ms.toLocaleString("en"),
				read.ms.toLocaleString("en"),
				holders.toLocaleString("en"),
				pooled === 0 ? "–" : ((looked.ms * 1000) / pooled).toFixed(1),
				holders === 0 ? "–" : ((read.ms * 1000) / holders).toFixed(2),
			];
			console.log(`| ${label} | ${cells.join(" | ")} |`);
		}
		console.log(
			`\nThe eleven common words' matches in the ${POOL_TERM} pool, found by walking it or by reading the match once (D1 ms, median of ${repeat}; rows read):\n`,
		);
		console.log("| read | pooled matches | D1 ms | rows read |\n| --- | ---: | ---: | ---: |");
		const walked = await timer.median(
			`SELECT COUNT(*) AS n FROM search_pool_projection p WHERE p.term = ?2 AND NOT EXISTS (
			   SELECT 1 FROM json_each(?1) e
			   WHERE NOT EXISTS (SELECT 1 FROM search_index WHERE search_index MATCH e.value AND rowid = p.doc_id))`,
			[JSON.stringify(WALK_LOOKUPS), POOL_TERM],
			repeat,
		);
		const once = await timer.median(
			`SELECT COUNT(*) AS n FROM search_index WHERE search_index MATCH ?1
			   AND +rowid IN (SELECT doc_id FROM search_pool_projection WHERE term = ?2)`,
			[ELEVEN, POOL_TERM],
			repeat,
		);
		for (const [label, t] of [
			["walked: a look-up per part until one fails", walked],
			["the match read once, the pool's kept", once],
		] as const) {
			const n = (t.rows[0] as { n: number }).n;
			console.log(`| ${label} | ${n.toLocaleString("en")} | ${t.ms} | ${t.rowsRead.toLocaleString("en")} |`);
		}
		return EXIT_OK;
	} finally {
		await timer.close();
	}
}

export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}

runWhenInvoked(import.meta.url, main);
