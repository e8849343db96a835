/**
 * `npm run bench:charge -- [--sources 100000] [--measured benchmarks.json] [--write]`
 *
 * What a search is charged before it runs, beside what it then cost: for every search shape of the
 * cost cases, the first plan the isolate decides (src/search/plan/plan.ts) from the copy of the
 * bench's state, the D1 time it predicts (src/search/plan/cost.ts) and the units charged at
 * admission, against the D1 time bench:cost measured for it at that size (FILE: benchmarks.json, or
 * the --json of a bench:cost run); and what a cold isolate, which has loaded no copy yet, predicts.
 * A search measured above its prediction is named: the settlement after its answer charges the
 * difference, but a caller sending many at once is admitted on the prediction alone. `--write` puts
 * the table into BENCHMARKS.md's charge block (after `npm run bench`, whose D1 times it reads).
 */
import { readFileSync } from "node:fs";
import { admissionUnits } from "../../../src/limits";
import { COLD_VOCABULARY, planOf, predictWith } from "../../../src/search/plan/cost";
import type { Plan } from "../../../src/search/plan/plan";
import { vocabularyOf } from "../../../src/search/vocabulary/vocabulary";
import { EXIT_OK, readCommandLine, runCommand, runWhenInvoked } from "../../lib/command";
import { commitText, measuredCommit, writeResults } from "../lib/report";
import { ensureBenchState } from "../lib/state";
import { askOf, loadCopyForPrediction } from "./copy";
import { COST_CASES } from "./cost-cases";

const USAGE = `usage: npm run bench:charge -- [--sources N] [--measured FILE] [--write]

For each search shape of the cost cases: its first plan at N sources (default 100000), the D1 ms it
predicts and the units charged at admission, beside the D1 ms bench:cost measured (FILE, default
benchmarks.json: its edge_cost, or a bench:cost --json file), and a cold isolate's prediction.
--write puts the table into BENCHMARKS.md's charge block and benchmarks.json's search_charge.`;

interface Measured {
	sources: number;
	cases: { label: string; d1Ms: number }[];
}

const parse = (argv: string[]) =>
	readCommandLine(argv, { sources: 100_000, measured: "benchmarks.json", write: false });

/** The commit whose `npm run bench` wrote a benchmarks.json, or "–" for another file. */
function commitOf(file: string): string {
	const json = JSON.parse(readFileSync(file, "utf8")) as { commit?: unknown };
	return typeof json.commit === "string" ? json.commit.slice(0, 12) : "–";
}

/** The measured sizes of a file: benchmarks.json (edge_cost) or a bench:cost --json. */
function measuredAt(file: string, sources: number): Measured | undefined {
	const json = JSON.parse(readFileSync(file, "utf8")) as { edge_cost?: Measured[] } | Measured[];
	return (Array.isArray(json) ? json : (json.edge_cost ?? [])).find((m) => m.sources === sources);
}

const planText = (plan: Plan | null) =>
	plan === null
		? "–"
		: `${plan.ranking.by}${plan.census === null ? "" : plan.census.guessed ? ", guessed" : ", census"}`;

async function run({ sources, measured: file, write }: ReturnType<typeof parse>): Promise<number> {
	const measured = measuredAt(file, sources);
	const vocabulary = vocabularyOf(await loadCopyForPrediction((await ensureBenchState(sources)).persistTo));
	const rows: string[] = [];
	const off: string[] = [];
	const charged: Array<{ label: string; predictedMs: number; units: number; measuredMs: number | null }> = [];
	for (const c of COST_CASES()) {
		if (c.kind !== "search" || !("body" in c.request)) continue;
		const args = (JSON.parse(c.request.body) as { params: { arguments: Record<string, unknown> } }).params
			.arguments;
		const ask = askOf(args);
		const predicted = predictWith(ask, vocabulary);
		const cold = predictWith(ask, COLD_VOCABULARY);
		const actual = measured?.cases.find((m) => m.label === c.label)?.d1Ms;
		const ratio = actual === undefined || actual === 0 ? undefined : predicted / actual;
		if (
			actual !== undefined &&
			Math.max(actual, predicted) >= 50 &&
			(ratio === undefined || ratio < 1 || ratio > 2)
		)
			off.push(c.label);
		charged.push({
			label: c.label,
			predictedMs: Math.round(predicted),
			units: admissionUnits(predicted),
			measuredMs: actual ?? null,
		});
		rows.push(
			`| ${c.label.replaceAll("|", "\\|")} | ${planText(planOf(ask, vocabulary))} | ${predicted.toFixed(0)} | ${admissionUnits(predicted)} | ${actual ?? "–"} | ${ratio === undefined ? "–" : ratio.toFixed(2)} | ${cold.toFixed(0)} (${admissionUnits(cold)}) |`,
		);
	}
	const table = `| search at ${sources.toLocaleString("en")} sources | first plan | predicted ms | units at admission | measured ms | predicted ÷ measured | cold: predicted ms (units) |\n| --- | --- | ---: | ---: | ---: | ---: | ---: |\n${rows.join("\n")}`;
	const outside = `At or above 50 ms and outside 1× to 2× of what was measured: ${off.length === 0 ? "none" : off.join("; ")}.`;
	console.log(`${table}\n\n${outside}`);
	if (write) {
		const measuredBy = `Predicted on ${commitText(measuredCommit())} by \`npm run bench:charge -- --sources ${sources} --write\`, ${new Date().toISOString()}; measured: the D1 times in ${file} (\`npm run bench\`, commit ${commitOf(file)}).`;
		writeResults(
			{ charge: `${measuredBy}\n\n${table}\n\n${outside}` },
			{ search_charge: { sources, cases: charged } },
		);
		console.log("\nBENCHMARKS.md (charge block) and benchmarks.json (search_charge) written");
	}
	return EXIT_OK;
}

export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}

runWhenInvoked(import.meta.url, main);
