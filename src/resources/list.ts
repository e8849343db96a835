/**
 * resources/list: the manifest and the topics first, then the public sources page by page in id
 * order, never the whole collection in one answer. Creators are reached through their template
 * (and completion), not listed. Each page is one keyset read of public rows only
 * (src/data/resource-pages.ts), so neither its size nor its cursor reveals a hidden source.
 */
import { type SourcePage, sourcePage, topicPage } from "../data/resource-pages";
import { RESOURCE_PAGE_SIZE } from "../limits";
import { oneLine } from "../text/one-line";
import type { ToolContext } from "../tools/tool";
import { decodeCursor, encodeCursor, type ListPosition } from "./cursor";
import { MANIFEST_URI, resourceUri } from "./uris";

export const MARKDOWN = "text/markdown" as const;

interface ResourceDescriptor {
	uri: string;
	name: string;
	title: string;
	description: string;
	mimeType: string;
}

export interface ResourcePage {
	resources: ResourceDescriptor[];
	nextCursor?: string;
}

/** Thrown for a cursor this server did not issue. */
export class InvalidCursor extends Error {}

const MANIFEST: ResourceDescriptor = {
	uri: MANIFEST_URI,
	name: "manifest",
	title: "The Base2026 public collection",
	description:
		"What the collection holds (counts by dimension and platform, every topic id), its limits and when its counts were computed.",
	mimeType: MARKDOWN,
};

export async function listResources(cursor: unknown, { db }: Pick<ToolContext, "db">): Promise<ResourcePage> {
	let position: ListPosition = { phase: "topics", after: "" };
	if (cursor !== undefined) {
		const decoded = decodeCursor(cursor);
		if (decoded === null) throw new InvalidCursor("not a cursor this server issued");
		position = decoded;
	}
	if (position.phase === "topics") {
		const first = position.after === "";
		const room = RESOURCE_PAGE_SIZE - (first ? 1 : 0);
		const rows = await topicPage(db, position.after, room + 1);
		const shown = rows.slice(0, room);
		const resources = [
			...(first ? [MANIFEST] : []),
			...shown.map((t) => ({
				uri: resourceUri({ kind: "topic", id: t.topic_id }),
				name: t.topic_id,
				title: oneLine(t.label),
				description: `Topic ${t.topic_id}: counts, evidence gate and samples.`,
				mimeType: MARKDOWN,
			})),
		];
		const last = shown.at(-1);
		const next: ListPosition =
			rows.length > room && last !== undefined
				? { phase: "topics", after: last.topic_id }
				: { phase: "sources", after: "" };
		return { resources, nextCursor: encodeCursor(next) };
	}
	const page: SourcePage = await sourcePage(db, position.after, RESOURCE_PAGE_SIZE);
	const resources = page.rows.map((s) => ({
		uri: resourceUri({ kind: "source", id: s.source_id }),
		name: s.source_id,
		title: oneLine(s.title),
		description: oneLine(
			`By @${s.creator_handle} (${s.platform}, ${s.published_at}); passages and applied evidence cards.`,
		),
		mimeType: MARKDOWN,
	}));
	// The cursor names the last public source shown, never a row the page passed over.
	const last = page.rows.at(-1);
	return page.more && last !== undefined
		? { resources, nextCursor: encodeCursor({ phase: "sources", after: last.source_id }) }
		: { resources };
}
