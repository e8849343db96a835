/**
 * A Spanish form is searched as its English form's words and, one more spelling of them, as itself:
 * in a collection that holds sources in Spanish, "auditoría de contenido" finds the Spanish video
 * that says it (among the sources holding the words adjacent) as well as every English source
 * "content audit" finds, each in its tier. (The generated sample is English only, so this source is
 * planted.)
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ok, one } from "../../support/workers/tool-helpers";

const SPANISH_SOURCE = "src_espanolaudit";
const search = async (query: string, offset = 0) =>
	(await ok("search_sources", { query, limit: 20, offset })).sc;
const ids = (sc: any): string[] => sc.results.map((r: any) => r.source_id);

/** Every source a search matches, page by page, with its tier. */
async function allMatches(query: string): Promise<Map<string, string>> {
	const found = new Map<string, string>();
	for (let offset: number | null = 0; offset !== null; ) {
		const page = await search(query, offset);
		for (const r of page.results) found.set(r.source_id, r.match_tier);
		offset = page.next_offset;
	}
	return found;
}

beforeAll(async () => {
	const creator = await one<{ creator_id: string; platform: string }>(
		"SELECT creator_id, platform FROM creators ORDER BY creator_id LIMIT 1",
	);
	await env.DB.batch([
		env.DB.prepare(
			`INSERT INTO sources (source_id, creator_id, platform, original_url, title, summary, published_at,
			   duration_seconds, language, publication_state, state_reason, updated_at)
			 VALUES (?1, ?2, ?3, 'https://example.com/espanol-audit', 'Auditoría de contenido en una tarde',
			   'Cómo hacer una auditoría de contenido paso a paso', '2026-11-20', 40, 'es', 'published', NULL,
			   '2026-11-20T00:00:00Z')`,
		).bind(SPANISH_SOURCE, creator.creator_id, creator.platform),
		env.DB.prepare(
			`INSERT INTO passages (source_id, ordinal, start_ms, end_ms, text) VALUES
			 (?1, 1, 0, 5000, 'Empieza la auditoría de contenido por las páginas que reciben tráfico orgánico.')`,
		).bind(SPANISH_SOURCE),
	]);
});

describe("a source in Spanish", () => {
	it("is found by the Spanish form it holds, accents or none, beside what the English form finds", async () => {
		const english = await allMatches("content audit");
		expect(english.has(SPANISH_SOURCE)).toBe(false);
		for (const typed of ["auditoría de contenido", "auditoria de contenido"]) {
			const spanish = await allMatches(typed);
			// Nothing the English form finds is lost, in its tier: the Spanish source is one more match,
			// holding the form's words adjacent (it says the form).
			expect(new Map([...spanish].filter(([id]) => id !== SPANISH_SOURCE)), typed).toEqual(english);
			expect(spanish.get(SPANISH_SOURCE), typed).toBe("adjacent");
		}
	});

	it("is not found by a Spanish form it does not hold", async () => {
		expect(ids(await search("enlaces internos"))).not.toContain(SPANISH_SOURCE);
	});
});
