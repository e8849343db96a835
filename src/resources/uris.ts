/**
 * Resource URIs. The scheme is a custom one, `base2026://`, as the MCP spec advises when a client
 * reads a resource through the server rather than fetching it from the web itself: what a read
 * returns is a Markdown rendering of a tool's bounded answer, not the HTML page at source_page_url.
 * The https:// URLs stay what agents cite (original_url and source_page_url inside every rendering).
 *
 *   base2026://manifest               the collection: counts, freshness, topic ids, policy
 *   base2026://topics/{topic_id}      a topic with its evidence gate
 *   base2026://creators/{handle}      a public creator (handle without "@")
 *   base2026://sources/{source_id}    a public source with its passages and applied cards
 */

const SCHEME = "base2026:";

type ResourceKind = "manifest" | "topic" | "creator" | "source";

type ResourceRef = { kind: "manifest" } | { kind: "topic" | "creator" | "source"; id: string };

const SEGMENT: Record<Exclude<ResourceKind, "manifest">, string> = {
	topic: "topics",
	creator: "creators",
	source: "sources",
};

/** The longest URI this server reads; a longer one names nothing (ids are short). */
export const MAX_URI_CHARS = 512;

export const MANIFEST_URI = `${SCHEME}//manifest`;

export function resourceUri(ref: ResourceRef): string {
	if (ref.kind === "manifest") return MANIFEST_URI;
	return `${SCHEME}//${SEGMENT[ref.kind]}/${encodeURIComponent(ref.id)}`;
}

/** RFC 6570 templates for resources/templates/list, in the argument names completion answers for. */
export const URI_TEMPLATES = {
	source: `${SCHEME}//sources/{source_id}`,
	creator: `${SCHEME}//creators/{handle}`,
	topic: `${SCHEME}//topics/{topic_id}`,
} as const;

const PATTERN = /^base2026:\/\/(?:(manifest)|(topics|creators|sources)\/([^/?#]+))$/;

/** The resource a URI names, or null when it is not one of this server's URI shapes. */
export function parseResourceUri(uri: string): ResourceRef | null {
	if (uri.length > MAX_URI_CHARS) return null;
	const match = PATTERN.exec(uri);
	if (match === null) return null;
	if (match[1] === "manifest") return { kind: "manifest" };
	let id: string;
	try {
		id = decodeURIComponent(match[3] ?? "");
	} catch {
		return null;
	}
	if (id.trim().length === 0) return null;
	const kind = match[2] === "topics" ? "topic" : match[2] === "creators" ? "creator" : "source";
	return { kind, id };
}
