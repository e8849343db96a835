/**
 * The public database as one request sees it, timed: the D1 time (each result's meta.duration, D1's
 * own clock) of every statement the request ran through it, summed. The MCP route charges a request
 * that kept the database busy for what its time cost (COSTLY_REQUEST in src/limits.ts). Statements
 * pass through unchanged: a batch is given back the statements D1 made.
 */
import type { PublicDb } from "../data/public-db";

interface TimedDb {
	db: PublicDb;
	/** D1 milliseconds of every statement run so far (those whose result reports it: all, run, batch). */
	d1Ms(): number;
}

const duration = (result: unknown): number => {
	const ms = (result as { meta?: { duration?: unknown } } | null)?.meta?.duration;
	return typeof ms === "number" && Number.isFinite(ms) && ms > 0 ? ms : 0;
};

export function timedDb(open: () => PublicDb): TimedDb {
	let total = 0;
	const originals = new WeakMap<object, D1PreparedStatement>();
	const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
		const proxy = new Proxy(statement, {
			get(target, key) {
				if (key === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
				if (key === "all" || key === "run")
					return async () => {
						const result = await target[key]();
						total += duration(result);
						return result;
					};
				const value = Reflect.get(target, key, target);
				return typeof value === "function" ? value.bind(target) : value;
			},
		});
		originals.set(proxy, statement);
		return proxy;
	};
	return {
		db: {
			prepare: (query) => wrap(open().prepare(query)),
			batch: async <T = unknown>(statements: D1PreparedStatement[]) => {
				const results = await open().batch<T>(statements.map((s) => originals.get(s) ?? s));
				for (const result of results) total += duration(result);
				return results;
			},
		},
		d1Ms: () => total,
	};
}
