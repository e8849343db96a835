import { EXIT_OK, readCommandLine, runCommand, runWhenInvoked, UsageError } from "../../lib/command";
import { onBenchWorker } from "../lib/harness";
import { median } from "../lib/median";
import { toolCall } from "../lib/requests";
import { countedSend } from "./edge-cost";

export const USAGE = `usage: npm run bench:probe -- [--sources N] [--sends N] '{"query":"…","offset":1000}' …

  --sources N     the bench state's size (default 100000)
  --sends N       sends counted per call, after one warming send: their median D1 time, and
                  its least and most in brackets (default 3)
  each argument is one search_sources call's arguments, as JSON`;

function parse(argv: string[]) {
	const read = readCommandLine(argv, { sources: 100_000, sends: 3 }, { positionals: true });
	const calls = read.positionals.map((given) => {
		try {
			return { given, args: JSON.parse(given) as unknown };
		} catch {
			throw new UsageError(`not a JSON object of search_sources arguments: ${given}`);
		}
	});
	if (!read.help && calls.length === 0)
		throw new UsageError("give at least one search_sources call, as JSON");
	return { ...read, calls };
}

async function run({ sources, sends: sendCount, calls }: ReturnType<typeof parse>): Promise<number> {
	process.env.WRANGLER_SEND_METRICS = "false";
	await onBenchWorker("counting", sources, async (worker) => {
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
			const times = sends.map((s) => s.cost.d1Ms as number);
			const spread = `(${Math.min(...times).toFixed(0)}–${Math.max(...times).toFixed(0)})`;
			console.log(
				`${median(times).toFixed(1).padStart(7)} ms D1 ${spread.padStart(9)}  ${String(first.cost.roundTrips)} (${first.cost.depth}) trips  ${String(first.cost.rowsRead).padStart(7)} rows  total ${first.sc?.total_estimate}  results ${first.sc?.results?.length}  ${given}`,
			);
		}
	});
	return EXIT_OK;
}

export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}

runWhenInvoked(import.meta.url, main);
