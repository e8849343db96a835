/**
 * `npm run bench:suggest -- [--sources 100000] [--calls 200] [--json FILE]`
 *
 * The CPU one get_creator typo spends comparing the key with the public handles (src/data/creators.ts:
 * the list the isolate keeps per content version, prepared once, then filtered by length and compared
 * by bounded edit distance), over the public creators of the generated corpus at that size. It reads
 * no database: the database's share of a typo is `get_creator (typo)` in `npm run bench:cost`. Prints
 * milliseconds per call for a near miss, a key near nothing (every handle of a similar length is
 * compared), and the longest key (compared with none).
 */
import { writeFileSync } from "node:fs";
import { prepared, suggestionsFor } from "../../../src/data/creators";
import { handleKey } from "../../../src/text/handle-key";
import { DEFAULT_SEED, generateCorpus } from "../../corpus/generate";
import { EXIT_OK, OPTIONAL, readCommandLine, runCommand, runWhenInvoked } from "../../lib/command";

interface SuggestionCost {
	case: string;
	key: string;
	publicHandles: number;
	msPerCall: number;
	suggestions: string[];
}

export function measureSuggestions(options: { sources: number; calls: number }): SuggestionCost[] {
	const handles = new Map<string, string>();
	const published = new Set<string>();
	for (const record of generateCorpus({ sources: options.sources, seed: DEFAULT_SEED })) {
		if (record.kind === "creator") handles.set(record.creator_id, record.handle);
		if (record.kind === "source" && record.publication_state === "published")
			published.add(record.creator_id);
	}
	const rows = [...handles]
		.filter(([id]) => published.has(id))
		.map(([, handle]) => ({ handle, key_length: [...handleKey(handle)].length }));
	const list = prepared(rows);
	const someHandle = handleKey(rows[0]?.handle ?? "seo.with.sam");
	const cases = [
		{ case: "a near miss (one letter off a public handle)", key: someHandle.slice(0, -1) },
		{ case: "a key near nothing, of a common length", key: "qzx.nobody.here" },
		{ case: "the longest key (100 characters)", key: "q".repeat(100) },
	];
	return cases.map(({ case: label, key }) => {
		let suggestions: string[] = [];
		for (let i = 0; i < 10; i++) suggestions = suggestionsFor(key, list);
		const started = performance.now();
		for (let i = 0; i < options.calls; i++) suggestions = suggestionsFor(key, list);
		const msPerCall = (performance.now() - started) / options.calls;
		return { case: label, key, publicHandles: rows.length, msPerCall, suggestions };
	});
}

export function suggestionsTable(results: SuggestionCost[]): string {
	return [
		"| typo | public handles | ms per call | suggested |",
		"| --- | ---: | ---: | --- |",
		...results.map(
			(r) =>
				`| ${r.case} | ${r.publicHandles.toLocaleString("en-US")} | ${r.msPerCall.toFixed(2)} | ${r.suggestions.map((s) => `@${s}`).join(", ") || "none"} |`,
		),
	].join("\n");
}

export const USAGE = `usage: npm run bench:suggest [-- --sources N] [-- --calls N] [-- --json FILE]

  --sources N     the generated corpus whose public creators are compared (default 100000)
  --calls N       calls measured per case (default 200)
  --json FILE     also write the measures as JSON`;

function parse(argv: string[]) {
	return readCommandLine(argv, { sources: 100_000, calls: 200, json: OPTIONAL });
}

function run({ sources, calls, json }: ReturnType<typeof parse>): number {
	const results = measureSuggestions({ sources, calls });
	console.log(suggestionsTable(results));
	if (json) writeFileSync(json, `${JSON.stringify(results, null, 2)}\n`);
	return EXIT_OK;
}

export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}

runWhenInvoked(import.meta.url, main);
