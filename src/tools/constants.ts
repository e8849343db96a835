/**
 * Plain constants every answer carries, kept free of schema code so the answer functions and the
 * HTML pages can use them without loading the validation library.
 */
export const PLATFORMS = ["tiktok", "youtube_shorts", "instagram_reels"] as const;
export type Platform = (typeof PLATFORMS)[number];

/** What every result is, and is not. Constant, so agents can rely on its wording. */
export const PUBLIC_BOUNDARY = {
	scope: "Public, published records of the curated Base2026 collection of short-form practitioner videos.",
	excludes: [
		"unpublished or removed sources",
		"evidence cards that are not applied",
		"raw captions or ASR",
		"media",
		"private notes and credentials",
	],
	cite: ["original_url", "source_page_url"],
	do_not_present_as: [
		"a real-time ranking",
		"a complete corpus",
		"a full transcript",
		"independent confirmation of a creator's claim",
	],
};
