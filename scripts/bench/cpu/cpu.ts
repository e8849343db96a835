/**
 * `npm run bench:cpu -- [--calls 2000] [--rounds 5] [--sources 1000] [--json FILE]`
 *
 * The CPU each handler's own code spends per call, measured inside one workerd isolate with no HTTP
 * and no load generator between calls (scripts/bench/workers/cpu-loop.ts): our Worker's fetch handler (transport,
 * limiter code, protocol, validation, tool, log line), the official SDK's stateless handler serving
 * the same answer functions (scripts/bench/workers/sdk-peer.ts) and the bare floor (scripts/bench/workers/floor.ts). Each round times
 * one request that makes `calls` calls of one handler, the three alternating, so drift on this shared
 * machine touches all three alike; the median round gives microseconds per call, and the ratios are
 * taken within the run. With --searches it measures every search shape instead, its time split into
 * D1's and ours (search-cpu.ts).
 */
import { writeFileSync } from "node:fs";
import {
	EXIT_OK,
	numberOption,
	OPTIONAL,
	readCommandLine,
	runCommand,
	runWhenInvoked,
} from "../../lib/command";
import { onBenchWorker, progress } from "../lib/harness";
import { median } from "../lib/median";
import { topicRequest, topicSignalRequest } from "../lib/requests";
import { callLoop, type LoopOptions, TARGETS, type Target } from "./cpu-loop-client";
import { measureSearchCpu, searchCpuTable } from "./search-cpu";

export interface CpuResult {
	tool: string;
	calls: number;
	rounds: number;
	microsPerCall: Record<(typeof TARGETS)[number], number>;
	oursOverSdk: number;
	/** Ours with the log line built but sent to a stand-in sink, over the SDK peer. */
	oursSinkOverSdk: number;
	oursOverFloor: number;
}

export async function measureCpu(options: LoopOptions): Promise<CpuResult[]> {
	return onBenchWorker("cpu-loop", options.sources, async ({ server: { origin } }) => {
		const results: CpuResult[] = [];
		for (const request of [topicSignalRequest(), topicRequest()]) {
			const loop = async (target: Target, calls: number) =>
				(await callLoop(origin, target, request, calls)).ms;
			// Warm each handler (JIT, the projection copy, the SDK's first server).
			for (const target of TARGETS) await loop(target, 50);
			const times: Record<(typeof TARGETS)[number], number[]> = {
				ours: [],
				"ours-sink": [],
				sdk: [],
				floor: [],
			};
			for (let round = 0; round < options.rounds; round++)
				for (const target of TARGETS) times[target].push(await loop(target, options.calls));
			const micros = Object.fromEntries(
				TARGETS.map((t) => [t, (median(times[t]) * 1000) / options.calls]),
			) as Record<(typeof TARGETS)[number], number>;
			results.push({
				tool: request.label,
				calls: options.calls,
				rounds: options.rounds,
				microsPerCall: micros,
				oursOverSdk: micros.ours / micros.sdk,
				oursSinkOverSdk: micros["ours-sink"] / micros.sdk,
				oursOverFloor: micros.ours / micros.floor,
			});
			progress(`cpu: ${request.label} measured`);
		}
		return results;
	});
}

export const USAGE = `usage: npm run bench:cpu [-- --searches] [-- --calls N] [-- --rounds N] [-- --sources N] [-- --json FILE]

  --searches      every search shape of the cost cases instead, its time split into D1's and ours
  --calls N       calls of each handler per round (default 2000; with --searches 3)
  --rounds N      rounds, the median kept (default 5)
  --sources N     the corpus size the handlers read (default 1000)
  --json FILE     also write the measures as JSON`;

function parse(argv: string[]) {
	const read = readCommandLine(argv, {
		searches: false,
		calls: OPTIONAL,
		rounds: 5,
		sources: 1000,
		json: OPTIONAL,
	});
	return { ...read, calls: numberOption("calls", read.calls ?? (read.searches ? "3" : "2000")) };
}

async function run({ json, searches, ...options }: ReturnType<typeof parse>): Promise<number> {
	if (searches) {
		const measured = await measureSearchCpu(options);
		console.log(searchCpuTable(measured, options.sources));
		if (json) writeFileSync(json, `${JSON.stringify(measured, null, 2)}\n`);
		return EXIT_OK;
	}
	const results = await measureCpu({
		calls: options.calls,
		rounds: options.rounds,
		sources: options.sources,
	});
	console.log(cpuTable(results));
	if (json) writeFileSync(json, `${JSON.stringify(results, null, 2)}\n`);
	return EXIT_OK;
}

export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}

export function cpuTable(results: CpuResult[]): string {
	const lines = [
		"| tool | ours µs/call | ours, log line to a sink | SDK peer | floor | ours ÷ SDK peer | ours (sink) ÷ SDK peer |",
		"| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
	];
	for (const r of results) {
		const m = r.microsPerCall;
		lines.push(
			`| ${r.tool} | ${m.ours.toFixed(1)} | ${m["ours-sink"].toFixed(1)} | ${m.sdk.toFixed(1)} | ${m.floor.toFixed(1)} | ${r.oursOverSdk.toFixed(2)} × | ${r.oursSinkOverSdk.toFixed(2)} × |`,
		);
	}
	return lines.join("\n");
}

runWhenInvoked(import.meta.url, main);
