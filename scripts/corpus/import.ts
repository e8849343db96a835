/**
 * Imports a corpus file (JSON lines, see docs/corpus-format.md) into the public D1 tables, all or
 * nothing.
 *
 *   tsx scripts/corpus/import.ts <file.jsonl> [--remote] [--database NAME] [--dry-run] [--persist-to DIR]
 *
 * 1. Reads the keys already in the target database (ids, handle keys, original URLs and aliases, and
 *    the canonical form of each video they name).
 * 2. Streams the file once and validates every line: JSON, the record schemas (format.ts) and the
 *    cross-record rules (validate.ts). Any bad line => every problem is reported (`line N: path:
 *    what`), nothing is written, exit 1.
 * 3. Streams the file a second time and writes it.
 *
 * Local (default): the same D1 that `wrangler dev` and `wrangler d1 execute --local` use
 * (<repo>/.wrangler/state/v3/d1, or --persist-to DIR like wrangler's flag), opened with Miniflare
 * exactly as wrangler's executeLocally does. Migrations are applied first with
 * `wrangler d1 migrations apply <db> --local`. Rows are first written to staging tables
 * (_corpus_import_<table>, no constraints, no triggers) in bounded batches, then ONE final
 * `db.batch()` copies them into the public tables and drops the staging tables. D1 runs a batch as a
 * single SQLite transaction, so the public tables get every row or none: a failure while staging or
 * in the final batch leaves them untouched (leftover staging tables are dropped on failure and
 * before the next import). Staging keeps memory bounded: one batch of a whole large corpus would be
 * one request of its whole size, held in memory more than once (docs/corpus-format.md, "All or
 * nothing").
 *
 * Remote (--remote): keys are read with `wrangler d1 execute <db> --remote --json --command ...`;
 * the rows are written as one SQL file of INSERTs with inlined literals, in reference order, and
 * run with `wrangler d1 execute <db> --remote --file <tmp> --yes`. Wrangler uploads that file to
 * D1's import API (init -> upload -> ingest -> poll). D1 executes the file as one import: if any
 * statement fails, the database is returned to its state before the import ("your DB will return to
 * its original state and you can safely retry"), so it is all or nothing; while the import runs the
 * database does not serve queries. Migrations are not applied remotely: apply them yourself first.
 * Text is inlined hex-encoded, so wrangler and D1's import cannot rewrite it; afterwards every
 * imported row is read back through wrangler (--command, in chunks) and compared with the file, and
 * any difference fails the import loudly (it is committed by then: the message names the rows).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createReadStream, createWriteStream, existsSync, readFileSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { Miniflare } from "miniflare";
import { runCommand, runWhenInvoked, UsageError } from "../lib/command";
import { localD1Worker } from "../lib/local-d1";
import type { CorpusRecordInput } from "./format";
import {
	addRecordRows,
	emptyTableRows,
	inlineStatement,
	insertStatements,
	type SqlValue,
	type Statement,
	TABLE_COLUMNS,
	TABLE_ORDER,
	type TableName,
	type TableRows,
} from "./statements";
import {
	type CorpusError,
	CorpusValidator,
	type ExistingKeys,
	emptyExistingKeys,
	existingKeysFrom,
	formatCorpusError,
	KEY_QUERIES,
	type RecordCounts,
} from "./validate";

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const STAGING_PREFIX = "_corpus_import_";
/** At most this many errors are printed; the rest are counted. */
const MAX_PRINTED_ERRORS = 50;
/** Rows per staging batch (one request to the local D1). */
const STAGING_BATCH_ROWS = 40_000;
/** Files at least this big get a progress bar. */
const PROGRESS_MIN_BYTES = 2 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------------
// wrangler.toml

interface D1Config {
	binding: string;
	database_name?: string;
	database_id?: string;
	preview_database_id?: string;
}

/** The [[d1_databases]] entries of wrangler.toml (a minimal reader for that one table array). */
function readD1Config(configPath = join(REPO_ROOT, "wrangler.toml")): D1Config[] {
	const entries: D1Config[] = [];
	let current: Record<string, string> | null = null;
	for (const rawLine of readFileSync(configPath, "utf8").split(/\r?\n/)) {
		const line = rawLine.replace(/\s+#.*$/, "").trim();
		if (line.startsWith("[")) {
			current = line === "[[d1_databases]]" ? {} : null;
			if (current) entries.push(current as unknown as D1Config);
			continue;
		}
		const match = /^([A-Za-z_]+)\s*=\s*"([^"]*)"$/.exec(line);
		if (current && match) current[match[1] as string] = match[2] as string;
	}
	return entries.filter((entry) => typeof entry.binding === "string");
}

