/**
 * A word-pair index measured before it is built (issue 40): what indexing every adjacent pair of
 * indexed words as a term of its own (Lucene's index_phrases) would cost and save on D1's SQLite at
 * the bench's size. It copies the cached bench state (never modifying it), builds the pair index in
 * the copy and prints the database's size before and after, the build's time and longest statement,
 * whether the TypeScript tokenizer mirror (src/search/query/tokens.ts) gives FTS5's own tokens, and
 * for the costly phrase shapes of the cost cases the D1 time of today's phrase match against the
 * pair look-up, alone and followed by the phrase tested on its candidates only, with whether that
 * answer is exactly today's. BENCHMARKS.md, "A word-pair index, measured before it is built", reads
 * its figures.
 *
 * A pair is one unicode61 token FTS5 leaves alone, shaped like the facets of migrations/0014: '0',
 * the first stemmed word's UTF-8 bytes in hex, a letter no hex digit is ('g'; 'h' for a summary's
 * pair in the one-column table), the second word's bytes in hex, '0'. Pairs are taken within a
 * column only (an FTS5 phrase never spans columns); "near" holds the title's, topic labels' and
 * transcript's (the columns of the words-adjacent tier, src/search/execute/statement.ts), "summary"
 * the summary's. The table is contentless: it is only looked up, never read back or ranked.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { planSearch } from "../../../src/search/plan/terms";
import { togetherOf } from "../../../src/search/plan/together";
import { parseQuery, termExpression } from "../../../src/search/query/match-expression";
import { rawTokens, stem } from "../../../src/search/query/tokens";
import { LEXICON_ALL_SQL, type LexiconRow, lexiconMap } from "../../../src/search/vocabulary/lexicon";
import { EXIT_OK, readCommandLine, runCommand, runWhenInvoked, UsageError } from "../../lib/command";
import { median } from "../lib/median";
import { WORST_SEARCH_CASES } from "../lib/requests";
import { SqlTimer } from "../lib/sql-timer";
import { ensureBenchState } from "../lib/state";

export const USAGE = `usage: npx tsx scripts/bench/cost/pair-probe.ts [--sources N] [--detail none|column|both] [--sample N] [--batch N]

  --sources N     the bench state's size (default 100000); the state is copied, never modified
  --detail D      the pair table's FTS5 detail option, or both, each built in turn (default both)
  --sample N      sources whose tokens are compared with FTS5's own (default 200)
  --batch N       sources read and inserted per D1 batch while building (default 500)`;

type Detail = "none" | "column";

/** The cost cases whose phrases are measured (scripts/bench/lib/requests.ts), by label. */
const CASE_LABELS = [
	"a common phrase and two common words",
	"a quoted pair of common words offset 980 limit 20",
	"eleven common words offset 980 limit 20",
	"stop words among common words offset 980 limit 20",
];

/** The columns of the words-adjacent tier (statement.ts), as the index and as the pair table name them. */
const NEAR_COLUMNS = "{title topics body}";

function parse(argv: string[]) {
	const read = readCommandLine(argv, { sources: 100_000, detail: "both", sample: 200, batch: 500 });
	if (!["none", "column", "both"].includes(read.detail))
		throw new UsageError(`--detail takes none, column or both, not ${JSON.stringify(read.detail)}`);
	return read;
}

// ---------------------------------------------------------------------------------------------------
// Pairs

const stems = new Map<string, string>();
const hexes = new Map<string, string>();
const stemmed = (token: string) => {
	let found = stems.get(token);
	if (found === undefined) {
		found = stem(token);
		stems.set(token, found);
	}
	return found;
};
const hexOf = (word: string) => {
	let found = hexes.get(word);
	if (found === undefined) {
		found = [...new TextEncoder().encode(word)].map((b) => b.toString(16).padStart(2, "0")).join("");
		hexes.set(word, found);
	}
	return found;
};

/** The index's tokens of a column's text, as the mirror gives them. */
const indexTokens = (text: string): string[] => rawTokens(text).map(stemmed);

/** A pair of stemmed words as one token: 'g' joins a pair of the near columns, 'h' a summary's. */
const pairToken = (first: string, second: string, letter: "g" | "h") =>
	`0${hexOf(first)}${letter}${hexOf(second)}0`;

