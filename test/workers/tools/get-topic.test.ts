/**
 * get_topic and get_topic_signal against the seeded corpus: the planted topics at and around every
 * signal gate, counts equal to direct counts over public rows for every topic, bounded samples that
 * never include hidden sources or cards, not-found suggestions, and a topic added after the last
 * projection refresh (this file's last describe block writes to D1; storage is per test file).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { FIXTURES, type TopicFixture } from "../../../scripts/corpus/generate";
import { GATE_NAMES, SIGNAL_THRESHOLDS } from "../../../src/data/signal-gates";
import { TOPIC_SAMPLE_CREATORS, TOPIC_SAMPLE_INSIGHTS, TOPIC_SAMPLE_SOURCES } from "../../../src/data/topics";
import { refreshProjections } from "../../../src/projections/refresh";
import { fails, lastRefreshId, ok, one, rows, sourcePage } from "../../support/workers/tool-helpers";

const getTopic = (topic_id: unknown) => ok("get_topic", { topic_id });
const getSignal = (topic_id: unknown) => ok("get_topic_signal", { topic_id });

interface LiveCounts {
	sources: number;
	creators: number;
	applied_insights: number;
}

/** The public counts of a topic, straight from the public tables. */
async function liveCounts(topicId: string): Promise<LiveCounts> {
	return one<LiveCounts>(
		`SELECT
		  (SELECT COUNT(*) FROM source_topics st JOIN sources s ON s.source_id = st.source_id
		    WHERE st.topic_id = ?1 AND s.publication_state = 'published') AS sources,
		  (SELECT COUNT(DISTINCT s.creator_id) FROM source_topics st JOIN sources s ON s.source_id = st.source_id
		    WHERE st.topic_id = ?1 AND s.publication_state = 'published') AS creators,
		  (SELECT COUNT(*) FROM evidence_cards e JOIN sources s ON s.source_id = e.source_id
		    WHERE e.topic_id = ?1 AND e.review_state = 'applied' AND s.publication_state = 'published') AS applied_insights`,
		topicId,
	);
}

/** Samples must be public, on the topic, bounded and the latest / most covered. */
async function expectSamplesArePublic(topicId: string, sc: any): Promise<void> {
	expect(sc.sample_sources.length).toBeLessThanOrEqual(TOPIC_SAMPLE_SOURCES);
	expect(sc.sample_creators.length).toBeLessThanOrEqual(TOPIC_SAMPLE_CREATORS);
	expect(sc.sample_insights.length).toBeLessThanOrEqual(TOPIC_SAMPLE_INSIGHTS);

	const onTopic = await rows<{ source_id: string; published_at: string }>(
		`SELECT s.source_id, s.published_at FROM source_topics st JOIN sources s ON s.source_id = st.source_id
		 WHERE st.topic_id = ?1 AND s.publication_state = 'published'`,
		topicId,
	);
	const publicIds = new Set(onTopic.map((s) => s.source_id));
	expect(sc.sample_sources.length).toBe(Math.min(TOPIC_SAMPLE_SOURCES, onTopic.length));
	for (const s of sc.sample_sources) {
		expect(publicIds.has(s.source_id), s.source_id).toBe(true);
		expect(s.source_page_url).toBe(sourcePage(s.source_id));
		expect(s.creator_handle.startsWith("@")).toBe(true);
	}
	for (let i = 1; i < sc.sample_sources.length; i++)
		expect(sc.sample_sources[i].published_at <= sc.sample_sources[i - 1].published_at).toBe(true);

	const creatorCounts = await rows<{ handle: string; n: number }>(
		`SELECT c.handle, COUNT(*) AS n FROM source_topics st JOIN sources s ON s.source_id = st.source_id
		 JOIN creators c ON c.creator_id = s.creator_id
		 WHERE st.topic_id = ?1 AND s.publication_state = 'published' GROUP BY c.creator_id`,
		topicId,
	);
	const byHandle = new Map(creatorCounts.map((c) => [`@${c.handle}`, c.n]));
	expect(sc.sample_creators.length).toBe(Math.min(TOPIC_SAMPLE_CREATORS, creatorCounts.length));
	for (const c of sc.sample_creators) expect(byHandle.get(c.handle), c.handle).toBe(c.source_count);
	for (let i = 1; i < sc.sample_creators.length; i++)
		expect(sc.sample_creators[i].source_count).toBeLessThanOrEqual(sc.sample_creators[i - 1].source_count);

	const applied = await rows<{
		card_id: string;
		source_id: string;
		claim: string;
		reviewed_at: string | null;
	}>(
		`SELECT e.card_id, e.source_id, e.claim, e.reviewed_at FROM evidence_cards e JOIN sources s ON s.source_id = e.source_id
		 WHERE e.topic_id = ?1 AND e.review_state = 'applied' AND s.publication_state = 'published'`,
		topicId,
	);
	const appliedById = new Map(applied.map((c) => [c.card_id, c]));
	expect(sc.sample_insights.length).toBe(Math.min(TOPIC_SAMPLE_INSIGHTS, applied.length));
	for (const card of sc.sample_insights) expect(appliedById.get(card.card_id), card.card_id).toEqual(card);
}

