/**
 * Writes the pairs of the sources queued in search_pairs_pending (migrations/0023): their old pairs
 * out, their pairs as their indexed text now gives them in (none when no longer public), and each
 * dequeued only if it was not queued again after its text was read. A round reads `batch` queued
 * sources and writes them in one D1 batch (one transaction): a round cut short leaves its sources
 * queued, never half written. Runs until nothing is queued or `budgetMs` has passed; the rest waits
 * for the next run (the cron's, every 15 minutes). Any D1-shaped database will do: the Worker's
 * binding, or an operator's script.
 */
import { documentPairs, type IndexedText } from "../search/pairs/pair-tokens";

/** The least of D1Database this needs: Node scripts bring their own. */
export type PairDb = Pick<D1Database, "prepare" | "batch">;

/**
 * The queued sources with the text the index holds for them (none when no longer public). Joined,
 * not left-joined, to the view: SQLite cannot push a left join's key into a view with a WHERE, and
 * would build the whole collection's text each round.
 */
export const QUEUED_TEXT_SQL = `
WITH round AS MATERIALIZED (SELECT doc_id, queued FROM search_pairs_pending ORDER BY doc_id LIMIT ?1)
SELECT r.doc_id, r.queued, v.title, v.summary, v.topics, v.body
FROM round r JOIN search_document_text v ON v.doc_id = r.doc_id
UNION ALL
SELECT r.doc_id, r.queued, NULL, NULL, NULL, NULL FROM round r
WHERE NOT EXISTS (SELECT 1 FROM search_document_text v WHERE v.doc_id = r.doc_id)`;

/**
 * Each statement takes ?1: the round's sources as read, [doc_id, queued, pairs or null], and acts
 * only on those still queued at the value read. One queued again since its text was read keeps its
 * mark and its place in the queue, for the next round to read its new text.
 */
const AS_READ = `SELECT json_extract(r.value, '$[0]') AS doc_id, json_extract(r.value, '$[2]') AS pairs
  FROM json_each(?1) r JOIN search_pairs_pending q
    ON q.doc_id = json_extract(r.value, '$[0]') AND q.queued = json_extract(r.value, '$[1]')`;
const DELETE_PAIRS_SQL = `DELETE FROM search_pairs WHERE rowid IN (SELECT doc_id FROM (${AS_READ}))`;
const INSERT_PAIRS_SQL = `INSERT INTO search_pairs (rowid, pairs)
SELECT doc_id, pairs FROM (${AS_READ}) WHERE pairs IS NOT NULL`;
const DEQUEUE_SQL = `DELETE FROM search_pairs_pending WHERE doc_id IN (SELECT doc_id FROM (${AS_READ}))`;
const QUEUED_COUNT_SQL = "SELECT COUNT(*) AS n FROM search_pairs_pending";

interface QueuedRow extends Partial<IndexedText> {
	doc_id: number;
	queued: number;
}

export interface PairsWritten {
	/** Sources whose pairs were written (or removed) this run. */
	written: number;
	/** Sources still queued when the run ended. */
	queued: number;
	duration_ms: number;
	/** D1's own time of the run's longest statement (D1 caps one at 30 s). */
	longest_statement_ms: number;
}

/**
 * D1 caps a bound string at 2 MB; a round's sources are bound in parts under this many characters
 * (a source whose pairs alone are longer is still written, alone in its part).
 */
const PART_CHARS = 1_000_000;

/** One round's writes: the statements of one transaction. A source no longer public gets no pairs. */
export function roundStatements(db: PairDb, rows: readonly QueuedRow[]): D1PreparedStatement[] {
	const parts: string[][] = [[]];
	let chars = 0;
	for (const row of rows) {
		const pairs = row.title == null ? "" : documentPairs(row as IndexedText);
		const entry = JSON.stringify([row.doc_id, row.queued, pairs === "" ? null : pairs]);
		if (chars + entry.length > PART_CHARS && (parts.at(-1) as string[]).length > 0) {
			parts.push([]);
			chars = 0;
		}
		(parts.at(-1) as string[]).push(entry);
		chars += entry.length + 1;
	}
	return parts.flatMap((part) => {
		const read = `[${part.join(",")}]`;
		return [
			db.prepare(DELETE_PAIRS_SQL).bind(read),
			db.prepare(INSERT_PAIRS_SQL).bind(read),
			db.prepare(DEQUEUE_SQL).bind(read),
		];
	});
}

export async function writeQueuedPairs(
	db: PairDb,
	{ batch = 200, budgetMs = 20_000 }: { batch?: number; budgetMs?: number } = {},
): Promise<PairsWritten> {
	const started = Date.now();
	let written = 0;
	let longest = 0;
	const took = (...results: D1Result[]) => {
		for (const result of results) longest = Math.max(longest, result.meta?.duration ?? 0);
	};
	while (Date.now() - started < budgetMs) {
		const read = await db.prepare(QUEUED_TEXT_SQL).bind(batch).all<QueuedRow>();
		took(read);
		if (read.results.length === 0) break;
		took(...(await db.batch(roundStatements(db, read.results))));
		written += read.results.length;
		if (read.results.length < batch) break;
	}
	const queued = (await db.prepare(QUEUED_COUNT_SQL).first<{ n: number }>())?.n ?? 0;
	return { written, queued, duration_ms: Date.now() - started, longest_statement_ms: longest };
}

/** The cron's run, logged: the pairs of whatever was queued since the last one. */
export async function scheduledPairs(db: PairDb): Promise<PairsWritten | null> {
	try {
		const outcome = await writeQueuedPairs(db);
		console.log(JSON.stringify({ event: "search_pairs", ...outcome }));
		return outcome;
	} catch (error) {
		// Whatever was not written stays queued; searches answer its phrases from positions.
		console.error(JSON.stringify({ event: "search_pairs", error: String(error).slice(0, 500) }));
		return null;
	}
}