function addPairs(into: Set<string>, text: string, letter: "g" | "h"): void {
	const words = indexTokens(text);
	for (let i = 0; i + 1 < words.length; i++)
		into.add(pairToken(words[i] as string, words[i + 1] as string, letter));
}

interface DocumentText {
	doc_id: number;
	title: string;
	summary: string;
	topics: string;
	body: string;
}

/** A source's pairs: of the near columns, and of its summary (lettered 'h' where one column holds both). */
function pairsOf(doc: DocumentText, summaryLetter: "g" | "h"): { near: Set<string>; summary: Set<string> } {
	const near = new Set<string>();
	for (const text of [doc.title, doc.topics, doc.body]) addPairs(near, text, "g");
	const summary = new Set<string>();
	addPairs(summary, doc.summary, summaryLetter);
	return { near, summary };
}

const TABLE: Record<Detail, string> = { column: "search_pairs", none: "search_pairs_none" };

/**
 * Each variant's table: detail=column keeps which column holds a pair (near, summary); detail=none
 * keeps only which sources do, so its one column tells the summary's pairs apart by their letter
 * (FTS5 refuses column filters under detail=none).
 */
const CREATE: Record<Detail, string> = {
	column: `CREATE VIRTUAL TABLE ${TABLE.column} USING fts5(near, summary, tokenize = 'unicode61', detail = column, content = '', contentless_delete = 1)`,
	none: `CREATE VIRTUAL TABLE ${TABLE.none} USING fts5(pairs, tokenize = 'unicode61', detail = none, content = '', contentless_delete = 1)`,
};

function insertOf(detail: Detail, doc: DocumentText): { sql: string; params: unknown[] } {
	const { near, summary } = pairsOf(doc, detail === "column" ? "g" : "h");
	return detail === "column"
		? {
				sql: `INSERT INTO ${TABLE.column} (rowid, near, summary) VALUES (?1, ?2, ?3)`,
				params: [doc.doc_id, [...near].join(" "), [...summary].join(" ")],
			}
		: {
				sql: `INSERT INTO ${TABLE.none} (rowid, pairs) VALUES (?1, ?2)`,
				params: [doc.doc_id, [...near, ...summary].join(" ")],
			};
}

/**
 * The pair look-up for an FTS5 expression of quoted phrases joined by AND, OR and parentheses (what
 * the planner writes for quoted terms and for the words adjacent): each phrase becomes the
 * conjunction of its pairs. `near`: in the near columns only; else in any column.
 */
function pairExpression(expression: string, detail: Detail, near: boolean): string {
	const parts = expression.match(/"[^"]*"|[()]|[^\s()]+/g) ?? [];
	const translated = parts.map((part) => {
		if (part === "(" || part === ")" || part === "AND" || part === "OR") return part;
		if (!part.startsWith('"')) throw new Error(`the pair look-up reads phrases only, not ${part}`);
		const words = indexTokens(part.slice(1, -1));
		if (words.length < 2) throw new Error(`a phrase of one word has no pair: ${part}`);
		const pairs = words.slice(1).map((second, i) => {
			const first = words[i] as string;
			if (detail === "column" || near) return pairToken(first, second, "g");
			return `(${pairToken(first, second, "g")} OR ${pairToken(first, second, "h")})`;
		});
		return `(${pairs.join(" AND ")})`;
	});
	const joined = translated.join(" ");
	return detail === "column" && near ? `near : (${joined})` : joined;
}

// ---------------------------------------------------------------------------------------------------
// The copy and its size

/** The D1 database file of a state directory (Miniflare names it by a hash of the database id). */
function databaseFile(persistTo: string): string {
	const dir = join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
	const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
	if (file === undefined) throw new Error(`no D1 database file in ${dir}`);
	return join(dir, file);
}

/** The database's bytes: its file and any write-ahead log not yet checkpointed. */
function databaseBytes(persistTo: string): number {
	const file = databaseFile(persistTo);
	const wal = `${file}-wal`;
	return statSync(file).size + (existsSync(wal) ? statSync(wal).size : 0);
}

/**
 * The bytes each table's pages hold (dbstat, read from the closed file), its FTS5 shadow tables
 * counted with it, and the pages free in the file: free pages a later table reuses, so a file's
 * growth alone would under-count the second variant built.
 */