/** The D1 entry named by binding or database_name (default: the first, i.e. the DB binding). */
export function findDatabase(name: string | undefined, configPath?: string): D1Config {
	const entries = readD1Config(configPath);
	const found =
		name === undefined ? entries[0] : entries.find((e) => e.binding === name || e.database_name === name);
	if (!found) {
		const known = entries.map((e) => `${e.binding} (${e.database_name ?? "?"})`).join(", ") || "none";
		throw new ImportFailure(`no D1 database "${name ?? ""}" in wrangler.toml; known: ${known}`);
	}
	return found;
}

// ---------------------------------------------------------------------------------------------------
// Errors, progress, processes

export class ImportFailure extends Error {
	constructor(
		message: string,
		readonly errors: CorpusError[] = [],
	) {
		super(message);
		this.name = "ImportFailure";
	}
}

class Progress {
	private lastDraw = 0;
	private lastDecile = -1;
	private readonly tty: boolean;
	private readonly started = performance.now();
	constructor(
		private readonly label: string,
		private readonly total: number,
		private readonly enabled: boolean,
	) {
		this.tty = Boolean(process.stderr.isTTY);
	}
	update(done: number): void {
		if (!this.enabled || this.total <= 0) return;
		const fraction = Math.min(1, done / this.total);
		if (this.tty) {
			const now = performance.now();
			if (now - this.lastDraw < 100 && fraction < 1) return;
			this.lastDraw = now;
			const width = 30;
			const filled = Math.round(fraction * width);
			const bar = `${"█".repeat(filled)}${"░".repeat(width - filled)}`;
			const elapsed = ((now - this.started) / 1000).toFixed(1);
			process.stderr.write(
				`\r${this.label} ${bar} ${(fraction * 100).toFixed(0).padStart(3)}% ${elapsed}s\x1b[K`,
			);
		} else {
			const decile = Math.floor(fraction * 10);
			if (decile > this.lastDecile) {
				this.lastDecile = decile;
				process.stderr.write(`${this.label} ${decile * 10}%\n`);
			}
		}
	}
	done(): void {
		if (!this.enabled || this.total <= 0) return;
		this.update(this.total);
		if (this.tty) process.stderr.write("\n");
	}
}

function wranglerEnv(): NodeJS.ProcessEnv {
	return { ...process.env, WRANGLER_SEND_METRICS: "false" };
}

interface RunResult {
	code: number | null;
	stdout: string;
	stderr: string;
}

/** Runs `npx wrangler ...` from the repository root; output is captured unless `inherit` is set. */
async function runWrangler(args: string[], options: { inherit?: boolean } = {}): Promise<RunResult> {
	const child: ChildProcess = spawn("npx", ["--no-install", "wrangler", ...args], {
		cwd: REPO_ROOT,
		env: wranglerEnv(),
		stdio: ["ignore", options.inherit ? "inherit" : "pipe", options.inherit ? "inherit" : "pipe"],
	});
	let stdout = "";
	let stderr = "";
	child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
		stdout += chunk;
	});
	child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
		stderr += chunk;
	});
	const [code] = (await once(child, "close")) as [number | null];
	return { code, stdout, stderr };
}

// ---------------------------------------------------------------------------------------------------
// Targets

/** Where rows go: existing keys to validate against, then the write. */
interface Target {
	readonly description: string;
	existingKeys(): Promise<ExistingKeys>;
	close(): Promise<void>;
}

type Row = Record<string, unknown>;

/**
 * A tiny Worker inside Miniflare that runs one D1 batch per request. Sending the statements in one
 * request is far faster than Miniflare's binding proxy, which makes a round trip per prepare()/bind()
 * (BENCHMARKS.md, "Importing a corpus").
 */
const BATCH_WORKER = `
export default {
	async fetch(request, env) {
		try {
			const statements = await request.json();
			const results = await env.DB.batch(statements.map((s) => env.DB.prepare(s.sql).bind(...s.params)));
			return Response.json({ ok: true, results: results.map((r) => r.results ?? []) });
		} catch (error) {
			const cause = error?.cause ?? error;
			return Response.json({ ok: false, error: String(cause?.message ?? cause) }, { status: 500 });
		}
	},
};
`;

