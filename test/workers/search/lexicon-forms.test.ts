/**
 * A lexicon form (npm run lexicon -- add) follows the rules of a caller's query: at most
 * MAX_TERM_TOKENS words as the tokenizer counts them (hyphens split words), nothing a reader cannot
 * see, and a group no larger than one command can apply; a refused group yields no rows at all, so
 * `add` writes nothing (it checks the group before it writes).
 */
import { describe, expect, it } from "vitest";
import lexiconFile from "../../../data/search-lexicon.json";
import {
	groupRows,
	LexiconError,
	type LexiconGroup,
	lexiconDifference,
	lexiconRows,
	MAX_GROUP_FORMS,
} from "../../../scripts/lib/lexicon-rows";
import { MAX_TERM_TOKENS } from "../../../src/search/query/parse";

const group = (forms: string[], note = ""): LexiconGroup => ({ forms, kind: "variant", note });
const spanish = (forms: string[]): LexiconGroup => ({ forms, kind: "spanish", note: "" });
const refusal = (g: LexiconGroup): string => {
	try {
		groupRows(g);
	} catch (error) {
		expect(error).toBeInstanceOf(LexiconError);
		return (error as Error).message;
	}
	throw new Error(`accepted ${JSON.stringify(g.forms).slice(0, 200)}`);
};

describe("lexicon forms", () => {
	it("are bounded in tokens as search counts them, not in spaces", () => {
		const hyphenated = Array.from({ length: 250 }, (_, i) => `w${i}`).join("-");
		expect(refusal(group([hyphenated, "short"]))).toContain(`at most ${MAX_TERM_TOKENS}`);
		const thirteen = Array.from({ length: MAX_TERM_TOKENS + 1 }, (_, i) => `t${i}`).join(".");
		expect(refusal(group(["seo", thirteen]))).toContain(`${MAX_TERM_TOKENS + 1} words`);
		const twelve = Array.from({ length: MAX_TERM_TOKENS }, (_, i) => `t${i}`).join("-");
		expect(groupRows(group(["seo", twelve]))).toHaveLength(2);
	});

	it("hold no control or invisible character, and neither does the note", () => {
		for (const [char, label] of [
			["\u0001", "U+0001"],
			["\u200B", "U+200B"],
			["\uFEFF", "U+FEFF"],
			["\u00AD", "U+00AD"],
			["\u202E", "U+202E"],
			["\u{E0041}", "U+E0041"],
		]) {
			expect(refusal(group([`AI${char}O`, "AI Overviews"]))).toContain(label);
			expect(refusal(group(["AIO", "AI Overviews"], `note ${char}`))).toContain(label);
		}
	});

	it(`a group holds at most ${MAX_GROUP_FORMS} forms, with a clear message`, () => {
		const forms = Array.from({ length: 30 }, (_, i) => `form${i}`);
		expect(refusal(group(forms))).toMatch(new RegExp(`at most ${MAX_GROUP_FORMS} forms.*30`));
		expect(groupRows(group(forms.slice(0, MAX_GROUP_FORMS)))).toHaveLength(
			MAX_GROUP_FORMS * (MAX_GROUP_FORMS - 1),
		);
	});

	it("the reviewed file keeps to the same rules", () => {
		for (const g of lexiconFile as LexiconGroup[]) expect(() => groupRows(g)).not.toThrow();
	});

	it("the reviewed file puts each form in one group: a form in two would join their meanings", () => {
		expect(() => lexiconRows(lexiconFile as LexiconGroup[])).not.toThrow();
		const aio = group(["AIO", "AI Overviews"]);
		expect(() => lexiconRows([aio, group(["AIO", "artificial intelligence overviews"])])).toThrow(
			/two groups/,
		);
		expect(() =>
			lexiconRows([
				aio,
				spanish(["AI Overviews", "resúmenes de IA"]),
				spanish(["AI answers", "resúmenes de IA"]),
			]),
		).toThrow(/two groups/);
		expect(() =>
			lexiconRows([spanish(["AI search", "búsqueda con IA"]), spanish(["búsqueda con IA", "buscar con IA"])]),
		).toThrow(/must not be a Spanish form itself/);
	});

	it("a Spanish group leads each Spanish form to the English form alone, never the other way", () => {
		const rows = groupRows(spanish(["internal links", "enlaces internos", "enlazado interno"]));
		// Keyed by the Spanish stems (issue 41): "enlace interno" is the same key.
		expect(rows.map((r) => [r.term_key, r.term, r.expansion, r.kind])).toEqual([
			["enlac intern", "enlaces internos", "internal links", "spanish"],
			["enlaz intern", "enlazado interno", "internal links", "spanish"],
		]);
		expect(refusal(spanish(["internal links", "enlaces internos", "enlace interno"]))).toContain(
			'"enlace interno" is the same words as "enlaces internos"',
		);
		// Searched as the English form's words, each of which must be one word as search counts them.
		expect(refusal(spanish(["click-through rate", "tasa de clics"]))).toContain("no hyphen");
		expect(groupRows(spanish(["click through rate", "tasa de clics"]))).toHaveLength(1);
		expect(refusal(spanish(["internal links", "internal link"]))).toContain("same words");
	});

	it("Spanish forms of two groups that share a stem are keyed as written, as the index stems them", () => {
		const rows = lexiconRows([
			spanish(["page", "página"]),
			spanish(["pagination", "paginación"]),
			spanish(["orphan pages", "páginas huérfanas"]),
		]);
		expect(rows.map((r) => [r.term_key, r.term])).toEqual([
			["pagin huerfan", "páginas huérfanas"],
			["pagina", "página"],
			["paginacion", "paginación"],
		]);
	});

	it("a table's difference from the file: rows it lacks, holds otherwise, or holds beyond the file", () => {
		const file = groupRows({ forms: ["AIO", "AI Overviews"], kind: "acronym", note: "" });
		const [aio, overviews] = file as [(typeof file)[0], (typeof file)[0]];
		const extra = groupRows(group(["quokka", "vellum"]));
		expect(lexiconDifference(file, file)).toEqual({ missing: [], changed: [], extra: [] });
		expect(lexiconDifference([{ ...aio, note: "edited live" }, ...extra], file)).toEqual({
			missing: [overviews],
			changed: [aio],
			extra,
		});
	});
});
