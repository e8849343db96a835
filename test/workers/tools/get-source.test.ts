/**
 * get_source against the seeded corpus: by id and by every alias kind, bounded passages and applied
 * cards, the creator and topics, not-found answers that never reveal hidden sources, and result sizes.
 */
import { describe, expect, it } from "vitest";
import { FIXTURES } from "../../../scripts/corpus/generate";
import { MAX_CARDS, MAX_PASSAGES } from "../../../src/data/sources";
import { MAX_ECHO_CHARS } from "../../../src/limits";
import { echoed } from "../../../src/text/one-line";
import { call, fails, ok, one, rows, sourcePage } from "../../support/workers/tool-helpers";

const FIXMANY = FIXTURES.manyPassagesSource;
const FIXLONG = FIXTURES.longPassagesSource;

const KIB = 1024;
/** Bounds on the serialized JSON-RPC response (UTF-8 bytes). */
const TYPICAL_MAX_BYTES = 8 * KIB;
const LARGEST_SOURCE_MAX_BYTES = 12 * KIB;

const getSource = (source_id: unknown) => ok("get_source", { source_id });

interface Alias {
	alias: string;
	alias_kind: string;
	source_id: string;
}

async function expectNotFound(sourceId: string): Promise<string> {
	const message = await fails("get_source", { source_id: sourceId });
	expect(message).toContain(`No public source has the id or alias "${echoed(sourceId.trim())}"`);
	expect(message).toMatch(/search_sources/);
	return message;
}

