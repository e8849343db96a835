/**
 * `npm run bench:cost -- [--sizes 1000,10000,100000] [--json FILE]`
 *
 * What each request shape costs the database at the edge, counted (not timed) at each corpus size:
 * round trips, their depth (round trips that waited on an earlier one), statements, D1's rows read and
 * its execution time, through our Worker with its D1 binding wrapped by the counter the Workers tests
 * use (scripts/bench/workers/counting-worker.ts). Each shape of scripts/bench/cost/cost-cases.ts is sent once to warm the
 * isolate's copies and the page cache, then counted on the second send. Prints one table per size and
 * the targets of BENCHMARKS.md, and writes the figures as JSON (the bench report reads them).
 */
import { writeFileSync } from "node:fs";
import { admissionUnits } from "../../../src/limits";
import { allTerms, anyTerm } from "../../../src/search/execute/fts5";
import type { SearchTerm } from "../../../src/search/query/terms";
import { handleKey } from "../../../src/text/handle-key";
import { REFERENCE_SQL, referenceIndexStatements } from "../../../test/support/search-reference";
import { EXIT_OK, OPTIONAL, readCommandLine, runCommand, runWhenInvoked } from "../../lib/command";
import { runRefresh } from "../../projections-refresh";
import { progress, startWorker } from "../lib/harness";
import { median } from "../lib/median";
import { SqlTimer } from "../lib/sql-timer";
import { ensureBenchState } from "../lib/state";
import { COST_CASES, type CostCase } from "./cost-cases";

export interface CaseCost {
	label: string;
	/** "live": the same call through the live-count variant, not a shape of its own. */
	kind: CostCase["kind"] | "live";
	searchKind?: CostCase["searchKind"];
	maxDepth: number;
	roundTrips: number;
	depth: number;
	statements: number;
	rowsRead: number;
	d1Ms: number;
	/** search_sources only: the answer's total_estimate, and the true count of what it searched. */
	total?: number;
	/** search_sources only: the plan that answered, as the answer shows it (ranked_among). */
	plan?: "whole" | "pool" | "recent" | "none";
	trueTotal?: number;
}

export interface SizeCost {
	sources: number;
	cases: CaseCost[];
	search: { medianRowsRead: number; maxRowsRead: number; maxDepth: number };
}

/** One counted send of a shape: what the counting Worker's x-d1-cost header reports, and the body. */
export async function countedSend(origin: string, c: CostCase): Promise<{ cost: CaseCost; body: string }> {
	const { request } = c;
	const response = await fetch(`${origin}${request.path}`, {
		method: request.method,
		headers: request.method === "POST" ? request.headers : {},
		body: request.method === "POST" ? request.body : undefined,
		redirect: "manual",
		signal: AbortSignal.timeout(120_000),
	});
	const body = await response.text();
	if (response.status !== 200) throw new Error(`${c.label}: HTTP ${response.status}: ${body.slice(0, 300)}`);
	const counted = JSON.parse(response.headers.get("x-d1-cost") ?? "{}");
	return {
		cost: { label: c.label, kind: c.kind, searchKind: c.searchKind, maxDepth: c.maxDepth, ...counted },
		body,
	};
}

const D1_TIME_SENDS = 3;

export async function measureCosts(sizes: number[]): Promise<SizeCost[]> {
	const out: SizeCost[] = [];
	for (const sources of sizes) {
		const state = await ensureBenchState(sources);
		// A reused state has had any new migration applied: its projections (search_term_projection too) are rebuilt.
		runRefresh("full", { remote: false, persistTo: state.persistTo });
		const worker = await startWorker("counting", state.persistTo);
		try {
			const cases: CaseCost[] = [];
			const searched = new Map<string, { sc: SearchAnswer; filters: string }>();
			for (const c of COST_CASES()) {
				process.stderr.write(`  ${sources}: ${c.label}\n`);
				await countedSend(worker.server.origin, c);
				// Counts are the same on every send; D1's own time on this machine is not: the median of three.
				const sends = [];
				for (let i = 0; i < D1_TIME_SENDS; i++) sends.push(await countedSend(worker.server.origin, c));
				const { cost, body } = sends[0] as (typeof sends)[number];
				cost.d1Ms = median(sends.map((s) => s.cost.d1Ms));
				if (c.kind === "search") {
					const sc = JSON.parse(body).result?.structuredContent;
					cost.total = sc?.total_estimate;
					cost.plan =
						sc?.total_estimate === 0
							? "none"
							: sc?.ranked_among === null
								? "whole"
								: sc?.ranked_among?.order === "merit"
									? "pool"
									: "recent";
					searched.set(c.label, { sc, filters: (c.request as { body: string }).body });
				}
				cases.push(cost);
			}
			await worker.server.stop();
			cases.push(...(await liveCosts(state.persistTo)));
			await countTruly(state.persistTo, cases, searched);
			const searches = cases.filter((c) => c.kind === "search");
			out.push({
				sources,
				cases,
				search: {
					medianRowsRead: median(searches.map((c) => c.rowsRead)),
					maxRowsRead: Math.max(...searches.map((c) => c.rowsRead)),
					maxDepth: Math.max(...searches.map((c) => c.depth)),
				},
			});
			progress(`counted ${cases.length} shapes at ${sources} sources`);
		} finally {
			await worker.server.stop().catch(() => {});
		}
	}
	return out;
}

