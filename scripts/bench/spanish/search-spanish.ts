/**
 * `npm run bench:spanish -- [--sizes 300,100000] [--json FILE] [--write]`
 *
 * The Spanish vocabulary's measure (issue 32): for every Spanish form of data/search-lexicon.json,
 * how many of its top 10 search_sources results are in the top 10 of the English form it stands
 * for, through the Worker under wrangler's local dev server over the bench state of each size
 * (state.ts: 300 is the Workers tests' sample corpus, the seed they use; 100,000 is built once, which
 * takes minutes, then reused). Prints one line per Spanish form and one row per group (its least
 * shared form) at each size; a form passes when it shares at least 8 (all, when the English form
 * finds fewer: scripts/bench/spanish/spanish-cases.ts, the rule test/workers/search/spanish.test.ts holds the
 * sample to) and interpreted_as reads it as the English form's terms (exit 1 otherwise).
 * `--write` puts the table into BENCHMARKS.md's spanish block, as `npm run bench` does (with its target).
 */
import { writeFileSync } from "node:fs";
import { readLexiconFile } from "../../lexicon";
import {
	EXIT_FAILED,
	EXIT_OK,
	OPTIONAL,
	readCommandLine,
	runCommand,
	runWhenInvoked,
} from "../../lib/command";
import { probe, progress, startWorker } from "../lib/harness";
import { measuredCommit, writeResults } from "../lib/report";
import { toolCall } from "../lib/requests";
import { ensureBenchState } from "../lib/state";
import {
	caseQueries,
	type Reading,
	readAsEnglish,
	type SpanishCase,
	sharedCount,
	sharesEnough,
	spanishCases,
	TOP,
} from "./spanish-cases";

export interface SpanishMeasure extends SpanishCase {
	/**
	 * By corpus size: how many of the Spanish form's top 10 are in the English form's, how many each
	 * holds, and whether the Spanish form was read as the English form's terms (interpreted_as).
	 */
	sizes: Record<
		number,
		{ shared: number; english: number; spanish: number; enough: boolean; sameReading: boolean }
	>;
}

/** search_sources' top 10 source ids and interpreted_as, as the Worker at `origin` answers. */
async function answer(origin: string, query: string): Promise<{ ids: string[]; reading: Reading[] }> {
	const { body } = await probe(origin, toolCall("search", "search_sources", { query, limit: TOP }));
	const sc = (
		JSON.parse(body) as {
			result: { structuredContent: { results: { source_id: string }[]; interpreted_as: Reading[] } };
		}
	).result.structuredContent;
	return { ids: sc.results.map((r) => r.source_id), reading: sc.interpreted_as };
}

export async function measureSpanish(sizes: readonly number[]): Promise<SpanishMeasure[]> {
	const cases: SpanishMeasure[] = spanishCases(readLexiconFile()).map((c) => ({ ...c, sizes: {} }));
	for (const sources of sizes) {
		const state = await ensureBenchState(sources);
		progress(`Spanish forms at ${sources} sources: ${cases.length} forms`);
		const worker = await startWorker("ours", state.persistTo);
		try {
			const englishAnswers = new Map<string, { ids: string[]; reading: Reading[] }>();
			for (const c of cases) {
				const queries = caseQueries(c);
				let english = englishAnswers.get(queries.english);
				if (english === undefined) {
					english = await answer(worker.server.origin, queries.english);
					englishAnswers.set(queries.english, english);
				}
				const spanish = await answer(worker.server.origin, queries.spanish);
				c.sizes[sources] = {
					shared: sharedCount(spanish.ids, english.ids),
					english: english.ids.length,
					spanish: spanish.ids.length,
					enough: sharesEnough(spanish.ids, english.ids),
					sameReading: readAsEnglish(spanish.reading, english.reading, c.spanish, c.context),
				};
			}
		} finally {
			await worker.server.stop();
		}
	}
	return cases;
}

const cell = (m: SpanishMeasure["sizes"][number] | undefined) =>
	m === undefined ? "–" : `${m.shared} of ${m.english}${m.enough ? "" : " **(fewer than 8)**"}`;

