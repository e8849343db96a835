/**
 * Words crowding the index as a large collection's refresh would count them (search_term_projection),
 * so that the sample's searches of them are predicted and gated as heavy ones: written before the
 * enclosing suite, removed after it, the isolate's copy forgotten each time so it is read again.
 */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll } from "vitest";
import { forgetProjectionCopy } from "../../../src/data/projection-copy";

export function crowdTheIndex(holders: Readonly<Record<string, number>>): void {
	beforeAll(async () => {
		await env.DB.batch(
			Object.entries(holders).map(([term, docs]) =>
				env.DB.prepare(
					"INSERT OR REPLACE INTO search_term_projection (term, docs, most, refresh_id, computed_at) VALUES (?1, ?2, 1, 0, '2026-12-01T00:00:00Z')",
				).bind(term, docs),
			),
		);
		forgetProjectionCopy();
	});
	afterAll(async () => {
		await env.DB.batch(
			Object.keys(holders).map((term) =>
				env.DB.prepare("DELETE FROM search_term_projection WHERE refresh_id = 0 AND term = ?1").bind(term),
			),
		);
		forgetProjectionCopy();
	});
}
