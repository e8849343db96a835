/**
 * `npm run search:pairs [-- --persist-to DIR]` (`-- --help` for the usage)
 *
 * Writes the word pairs of every source queued for them (migrations/0023) in the local D1, as the
 * deployed Worker's cron does after each projection refresh, until none is queued: after a large
 * import, so that phrases are looked up at once rather than over the next cron runs. The very
 * writer the cron runs (src/projections/pair-writer.ts), on the local D1 opened with Miniflare as
 * wrangler opens it; then it reads back how many sources are still queued and how many hold pairs.
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { type PairDb, type PairsWritten, writeQueuedPairs } from "../src/projections/pair-writer";
import { findDatabase } from "./corpus/import";
import { EXIT_FAILED, EXIT_OK, runCommand, runWhenInvoked } from "./lib/command";
import { REPO_ROOT } from "./lib/dev-server";
import { localD1Worker } from "./lib/local-d1";

export const USAGE = `usage: npm run search:pairs [-- --persist-to DIR]

  --persist-to DIR   the local D1's state directory, like wrangler's flag (default .wrangler/state)
  -h, --help         this text

Writes the word pairs of every source queued for them in the local D1 and reads back how many are
still queued (0 unless a write queued more meanwhile) and how many sources hold pairs. The deployed
database's are written by its Worker's cron, after each projection refresh (docs/operations.md).`;

/** An hour at most: writes that keep queuing sources as fast as they are written end the run. */
const RUN_MS = 60 * 60 * 1000;

interface LocalPairs extends PairsWritten {
	/** Sources holding pairs once the run ended (read back). */
	holding: number;
}

/** Writes the queued pairs of the local D1 under `persistTo` (wrangler's layout). */
export async function writeLocalPairs(persistTo: string): Promise<LocalPairs> {
	const database = findDatabase(undefined);
	const mf = await localD1Worker(
		persistTo,
		database.preview_database_id ?? (database.database_id as string),
		"export default { fetch: () => new Response(null, { status: 404 }) };",
	);
	try {
		const db = (await mf.getD1Database("DB")) as unknown as PairDb;
		const written = await writeQueuedPairs(db, { budgetMs: RUN_MS });
		const holding = await db.prepare("SELECT COUNT(*) AS n FROM search_pairs_docsize").first<{ n: number }>();
		return { ...written, holding: holding?.n ?? 0 };
	} finally {
		await mf.dispose();
	}
}

function parse(argv: string[]) {
	const { values } = parseArgs({
		args: argv,
		options: {
			"persist-to": { type: "string" },
			help: { type: "boolean", short: "h", default: false },
		},
	});
	return { persistTo: resolve(REPO_ROOT, values["persist-to"] ?? ".wrangler/state"), help: values.help };
}

async function run({ persistTo }: ReturnType<typeof parse>): Promise<number> {
	const outcome = await writeLocalPairs(persistTo);
	console.log(
		`${outcome.written} sources written in ${(outcome.duration_ms / 1000).toFixed(1)} s; ` +
			`${outcome.queued} still queued; ${outcome.holding} hold pairs (read back)`,
	);
	return outcome.queued === 0 ? EXIT_OK : EXIT_FAILED;
}

export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}

runWhenInvoked(import.meta.url, main);
