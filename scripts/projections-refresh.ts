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
import { REPO_ROOT } from "./lib/dev-server";
import { runWrangler } from "./lib/wrangler";

export type Mode = "full" | "incremental";

export function refreshSql(mode: Mode): string {
	const read = (name: string) => readFileSync(resolve(REPO_ROOT, "projections", name), "utf8");
	return `${read(`begin-${mode}.sql`)}\n${read("recompute.sql")}`;
}

export interface RefreshTarget {
	remote: boolean;
	persistTo?: string;
}

const targetArgs = (target: RefreshTarget) =>
	target.remote ? ["--remote"] : ["--local", ...(target.persistTo ? ["--persist-to", target.persistTo] : [])];

/** Runs one refresh; on failure records it as failed (the previous projection keeps serving) and throws. */
export function runRefresh(mode: Mode, target: RefreshTarget): string {
	const dir = mkdtempSync(join(tmpdir(), "projections-"));
	const file = join(dir, `refresh-${mode}.sql`);
	writeFileSync(file, refreshSql(mode));
	try {
		const result = runWrangler(["d1", "execute", "DB", ...targetArgs(target), "--file", file, "--yes"], {
			allowFailure: true,
		});
		if (result.status !== 0) {
			runWrangler(
				[
					"d1",
					"execute",
					"DB",
					...targetArgs(target),
					"--command",
					`INSERT INTO projection_refreshes (mode, started_at, finished_at, outcome, error) VALUES ('${mode}', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'failed', 'operator refresh failed; see its wrangler output')`,
				],
				{ allowFailure: true },
			);
			throw new Error(
				`projection refresh (${mode}) failed; the previous projection keeps serving.\n${result.stdout}${result.stderr}`,
			);
		}
		const summary = runWrangler([
			"d1",
			"execute",
			"DB",
			...targetArgs(target),
			"--json",
			"--command",
			"SELECT refresh_id, mode, outcome, started_at, finished_at, creators_recomputed, topics_recomputed, rows_written FROM projection_refreshes ORDER BY refresh_id DESC LIMIT 1",
		]);
		return summary.stdout;
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
		const json = JSON.parse(runRefresh(mode, { remote: values.remote, persistTo: values["persist-to"] }));
		console.log(JSON.stringify(json[0]?.results?.[0] ?? json, null, 2));
	} catch (error) {
		console.error(String(error instanceof Error ? error.message : error));
		process.exit(1);
	}
}
