/**
 * get_creator against the seeded corpus: every handle form (with or without "@", any case, unicode,
 * NFD), counts equal to direct counts over published sources, bounded samples, the projection stamp,
 * and not-found answers that suggest close public handles and never reveal the hidden creator.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { FIXTURES } from "../../../scripts/corpus/generate";
import { CREATOR_TOPICS_LIMIT } from "../../../src/data/counts";
import { CREATOR_SAMPLE_SOURCES, readPublicCreator } from "../../../src/data/creators";
import { PROJECTION_COPY_MAX_AGE_MS } from "../../../src/data/projection-copy";
import { MAX_ECHO_CHARS } from "../../../src/limits";
import { handleKey } from "../../../src/text/handle-key";
import { echoed } from "../../../src/text/one-line";
import { CostRecorder } from "../../support/d1-cost";
import { type Json, modern, modernHeaders } from "../../support/workers/mcp";
import { fails, lastRefreshId, ok, one, rows, sourcePage } from "../../support/workers/tool-helpers";

const getCreator = (handle: unknown) => ok("get_creator", { handle });

interface CreatorRow {
	creator_id: string;
	handle: string;
	handle_key: string;
	display_name: string;
	platform: string;
	profile_url: string;
	bio: string;
}

async function publicCreators(): Promise<CreatorRow[]> {
	return rows<CreatorRow>(
		`SELECT c.* FROM creators c
		 WHERE EXISTS (SELECT 1 FROM sources s WHERE s.creator_id = c.creator_id AND s.publication_state = 'published')
		 ORDER BY c.handle_key`,
	);
}

/** Checks a get_creator answer against direct queries over the public tables. */
async function expectCreatorMatchesD1(sc: any, creator: CreatorRow): Promise<void> {
	expect(sc.creator).toEqual({
		handle: `@${creator.handle}`,
		display_name: creator.display_name,
		platform: creator.platform,
		profile_url: creator.profile_url,
		bio: creator.bio,
	});
	const published = await rows<{ source_id: string; published_at: string }>(
		"SELECT source_id, published_at FROM sources WHERE creator_id = ?1 AND publication_state = 'published'",
		creator.creator_id,
	);
	expect(sc.counts).not.toBeNull();
	expect(sc.counts.public_sources).toBe(published.length);

	const topicCounts = await rows<{ topic_id: string; label: string; n: number }>(
		`SELECT t.topic_id, t.label, COUNT(*) AS n
		 FROM sources s JOIN source_topics st ON st.source_id = s.source_id JOIN topics t ON t.topic_id = st.topic_id
		 WHERE s.creator_id = ?1 AND s.publication_state = 'published' GROUP BY t.topic_id`,
		creator.creator_id,
	);
	expect(sc.counts.topic_count).toBe(topicCounts.length);
	const topics = sc.counts.topics as { topic_id: string; label: string; source_count: number }[];
	expect(topics.length).toBe(Math.min(CREATOR_TOPICS_LIMIT, topicCounts.length));
	const byId = new Map(topicCounts.map((t) => [t.topic_id, t]));
	for (const t of topics) {
		expect(byId.get(t.topic_id)?.n, t.topic_id).toBe(t.source_count);
		expect(byId.get(t.topic_id)?.label).toBe(t.label);
	}
	topics.slice(1).forEach((t, i) => {
		expect(t.source_count).toBeLessThanOrEqual(topics[i]?.source_count ?? 0);
	});
	// The topics left out are covered no more than the least covered one shown.
	const shown = new Set(topics.map((t) => t.topic_id));
	const floor = Math.min(...topics.map((t) => t.source_count));
	for (const t of topicCounts) if (!shown.has(t.topic_id)) expect(t.n).toBeLessThanOrEqual(floor);

	const samples = sc.sample_sources as any[];
	expect(samples.length).toBe(Math.min(CREATOR_SAMPLE_SOURCES, published.length));
	const publishedIds = new Set(published.map((p) => p.source_id));
	for (const s of samples) {
		expect(publishedIds.has(s.source_id)).toBe(true);
		expect(s.creator_handle).toBe(`@${creator.handle}`);
		expect(s.source_page_url).toBe(sourcePage(s.source_id));
	}
	for (let i = 1; i < samples.length; i++)
		expect(samples[i].published_at <= samples[i - 1].published_at).toBe(true);
	// The latest ones: nothing left out is newer than the oldest sample.
	const sampled = new Set(samples.map((s) => s.source_id));
	const oldest = samples.at(-1)?.published_at ?? "";
	for (const p of published) if (!sampled.has(p.source_id)) expect(p.published_at <= oldest).toBe(true);
}

