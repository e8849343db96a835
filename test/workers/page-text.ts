/** Reading the pages' HTML as text in the Workers-runtime tests. */

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