class LocalTarget implements Target {
	readonly description: string;
	readonly d1Persist: string;
	private mf: Miniflare | null = null;

	/** `persistDir`: absolute state directory (wrangler's --persist-to, default <repo>/.wrangler/state). */
	constructor(
		readonly database: D1Config,
		readonly persistDir: string,
	) {
		// wrangler: getLocalPersistencePath(persistTo) + "v3" holds every resource (D1 under "d1"),
		// database previewDatabaseUuid ?? uuid.
		this.d1Persist = join(persistDir, "v3", "d1");
		this.description = `local D1 ${database.binding} (${this.databaseId}) in ${this.d1Persist}`;
	}

	get databaseId(): string {
		const id = this.database.preview_database_id ?? this.database.database_id;
		if (!id) throw new ImportFailure(`wrangler.toml: D1 binding ${this.database.binding} has no database_id`);
		return id;
	}

	private async open(): Promise<Miniflare> {
		this.mf ??= await localD1Worker(this.persistDir, this.databaseId, BATCH_WORKER);
		return this.mf;
	}

	async batch(statements: Statement[]): Promise<Row[][]> {
		if (statements.length === 0) return [];
		const response = await (await this.open()).dispatchFetch("http://corpus-import.local/batch", {
			method: "POST",
			headers: { "content-type": "application/json" },
			body: JSON.stringify(statements),
		});
		const body = (await response.json()) as { ok: boolean; results?: Row[][]; error?: string };
		if (!body.ok) throw new ImportFailure(body.error ?? `local D1 answered HTTP ${response.status}`);
		return body.results ?? [];
	}

	async existingKeys(): Promise<ExistingKeys> {
		try {
			return existingKeysFrom(await this.batch(KEY_QUERIES.map((sql) => ({ sql, params: [] }))));
		} catch (error) {
			if (error instanceof Error && /no such table/.test(error.message)) {
				throw new ImportFailure(
					`the local D1 has no public tables (${error.message}); apply the migrations: ` +
						`npx wrangler d1 migrations apply ${this.database.binding} --local`,
				);
			}
			throw error;
		}
	}

	async dropStaging(): Promise<void> {
		await this.batch(
			TABLE_ORDER.map((table) => ({ sql: `DROP TABLE IF EXISTS ${STAGING_PREFIX}${table}`, params: [] })),
		);
	}

	async createStaging(): Promise<void> {
		await this.batch(
			TABLE_ORDER.flatMap((table) => [
				{ sql: `DROP TABLE IF EXISTS ${STAGING_PREFIX}${table}`, params: [] },
				{ sql: `CREATE TABLE ${STAGING_PREFIX}${table} (${TABLE_COLUMNS[table].join(", ")})`, params: [] },
			]),
		);
	}

	/** One batch, one transaction: copy every staged row into the public tables, drop the staging. */
	finalStatements(): Statement[] {
		return [
			...TABLE_ORDER.map((table) => {
				const columns = TABLE_COLUMNS[table].join(", ");
				return {
					sql: `INSERT INTO ${table} (${columns}) SELECT ${columns} FROM ${STAGING_PREFIX}${table} ORDER BY rowid`,
					params: [],
				};
			}),
			...TABLE_ORDER.map((table) => ({ sql: `DROP TABLE ${STAGING_PREFIX}${table}`, params: [] })),
		];
	}

	async close(): Promise<void> {
		await this.mf?.dispose();
		this.mf = null;
	}
}

/**
 * The database behind `wrangler d1 execute`: the deployed one (--remote) or, for the tests of this
 * path, a local one (`--local --persist-to DIR`). Everything reaches it as SQL text.
 */
class RemoteTarget implements Target {
	readonly description: string;
	constructor(
		readonly database: D1Config,
		/** wrangler's target flags: ["--remote"], or ["--local", "--persist-to", dir]. */
		readonly where: string[] = ["--remote"],
	) {
		this.description =
			where[0] === "--remote"
				? `remote D1 ${database.database_name ?? database.binding}`
				: `local D1 ${database.binding} in ${where.at(-1)} (through wrangler, as --remote)`;
	}

	get name(): string {
		return this.database.binding;
	}