describe("get_creator handle forms", () => {
	it("accepts the handle with or without @, in any case, with surrounding spaces", async () => {
		const base = (await getCreator("seo.with.sam")).sc;
		expect(base.creator.handle).toBe("@seo.with.sam");
		for (const handle of ["@seo.with.sam", "SEO.WITH.SAM", "@Seo.With.Sam", "  @seo.with.sam  "]) {
			expect((await getCreator(handle)).sc, handle).toEqual(base);
		}
	});

	it(`finds the mixed-case handle ${FIXTURES.mixedCaseHandle.handle} by its lower-case key and keeps its own spelling`, async () => {
		const { handle, key } = FIXTURES.mixedCaseHandle;
		for (const asked of [key, `@${key}`, handle.toUpperCase(), `@${handle}`]) {
			const { sc } = await getCreator(asked);
			expect(sc.creator.handle).toBe(`@${handle}`);
		}
	});

	for (const handle of FIXTURES.unicodeHandles) {
		it(`finds the unicode handle ${handle} as written, with @, upper-cased and decomposed (NFD)`, async () => {
			const creator = await one<CreatorRow>(
				"SELECT * FROM creators WHERE handle_key = ?1",
				handleKey(handle),
			);
			const forms = [
				handle,
				`@${handle}`,
				handle.toUpperCase(),
				handle.normalize("NFD"),
				`@${handle.toLowerCase()}`,
			];
			for (const asked of forms) {
				const { sc } = await getCreator(asked);
				expect(sc.creator.handle, asked).toBe(`@${handle}`);
				await expectCreatorMatchesD1(sc, creator);
			}
		});
	}
});

describe("get_creator counts and samples", () => {
	it("every public creator's counts equal direct counts over published sources, with bounded latest samples", async () => {
		const creators = await publicCreators();
		expect(creators.length).toBeGreaterThan(20);
		const refreshId = await lastRefreshId();
		for (const creator of creators) {
			const { sc, text } = await getCreator(creator.handle);
			await expectCreatorMatchesD1(sc, creator);
			expect(sc.counts.computed.basis).toBe("projection");
			expect(sc.counts.computed.refresh_id).toBe(refreshId);
			expect(Number.isNaN(Date.parse(sc.counts.computed.computed_at))).toBe(false);
			expect(text).toContain(`@${creator.handle}`);
			expect(text).toContain(String(sc.counts.public_sources));
		}
	}, 30_000);

	it("counts leave out a creator's unpublished and removed sources", async () => {
		// rankmath_raj has unpublished and removed sources next to published ones.
		const creator = await one<CreatorRow & { all_sources: number }>(
			`SELECT c.*, (SELECT COUNT(*) FROM sources s WHERE s.creator_id = c.creator_id) AS all_sources
			 FROM creators c WHERE c.handle_key = 'rankmath_raj'`,
		);
		const { sc } = await getCreator("rankmath_raj");
		expect(sc.counts.public_sources).toBeLessThan(creator.all_sources);
		await expectCreatorMatchesD1(sc, creator);
		const hidden = await rows<{ source_id: string }>(
			"SELECT source_id FROM sources WHERE creator_id = ?1 AND publication_state <> 'published'",
			creator.creator_id,
		);
		expect(hidden.length).toBeGreaterThan(0);
		const answer = JSON.stringify(sc);
		for (const h of hidden) expect(answer).not.toContain(h.source_id);
	});

	it(`a creator with more than ${CREATOR_TOPICS_LIMIT} topics shows only the ${CREATOR_TOPICS_LIMIT} most covered, and topic_count counts them all`, async () => {
		const busiest = await one<{ handle: string; n: number }>(
			`SELECT c.handle, COUNT(DISTINCT st.topic_id) AS n
			 FROM creators c JOIN sources s ON s.creator_id = c.creator_id JOIN source_topics st ON st.source_id = s.source_id
			 WHERE s.publication_state = 'published' GROUP BY c.creator_id ORDER BY n DESC LIMIT 1`,
		);
		expect(busiest.n).toBeGreaterThan(CREATOR_TOPICS_LIMIT);
		const { sc } = await getCreator(busiest.handle);
		expect(sc.counts.topics).toHaveLength(CREATOR_TOPICS_LIMIT);
		expect(sc.counts.topic_count).toBe(busiest.n);
	});
});

