/**
 * Handle keys drop what cannot be seen (src/data/handle-key.ts): a handle asked for with a zero-width
 * or bidirectional character finds the creator whose handle looks the same, in get_creator and in
 * search_sources' creator_handle filter; migrations/0009_handle_keys.sql recomputes keys stored
 * before, leaving a look-alike of an existing key alone.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { handleKey } from "../../src/data/handle-key";
import { ok, one } from "./tool-helpers";

const NINA = "serp.nerd.nina";
const LOOKALIKES = [
	"serp\u200B.nerd.nina",
	"@\u200Eserp.nerd.nina",
	"serp.nerd.nina\u202E",
	"SERP.ne\u00ADrd.nina\uFEFF",
	"serp.\u2060nerd.nina",
];

describe("a handle with invisible characters finds the creator it looks like", () => {
	it("get_creator", async () => {
		const genuine = (await ok("get_creator", { handle: NINA })).sc;
		for (const handle of LOOKALIKES) {
			const { sc } = await ok("get_creator", { handle });
			expect(sc, JSON.stringify(handle)).toEqual(genuine);
		}
	});

	it("search_sources' creator_handle", async () => {
		const genuine = (await ok("search_sources", { query: "search", creator_handle: NINA, limit: 20 })).sc;
		expect(genuine.total_estimate).toBeGreaterThan(0);
		for (const handle of LOOKALIKES) {
			const { sc } = await ok("search_sources", { query: "search", creator_handle: handle, limit: 20 });
			expect(sc.filters.creator_handle, JSON.stringify(handle)).toBe(`@${NINA}`);
			expect(sc.results, JSON.stringify(handle)).toEqual(genuine.results);
		}
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
		// serp.nerd.nina exists: the look-alike keeps its old key, which no lookup can produce any more.
		expect(await keyOf("cr_old_lookalike")).toBe("serp\u200B.nerd.nina");
		expect((await ok("get_creator", { handle: "serp\u200B.nerd.nina" })).sc.creator.handle).toBe(`@${NINA}`);
	});
});
