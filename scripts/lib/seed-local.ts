/**
 * Brings a local D1 to a servable state: migrations applied and, on first run only, the default
 * sample corpus imported and projected. A database that already holds sources is left alone.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateCorpusLines } from "../corpus/generate";
import { importCorpus } from "../corpus/import";
import { runRefresh } from "../projections-refresh";
import { applyLocalMigrations, d1Query } from "./wrangler";

function localSourceCount(persistTo?: string): number {
	return d1Query<{ n: number }>({ remote: false, persistTo }, "SELECT COUNT(*) AS n FROM sources")[0]?.n ?? 0;
}

export async function seedLocalDatabase(
	options: {
		persistTo?: string;
		sources?: number;
		log?: (line: string) => void;
		/** The state is a copy of a freshly migrated one: skip `wrangler d1 migrations apply`. */
		migrated?: boolean;
	} = {},
): Promise<boolean> {
	const log = options.log ?? ((line: string) => console.error(line));
	if (!options.migrated) applyLocalMigrations(options.persistTo);
	if (localSourceCount(options.persistTo) > 0) return false;
	const dir = mkdtempSync(join(tmpdir(), "base2026-seed-"));
	try {
		const file = join(dir, "sample.jsonl");
		writeFileSync(file, `${[...generateCorpusLines({ sources: options.sources })].join("\n")}\n`);
		log("Importing the default sample corpus into the local D1…");
		await importCorpus({ file, persistTo: options.persistTo, skipMigrations: true, progress: false, log });
		log("Building the projections…");
		runRefresh("full", { remote: false, persistTo: options.persistTo });
		return true;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}