function bytesByTable(persistTo: string): { tables: Map<string, number>; free: number; file: number } {
	const db = new DatabaseSync(databaseFile(persistTo), { readOnly: true });
	try {
		const tables = new Map<string, number>();
		const rows = db.prepare("SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name").all() as {
			name: string;
			bytes: number;
		}[];
		for (const { name, bytes } of rows) {
			// The longer name first: search_pairs_none's shadow tables also start with "search_pairs_".
			const owner =
				[TABLE.none, TABLE.column, "search_index"].find((t) => name === t || name.startsWith(`${t}_`)) ?? "";
			tables.set(owner, (tables.get(owner) ?? 0) + bytes);
		}
		const pragma = (name: string) => Number(Object.values(db.prepare(`PRAGMA ${name}`).get() ?? {})[0]);
		return { tables, free: pragma("freelist_count") * pragma("page_size"), file: databaseBytes(persistTo) };
	} finally {
		db.close();
	}
}

const gb = (bytes: number) => `${(bytes / 1e9).toFixed(3)} GB`;
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function withTimer<T>(persistTo: string, work: (timer: SqlTimer) => Promise<T>): Promise<T> {
	const timer = new SqlTimer(persistTo);
	try {
		return await work(timer);
	} finally {
		// Closing checkpoints the write-ahead log into the file, so its size is the database's.
		await timer.close();
	}
}

// ---------------------------------------------------------------------------------------------------
// Build

interface Build {
	detail: Detail;
	sources: number;
	seconds: number;
	readMs: number;
	insertMs: number;
	longestInsertMs: number;
	optimizeMs: number;
	pairTokens: number;
}

async function build(timer: SqlTimer, detail: Detail, batch: number): Promise<Build> {
	console.log(`  building: ${CREATE[detail]}`);
	await timer.time(CREATE[detail], [], 1);
	const range = (await timer.time("SELECT min(doc_id) AS lo, max(doc_id) AS hi FROM search_documents", [], 1))
		.rows[0] as { lo: number; hi: number };
	const started = performance.now();
	const result: Build = {
		detail,
		sources: 0,
		seconds: 0,
		readMs: 0,
		insertMs: 0,
		longestInsertMs: 0,
		optimizeMs: 0,
		pairTokens: 0,
	};
	for (let from = range.lo; from <= range.hi; from += batch) {
		const read = await timer.time(
			"SELECT doc_id, title, summary, topics, body FROM search_document_text WHERE doc_id BETWEEN ?1 AND ?2",
			[from, from + batch - 1],
			1,
		);
		result.readMs += read.d1[0] ?? 0;
		const docs = read.rows as unknown as DocumentText[];
		if (docs.length === 0) continue;
		const statements = docs.map((doc) => insertOf(detail, doc));
		for (const s of statements)
			for (const text of s.params.slice(1))
				result.pairTokens += String(text).split(" ").filter(Boolean).length;
		const durations = await timer.batch(statements);
		result.sources += docs.length;
		result.insertMs += durations.reduce((a, b) => a + b, 0);
		result.longestInsertMs = Math.max(result.longestInsertMs, ...durations);
	}
	// One segment, as the bench's search index is settled (state.ts): a look-up reads one b-tree.
	const optimize = await timer.time(
		`INSERT INTO ${TABLE[detail]} (${TABLE[detail]}) VALUES ('optimize')`,
		[],
		1,
	);
	result.optimizeMs = optimize.d1[0] ?? 0;
	result.seconds = (performance.now() - started) / 1000;
	return result;
}

// ---------------------------------------------------------------------------------------------------
// The mirror against FTS5's own tokens

interface Agreement {
	sources: number;
	agreeing: number;
	tokens: number;
	differing: string[];
}

