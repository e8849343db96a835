/**
 * Our own time per search, in-process (`npm run bench:cpu -- --searches --sources 100000`): every
 * search shape of the cost cases (scripts/bench/cost/cost-cases.ts) called in one workerd isolate with no
 * HTTP between calls (scripts/bench/workers/cpu-loop.ts, our Worker with its log line sunk), its time split into D1's
 * own (the log line's d1_ms, D1's meta.duration summed) and the rest: parsing, planning, building the
 * statement and the answer, the limiter's and the log's code, and the local binding carrying rows
 * between the Worker and the database. On Cloudflare that last part is a network round trip instead,
 * counted by bench:cost, so "the rest" bounds our code's CPU from above.
 */

import { COST_CASES } from "../cost/cost-cases";
import { onBenchWorker, progress } from "../lib/harness";
import { median } from "../lib/median";
import type { BenchRequest } from "../lib/requests";
import { callLoop, type LoopOptions } from "./cpu-loop-client";

interface SearchCpuResult {
	label: string;
	kind: string;
	/** Per call, the median round: the whole call, D1's time, and the rest (ours). */
	callMs: number;
	d1Ms: number;
	oursMs: number;
}

export async function measureSearchCpu(options: LoopOptions): Promise<SearchCpuResult[]> {
	return onBenchWorker("cpu-loop", options.sources, async ({ server: { origin } }) => {
		const loop = async (request: BenchRequest, calls: number) => {
			const { ms, d1Ms } = await callLoop(origin, "ours-sink", request, calls);
			return { call: ms / calls, d1: d1Ms / calls };
		};
		const results: SearchCpuResult[] = [];
		for (const c of COST_CASES().filter((c) => c.kind === "search")) {
			const request = c.request as BenchRequest;
			// Warm the isolate's copies and SQLite's page cache for this shape.
			await loop(request, 2);
			const rounds = [];
			for (let round = 0; round < options.rounds; round++) rounds.push(await loop(request, options.calls));
			results.push({
				label: c.label,
				kind: c.searchKind ?? "search",
				callMs: median(rounds.map((r) => r.call)),
				d1Ms: median(rounds.map((r) => r.d1)),
				oursMs: median(rounds.map((r) => r.call - r.d1)),
			});
		}
		progress(`cpu: ${results.length} search shapes measured`);
		return results;
	});
}

/** The common-word median, then the shapes whose own time is largest. */
export function searchCpuTable(results: SearchCpuResult[], sources: number, shown = 8): string {
	const common = results.filter((r) => r.kind === "common");
	const lines = [
		`At ${sources.toLocaleString("en")} sources, per call (median round): common-word searches, median of ${common.length} shapes: ${median(common.map((r) => r.oursMs)).toFixed(2)} ms ours, ${median(common.map((r) => r.d1Ms)).toFixed(1)} ms D1.`,
		"",
		"| search | whole call ms | D1 ms | ours ms |",
		"| --- | ---: | ---: | ---: |",
	];
	for (const r of [...results].sort((a, b) => b.oursMs - a.oursMs).slice(0, shown))
		lines.push(
			`| ${r.label.replaceAll("|", "\\|")} | ${r.callMs.toFixed(1)} | ${r.d1Ms.toFixed(1)} | ${r.oursMs.toFixed(2)} |`,
		);
	return lines.join("\n");
}
