/** Sending the CPU loop (scripts/bench/workers/cpu-loop.ts) its calls: bench:cpu's handlers and its searches. */
import type { BenchRequest } from "../lib/requests";

/** The handlers bench:cpu compares per call. */
export const TARGETS = ["ours", "ours-sink", "sdk", "floor"] as const;
/** The handlers bench:cpu compares, and "predict": the route's prediction alone (predict-cpu.ts). */
export type Target = (typeof TARGETS)[number] | "predict";
/** Ours with every window spent: what a refusal costs (refusal-cpu.ts). */
export type LoopTarget = Target | "ours-spent";

/** What a CPU measure takes: calls per round, rounds (the median kept), and the corpus size. */
export interface LoopOptions {
	calls: number;
	rounds: number;
	sources: number;
}

/**
 * One request to scripts/bench/workers/cpu-loop.ts: `calls` calls of the `target` handler with `request`, timed whole;
 * `d1Ms` is the D1 time the calls' log lines reported (ours-sink only).
 */
export async function callLoop(
	origin: string,
	target: LoopTarget,
	request: BenchRequest,
	calls: number,
	/** The status every call must answer (a refusal's, to measure what refusing costs). */
	status = 200,
): Promise<{ ms: number; d1Ms: number }> {
	const started = performance.now();
	const response = await fetch(`${origin}/loop?target=${target}&n=${calls}&status=${status}`, {
		method: "POST",
		headers: { "x-call-headers": JSON.stringify(request.headers) },
		body: request.body,
		signal: AbortSignal.timeout(300_000),
	});
	const text = await response.text();
	if (response.status !== 200) throw new Error(`${request.label} (${target}): ${text}`);
	return { ms: performance.now() - started, d1Ms: (JSON.parse(text) as { d1Ms?: number }).d1Ms ?? 0 };
}
