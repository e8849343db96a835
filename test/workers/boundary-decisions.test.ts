/**
 * Three behaviours the hostile pass of issue 53 reported as information, each kept on purpose and
 * held here so that a change to one is a decision too (docs/corpus-format.md, "Handles that look
 * alike"; docs/contract.md, "Transport" and "Public boundary and privacy").
 */
import { describe, expect, it } from "vitest";
import { generateCorpusLines } from "../../scripts/corpus/generate";
import { formatCorpusError, validateCorpusLines } from "../../scripts/corpus/validate";
import { MODERN_META, modernHeaders, post } from "./mcp";
import { ok } from "./tool-helpers";

describe("handles that differ by a character a reader sees stay two creators", () => {
	const SAMPLE = [...generateCorpusLines()];
	const creatorLine = SAMPLE.findIndex((line) => JSON.parse(line).handle === "seo.with.sam") + 1;
	const withCreator = (handle: string) => {
		const creator = {
			...JSON.parse(SAMPLE[creatorLine - 1] as string),
			creator_id: "cr_decided",
			handle,
			profile_url: "https://www.tiktok.com/@decided",
		};
		return validateCorpusLines([...SAMPLE, JSON.stringify(creator)]).errors.map(formatCorpusError);
	};

	it("seo_with_sam, seo·with·sam (U+00B7) and seo.with.sam. beside seo.with.sam: kept, as UTS #39 keeps them", () => {
		for (const handle of ["seo_with_sam", "seo\u00b7with\u00b7sam", "seo.with.sam."])
			expect(withCreator(handle), handle).toEqual([]);
	});

	it("what does read as a dot is refused: U+2024 ONE DOT LEADER is one by NFKC, a Cyrillic а a look-alike", () => {
		expect(withCreator("seo\u2024with\u2024sam")).toEqual([
			`line ${SAMPLE.length + 1}: handle: duplicate handle "seo\u2024with\u2024sam" (lookup key "seo.with.sam"): already used on line ${creatorLine}`,
		]);
		expect(withCreator("seo.with.s\u0430m")[0]).toMatch(/looks like the handle "seo\.with\.sam"/);
	});
});

describe("a loopback origin is allowed in every deployment", () => {
	const discover = { jsonrpc: "2.0", id: "d", method: "server/discover", params: { _meta: MODERN_META } };

	it("a developer's own tool (the MCP Inspector serves from localhost:6274) reaches the public endpoint; a name that only starts like localhost does not", async () => {
		const allowed = await post(discover, {
			...modernHeaders("server/discover"),
			origin: "http://localhost:6274",
		});
		expect(allowed.status).toBe(200);
		for (const origin of ["http://localhost.evil.example", "http://127.0.0.1.nip.io", "http://[::2]:8787"])
			expect((await post(discover, { ...modernHeaders("server/discover"), origin })).status, origin).toBe(
				403,
			);
	});
});

describe("a topic is public taxonomy", () => {
	it("a topic whose only sources are hidden still shows its id and label, with zero counts and no samples", async () => {
		const { sc } = await ok("get_topic", { topic_id: "zero-click" });
		expect(sc.topic.topic_id).toBe("zero-click");
		expect(sc.topic.label.length).toBeGreaterThan(0);
		expect(sc.counts).toMatchObject({ public_sources: 0 });
		expect(sc.sample_sources).toEqual([]);
	});
});
