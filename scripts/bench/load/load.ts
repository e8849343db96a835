/**
 * `npm run bench:load [-- --duration 40] [-- --connections 50] [-- --identities N]` (--help for every option)
 *
 * A bounded loopback load test (not CI): many concurrent edge identities for a fixed time against
 * `wrangler dev` with the production configuration (wrangler.toml, no environment: the native
 * MCP_RATE_LIMIT binding, 60 requests per 60 s per identity). Records throughput, error counts (there
 * must be none apart from 429s beyond each identity's budget) and that every identity was admitted
 * exactly its budget (or everything it sent, if it sent less). Writes its block of BENCHMARKS.md and
 * its key of benchmarks.json.
 *
 * The limiter's windows are fixed and aligned to the clock (floor(now / 60 s)), so the measured run
 * starts just after a window opens and ends before it closes: then "exactly its budget" is exact.
 * Without --identities, a 3-second calibration (other identities) sizes the set so that each identity
 * is sent about twice its budget.
 */
import { loadavg } from "node:os";
import { RATE_LIMIT } from "../../../src/limits";
import { EXIT_FAILED, EXIT_OK, readCommandLine, runCommand, runWhenInvoked } from "../../lib/command";
import { REPO_ROOT } from "../../lib/dev-server";
import { probe, progress, runScenario, startWorker } from "../lib/harness";
import { type LoadTestResults, loadTestBlock, writeResults } from "../lib/report";
import { mcpRequest, toolCall } from "../lib/requests";
import { ensureBenchState } from "../lib/state";

export const USAGE = `usage: npm run bench:load [-- --duration S] [-- --connections N] [-- --identities N] [-- --sources N] [-- --out DIR]

  --duration S       seconds of load, 5-50 (default 40)
  --connections N    concurrent connections, 1-200 (default 50)
  --identities N     edge identities (default: sized by a 3-second calibration)
  --sources N        the corpus size the server holds (default 1000)
  --out DIR          where BENCHMARKS.md and benchmarks.json are (default: the repository)`;

function parse(argv: string[]) {
	const read = readCommandLine(argv, {
		duration: 40,
		connections: 50,
		identities: 0,
		sources: 1000,
		out: REPO_ROOT,
	});
	return {
		...read,
		duration: Math.min(50, Math.max(5, read.duration)),
		connections: Math.min(200, Math.max(1, read.connections)),
	};
}

const PREFIX = "198.18.7.";
const PERIOD_MS = RATE_LIMIT.periodSeconds * 1000;

const requests = [
	toolCall("get_topic_signal", "get_topic_signal", { topic_id: "ai-overviews" }),
	mcpRequest("server/discover", "server/discover"),
	toolCall("search_sources", "search_sources", { query: "quokka" }),
];

