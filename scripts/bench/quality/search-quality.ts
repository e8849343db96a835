/**
 * `npm run bench:quality [-- --sample-only] [-- --json FILE] [-- --compare FILE] [-- --write] [-- --write-floor]`
 *
 * Relevance of search_sources on the labelled query set: nDCG@10 and recall@10 per query, overall
 * and per category, at two sizes.
 * - The sample (300 sources, test/quality/queries.json): it runs test/workers/search/quality.test.ts,
 *   the CI test itself, in the Workers runtime (Miniflare's real D1, seeded with the default sample
 *   corpus, every query through the Worker's endpoint), and prints the report that test leaves in its
 *   meta, so the script and CI measure the same thing the same way. Takes seconds.
 * - 100,000 sources (test/quality/queries-100k.json: the concept and question queries judged there):
 *   every query through search_sources of the Worker under wrangler's local dev server, over the
 *   bench state of that size (state.ts; built once, which takes minutes, then reused).
 *   `--sample-only` skips it.
 *
 * `--json FILE` also writes both reports (with every query's top 10) as JSON; `--compare FILE`
 * prints the change against such a file, or against a sample report alone (test/quality/before.json
 * holds search before issue 13's rewrite, test/quality/concept-before.json search before issue 21's
 * ranking). `--write-floor` records today's means over the queries judged from the generator as the
 * floor the CI test enforces (test/quality/floor.json): use it when search gets better, never to
 * accept a drop. `--write` puts both sizes' table into BENCHMARKS.md's quality block (with the commit
 * measured) and the means into benchmarks.json, as `npm run bench` does with the rest.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { TestCase } from "vitest/node";
import { holdsAny } from "../../../src/search/excerpts/passages";
import { togetherOf } from "../../../src/search/plan/together";
import { termKey } from "../../../src/search/query/parse";
import type { SearchTerm } from "../../../src/search/query/terms";
import {
	type AdjacencyCheck,
	evaluate,
	flooredMeans,
	formatAdjacency,
	formatComparison,
	formatComplete,
	formatGroups,
	formatReport,
	formatSizes,
	K,
	type LabelledSet,
	type QualityFloor,
	type QualityReport,
	type QualityRun,
	qualityBlock,
	qualitySummary,
} from "../../../test/quality/metrics";
import {
	EXIT_FAILED,
	EXIT_OK,
	OPTIONAL,
	readCommandLine,
	runCommand,
	runWhenInvoked,
} from "../../lib/command";
import { REPO_ROOT } from "../../lib/dev-server";
import { probe, progress, startWorker } from "../lib/harness";
import { measuredCommit, writeResults } from "../lib/report";
import { toolCall } from "../lib/requests";
import { BENCH_STATE_ROOT, ensureBenchState, stateKey } from "../lib/state";
import { RUBRIC_ARM_DEPTH, rubricReports, sampleSources, stateSources } from "./search-quality-complete";
import { LARGE_QUERIES_FILE } from "./search-quality-labels";
import { serverTop } from "./search-quality-pool";

const TEST_FILE = "test/workers/search/quality.test.ts";
const CONCEPTS_FILE = resolve(REPO_ROOT, "test/quality/concept-queries.json");
const SAMPLE_QUERIES_FILE = resolve(REPO_ROOT, "test/quality/queries.json");

interface ConceptFile {
	queries: { query: string; category: string; sources_100k?: { adjacent: number } }[];
}
const FLOOR_FILE = resolve(REPO_ROOT, "test/quality/floor.json");

/** A --compare file: a QualityRun, or a sample report alone (as before.json is). */
function readRun(file: string): QualityRun {
	const json = JSON.parse(readFileSync(file, "utf8")) as QualityRun | QualityReport;
	return "sample" in json ? json : { sample: json };
}

interface Answered {
	interpreted_as: { term: string; phrase: boolean; alternatives: string[] }[];
	terms_left_out: { term: string; reason: string }[];
	results: { title: string; excerpt: { text: string } }[];
}

/**
 * How many of a concept's top 10 show its words adjacent in the title or the excerpt, in one of the
 * spellings the search itself looked for (the words as the answer read them, lexicon forms included).
 */
