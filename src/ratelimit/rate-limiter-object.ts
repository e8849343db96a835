/**
 * The fallback limiter: one SQLite-backed Durable Object per edge identity. Fixed windows aligned to
 * the clock (the same semantics as the native binding: a window is floor(now / period); each admits
 * `limit` requests). The count check and increment run synchronously, so concurrent requests to one
 * identity cannot overshoot; a charge of several units is admitted whole or not at all, and a refused
 * charge adds nothing. Storage holds at most the current window, and an alarm clears the object
 * once its identity has been idle for a window, so storage stays bounded whatever the traffic.
 */
import { DurableObject } from "cloudflare:workers";

interface WindowDecision {
	allowed: boolean;
	/** Requests counted in the current window, this one included when allowed. */
	count: number;
	/** When the current window closes (ms since epoch). */
	resetAt: number;
}

export class RateLimiterObject extends DurableObject<Env> {
	private tableReady = false;

	/** The one table: at most the current window's row (an earlier one is pruned when a new window starts). */
	private windows(): SqlStorage {
		const sql = this.ctx.storage.sql;
		if (!this.tableReady) {
			sql.exec(
				"CREATE TABLE IF NOT EXISTS request_window (start_ms INTEGER PRIMARY KEY, count INTEGER NOT NULL)",
			);
			this.tableReady = true;
		}
		return sql;
	}

	/**
	 * Admits `units` requests (a batch) when all of them fit the window. `now` is for tests that need
	 * a window to pass; callers in the Worker leave it to the clock.
	 */
	async admit(limit: number, periodMs: number, now: number = Date.now(), units = 1): Promise<WindowDecision> {
		const sql = this.windows();
		const start = Math.floor(now / periodMs) * periodMs;
		const resetAt = start + periodMs;
		const row = sql
			.exec<{ count: number }>("SELECT count FROM request_window WHERE start_ms = ?", start)
			.toArray()[0];
		// An earlier window can only be stored when this one has no row yet: prune it then, not on every request.
		if (row === undefined) sql.exec("DELETE FROM request_window WHERE start_ms <> ?", start);
		const count = row?.count ?? 0;
		if (count + units > limit) return { allowed: false, count, resetAt };
		sql.exec(
			"INSERT INTO request_window (start_ms, count) VALUES (?, ?) ON CONFLICT (start_ms) DO UPDATE SET count = count + excluded.count",
			start,
			units,
		);
		if (count === 0) await this.ctx.storage.setAlarm(resetAt + periodMs);
		return { allowed: true, count: count + units, resetAt };
	}

	/**
	 * Adds `units` to the window the request was admitted in (`admittedAt`), up to `limit`: a charge
	 * for what an admitted request cost past its prediction, once it ran. Never refused, never past
	 * the limit, and dropped when that window has closed, so a charge never empties a window its
	 * request did not run in, and an idle identity's budget comes back with the next window as always.
	 */
	async charge(
		limit: number,
		periodMs: number,
		units: number,
		now: number = Date.now(),
		admittedAt: number = now,
	): Promise<number> {
		const sql = this.windows();
		const start = Math.floor(now / periodMs) * periodMs;
		if (Math.floor(admittedAt / periodMs) * periodMs < start) return 0;
		const row = sql
			.exec<{ count: number }>("SELECT count FROM request_window WHERE start_ms = ?", start)
			.toArray()[0];
		if (row === undefined) sql.exec("DELETE FROM request_window WHERE start_ms <> ?", start);
		const count = Math.min(limit, (row?.count ?? 0) + units);
		sql.exec(
			"INSERT INTO request_window (start_ms, count) VALUES (?, ?) ON CONFLICT (start_ms) DO UPDATE SET count = excluded.count",
			start,
			count,
		);
		if (row === undefined) await this.ctx.storage.setAlarm(start + 2 * periodMs);
		return count;
	}

	/** Rows kept right now (tests check storage stays bounded). */
	async storedWindows(): Promise<number> {
		if (!this.tableReady) return 0;
		return this.ctx.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM request_window").one().n;
	}

	/** Idle for a whole window: nothing of this identity needs keeping. */
	override async alarm(): Promise<void> {
		await this.ctx.storage.deleteAll();
		this.tableReady = false;
	}
}
