/**
 * `npm run bench:quality [-- --json FILE] [-- --compare FILE] [-- --write-floor]`
 *
 * Relevance of search_sources on the labelled query set (test/quality/queries.json): nDCG@10 and
 * recall@10 per query, overall and per category. It runs test/workers/search-quality.test.ts, the CI
 * test itself, in the Workers runtime (Miniflare's real D1, seeded with the default sample corpus,
 * every query through the Worker's endpoint), and prints the report that test leaves in its meta, so
 * the script and CI measure the same thing the same way. Takes seconds; no wrangler dev, no network.
 *
 * `--json FILE` also writes the report (with every query's top 10) as JSON; `--compare FILE` prints
 * the change against such a file (test/quality/before.json holds search before issue 13's rewrite).
 * `--write-floor` records
 * today's means as the floor the CI test enforces (test/quality/floor.json): use it when search gets
 * better, never to accept a drop.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import type { TestCase } from "vitest/node";
import { startVitest } from "vitest/node";
import type { QualityFloor, QualityReport } from "../../test/quality/metrics";
import { formatComparison, formatGroups, formatReport } from "../../test/quality/metrics";
import { REPO_ROOT } from "../lib/dev-server";

const TEST_FILE = "test/workers/search-quality.test.ts";
const FLOOR_FILE = resolve(REPO_ROOT, "test/quality/floor.json");

async function main(): Promise<void> {
	const { values } = parseArgs({
		options: {
			json: { type: "string" },
			compare: { type: "string" },
			"write-floor": { type: "boolean", default: false },
		},
	});
	process.env.WRANGLER_SEND_METRICS = "false";
	let report: QualityReport | undefined;
	const failures: string[] = [];
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
		console.error("search-quality: the test left no report (did it fail before searching?)");
		for (const f of failures) console.error(`  ${f}`);
		process.exit(1);
	}
	console.log(`\nSearch quality: ${report.overall.queries} labelled queries, sample corpus (300 sources)\n`);
	console.log(formatReport(report));
	console.log("\nSame meaning, same results? (word forms, acronym and spelled-out form)\n");
	console.log(formatGroups(report));
	if (values.compare !== undefined) {
		const before = JSON.parse(readFileSync(values.compare, "utf8")) as QualityReport;
		console.log(`\nAgainst ${values.compare}:\n`);
		console.log(formatComparison(report, before));
	}
	if (values.json !== undefined) {
		writeFileSync(values.json, `${JSON.stringify(report, null, "\t")}\n`);
		console.log(`\nreport written to ${values.json}`);
	}
	if (values["write-floor"]) {
		// Rounded down, so the floor never sits above the value it was recorded from.
		const down = (n: number) => Math.floor(n * 10_000) / 10_000;
		const floor: QualityFloor = {
			ndcg_at_10: down(report.overall.ndcg),
			recall_at_10: down(report.overall.recall),
			recorded: new Date().toISOString(),
		};
		writeFileSync(FLOOR_FILE, `${JSON.stringify(floor, null, "\t")}\n`);
		console.log(`\nfloor recorded in ${FLOOR_FILE}: ${JSON.stringify(floor)}`);
		return;
	}
	if (failures.length > 0) {
		console.error("\nsearch-quality: the CI test fails:");
		for (const f of failures) console.error(`  ${f}`);
		process.exit(1);
	}
}

await main();
