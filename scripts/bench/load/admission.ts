/**
 * `npm run bench:admission -- [--sources 100000]`
 *
 * What one identity is admitted to run in one window, however it sends: through our Worker with its
 * D1 binding counted (scripts/bench/workers/counting-worker.ts: each answer says what it cost) on the Durable Object
 * path with the production budget (60 a minute), at the start of a fresh window,
 * - one identity sends 60 of the costliest searches at once;
 * - another sends three 2025-03-26 batches of 20 of them at once;
 * - a third waits for each answer of an ordinary search, 61 times.
 * Prints, for each, how many were admitted and the D1 time of everything admitted (the target:
 * within a tenth of the database's minute, 6 s), beside what each costly search costs alone.
 */
import { RATE_LIMIT } from "../../../src/limits";
import { EXIT_FAILED, EXIT_OK, readCommandLine, runCommand, runWhenInvoked } from "../../lib/command";
import { progress, startWorker } from "../lib/harness";
import { WORST_SEARCH_CASES } from "../lib/requests";
import { ensureBenchState } from "../lib/state";

const USAGE = `usage: npm run bench:admission -- [--sources N]

  --sources N   the corpus size the server holds (default 100000)`;

/** The costliest shapes of the cost cases at 100,000 sources (BENCHMARKS.md, "The five searches that cost the most D1 time"). */
const COSTLY_LABELS = [
	"a quoted pair of common words offset 980 limit 20",
	"stop words among common words offset 980 limit 20",
	"24 field acronyms platform tiktok offset 1000 limit 20",
	"seven common words platform tiktok offset 980 limit 20",
	"eleven common words offset 980 limit 20",
];

const PERIOD_MS = RATE_LIMIT.periodSeconds * 1000;

const costlyArgs = (i: number) => {
	const label = COSTLY_LABELS[i % COSTLY_LABELS.length];
	const found = WORST_SEARCH_CASES.find((c) => c.label === label);
	if (found === undefined) throw new Error(`no cost case "${label}"`);
	return found.args;
};

interface Sent {
	status: number;
	d1Ms: number;
	messages: number;
}

async function send(url: string, ip: string, body: unknown, modern: boolean): Promise<Sent> {
	const response = await fetch(url, {
		method: "POST",
		headers: {
			"content-type": "application/json",
			accept: "application/json",
			"cf-connecting-ip": ip,
			...(modern ? { "mcp-protocol-version": "2025-11-25" } : {}),
		},
		body: JSON.stringify(body),
		signal: AbortSignal.timeout(120_000),
	});
	await response.arrayBuffer();
	const cost = JSON.parse(response.headers.get("x-d1-cost") ?? "{}") as { d1Ms?: number };
	return { status: response.status, d1Ms: cost.d1Ms ?? 0, messages: Array.isArray(body) ? body.length : 1 };
}

const call = (id: number, args: Record<string, unknown>) => ({
	jsonrpc: "2.0",
	id,
	method: "tools/call",
	params: { name: "search_sources", arguments: args },
});

function summary(label: string, sent: Sent[]) {
	const admitted = sent.filter((s) => s.status === 200);
	const d1 = admitted.reduce((sum, s) => sum + s.d1Ms, 0);
	const messages = admitted.reduce((sum, s) => sum + s.messages, 0);
	return { label, sent: sent.length, admitted: admitted.length, messages, d1Ms: Math.round(d1) };
}

export async function main(argv: string[]): Promise<number> {
	return runCommand(argv, {
		usage: USAGE,
		parse: (argv) => readCommandLine(argv, { sources: 100_000 }),
		run: async ({ sources }) => {
			const state = await ensureBenchState(sources);
			const worker = await startWorker("counting", state.persistTo, {
				RATE_LIMIT_MODE: "durable_object",
				RATE_LIMIT_REQUESTS: String(RATE_LIMIT.requests),
			});
			try {
				const url = worker.server.url;
				// Warm the isolate's copies and measure each costly shape once, from an identity of its own.
				const alone: { label: string; d1Ms: number }[] = [];
				for (const [i, label] of COSTLY_LABELS.entries()) {
					const sent = await send(url, `198.18.1.${i + 1}`, call(1, costlyArgs(i)), true);
					alone.push({ label, d1Ms: Math.round(sent.d1Ms) });
				}
				const wait = PERIOD_MS - (Date.now() % PERIOD_MS) + 500;
				progress(`waiting ${(wait / 1000).toFixed(0)} s for a fresh rate-limit window …`);
				await new Promise((resolve) => setTimeout(resolve, wait));
				const started = Date.now();
				const [atOnce, batches] = await Promise.all([
					Promise.all(
						Array.from({ length: 60 }, (_, i) => send(url, "198.18.0.1", call(1, costlyArgs(i)), true)),
					),
					Promise.all(
						Array.from({ length: 3 }, (_, b) =>
							send(
								url,
								"198.18.0.2",
								Array.from({ length: 20 }, (_, i) => call(i + 1, costlyArgs(b * 20 + i))),
								false,
							),
						),
					),
				]);
				const waiting: Sent[] = [];
				for (let i = 0; i <= RATE_LIMIT.requests; i++)
					waiting.push(await send(url, "198.18.0.3", call(1, { query: "AI search" }), true));
				const crossed = Math.floor(started / PERIOD_MS) !== Math.floor(Date.now() / PERIOD_MS);
				const rows = [
					summary("60 costly searches at once, one identity", atOnce),
					summary("3 batches of 20 costly searches at once, another", batches),
					summary("61 ordinary searches, each after the last answer", waiting),
				];
				console.log(
					`| at ${sources.toLocaleString("en")} sources, one window | sent | admitted | messages admitted | D1 ms admitted |`,
				);
				console.log("| --- | ---: | ---: | ---: | ---: |");
				for (const r of rows)
					console.log(
						`| ${r.label} | ${r.sent} | ${r.admitted} | ${r.messages} | ${r.d1Ms.toLocaleString("en")} |`,
					);
				console.log("\n| costly search, sent alone | D1 ms |\n| --- | ---: |");
				for (const a of alone) console.log(`| ${a.label} | ${a.d1Ms} |`);
				if (crossed) console.log("\nThe run crossed a window boundary: run it again.");
				return crossed ? EXIT_FAILED : EXIT_OK;
			} finally {
				await worker.server.stop();
			}
		},
	});
}

runWhenInvoked(import.meta.url, main, { exit: true });
