/**
 * Facts the docs state, marked where they stand and rewritten from the code: `<!-- NS:key -->text<!-- /NS -->`,
 * inline or spanning lines (a table, a list). The namespace says which source writes them: `tuning`
 * (search's tuning object, scripts/lib/search-tuning-sql.ts) and `fact` (constants and registries,
 * scripts/lib/doc-facts.ts). Pure: the commands that write them and the Workers tests that hold the
 * docs to them derive them the same way.
 */

/** Every marked fact of one namespace: [whole marker, key, text]. */
export const markedIn = (markdown: string, namespace: string): RegExpMatchArray[] => [
	...markdown.matchAll(new RegExp(`<!-- ${namespace}:([\\w-]+) -->([\\s\\S]*?)<!-- /${namespace} -->`, "g")),
];

/** Markdown with every marked fact of the namespace written from `textOf(key)`. */
export function withMarked(markdown: string, namespace: string, textOf: (key: string) => string): string {
	return markdown.replace(
		new RegExp(`<!-- ${namespace}:([\\w-]+) -->([\\s\\S]*?)<!-- /${namespace} -->`, "g"),
		(_, key: string) => `<!-- ${namespace}:${key} -->${textOf(key)}<!-- /${namespace} -->`,
	);
}