describe("get_creator not found", () => {
	const template = (message: string, handle: string) => message.replace(handle, "<H>");

	it("the hidden creator (every source unpublished or removed) is not found, exactly like an unknown handle", async () => {
		const hidden = FIXTURES.hiddenCreator;
		const stored = await one<{ n: number; published: number }>(
			`SELECT COUNT(*) AS n, SUM(s.publication_state = 'published') AS published
			 FROM sources s JOIN creators c ON c.creator_id = s.creator_id WHERE c.handle_key = ?1`,
			handleKey(hidden.handle),
		);
		expect(stored.n).toBe(hidden.sourceIds.length);
		expect(stored.published).toBe(0);
		const unknown = await fails("get_creator", { handle: "qzx.nobody.here" });
		for (const asked of [hidden.handle, `@${hidden.handle}`, hidden.handle.toUpperCase()]) {
			const message = await fails("get_creator", { handle: asked });
			expect(message).toContain(`No public creator has the handle "${asked}"`);
			expect(template(message, asked)).toBe(template(unknown, "qzx.nobody.here"));
		}
	});

	it("a near miss of the hidden creator never suggests it", async () => {
		const message = await fails("get_creator", { handle: "quiet.serp.la" });
		expect(message).not.toMatch(/quiet\.serp\.lab/i);
	});

	const nearMisses: [string, string][] = [
		["seo.with.sa", "@seo.with.sam"],
		["@seo.with.samm", "@seo.with.sam"],
		["geo.with.grac", "@GEO.with.Grace"],
		["GEO.WITH.GRAEC", "@GEO.with.Grace"],
		["maria.seo", "@maría.seo"],
		["rankmath_rja", "@rankmath_raj"],
		["ai_sok", "@ai_søk"],
		["xeo.with.sam", "@seo.with.sam"],
		["zoe.rankt", "@zoë.rankt"],
	];
	for (const [asked, suggested] of nearMisses) {
		it(`a near-miss handle ${JSON.stringify(asked)} is an isError result listing ${suggested} among the closest handles`, async () => {
			const message = await fails("get_creator", { handle: asked });
			expect(message).toContain(`No public creator has the handle "${asked}"`);
			expect(message).toMatch(/Closest handles:/);
			expect(message).toContain(suggested);
		});
	}

	it("a handle far from every public one gets no suggestions, only a hint to search", async () => {
		const message = await fails("get_creator", { handle: "qzx.nobody.here" });
		expect(message).not.toMatch(/Closest handles/);
		expect(message).toMatch(/search_sources/);
	});

	it("a not-found handle is echoed as every error echoes a caller's text: cut to MAX_ECHO_CHARS; an invisible character is refused, named", async () => {
		// 100 characters, the longest handle, 13 of its "[U+" shown as "[U+005B]U+": longer than an echo.
		const asked = `${"q".repeat(61)}${"[U+".repeat(13)}`;
		const long = await fails("get_creator", { handle: asked });
		expect(long).toContain(`"${echoed(asked)}"`);
		expect(echoed(asked)).toHaveLength(MAX_ECHO_CHARS);
		expect(echoed(asked).endsWith("…")).toBe(true);
		const hidden = await fails("get_creator", { handle: "qzx.nobody\u200b.here" });
		expect(hidden).toBe(
			"Invalid arguments for get_creator: handle contains U+200B ZERO WIDTH SPACE at character 11 (an invisible character); remove it.",
		);
	});

	it("a lone @ is not found; an empty or over-long handle is an argument error naming handle", async () => {
		expect(await fails("get_creator", { handle: "@" })).toMatch(/No public creator/);
		expect(await fails("get_creator", { handle: "" })).toMatch(/handle must not be empty/);
		expect(await fails("get_creator", { handle: "a".repeat(101) })).toMatch(/handle.*100/);
	});

	it("a handle that is not a string is an argument error naming handle", async () => {
		for (const handle of [7, null, ["seo.with.sam"]])
			expect(await fails("get_creator", { handle })).toMatch(/handle/);
	});

	it('a missing handle is an isError result saying "handle is required"', async () => {
		expect(await fails("get_creator", {})).toMatch(/handle is required/);
	});

	it("an unknown extra argument is an isError result naming it", async () => {
		const message = await fails("get_creator", { handle: "seo.with.sam", platform: "tiktok" });
		expect(message).toContain('"platform"');
		expect(message).toContain("handle");
	});
});

