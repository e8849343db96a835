/**
 * Times SQL statements against a local D1 state directory inside workerd (Miniflare, the engine
 * `wrangler dev` runs), reading D1's own per-statement duration (meta.duration), so no HTTP, MCP or
 * JSON cost is included; a batch runs as one transaction and reports each statement's duration.
 * Used by bench:cost (true totals over a fresh index), the vocabulary import, a search's statements
 * timed one by one (plan-parts.ts), a copy of a state (copy.ts) and the quality pool
 * (search-quality-pool.ts).
 */
import type { Miniflare } from "miniflare";
import { findDatabase } from "../../corpus/import";
import { localD1Worker } from "../../lib/local-d1";
import { median } from "./median";

const TIMER_WORKER = `
export default {
	async fetch(request, env) {
		const { sql, params, repeat, batch } = await request.json();
		const durations = [];
		let rows = [];
		try {
			if (batch) {
				const results = await env.DB.batch(batch.map((s) => env.DB.prepare(s.sql).bind(...s.params)));
				return Response.json({ ok: true, durations: results.map((r) => ({ d1: r.meta.duration, wall: 0, rowsRead: r.meta.rows_read })), rows: [] });
			}
			for (let i = 0; i < repeat; i++) {
				const started = Date.now();
				const result = await env.DB.prepare(sql).bind(...params).all();
				durations.push({ d1: result.meta.duration, wall: Date.now() - started, rowsRead: result.meta.rows_read });
				rows = result.results;
			}
			return Response.json({ ok: true, durations, rows });
		} catch (error) {
			return Response.json({ ok: false, error: String(error?.cause?.message ?? error) }, { status: 500 });
		}
	},
};
`;

interface Timing {
	/** D1's own execution time per run (ms). */
	d1: number[];
	/** D1's rows read per run (what it bills). */
	rowsRead: number[];
	rows: Record<string, unknown>[];
}

export interface MedianTiming {
	ms: number;
	rowsRead: number;
	rows: Record<string, unknown>[];
}

export class SqlTimer {
	private readonly mf: Promise<Miniflare>;
	constructor(persistTo: string) {
		const database = findDatabase(undefined);
		this.mf = localD1Worker(
			persistTo,
			database.preview_database_id ?? (database.database_id as string),
			TIMER_WORKER,
		);
	}

	async time(sql: string, params: unknown[] = [], repeat = 3): Promise<Timing> {
		const response = await (await this.mf).dispatchFetch("http://sql-timer.local/", {
			method: "POST",
			body: JSON.stringify({ sql, params, repeat }),
		});
		const body = (await response.json()) as {
			ok: boolean;
			durations?: { d1: number; wall: number; rowsRead: number }[];
			rows?: Record<string, unknown>[];
			error?: string;
		};
		if (!body.ok) throw new Error(`${body.error}\n${sql}`);
		const durations = body.durations ?? [];
		return {
			d1: durations.map((d) => d.d1),
			rowsRead: durations.map((d) => d.rowsRead),
			rows: body.rows ?? [],
		};
	}

	/**
	 * One statement timed `repeat` times after a warming run the figures leave out: D1's median
	 * time, its rows read (the same every run) and the rows of the last run.
	 */
	async median(sql: string, params: unknown[], repeat: number): Promise<MedianTiming> {
		const { d1, rowsRead, rows } = await this.time(sql, params, repeat + 1);
		return { ms: median(d1.slice(1)), rowsRead: rowsRead.at(-1) ?? 0, rows };
	}

	/** Statements run as one D1 batch (one transaction): D1's own duration of each. */
	async batch(statements: { sql: string; params: unknown[] }[]): Promise<number[]> {
		return (await this.batchCounted(statements)).map((d) => d.d1);
	}

	/** The same, with each statement's rows read. */
	async batchCounted(
		statements: { sql: string; params: unknown[] }[],
	): Promise<{ d1: number; rowsRead: number }[]> {
		const response = await (await this.mf).dispatchFetch("http://sql-timer.local/", {
			method: "POST",
			body: JSON.stringify({ batch: statements }),
		});
		const body = (await response.json()) as {
			ok: boolean;
			durations?: { d1: number; rowsRead: number }[];
			error?: string;
		};
		if (!body.ok) throw new Error(`${body.error}\n${statements[0]?.sql ?? ""}`);
		return (body.durations ?? []).map(({ d1, rowsRead }) => ({ d1, rowsRead }));
	}

	async close(): Promise<void> {
		await (await this.mf).dispose();
	}
}