async function adjacencyOf(origin: string, query: string, holding: number): Promise<AdjacencyCheck> {
	const answer = await probe(origin, toolCall("search", "search_sources", { query, limit: K }));
	const sc = (JSON.parse(answer.body) as { result: { structuredContent: Answered } }).result
		.structuredContent;
	const stop = new Set(sc.terms_left_out.filter((l) => l.reason === "stop_word").map((l) => l.term));
	const ordered: SearchTerm[] = sc.interpreted_as.map((t) => ({
		text: t.term,
		quoted: t.phrase,
		alternatives: t.alternatives,
		keys: [t.term, ...t.alternatives].map(termKey),
	}));
	const keys =
		togetherOf(
			ordered,
			ordered.filter((t) => !stop.has(t.text)),
		)?.phraseKeys ?? [];
	const shown = sc.results.filter((r) => holdsAny(r.title, keys) || holdsAny(r.excerpt.text, keys)).length;
	return { query, holding, shown, results: sc.results.length };
}

/** The queries judged at 100,000 sources, each through search_sources over that bench state. */
async function measureLarge(): Promise<{ report: QualityReport; adjacency: AdjacencyCheck[] }> {
	const set = JSON.parse(readFileSync(LARGE_QUERIES_FILE, "utf8")) as LabelledSet;
	const concepts = (JSON.parse(readFileSync(CONCEPTS_FILE, "utf8")) as ConceptFile).queries.filter(
		(q) =>
			q.category === "concept" && q.query.trim().split(/\s+/).length >= 2 && q.sources_100k !== undefined,
	);
	const state = await ensureBenchState(set.corpus.sources, { seed: set.corpus.seed });
	progress(`search quality at ${set.corpus.sources} sources: ${set.queries.length} queries`);
	const worker = await startWorker("ours", state.persistTo);
	const tops = new Map<string, string[]>();
	const adjacency: AdjacencyCheck[] = [];
	try {
		for (const q of set.queries)
			tops.set(q.id, await serverTop(worker.server.origin, q.query, K, { ...q.filters }));
		for (const c of concepts)
			adjacency.push(await adjacencyOf(worker.server.origin, c.query, c.sources_100k?.adjacent ?? 0));
	} finally {
		await worker.server.stop();
	}
	return { report: evaluate(set, tops), adjacency };
}

/**
 * The read queries scored with the rubric's judgments (complete, and pooled with the rubric's arm):
 * the sample from the generator, the large size from its bench state.
 */
function completeJudgments(sample: QualityReport, large: QualityReport | undefined): QualityRun["complete"] {
	const sampleSet = JSON.parse(readFileSync(SAMPLE_QUERIES_FILE, "utf8")) as LabelledSet;
	const small = rubricReports(sample, sampleSet, sampleSources(), 300);
	if (large === undefined)
		return {
			sample: small.complete,
			withRubricArm: { depth: RUBRIC_ARM_DEPTH, sample: small.withRubricArm },
		};
	const largeSet = JSON.parse(readFileSync(LARGE_QUERIES_FILE, "utf8")) as LabelledSet;
	const state = join(BENCH_STATE_ROOT, stateKey(largeSet.corpus.sources, largeSet.corpus.seed));
	const big = rubricReports(large, largeSet, stateSources(state), largeSet.corpus.sources);
	return {
		sample: small.complete,
		large: big.complete,
		withRubricArm: { depth: RUBRIC_ARM_DEPTH, sample: small.withRubricArm, large: big.withRubricArm },
	};
}

export const USAGE = `usage: npm run bench:quality [-- --sample-only] [-- --json FILE] [-- --compare FILE] [-- --write] [-- --write-floor]
       npm run bench:quality -- labels|pool|judge [OPTIONS]   (each answers --help)

  labels           write the labelled set from the generator's rules and the recorded judgments
  pool             the candidates to judge for the concept queries
  judge            grade the pooled candidates by each query's rubric

  --sample-only    the sample corpus only (seconds), not 100,000 sources
  --json FILE      also write both reports, every query's top 10 included, as JSON
  --compare FILE   print the change against such a file
  --write          put both sizes' table into BENCHMARKS.md's quality block and benchmarks.json
  --write-floor    record today's means as the floor the CI test enforces (test/quality/floor.json)
Exit 1 when the CI test itself (test/workers/search/quality.test.ts) fails.`;

function parse(argv: string[]) {
	return readCommandLine(argv, {
		json: OPTIONAL,
		compare: OPTIONAL,
		writeFloor: false,
		sampleOnly: false,
		write: false,
	});
}