const fixtureTopics = Object.values(FIXTURES.topics) as TopicFixture[];

describe("get_topic counts for the planted topics", () => {
	for (const topic of fixtureTopics) {
		it(`${topic.topic_id}: ${topic.expected.sources} public sources, ${topic.expected.creators} creators, ${topic.expected.applied_insights} applied insights`, async () => {
			const { sc, text } = await getTopic(topic.topic_id);
			const stored = await one<{ label: string; description: string }>(
				"SELECT label, description FROM topics WHERE topic_id = ?1",
				topic.topic_id,
			);
			expect(sc.topic).toEqual({ topic_id: topic.topic_id, ...stored });
			expect(sc.counts).toMatchObject({
				public_sources: topic.expected.sources,
				creators: topic.expected.creators,
				applied_insights: topic.expected.applied_insights,
			});
			expect(sc.counts.computed.basis).toBe("projection");
			expect(sc.counts.computed.refresh_id).toBe(await lastRefreshId());
			expect(text).toContain(`${topic.expected.sources} public sources`);
			await expectSamplesArePublic(topic.topic_id, sc);
			// Its public sources are the samples (each planted topic has at most 5).
			expect(sc.sample_sources.map((s: any) => s.source_id).sort()).toEqual(
				[...topic.publicSourceIds].sort(),
			);
			expect(sc.sample_insights.map((c: any) => c.card_id).sort()).toEqual([...topic.appliedCardIds].sort());
			const answer = JSON.stringify(sc);
			for (const id of [...topic.hiddenSourceIds, ...topic.hiddenCardIds]) expect(answer).not.toContain(id);
		});
	}

	it("ai-overviews holds at least its planted minimums", async () => {
		const { sc } = await getTopic(FIXTURES.aiOverviews.topic_id);
		const { atLeast } = FIXTURES.aiOverviews;
		expect(sc.counts.public_sources).toBeGreaterThanOrEqual(atLeast.sources);
		expect(sc.counts.creators).toBeGreaterThanOrEqual(atLeast.creators);
		expect(sc.counts.applied_insights).toBeGreaterThanOrEqual(atLeast.applied_insights);
		expect(sc.sample_sources).toHaveLength(TOPIC_SAMPLE_SOURCES);
		expect(sc.sample_creators).toHaveLength(TOPIC_SAMPLE_CREATORS);
		expect(sc.sample_insights).toHaveLength(TOPIC_SAMPLE_INSIGHTS);
	});

	it("zero-click has nothing public: zero counts and empty samples, though hidden rows exist", async () => {
		const { sc } = await getTopic("zero-click");
		expect(sc.counts).toMatchObject({ public_sources: 0, creators: 0, applied_insights: 0 });
		expect(sc.sample_sources).toEqual([]);
		expect(sc.sample_creators).toEqual([]);
		expect(sc.sample_insights).toEqual([]);
		const hidden = await one<{ n: number }>(
			"SELECT COUNT(*) AS n FROM source_topics WHERE topic_id = 'zero-click'",
		);
		expect(hidden.n).toBe(FIXTURES.topics.zeroClick.hiddenSourceIds.length);
	});
});

