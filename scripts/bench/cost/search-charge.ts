/**
 * `npm run bench:charge -- [--sources 100000] [--measured benchmarks.json]`
 *
 * What a search is charged before it runs, beside what it then cost: for every search shape of the
 * cost cases, the work the prediction counts (src/search/plan/cost.ts: sources whose positions,
 * document lists and pooled look-ups it reads, from the isolate's copy of the bench's state), the
 * D1 time it predicts and the units charged at admission, against the D1 time bench:cost measured
 * for it at that size (benchmarks.json). A search measured above its prediction is named: the
 * settlement after its answer charges the difference, but a caller sending many at once is admitted
 * on the prediction alone.
 */
import { readFileSync } from "node:fs";
import { admissionUnits } from "../../../src/limits";
import { predictedMs, type SearchWork, searchWork } from "../../../src/search/plan/cost";
import { LEXICON_ALL_SQL, type LexiconRow, lexiconMap } from "../../../src/search/vocabulary/lexicon";
import { handleKey } from "../../../src/text/handle-key";
import { EXIT_OK, readCommandLine, runCommand, runWhenInvoked } from "../../lib/command";
import { SqlTimer } from "../lib/sql-timer";
import { ensureBenchState } from "../lib/state";
import { COST_CASES } from "./cost-cases";

const USAGE = `usage: npm run bench:charge -- [--sources N] [--measured FILE]

For each search shape of the cost cases: the work the prediction counts at N sources (default
100000), the D1 ms it predicts and the units charged at admission, beside the D1 ms bench:cost
measured (FILE, default benchmarks.json).`;

interface Measured {
	sources: number;
	cases: { label: string; d1Ms: number }[];
}

async function copyOf(persistTo: string) {
	const timer = new SqlTimer(persistTo);
	try {
		const lexicon = (await timer.time(LEXICON_ALL_SQL, [], 1)).rows as unknown as LexiconRow[];
		const crowded = (
			await timer.time("SELECT term, docs, most FROM search_term_projection ORDER BY docs DESC", [], 1)
		).rows as { term: string; docs: number; most: number }[];
		return {
			lexicon: lexiconMap(lexicon),
			crowdedWords: new Map(crowded.map((r) => [r.term, { docs: r.docs, most: r.most === 1, pooled: true }])),
		};
	} finally {
		await timer.close();
	}
}

export async function main(argv: string[]): Promise<number> {
	return runCommand(argv, {
		usage: USAGE,
		parse: (argv) => readCommandLine(argv, { sources: 100_000, measured: "benchmarks.json" }),
		run: async ({ sources, measured: file }) => {
			const measured = (JSON.parse(readFileSync(file, "utf8")) as { edge_cost: Measured[] }).edge_cost.find(
				(m) => m.sources === sources,
			);
			const state = await ensureBenchState(sources);
			const copy = await copyOf(state.persistTo);
			const rows: string[] = [];
			let under = 0;
			for (const c of COST_CASES()) {
				if (c.kind !== "search" || !("body" in c.request)) continue;
				const args = (JSON.parse(c.request.body) as { params: { arguments: Record<string, unknown> } }).params
					.arguments;
				const work: SearchWork = searchWork(
					{
						query: String(args.query),
						filters: {
							creatorHandleKey:
								typeof args.creator_handle === "string" ? handleKey(args.creator_handle) : null,
							topicId: typeof args.topic_id === "string" ? args.topic_id : null,
							platform: typeof args.platform === "string" ? args.platform : null,
						},
						limit: Number(args.limit ?? 5),
						offset: Number(args.offset ?? 0),
					},
					copy,
				);
				const predicted = predictedMs(work);
				const actual = measured?.cases.find((m) => m.label === c.label)?.d1Ms;
				if (actual !== undefined && actual > predicted) under++;
				rows.push(
					`| ${c.label} | ${work.matchPhrases.toLocaleString("en")} | ${work.tierPhrases.toLocaleString("en")} | ${work.postings.toLocaleString("en")} | ${work.reach.toLocaleString("en")} | ${predicted.toFixed(0)} | ${admissionUnits(predicted)} | ${actual ?? "–"} | ${actual === undefined ? "–" : (actual / predicted).toFixed(2)} |`,
				);
			}
			console.log(
				`| search at ${sources.toLocaleString("en")} sources | match phrases | tier phrases | postings | reach | predicted ms | units at admission | measured ms | measured ÷ predicted |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n${rows.join("\n")}`,
			);
			console.log(`\n${under} of them measured above their prediction.`);
			return EXIT_OK;
		},
	});
}

runWhenInvoked(import.meta.url, main);
