/**
 * `npx tsx scripts/bench/cpu/refusal-cpu.ts [--sources N] [--calls N] [--rounds N]`
 *
 * What a refused request costs the Worker's CPU, measured as bench:cpu measures, inside one workerd
 * isolate with no HTTP between calls (scripts/bench/workers/cpu-loop.ts): a batch longer than a batch may be (the
 * reference: it is refused before anything is predicted), requests whose client's window is spent
 * (the first call hears it from the limiter, every later one is refused from what the isolate
 * remembers), and a batch of the costliest searches that no window could pay (predicted only until
 * its units pass a window). Each round times `calls` refusals; the median round is reported in
 * milliseconds per request.
 */
import { EXIT_OK, readCommandLine, runCommand, runWhenInvoked } from "../../lib/command";
import { onBenchWorker, progress } from "../lib/harness";
import { median } from "../lib/median";
import { type BenchRequest, mcpRequest, WORST_SEARCH_CASES } from "../lib/requests";
import { callLoop, type LoopTarget } from "./cpu-loop-client";

const USAGE = `usage: npx tsx scripts/bench/cpu/refusal-cpu.ts [--sources N] [--calls N] [--rounds N]

  --sources N   the bench state whose copies the isolate holds (default 100000)
  --calls N     refused requests per round (default 200)
  --rounds N    rounds; the median is reported (default 7)`;

/** The longest query of acronyms the schema takes, at the deepest page: each expands to its spellings. */
const ACRONYM_CASE = WORST_SEARCH_CASES.find((c) => c.label === "24 field acronyms offset 1000 limit 20");
if (ACRONYM_CASE === undefined) throw new Error("no bench search case of the 24 field acronyms");
const ACRONYMS = String(ACRONYM_CASE.args.query).repeat(10).slice(0, 500);
const hostile = (id: number) => ({
	jsonrpc: "2.0",
	id,
	method: "tools/call",
	params: { name: "search_sources", arguments: { query: ACRONYMS, offset: 1000, limit: 20 } },
});

/** A 2025-03-26 batch (no version header: that era's batches). */
const batchOf = (label: string, messages: unknown[]): BenchRequest => ({
	label,
	method: "POST",
	path: "/api/mcp",
	headers: {
		"content-type": "application/json",
		accept: "application/json",
		"cf-connecting-ip": "198.18.9.1",
	},
	body: JSON.stringify(messages),
});

const single = mcpRequest("search", "tools/call", {
	name: "search_sources",
	arguments: { query: ACRONYMS, offset: 1000, limit: 20 },
});

const CASES: { label: string; target: LoopTarget; request: BenchRequest }[] = [
	{
		label: "a batch of 21 pings (longer than a batch may be)",
		target: "ours",
		request: batchOf(
			"21 pings",
			Array.from({ length: 21 }, (_, i) => ({ jsonrpc: "2.0", id: i + 1, method: "ping" })),
		),
	},
	{
		label: "a 500-character search of acronyms at offset 1000, its window spent",
		target: "ours-spent",
		request: single,
	},
	{
		label: "a batch of 20 such searches, its window spent",
		target: "ours-spent",
		request: batchOf(
			"20 hostile searches",
			Array.from({ length: 20 }, (_, i) => hostile(i + 1)),
		),
	},
	{
		label: "a batch of 20 such searches, more than a window pays (its window not spent)",
		target: "ours",
		request: batchOf(
			"20 hostile searches",
			Array.from({ length: 20 }, (_, i) => hostile(i + 1)),
		),
	},
];

export async function main(argv: string[]): Promise<number> {
	return runCommand(argv, {
		usage: USAGE,
		parse: (args) => readCommandLine(args, { sources: 100_000, calls: 200, rounds: 7 }),
		run: ({ sources, calls, rounds }) =>
			onBenchWorker("cpu-loop", sources, async ({ server: { origin } }) => {
				console.log(
					`| at ${sources.toLocaleString("en")} sources, refused | ms per request (median of ${rounds} rounds of ${calls}) |`,
				);
				console.log("| --- | ---: |");
				for (const { label, target, request } of CASES) {
					progress(label);
					await callLoop(origin, target, request, 20, 429);
					const times: number[] = [];
					for (let round = 0; round < rounds; round++)
						times.push((await callLoop(origin, target, request, calls, 429)).ms / calls);
					console.log(`| ${label} | ${median(times).toFixed(2)} |`);
				}
				return EXIT_OK;
			}),
	});
}

runWhenInvoked(import.meta.url, main, { exit: true });
