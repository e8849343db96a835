/**
 * Source ids and aliases are one namespace, and an id always names its own source. The importer
 * refuses an alias equal to any source's id (test/workers/corpus/records.test.ts); the database
 * refuses one too (migrations/0020_alias_namespace.sql); and should one be there anyway (a row that
 * predates that migration), get_source, resources/read and /sources/<id> still find the source whose
 * id it is: the alias neither hides it (its owner unpublished) nor redirects it (its owner published).
 */
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { modern, pageRequest } from "../../support/workers/mcp";
import { fails, ok, rows, sourcePage } from "../../support/workers/tool-helpers";

interface Row {
	source_id: string;
	title: string;
	platform: string;
}

const published = await rows<Row>(
	"SELECT source_id, title, platform FROM sources WHERE publication_state = 'published' ORDER BY source_id LIMIT 3",
);
const [unpublished] = await rows<Row>(
	"SELECT source_id, title, platform FROM sources WHERE publication_state = 'unpublished' ORDER BY source_id LIMIT 1",
);
const [real, realToo, owner] = published as [Row, Row, Row];

const PLATFORM_KIND: Record<string, string> = {
	tiktok: "item_id",
	youtube_shorts: "video_id",
	instagram_reels: "post_id",
};

/** An alias row naming `id` for the source `owner`, as bad data would hold it. */
const plantAlias = (id: string, on: Row) =>
	env.DB.prepare("INSERT INTO source_aliases (alias, alias_kind, source_id) VALUES (?1, ?2, ?3)").bind(
		id,
		// A second platform-id alias of the same kind could clash with nothing: the table keys on alias.
		PLATFORM_KIND[on.platform] ?? "item_id",
		on.source_id,
	);

async function readResource(id: string) {
	const answer = await modern("resources/read", { uri: `base2026://sources/${id}` });
	return answer.json;
}

async function page(id: string) {
	const response = await exports.default.fetch(pageRequest(sourcePage(id), { redirect: "manual" }));
	return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

describe("the database keeps ids and aliases apart", () => {
	it("refuses an alias equal to a source's id, and a source whose id is an alias", async () => {
		await expect(plantAlias(real.source_id, owner).run()).rejects.toThrow(/source id/);
		const [alias] = await rows<{ alias: string }>(
			"SELECT alias FROM source_aliases WHERE source_id = ?1 AND alias_kind <> 'original_url' LIMIT 1",
			owner.source_id,
		);
		expect(alias).toBeDefined();
		await expect(
			env.DB.prepare(
				`INSERT INTO sources (source_id, creator_id, platform, original_url, title, summary, published_at,
				   duration_seconds, language, publication_state, state_reason, updated_at)
				 SELECT ?1, creator_id, platform, 'https://www.tiktok.com/@x/video/1', 't', 's', published_at,
				   duration_seconds, language, 'published', NULL, updated_at FROM sources WHERE source_id = ?2`,
			)
				.bind(alias?.alias, owner.source_id)
				.run(),
		).rejects.toThrow(/alias/);
		await expect(
			env.DB.prepare("UPDATE source_aliases SET alias = ?1 WHERE alias = ?2")
				.bind(realToo.source_id, alias?.alias)
				.run(),
		).rejects.toThrow(/source id/);
	});
});

describe("an alias equal to another source's id, planted past the database's guard", () => {
	beforeAll(async () => {
		// Rows written before the guard existed: drop it for this file's own database.
		await env.DB.batch([
			env.DB.prepare("DROP TRIGGER IF EXISTS source_aliases_not_an_id_insert"),
			env.DB.prepare("DROP TRIGGER IF EXISTS source_aliases_not_an_id_update"),
			plantAlias(real.source_id, owner),
			plantAlias(realToo.source_id, unpublished as Row),
		]);
	});

	it("get_source by id finds the source whose id it is, whether the alias's owner is public or not", async () => {
		for (const wanted of [real, realToo]) {
			const { sc } = await ok("get_source", { source_id: wanted.source_id });
			expect(sc.source.source_id).toBe(wanted.source_id);
			expect(sc.source.title).toBe(wanted.title);
		}
		// The alias's owner is still found by its own id; the unpublished one by none.
		expect((await ok("get_source", { source_id: owner.source_id })).sc.source.source_id).toBe(
			owner.source_id,
		);
		expect(await fails("get_source", { source_id: unpublished?.source_id })).toContain("No public source");
	});

	it("resources/read of the id reads that source", async () => {
		for (const wanted of [real, realToo]) {
			const json = await readResource(wanted.source_id);
			expect(json.error, JSON.stringify(json)).toBeUndefined();
			expect(json.result.contents[0].text).toContain(wanted.source_id);
			expect(json.result.contents[0].text).not.toContain(owner.source_id);
		}
	});

	it("/sources/<id> shows that source, not a redirect to the alias's owner nor a 404", async () => {
		for (const wanted of [real, realToo]) {
			const answer = await page(wanted.source_id);
			expect(answer.status, `${answer.location}`).toBe(200);
			expect(answer.html).toContain(`/sources/${wanted.source_id}`);
		}
	});
});