/** The sample's sources indexed alone with the index's tokenizer, their tokens read back in order. */
async function tokenizerAgreement(timer: SqlTimer, sample: number): Promise<Agreement> {
	const range = (await timer.time("SELECT min(doc_id) AS lo, max(doc_id) AS hi FROM search_documents", [], 1))
		.rows[0] as { lo: number; hi: number };
	const ids = [
		...new Set(
			Array.from({ length: sample }, (_, i) => range.lo + Math.floor((i * (range.hi - range.lo)) / sample)),
		),
	];
	const idList = JSON.stringify(ids);
	await timer.time(
		"CREATE VIRTUAL TABLE pair_check USING fts5(title, summary, topics, body, tokenize = 'porter unicode61 remove_diacritics 2')",
		[],
		1,
	);
	await timer.time("CREATE VIRTUAL TABLE pair_check_instance USING fts5vocab(pair_check, 'instance')", [], 1);
	try {
		await timer.time(
			`INSERT INTO pair_check (rowid, title, summary, topics, body)
			 SELECT doc_id, title, summary, topics, body FROM search_document_text WHERE doc_id IN (SELECT value FROM json_each(?1))`,
			[idList],
			1,
		);
		const instances = (await timer.time("SELECT doc, col, offset, term FROM pair_check_instance", [], 1))
			.rows as { doc: number; col: string; offset: number; term: string }[];
		const fts = new Map<string, string[]>();
		for (const { doc, col, offset, term } of instances) {
			const key = `${doc}:${col}`;
			const list = fts.get(key) ?? [];
			list[offset] = term;
			fts.set(key, list);
		}
		const docs = (
			await timer.time(
				"SELECT doc_id, title, summary, topics, body FROM search_document_text WHERE doc_id IN (SELECT value FROM json_each(?1))",
				[idList],
				1,
			)
		).rows as unknown as DocumentText[];
		const result: Agreement = { sources: docs.length, agreeing: 0, tokens: 0, differing: [] };
		for (const doc of docs) {
			let agrees = true;
			for (const col of ["title", "summary", "topics", "body"] as const) {
				const mirror = indexTokens(doc[col]);
				const own = fts.get(`${doc.doc_id}:${col}`) ?? [];
				result.tokens += own.length;
				const at = mirror.findIndex((token, i) => token !== own[i]);
				if (at === -1 && mirror.length === own.length) continue;
				agrees = false;
				const i = at === -1 ? Math.min(mirror.length, own.length) : at;
				if (result.differing.length < 5)
					result.differing.push(
						`source ${doc.doc_id} ${col} token ${i}: FTS5 ${own[i]}, mirror ${mirror[i]}`,
					);
			}
			if (agrees) result.agreeing++;
		}
		return result;
	} finally {
		await timer.time("DROP TABLE pair_check_instance", [], 1);
		await timer.time("DROP TABLE pair_check", [], 1);
	}
}

// ---------------------------------------------------------------------------------------------------
// Phrases, before and after

interface Shape {
	label: string;
	/** Today's FTS5 expression over search_index. */
	phrase: string;
	/** The same phrases as the pair look-up reads them, per variant. */
	pairs: Record<Detail, string>;
}

/** The phrases the planner writes for each case: its quoted terms anywhere, its words adjacent in the near columns. */
function shapesOf(lexicon: ReturnType<typeof lexiconMap>, details: Detail[], spoken: string): Shape[] {
	const shapes: Shape[] = [];
	// A phrase some sources hold, of more than two words: the pairs' candidates then include sources
	// holding its pairs apart, which only the phrase test removes.
	const phrase = `"${spoken}"`;
	shapes.push({
		label: "words spoken in a transcript: quoted, anywhere",
		phrase,
		pairs: Object.fromEntries(details.map((d) => [d, pairExpression(phrase, d, false)])) as Record<
			Detail,
			string
		>,
	});
	for (const label of CASE_LABELS) {
		const found = WORST_SEARCH_CASES.find((c) => c.label === label);
		if (found === undefined) throw new Error(`no cost case labelled ${label}`);
		const planned = planSearch(parseQuery(String(found.args.query)), lexicon);
		const quoted = planned.terms.filter((term) => term.quoted).map(termExpression);
		const adjacent = togetherOf(planned.ordered, planned.terms)?.adjacent ?? null;
		const pairsFor = (expression: string, near: boolean) =>
			Object.fromEntries(details.map((d) => [d, pairExpression(expression, d, near)])) as Record<
				Detail,
				string
			>;
		if (quoted.length > 0) {
			const phrase = quoted.join(" AND ");
			shapes.push({ label: `${label}: quoted, anywhere`, phrase, pairs: pairsFor(phrase, false) });
		}
		if (adjacent !== null)
			shapes.push({
				label: `${label}: words adjacent`,
				phrase: `${NEAR_COLUMNS} : (${adjacent})`,
				pairs: pairsFor(adjacent, true),
			});
	}
	return shapes;
}

interface Timed {
	ms: number;
	rowsRead: number;
	count: number;
}

