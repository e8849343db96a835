/**
 * Command line of the sample-corpus generator; generate.ts loads it when run directly:
 *
 *   tsx scripts/corpus/generate.ts [--sources N] [--seed S] [--out FILE]
 *
 * Writes JSON lines to FILE (or stdout), streaming, and a one-line summary to stderr.
 */

import { once } from "node:events";
import { createWriteStream } from "node:fs";
import type { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { DEFAULT_SEED, DEFAULT_SOURCES, type GenerateOptions } from "./generate";

const USAGE = "usage: tsx scripts/corpus/generate.ts [--sources N] [--seed S] [--out FILE]";

export async function main(
	args: string[],
	generate: (options: GenerateOptions) => Iterable<string>,
): Promise<void> {
	let parsed: ReturnType<typeof parse>;
	try {
		parsed = parse(args);
	} catch (error) {
		process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
		process.exitCode = 2;
		return;
	}
	if (parsed.help) {
		process.stdout.write(`${USAGE}\n`);
		return;
	}
	const started = performance.now();
	const out: Writable = parsed.out ? createWriteStream(parsed.out) : process.stdout;
	const counts = { creator: 0, topic: 0, source: 0, card: 0 } as Record<string, number>;
	let chunk = "";
	let lines = 0;
	for (const line of generate({ sources: parsed.sources, seed: parsed.seed })) {
		// The kind is the first key of every record.
		const kind = line.slice(9, line.indexOf('"', 9));
		counts[kind] = (counts[kind] ?? 0) + 1;
		lines++;
		chunk += `${line}\n`;
		if (chunk.length >= 1 << 20) {
			if (!out.write(chunk)) await once(out, "drain");
			chunk = "";
		}
	}
	if (chunk) out.write(chunk);
	if (parsed.out) {
		out.end();
		await once(out, "finish");
	}
	const seconds = ((performance.now() - started) / 1000).toFixed(1);
	process.stderr.write(
		`generated ${lines} records (${counts.creator} creators, ${counts.topic} topics, ${counts.source} sources, ` +
			`${counts.card} cards; seed ${parsed.seed}) ${parsed.out ? `to ${parsed.out} ` : ""}in ${seconds} s\n`,
	);
}

function parse(args: string[]) {
	const { values, positionals } = parseArgs({
		args,
		options: {
			sources: { type: "string" },
			seed: { type: "string" },
			out: { type: "string" },
			help: { type: "boolean", short: "h" },
		},
		allowPositionals: true,
	});
	if (positionals.length > 0) throw new Error(`unexpected argument: ${positionals[0]}`);
	const sources = values.sources === undefined ? DEFAULT_SOURCES : Number(values.sources);
	if (!Number.isInteger(sources) || sources < 0) throw new Error(`--sources must be a non-negative integer`);
	return { sources, seed: values.seed ?? String(DEFAULT_SEED), out: values.out, help: values.help === true };
}