/** The same calls with the signal's counts computed live (scripts/bench/workers/live-aggregates.ts): projection against live, per call. */
async function liveCosts(persistTo: string): Promise<CaseCost[]> {
	const live = await startWorker("counting-live", persistTo);
	try {
		const out: CaseCost[] = [];
		for (const c of COST_CASES().filter((x) => x.label === "get_topic_signal")) {
			await countedSend(live.server.origin, c);
			const { cost } = await countedSend(live.server.origin, c);
			out.push({ ...cost, label: `${c.label} (live counts)`, kind: "live" });
		}
		return out;
	} finally {
		await live.server.stop().catch(() => {});
	}
}

interface SearchAnswer {
	match_mode: string;
	interpreted_as: { term: string; phrase: boolean; alternatives: string[] }[];
	terms_left_out: { term: string }[];
	filters: { creator_handle: string | null; topic_id: string | null; platform: string | null };
}

/** The true count of what each search searched, over a freshly built index (search-reference.ts). */
async function countTruly(persistTo: string, cases: CaseCost[], searched: Map<string, { sc: SearchAnswer }>) {
	const timer = new SqlTimer(persistTo);
	try {
		for (const sql of referenceIndexStatements()) await timer.time(sql, [], 1);
		for (const c of cases) {
			const answer = searched.get(c.label)?.sc;
			if (answer === undefined) continue;
			const left = new Set(answer.terms_left_out.map((t) => t.term));
			const terms: SearchTerm[] = answer.interpreted_as
				.filter((t) => !left.has(t.term))
				.map((t) => ({ text: t.term, quoted: t.phrase, alternatives: t.alternatives, keys: [] }));
			if (terms.length === 0) continue;
			const match = answer.match_mode === "any_term" ? anyTerm(terms) : allTerms(terms);
			const f = answer.filters;
			const { rows } = await timer.time(
				`SELECT COUNT(*) AS n FROM (${REFERENCE_SQL})`,
				[match, f.creator_handle === null ? null : handleKey(f.creator_handle), f.topic_id, f.platform, null],
				1,
			);
			c.trueTotal = Number(rows[0]?.n ?? 0);
		}
	} finally {
		await timer.close();
	}
}

/** The five searches that cost the most D1 time at the largest size, with what they read and the plan that answered. */
export function costliestTable(sizes: SizeCost[]): string {
	const big = sizes.at(-1);
	if (big === undefined) return "";
	const five = big.cases
		.filter((c) => c.kind === "search")
		.sort((a, b) => b.d1Ms - a.d1Ms)
		.slice(0, 5);
	return [
		`| search at ${big.sources.toLocaleString("en")} sources | D1 ms | messages charged | round trips | rows read | plan |`,
		"| --- | ---: | ---: | ---: | ---: | --- |",
		...five.map(
			(c) =>
				`| ${c.label.replaceAll("|", "\\|")} | ${c.d1Ms.toFixed(0)} | ${admissionUnits(c.d1Ms)} | ${c.roundTrips} | ${c.rowsRead.toLocaleString("en")} | ${c.plan ?? "–"} |`,
		),
	].join("\n");
}

export function costTable(sizes: SizeCost[]): string {
	const labels = sizes[0]?.cases.map((c) => c.label) ?? [];
	const head = `| call | bound (depth) | ${sizes.map((s) => `${s.sources.toLocaleString("en")}: trips (depth), rows, D1 ms`).join(" | ")} |`;
	const rule = `| --- | ---: | ${sizes.map(() => "---:").join(" | ")} |`;
	const rows = labels.map((label) => {
		const cells = sizes.map((s) => {
			const c = s.cases.find((x) => x.label === label);
			return c === undefined
				? "–"
				: `${c.roundTrips} (${c.depth}), ${c.rowsRead.toLocaleString("en")}, ${c.d1Ms.toFixed(0)}`;
		});
		const first = sizes[0]?.cases.find((x) => x.label === label);
		const bound = first === undefined || first.kind === "live" ? "–" : `≤ ${first.maxDepth}`;
		return `| ${label.replaceAll("|", "\\|")} | ${bound} | ${cells.join(" | ")} |`;
	});
	return [head, rule, ...rows].join("\n");
}

export const USAGE = `usage: npm run bench:cost [-- --sizes N,N,…] [-- --json FILE]

  --sizes N,N,…   corpus sizes to count at (default 1000,10000,100000)
  --json FILE     also write the measures as JSON`;

function parse(argv: string[]) {
	return readCommandLine(argv, { sizes: [1000, 10_000, 100_000], json: OPTIONAL });
}

async function run({ sizes, json }: ReturnType<typeof parse>): Promise<number> {
	const measured = await measureCosts(sizes);
	console.log(costTable(measured));
	console.log(`\nThe five costliest searches:\n\n${costliestTable(measured)}`);
	for (const s of measured) {
		const estimates = s.cases.filter((c) => c.trueTotal !== undefined && c.trueTotal > 0);
		const off = estimates.map((c) => ({
			label: c.label,
			off: Math.abs((c.total ?? 0) - (c.trueTotal ?? 0)) / (c.trueTotal ?? 1),
		}));
		const worst = off.sort((a, b) => b.off - a.off)[0];
		console.log(
			`\n${s.sources}: total_estimate against the true count: worst ${worst ? `${(worst.off * 100).toFixed(1)} % (${worst.label})` : "–"}`,
		);
		const over = s.cases.filter((c) => c.kind !== "live" && c.depth > c.maxDepth).map((c) => c.label);
		console.log(
			`\n${s.sources}: search rows read median ${s.search.medianRowsRead}, max ${s.search.maxRowsRead}; deepest search ${s.search.maxDepth}; over their depth bound: ${over.length === 0 ? "none" : over.join(", ")}`,
		);
	}
	if (json) writeFileSync(json, `${JSON.stringify(measured, null, 2)}\n`);
	return EXIT_OK;
}

export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}

runWhenInvoked(import.meta.url, main);