describe("get_topic_signal gates for the planted topics", () => {
	for (const topic of fixtureTopics) {
		const verdict = topic.strong ? "strong" : `not_strong, failing ${topic.failedGates.join(", ")}`;
		it(`${topic.topic_id} is ${verdict}`, async () => {
			const { sc, text } = await getSignal(topic.topic_id);
			expect(sc.topic_id).toBe(topic.topic_id);
			expect(sc.signal).toBe(topic.strong ? "strong" : "not_strong");
			expect(sc.failed_gates).toEqual([...topic.failedGates]);
			for (const gate of GATE_NAMES) {
				expect(sc.gates[gate]).toEqual({
					count: topic.expected[gate],
					threshold: SIGNAL_THRESHOLDS[gate],
					passed: !topic.failedGates.includes(gate),
				});
			}
			expect(sc.computed.basis).toBe("projection");
			expect(sc.computed.refresh_id).toBe(await lastRefreshId());
			expect(sc.note).toMatch(/not a trend ranking/);
			if (topic.strong) expect(text).toMatch(/strong/);
			else for (const gate of topic.failedGates) expect(text).toContain(gate);
		});
	}

	it("ai-overviews is strong", async () => {
		const { sc } = await getSignal("ai-overviews");
		expect(sc.signal).toBe("strong");
		expect(sc.failed_gates).toEqual([]);
	});
});

describe("every topic: counts and gates equal direct counts over public rows", () => {
	it("get_topic and get_topic_signal agree with the public tables for all topics", async () => {
		const topics = await rows<{ topic_id: string }>("SELECT topic_id FROM topics ORDER BY topic_id");
		expect(topics.length).toBeGreaterThan(30);
		let strong = 0;
		for (const { topic_id } of topics) {
			const live = await liveCounts(topic_id);
			const topic = (await getTopic(topic_id)).sc;
			expect(topic.counts, topic_id).toMatchObject({
				public_sources: live.sources,
				creators: live.creators,
				applied_insights: live.applied_insights,
			});
			await expectSamplesArePublic(topic_id, topic);
			const signal = (await getSignal(topic_id)).sc;
			const failed = GATE_NAMES.filter((g) => live[g] < SIGNAL_THRESHOLDS[g]);
			expect(signal.failed_gates, topic_id).toEqual(failed);
			expect(signal.signal, topic_id).toBe(failed.length === 0 ? "strong" : "not_strong");
			for (const gate of GATE_NAMES) expect(signal.gates[gate].count).toBe(live[gate]);
			if (signal.signal === "strong") strong++;
		}
		expect(strong).toBeGreaterThan(1);
		expect(strong).toBeLessThan(topics.length);
	}, 60_000);
});

describe("get_topic / get_topic_signal not found", () => {
	const cases: [string, string][] = [
		["llm-citation", "llm-citations"],
		["LLM-Citations", "llm-citations"],
		["voice_search", "voice-search"],
		["ai-overview", "ai-overviews"],
		["schema", "schema-markup"],
	];
	for (const tool of ["get_topic", "get_topic_signal"]) {
		for (const [asked, suggested] of cases) {
			it(`${tool} ${JSON.stringify(asked)} is an isError result suggesting ${suggested}`, async () => {
				const message = await fails(tool, { topic_id: asked });
				expect(message).toContain(`No topic has the id "${asked}"`);
				expect(message).toMatch(/Closest topic ids:/);
				expect(message).toContain(suggested);
			});
		}

		it(`${tool} of a topic far from every id names none, and says how to find ids`, async () => {
			const message = await fails(tool, { topic_id: "underwater-basket-weaving" });
			expect(message).not.toMatch(/Closest topic ids/);
			expect(message).toMatch(/get_public_manifest|get_source|search/);
		});

		it(`${tool} rejects an empty, over-long or non-string topic_id naming topic_id`, async () => {
			expect(await fails(tool, { topic_id: "" })).toMatch(/topic_id/);
			expect(await fails(tool, { topic_id: "x".repeat(101) })).toMatch(/topic_id/);
		});

		it(`${tool} rejects a topic_id that is not a string, naming topic_id`, async () => {
			for (const topic_id of [7, null, ["llm-citations"]])
				expect(await fails(tool, { topic_id })).toMatch(/topic_id/);
		});

		it(`${tool} without topic_id is an isError result saying "topic_id is required"`, async () => {
			expect(await fails(tool, {})).toMatch(/topic_id is required/);
		});

		it(`${tool} with an unknown extra argument is an isError result naming it`, async () => {
			const message = await fails(tool, { topic_id: "llm-citations", since: "2026-01-01" });
			expect(message).toContain('"since"');
		});
	}
});

