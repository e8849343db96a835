import type { SourceRefRow } from "../data/source-ref";
import { oneLine } from "../text/one-line";
import type { Platform, SourceRef } from "./shapes";

/** The Base2026 page for a source: the second link agents must cite beside the original URL. */
export function sourcePageUrl(publicBaseUrl: string, sourceId: string): string {
	return `${publicBaseUrl.replace(/\/+$/, "")}/sources/${encodeURIComponent(sourceId)}`;
}

export function toSourceRef(row: SourceRefRow, publicBaseUrl: string): SourceRef {
	return {
		source_id: row.source_id,
		title: row.title,
		platform: row.platform as Platform,
		creator_handle: `@${row.creator_handle}`,
		published_at: row.published_at,
		original_url: row.original_url,
		source_page_url: sourcePageUrl(publicBaseUrl, row.source_id),
	};
}

/** One line a person can read and click through: "Title" by @handle (platform, date) original_url | source_page_url. */
export function citeLine(ref: SourceRef): string {
	return oneLine(
		`"${ref.title}" by ${ref.creator_handle} (${ref.platform}, ${ref.published_at}) ${ref.original_url} | ${ref.source_page_url}`,
	);
}