async function timed(timer: SqlTimer, sql: string, params: unknown[]): Promise<Timed> {
	const t = await timer.time(sql, params, 3);
	return { ms: median(t.d1), rowsRead: median(t.rowsRead), count: Number(t.rows[0]?.n ?? 0) };
}

const ids = async (timer: SqlTimer, sql: string, params: unknown[]) =>
	String(
		(await timer.time(`SELECT group_concat(rowid) AS ids FROM (${sql} ORDER BY rowid)`, params, 1)).rows[0]
			?.ids ?? "",
	);

async function measureShape(timer: SqlTimer, shape: Shape, details: Detail[]): Promise<string[]> {
	const lines = [`  ${shape.label}`, `    today: ${shape.phrase}`];
	const today = await timed(timer, "SELECT count(*) AS n FROM search_index WHERE search_index MATCH ?1", [
		shape.phrase,
	]);
	lines.push(
		`    (a) phrase over search_index     ${ms(today.ms).padStart(9)}  ${String(today.rowsRead).padStart(8)} rows read  ${today.count} sources`,
	);
	const todayIds = await ids(timer, "SELECT rowid FROM search_index WHERE search_index MATCH ?1", [
		shape.phrase,
	]);
	for (const detail of details) {
		const table = TABLE[detail];
		const pairs = shape.pairs[detail];
		const lookup = await timed(timer, `SELECT count(*) AS n FROM ${table} WHERE ${table} MATCH ?1`, [pairs]);
		const verifiedSql = `SELECT rowid FROM search_index WHERE search_index MATCH ?1 AND rowid IN (SELECT rowid FROM ${table} WHERE ${table} MATCH ?2)`;
		const verified = await timed(timer, `SELECT count(*) AS n FROM (${verifiedSql})`, [shape.phrase, pairs]);
		const lookedUp = await timed(
			timer,
			`SELECT count(*) AS n FROM ${table} p WHERE ${table} MATCH ?2
			 AND EXISTS (SELECT 1 FROM search_index s WHERE s.search_index MATCH ?1 AND s.rowid = p.rowid)`,
			[shape.phrase, pairs],
		);
		const pairIds = await ids(timer, verifiedSql, [shape.phrase, pairs]);
		const candidates = await ids(timer, `SELECT rowid FROM ${table} WHERE ${table} MATCH ?1`, [pairs]);
		const candidateSet = new Set(candidates.split(","));
		const missed = todayIds === "" ? 0 : todayIds.split(",").filter((id) => !candidateSet.has(id)).length;
		lines.push(
			`    detail=${detail}`.padEnd(12),
			`      (b) pair look-up alone         ${ms(lookup.ms).padStart(9)}  ${String(lookup.rowsRead).padStart(8)} rows read  ${lookup.count} candidates`,
			`      (c) candidates ∩ phrase (IN)   ${ms(verified.ms).padStart(9)}  ${String(verified.rowsRead).padStart(8)} rows read  ${verified.count} sources`,
			`      (c) phrase looked up per cand. ${ms(lookedUp.ms).padStart(9)}  ${String(lookedUp.rowsRead).padStart(8)} rows read  ${lookedUp.count} sources`,
			`      exact: ${pairIds === todayIds ? "yes, the same sources as (a)" : "NO"}; sources of (a) the pairs miss: ${missed}`,
		);
	}
	return lines;
}

/** Re-indexing one source as a trigger would: its rows out and in again, today's index beside the pairs. */
async function reindexOne(timer: SqlTimer, details: Detail[]): Promise<string[]> {
	const range = (await timer.time("SELECT min(doc_id) AS lo, max(doc_id) AS hi FROM search_documents", [], 1))
		.rows[0] as { lo: number; hi: number };
	const id = Math.floor((range.lo + range.hi) / 2);
	const doc = (
		await timer.time(
			"SELECT doc_id, title, summary, topics, body FROM search_document_text WHERE doc_id = ?1",
			[id],
			1,
		)
	).rows[0] as unknown as DocumentText | undefined;
	if (doc === undefined) return [`  re-indexing source ${id}: not public, skipped`];
	const today = await timer.batch([
		{ sql: "DELETE FROM search_index WHERE rowid = ?1", params: [id] },
		{
			sql: "INSERT INTO search_index (rowid, title, summary, topics, body, facets) SELECT doc_id, title, summary, topics, body, facets FROM search_document_text WHERE doc_id = ?1",
			params: [id],
		},
	]);
	const lines = [
		`  re-indexing source ${id} (${doc.body.length} characters of transcript), D1 time of its delete + insert:`,
	];
	lines.push(`    search_index            ${ms(today[0] ?? 0)} + ${ms(today[1] ?? 0)}`);
	for (const detail of details) {
		const durations = await timer.batch([
			{ sql: `DELETE FROM ${TABLE[detail]} WHERE rowid = ?1`, params: [id] },
			insertOf(detail, doc),
		]);
		lines.push(`    ${TABLE[detail].padEnd(23)} ${ms(durations[0] ?? 0)} + ${ms(durations[1] ?? 0)}`);
	}
	return lines;
}

