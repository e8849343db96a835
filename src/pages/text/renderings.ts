/**
 * Another language's rendering of English the server sends agents (tool, prompt and resource
 * descriptions, the error table, the public boundary). The English stays what agents receive; a
 * rendering is what a person reads in the guide. Each keeps the fingerprint of the English it was
 * written from, so when the English changes, test/workers/pages/languages.test.ts names every
 * rendering to review instead of letting the page describe a tool that no longer exists.
 */

/** [fingerprint of the English it renders, the rendering]. */
type Rendering = readonly [from: string, text: string];

/** The same shape as T, with a Rendering wherever T has a string. */
export type Rendered<T> = T extends string
	? Rendering
	: T extends readonly (infer U)[]
		? readonly Rendered<U>[]
		: { readonly [K in keyof T]: Rendered<T[K]> };

/** FNV-1a (32 bits) of the English, as 8 hex digits: enough to notice an edit, short enough to read. */
function fingerprint(english: string): string {
	let hash = 0x811c9dc5;
	for (let i = 0; i < english.length; i++) {
		hash ^= english.charCodeAt(i);
		hash = Math.imul(hash, 0x01000193) >>> 0;
	}
	return hash.toString(16).padStart(8, "0");
}

const isRendering = (value: unknown): value is Rendering =>
	Array.isArray(value) && value.length === 2 && typeof value[0] === "string" && typeof value[1] === "string";

/** The renderings' text, in T's shape. */
export function textOf<T>(rendered: Rendered<T>): T {
	if (isRendering(rendered)) return rendered[1] as T;
	if (Array.isArray(rendered)) return rendered.map((item) => textOf(item)) as T;
	return Object.fromEntries(
		Object.entries(rendered as Record<string, unknown>).map(([key, value]) => [
			key,
			textOf(value as Rendered<unknown>),
		]),
	) as T;
}

/**
 * Where a rendering no longer matches its English: a missing or extra entry, or English edited since
 * it was rendered. Empty when every rendering is current. Paths name the entry ("search_sources.args.query").
 */
export function staleRenderings(english: unknown, rendered: unknown, path = ""): string[] {
	if (typeof english === "string") {
		if (!isRendering(rendered)) return [`${path}: no rendering of ${JSON.stringify(english)}`];
		const now = fingerprint(english);
		return rendered[0] === now
			? []
			: [
					`${path}: rendered from English ${rendered[0]}, the English is now ${now}: ${JSON.stringify(english)}`,
				];
	}
	if (typeof english !== "object" || english === null) return [`${path}: not text`];
	if (typeof rendered !== "object" || rendered === null || isRendering(rendered))
		return [`${path}: no rendering`];
	const problems: string[] = [];
	const keys = new Set([...Object.keys(english), ...Object.keys(rendered)]);
	for (const key of keys) {
		const at = path === "" ? key : `${path}.${key}`;
		if (!Object.hasOwn(english, key)) problems.push(`${at}: rendered, but the English has no such entry`);
		else
			problems.push(
				...staleRenderings(
					(english as Record<string, unknown>)[key],
					(rendered as Record<string, unknown>)[key],
					at,
				),
			);
	}
	return problems;
}
