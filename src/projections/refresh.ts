/**
 * Runs a projection refresh: projections/begin-<mode>.sql then projections/recompute.sql, as one D1
 * batch, which is one transaction. Readers see the complete old projection or the complete new one;
 * a refresh that fails part-way rolls back whole, leaves the old projection serving, and is recorded
 * as failed in projection_refreshes and in the log. Overlapping refreshes serialise on D1's writer.
 */
import beginFull from "../../projections/begin-full.sql";
import beginIncremental from "../../projections/begin-incremental.sql";
import recompute from "../../projections/recompute.sql";
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

const LAST_REFRESH_SQL = `
SELECT refresh_id, rows_written, creators_recomputed, topics_recomputed
FROM projection_refreshes WHERE refresh_id = (SELECT refresh_id FROM current_refresh)`;

const RECORD_FAILURE_SQL = `
INSERT INTO projection_refreshes (mode, started_at, finished_at, outcome, error)
VALUES (?1, ?2, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'failed', ?3)`;

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
	try {
		// The refresh's own record is read as the batch's last statement: inside the same transaction,
		// so an overlapping refresh cannot be reported in its place, and with no extra round trip.
		const results = await db.batch([
			...statements.map((sql) => db.prepare(sql)),
			db.prepare(LAST_REFRESH_SQL),
		]);
		const row = results.at(-1)?.results[0] as
			| Omit<RefreshOutcome, "mode" | "outcome" | "duration_ms">
			| undefined;
		const outcome: RefreshOutcome = {
			mode,
			outcome: "succeeded",
			refresh_id: row?.refresh_id ?? null,
			rows_written: row?.rows_written ?? 0,
			creators_recomputed: row?.creators_recomputed ?? 0,
			topics_recomputed: row?.topics_recomputed ?? 0,
			duration_ms: Date.now() - started,
		};
		console.log(JSON.stringify({ event: "projection_refresh", ...outcome }));
		return outcome;
	} catch (error) {
		const message = String(error).slice(0, 500);
		await db
			.prepare(RECORD_FAILURE_SQL)
			.bind(mode, new Date(started).toISOString(), message)
			.run()
			.catch(() => {});
		const outcome: RefreshOutcome = {
			mode,
			outcome: "failed",
			refresh_id: null,
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
