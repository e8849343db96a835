/**
 * Validated corpus records -> parameterised INSERT statements for the public tables of
 * migrations/0001_public_tables.sql. Rows of one table are grouped into multi-row INSERTs of at most
 * MAX_BOUND_PARAMETERS bound values (D1's per-statement limit) and roughly MAX_STATEMENT_BYTES of SQL
 * once inlined (D1's limit on one SQL statement is 100 KB), so the same statements run through
 * `db.batch()` (local import, tests) and, inlined, through `wrangler d1 execute --remote --file`.
 * Inlined text travels hex-encoded (see sqlLiteral), so no tool on the way can rewrite it.
 *
 * passage_id is never set: SQLite assigns it. The triggers of migrations/0012 keep the source's
 * search_index row current as each row is written.
 *
 * Pure TypeScript with no imports from Node: tests in the Workers runtime use it too.
 */
import { handleKey } from "../../src/text/handle-key";
import { type CorpusRecordInput, DEFAULT_LANGUAGE } from "./format";

export type SqlValue = string | number | null;

export interface Statement {
	sql: string;
	params: SqlValue[];
}

/** D1 accepts at most 100 bound parameters per statement. */
export const MAX_BOUND_PARAMETERS = 100;
/** Budget for one statement once inlined (worst case 6 hex digits per UTF-16 unit); D1 allows 100 KB. */
export const MAX_STATEMENT_BYTES = 90_000;

/** Tables in the order the rows must be written so every reference already exists. */
export const TABLE_ORDER = [
	"creators",
	"topics",
	"sources",
	"source_aliases",
	"source_topics",
	"passages",
	"evidence_cards",
] as const;
export type TableName = (typeof TABLE_ORDER)[number];

export const TABLE_COLUMNS: Record<TableName, readonly string[]> = {
	creators: [
		"creator_id",
		"handle",
		"handle_key",
		"display_name",
		"platform",
		"profile_url",
		"bio",
		"updated_at",
	],
	topics: ["topic_id", "label", "description", "created_at"],
	sources: [
		"source_id",
		"creator_id",
		"platform",
		"original_url",
		"title",
		"summary",
		"published_at",
		"duration_seconds",
		"language",
		"publication_state",
		"state_reason",
		"updated_at",
	],
	source_aliases: ["alias", "alias_kind", "source_id"],
	source_topics: ["source_id", "topic_id"],
	passages: ["source_id", "ordinal", "start_ms", "end_ms", "text"],
	evidence_cards: [
		"card_id",
		"source_id",
		"topic_id",
		"claim",
		"evidence",
		"review_state",
		"reviewed_at",
		"updated_at",
	],
};

export type TableRows = Record<TableName, SqlValue[][]>;

export function emptyTableRows(): TableRows {
	return {
		creators: [],
		topics: [],
		sources: [],
		source_aliases: [],
		source_topics: [],
		passages: [],
		evidence_cards: [],
	};
}

/** Appends the table rows of one validated record to `rows` (a missing language means "en"). */
export function addRecordRows(rows: TableRows, record: CorpusRecordInput, nowIso: string): void {
	switch (record.kind) {
		case "creator":
			rows.creators.push([
				record.creator_id,
				record.handle,
				handleKey(record.handle),
				record.display_name,
				record.platform,
				record.profile_url,
				record.bio ?? "",
				nowIso,
			]);
			break;
		case "topic":
			rows.topics.push([record.topic_id, record.label, record.description ?? "", nowIso]);
			break;
		case "source":
			rows.sources.push([
				record.source_id,
				record.creator_id,
				record.platform,
				record.original_url,
				record.title,
				record.summary,
				record.published_at,
				record.duration_seconds,
				record.language ?? DEFAULT_LANGUAGE,
				record.publication_state,
				record.state_reason ?? null,
				nowIso,
			]);
			for (const alias of record.aliases)
				rows.source_aliases.push([alias.alias, alias.kind, record.source_id]);
			for (const topicId of record.topic_ids) rows.source_topics.push([record.source_id, topicId]);
			for (const p of record.passages)
				rows.passages.push([record.source_id, p.ordinal, p.start_ms, p.end_ms, p.text]);
			break;
		case "card":
			rows.evidence_cards.push([
				record.card_id,
				record.source_id,
				record.topic_id,
				record.claim,
				record.evidence,
				record.review_state,
				record.reviewed_at ?? null,
				nowIso,
			]);
			break;
	}
}

const HEX_DIGITS = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0").toUpperCase());
const TEXT_LITERAL_OVERHEAD = "CAST(X'' AS TEXT)".length;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const utf8 = new TextEncoder();

/** Upper bound of the inlined size of one value (a UTF-16 unit is at most 3 UTF-8 bytes, 6 hex digits). */
function inlinedBytes(value: SqlValue): number {
	return typeof value === "string" ? value.length * 6 + TEXT_LITERAL_OVERHEAD : 24;
}

