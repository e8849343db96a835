/**
 * Valibot pieces shared by several tools' schemas: the public boundary, a source reference with its
 * citation links, and the freshness stamp of counts. Each tool's JSON Schema is derived from these.
 */
import * as v from "valibot";
import { describeHiddenCharacter, findHiddenCharacter } from "../text/hidden-characters";
import { describeValue } from "./argument-issues";
import { PLATFORMS } from "./constants";

export { PLATFORMS, type Platform, PUBLIC_BOUNDARY } from "./constants";

export const PublicBoundarySchema = v.pipe(
	v.object({
		scope: v.string(),
		excludes: v.array(v.string()),
		cite: v.array(v.string()),
		do_not_present_as: v.array(v.string()),
	}),
	v.description("What this data is and is not. Cite both URLs of every source you use."),
);

/**
 * A picklist whose refusal names every allowed value, and the right spelling of one sent in another
 * case or with spaces around it ("TikTok" is "tiktok").
 */
function oneOf<const T extends readonly string[]>(options: T) {
	const listed = options.map((o) => `"${o}"`).join(", ");
	return v.picklist(options, (issue) => {
		const near =
			typeof issue.input === "string"
				? options.find((o) => o === (issue.input as string).trim().toLowerCase())
				: undefined;
		return near === undefined
			? `must be one of ${listed} (got ${describeValue(issue.input)}).`
			: `must be one of ${listed}, spelled exactly: send "${near}", not ${describeValue(issue.input)}.`;
	});
}

/** Spaces, tabs and line breaks around an id or a handle: what a copy and paste brings along, ignored. */
const SURROUNDING = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/**
 * The one policy for a caller's strings (src/text/hidden-characters.ts) as a step of an argument's
 * schema: an argument that names a record (an id, a handle) holds nothing invisible at all (ASCII
 * whitespace around it aside), free text (a query, a claim) what one line of text may, its line
 * breaks, tabs and spaces read as spaces. A character it refuses is named with its place, never
 * removed: the caller sees what it sent.
 */
export const visibleArgument = (kind: "identifier" | "text") =>
	v.rawCheck<string>(({ dataset, addIssue }) => {
		if (!dataset.typed) return;
		const value =
			kind === "identifier"
				? dataset.value.replace(SURROUNDING, (run) => " ".repeat(run.length))
				: dataset.value;
		const hit = findHiddenCharacter(value, kind);
		if (hit !== null) addIssue({ message: `${describeHiddenCharacter(hit)}; remove it.` });
	});

/** A string argument, refused in our words when it is not one. */
export const stringArgument = () =>
	v.string((issue) => `must be a string (got ${describeValue(issue.input)}).`);

/** A number argument, refused in our words when it is not one. */
export const numberArgument = () =>
	v.number((issue) => `must be a number (got ${describeValue(issue.input)}).`);

export const PlatformSchema = v.pipe(
	oneOf(PLATFORMS),
	v.description("Platform of the original video: tiktok, youtube_shorts or instagram_reels."),
);

/** A source as cited: enough to quote it and link both the original and the Base2026 page. */
export const SourceRefSchema = v.object({
	source_id: v.string(),
	title: v.string(),
	platform: v.picklist(PLATFORMS),
	creator_handle: v.string(),
	published_at: v.string(),
	original_url: v.string(),
	source_page_url: v.string(),
});
export type SourceRef = v.InferOutput<typeof SourceRefSchema>;

/** When a count was computed, and from what: a projection refresh, or the public tables at call time. */
export const FreshnessSchema = v.pipe(
	v.object({
		computed_at: v.string(),
		basis: v.picklist(["projection", "live"]),
		refresh_id: v.nullable(v.number()),
	}),
	v.description("When these counts were computed. Counts are a bounded view of the public collection."),
);

export const TopicRefSchema = v.object({ topic_id: v.string(), label: v.string() });

/**
 * Tool argument pieces reused across tools. String lengths count characters (code points), as JSON
 * Schema's minLength/maxLength do (src/tools/registry.ts publishes them as those), not UTF-16 units.
 * Messages are predicates: the error puts the argument's name before them (argument-issues.ts).
 */
export const TopicIdArgument = v.pipe(
	stringArgument(),
	v.minCodePoints(1, "must not be empty."),
	v.maxCodePoints(100, "is at most 100 characters."),
	visibleArgument("identifier"),
	v.description(
		'Exact topic id, a lower-case slug such as "ai-overviews". get_public_manifest and search results show them.',
	),
);

export const HandleArgument = v.pipe(
	stringArgument(),
	v.minCodePoints(1, "must not be empty."),
	v.maxCodePoints(100, "is at most 100 characters."),
	visibleArgument("identifier"),
	v.description('Creator handle, with or without "@"; case does not matter.'),
);