describe("get_creator in the legacy era", () => {
	it("answers the same result with the same checks", async () => {
		const modernAnswer = await ok("get_creator", { handle: "@GEO.with.Grace" });
		const legacyAnswer = await ok("get_creator", { handle: "@GEO.with.Grace" }, "legacy");
		expect(legacyAnswer.sc).toEqual(modernAnswer.sc);
		expect(await fails("get_creator", { handle: FIXTURES.hiddenCreator.handle }, "legacy")).toMatch(
			/No public creator/,
		);
	});
});

describe("get_creator suggestions are compared with the public handles of this content version", () => {
	/** What one read of a near miss of @seo.with.sam costs and suggests, at the isolate's time `now`. */
	async function nearMiss(now: number): Promise<{ rowsRead: number; suggestions: string[] }> {
		const recorder = new CostRecorder();
		const { suggestions } = await readPublicCreator(recorder.database(env.DB), "seo.with.sa", now);
		return { rowsRead: recorder.total().rowsRead, suggestions };
	}

	it("reads them once per content version and bound, never suggests one that stopped being public, and suggests it again once it is back", async () => {
		const creators = await publicCreators();
		const sam = creators.find((c) => c.handle_key === "seo.with.sam");
		if (sam === undefined) throw new Error("no public @seo.with.sam");
		// Later than any read the other tests made, so the isolate's list is this test's own.
		const t0 = Date.now() + 10 * PROJECTION_COPY_MAX_AGE_MS;
		const first = await nearMiss(t0);
		expect(first.suggestions).toContain("seo.with.sam");
		expect(first.rowsRead).toBeGreaterThanOrEqual(creators.length);
		// The dearest a stranger can make it: a row for every creator and one for each one's published source probe.
		const everyCreator = (await one<{ n: number }>("SELECT COUNT(*) AS n FROM creators")).n;
		expect(first.rowsRead).toBeLessThanOrEqual(2 * everyCreator + 10);
		// The same version, inside the bound: only the creator look-ups and the version are read.
		const again = await nearMiss(t0 + 1_000);
		expect(again.suggestions).toEqual(first.suggestions);
		expect(again.rowsRead).toBeLessThan(10);
		const published = await rows<{ source_id: string }>(
			"SELECT source_id FROM sources WHERE creator_id = ?1 AND publication_state = 'published'",
			sam.creator_id,
		);
		const setState = (state: string) =>
			env.DB.batch(
				published.map((p) =>
					env.DB.prepare("UPDATE sources SET publication_state = ?1 WHERE source_id = ?2").bind(
						state,
						p.source_id,
					),
				),
			);
		await setState("unpublished");
		try {
			// The version moved: read again, and @seo.with.sam is no longer public.
			const hidden = await nearMiss(t0 + 2_000);
			expect(hidden.suggestions).not.toContain("seo.with.sam");
			expect(hidden.rowsRead).toBeGreaterThanOrEqual(creators.length - 1);
			expect(await fails("get_creator", { handle: "seo.with.sa" })).not.toMatch(/seo\.with\.sam/);
		} finally {
			await setState("published");
		}
		expect((await nearMiss(t0 + 3_000)).suggestions).toContain("seo.with.sam");
		// As old as the bound, the list is read again even though nothing changed.
		expect((await nearMiss(t0 + 3_000 + PROJECTION_COPY_MAX_AGE_MS)).rowsRead).toBeGreaterThanOrEqual(
			creators.length,
		);
	});
});

const promptGet = (name: string, args: Json) =>
	modern("prompts/get", { name, arguments: args }, modernHeaders("prompts/get", name));

describe("brief_creator and get_creator answer a typo alike", () => {
	it("both name the closest public handles, in the same words", async () => {
		const tool = await fails("get_creator", { handle: "seo.with.sa" });
		const closest = / Closest handles: [^.]*(\.[^ .]+)*\./.exec(tool)?.[0];
		expect(closest, tool).toContain("@seo.with.sam");
		const prompt = await promptGet("brief_creator", { handle: "seo.with.sa" });
		expect(prompt.json.error?.code, prompt.text).toBe(-32602);
		expect(prompt.json.error.message).toContain(closest);
	});

	it("and a handle like nothing public gets no suggestion from either", async () => {
		const prompt = await promptGet("brief_creator", { handle: "qqqqqqqqqqqqzzzz" });
		expect(prompt.json.error.message).not.toContain("Closest handles");
		expect(await fails("get_creator", { handle: "qqqqqqqqqqqqzzzz" })).not.toContain("Closest handles");
	});
});
