/**
 * The per-isolate copy of the small projections (src/data/projection-copy.ts): answers from it make no
 * database read, it is never used once as old as its bound, a refresh shows within the bound (at once
 * in the isolate that ran it), a topic it does not hold is read directly, and when it cannot be loaded
 * the tools read directly as before. Real Worker, real D1.
 */
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { FIXTURES } from "../../../scripts/corpus/generate";
import {
	forgetProjectionCopy,
	PROJECTION_COPY_MAX_AGE_MS,
	projectionCopy,
} from "../../../src/data/projection-copy";
import worker from "../../../src/index";
import { refreshProjections } from "../../../src/projections/refresh";
import { type Json, toolCallRequest } from "../../support/workers/mcp";

const TOPIC = FIXTURES.topics.llmCitations.topic_id;

/** The D1 binding, counting the sessions the Worker opens on it (one per request that reads). */
function countingDb(): { db: D1Database; sessions: () => number } {
	let sessions = 0;
	const db = new Proxy(env.DB, {
		get(target, key) {
			if (key === "withSession") {
				return (...args: Parameters<D1Database["withSession"]>) => {
					sessions++;
					return target.withSession(...args);
				};
			}
			const value = Reflect.get(target, key);
			return typeof value === "function" ? value.bind(target) : value;
		},
	});
	return { db, sessions: () => sessions };
}

async function callTool(name: string, args: Record<string, unknown>, db: D1Database = env.DB) {
	const response = await worker.fetch(
		toolCallRequest(name, args as Json) as Parameters<typeof worker.fetch>[0],
		{ ...env, DB: db },
		createExecutionContext(),
	);
	const body = (await response.json()) as { result: { isError?: boolean; structuredContent: any } };
	expect(body.result.isError ?? false).toBe(false);
	return body.result.structuredContent;
}

const signalStamp = () =>
	env.DB.prepare("SELECT refresh_id, computed_at FROM topic_signal_projection WHERE topic_id = ?1")
		.bind(TOPIC)
		.first<{ refresh_id: number; computed_at: string }>();

beforeEach(() => forgetProjectionCopy());

describe("the projection copy", () => {
	it("answers get_topic_signal and get_public_manifest without a database read once it is loaded", async () => {
		const { db, sessions } = countingDb();
		await callTool("get_topic_signal", { topic_id: TOPIC }, db);
		expect(sessions()).toBe(1);
		const signal = await callTool("get_topic_signal", { topic_id: TOPIC }, db);
		const manifest = await callTool("get_public_manifest", {}, db);
		expect(sessions()).toBe(1);
		// Built from the same projection rows a direct read returns.
		expect(signal.computed).toMatchObject({ ...(await signalStamp()) });
		expect(manifest.topics.map((t: { topic_id: string }) => t.topic_id)).toContain(TOPIC);
	});

	it("is never used once it is as old as the bound", async () => {
		const t0 = Date.now();
		const first = await projectionCopy(env.DB, t0);
		expect(first?.loadedAt).toBe(t0);
		expect(await projectionCopy(env.DB, t0 + PROJECTION_COPY_MAX_AGE_MS - 1)).toBe(first);
		const next = await projectionCopy(env.DB, t0 + PROJECTION_COPY_MAX_AGE_MS);
		expect(next).not.toBe(first);
		expect(next?.loadedAt).toBe(t0 + PROJECTION_COPY_MAX_AGE_MS);
		// A clock that went backwards is not trusted either.
		expect(await projectionCopy(env.DB, t0)).not.toBe(next);
		expect(PROJECTION_COPY_MAX_AGE_MS).toBeLessThanOrEqual(60_000);
	});

	it("shows a refresh run elsewhere within the bound, and carries the computed_at of what it holds", async () => {
		const t0 = Date.now();
		const before = await signalStamp();
		const held = await projectionCopy(env.DB, t0);
		expect(held?.signals.get(TOPIC)?.projected?.stamp).toMatchObject(before ?? {});
		// Another isolate's (or an operator's) refresh: the rows change under this isolate's copy.
		const stamped = "2099-01-01T00:00:00.000Z";
		await env.DB.prepare("UPDATE topic_signal_projection SET computed_at = ?1 WHERE topic_id = ?2")
			.bind(stamped, TOPIC)
			.run();
		try {
			const within = await projectionCopy(env.DB, t0 + PROJECTION_COPY_MAX_AGE_MS - 1);
			// Still the old rows, and they say so: the old computed_at, never the new one.
			expect(within?.signals.get(TOPIC)?.projected?.stamp.computed_at).toBe(before?.computed_at);
			const after = await projectionCopy(env.DB, t0 + PROJECTION_COPY_MAX_AGE_MS);
			expect(after?.signals.get(TOPIC)?.projected?.stamp.computed_at).toBe(stamped);
		} finally {
			await env.DB.prepare("UPDATE topic_signal_projection SET computed_at = ?1 WHERE topic_id = ?2")
				.bind(before?.computed_at, TOPIC)
				.run();
		}
	});

	it("shows a refresh run in this isolate at once", async () => {
		const before = await callTool("get_topic_signal", { topic_id: TOPIC });
		const outcome = await refreshProjections(env.DB, "full");
		expect(outcome.outcome).toBe("succeeded");
		const after = await callTool("get_topic_signal", { topic_id: TOPIC });
		expect(after.computed.refresh_id).toBe(outcome.refresh_id);
		expect(after.computed.refresh_id).toBeGreaterThan(before.computed.refresh_id);
		const manifest = await callTool("get_public_manifest", {});
		expect(manifest.projection.last_refresh.refresh_id).toBe(outcome.refresh_id);
	});

	it("does not hold a topic added after it was loaded: that topic answers not_yet_projected", async () => {
		await callTool("get_topic_signal", { topic_id: TOPIC });
		const topicId = "copy-test-new-topic";
		await env.DB.prepare(
			"INSERT INTO topics (topic_id, label, description, created_at) VALUES (?1, ?2, ?3, ?4)",
		)
			.bind(topicId, "Copy test topic", "Added after the copy was loaded.", new Date().toISOString())
			.run();
		try {
			const signal = await callTool("get_topic_signal", { topic_id: topicId });
			expect(signal.signal).toBe("not_yet_projected");
			expect(signal.computed).toBeNull();
		} finally {
			await env.DB.prepare("DELETE FROM topics WHERE topic_id = ?1").bind(topicId).run();
		}
	});

	it("falls back to direct reads when it cannot be loaded", async () => {
		await env.DB.exec("ALTER TABLE manifest_projection RENAME TO manifest_projection_gone");
		try {
			expect(await projectionCopy(env.DB)).toBeNull();
			const { db, sessions } = countingDb();
			const signal = await callTool("get_topic_signal", { topic_id: TOPIC }, db);
			expect(signal.computed).toMatchObject({ ...(await signalStamp()) });
			await callTool("get_topic_signal", { topic_id: TOPIC }, db);
			// No copy: every call reads the database.
			expect(sessions()).toBe(2);
		} finally {
			await env.DB.exec("ALTER TABLE manifest_projection_gone RENAME TO manifest_projection");
		}
		expect(await projectionCopy(env.DB)).not.toBeNull();
	});
});
