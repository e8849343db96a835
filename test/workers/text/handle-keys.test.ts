/**
 * Handle keys drop what cannot be seen (src/text/handle-key.ts), as defence in depth for rows stored
 * before the importer refused such characters: migrations/0009_handle_keys.sql recomputes keys stored
 * before, leaving a look-alike of an existing key alone. A caller's handle holding one is refused,
 * naming it (the one policy for a caller's strings, docs/contract.md), in get_creator and in
 * search_sources' creator_handle alike: never dropped, so what was sent is what is answered about.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { handleKey } from "../../../src/text/handle-key";
import { fails, ok, one } from "../../support/workers/tool-helpers";

const NINA = "serp.nerd.nina";
const LOOKALIKES: [string, string][] = [
	["serp\u200B.nerd.nina", "U+200B ZERO WIDTH SPACE at character 5"],
	["@\u200Eserp.nerd.nina", "U+200E LEFT-TO-RIGHT MARK at character 2"],
	["serp.nerd.nina\u202E", "U+202E RIGHT-TO-LEFT OVERRIDE at character 15"],
	["SERP.ne\u00ADrd.nina\uFEFF", "U+00AD SOFT HYPHEN at character 8"],
	["serp.\u2060nerd.nina", "U+2060 WORD JOINER at character 6"],
];

describe("a handle with invisible characters is refused, naming the character", () => {
	it("get_creator", async () => {
		expect((await ok("get_creator", { handle: NINA })).sc.creator.handle).toBe(`@${NINA}`);
		for (const [handle, named] of LOOKALIKES)
			expect(await fails("get_creator", { handle }), JSON.stringify(handle)).toContain(
				`handle contains ${named}`,
			);
	});

	it("search_sources' creator_handle", async () => {
		const genuine = (await ok("search_sources", { query: "search", creator_handle: NINA, limit: 20 })).sc;
		expect(genuine.total_estimate).toBeGreaterThan(0);
		for (const [handle, named] of LOOKALIKES)
			expect(
				await fails("search_sources", { query: "search", creator_handle: handle, limit: 20 }),
				JSON.stringify(handle),
			).toContain(`creator_handle contains ${named}`);
	});
});

// Writes to D1: keep last in this file.
describe("migrations/0009_handle_keys.sql", () => {
	const migration = env.TEST_MIGRATIONS.find((m) => m.name === "0009_handle_keys.sql");

	const plant = (id: string, handle: string) =>
		env.DB.prepare(
			`INSERT INTO creators (creator_id, handle, handle_key, display_name, platform, profile_url, bio, updated_at)
			 VALUES (?1, ?2, ?2, 'Planted', 'tiktok', 'https://www.tiktok.com/@planted', '', '2026-11-01T00:00:00Z')`,
		)
			.bind(id, handle)
			.run();
	const keyOf = async (id: string) =>
		(await one<{ k: string }>("SELECT handle_key AS k FROM creators WHERE creator_id = ?1", id)).k;

	it("recomputes keys that hold invisible characters as handleKey() now does, and leaves look-alikes alone", async () => {
		expect(migration, "0009_handle_keys.sql among the migrations").toBeDefined();
		// Keys as the importer stored them before: NFKC and lower case, invisible characters kept.
		await plant("cr_old_zwsp", "ghost\u200B.key");
		await plant("cr_old_many", "\u200Ez\u00ADe\u2066r\u2069o\uFE0F.\u{E0041}key\u3164");
		await plant("cr_old_plain", "plain.ключ");
		await plant("cr_old_lookalike", "serp\u200B.nerd.nina");
		for (const query of migration?.queries ?? []) await env.DB.prepare(query).run();

		expect(await keyOf("cr_old_zwsp")).toBe(handleKey("ghost\u200B.key"));
		expect(await keyOf("cr_old_zwsp")).toBe("ghost.key");
		expect(await keyOf("cr_old_many")).toBe("zero.key");
		expect(await keyOf("cr_old_plain")).toBe("plain.ключ");
		// serp.nerd.nina exists: the look-alike keeps its old key, which no lookup can produce any more
		// (a caller's handle holding U+200B is refused), so the genuine creator is the one found.
		expect(await keyOf("cr_old_lookalike")).toBe("serp\u200B.nerd.nina");
		expect((await ok("get_creator", { handle: NINA })).sc.creator.handle).toBe(`@${NINA}`);
		expect(await fails("get_creator", { handle: "serp\u200B.nerd.nina" })).toContain("U+200B");
	});
});