	/** Runs SQL statements in one wrangler command; the rows of each, or the command's output as the error. */
	async query(statements: string[]): Promise<Row[][]> {
		const result = await runWrangler([
			"d1",
			"execute",
			this.name,
			...this.where,
			"--json",
			"--command",
			statements.join(";\n"),
		]);
		let parsed: unknown;
		try {
			parsed = JSON.parse(result.stdout);
		} catch {
			parsed = undefined;
		}
		if (result.code !== 0 || !Array.isArray(parsed))
			throw new Error((result.stdout + result.stderr).trim().slice(0, 2000));
		return (parsed as { results?: Row[] }[]).map((r) => r.results ?? []);
	}

	async existingKeys(): Promise<ExistingKeys> {
		try {
			return existingKeysFrom(await this.query(KEY_QUERIES));
		} catch (error) {
			const detail = (error as Error).message;
			const hint = /no such table/.test(detail)
				? `\napply the migrations first: npx wrangler d1 migrations apply ${this.name} ${this.where.join(" ")}`
				: "";
			throw new ImportFailure(`could not read existing keys from the ${this.description}:\n${detail}${hint}`);
		}
	}

	async close(): Promise<void> {}
}

// ---------------------------------------------------------------------------------------------------
// Reading the file

async function forEachLine(
	file: string,
	onLine: (text: string, line: number) => void | Promise<void>,
	progress: Progress,
): Promise<void> {
	const stream = createReadStream(file);
	const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
	let line = 0;
	for await (const raw of lines) {
		line++;
		const text = line === 1 && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
		const pending = onLine(text, line);
		if (pending) await pending;
		if ((line & 63) === 0) progress.update(stream.bytesRead);
	}
	progress.done();
}

function fileStamp(file: string): string {
	const stat = statSync(file);
	return `${stat.size}:${stat.mtimeMs}`;
}

// ---------------------------------------------------------------------------------------------------
// The import

interface ImportOptions {
	file: string;
	remote?: boolean;
	/** Binding or database_name from wrangler.toml; default: the first D1 entry (DB). */
	database?: string;
	dryRun?: boolean;
	/** Local state directory, like wrangler's --persist-to: relative to the working directory (default <repo>/.wrangler/state). */
	persistTo?: string;
	/**
	 * Write the local D1 the way --remote writes the deployed one (one SQL file through `wrangler d1
	 * execute --file`, then the readback), so tests run that path; migrations are not applied.
	 */
	viaWrangler?: boolean;
	/** Skip `wrangler d1 migrations apply --local` (the caller has applied them). */
	skipMigrations?: boolean;
	/** Progress bar on stderr for large files (default: true). */
	progress?: boolean;
	/** Status lines (default: stderr). */
	log?: (line: string) => void;
	/** Fills updated_at / created_at (default: now). */
	nowIso?: string;
}

interface ImportSummary {
	target: string;
	dryRun: boolean;
	records: RecordCounts;
	rows: Record<(typeof TABLE_ORDER)[number], number>;
	statements: number;
	seconds: { migrations: number; validate: number; write: number; total: number };
	sqlFile?: string;
	/** Rows read back through wrangler and found as the file has them (the SQL-text paths only). */
	readBack?: number;
}

function emptySummary(): ImportSummary {
	return {
		target: "",
		dryRun: true,
		records: { creator: 0, topic: 0, source: 0, card: 0 },
		rows: rowCounts(),
		statements: 0,
		seconds: { migrations: 0, validate: 0, write: 0, total: 0 },
	};
}

function rowCounts(): ImportSummary["rows"] {
	return {
		creators: 0,
		topics: 0,
		sources: 0,
		source_aliases: 0,
		source_topics: 0,
		passages: 0,
		evidence_cards: 0,
	};
}

function countRows(rows: TableRows): number {
	return TABLE_ORDER.reduce((sum, table) => sum + rows[table].length, 0);
}

