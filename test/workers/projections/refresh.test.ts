import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import STARTED_SQL from "../../../projections/start.sql";
import { FIXTURES } from "../../../scripts/corpus/generate";
import {
	projectedCreatorCounts,
	projectedManifest,
	projectedTopic,
	projectedTopicSignal,
} from "../../../src/data/projected-counts";
import { GATE_NAMES, SIGNAL_THRESHOLDS } from "../../../src/data/signal-gates";
import worker from "../../../src/index";
import { FULL_REFRESH_CRON, REFRESH_STATEMENTS, refreshProjections } from "../../../src/projections/refresh";
import { liveCreatorCounts, liveManifestCounts, liveTopicCounts } from "../../support/live-counts";
import { callTool } from "../../support/workers/mcp";

const db = env.DB;

interface RefreshRow {
	refresh_id: number;
	mode: string;
	outcome: string;
	finished_at: string | null;
	creators_recomputed: number;
	topics_recomputed: number;
	rows_written: number;
	error: string | null;
}

/** The projected gate of a topic (null when not projected), as get_topic_signal reads it. */
const projectedSignal = async (topicId: string) =>
	(await projectedTopicSignal(db, topicId))?.projected ?? null;

const lastRefresh = () =>
	db.prepare("SELECT * FROM projection_refreshes ORDER BY refresh_id DESC LIMIT 1").first<RefreshRow>();

const allIds = async (sql: string) => (await db.prepare(sql).all<{ id: string }>()).results.map((r) => r.id);

/** Every projected count equals the same count computed from the public tables right now. */
async function expectProjectionEqualsLive() {
	const creators = await allIds(
		"SELECT DISTINCT creator_id AS id FROM sources WHERE publication_state = 'published' ORDER BY 1",
	);
	for (const id of creators) {
		const [projected, live] = await Promise.all([projectedCreatorCounts(db, id), liveCreatorCounts(db, id)]);
		expect(projected, id).not.toBeNull();
		expect({ ...projected, stamp: null }, id).toEqual({ ...live, stamp: null });
	}
	const projectedCreators = await allIds("SELECT creator_id AS id FROM creator_projection ORDER BY 1");
	expect(projectedCreators).toEqual(creators);
	for (const id of await allIds("SELECT topic_id AS id FROM topics ORDER BY 1")) {
		const [projected, live] = await Promise.all([projectedTopic(db, id), liveTopicCounts(db, id)]);
		expect({ ...projected?.counts, stamp: null }, id).toEqual({ ...live, stamp: null });
	}
	const [manifest, liveManifest] = await Promise.all([projectedManifest(db), liveManifestCounts(db)]);
	expect({ ...manifest.counts, stamp: null }).toEqual({ ...liveManifest, stamp: null });
}

describe("projection contents", () => {
	it("equal counts computed directly from the public tables on the sample corpus", async () => {
		await expectProjectionEqualsLive();
	});

	it("put each planted topic on the documented side of every gate", async () => {
		for (const fixture of Object.values(FIXTURES.topics)) {
			const signal = await projectedSignal(fixture.topic_id);
			expect(signal?.counts, fixture.topic_id).toEqual(fixture.expected);
			expect(signal?.signal, fixture.topic_id).toBe(fixture.strong ? "strong" : "not_strong");
			expect(signal?.failed, fixture.topic_id).toEqual(fixture.failedGates);
		}
		expect((await projectedSignal(FIXTURES.aiOverviews.topic_id))?.signal).toBe("strong");
	});

	it("store the thresholds the code documents, and agree with them for every topic", async () => {
		for (const id of await allIds("SELECT topic_id AS id FROM topics")) {
			const signal = await projectedSignal(id);
			if (signal === null) throw new Error(`${id} not projected`);
			expect(signal.thresholds).toEqual(SIGNAL_THRESHOLDS);
			const failed = GATE_NAMES.filter((gate) => signal.counts[gate] < SIGNAL_THRESHOLDS[gate]);
			expect(signal.failed, id).toEqual(failed);
			expect(signal.signal, id).toBe(failed.length === 0 ? "strong" : "not_strong");
		}
	});

	it("stamp every row with the refresh that wrote it", async () => {
		const refresh = await lastRefresh();
		const stamps = await db
			.prepare(
				`SELECT DISTINCT refresh_id FROM (SELECT refresh_id FROM creator_projection UNION ALL
				 SELECT refresh_id FROM topic_projection UNION ALL SELECT refresh_id FROM manifest_projection)`,
			)
			.all<{ refresh_id: number }>();
		expect(stamps.results.map((r) => r.refresh_id)).toEqual([refresh?.refresh_id]);
		expect(refresh?.outcome).toBe("succeeded");
		expect(refresh?.rows_written).toBeGreaterThan(0);
	});
});