describe("get_source by source_id", () => {
	it("returns the source's metadata, citations, creator and topics exactly as the public tables hold them", async () => {
		const { sc, text } = await getSource(FIXMANY.source_id);
		const row = await one<any>(
			`SELECT s.*, c.handle, c.display_name, c.profile_url FROM sources s JOIN creators c ON c.creator_id = s.creator_id
			 WHERE s.source_id = ?1`,
			FIXMANY.source_id,
		);
		const { source } = sc;
		expect(source.source_id).toBe(FIXMANY.source_id);
		expect(source.title).toBe(row.title);
		expect(source.summary).toBe(row.summary);
		expect(source.platform).toBe(row.platform);
		expect(source.published_at).toBe(row.published_at);
		expect(source.duration_seconds).toBe(row.duration_seconds);
		expect(source.language).toBe(row.language);
		expect(source.original_url).toBe(row.original_url);
		expect(source.source_page_url).toBe(`https://base2026.dev/sources/${FIXMANY.source_id}`);
		expect(source.creator_handle).toBe(`@${row.handle}`);
		expect(source.creator).toEqual({
			handle: `@${row.handle}`,
			display_name: row.display_name,
			profile_url: row.profile_url,
		});
		const topics = await rows<{ topic_id: string; label: string }>(
			`SELECT t.topic_id, t.label FROM source_topics st JOIN topics t ON t.topic_id = st.topic_id
			 WHERE st.source_id = ?1 ORDER BY t.topic_id`,
			FIXMANY.source_id,
		);
		expect(topics.map((t) => t.topic_id)).toEqual(["content-refresh", "internal-linking"]);
		expect(source.topics).toEqual(topics);
		// The short text cites both links.
		expect(text).toContain(row.original_url);
		expect(text).toContain(source.source_page_url);
	});

	it(`returns at most ${MAX_PASSAGES} passages, in ordinal order, with their offsets (12 stored: 8 returned, passages_total 12)`, async () => {
		const { sc, text } = await getSource(FIXMANY.source_id);
		const stored = await rows<{ ordinal: number; start_ms: number; end_ms: number; text: string }>(
			"SELECT ordinal, start_ms, end_ms, text FROM passages WHERE source_id = ?1 ORDER BY ordinal",
			FIXMANY.source_id,
		);
		expect(stored).toHaveLength(FIXMANY.passages);
		expect(sc.passages).toHaveLength(MAX_PASSAGES);
		expect(sc.passages_total).toBe(FIXMANY.passages);
		expect(sc.passages).toEqual(stored.slice(0, MAX_PASSAGES));
		expect(sc.passages.map((p: any) => p.ordinal)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
		for (const p of sc.passages) expect(p.end_ms).toBeGreaterThan(p.start_ms);
		for (let i = 1; i < sc.passages.length; i++)
			expect(sc.passages[i].start_ms).toBeGreaterThanOrEqual(sc.passages[i - 1].end_ms);
		expect(text).toMatch(/8 of 12 public passages/);
	});

	it(`returns at most ${MAX_CARDS} applied evidence cards and never a draft (4 applied + 1 draft: 3 returned, total 4)`, async () => {
		const { sc, text } = await getSource(FIXMANY.source_id);
		expect(sc.evidence_cards).toHaveLength(MAX_CARDS);
		expect(sc.evidence_cards_total).toBe(FIXMANY.appliedCardIds.length);
		const ids = sc.evidence_cards.map((c: any) => c.card_id);
		for (const id of ids) expect(FIXMANY.appliedCardIds).toContain(id);
		for (const draft of FIXMANY.draftCardIds) expect(ids).not.toContain(draft);
		for (const card of sc.evidence_cards) {
			const row = await one<any>("SELECT * FROM evidence_cards WHERE card_id = ?1", card.card_id);
			expect(row.review_state).toBe("applied");
			expect(row.source_id).toBe(FIXMANY.source_id);
			expect(card).toEqual({
				card_id: row.card_id,
				topic_id: row.topic_id,
				claim: row.claim,
				evidence: row.evidence,
				reviewed_at: row.reviewed_at,
			});
		}
		expect(text).toMatch(/3 of 4 applied evidence cards/);
	});

	it("counts only applied cards: a source whose only card is a draft reports 0 cards", async () => {
		// src_fixllm3 has one draft card; src_fixllm5 one rejected; src_fixschema2 one in review.
		for (const id of ["src_fixllm3", "src_fixllm5", "src_fixschema2"]) {
			const { sc } = await getSource(id);
			expect(sc.evidence_cards, id).toEqual([]);
			expect(sc.evidence_cards_total, id).toBe(0);
		}
	});

	it("returns every passage of a short source and the exact counts of any source", async () => {
		const sample = await rows<{ source_id: string; n: number; cards: number }>(
			`SELECT s.source_id, (SELECT COUNT(*) FROM passages p WHERE p.source_id = s.source_id) AS n,
			        (SELECT COUNT(*) FROM evidence_cards e WHERE e.source_id = s.source_id AND e.review_state = 'applied') AS cards
			 FROM sources s WHERE s.publication_state = 'published' ORDER BY s.source_id LIMIT 12`,
		);
		for (const s of sample) {
			const { sc } = await getSource(s.source_id);
			expect(sc.passages_total).toBe(s.n);
			expect(sc.passages).toHaveLength(Math.min(s.n, MAX_PASSAGES));
			expect(sc.evidence_cards_total).toBe(s.cards);
			expect(sc.evidence_cards).toHaveLength(Math.min(s.cards, MAX_CARDS));
		}
	});

	it("ignores surrounding whitespace in the id", async () => {
		const { sc } = await getSource(`  ${FIXMANY.source_id}\n`);
		expect(sc.source.source_id).toBe(FIXMANY.source_id);
	});
});

describe("get_source by alias", () => {
	const kinds = ["item_id", "video_id", "post_id", "original_url"] as const;

	it("the seeded corpus holds every alias kind for published sources", async () => {
		const present = await rows<{ alias_kind: string }>(
			`SELECT DISTINCT a.alias_kind FROM source_aliases a JOIN sources s ON s.source_id = a.source_id
			 WHERE s.publication_state = 'published' ORDER BY 1`,
		);
		expect(present.map((r) => r.alias_kind)).toEqual([...kinds].sort());
	});

	for (const kind of kinds) {
		it(`resolves a ${kind} alias to its published source`, async () => {
			const aliases = await rows<Alias>(
				`SELECT a.alias, a.alias_kind, a.source_id FROM source_aliases a JOIN sources s ON s.source_id = a.source_id
				 WHERE s.publication_state = 'published' AND a.alias_kind = ?1 ORDER BY a.alias LIMIT 3`,
				kind,
			);
			expect(aliases.length).toBeGreaterThan(0);
			for (const a of aliases) {
				const { sc } = await getSource(a.alias);
				expect(sc.source.source_id).toBe(a.source_id);
				expect(sc.source.source_page_url).toBe(sourcePage(a.source_id));
				const direct = await getSource(a.source_id);
				expect(sc).toEqual(direct.sc);
			}
		});
	}

	it("the original_url alias is the source's own original_url", async () => {
		const a = await one<Alias & { original_url: string }>(
			`SELECT a.alias, a.source_id, s.original_url FROM source_aliases a JOIN sources s ON s.source_id = a.source_id
			 WHERE a.alias_kind = 'original_url' AND s.publication_state = 'published' AND a.alias LIKE '%\\%%' ESCAPE '\\' LIMIT 1`,
		);
		expect(a.alias).toBe(a.original_url);
		const { sc } = await getSource(a.alias);
		expect(sc.source.original_url).toBe(a.alias);
	});
});

describe("get_source not found", () => {
	it("an unknown id is an isError result that suggests searching", async () => {
		await expectNotFound("src_doesnotexist");
		await expectNotFound("https://www.tiktok.com/@nobody/video/1");
		await expectNotFound("7000000000000000000");
	});

	it("every unpublished or removed source answers exactly like an unknown id, by id and by every alias", async () => {
		const hidden = await rows<{ source_id: string }>(
			"SELECT source_id FROM sources WHERE publication_state <> 'published' ORDER BY source_id",
		);
		expect(hidden.length).toBeGreaterThanOrEqual(10);
		for (const id of [...FIXTURES.topics.llmCitations.hiddenSourceIds, ...FIXTURES.hiddenCreator.sourceIds])
			expect(hidden.map((h) => h.source_id)).toContain(id);
		const unknown = await expectNotFound("src_unknown000");
		const template = (message: string, id: string) => message.replace(echoed(id), "<ID>");
		for (const { source_id } of hidden) {
			const aliases = await rows<Alias>(
				"SELECT alias, alias_kind, source_id FROM source_aliases WHERE source_id = ?1",
				source_id,
			);
			expect(aliases.length).toBeGreaterThanOrEqual(2);
			for (const id of [source_id, ...aliases.map((a) => a.alias)]) {
				const message = await expectNotFound(id);
				expect(template(message, id)).toBe(template(unknown, "src_unknown000"));
			}
		}
	}, 30_000);

	it('a missing source_id is an isError result saying "source_id is required"', async () => {
		expect(await fails("get_source", {})).toMatch(/source_id is required/);
	});

	it("the id is a string, not empty and at most 2048 characters", async () => {
		expect(await fails("get_source", { source_id: "" })).toMatch(/source_id/);
		expect(await fails("get_source", { source_id: 42 })).toMatch(/source_id/);
		expect(await fails("get_source", { source_id: "x".repeat(2049) })).toMatch(/source_id.*2048/);
		await expectNotFound("x".repeat(2048));
	});

	it("a not-found id is echoed as every error echoes a caller's text: cut to MAX_ECHO_CHARS; an invisible character is refused, named", async () => {
		const long = await expectNotFound("x".repeat(2048));
		expect(long).toContain(`"${"x".repeat(MAX_ECHO_CHARS - 1)}…"`);
		expect(long.length).toBeLessThan(MAX_ECHO_CHARS + 200);
		const hidden = await fails("get_source", { source_id: "src_unknown\u200b000" });
		expect(hidden).toBe(
			"Invalid arguments for get_source: source_id contains U+200B ZERO WIDTH SPACE at character 12 (an invisible character); remove it.",
		);
	});

	it("an unknown extra argument is an isError result naming it", async () => {
		const message = await fails("get_source", { source_id: FIXMANY.source_id, passages: 12 });
		expect(message).toContain('"passages"');
		expect(message).toContain("source_id");
	});
});

describe("get_source result size", () => {
	it(`the largest source (src_fixlong, ${FIXLONG.passages} passages of ~1,100 characters) stays under ${LARGEST_SOURCE_MAX_BYTES / KIB} KiB`, async () => {
		const { result, bytes } = await call("get_source", { source_id: FIXLONG.source_id });
		const stored = await rows<{ text: string }>(
			"SELECT text FROM passages WHERE source_id = ?1",
			FIXLONG.source_id,
		);
		expect(stored).toHaveLength(FIXLONG.passages);
		for (const p of stored) expect(p.text.length).toBeGreaterThanOrEqual(FIXLONG.minPassageChars);
		expect(result.structuredContent.passages).toHaveLength(MAX_PASSAGES);
		expect(result.structuredContent.passages_total).toBe(FIXLONG.passages);
		expect(bytes).toBeGreaterThan(8 * FIXLONG.minPassageChars);
		expect(bytes).toBeLessThan(LARGEST_SOURCE_MAX_BYTES);
	});

	it(`every other published source stays under ${TYPICAL_MAX_BYTES / KIB} KiB`, async () => {
		const ids = await rows<{ source_id: string }>(
			"SELECT source_id FROM sources WHERE publication_state = 'published' AND source_id <> ?1",
			FIXLONG.source_id,
		);
		const sizes: number[] = [];
		for (const { source_id } of ids) {
			const { bytes } = await call("get_source", { source_id });
			expect(bytes, source_id).toBeLessThan(TYPICAL_MAX_BYTES);
			sizes.push(bytes);
		}
		sizes.sort((a, b) => a - b);
		expect(sizes[Math.floor(sizes.length / 2)]).toBeLessThan(5 * KIB);
	}, 60_000);
});

describe("get_source in the legacy era", () => {
	it("answers the same result with the same checks", async () => {
		const modernAnswer = await ok("get_source", { source_id: FIXMANY.source_id });
		const legacyAnswer = await ok("get_source", { source_id: FIXMANY.source_id }, "legacy");
		expect(legacyAnswer.sc).toEqual(modernAnswer.sc);
		expect(await fails("get_source", { source_id: "src_fixzero1" }, "legacy")).toMatch(/No public source/);
	});
});
