/**
 * `npm run bench:probe -- [--sources 100000] [--sends 3] '{"query":"…","offset":1000}' …`
 *
 * What each given search_sources call costs the database at one corpus size, counted as bench:cost
 * counts it (round trips, depth, rows read, D1's own time: the median of `--sends` after one warming
 * send), for a hostile pass over shapes the bench does not send. Prints one line per call.
 */
import { parseArgs } from "node:util";
import { startWorker } from "./harness";
import { toolCall } from "./requests";
import { ensureBenchState } from "./state";

const median = (values: number[]) =>
	[...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;

async function main(): Promise<void> {
	const { values, positionals } = parseArgs({
		allowPositionals: true,
		options: { sources: { type: "string", default: "100000" }, sends: { type: "string", default: "3" } },
	});
	process.env.WRANGLER_SEND_METRICS = "false";
	const state = await ensureBenchState(Number(values.sources));
	const worker = await startWorker("counting", state.persistTo);
	try {
		for (const given of positionals) {
			const request = toolCall("probe", "search_sources", JSON.parse(given));
			const send = async () => {
				const response = await fetch(`${worker.server.origin}${request.path}`, {
					method: "POST",
					headers: request.headers,
					body: request.body,
					signal: AbortSignal.timeout(120_000),
				});
				const body = JSON.parse(await response.text());
				const cost = JSON.parse(response.headers.get("x-d1-cost") ?? "{}");
				return { cost, sc: body.result?.structuredContent };
			};
			await send();
			const sends = [];
			for (let i = 0; i < Number(values.sends); i++) sends.push(await send());
			const first = sends[0] as Awaited<ReturnType<typeof send>>;
			const d1 = median(sends.map((s) => s.cost.d1Ms as number));
			console.log(
				`${d1.toFixed(1).padStart(7)} ms D1  ${String(first.cost.roundTrips)} (${first.cost.depth}) trips  ${String(first.cost.rowsRead).padStart(7)} rows  total ${first.sc?.total_estimate}  results ${first.sc?.results?.length}  ${given}`,
			);
		}
	} finally {
		await worker.server.stop();
	}
}

await main();