export interface StatementOptions {
	/** Bound parameters per statement; defaults to MAX_BOUND_PARAMETERS. 1 row per statement if smaller than a row. */
	maxParams?: number;
}

/** Multi-row INSERTs for `rows` of `table`, each within the parameter and size budgets. */
export function insertStatements(
	table: TableName,
	rows: readonly SqlValue[][],
	options: StatementOptions = {},
	into: string = table,
): Statement[] {
	const columns = TABLE_COLUMNS[table];
	const width = columns.length;
	const maxRows = Math.max(1, Math.floor((options.maxParams ?? MAX_BOUND_PARAMETERS) / width));
	const head = `INSERT INTO ${into} (${columns.join(", ")}) VALUES `;
	const tuple = `(${new Array(width).fill("?").join(", ")})`;
	const statements: Statement[] = [];
	let params: SqlValue[] = [];
	let count = 0;
	let bytes = head.length;
	const flush = () => {
		if (count === 0) return;
		statements.push({ sql: head + new Array(count).fill(tuple).join(", "), params });
		params = [];
		count = 0;
		bytes = head.length;
	};
	for (const row of rows) {
		if (row.length !== width)
			throw new Error(`${table}: expected ${width} values per row, got ${row.length}`);
		let rowBytes = width * 2 + 4;
		for (const value of row) rowBytes += inlinedBytes(value);
		if (count >= maxRows || (count > 0 && bytes + rowBytes > MAX_STATEMENT_BYTES)) flush();
		for (const value of row) params.push(value);
		count++;
		bytes += rowBytes;
	}
	flush();
	return statements;
}

/**
 * The INSERTs that write `records` (validated, e.g. by validateCorpusLines) into the public tables,
 * ordered creators, topics, sources, source_aliases, source_topics, passages, evidence_cards so every
 * reference exists when its row is written. `nowIso` fills updated_at / created_at.
 */
export function recordsToStatements(
	records: Iterable<CorpusRecordInput>,
	nowIso: string,
	options: StatementOptions = {},
): Statement[] {
	const rows = emptyTableRows();
	for (const record of records) addRecordRows(rows, record, nowIso);
	return TABLE_ORDER.flatMap((table) => insertStatements(table, rows[table], options));
}

/**
 * One SQL literal: null as NULL, finite numbers as written, and text as its UTF-8 bytes in a hex blob
 * cast back to text. The SQL then holds no quote, keyword or semicolon of the value: wrangler's local
 * `d1 execute` deletes the first "BEGIN TRANSACTION;" and "COMMIT;" in the SQL, string literals
 * included, refuses SQL still saying "BEGIN TRANSACTION", and splits on statement syntax (quotes,
 * comments, BEGIN/CASE … END); hex digits give it, and any other tool, nothing to match.
 */
export function sqlLiteral(value: SqlValue): string {
	if (value === null) return "NULL";
	if (typeof value === "number") {
		if (!Number.isFinite(value)) throw new Error(`cannot inline ${value} as an SQL literal`);
		return Object.is(value, -0) ? "0" : String(value);
	}
	if (typeof value === "string") {
		if (value.includes("\u0000")) throw new Error("cannot inline a string containing a NUL character");
		// UTF-8 cannot carry a lone surrogate: it would be stored as U+FFFD, not as given.
		if (LONE_SURROGATE.test(value)) throw new Error("cannot inline a string containing a lone surrogate");
		let hex = "";
		for (const byte of utf8.encode(value)) hex += HEX_DIGITS[byte];
		return `CAST(X'${hex}' AS TEXT)`;
	}
	throw new Error(`cannot inline a value of type ${typeof value}`);
}

/**
 * Renders one statement with its parameters inlined as SQL literals (no trailing semicolon): the one
 * audited way values reach SQL text that wrangler's CLI runs (`d1 execute --file` / `--command`).
 * `?` inside quoted strings or identifiers of the SQL text is left alone.
 */
export function inlineStatement({ sql, params }: Statement): string {
	let out = "";
	let next = 0;
	let quote: string | null = null;
	let from = 0;
	for (let i = 0; i < sql.length; i++) {
		const char = sql[i];
		if (quote !== null) {
			if (char === quote) quote = null;
			continue;
		}
		if (char === "'" || char === '"' || char === "`") quote = char;
		else if (char === "?") {
			if (next >= params.length)
				throw new Error(`statement has more placeholders than its ${params.length} params`);
			out += sql.slice(from, i) + sqlLiteral(params[next++] as SqlValue);
			from = i + 1;
		}
	}
	if (quote !== null) throw new Error("unterminated quoted string in SQL");
	if (next !== params.length)
		throw new Error(`statement has ${next} placeholders but ${params.length} params`);
	return out + sql.slice(from);
}
