/**
 * get_public_manifest against the seeded corpus: no arguments, dimensions equal to direct counts over
 * public rows, every topic id, endpoint links on PUBLIC_BASE_URL, policy equal to the constants the
 * code enforces, and the projection's freshness.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SIGNAL_THRESHOLDS } from "../../../src/data/signal-gates";
import { MAX_CARDS, MAX_PASSAGES } from "../../../src/data/sources";
import {
	DATABASE_GATE,
	MAX_BATCH_MESSAGES,
	MAX_BODY_BYTES,
	PAGE_RATE_LIMIT,
	RATE_LIMIT,
} from "../../../src/limits";
import { SERVER_INFO } from "../../../src/mcp/server-info";
import { MODERN_VERSION, SUPPORTED_VERSIONS } from "../../../src/mcp/versions";
import { SHARED_EGRESS } from "../../../src/ratelimit/shared-egress";
import { SEARCH_LIMIT_MAX, SEARCH_OFFSET_MAX } from "../../../src/tools/search-sources";
import { PLATFORMS } from "../../../src/tools/shapes";
import { liveManifestCounts } from "../../support/live-counts";
import { legacy, modern } from "../../support/workers/mcp";
import {
	BASE,
	expectSuccess,
	expectToolError,
	fails,
	lastRefreshId,
	ok,
	one,
	rows,
} from "../../support/workers/tool-helpers";

const manifest = () => ok("get_public_manifest", {});

describe("get_public_manifest arguments", () => {
	it("answers {} and a call without arguments alike", async () => {
		const withEmpty = await manifest();
		const answer = await modern("tools/call", { name: "get_public_manifest" });
		expect(answer.status).toBe(200);
		const withoutArguments = expectSuccess("get_public_manifest", answer.json.result);
		expect(withoutArguments).toEqual(withEmpty.sc);
	});

	it("any argument is an isError result that names it and says the tool takes none", async () => {
		for (const args of [{ x: 1 }, { topic_id: "llm-citations" }, { limit: 5 }]) {
			const message = await fails("get_public_manifest", args);
			expect(message).toContain(`"${Object.keys(args)[0]}"`);
			expect(message).toMatch(/takes none|send \{\}/);
		}
	});

	it("arguments that are not an object are an isError result", async () => {
		for (const args of [[], "all", 42, true]) {
			const answer = await modern("tools/call", { name: "get_public_manifest", arguments: args });
			expect(answer.status).toBe(200);
			expect(expectToolError(answer.json.result)).toMatch(/arguments/);
		}
	});
});

describe("get_public_manifest contents", () => {
	it("dimensions equal direct counts over public rows", async () => {
		const { sc, text } = await manifest();
		// The oracle: the counts computed from the public tables (test/support/live-counts.ts).
		const direct = await liveManifestCounts(env.DB);
		const all = await one<any>(
			"SELECT (SELECT COUNT(*) FROM sources) AS sources, (SELECT COUNT(*) FROM creators) AS creators, (SELECT COUNT(*) FROM evidence_cards WHERE review_state = 'applied') AS applied",
		);
		// The corpus has hidden rows, so the public counts are strictly smaller than the raw ones.
		expect(direct.public_sources).toBeLessThan(all.sources);
		expect(direct.creators).toBeLessThan(all.creators);
		expect(direct.applied_insights).toBeLessThan(all.applied);
		const d = sc.dimensions;
		expect(d).not.toBeNull();
		expect(d.public_sources).toBe(direct.public_sources);
		expect(d.creators).toBe(direct.creators);
		expect(d.topics).toBe(direct.topics);
		expect(d.public_passages).toBe(direct.public_passages);
		expect(d.applied_insights).toBe(direct.applied_insights);
		expect(d.sources_by_platform).toEqual(
			Object.fromEntries(PLATFORMS.map((p) => [p, direct.by_platform[p] ?? 0])),
		);
		expect(PLATFORMS.reduce((sum, p) => sum + d.sources_by_platform[p], 0)).toBe(d.public_sources);
		expect(text).toContain(`${d.public_sources} public sources`);
	});

	it("lists every topic id with its label, in id order", async () => {
		const { sc } = await manifest();
		const topics = await rows<{ topic_id: string; label: string }>(
			"SELECT topic_id, label FROM topics ORDER BY topic_id",
		);
		expect(sc.topics).toEqual(topics);
		expect(sc.topics.length).toBe(sc.dimensions.topics);
	});

	it("links the endpoints on PUBLIC_BASE_URL", async () => {
		const { sc, text } = await manifest();
		expect(sc.endpoints).toEqual({
			mcp: `${BASE}/api/mcp`,
			guide: `${BASE}/mcp`,
			source_page_template: `${BASE}/sources/{source_id}`,
		});
		expect(text).toContain(`${BASE}/api/mcp`);
	});

	it("states the policy the code enforces", async () => {
		const { sc } = await manifest();
		expect(sc.policy).toEqual({
			read_only: true,
			keyless: true,
			public_only: true,
			rate_limit_per_minute: RATE_LIMIT.requests,
			shared_egress: SHARED_EGRESS.map((platform) => ({
				publisher: platform.publisher,
				ranges: [...platform.ranges],
				rate_limit_per_minute: platform.requests,
			})),
			database_share: {
				light_search_ms: DATABASE_GATE.lightMs,
				light_searches: DATABASE_GATE.light.share,
				heavy_searches: DATABASE_GATE.heavy.share,
			},
			max_batch_messages: MAX_BATCH_MESSAGES,
			page_rate_limit_per_minute: PAGE_RATE_LIMIT.requests,
			max_request_bytes: MAX_BODY_BYTES,
			search_limit_max: SEARCH_LIMIT_MAX,
			search_offset_max: SEARCH_OFFSET_MAX,
			source_max_passages: MAX_PASSAGES,
			source_max_cards: MAX_CARDS,
			signal_thresholds: { ...SIGNAL_THRESHOLDS },
		});
		expect(sc.protocol.current).toBe(MODERN_VERSION);
		expect(sc.protocol.supported).toEqual([...SUPPORTED_VERSIONS]);
		expect(sc.server).toEqual({ name: SERVER_INFO.name, version: SERVER_INFO.version });
	});

	it("says when its counts were computed: the last successful refresh, no pending changes", async () => {
		const { sc } = await manifest();
		const refreshId = await lastRefreshId();
		const last = sc.projection.last_refresh;
		expect(last).not.toBeNull();
		expect(last.refresh_id).toBe(refreshId);
		expect(last.outcome).toBe("succeeded");
		expect(last.mode).toBe("full");
		expect(last.finished_at).not.toBeNull();
		expect(Date.parse(last.finished_at)).toBeGreaterThanOrEqual(Date.parse(last.started_at));
		expect(last.rows_written).toBeGreaterThan(0);
		expect(sc.projection.last_attempt).toEqual(last);
		expect(sc.projection.pending_changes).toBe(0);
		expect(sc.dimensions.computed).toEqual({
			computed_at: last.started_at,
			basis: "projection",
			refresh_id: refreshId,
		});
	});
});

describe("get_public_manifest in the legacy era", () => {
	it("answers the same result with the same checks", async () => {
		const modernAnswer = await manifest();
		const legacyAnswer = await ok("get_public_manifest", {}, "legacy");
		expect(legacyAnswer.sc).toEqual(modernAnswer.sc);
		for (const version of ["2025-06-18", "2025-03-26"]) {
			const older = await legacy("tools/call", { name: "get_public_manifest", arguments: {} }, version);
			expect(older.status).toBe(200);
			expect(expectSuccess("get_public_manifest", older.json.result)).toEqual(modernAnswer.sc);
		}
		expect(await fails("get_public_manifest", { x: 1 }, "legacy")).toContain('"x"');
	});
});
