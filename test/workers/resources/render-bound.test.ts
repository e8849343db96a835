/**
 * The 8 KiB bound of a resources/read holds for the largest records the corpus format allows (every
 * text at its longest, in 4-byte characters, every list at its tool's bound), and what is cut is said.
 */
import { describe, expect, it } from "vitest";
import { MAX_READ_BYTES } from "../../../src/limits";
import { clip } from "../../../src/resources/fit";
import { renderCreator, renderManifest, renderSource, renderTopic } from "../../../src/resources/render";

const WIDE = "𝔸"; // 4 bytes in UTF-8
const text = (chars: number) => WIDE.repeat(chars);
const url = (chars: number) => `https://example.com/${"a".repeat(chars - 20)}`;
const bytes = (s: string) => new TextEncoder().encode(s).byteLength;
const stamp = { computed_at: "2026-11-30T00:00:00.000Z", basis: "projection" as const, refresh_id: 1 };

const ref = (i: number) => ({
	source_id: `src_${"x".repeat(36)}${i}`,
	title: text(200),
	platform: "tiktok" as const,
	creator_handle: `@${text(100)}`,
	published_at: "2026-01-01",
	original_url: url(500),
	source_page_url: `https://base2026.dev/sources/src_${"x".repeat(36)}${i}`,
});

describe("renderings of the largest records", () => {
	it("a source: 8 passages, 3 cards, 10 topics, every text at its longest", () => {
		const source = ref(0);
		const markdown = renderSource({
			source: {
				...source,
				summary: text(1000),
				duration_seconds: 180,
				language: "en",
				creator: { handle: source.creator_handle, display_name: text(100), profile_url: url(500) },
				topics: Array.from({ length: 10 }, (_, i) => ({
					topic_id: `${"t".repeat(58)}-${i}`,
					label: text(80),
				})),
			},
			passages: Array.from({ length: 8 }, (_, i) => ({
				ordinal: i + 1,
				start_ms: i * 1000,
				end_ms: i * 1000 + 900,
				text: text(1000),
			})),
			passages_total: 40,
			evidence_cards: Array.from({ length: 3 }, (_, i) => ({
				card_id: `card_${i}`,
				topic_id: "t",
				claim: text(400),
				evidence: text(1200),
				reviewed_at: null,
			})),
			evidence_cards_total: 3,
		});
		expect(bytes(markdown)).toBeLessThanOrEqual(MAX_READ_BYTES);
		expect(markdown).toContain(source.original_url);
		expect(markdown).toContain(source.source_page_url);
		expect(markdown).toMatch(/more passages: call get_source/);
		expect(markdown).toContain("source_page_url");
	});

	it("a creator, a topic and the manifest", () => {
		const creator = renderCreator({
			creator: {
				handle: `@${text(100)}`,
				display_name: text(100),
				platform: "tiktok",
				profile_url: url(500),
				bio: text(500),
			},
			counts: {
				public_sources: 9,
				topic_count: 10,
				topics: Array.from({ length: 10 }, (_, i) => ({
					topic_id: `t-${i}`,
					label: text(80),
					source_count: 1,
				})),
				computed: stamp,
			},
			sample_sources: Array.from({ length: 5 }, (_, i) => ref(i)),
		});
		const topic = renderTopic(
			{
				topic: { topic_id: "t".repeat(60), label: text(80), description: text(500) },
				counts: { public_sources: 9, creators: 5, applied_insights: 3, computed: stamp },
				sample_sources: Array.from({ length: 5 }, (_, i) => ref(i)),
				sample_creators: Array.from({ length: 5 }, () => ({
					handle: `@${text(100)}`,
					display_name: text(100),
					source_count: 2,
				})),
				sample_insights: Array.from({ length: 3 }, (_, i) => ({
					card_id: `c${i}`,
					source_id: "s",
					claim: text(400),
					reviewed_at: null,
				})),
			},
			{ signal: "strong", gates: null, note: "Not a trend." },
		);
		const manifest = renderManifest({
			dimensions: null,
			topics: Array.from({ length: 2000 }, (_, i) => ({ topic_id: `topic-${i}`, label: text(80) })),
			endpoints: {
				mcp: "https://base2026.dev/api/mcp",
				guide: "https://base2026.dev/mcp",
				source_page_template: "x",
			},
			protocol: { supported: ["2026-07-28"] },
			policy: {
				rate_limit_per_minute: 60,
				shared_egress: [{ publisher: text(80), ranges: ["160.79.104.0/21"], rate_limit_per_minute: 600 }],
				search_limit_max: 20,
				source_max_passages: 8,
				source_max_cards: 3,
			},
		});
		for (const markdown of [creator, topic, manifest]) {
			expect(bytes(markdown)).toBeLessThanOrEqual(MAX_READ_BYTES);
			expect(markdown).toContain("source_page_url");
		}
		expect(manifest).toMatch(/more topics: call get_public_manifest/);
	});

	it("clip cuts at a code point and says so", () => {
		expect(clip("abc", 10)).toBe("abc");
		const cut = clip(text(10), 10);
		expect(bytes(cut)).toBeLessThanOrEqual(10);
		expect(cut.endsWith("…")).toBe(true);
		expect(cut.startsWith(WIDE)).toBe(true);
	});
});