export async function importCorpus(options: ImportOptions): Promise<ImportSummary> {
	const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
	const started = performance.now();
	const file = resolve(options.file);
	if (!existsSync(file)) throw new ImportFailure(`no such file: ${options.file}`);
	const size = statSync(file).size;
	const showProgress = (options.progress ?? true) && size >= PROGRESS_MIN_BYTES;
	const database = findDatabase(options.database);
	const nowIso = options.nowIso ?? new Date().toISOString();
	const dryRun = options.dryRun === true;

	// Like wrangler: --persist-to is relative to the working directory; the default is in the project.
	const persistDir = options.persistTo ? resolve(options.persistTo) : join(REPO_ROOT, ".wrangler", "state");
	const local = options.remote || options.viaWrangler ? null : new LocalTarget(database, persistDir);
	const remote = options.remote
		? new RemoteTarget(database)
		: options.viaWrangler
			? new RemoteTarget(database, ["--local", "--persist-to", persistDir])
			: null;
	const target: Target = (local ?? remote) as Target;
	try {
		// Existing keys (and the schema) first.
		let existing: ExistingKeys;
		let migrationSeconds = 0;
		if (local) {
			if (!dryRun && !options.skipMigrations) {
				log(`applying migrations to the ${local.description} ...`);
				const args = ["d1", "migrations", "apply", database.binding, "--local"];
				if (options.persistTo) args.push("--persist-to", persistDir);
				const migrationsStarted = performance.now();
				const result = await runWrangler(args);
				migrationSeconds = (performance.now() - migrationsStarted) / 1000;
				if (result.code !== 0) {
					throw new ImportFailure(
						`could not apply the migrations to the local D1 (npx wrangler ${args.join(" ")}):\n` +
							`${(result.stdout + result.stderr).trim().slice(-3000)}`,
					);
				}
			}
			existing =
				dryRun && !existsSync(local.d1Persist)
					? emptyExistingKeys()
					: await local.existingKeys().catch((error: unknown) => {
							if (dryRun && error instanceof ImportFailure && /no public tables/.test(error.message)) {
								return emptyExistingKeys();
							}
							throw error;
						});
		} else {
			log(`reading existing keys from the ${target.description} ...`);
			existing = await target.existingKeys();
		}

		// Pass 1: validate everything; hold only keys.
		const stamp = fileStamp(file);
		const validateStarted = performance.now();
		const validator = new CorpusValidator(existing);
		await forEachLine(
			file,
			(text, line) => validator.addLine(text, line),
			new Progress("validating", size, showProgress),
		);
		const errors = validator.finish();
		const validateSeconds = (performance.now() - validateStarted) / 1000;
		if (errors.length > 0) {
			throw new ImportFailure(`${errors.length} problem(s) in ${options.file}; nothing was imported`, errors);
		}
		if (validator.lines === 0)
			throw new ImportFailure(`${options.file} holds no records; nothing was imported`);

		const summary: ImportSummary = {
			target: target.description,
			dryRun,
			records: validator.counts,
			rows: rowCounts(),
			statements: 0,
			seconds: { migrations: migrationSeconds, validate: validateSeconds, write: 0, total: 0 },
		};
		const writeStarted = performance.now();

		// Pass 2: rows -> statements, in bounded chunks.
		if (local && !dryRun) {
			await writeLocal(local, file, nowIso, summary, stamp, showProgress, size, log);
			log(`reading back what the ${local.description} stored ...`);
			summary.readBack = await readBack(
				{ description: local.description, read: (statements) => local.batch(statements) },
				file,
				nowIso,
				showProgress,
				size,
			);
		} else if (local) {
			await forEachRowChunk(file, nowIso, summary, new Progress("counting", size, false), async (rows) => {
				summary.statements += TABLE_ORDER.reduce((n, t) => n + insertStatements(t, rows[t]).length, 0);
			});
		} else if (remote) {
			const sqlFile = await writeRemoteSql(file, nowIso, summary, showProgress, size);
			try {
				if (fileStamp(file) !== stamp) {
					throw new ImportFailure(`${options.file} changed during the import; nothing was imported`);
				}
				if (dryRun) {
					summary.sqlFile = sqlFile;
					log(`dry run: the SQL for the remote import is in ${sqlFile}`);
				} else {
					log(`running the import on the ${remote.description} (wrangler d1 execute --file) ...`);
					const result = await runWrangler(
						["d1", "execute", remote.name, ...remote.where, "--file", sqlFile, "--yes"],
						{
							inherit: true,
						},
					);
					if (result.code !== 0) {
						throw new ImportFailure(
							"wrangler d1 execute --file failed (see its output above); " +
								"a D1 import that fails leaves the database as it was before",
						);
					}
					log(`reading back what the ${remote.description} stored ...`);
					summary.readBack = await readBack(
						{
							description: remote.description,
							read: (statements) => remote.query(statements.map(inlineStatement)),
						},
						file,
						nowIso,
						showProgress,
						size,
					);
				}
			} finally {
				if (!dryRun) await rm(dirname(sqlFile), { recursive: true, force: true });
			}
		}
		summary.seconds.write = (performance.now() - writeStarted) / 1000;
		summary.seconds.total = (performance.now() - started) / 1000;
		return summary;
	} finally {
		await target.close();
	}
}

