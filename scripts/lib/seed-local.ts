/**
 * Brings a local D1 to a servable state: migrations applied, on first run only the default sample
 * corpus imported and projected, and the word pairs of any source queued for them written (all of
 * them after the import, or after the migration that adds the pair index). A database that already
 * holds sources keeps them.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { generateCorpusLines } from "../corpus/generate";
import { importCorpus } from "../corpus/import";
import { runRefresh } from "../projections-refresh";
import { writeLocalPairs } from "../search-pairs";
import { REPO_ROOT } from "./dev-server";
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
	const persistTo = resolve(REPO_ROOT, options.persistTo ?? ".wrangler/state");
	if (localSourceCount(options.persistTo) > 0) {
		await writeLocalPairs(persistTo);
		return false;
	}
	const dir = mkdtempSync(join(tmpdir(), "base2026-seed-"));
	try {
		const file = join(dir, "sample.jsonl");
		writeFileSync(file, `${[...generateCorpusLines({ sources: options.sources })].join("\n")}\n`);
		log("Importing the default sample corpus into the local D1…");
		await importCorpus({ file, persistTo: options.persistTo, skipMigrations: true, progress: false, log });
		log("Building the projections…");
		runRefresh("full", { remote: false, persistTo: options.persistTo });
		log("Writing the word pairs…");
		await writeLocalPairs(persistTo);
		return true;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}