/** One row per group: its English form, its Spanish forms, and at each size its least shared form. */
export function spanishTable(measures: readonly SpanishMeasure[], sizes: readonly number[]): string {
	const groups = new Map<string, SpanishMeasure[]>();
	for (const m of measures) groups.set(m.english, [...(groups.get(m.english) ?? []), m]);
	const least = (forms: SpanishMeasure[], size: number) =>
		forms
			.map((f) => f.sizes[size])
			.filter((m) => m !== undefined)
			.sort((a, b) => Number(a.enough) - Number(b.enough) || a.shared - b.shared)[0];
	const failing = (size: number) => measures.filter((m) => m.sizes[size]?.enough === false).length;
	const read = (size: number) => measures.filter((m) => m.sizes[size]?.sameReading === true).length;
	const empty = (size: number) =>
		[...groups.values()].filter((forms) => forms[0]?.sizes[size]?.english === 0).length;
	return [
		`| English form | Spanish forms | ${sizes.map((s) => `${s.toLocaleString("en")} sources: least shared of the English top ${TOP}`).join(" | ")} |`,
		`| --- | --- | ${sizes.map(() => "---:").join(" | ")} |`,
		...[...groups].map(
			([english, forms]) =>
				`| ${english} | ${forms.map((f) => f.spanish).join("; ")} | ${sizes.map((s) => cell(least(forms, s))).join(" | ")} |`,
		),
		"",
		`${measures.length} Spanish forms in ${groups.size} groups. ${sizes
			.map(
				(s) =>
					`At ${s.toLocaleString("en")} sources: ${failing(s)} share fewer than 8; ${read(s)} are read as their English form's terms (interpreted_as); the English forms of ${empty(s)} groups find nothing ("0 of 0").`,
			)
			.join(" ")}`,
	].join("\n");
}

/** What benchmarks.json keeps: per size, how many forms fall short (every form's figures: --json). */
export function spanishSummary(measures: readonly SpanishMeasure[], sizes: readonly number[]) {
	return Object.fromEntries(
		sizes.map((size) => {
			const at = measures.map((m) => m.sizes[size]).filter((m) => m !== undefined);
			return [
				size,
				{
					forms: at.length,
					fewer_than_8: at.filter((m) => !m.enough).length,
					read_as_english: at.filter((m) => m.sameReading).length,
					forms_whose_english_form_finds_nothing: at.filter((m) => m.english === 0).length,
				},
			];
		}),
	);
}

export const USAGE = `usage: npm run bench:spanish [-- --sizes N,N,…] [-- --json FILE] [-- --write]

  --sizes N,N,…   corpus sizes (default 300,100000)
  --json FILE     also write the measures as JSON
  --write         put the table into BENCHMARKS.md's spanish block and benchmarks.json
Exit 1 when a Spanish form shares too few of its English form's top 10, or is read otherwise.`;

function parse(argv: string[]) {
	return readCommandLine(argv, { sizes: [300, 100_000], json: OPTIONAL, write: false });
}

async function run({ sizes, ...values }: ReturnType<typeof parse>): Promise<number> {
	process.env.WRANGLER_SEND_METRICS = "false";
	const measures = await measureSpanish(sizes);
	for (const m of measures)
		console.log(
			`${m.spanish} -> ${m.english}: ${sizes.map((s) => `${s}: ${cell(m.sizes[s])} (Spanish ${m.sizes[s]?.spanish})`).join("; ")}`,
		);
	const table = spanishTable(measures, sizes);
	console.log(`\n${table}`);
	if (values.write) {
		const { commit, subject, uncommitted_changes } = measuredCommit();
		const measured = `Measured on commit \`${commit.slice(0, 12)}\` ("${subject}")${uncommitted_changes ? " **with uncommitted changes to the code**" : ""} by \`npm run bench:spanish -- --sizes ${sizes.join(",")} --write\`, ${new Date().toISOString()}.`;
		writeResults(
			{ spanish: `${measured}\n\n${table}` },
			{ spanish_vocabulary: spanishSummary(measures, sizes) },
		);
		console.log("\nBENCHMARKS.md (spanish block) and benchmarks.json (spanish_vocabulary) written");
	}
	if (values.json !== undefined) writeFileSync(values.json, `${JSON.stringify(measures, null, "\t")}\n`);
	return measures.some((m) => Object.values(m.sizes).some((s) => !s.enough || !s.sameReading))
		? EXIT_FAILED
		: EXIT_OK;
}

export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}

runWhenInvoked(import.meta.url, main);
