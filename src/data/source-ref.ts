/**
 * The columns every cited source carries, whichever tool lists it (tools/citations.ts turns a row
 * into a reference with both URLs), and their SELECT list over `sources s JOIN creators c`.
 */
export interface SourceRefRow {
	source_id: string;
	title: string;
	platform: string;
	creator_handle: string;
	published_at: string;
	original_url: string;
}

export const SOURCE_REF_COLUMNS =
	"s.source_id, s.title, s.platform, c.handle AS creator_handle, s.published_at, s.original_url";