/**
 * Pass 2: streams the (validated) file and hands over its table rows in chunks of about
 * STAGING_BATCH_ROWS rows, counting them into `summary.rows`.
 */
async function forEachRowChunk(
	file: string,
	nowIso: string,
	summary: ImportSummary,
	progress: Progress,
	onChunk: (rows: TableRows) => Promise<void>,
): Promise<void> {
	let rows = emptyTableRows();
	const flush = async () => {
		if (countRows(rows) === 0) return;
		for (const table of TABLE_ORDER) summary.rows[table] += rows[table].length;
		const chunk = rows;
		rows = emptyTableRows();
		await onChunk(chunk);
	};
	await forEachLine(
		file,
		async (text) => {
			if (text.trim() === "") return;
			addRecordRows(rows, JSON.parse(text) as CorpusRecordInput, nowIso);
			if (countRows(rows) >= STAGING_BATCH_ROWS) await flush();
		},
		progress,
	);
	await flush();
}

async function writeLocal(
	local: LocalTarget,
	file: string,
	nowIso: string,
	summary: ImportSummary,
	stamp: string,
	showProgress: boolean,
	size: number,
	log: (line: string) => void,
): Promise<void> {
	await local.createStaging();
	summary.statements += TABLE_ORDER.length * 2;
	// One staging batch in flight while the next is built: Node parses while workerd writes.
	let inFlight: Promise<unknown> = Promise.resolve();
	try {
		await forEachRowChunk(
			file,
			nowIso,
			summary,
			new Progress("staging", size, showProgress),
			async (rows) => {
				const statements = TABLE_ORDER.flatMap((table) =>
					insertStatements(table, rows[table], {}, `${STAGING_PREFIX}${table}`),
				);
				summary.statements += statements.length;
				await inFlight; // rethrows the previous batch's failure
				inFlight = local.batch(statements);
				inFlight.catch(() => {}); // handled by the next await
			},
		);
		await inFlight;
		if (fileStamp(file) !== stamp) throw new ImportFailure("the file changed during the import");
		const total = TABLE_ORDER.reduce((sum, table) => sum + summary.rows[table], 0);
		log(`writing ${total} rows to the public tables in one transaction ...`);
		const final = local.finalStatements();
		summary.statements += final.length;
		const finalStarted = performance.now();
		await local.batch(final);
		log(`committed in ${((performance.now() - finalStarted) / 1000).toFixed(1)} s`);
	} catch (error) {
		await inFlight.catch(() => {});
		await local.dropStaging().catch(() => {});
		if (error instanceof ImportFailure) {
			throw new ImportFailure(`${error.message}; nothing was imported`, error.errors);
		}
		throw error;
	}
}

/** Hex digits of the keys one readback command names (its SQL must fit argv's 128 KiB). */
const READBACK_KEY_BYTES = 90_000;
/** Leading columns that identify a row: passages and source_topics need two. */
const IDENTITY_COLUMNS: Record<TableName, number> = {
	creators: 1,
	topics: 1,
	sources: 1,
	source_aliases: 1,
	source_topics: 2,
	passages: 2,
	evidence_cards: 1,
};
/** Differences printed; the rest are counted. */
const READBACK_EXAMPLES = 5;

/**
 * The readback queries, each taking one parameter, a JSON array of keys: every row of the source
 * tables by source_id (so one list serves five tables), creators and topics by their own id. Each row
 * comes back as its table's name and a JSON array of its columns in TABLE_COLUMNS order.
 */
