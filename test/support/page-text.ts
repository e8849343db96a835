/** Reading the pages' HTML as text in the Workers-runtime tests. */
import type { Language } from "../../src/pages/language";

const ENTITIES: Record<string, string> = {
	"&amp;": "&",
	"&lt;": "<",
	"&gt;": ">",
	"&quot;": '"',
	"&#39;": "'",
};

/** The entities this server's own escaping writes, decoded. */
export const decodeEntities = (html: string): string =>
	html.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/** The text a reader sees: tags dropped, entities decoded (enough for this server's own markup). */
export const visibleText = (html: string): string => decodeEntities(html.replace(/<[^>]*>/g, ""));

/**
 * The visible text a reader reads as the page's own language: without the <head>, what is marked as
 * another language (lang="…" on an element, innermost first), and, unless `keepCode`, code, names
 * from the records (<bdi>), scripts and styles.
 */
export function textInLanguage(html: string, language: Language, keepCode = false): string {
	let text = html.replace(/<(script|style)\b[\s\S]*?<\/\1>/g, " ");
	if (!keepCode) text = text.replace(/<(pre|code|bdi)\b[\s\S]*?<\/\1>/g, " ");
	const other = new RegExp(
		`<([a-z0-9]+)\\b[^>]*\\blang="(?!${language}\\b)[^"]*"[^>]*>(?:(?!<\\1\\b)[\\s\\S])*?<\\/\\1>`,
		"g",
	);
	for (let before = ""; before !== text; ) {
		before = text;
		text = text.replace(other, " ");
	}
	return decodeEntities(text.replace(/<head>[\s\S]*?<\/head>/, " ").replace(/<[^>]*>/g, " "));
}
