/**
 * `npx tsx scripts/bench/cpu/predict-cpu.ts [--sources N] [--calls N] [--rounds N]`
 *
 * The CPU one search's prediction costs: what the route spends on a tools/call before it admits or
 * refuses it (src/mcp/predicted-cost.ts: the arguments' schema, then the search tool's `cost`),
 * measured as bench:cpu measures, inside one workerd isolate with no HTTP between calls
 * (scripts/bench/workers/cpu-loop.ts, target "predict"), from the copy an ordinary search loaded first (the lexicon and
 * the crowded words of the bench's state at N sources). For the hostile 500-character queries below and
 * two ordinary ones; each round times `calls` predictions of one query, and the median round is
 * reported in milliseconds per prediction.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { EXIT_OK, readCommandLine, runCommand, runWhenInvoked } from "../../lib/command";
import { onBenchWorker } from "../lib/harness";
import { median } from "../lib/median";
import { SPANISH_VOCABULARY_QUERY, toolCall } from "../lib/requests";
import { callLoop } from "./cpu-loop-client";

const USAGE = `usage: npx tsx scripts/bench/cpu/predict-cpu.ts [--sources N] [--calls N] [--rounds N]

  --sources N   the bench state whose lexicon and crowded words the isolate's copy holds (default 100000)
  --calls N     predictions per round (default 200)
  --rounds N    rounds; the median is reported (default 7)`;

const MAX_QUERY_CHARS = 500;
const fill = (words: readonly string[], separator = " ") => {
	let out = "";
	for (let i = 0; out.length < MAX_QUERY_CHARS; i++)
		out += (out === "" ? "" : separator) + words[i % words.length];
	return out.slice(0, MAX_QUERY_CHARS);
};

/** Every form of the reviewed lexicon of one kind, in the file's order. */
function lexiconForms(spanish: boolean): string[] {
	const file = resolve(import.meta.dirname, "..", "..", "..", "data", "search-lexicon.json");
	const groups = JSON.parse(readFileSync(file, "utf8")) as { forms: string[]; kind: string }[];
	return groups.filter((g) => (g.kind === "spanish") === spanish).flatMap((g) => g.forms);
}

const ACRONYMS =
	"AIO SGE GEO AEO SXO SERP CTR EEAT E-A-T LLM PAA KD CWV LCP INP CLS GSC GA4 YMYL RAG SSR CSR SEO PPC".split(
		" ",
	);

/** The queries timed: two ordinary ones, then the costliest to predict that were found. */
const QUERIES = (): { label: string; query: string }[] => [
	{ label: "AI search (ordinary)", query: "AI search" },
	{ label: "24 field acronyms", query: ACRONYMS.join(" ") },
	{ label: "field acronyms to 500 characters", query: fill(ACRONYMS) },
	{ label: "every lexicon form to 500 characters", query: fill(lexiconForms(false)) },
	{ label: "every Spanish form to 500 characters", query: fill(lexiconForms(true)) },
	{ label: "Spanish forms among Spanish stop words", query: fill(["de", ...lexiconForms(true)]) },
	{ label: "Spanish vocabulary forms to 500 characters", query: fill(SPANISH_VOCABULARY_QUERY.split(" ")) },
	{ label: "hyphenated acronyms to 500 characters", query: fill(ACRONYMS, "-") },
	{ label: "quoted acronym pairs among acronyms", query: fill(['"AIO SGE"', '"GEO AEO"', ...ACRONYMS]) },
];

const parse = (argv: string[]) => readCommandLine(argv, { sources: 100_000, calls: 200, rounds: 7 });

async function run({ sources, calls, rounds }: ReturnType<typeof parse>) {
	process.env.WRANGLER_SEND_METRICS = "false";
	await onBenchWorker("cpu-loop", sources, async ({ server: { origin } }) => {
		// An ordinary search loads the isolate's copy, as the first request after a restart would.
		await callLoop(origin, "ours-sink", toolCall("warm", "search_sources", { query: "AI search" }), 1);
		console.log(
			`| query (the copy of ${sources.toLocaleString("en")} sources) | characters | CPU ms per prediction |`,
		);
		console.log("| --- | ---: | ---: |");
		let worst = 0;
		for (const { label, query } of QUERIES()) {
			const request = toolCall(label, "search_sources", { query, offset: 1000, limit: 20 });
			await callLoop(origin, "predict", request, Math.max(10, calls / 10));
			const times: number[] = [];
			for (let i = 0; i < rounds; i++)
				times.push((await callLoop(origin, "predict", request, calls)).ms / calls);
			const ms = median(times);
			worst = Math.max(worst, ms);
			console.log(`| ${label} | ${query.length} | ${ms.toFixed(3)} |`);
		}
		console.log(`\nworst: ${worst.toFixed(3)} ms of CPU per prediction`);
	});
	return EXIT_OK;
}

export function main(argv: string[]): Promise<number> {
	return runCommand(argv, {
		usage: USAGE,
		parse,
		run,
	});
}

runWhenInvoked(import.meta.url, main);
