/**
 * `npm run bench [-- --sizes 1000,10000,100000] [-- --cpu-calls 2000] [-- --rounds 5] [-- --out DIR]`
 *
 * The benchmark: a script that prints figures (never a timed test), on locally generated corpora
 * (cached under .tmp/bench-state, see state.ts), in one run on one commit:
 * - what each request shape costs the database at each size, counted: round trips, their depth,
 *   statements, rows read, D1 time, and each search's total_estimate against the true count
 *   (edge-cost.ts);
 * - the CPU each handler's own code spends per call in one isolate: ours, the official SDK's, the
 *   bare floor (cpu.ts), and each search shape's own time at the largest size, D1's apart
 *   (search-cpu.ts);
 * - search relevance on the labelled query set (search-quality.ts): on the sample, and at 100,000
 *   sources for the queries judged there when that size is measured;
 * - each Spanish vocabulary form's top 10 against its English form's (search-spanish.ts), on the
 *   sample and at the largest size;
 * - what one large-vocabulary import costs the projection refreshes after it and the pair writer,
 *   counted, at each size (vocabulary-import.ts).
 * Writes the generated blocks of BENCHMARKS.md and benchmarks.json (report.ts), with the commit
 * measured and every target's measured value; the prose of BENCHMARKS.md is kept as written.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { SEARCH_TUNING } from "../../src/search/vocabulary/tuning";
import {
	flooredMeans,
	type LabelledSet,
	type QualityReport,
	type QualityRun,
	qualityBlock,
	qualitySummary,
} from "../../test/quality/metrics";
import { EXIT_OK, readCommandLine, runCommand, runWhenInvoked } from "../lib/command";
import { REPO_ROOT } from "../lib/dev-server";
import { type CaseCost, costliestTable, costTable, measureCosts, type SizeCost } from "./cost/edge-cost";
import {
	measureVocabularyImport,
	type VocabularyImport,
	vocabularyMet,
	vocabularyTable,
} from "./cost/vocabulary-import";
import { type CpuResult, cpuTable, measureCpu } from "./cpu/cpu";
import { measureSearchCpu, searchCpuTable } from "./cpu/search-cpu";
import { measureSuggestions, suggestionsTable } from "./cpu/suggestions";
import { progress } from "./lib/harness";
import { median } from "./lib/median";
import { commitText, measuredCommit, writeResults } from "./lib/report";
import { LARGE_QUERIES_FILE } from "./quality/search-quality-labels";
import { measureSpanish, type SpanishMeasure, spanishSummary, spanishTable } from "./spanish/search-spanish";

/** Search relevance on the sample, and at the labelled large size when this run measures that size. */
function quality(sizes: readonly number[]): QualityRun {
	const large = (JSON.parse(readFileSync(LARGE_QUERIES_FILE, "utf8")) as LabelledSet).corpus.sources;
	const dir = mkdtempSync(join(tmpdir(), "bench-quality-"));
	try {
		const file = join(dir, "quality.json");
		const run = spawnSync(
			process.execPath,
			[
				"--import",
				"tsx",
				"scripts/bench/quality/search-quality.ts",
				"--json",
				file,
				...(sizes.includes(large) ? [] : ["--sample-only"]),
			],
			{
				cwd: REPO_ROOT,
				encoding: "utf8",
				env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
			},
		);
		if (run.status !== 0) throw new Error(`search quality failed:\n${run.stdout}${run.stderr}`);
		return JSON.parse(readFileSync(file, "utf8")) as QualityRun;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

interface Target {
	target: string;
	measured: string;
	met: boolean;
}

/** A category's mean nDCG@10 in a report, or undefined when it has none. */
const categoryNdcg = (report: QualityReport | undefined, category: string) =>
	report?.categories.find((c) => c.category === category)?.ndcg;

function targets(
	costs: SizeCost[],
	cpu: CpuResult[],
	run: QualityRun,
	spanish: SpanishMeasure[],
	vocabulary: VocabularyImport[],
): Target[] {
	const q = run.sample;
	const floored = flooredMeans(q);
	const before = JSON.parse(
		readFileSync(resolve(REPO_ROOT, "test/quality/concept-before.json"), "utf8"),
	) as QualityRun;
	const concept = (r: QualityRun) => [categoryNdcg(r.sample, "concept"), categoryNdcg(r.large, "concept")];
	const [was300, was100k] = concept(before);
	const [now300, now100k] = concept(run);
	const completeBefore = JSON.parse(
		readFileSync(resolve(REPO_ROOT, "test/quality/complete-before.json"), "utf8"),
	) as Record<"sample" | "large", { concept: { ndcg: number } }>;
	// Rounded as the before figures were recorded (three places).
	const rounded = (x: number | undefined) => (x === undefined ? undefined : Math.round(x * 1000) / 1000);
	const complete300 = rounded(categoryNdcg(run.complete?.sample, "concept"));
	const complete100k = rounded(categoryNdcg(run.complete?.large, "concept"));
	const held = (run.adjacency ?? []).filter((c) => c.holding >= 10);
	const short = held.filter((c) => c.shown < 8);
	const big = costs.at(-1) as SizeCost;
	const n = big.sources.toLocaleString("en");
	const reads = big.cases.filter((c) => c.kind === "read");
	const searches = big.cases.filter((c) => c.kind === "search");
	const page = big.cases.find((c) => c.kind === "page");
	const deepest = (cases: CaseCost[]) => cases.reduce((a, b) => (b.depth > a.depth ? b : a));
	const crowded = searches.filter((c) => (c.trueTotal ?? 0) > SEARCH_TUNING.pool);
	const off = crowded.map((c) => ({
		c,
		off: Math.abs((c.total ?? 0) - (c.trueTotal ?? 0)) / (c.trueTotal ?? 1),
	}));
	const worstOff = off.reduce((a, b) => (b.off > a.off ? b : a), { c: crowded[0] as CaseCost, off: 0 });
	const common = searches.filter((c) => c.searchKind === "common").map((c) => c.d1Ms);
	const worstMs = searches.reduce((a, b) => (b.d1Ms > a.d1Ms ? b : a));
	const signal = cpu.find((r) => r.tool === "get_topic_signal");
	const heaviest = searches.reduce((a, b) => (b.rowsRead > a.rowsRead ? b : a));
	const largestImport = vocabulary.at(-1);
	return [
		{
			target: "depth ≤ 1 for get_topic, get_source, get_creator, resources/read, prompts/get, completion",
			measured: `deepest ${deepest(reads).depth} (${deepest(reads).label})`,
			met: deepest(reads).depth <= 1,
		},
		{
			target: "a source page cache hit: at most 1 round trip",
			measured: `${page?.roundTrips ?? "–"}`,
			met: (page?.roundTrips ?? 2) <= 1,
		},
		{
			target: "search_sources depth ≤ 2 for every search case",
			measured: `deepest ${deepest(searches).depth} (${deepest(searches).label})`,
			met: deepest(searches).depth <= 2,
		},
		{
			target: `median rows read over the search cases at ${n} sources ≤ 10,000`,
			measured: big.search.medianRowsRead.toLocaleString("en"),
			met: big.search.medianRowsRead <= 10_000,
		},
		{
			target: `no search case above 40,000 rows read at ${n} sources`,
			measured: `${heaviest.rowsRead.toLocaleString("en")} (${heaviest.label})`,
			met: heaviest.rowsRead <= 40_000,
		},
		{
			target: `total_estimate within 10 % of the true count for every crowded search at ${n} sources`,
			measured: `worst ${(worstOff.off * 100).toFixed(1)} % (${worstOff.c?.label ?? "–"})`,
			met: worstOff.off <= 0.1,
		},
		{
			target: `D1 time per search at ${n} sources: common-word median ≤ 13 ms, no shape above 100 ms (the bench's cases, hostile ones included)`,
			measured: `median ${median(common).toFixed(0)} ms, worst ${worstMs.d1Ms.toFixed(0)} ms (${worstMs.label})`,
			met: median(common) <= 13 && worstMs.d1Ms <= 100,
		},
		{
			target: "in-process CPU per get_topic_signal ≤ 0.5 × the SDK peer's, limiter and log line included",
			measured: signal
				? `${signal.oursOverSdk.toFixed(2)} × (log line through the local console), ${signal.oursSinkOverSdk.toFixed(2)} × (log line built, sent to a sink)`
				: "–",
			met: (signal?.oursOverSdk ?? 1) <= 0.5,
		},
		{
			target: `nDCG@10 on the labelled set's ${floored.queries} queries judged from the generator (sample corpus) ≥ 0.933`,
			measured: floored.ndcg.toFixed(3),
			met: floored.ndcg >= 0.933,
		},
		{
			target:
				"concept queries: nDCG@10 above the ranking before issue 21 at both sizes (test/quality/concept-before.json)",
			measured: `300: ${now300?.toFixed(3) ?? "–"} (was ${was300?.toFixed(3) ?? "–"}); 100,000: ${now100k?.toFixed(3) ?? "–"} (was ${was100k?.toFixed(3) ?? "–"})`,
			met:
				now300 !== undefined &&
				was300 !== undefined &&
				now300 > was300 &&
				now100k !== undefined &&
				was100k !== undefined &&
				now100k > was100k,
		},
		{
			target:
				"concept queries on complete judgments (every public source graded by its rubric): nDCG@10 no lower than before issue 33 at both sizes (test/quality/complete-before.json)",
			measured: `300: ${complete300?.toFixed(3) ?? "–"} (was ${completeBefore.sample.concept.ndcg.toFixed(3)}); 100,000: ${complete100k?.toFixed(3) ?? "–"} (was ${completeBefore.large.concept.ndcg.toFixed(3)})`,
			met:
				complete300 !== undefined &&
				complete300 >= completeBefore.sample.concept.ndcg &&
				complete100k !== undefined &&
				complete100k >= completeBefore.large.concept.ndcg,
		},
		{
			target:
				"at 100,000 sources, 8 of the top 10 show a concept's words adjacent (title or excerpt) whenever 10 public sources hold them so",
			measured:
				held.length === 0
					? "–"
					: `${held.length - short.length} of ${held.length} concepts${short.length > 0 ? `; short: ${short.map((c) => `${c.query} (${c.shown})`).join(", ")}` : ""}`,
			met: held.length > 0 && short.length === 0,
		},
		{
			target:
				"after 50 sources of 40 passages of unique words (about 480,000 new words), an incremental refresh with nothing changed reads ≤ 2 × the rows and runs no more statements than before, at every size",
			measured: vocabulary
				.map(
					(m) =>
						`${m.sources.toLocaleString("en")}: ${(m.after.rowsRead / m.before.rowsRead).toFixed(2)} ×, ${m.after.statements} statements (was ${m.before.statements})`,
				)
				.join("; "),
			met: vocabulary.length > 0 && vocabularyMet(vocabulary),
		},
		{
			target: `the pair writer's longest statement writing that import at ${largestImport?.sources.toLocaleString("en") ?? "–"} sources ≤ 3 s`,
			measured: largestImport === undefined ? "–" : `${largestImport.pairs.longestMs.toFixed(0)} ms`,
			met: largestImport !== undefined && largestImport.pairs.longestMs <= 3000,
		},
		{
			target: `every Spanish vocabulary form shares ≥ 8 of its English form's top 10, at 300 and ${n} sources`,
			measured: `${spanish.filter((m) => Object.values(m.sizes).every((s) => s.enough)).length} of ${spanish.length} forms`,
			met: spanish.length > 0 && spanish.every((m) => Object.values(m.sizes).every((s) => s.enough)),
		},
	];
}

export const USAGE = `usage: npm run bench [-- --sizes N,N,…] [-- --cpu-calls N] [-- --rounds N] [-- --out DIR]

  --sizes N,N,…    corpus sizes the costs are counted at (default 1000,10000,100000)
  --cpu-calls N    calls of each handler per CPU round (default 2000)
  --rounds N       CPU rounds, the median kept (default 5)
  --out DIR        where BENCHMARKS.md and benchmarks.json are written (default: the repository)`;

function parse(argv: string[]) {
	return readCommandLine(argv, { sizes: [1000, 10_000, 100_000], cpuCalls: 2000, rounds: 5, out: REPO_ROOT });
}

async function run({ sizes, ...values }: ReturnType<typeof parse>): Promise<number> {
	process.env.WRANGLER_SEND_METRICS = "false";
	const started = { at: new Date().toISOString(), load: loadavg().map((x) => Number(x.toFixed(2))) };
	const commit = measuredCommit();
	const costs = await measureCosts(sizes);
	progress("database cost counted");
	const cpu = await measureCpu({
		calls: values.cpuCalls,
		rounds: values.rounds,
		sources: sizes[0] ?? 1000,
	});
	const largest = Math.max(...sizes);
	const searchCpu = await measureSearchCpu({ calls: 3, rounds: values.rounds, sources: largest });
	// The largest size's public creators: what one typo's comparison costs in CPU.
	const suggestions = measureSuggestions({ sources: largest, calls: 200 });
	progress("typo comparison measured");
	const q = quality(sizes);
	progress("search quality measured");
	const spanishSizes = [300, largest];
	const spanish = await measureSpanish(spanishSizes);
	progress("Spanish vocabulary measured");
	const vocabulary = await measureVocabularyImport(sizes);
	progress("large-vocabulary import measured");
	const all = targets(costs, cpu, q, spanish, vocabulary);
	const machine = {
		node: process.version,
		cpus: cpus().length,
		loadavg_start: started.load,
		loadavg_end: loadavg().map((x) => Number(x.toFixed(2))),
	};
	const header = `Measured on ${commitText(commit)} by \`npm run bench -- --sizes ${sizes.join(",")}\`, ${started.at}; Node ${machine.node}, ${machine.cpus} cores, load average ${machine.loadavg_start.join(" / ")} at the start and ${machine.loadavg_end.join(" / ")} at the end.`;
	const blocks = {
		run: header,
		targets: [
			"| target | measured | met |",
			"| --- | --- | --- |",
			...all.map((t) => `| ${t.target} | ${t.measured} | ${t.met ? "yes" : "**no**"} |`),
		].join("\n"),
		"edge-cost": `${costTable(costs)}\n\nThe five searches that cost the most D1 time at the largest size:\n\n${costliestTable(costs)}`,
		cpu: cpuTable(cpu),
		"search-cpu": searchCpuTable(searchCpu, largest),
		suggestions: suggestionsTable(suggestions),
		quality: qualityBlock(q),
		spanish: spanishTable(spanish, spanishSizes),
		"vocabulary-import": vocabularyTable(vocabulary),
	};
	writeResults(
		blocks,
		{
			generated_at: started.at,
			command: `npm run bench -- --sizes ${sizes.join(",")}`,
			...commit,
			machine,
			targets: all,
			edge_cost: costs,
			cpu,
			search_cpu: searchCpu,
			typo_suggestions: suggestions,
			search_quality: qualitySummary(q),
			spanish_vocabulary: spanishSummary(spanish, spanishSizes),
			vocabulary_import: vocabulary,
		},
		values.out,
		// The load test, the crowd and the charge write their own keys (npm run bench:load,
		// bench:crowd, bench:charge -- --write); everything else is this run's.
		["load_test", "crowd", "search_charge"],
	);
	console.log(`${blocks.targets}\n\n${blocks.cpu}`);
	return EXIT_OK;
}

export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}

runWhenInvoked(import.meta.url, main);
