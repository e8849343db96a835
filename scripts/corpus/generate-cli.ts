/**
 * Command line of the sample-corpus generator; generate.ts loads it when run directly:
 *
 *   tsx scripts/corpus/generate.ts [--sources N] [--seed S] [--out FILE]
 *
 * Writes JSON lines to FILE (or stdout), streaming, and a one-line summary to stderr; a FILE is read
 * back (its size against the bytes written).
 */

import { once } from "node:events";
import { createWriteStream, statSync } from "node:fs";
import type { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { runCommand, UsageError } from "../lib/command";
import { DEFAULT_SEED, DEFAULT_SOURCES, type GenerateOptions } from "./generate";

const USAGE = "usage: npm run corpus:generate -- [--sources N] [--seed S] [--out FILE]";

/** The command line; returns the exit code (0 written, 1 failed, 2 not a valid command line). */
export function main(
	args: string[],
	generate: (options: GenerateOptions) => Iterable<string>,
): Promise<number> {
	return runCommand(args, { usage: USAGE, parse, run: (parsed) => run(parsed, generate) });
}

/** generate.ts run directly: the command line, its exit code the process's. */
export async function invoke(args: string[], generate: (options: GenerateOptions) => Iterable<string>) {
	process.exitCode = await main(args, generate);
}

async function run(
	parsed: ReturnType<typeof parse>,
	generate: (options: GenerateOptions) => Iterable<string>,
) {
	const started = performance.now();
	const out: Writable = parsed.out ? createWriteStream(parsed.out) : process.stdout;
	const counts = { creator: 0, topic: 0, source: 0, card: 0 } as Record<string, number>;
	let chunk = "";
	let lines = 0;
	let bytes = 0;
	for (const line of generate({ sources: parsed.sources, seed: parsed.seed })) {
		// The kind is the first key of every record.
		const kind = line.slice(9, line.indexOf('"', 9));
		counts[kind] = (counts[kind] ?? 0) + 1;
		lines++;
		chunk += `${line}\n`;
		if (chunk.length >= 1 << 20) {
			bytes += Buffer.byteLength(chunk);
			if (!out.write(chunk)) await once(out, "drain");
			chunk = "";
		}
	}
	bytes += Buffer.byteLength(chunk);
	if (chunk) out.write(chunk);
	if (parsed.out) {
		out.end();
		await once(out, "finish");
		// Read back: the file holds every byte written.
		const size = statSync(parsed.out).size;
		if (size !== bytes) throw new Error(`${parsed.out} holds ${size} bytes after writing ${bytes}`);
	}
	const seconds = ((performance.now() - started) / 1000).toFixed(1);
	process.stderr.write(
		`generated ${lines} records (${counts.creator} creators, ${counts.topic} topics, ${counts.source} sources, ` +
			`${counts.card} cards; seed ${parsed.seed}) ${parsed.out ? `to ${parsed.out}, ${bytes} bytes read back, ` : ""}in ${seconds} s\n`,
	);
	return 0;
}

function parse(args: string[]) {
	const { values, positionals } = parseArgs({
		args,
		options: {
			sources: { type: "string" },
			seed: { type: "string" },
			out: { type: "string" },
			help: { type: "boolean", short: "h", default: false },
		},
		allowPositionals: true,
	});
	if (positionals.length > 0) throw new UsageError(`unexpected argument: ${positionals[0]}`);
	const sources = values.sources === undefined ? DEFAULT_SOURCES : Number(values.sources);
	if (!Number.isInteger(sources) || sources < 0)
		throw new UsageError("--sources must be a non-negative integer");
	return { sources, seed: values.seed ?? String(DEFAULT_SEED), out: values.out, help: values.help };
}
