/**
 * `npm run projections:refresh [-- --full] [-- --remote] [-- --persist-to DIR]`
 *
 * The operator's projection refresh: the very SQL files the Worker's cron runs
 * (projections/begin-<mode>.sql + projections/recompute.sql), executed through wrangler against the
 * local D1 or, with --remote, the deployed one. Incremental by default; --full rebuilds everything.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { inlineStatement } from "./corpus/statements";
import { REPO_ROOT } from "./lib/dev-server";
import { type D1Target, d1Query, d1TargetArgs, runWrangler } from "./lib/wrangler";

export type Mode = "full" | "incremental";

export function refreshSql(mode: Mode): string {
	const read = (name: string) => readFileSync(resolve(REPO_ROOT, "projections", name), "utf8");
	return `${read(`begin-${mode}.sql`)}\n${read("recompute.sql")}`;
}

export interface RefreshRecord {
	refresh_id: number;
	mode: Mode;
	outcome: "succeeded" | "failed" | "running";
	started_at: string;
	finished_at: string | null;
	creators_recomputed: number;
	topics_recomputed: number;
	rows_written: number;
}

const RECORD_FAILURE = `INSERT INTO projection_refreshes (mode, started_at, finished_at, outcome, error)
VALUES (?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'failed', 'operator refresh failed; see its wrangler output')`;

const LAST_REFRESH = `SELECT refresh_id, mode, outcome, started_at, finished_at, creators_recomputed, topics_recomputed, rows_written
FROM projection_refreshes ORDER BY refresh_id DESC LIMIT 1`;

/** Runs one refresh; on failure records it as failed (the previous projection keeps serving) and throws. */
export function runRefresh(mode: Mode, target: D1Target): RefreshRecord {
	const dir = mkdtempSync(join(tmpdir(), "projections-"));
	const file = join(dir, `refresh-${mode}.sql`);
	writeFileSync(file, refreshSql(mode));
	try {
		const result = runWrangler(["d1", "execute", "DB", ...d1TargetArgs(target), "--file", file, "--yes"], {
			allowFailure: true,
		});
		if (result.status !== 0) {
			runWrangler(
				[
					"d1",
					"execute",
					"DB",
					...d1TargetArgs(target),
					"--command",
					inlineStatement({ sql: RECORD_FAILURE, params: [mode] }),
				],
				{ allowFailure: true },
			);
			throw new Error(
				`projection refresh (${mode}) failed; the previous projection keeps serving.\n${result.stdout}${result.stderr}`,
			);
		}
		const [record] = d1Query<RefreshRecord>(target, LAST_REFRESH);
		if (!record) throw new Error("the refresh ran but left no record in projection_refreshes");
		return record;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const { values } = parseArgs({
		options: {
			full: { type: "boolean", default: false },
			remote: { type: "boolean", default: false },
			"persist-to": { type: "string" },
		},
	});
	const mode: Mode = values.full ? "full" : "incremental";
	console.error(`Refreshing projections (${mode}) on the ${values.remote ? "remote" : "local"} D1…`);
	try {
		console.log(
			JSON.stringify(runRefresh(mode, { remote: values.remote, persistTo: values["persist-to"] }), null, 2),
		);
	} catch (error) {
		console.error(String(error instanceof Error ? error.message : error));
		process.exit(1);
	}
}