describe("get_topic / get_topic_signal in the legacy era", () => {
	it("answer the same results with the same checks", async () => {
		for (const tool of ["get_topic", "get_topic_signal"]) {
			const modernAnswer = await ok(tool, { topic_id: "schema-markup" });
			const legacyAnswer = await ok(tool, { topic_id: "schema-markup" }, "legacy");
			expect(legacyAnswer.sc, tool).toEqual(modernAnswer.sc);
			expect(await fails(tool, { topic_id: "llm-citation" }, "legacy")).toContain("llm-citations");
		}
	});
});

// Decided (docs/contract.md, "Public boundary and privacy"): a topic is public taxonomy.
describe("a topic is public taxonomy", () => {
	it("a topic whose only sources are hidden still shows its id and label, with zero counts and no samples", async () => {
		const { sc } = await ok("get_topic", { topic_id: "zero-click" });
		expect(sc.topic.topic_id).toBe("zero-click");
		expect(sc.topic.label.length).toBeGreaterThan(0);
		expect(sc.counts).toMatchObject({ public_sources: 0 });
		expect(sc.sample_sources).toEqual([]);
	});
});

// Writes to D1: keep last in this file.
describe("a topic added after the last projection refresh", () => {
	const FRESH = "fresh-topic-after-refresh";

	it("get_topic answers counts null (not zeros), live public samples, and says it is not yet projected", async () => {
		await env.DB.prepare(
			"INSERT INTO topics (topic_id, label, description, created_at) VALUES (?1, 'Fresh topic', 'Added after the refresh.', '2026-11-30T00:00:00Z')",
		)
			.bind(FRESH)
			.run();
		await env.DB.batch([
			env.DB.prepare("INSERT INTO source_topics (source_id, topic_id) VALUES ('src_fixmany', ?1)").bind(
				FRESH,
			),
			env.DB.prepare("INSERT INTO source_topics (source_id, topic_id) VALUES ('src_fixzero1', ?1)").bind(
				FRESH,
			),
		]);
		const { sc, text } = await getTopic(FRESH);
		expect(sc.topic.topic_id).toBe(FRESH);
		expect(sc.counts).toBeNull();
		expect(text).toMatch(/not yet projected/);
		expect(sc.sample_sources.map((s: any) => s.source_id)).toEqual(["src_fixmany"]);
		expect(JSON.stringify(sc)).not.toContain("src_fixzero1");
	});

	it('get_topic_signal answers signal "not_yet_projected" with no gates, rather than failing gates at zero', async () => {
		const { sc, text } = await getSignal(FRESH);
		expect(sc.signal).toBe("not_yet_projected");
		expect(sc.gates).toBeNull();
		expect(sc.failed_gates).toEqual([]);
		expect(sc.computed).toBeNull();
		expect(text).toMatch(/not yet projected/);
	});

	it("the next refresh projects it: counts and a gate appear, stamped with the new refresh", async () => {
		const before = await lastRefreshId();
		const outcome = await refreshProjections(env.DB, "incremental");
		expect(outcome.outcome).toBe("succeeded");
		const topic = (await getTopic(FRESH)).sc;
		expect(topic.counts).toMatchObject({ public_sources: 1, creators: 1, applied_insights: 0 });
		expect(topic.counts.computed.refresh_id).toBeGreaterThan(before);
		const signal = (await getSignal(FRESH)).sc;
		expect(signal.signal).toBe("not_strong");
		expect(signal.failed_gates).toEqual(["sources", "creators", "applied_insights"]);
	});
});
