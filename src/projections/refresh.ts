/**
 * Runs a projection refresh. projections/start.sql records it as 'running', on its own; then
 * projections/claim.sql, begin-<mode>.sql and recompute.sql run as one D1 batch, which is one
 * transaction that also marks the record 'succeeded'. Readers see the complete old projection or the
 * complete new one; a refresh that fails part-way rolls back whole, leaves the old projection
 * serving, and is marked failed (projections/fail.sql) and logged; one killed mid-run stays
 * 'running' with no finished_at. Overlapping refreshes serialise on D1's writer.
 */
import beginFull from "../../projections/begin-full.sql";
import beginIncremental from "../../projections/begin-incremental.sql";
import claim from "../../projections/claim.sql";
import fail from "../../projections/fail.sql";
import recompute from "../../projections/recompute.sql";
import start from "../../projections/start.sql";
import { forgetProjectionCopy } from "../data/projection-copy";
import { sqlStatements } from "./sql-statements";

type RefreshMode = "full" | "incremental";

export const REFRESH_STATEMENTS: Record<RefreshMode, readonly string[]> = {
	full: sqlStatements(`${beginFull}\n${recompute}`),
	incremental: sqlStatements(`${beginIncremental}\n${recompute}`),
};

interface RefreshOutcome {
	mode: RefreshMode;
	outcome: "succeeded" | "failed";
	refresh_id: number | null;
	rows_written: number;
	creators_recomputed: number;
	topics_recomputed: number;
	duration_ms: number;
	error?: string;
}

const OWN_RECORD_SQL = `
SELECT refresh_id, rows_written, creators_recomputed, topics_recomputed
FROM projection_refreshes WHERE refresh_id = ?1`;

export async function refreshProjections(
	db: D1Database,
	mode: RefreshMode,
	statements: readonly string[] = REFRESH_STATEMENTS[mode],
): Promise<RefreshOutcome> {
	try {
		return await runRefresh(db, mode, statements);
	} finally {
		// This isolate answers from the refresh's outcome at once; others within their copy's bound.
		forgetProjectionCopy();
	}
}

async function runRefresh(
	db: D1Database,
	mode: RefreshMode,
	statements: readonly string[],
): Promise<RefreshOutcome> {
	const started = Date.now();
	let refreshId: number | null = null;
	try {
		// Committed before the work: whatever happens next, the log shows this refresh started.
		refreshId = (await db.prepare(start).bind(mode).first<{ refresh_id: number }>())?.refresh_id ?? null;
		if (refreshId === null) throw new Error("projections/start.sql returned no refresh id");
		// The work claims its own record first (another refresh may have started since) and reads it
		// back as its last statement: inside the same transaction, with no extra round trip.
		const results = await db.batch([
			db.prepare(claim).bind(refreshId),
			...statements.map((sql) => db.prepare(sql)),
			db.prepare(OWN_RECORD_SQL).bind(refreshId),
		]);
		const row = results.at(-1)?.results[0] as
			| Omit<RefreshOutcome, "mode" | "outcome" | "duration_ms">
			| undefined;
		const outcome: RefreshOutcome = {
			mode,
			outcome: "succeeded",
			refresh_id: row?.refresh_id ?? refreshId,
			rows_written: row?.rows_written ?? 0,
			creators_recomputed: row?.creators_recomputed ?? 0,
			topics_recomputed: row?.topics_recomputed ?? 0,
			duration_ms: Date.now() - started,
		};
		console.log(JSON.stringify({ event: "projection_refresh", ...outcome }));
		return outcome;
	} catch (error) {
		const message = String(error).slice(0, 500);
		// If this cannot be written either, the record stays 'running': started, never finished.
		try {
			if (refreshId !== null) await db.prepare(fail).bind(message, refreshId).run();
		} catch {}
		const outcome: RefreshOutcome = {
			mode,
			outcome: "failed",
			refresh_id: refreshId,
			rows_written: 0,
			creators_recomputed: 0,
			topics_recomputed: 0,
			duration_ms: Date.now() - started,
			error: message,
		};
		console.error(
			JSON.stringify({
				event: "projection_refresh",
				...outcome,
				note: "the previous projection keeps serving",
			}),
		);
		return outcome;
	}
}

/** The cron's choice: a nightly full rebuild, incremental otherwise, full when nothing was ever built. */
export async function scheduledRefresh(db: D1Database, cron: string): Promise<RefreshOutcome> {
	const built = await db
		.prepare("SELECT 1 AS ok FROM projection_refreshes WHERE outcome = 'succeeded' LIMIT 1")
		.first<{ ok: number }>();
	const mode: RefreshMode = built === null || cron === FULL_REFRESH_CRON ? "full" : "incremental";
	return refreshProjections(db, mode);
}

/** Must match the second entry of [triggers] crons in wrangler.toml. */
export const FULL_REFRESH_CRON = "17 3 * * *";