describe("the cron", () => {
	it("runs an incremental refresh on the quarter-hour trigger and a full one nightly", async () => {
		for (const [cron, mode] of [
			["*/15 * * * *", "incremental"],
			[FULL_REFRESH_CRON, "full"],
		] as const) {
			const before = (await lastRefresh())?.refresh_id ?? 0;
			const ctx = createExecutionContext();
			await worker.scheduled(createScheduledController({ cron, scheduledTime: Date.now() }), env, ctx);
			await waitOnExecutionContext(ctx);
			const after = await lastRefresh();
			expect(after?.refresh_id).toBeGreaterThan(before);
			expect(after?.mode).toBe(mode);
			expect(after?.outcome).toBe("succeeded");
		}
	});
});

describe("atomicity", () => {
	it("a refresh that fails midway leaves the previous projection intact, serving and logged as failed", async () => {
		const before = await lastRefresh();
		const snapshot = (await db.prepare("SELECT * FROM creator_projection ORDER BY creator_id").all()).results;
		// Fail after the full rebuild has already deleted and rewritten part of the projection.
		const statements = [...REFRESH_STATEMENTS.full];
		const at = statements.findIndex((s) => s.startsWith("INSERT INTO topic_projection"));
		statements.splice(at, 0, "INSERT INTO projection_work (kind, id) VALUES (NULL, NULL)");
		const outcome = await refreshProjections(db, "full", statements);
		expect(outcome.outcome).toBe("failed");
		expect(outcome.error).toMatch(/NOT NULL/);

		const failed = await lastRefresh();
		expect(failed?.outcome).toBe("failed");
		expect(failed?.mode).toBe("full");
		expect((await db.prepare("SELECT * FROM creator_projection ORDER BY creator_id").all()).results).toEqual(
			snapshot,
		);
		expect((await db.prepare("SELECT COUNT(*) AS n FROM projection_work").first<{ n: number }>())?.n).toBe(0);

		// Tools keep serving the previous refresh, and the manifest says the last attempt failed.
		const signal = await callTool("get_topic_signal", { topic_id: "llm-citations" });
		expect(signal.structuredContent.computed.refresh_id).toBe(before?.refresh_id);
		const manifest = await callTool("get_public_manifest");
		expect(manifest.structuredContent.projection.last_refresh.refresh_id).toBe(before?.refresh_id);
		expect(manifest.structuredContent.projection.last_attempt.outcome).toBe("failed");
	});

	it("readers during a refresh see the whole old projection or the whole new one", async () => {
		const before = (await lastRefresh())?.refresh_id ?? 0;
		const readers = Array.from({ length: 30 }, () => callTool("get_topic", { topic_id: "llm-citations" }));
		const [outcome, ...results] = await Promise.all([refreshProjections(db, "full"), ...readers]);
		expect(outcome.outcome).toBe("succeeded");
		for (const result of results) {
			const counts = result.structuredContent.counts;
			expect([before, outcome.refresh_id]).toContain(counts.computed.refresh_id);
			expect(counts.public_sources).toBe(FIXTURES.topics.llmCitations.expected.sources);
		}
	});

	it("overlapping refreshes (a slow cron and an operator) corrupt nothing", async () => {
		await db
			.prepare("UPDATE evidence_cards SET review_state = 'rejected' WHERE card_id = ?1")
			.bind("card_fixllm1a")
			.run();
		const outcomes = await Promise.all([
			refreshProjections(db, "full"),
			refreshProjections(db, "incremental"),
			refreshProjections(db, "full"),
			refreshProjections(db, "incremental"),
		]);
		expect(outcomes.map((o) => o.outcome)).toEqual(["succeeded", "succeeded", "succeeded", "succeeded"]);
		await expectProjectionEqualsLive();
		await db
			.prepare("UPDATE evidence_cards SET review_state = 'applied' WHERE card_id = ?1")
			.bind("card_fixllm1a")
			.run();
		await refreshProjections(db, "incremental");
	});
});