// ---------------------------------------------------------------------------------------------------

async function run({ sources, detail, sample, batch }: ReturnType<typeof parse>): Promise<number> {
	process.env.WRANGLER_SEND_METRICS = "false";
	const details: Detail[] = detail === "both" ? ["column", "none"] : [detail as Detail];
	const state = await ensureBenchState(sources);
	const copy = mkdtempSync(join(tmpdir(), "pair-probe-"));
	try {
		console.log(`copying ${state.persistTo} to ${copy} …`);
		cpSync(join(state.persistTo, "v3", "d1"), join(copy, "v3", "d1"), { recursive: true });
		await withTimer(copy, (timer) => timer.time("SELECT 1", [], 1));
		const before = bytesByTable(copy);
		const used = (b: typeof before) => b.file - b.free;
		const today = used(before);
		console.log(
			`\n${sources} sources: the database ${gb(before.file)} before (${gb(today)} in use; the word index search_index ${gb(before.tables.get("search_index") ?? 0)})`,
		);
		const builds: Build[] = [];
		for (const d of details) builds.push(await withTimer(copy, (timer) => build(timer, d, batch)));
		const after = bytesByTable(copy);
		console.log(`  after: the file ${gb(after.file)}, ${gb(used(after))} in use`);
		for (const built of builds) {
			const bytes = after.tables.get(TABLE[built.detail]) ?? 0;
			console.log(
				`  ${TABLE[built.detail]} (detail=${built.detail}): ${gb(bytes)}, ${(bytes / today).toFixed(3)}× of today's database in use; today's + it ${((today + bytes) / today).toFixed(3)}×`,
				`\n    ${built.sources} sources, ${built.pairTokens} distinct pairs per source summed, built in ${built.seconds.toFixed(1)} s`,
				`\n    D1 time: reads ${(built.readMs / 1000).toFixed(1)} s, inserts ${(built.insertMs / 1000).toFixed(1)} s (longest insert ${ms(built.longestInsertMs)}), optimize ${(built.optimizeMs / 1000).toFixed(1)} s (one statement)`,
				`\n    one 10 GB database then holds about ${Math.floor((10e9 / (today + bytes)) * sources).toLocaleString("en")} sources`,
			);
		}
		const report = await withTimer(copy, async (timer) => {
			const lines: string[] = [];
			const agreement = await tokenizerAgreement(timer, sample);
			lines.push(
				`\nTokenizer mirror against FTS5's own tokens (fts5vocab 'instance' of ${agreement.sources} sources indexed alone):`,
				`  ${agreement.agreeing} of ${agreement.sources} sources agree in every column (${agreement.tokens} tokens)`,
				...agreement.differing.map((d) => `  differs: ${d}`),
			);
			const lexicon = lexiconMap((await timer.time(LEXICON_ALL_SQL, [], 1)).rows as unknown as LexiconRow[]);
			lines.push("\nPhrases (D1 time, median of 3):");
			const middle = (
				await timer.time(
					"SELECT body FROM search_document_text WHERE doc_id = (SELECT max(doc_id) / 2 FROM search_documents)",
					[],
					1,
				)
			).rows[0]?.body;
			const spoken = rawTokens(String(middle ?? ""))
				.slice(0, 5)
				.join(" ");
			for (const shape of shapesOf(lexicon, details, spoken))
				lines.push(...(await measureShape(timer, shape, details)));
			lines.push("");
			lines.push(...(await reindexOne(timer, details)));
			return lines;
		});
		console.log(report.join("\n"));
	} finally {
		rmSync(copy, { recursive: true, force: true });
	}
	return EXIT_OK;
}

export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}

runWhenInvoked(import.meta.url, main);
