/**
 * `npm run bench:probe -- [--sources 100000] [--sends 3] '{"query":"…","offset":1000}' …`
 *
 * What each given search_sources call costs the database at one corpus size, counted as bench:cost
 * counts it (round trips, depth, rows read, D1's own time: the median of `--sends` after one warming
 * send), for a hostile pass over shapes the bench does not send. Prints one line per call.
 */
import { parseArgs } from "node:util";
import { EXIT_OK, numberOption, runCommand, runWhenInvoked, UsageError } from "../../lib/command";
import { startWorker } from "../lib/harness";
import { median } from "../lib/median";
import { toolCall } from "../lib/requests";
import { ensureBenchState } from "../lib/state";
import { countedSend } from "./edge-cost";

export const USAGE = `usage: npm run bench:probe -- [--sources N] [--sends N] '{"query":"…","offset":1000}' …

  --sources N     the bench state's size (default 100000)
  --sends N       sends counted per call, the median kept, after one warming send (default 3)
  each argument is one search_sources call's arguments, as JSON`;

function parse(argv: string[]) {
	const { values, positionals } = parseArgs({
		args: argv,
		allowPositionals: true,
		options: {
			sources: { type: "string", default: "100000" },
			sends: { type: "string", default: "3" },
			help: { type: "boolean", short: "h", default: false },
		},
	});
	const calls = positionals.map((given) => {
		try {
			return { given, args: JSON.parse(given) as unknown };
		} catch {
			throw new UsageError(`not a JSON object of search_sources arguments: ${given}`);
		}
	});
	if (!values.help && calls.length === 0)
		throw new UsageError("give at least one search_sources call, as JSON");
	return {
		help: values.help,
		sources: numberOption("sources", values.sources),
		sends: numberOption("sends", values.sends),
		calls,
	};
}

async function run({ sources, sends: sendCount, calls }: ReturnType<typeof parse>): Promise<number> {
	process.env.WRANGLER_SEND_METRICS = "false";
	const state = await ensureBenchState(sources);
	const worker = await startWorker("counting", state.persistTo);
	try {
		for (const { given, args } of calls) {
			const request = toolCall("probe", "search_sources", args as Record<string, unknown>);
			const c = { label: given, kind: "search" as const, request, maxDepth: 2 };
			const send = async () => {
				const { cost, body } = await countedSend(worker.server.origin, c);
				return { cost, sc: JSON.parse(body).result?.structuredContent };
			};
			await send();
			const sends = [];
			for (let i = 0; i < sendCount; i++) sends.push(await send());
			const first = sends[0] as Awaited<ReturnType<typeof send>>;
			const d1 = median(sends.map((s) => s.cost.d1Ms as number));
			console.log(
				`${d1.toFixed(1).padStart(7)} ms D1  ${String(first.cost.roundTrips)} (${first.cost.depth}) trips  ${String(first.cost.rowsRead).padStart(7)} rows  total ${first.sc?.total_estimate}  results ${first.sc?.results?.length}  ${given}`,
			);
		}
	} finally {
		await worker.server.stop();
	}
	return EXIT_OK;
}

export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}

runWhenInvoked(import.meta.url, main);
