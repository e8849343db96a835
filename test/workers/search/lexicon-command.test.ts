/**
 * The operator's lexicon edges: `npm run lexicon -- remove` of 30 forms once printed about 133 KB of
 * SQL (one DELETE per ordered pair, 870 of them) and failed with no reason, since no wrangler
 * command could carry it; now the pairs are made in SQL from the forms, and a command too long for
 * one statement is refused before anything runs, saying why. And `add "…" "seo*"` was accepted with
 * the key "seo", so every search for seo expanded to that group: a form search would read as a common
 * word is refused. The SQL runs here on the real D1 engine; the wrangler path is in
 * test/commands/operations.test.ts.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { inlineStatement, MAX_STATEMENT_BYTES } from "../../../scripts/corpus/statements";
import {
	groupRows,
	insertRow,
	LexiconError,
	type LexiconRow,
	lexiconCommand,
	pairRows,
	removePairs,
} from "../../../scripts/lib/lexicon-rows";

const FORMS = Array.from({ length: 30 }, (_, i) => `zqlex form ${String.fromCharCode(97 + (i % 26))}${i}`);

describe("lexicon remove: SQL that grows with the forms, not with their pairs", () => {
	it("30 forms make a command of a few KB that removes all 870 pair rows and nothing else", async () => {
		const rows: LexiconRow[] = [];
		for (let g = 0; g < FORMS.length; g += 6)
			rows.push(...groupRows({ forms: FORMS.slice(g, g + 6), kind: "variant", note: "edge test" }));
		// Every ordered pair of the 30, as rows: more than any one add makes, to remove in one command.
		const all = new Map(rows.map((r) => [`${r.term_key}|${r.expansion}`, r]));
		for (const term of FORMS)
			for (const expansion of FORMS)
				if (term !== expansion) {
					const [row] = groupRows({ forms: [term, expansion], kind: "variant", note: "edge test" });
					if (row) all.set(`${row.term_key}|${row.expansion}`, row);
				}
		expect(all.size).toBe(870);
		await env.DB.batch([...all.values()].map((r) => env.DB.prepare(inlineStatement(insertRow(r)))));
		const count = async () =>
			(await env.DB.prepare("SELECT COUNT(*) AS n FROM search_lexicon").first<{ n: number }>())?.n ?? 0;
		const before = await count();

		const sql = lexiconCommand([removePairs(FORMS)], FORMS);
		expect(new TextEncoder().encode(sql).byteLength).toBeLessThan(10_000);
		await env.DB.prepare(inlineStatement(removePairs(FORMS))).run();
		const left = await env.DB.prepare(inlineStatement(pairRows(FORMS))).all();
		expect(left.results).toEqual([]);
		expect(await count()).toBe(before - 870);
	});

	it("a command that would not fit one statement is refused before anything runs, saying why", () => {
		const many = Array.from({ length: 2_000 }, (_, i) => `a rather long lexicon form number ${i} of many`);
		expect(() => lexiconCommand([removePairs(many)], many)).toThrow(LexiconError);
		expect(() => lexiconCommand([removePairs(many)], many)).toThrow(
			new RegExp(
				`^these 2000 forms make \\d+ KB of SQL, and one command carries at most ${MAX_STATEMENT_BYTES / 1000} KB .*nothing was changed`,
			),
		);
	});
});

describe("lexicon add: a form search would read as a common word is refused", () => {
	const add =
		(...forms: string[]) =>
		() =>
			groupRows({ forms, kind: "variant", note: "" });

	it("a word that ends in a wildcard: seo* would be the key seo", () => {
		for (const form of ["seo*", "SEO *", "ai search*"])
			expect(add("search engine optimisation", form), form).toThrow(
				/ends a word in "\*": search has no wildcards/,
			);
		expect(add("search engine optimisation", "seo*")).toThrow(/every search for "seo" would expand/);
	});

	it("only stop words, or one character", () => {
		expect(add("the", "el")).toThrow(/"the" is only stop words/);
		expect(add("how to", "howto guide")).toThrow(/"how to" is only stop words/);
		expect(add("C++", "cplusplus")).toThrow(/reduces to the one-character word "c"/);
	});

	it("and still takes multi-word forms holding stop words, in Spanish too", () => {
		for (const forms of [
			["AI search", "búsqueda con IA"],
			["Google Business Profile", "perfil de empresa de Google"],
			["return on investment", "ROI"],
			["IA", "inteligencia artificial"],
		])
			expect(add(...forms)().length, forms.join(" = ")).toBe(2);
	});
});