async function run(values: ReturnType<typeof parse>): Promise<number> {
	process.env.WRANGLER_SEND_METRICS = "false";
	let report: QualityReport | undefined;
	const failures: string[] = [];
	const { startVitest } = await import("vitest/node");
	const vitest = await startVitest(
		"test",
		[TEST_FILE],
		{
			root: REPO_ROOT,
			project: ["workers"],
			watch: false,
			reporters: [
				"dot",
				{
					onTestCaseResult(testCase: TestCase) {
						// The test's TaskMeta augmentation is not visible from here; the shape is the test's report.
						const meta = testCase.meta() as { searchQuality?: QualityReport };
						report = meta.searchQuality ?? report;
						const result = testCase.result();
						if (result.state === "failed")
							failures.push(`${testCase.name}: ${result.errors.map((e) => e.message).join("; ")}`);
					},
				},
			],
		},
		{},
	);
	await vitest.close();
	if (report === undefined) {
		throw new Error(
			`the test left no report (did it fail before searching?)${failures.length === 0 ? "" : `: ${failures.join("; ")}`}`,
		);
	}
	const measured = values.sampleOnly ? undefined : await measureLarge();
	const large = measured?.report;
	const measures: QualityRun = {
		sample: report,
		...(measured ? { large: measured.report, adjacency: measured.adjacency } : {}),
		complete: completeJudgments(report, measured?.report),
	};
	console.log(`\nSearch quality: ${report.overall.queries} labelled queries, sample corpus (300 sources)\n`);
	console.log(formatReport(report));
	console.log("\nSame meaning, same results? (word forms, acronym and spelled-out form)\n");
	console.log(formatGroups(report));
	if (large !== undefined) {
		console.log(
			`\nSearch quality at ${large.sources?.toLocaleString("en")} sources: the ${large.overall.queries} queries judged there\n`,
		);
		console.log(formatReport(large));
		console.log("\nConcepts at that size: the words adjacent in the title or excerpt of the top 10\n");
		console.log(formatAdjacency(measures.adjacency ?? []));
	}
	if (values.compare !== undefined) {
		const before = readRun(values.compare);
		console.log(`\nAgainst ${values.compare}, sample corpus:\n`);
		console.log(formatComparison(report, before.sample));
		if (large !== undefined && before.large !== undefined) {
			console.log(`\nAgainst ${values.compare}, ${large.sources?.toLocaleString("en")} sources:\n`);
			console.log(formatComparison(large, before.large));
		}
	}
	console.log("\nBoth sizes:\n");
	console.log(formatSizes(measures));
	console.log("\nThe queries judged by reading, pooled and with every public source graded by its rubric:\n");
	console.log(formatComplete(measures));
	if (values.write) {
		const { commit, subject, uncommitted_changes } = measuredCommit();
		const measured = `Measured on commit \`${commit.slice(0, 12)}\` ("${subject}")${uncommitted_changes ? " **with uncommitted changes to the code**" : ""} by \`npm run bench:quality -- --write\`, ${new Date().toISOString()}.`;
		const benchmarks = JSON.parse(readFileSync(resolve(REPO_ROOT, "benchmarks.json"), "utf8")) as object;
		writeResults(
			{ quality: `${measured}\n\n${qualityBlock(measures)}` },
			{ search_quality: qualitySummary(measures) },
			REPO_ROOT,
			Object.keys(benchmarks).filter((key) => key !== "search_quality"),
		);
		console.log("\nBENCHMARKS.md (quality block) and benchmarks.json (search_quality) written");
	}
	if (values.json !== undefined) {
		writeFileSync(values.json, `${JSON.stringify(measures, null, "\t")}\n`);
		console.log(`\nreport written to ${values.json}`);
	}
	if (values.writeFloor) {
		// Rounded down, so the floor never sits above the value it was recorded from.
		const down = (n: number) => Math.floor(n * 10_000) / 10_000;
		const floored = flooredMeans(report);
		const floor: QualityFloor = {
			ndcg_at_10: down(floored.ndcg),
			recall_at_10: down(floored.recall),
			recorded: new Date().toISOString(),
		};
		writeFileSync(FLOOR_FILE, `${JSON.stringify(floor, null, "\t")}\n`);
		console.log(`\nfloor recorded in ${FLOOR_FILE}: ${JSON.stringify(floor)}`);
		return EXIT_OK;
	}
	if (failures.length > 0) {
		console.error("\nsearch-quality: the CI test fails:");
		for (const f of failures) console.error(`  ${f}`);
		return EXIT_FAILED;
	}
	return EXIT_OK;
}

/** The set's other steps, one subcommand each (`npm run bench:quality -- pool --help`). */
const SUBCOMMANDS: Record<string, () => Promise<{ main: (argv: string[]) => Promise<number> }>> = {
	labels: () => import("./search-quality-labels"),
	pool: () => import("./search-quality-pool"),
	judge: () => import("./search-quality-judge"),
};

export async function main(argv: string[]): Promise<number> {
	const subcommand = SUBCOMMANDS[argv[0] ?? ""];
	if (subcommand) return (await subcommand()).main(argv.slice(1));
	return runCommand(argv, { usage: USAGE, parse, run });
}

runWhenInvoked(import.meta.url, main);
