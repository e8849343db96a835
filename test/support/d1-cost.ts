/**
 * What a request costs the database at the edge, counted exactly on any machine: a wrapper around a
 * D1 binding (and the sessions opened on it) that records every round trip. On Cloudflare each
 * `first`/`all`/`run`/`raw` or `batch` is one network round trip to the database, D1 bills rows
 * read, and round trips that wait on an earlier one add up. `depth` is the longest such chain: a
 * round trip that starts after another has answered waited for it (the Worker needed its answer).
 *
 * Pure TypeScript with no Node imports: the Workers tests and the bench's counting Worker both use it.
 */

interface RoundTrip {
	/** Statements it carried (a batch carries several). */
	statements: number;
	rowsRead: number;
	/** D1's own execution time (sum of meta.duration), ms. */
	d1Ms: number;
	sql: string[];
	start: number;
	end: number;
	/** 1 + the depth of the deepest round trip that had answered before this one started. */
	depth: number;
}

export interface D1Cost {
	roundTrips: number;
	depth: number;
	statements: number;
	rowsRead: number;
	d1Ms: number;
}

interface Meta {
	rows_read?: number;
	duration?: number;
}

export class CostRecorder {
	readonly trips: RoundTrip[] = [];
	/** A monotonic tick: wall time can stand still inside workerd between I/O, order cannot. */
	private tick = 0;

	private begin(): number {
		return ++this.tick;
	}

	private finish(start: number, sql: string[], metas: (Meta | undefined)[]): void {
		const end = ++this.tick;
		const before = this.trips.filter((t) => t.end < start);
		const depth = 1 + Math.max(0, ...before.map((t) => t.depth));
		this.trips.push({
			statements: sql.length,
			rowsRead: metas.reduce((n, m) => n + (m?.rows_read ?? 0), 0),
			d1Ms: metas.reduce((n, m) => n + (m?.duration ?? 0), 0),
			sql,
			start,
			end,
			depth,
		});
	}

	total(): D1Cost {
		return {
			roundTrips: this.trips.length,
			depth: Math.max(0, ...this.trips.map((t) => t.depth)),
			statements: this.trips.reduce((n, t) => n + t.statements, 0),
			rowsRead: this.trips.reduce((n, t) => n + t.rowsRead, 0),
			d1Ms: this.trips.reduce((n, t) => n + t.d1Ms, 0),
		};
	}

	reset(): void {
		this.trips.length = 0;
	}

	/** A statement whose every way of running is one recorded round trip. */
	private statement(inner: D1PreparedStatement, sql: string): D1PreparedStatement {
		const timed = async <T>(run: () => Promise<T>, meta: (value: T) => Meta | undefined): Promise<T> => {
			const start = this.begin();
			const value = await run();
			this.finish(start, [sql], [meta(value)]);
			return value;
		};
		const wrapped: D1PreparedStatement = {
			bind: (...values: unknown[]) => this.statement(inner.bind(...values), sql),
			// first() carries no meta, so it runs as all() (the same statement, one round trip) and
			// takes the first row: its rows read are then counted too.
			first: (async (column?: string) => {
				const { results } = await timed(
					() => inner.all<Record<string, unknown>>(),
					(r) => r.meta as Meta,
				);
				const row = results[0];
				if (row === undefined) return null;
				return column === undefined ? row : row[column];
			}) as D1PreparedStatement["first"],
			all: (() =>
				timed(
					() => inner.all(),
					(r) => r.meta as Meta,
				)) as D1PreparedStatement["all"],
			run: (() =>
				timed(
					() => inner.run(),
					(r) => r.meta as Meta,
				)) as D1PreparedStatement["run"],
			raw: ((options?: { columnNames?: boolean }) =>
				timed(
					() => inner.raw(options as { columnNames: true }),
					() => undefined,
				)) as D1PreparedStatement["raw"],
		} as D1PreparedStatement;
		unwrapped.set(wrapped, inner);
		sqlOf.set(wrapped, sql);
		return wrapped;
	}

	private batchOf<T>(inner: D1Database | D1DatabaseSession, statements: D1PreparedStatement[]) {
		const start = this.begin();
		const sql = statements.map((s) => sqlOf.get(s) ?? "?");
		return inner.batch<T>(statements.map((s) => unwrapped.get(s) ?? s)).then((results) => {
			this.finish(
				start,
				sql,
				results.map((r) => r.meta as Meta),
			);
			return results;
		});
	}

	private prepareOn(inner: D1Database | D1DatabaseSession, query: string): D1PreparedStatement {
		return this.statement(inner.prepare(query), query);
	}

	/** The session as the Worker sees it, every call counted. */
	session(inner: D1DatabaseSession): D1DatabaseSession {
		return {
			prepare: (query: string) => this.prepareOn(inner, query),
			batch: <T>(statements: D1PreparedStatement[]) => this.batchOf<T>(inner, statements),
			getBookmark: () => inner.getBookmark(),
		} as D1DatabaseSession;
	}

	/** The binding as the Worker sees it, every call (and every session's) counted. */
	database(inner: D1Database): D1Database {
		return {
			prepare: (query: string) => this.prepareOn(inner, query),
			batch: <T>(statements: D1PreparedStatement[]) => this.batchOf<T>(inner, statements),
			exec: (query: string) => inner.exec(query),
			dump: () => inner.dump(),
			withSession: (constraint?: string) => this.session(inner.withSession(constraint as never)),
		} as D1Database;
	}
}

/** A wrapped statement's own statement, and its SQL, for batches (D1 accepts only its own objects). */
const unwrapped = new WeakMap<D1PreparedStatement, D1PreparedStatement>();
const sqlOf = new WeakMap<D1PreparedStatement, string>();
