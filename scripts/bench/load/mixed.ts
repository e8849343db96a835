/**
 * `npm run bench:mixed [-- --sources 100000] [-- --duration 10] [-- --connections 10] [-- --json FILE]`
 *
 * The mixed scenario of issue 13: does a burst of common-word searches delay everyone else's calls?
 * (D1 runs one query at a time per database.) On the cached benchmark state, in one Worker (the
 * bench environment of wrangler.toml, as in npm run bench):
 *
 * 1. a get_topic_signal stream on one connection, alone;
 * 2. the same stream while `--connections` connections send common-word searches ("seo", "AI
 *    search", "content", limits 5 and 20), both measured over the same window after their warm-ups.
 *
 * Prints the stream's p50 / p99 both ways and the ratio of the p99s (target: ≤ 3 ×), and the
 * searches' own latency.
 *
 * `--searches-elsewhere` sends the searches to a second dev server over the same state instead.
 * Locally, workerd runs a Worker and its D1 (a Durable Object over SQLite) on one thread, so every
 * SQLite statement of a search stops every other request of that process while it runs; on
 * Cloudflare D1 is a network hop away and the isolate is free while it waits. With the searches'
 * SQLite work in another process, what the stream still shares with them is the machine's two
 * cores: the part of the interference that is not this single thread.
 */
import { writeFileSync } from "node:fs";
import { EXIT_OK, OPTIONAL, readCommandLine, runCommand, runWhenInvoked } from "../../lib/command";
import { progress, runScenario, startWorker } from "../lib/harness";
import { SEARCH_CASES, toolCall, topicSignalRequest } from "../lib/requests";
import { ensureBenchState } from "../lib/state";

export const USAGE = `usage: npm run bench:mixed [-- --sources N] [-- --duration S] [-- --warmup S] [-- --connections N] [-- --json FILE] [-- --searches-elsewhere]

  --sources N             the bench state's size (default 100000)
  --duration S            seconds measured (default 10), after --warmup S (default 3)
  --connections N         connections sending common-word searches (default 10)
  --json FILE             also write the measures as JSON
  --searches-elsewhere    send the searches to a second dev server over the same state`;

function parse(argv: string[]) {
	const read = readCommandLine(argv, {
		sources: 100_000,
		duration: 10,
		warmup: 3,
		connections: 10,
		json: OPTIONAL,
		searchesElsewhere: false,
	});
	return { ...read, durationSeconds: read.duration, warmupSeconds: read.warmup };
}

async function run(values: ReturnType<typeof parse>): Promise<number> {
	const { durationSeconds, warmupSeconds } = values;
	const state = await ensureBenchState(values.sources);
	const searches = SEARCH_CASES.filter((c) => c.kind === "common").map((c) =>
		toolCall(`search_sources ${c.label}`, "search_sources", c.args),
	);
	const signal = { connections: 1, warmupSeconds, durationSeconds, requests: [topicSignalRequest()] };
	const worker = await startWorker("ours", state.persistTo);
	const searchWorker = values.searchesElsewhere ? await startWorker("ours", state.persistTo) : worker;
	try {
		progress(`mixed scenario at ${state.sources} sources: get_topic_signal alone …`);
		const alone = await runScenario(worker, "get_topic_signal alone (1 connection)", signal);
		progress(`… and beside ${values.connections} connections of common-word searches …`);
		const startAt = Date.now() + (warmupSeconds + 3) * 1000;
		const [beside, load] = await Promise.all([
			runScenario(worker, "get_topic_signal beside the searches (1 connection)", { ...signal, startAt }),
			runScenario(
				searchWorker,
				`common-word searches${searchWorker === worker ? "" : " (second dev server)"}`,
				{
					connections: values.connections,
					warmupSeconds,
					durationSeconds,
					requests: searches,
					startAt,
				},
			),
		]);
		const ratio = beside.latency_ms.p99 / alone.latency_ms.p99;
		for (const s of [alone, beside, load])
			console.log(
				`${s.name.padEnd(55)} ${String(s.responses).padStart(6)} answers  p50 ${s.latency_ms.p50.toFixed(1)} ms  p99 ${s.latency_ms.p99.toFixed(1)} ms  non-200 ${Object.entries(
					s.status,
				)
					.filter(([code]) => code !== "200")
					.map(([code, n]) => `${code}:${n}`)
					.join(" ")}`,
			);
		console.log(
			`get_topic_signal p99 beside the searches / alone: ${ratio.toFixed(2)} × (target ≤ 3 ×: ${ratio <= 3 ? "met" : "missed"})`,
		);
		if (values.json)
			writeFileSync(
				values.json,
				`${JSON.stringify({ sources: state.sources, alone, beside, searches: load, ratio }, null, 2)}\n`,
			);
	} finally {
		await worker.server.stop();
		if (searchWorker !== worker) await searchWorker.server.stop();
	}
	return EXIT_OK;
}

export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}

runWhenInvoked(import.meta.url, main);
