/**
 * What a search-tuning migration writes, from the tuning object (src/search/vocabulary/tuning.ts), and the
 * docs' stated figures it keeps equal: pure, so that the command (scripts/search-tuning.ts) and
 * test/workers/search/tuning.test.ts derive them the same way.
 */
import { rankFunction, type SearchTuning } from "../../src/search/vocabulary/tuning";
import { withMarked } from "./marked-facts";

const GENERATED_BEGIN =
	"-- BEGIN GENERATED from src/search/vocabulary/tuning.ts by `npm run search-tuning -- generate`: edit the object, not this.";
const GENERATED_END = "-- END GENERATED";

/** The statements that make the database hold the object's figures (search_settings and the index's rank). */
function tuningStatements(t: SearchTuning): string[] {
	return [
		`UPDATE search_settings SET pool = ${t.pool}, most_share = ${t.mostSourcesShare}, pools_per_refresh = ${t.poolsPerRefresh};`,
		// A pool longer than the new size is cut now; a shorter one is made whole by the next refreshes.
		`DELETE FROM search_pool_projection WHERE position > ${t.pool};`,
		`INSERT INTO search_index (search_index, rank) VALUES ('rank', '${rankFunction(t.weights)}');`,
	];
}

export const tuningBlock = (t: SearchTuning): string =>
	[GENERATED_BEGIN, ...tuningStatements(t), GENERATED_END].join("\n");

/** The generated block of a migration's text, or null when it has none. */
export function generatedBlock(sql: string): string | null {
	const start = sql.indexOf(GENERATED_BEGIN);
	const end = sql.indexOf(GENERATED_END);
	return start < 0 || end < start ? null : sql.slice(start, end + GENERATED_END.length);
}

/**
 * A figure the docs state, marked where it stands (./marked-facts.ts): `<!-- tuning:pool -->2,000<!-- /tuning -->`.
 * The marker names a key of the object; the text between is its value as prose writes it.
 */
export const FIGURE = /<!-- tuning:(\w+) -->([^<]*)<!-- \/tuning -->/g;

export const figureText = (t: SearchTuning, key: string): string => {
	const value = (t as unknown as Record<string, unknown>)[key];
	if (typeof value !== "number") throw new Error(`no numeric tuning figure "${key}"`);
	return value.toLocaleString("en");
};

/** Markdown with every marked figure written from the object. */
export const withFigures = (markdown: string, t: SearchTuning): string =>
	withMarked(markdown, "tuning", (key) => figureText(t, key));

/** The docs that state tuning figures. */
export const FIGURE_DOCS = ["README.md", "docs/contract.md", "docs/operations.md"] as const;