const READBACK_SQL: { keyOf: Partial<Record<TableName, number>>; sql: string }[] = [
	{
		keyOf: { sources: 0, source_aliases: 2, source_topics: 0, passages: 0, evidence_cards: 1 },
		tables: ["sources", "source_aliases", "source_topics", "passages", "evidence_cards"] as TableName[],
	},
	{ keyOf: { creators: 0 }, tables: ["creators"] as TableName[] },
	{ keyOf: { topics: 0 }, tables: ["topics"] as TableName[] },
].map(({ keyOf, tables }) => {
	const key = (table: TableName) => TABLE_COLUMNS[table][keyOf[table] as number];
	const selects = tables.map(
		(table) =>
			`SELECT '${table}' AS t, json_array(${TABLE_COLUMNS[table].join(", ")}) AS v FROM ${table} ` +
			`WHERE ${key(table)} IN (SELECT id FROM k)`,
	);
	return { keyOf, sql: `WITH k(id) AS (SELECT value FROM json_each(?)) ${selects.join(" UNION ALL ")}` };
});

/** Where an import is read back from: the rows of each readback statement, all sent at once. */
interface Reader {
	description: string;
	read(statements: Statement[]): Promise<Row[][]>;
}

/**
 * After an import: reads every imported row back, chunk by chunk, and compares each value with the
 * file. Remotely the SQL text went through wrangler (and D1's import), so this is the proof
 * that nothing on the way rewrote it; locally it is the proof that the final batch stored every row.
 * Returns the rows compared; throws, naming the first differences, if any row is missing or differs.
 * One readback statement names about 2,000 sources (READBACK_KEY_BYTES) with all their rows.
 */
async function readBack(
	reader: Reader,
	file: string,
	nowIso: string,
	showProgress: boolean,
	size: number,
): Promise<number> {
	let compared = 0;
	let differing = 0;
	const examples: string[] = [];
	const progress = new Progress("reading back", size, showProgress);
	await forEachRowChunk(file, nowIso, emptySummary(), progress, async (rows) => {
		const stored = new Map<string, string>();
		// Statements wait until the next key would take the command past READBACK_KEY_BYTES: a small
		// import reads back its sources, creators and topics in one command (one wrangler call).
		let pending: Statement[] = [];
		let bytes = 0;
		const flush = async () => {
			if (pending.length === 0) return;
			let results: Row[][];
			try {
				results = await reader.read(pending);
			} catch (error) {
				throw new ImportFailure(
					`the import ran, but reading it back from the ${reader.description} failed:\n${(error as Error).message}`,
				);
			}
			for (const row of results.flat()) {
				const table = row.t as TableName;
				const values = JSON.parse(String(row.v)) as SqlValue[];
				stored.set(
					`${table} ${JSON.stringify(values.slice(0, IDENTITY_COLUMNS[table]))}`,
					JSON.stringify(values),
				);
			}
			pending = [];
			bytes = 0;
		};
		for (const { keyOf, sql } of READBACK_SQL) {
			const keys = new Set<string>();
			for (const [table, column] of Object.entries(keyOf) as [TableName, number][])
				for (const row of rows[table]) keys.add(String(row[column]));
			let group: string[] = [];
			const close = () => {
				if (group.length > 0) pending.push({ sql, params: [JSON.stringify(group)] });
				group = [];
			};
			for (const key of keys) {
				const keyBytes = (Buffer.byteLength(JSON.stringify(key)) + 1) * 2;
				if (bytes + keyBytes > READBACK_KEY_BYTES) {
					close();
					await flush();
				}
				group.push(key);
				bytes += keyBytes;
			}
			close();
		}
		await flush();
		for (const table of TABLE_ORDER) {
			for (const row of rows[table]) {
				compared++;
				const id = `${table} ${JSON.stringify(row.slice(0, IDENTITY_COLUMNS[table]))}`;
				const got = stored.get(id);
				if (got === JSON.stringify(row)) continue;
				differing++;
				if (examples.length < READBACK_EXAMPLES)
					examples.push(`${id}: stored ${got ?? "nothing"}, the file has ${JSON.stringify(row)}`);
			}
		}
	});
	if (differing > 0)
		throw new ImportFailure(
			`read back ${differing} of ${compared} imported rows differently from the file; the import is committed ` +
				`as read back, so fix those rows (something on the way rewrote them):\n${examples.join("\n")}`,
		);
	return compared;
}

/**
 * Writes the SQL for `wrangler d1 execute --remote --file`: INSERTs with inlined literals, grouped by
 * table in reference order (per-table temporary files, streamed, then concatenated). The file must
 * already be valid. Returns the path of the SQL file (in a new temporary directory).
 */
