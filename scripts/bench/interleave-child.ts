/**
 * Service-time comparison without drift: one request at a time, to several Workers in turn (round
 * robin, the order rotated every round), so every Worker is measured under the same machine
 * conditions. Used for the rate limiter's added latency (limiter off / native / Durable Object).
 * Runs in its own process; bounded by time and by rounds.
 *
 *   tsx scripts/bench/interleave-child.ts <spec.json>     (prints one JSON line)
 */
import { readFileSync } from "node:fs";
import { summarise } from "./load-child";
import type { BenchRequest } from "./requests";

export interface InterleaveSpec {
	origins: Record<string, string>;
	request: BenchRequest;
	warmupSeconds: number;
	durationSeconds: number;
	maxRounds: number;
}

async function once(origin: string, request: BenchRequest): Promise<number> {
	const t = performance.now();
	const response = await fetch(`${origin}${request.path}`, {
		method: request.method,
		headers: request.headers,
		body: request.body,
	});
	await response.arrayBuffer();
	if (response.status !== 200) throw new Error(`${origin}: HTTP ${response.status}`);
	return performance.now() - t;
}

async function main(): Promise<void> {
	const spec = JSON.parse(readFileSync(process.argv[2] as string, "utf8")) as InterleaveSpec;
	const names = Object.keys(spec.origins);
	const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
	const warmEnd = performance.now() + spec.warmupSeconds * 1000;
	const end = warmEnd + spec.durationSeconds * 1000;
	for (let round = 0; round < spec.maxRounds && performance.now() < end; round++) {
		const measuring = performance.now() >= warmEnd;
		for (let i = 0; i < names.length; i++) {
			const name = names[(round + i) % names.length] as string;
			const ms = await once(spec.origins[name] as string, spec.request);
			if (measuring) samples[name]?.push(ms);
		}
	}
	const out = Object.fromEntries(names.map((n) => [n, summarise(samples[n] ?? [])]));
	process.stdout.write(`${JSON.stringify(out)}\n`);
}

main().catch((error: unknown) => {
	process.stderr.write(`interleave failed: ${String(error instanceof Error ? error.stack : error)}\n`);
	process.exit(1);
});