describe("the refresh log", () => {
	/** Ids of refreshes whose rows some projection table holds. */
	const stampedIds = async () =>
		(
			await db
				.prepare(
					`SELECT DISTINCT refresh_id FROM (SELECT refresh_id FROM creator_projection UNION ALL
					 SELECT refresh_id FROM topic_projection UNION ALL SELECT refresh_id FROM topic_signal_projection
					 UNION ALL SELECT refresh_id FROM manifest_projection) ORDER BY 1`,
				)
				.all<{ refresh_id: number }>()
		).results.map((r) => r.refresh_id);

	it("shows a refresh killed mid-run as started, never finished; no tool takes its freshness", async () => {
		const served = await refreshProjections(db, "full");
		expect(served.outcome).toBe("succeeded");
		await db
			.prepare("UPDATE evidence_cards SET review_state = 'draft' WHERE card_id = ?1")
			.bind("card_fixllm1a")
			.run();

		try {
			// The isolate dies during the batch: the transaction rolls back, and nothing runs after it.
			let dead = false;
			const dying = {
				prepare: (sql: string) => {
					if (dead) throw new Error("killed");
					return db.prepare(sql);
				},
				batch: async (statements: D1PreparedStatement[]) => {
					dead = true;
					await db.batch([...statements.slice(0, -1), db.prepare("SELECT killed_here FROM nowhere")]);
				},
			} as unknown as D1Database;
			const killed = await refreshProjections(dying, "full");
			expect(killed.outcome).toBe("failed");

			const record = await lastRefresh();
			expect(record?.refresh_id).toBeGreaterThan(served.refresh_id ?? 0);
			expect(record).toMatchObject({ mode: "full", outcome: "running", finished_at: null, rows_written: 0 });
			expect(await stampedIds()).not.toContain(record?.refresh_id);
			const claims = await db.prepare("SELECT COUNT(*) AS n FROM projection_claim").first<{ n: number }>();
			expect(claims?.n).toBe(0);

			// Every tool keeps the freshness of the last refresh that finished, and the old counts.
			const signal = await callTool("get_topic_signal", { topic_id: "llm-citations" });
			expect(signal.structuredContent.computed.refresh_id).toBe(served.refresh_id);
			expect(signal.structuredContent.gates.applied_insights.count).toBe(3);
			const topic = await callTool("get_topic", { topic_id: "llm-citations" });
			expect(topic.structuredContent.counts.computed.refresh_id).toBe(served.refresh_id);
			const manifest = await callTool("get_public_manifest");
			expect(manifest.structuredContent.dimensions.computed.refresh_id).toBe(served.refresh_id);
			expect(manifest.structuredContent.projection.last_refresh.refresh_id).toBe(served.refresh_id);
			expect(manifest.structuredContent.projection.last_attempt).toMatchObject({
				refresh_id: record?.refresh_id,
				outcome: "running",
				finished_at: null,
			});

			// The next refresh stamps its own record, even when another refresh started after it did and
			// is the newest row when its transaction runs; the killed record stays as it was.
			let interloper: number | undefined;
			const overtaken = {
				prepare: (sql: string) => db.prepare(sql),
				batch: async (statements: D1PreparedStatement[]) => {
					await db.prepare(STARTED_SQL).bind("incremental").run();
					interloper = (await lastRefresh())?.refresh_id;
					return db.batch(statements);
				},
			} as unknown as D1Database;
			const next = await refreshProjections(overtaken, "incremental");
			expect(next.outcome).toBe("succeeded");
			expect(interloper).toBeGreaterThan(next.refresh_id ?? 0);
			const signalAfter = await callTool("get_topic_signal", { topic_id: "llm-citations" });
			expect(signalAfter.structuredContent.computed.refresh_id).toBe(next.refresh_id);
			expect(signalAfter.structuredContent.gates.applied_insights.count).toBe(2);
			expect(await stampedIds()).not.toContain(interloper);
			const log = await db
				.prepare(
					"SELECT refresh_id, outcome, started_at, work_started_at, finished_at FROM projection_refreshes WHERE refresh_id >= ?1 ORDER BY 1",
				)
				.bind(record?.refresh_id)
				.all<{
					refresh_id: number;
					outcome: string;
					started_at: string;
					work_started_at: string | null;
					finished_at: string | null;
				}>();
			expect(log.results.map((r) => [r.refresh_id, r.outcome, r.finished_at === null])).toEqual([
				[record?.refresh_id, "running", true],
				[next.refresh_id, "succeeded", false],
				[interloper, "running", true],
			]);
			// Its transaction's own start is recorded too, after the record's and before its end.
			const done = log.results[1];
			expect(done?.work_started_at).not.toBeNull();
			expect((done?.started_at ?? "") <= (done?.work_started_at ?? "")).toBe(true);
			expect((done?.work_started_at ?? "") <= (done?.finished_at ?? "")).toBe(true);
		} finally {
			await db
				.prepare("UPDATE evidence_cards SET review_state = 'applied' WHERE card_id = ?1")
				.bind("card_fixllm1a")
				.run();
			expect((await refreshProjections(db, "full")).outcome).toBe("succeeded");
		}
		await expectProjectionEqualsLive();
	});

	it("still works for a Worker from before the claim (serving while a deploy migrates): newest row, as it was", async () => {
		// That Worker's batch: its own 'running' row inserted inside the transaction, no claim.
		await db.batch([
			db.prepare(
				"INSERT INTO projection_refreshes (mode, started_at, outcome) VALUES ('full', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'running')",
			),
			...REFRESH_STATEMENTS.full.map((sql) => db.prepare(sql)),
		]);
		const record = await lastRefresh();
		expect(record).toMatchObject({ mode: "full", outcome: "succeeded" });
		expect(record?.rows_written).toBeGreaterThan(0);
		expect(await stampedIds()).toEqual([record?.refresh_id]);
		await expectProjectionEqualsLive();
	});

	it("marks a refresh whose transaction fails as failed, with the error, on the record it started", async () => {
		const statements = [...REFRESH_STATEMENTS.incremental, "SELECT no_such_column FROM projection_work"];
		const outcome = await refreshProjections(db, "incremental", statements);
		expect(outcome.outcome).toBe("failed");
		const record = await lastRefresh();
		expect(record?.refresh_id).toBe(outcome.refresh_id);
		expect(record).toMatchObject({ mode: "incremental", outcome: "failed" });
		expect(record?.error).toMatch(/no_such_column/);
		expect(await stampedIds()).not.toContain(outcome.refresh_id);
	});
});