async function run({ duration, connections, ...values }: ReturnType<typeof parse>): Promise<number> {
	const started = loadavg().map((n) => Math.round(n * 100) / 100);
	progress(`load test: ${connections} connections for ${duration} s against the production configuration`);
	const state = await ensureBenchState(values.sources, { log: (line) => progress(line) });
	// The database gate off: this measures each identity's own budget, and its searches from 72 identities
	// at once are a crowd the gate would meter (bench:crowd measures that).
	const worker = await startWorker("production", state.persistTo, { DATABASE_GATE_MODE: "off" }, "cli");
	progress(`wrangler dev (production config) up at ${worker.server.origin}`);
	try {
		// Each request once, from its own address (so these never touch the measured identities' budgets).
		for (const [i, request] of requests.entries()) {
			await probe(worker.server.origin, {
				...request,
				headers: { ...request.headers, "cf-connecting-ip": `198.18.6.${i}` },
			});
		}
		let identities = values.identities;
		if (!identities) {
			const calibration = await runScenario(worker, "calibration", {
				connections,
				warmupSeconds: 0,
				durationSeconds: 3,
				requests,
				identities: { count: 250, prefix: "198.18.5." },
			});
			const expected = calibration.requests_per_s * duration;
			identities = Math.min(500, Math.max(20, Math.floor(expected / (2 * RATE_LIMIT.requests))));
			progress(
				`calibration: ${calibration.requests_per_s} req/s, so ${identities} identities (about ${Math.round(expected / identities)} requests each)`,
			);
		}
		// Start 1 s into the next window (the child waits), so the run ends before the window closes.
		const now = Date.now();
		let startAt = Math.ceil(now / PERIOD_MS) * PERIOD_MS + 1000;
		if (startAt - now < 4000) startAt += PERIOD_MS;
		progress(`waiting ${((startAt - now) / 1000).toFixed(0)} s for a fresh rate-limit window …`);
		const scenario = await runScenario(worker, "load test", {
			connections,
			warmupSeconds: 0,
			durationSeconds: duration,
			requests,
			identities: { count: identities, prefix: PREFIX },
			startAt,
			timeoutSeconds: 20,
		});
		const ids = scenario.identities;
		if (!ids) throw new Error("the load generator returned no per-identity counts");
		const budget = RATE_LIMIT.requests;
		let exact = 0;
		let saturated = 0;
		const failures: string[] = [];
		ids.answered.forEach((answered, i) => {
			const admitted = ids.admitted[i] ?? 0;
			if (answered > budget) saturated++;
			if (admitted === Math.min(answered, budget)) exact++;
			else if (failures.length < 5)
				failures.push(`identity ${PREFIX}${i}: admitted ${admitted} of ${answered}`);
		});
		const other = Object.entries(scenario.status)
			.filter(([code]) => code !== "200" && code !== "429")
			.reduce((sum, [, n]) => sum + n, 0);
		if (other > 0) failures.push(`${other} answers neither 200 nor 429`);
		if (scenario.errors + scenario.timeouts > 0)
			failures.push(`${scenario.errors} connection errors, ${scenario.timeouts} timeouts`);
		if (scenario.tool_errors > 0) failures.push(`${scenario.tool_errors} errors inside 200 answers`);
		if (saturated === 0)
			failures.push("no identity was sent more than its budget: raise --duration or lower --identities");
		const windowEnd = Math.ceil((scenario.started_at_ms + 1) / PERIOD_MS) * PERIOD_MS;
		if (scenario.started_at_ms + duration * 1000 > windowEnd)
			failures.push("the run crossed a rate-limit window boundary");
		const results: LoadTestResults = {
			command: `npm run bench:load -- ${process.argv.slice(2).join(" ")}`.trim().replace(/ --$/, ""),
			generated_at: new Date().toISOString(),
			loadavg_start: started,
			sources: state.sources,
			budget,
			period_s: RATE_LIMIT.periodSeconds,
			identities,
			identity_prefix: PREFIX,
			connections,
			duration_s: duration,
			started_after_window_s: Math.round(((scenario.started_at_ms % PERIOD_MS) / 1000) * 10) / 10,
			result: { ...scenario, identities: undefined },
			peak_rss_mib: scenario.peak_rss_mib,
			saturated,
			exact_identities: exact,
			admitted_min: Math.min(...ids.admitted),
			admitted_max: Math.max(...ids.admitted),
			sent_min: Math.min(...ids.answered),
			sent_max: Math.max(...ids.answered),
			other_total: other,
			passed: failures.length === 0,
			failures,
		};
		writeResults({ "load-test": loadTestBlock(results) }, { load_test: results }, values.out);
		progress(
			`load test: ${scenario.responses} answers, ${scenario.requests_per_s} req/s, statuses ${JSON.stringify(scenario.status)}, errors ${scenario.errors}, ` +
				`${exact}/${identities} identities admitted exactly min(sent, ${budget}); ${results.passed ? "PASSED" : `FAILED: ${failures.join("; ")}`}`,
		);
		return results.passed ? EXIT_OK : EXIT_FAILED;
	} finally {
		await worker.server.stop();
	}
}

export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}

runWhenInvoked(import.meta.url, main);