export async function writeRemoteSql(
	file: string,
	nowIso: string,
	summary: ImportSummary = emptySummary(),
	showProgress = false,
	size = 0,
): Promise<string> {
	const dir = await mkdtemp(join(tmpdir(), "corpus-import-"));
	const parts = TABLE_ORDER.map((table) => ({ table, path: join(dir, `${table}.sql`) }));
	const writers = new Map(parts.map(({ table, path }) => [table, createWriteStream(path)]));
	await forEachRowChunk(
		file,
		nowIso,
		summary,
		new Progress("writing SQL", size, showProgress),
		async (rows) => {
			for (const table of TABLE_ORDER) {
				if (rows[table].length === 0) continue;
				const statements = insertStatements(table, rows[table]);
				summary.statements += statements.length;
				const writer = writers.get(table);
				if (writer && !writer.write(`${statements.map(inlineStatement).join(";\n")};\n`))
					await once(writer, "drain");
			}
		},
	);
	for (const writer of writers.values()) {
		writer.end();
		await once(writer, "finish");
	}
	const sqlFile = join(dir, "corpus-import.sql");
	const out = createWriteStream(sqlFile);
	out.write(
		`-- corpus import of ${basename(file).replace(/\s+/g, " ")} at ${nowIso}: ${TABLE_ORDER.join(", ")}\n`,
	);
	for (const { path } of parts) {
		for await (const chunk of createReadStream(path)) {
			if (!out.write(chunk)) await once(out, "drain");
		}
		await rm(path);
	}
	out.end();
	await once(out, "finish");
	return sqlFile;
}

// ---------------------------------------------------------------------------------------------------
// Command line

const USAGE =
	"usage: npm run corpus:import -- <file.jsonl> [--remote] [--database NAME] [--dry-run] [--persist-to DIR]";

function printSummary(summary: ImportSummary): void {
	const r = summary.records;
	const lines = [
		`${summary.dryRun ? "dry run (nothing written): " : "imported into "}${summary.target}`,
		`  records:    ${r.creator} creators, ${r.topic} topics, ${r.source} sources, ${r.card} cards`,
		`  rows:       ${TABLE_ORDER.map((t) => `${t} ${summary.rows[t]}`).join(", ")}`,
		`  statements: ${summary.statements}`,
		...(summary.readBack === undefined
			? []
			: [`  read back:  ${summary.readBack} rows, every value as in the file`]),
		`  time:       ${summary.seconds.total.toFixed(1)} s (migrations ${summary.seconds.migrations.toFixed(1)} s, ` +
			`validate ${summary.seconds.validate.toFixed(1)} s, write ${summary.seconds.write.toFixed(1)} s)`,
	];
	process.stdout.write(`${lines.join("\n")}\n`);
}

function parse(args: string[]) {
	const { values, positionals } = parseArgs({
		args,
		allowPositionals: true,
		options: {
			remote: { type: "boolean" },
			database: { type: "string" },
			"dry-run": { type: "boolean" },
			"persist-to": { type: "string" },
			help: { type: "boolean", short: "h", default: false },
		},
	});
	if (!values.help && positionals.length !== 1) throw new UsageError("name one corpus file");
	if (values.remote && values["persist-to"])
		throw new UsageError("--persist-to is for the local database; it cannot be used with --remote");
	return { ...values, help: values.help, file: positionals[0] as string };
}

async function run(values: ReturnType<typeof parse>): Promise<number> {
	try {
		const summary = await importCorpus({
			file: values.file,
			remote: values.remote,
			database: values.database,
			dryRun: values["dry-run"],
			persistTo: values["persist-to"],
		});
		printSummary(summary);
		return 0;
	} catch (error) {
		if (!(error instanceof ImportFailure)) throw error;
		for (const e of error.errors.slice(0, MAX_PRINTED_ERRORS))
			process.stderr.write(`${formatCorpusError(e)}\n`);
		if (error.errors.length > MAX_PRINTED_ERRORS) {
			process.stderr.write(`… and ${error.errors.length - MAX_PRINTED_ERRORS} more\n`);
		}
		process.stderr.write(`FAIL import failed: ${error.message}\n`);
		return 1;
	}
}

/** The command line; returns the exit code (0 imported, 1 refused or failed, 2 not a valid command line). */
export function main(args: string[]): Promise<number> {
	return runCommand(args, { usage: USAGE, parse, run });
}

runWhenInvoked(import.meta.url, main);