describe("incremental refresh", () => {
	it("recomputes only the creators and topics touched since the previous refresh", async () => {
		await refreshProjections(db, "full");
		const untouched = await db
			.prepare("SELECT refresh_id FROM topic_projection WHERE topic_id = 'voice-search'")
			.first<{ refresh_id: number }>();
		await db
			.prepare("UPDATE evidence_cards SET review_state = 'draft' WHERE card_id = ?1")
			.bind("card_fixschema1a")
			.run();

		const outcome = await refreshProjections(db, "incremental");
		expect(outcome.outcome).toBe("succeeded");
		expect(outcome.creators_recomputed).toBe(0);
		expect(outcome.topics_recomputed).toBe(1);
		const touched = await projectedSignal("schema-markup");
		expect(touched?.counts.applied_insights).toBe(1);
		expect(touched?.stamp.refresh_id).toBe(outcome.refresh_id);
		const other = await db
			.prepare("SELECT refresh_id FROM topic_projection WHERE topic_id = 'voice-search'")
			.first<{ refresh_id: number }>();
		expect(other?.refresh_id).toBe(untouched?.refresh_id);
		await expectProjectionEqualsLive();

		// Nothing changed since: an incremental refresh recomputes nothing.
		const idle = await refreshProjections(db, "incremental");
		expect(idle.creators_recomputed + idle.topics_recomputed).toBe(0);

		await db
			.prepare("UPDATE evidence_cards SET review_state = 'applied' WHERE card_id = ?1")
			.bind("card_fixschema1a")
			.run();
		await refreshProjections(db, "incremental");
	});

	it("picks up a corrected platform and a renamed topic at the next refresh", async () => {
		await refreshProjections(db, "full");
		const sourceId = FIXTURES.topics.llmCitations.publicSourceIds[0];
		const before = await db
			.prepare("SELECT platform, creator_id FROM sources WHERE source_id = ?1")
			.bind(sourceId)
			.first<{ platform: string; creator_id: string }>();
		const platform = before?.platform === "tiktok" ? "youtube_shorts" : "tiktok";
		const label = await db
			.prepare("SELECT label FROM topics WHERE topic_id = 'llm-citations'")
			.first<{ label: string }>();
		await db.batch([
			db.prepare("UPDATE sources SET platform = ?2 WHERE source_id = ?1").bind(sourceId, platform),
			db.prepare("UPDATE topics SET label = 'LLM citations (renamed)' WHERE topic_id = 'llm-citations'"),
		]);

		const outcome = await refreshProjections(db, "incremental");
		expect(outcome.outcome).toBe("succeeded");
		await expectProjectionEqualsLive();
		const creator = await projectedCreatorCounts(db, before?.creator_id ?? "");
		expect(creator?.topics.find((t) => t.topic_id === "llm-citations")?.label).toBe(
			"LLM citations (renamed)",
		);

		await db.batch([
			db.prepare("UPDATE sources SET platform = ?2 WHERE source_id = ?1").bind(sourceId, before?.platform),
			db.prepare("UPDATE topics SET label = ?1 WHERE topic_id = 'llm-citations'").bind(label?.label),
		]);
		await refreshProjections(db, "incremental");
		await expectProjectionEqualsLive();
	});

	it("removes an unpublished source from every count at the next refresh", async () => {
		// src_fixllm3 carries no applied card, so only the sources gate moves.
		const sourceId = FIXTURES.topics.llmCitations.publicSourceIds[2];
		const source = await db
			.prepare("SELECT creator_id, original_url FROM sources WHERE source_id = ?1")
			.bind(sourceId)
			.first<{ creator_id: string; original_url: string }>();
		const creatorBefore = await projectedCreatorCounts(db, source?.creator_id ?? "");
		const manifestBefore = await projectedManifest(db);

		await db
			.prepare(
				"UPDATE sources SET publication_state = 'unpublished', state_reason = 'test takedown' WHERE source_id = ?1",
			)
			.bind(sourceId)
			.run();
		// Gone from the tools at once (they read the public tables) ...
		expect((await callTool("get_source", { source_id: sourceId })).isError).toBe(true);
		// ... and from every count after the next refresh.
		const outcome = await refreshProjections(db, "incremental");
		expect(outcome.outcome).toBe("succeeded");
		const signal = await projectedSignal("llm-citations");
		expect(signal?.counts.sources).toBe(4);
		expect(signal?.signal).toBe("not_strong");
		expect(signal?.failed).toEqual(["sources"]);
		const creatorAfter = await projectedCreatorCounts(db, source?.creator_id ?? "");
		expect(creatorAfter?.public_sources).toBe((creatorBefore?.public_sources ?? 0) - 1);
		expect((await projectedManifest(db)).counts?.public_sources).toBe(
			(manifestBefore.counts?.public_sources ?? 0) - 1,
		);
		const topic = await projectedTopic(db, "llm-citations");
		expect(topic?.sampleIds.sourceIds).not.toContain(sourceId);
		await expectProjectionEqualsLive();

		await db
			.prepare("UPDATE sources SET publication_state = 'published', state_reason = NULL WHERE source_id = ?1")
			.bind(sourceId)
			.run();
		await refreshProjections(db, "incremental");
		expect((await projectedSignal("llm-citations"))?.signal).toBe("strong");
	});
});
