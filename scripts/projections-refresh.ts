/**
 * `npm run projections:refresh [-- --full] [-- --remote] [-- --persist-to DIR]` (`-- --help` for the usage)
 *
 * The operator's projection refresh: the very SQL files the Worker's cron runs, executed through
 * wrangler against the local D1 or, with --remote, the deployed one. Incremental by default; --full
 * rebuilds everything. projections/start.sql records the refresh as 'running' (one command); one
 * `wrangler d1 execute --file` then runs claim.sql, begin-<mode>.sql and recompute.sql as one
 * transaction that marks it 'succeeded'; on failure fail.sql marks it 'failed'. Interrupted in
 * between, it stays 'running' with no finished_at.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { sqlStatements } from "../src/projections/sql-statements";
import { inlineStatement, type SqlValue } from "./corpus/statements";
import { runCommand, runWhenInvoked, UsageError } from "./lib/command";
import { REPO_ROOT } from "./lib/dev-server";
import { type D1Target, d1Query, d1TargetArgs, runWrangler } from "./lib/wrangler";

type Mode = "full" | "incremental";

const read = (name: string) => readFileSync(resolve(REPO_ROOT, "projections", name), "utf8");

/** The transactional work of a refresh, without its claim. */
export function refreshSql(mode: Mode): string {
	return `${read(`begin-${mode}.sql`)}\n${read("recompute.sql")}`;
}

/** The one statement of a projections/*.sql file, its parameters inlined (comments dropped first). */
function statementOf(name: string, params: SqlValue[]): string {
	const [sql, ...rest] = sqlStatements(read(name));
	if (!sql || rest.length > 0) throw new Error(`projections/${name} must hold exactly one statement`);
	return inlineStatement({ sql, params });
}

export interface RefreshRecord {
	refresh_id: number;
	mode: Mode;
	outcome: "succeeded" | "failed" | "running";
	started_at: string;
	/** When its transaction began; finished_at minus this is the work's time in the database. */
	work_started_at: string | null;
	finished_at: string | null;
	creators_recomputed: number;
	topics_recomputed: number;
	rows_written: number;
}

const OWN_RECORD = `SELECT refresh_id, mode, outcome, started_at, work_started_at, finished_at, creators_recomputed, topics_recomputed, rows_written
FROM projection_refreshes WHERE refresh_id = ?`;

/** Runs one refresh; on failure marks it failed (the previous projection keeps serving) and throws. */
export function runRefresh(mode: Mode, target: D1Target): RefreshRecord {
	const [started] = d1Query<{ refresh_id: number }>(target, statementOf("start.sql", [mode]));
	if (!started) throw new Error("projections/start.sql returned no refresh id");
	const id = started.refresh_id;
	const dir = mkdtempSync(join(tmpdir(), "projections-"));
	const file = join(dir, `refresh-${mode}.sql`);
	writeFileSync(file, `${statementOf("claim.sql", [id])};\n${refreshSql(mode)}`);
	try {
		const result = runWrangler(["d1", "execute", "DB", ...d1TargetArgs(target), "--file", file, "--yes"], {
			allowFailure: true,
		});
		if (result.status !== 0) {
			const output = `${result.stdout}${result.stderr}`;
			runWrangler(
				[
					"d1",
					"execute",
					"DB",
					...d1TargetArgs(target),
					"--command",
					statementOf("fail.sql", [`operator refresh failed: ${output.trim().slice(-480)}`, id]),
				],
				{ allowFailure: true },
			);
			throw new Error(
				`projection refresh ${id} (${mode}) failed; the previous projection keeps serving.\n${output}`,
			);
		}
		const [record] = d1Query<RefreshRecord>(target, inlineStatement({ sql: OWN_RECORD, params: [id] }));
		if (record?.outcome !== "succeeded")
			throw new Error(`refresh ${id} ran but its record says ${record?.outcome ?? "nothing"}`);
		return record;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

export const USAGE = `usage: npm run projections:refresh [-- --full] [-- --remote | --persist-to DIR]

  --full             rebuild every projection (default: incremental, only what changed since the last refresh)
  --remote           the deployed D1 (default: the local one; --persist-to DIR like wrangler's)
  -h, --help         this text

Prints the refresh's own record, read back from projection_refreshes; exit 1 unless it says succeeded.`;

function parse(argv: string[]) {
	const { values } = parseArgs({
		args: argv,
		options: {
			full: { type: "boolean", default: false },
			remote: { type: "boolean", default: false },
			"persist-to": { type: "string" },
			help: { type: "boolean", short: "h", default: false },
		},
	});
	if (values.remote && values["persist-to"])
		throw new UsageError("--persist-to is for the local D1, not --remote");
	return { ...values, help: values.help };
}

/** The command line; returns the exit code (0 done, 1 failed, 2 not a valid command line). */
export function main(argv: string[]): Promise<number> {
	return runCommand(argv, {
		usage: USAGE,
		parse,
		run: (values) => {
			const mode: Mode = values.full ? "full" : "incremental";
			console.error(`Refreshing projections (${mode}) on the ${values.remote ? "remote" : "local"} D1…`);
			const record = runRefresh(mode, { remote: values.remote, persistTo: values["persist-to"] });
			console.log(JSON.stringify(record, null, 2));
			return 0;
		},
	});
}

runWhenInvoked(import.meta.url, main);
