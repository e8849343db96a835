import * as v from "valibot";
import { CREATOR_TOPICS_LIMIT } from "../data/counts";
import { CREATOR_SAMPLE_SOURCES, readPublicCreator } from "../data/creators";
import { handleKey } from "../text/handle-key";
import { echoed, oneLine } from "../text/one-line";
import { toSourceRef } from "./citations";
import {
	FreshnessSchema,
	HandleArgument,
	PLATFORMS,
	PUBLIC_BOUNDARY,
	PublicBoundarySchema,
	SourceRefSchema,
} from "./shapes";
import { defineTool, ToolError } from "./tool";

const Input = v.strictObject({ handle: HandleArgument });

/** " Closest handles: @a, @b." after a not-found, or nothing: get_creator's and brief_creator's words. */
export const closestHandles = (suggestions: readonly string[]): string =>
	suggestions.length > 0 ? ` Closest handles: ${suggestions.map((h) => `@${h}`).join(", ")}.` : "";

const Output = v.object({
	creator: v.object({
		handle: v.string(),
		display_name: v.string(),
		platform: v.picklist(PLATFORMS),
		profile_url: v.string(),
		bio: v.string(),
	}),
	counts: v.pipe(
		v.nullable(
			v.object({
				public_sources: v.number(),
				topic_count: v.number(),
				topics: v.pipe(
					v.array(v.object({ topic_id: v.string(), label: v.string(), source_count: v.number() })),
					v.description(`The creator's most covered topics, at most ${CREATOR_TOPICS_LIMIT}.`),
				),
				computed: FreshnessSchema,
			}),
		),
		v.description(
			"Counts over this curated collection only; null when the creator was added after the last projection refresh.",
		),
	),
	sample_sources: v.pipe(
		v.array(SourceRefSchema),
		v.description(
			`The creator's latest public sources, at most ${CREATOR_SAMPLE_SOURCES}. Use search_sources with creator_handle for more.`,
		),
	),
	public_boundary: PublicBoundarySchema,
});

export const getCreatorTool = defineTool({
	name: "get_creator",
	title: "Get a creator",
	guidance: { step: "follow" },
	description: `Public metadata for one creator by handle (with or without "@", any case): profile link, how many public sources they have, their most covered topics with counts, and up to ${CREATOR_SAMPLE_SOURCES} recent source samples. Counts cover this curated collection only, not the creator's whole output.`,
	input: Input,
	output: Output,
	async run(args, { db, publicBaseUrl }) {
		const key = handleKey(args.handle);
		const { creator, counts, samples, suggestions } =
			key.length === 0
				? { creator: null, counts: null, samples: [], suggestions: [] }
				: await readPublicCreator(db, key);
		if (creator === null) {
			throw new ToolError(
				`No public creator has the handle "${echoed(args.handle)}".${closestHandles(suggestions)} search_sources shows creator handles next to each source.`,
			);
		}
		const structured = {
			creator: {
				handle: `@${creator.handle}`,
				display_name: creator.display_name,
				platform: creator.platform as (typeof PLATFORMS)[number],
				profile_url: creator.profile_url,
				bio: creator.bio,
			},
			counts:
				counts === null
					? null
					: {
							public_sources: counts.public_sources,
							topic_count: counts.topic_count,
							topics: counts.topics,
							computed: counts.stamp,
						},
			sample_sources: samples.map((row) => toSourceRef(row, publicBaseUrl)),
			public_boundary: PUBLIC_BOUNDARY,
		};
		const who = `@${creator.handle} (${creator.display_name}, ${creator.platform})`;
		const text = oneLine(
			counts === null
				? `${who}: counts not yet projected (the creator was added after the last refresh); ${samples.length} recent public sources attached.`
				: `${who}: ${counts.public_sources} public source${counts.public_sources === 1 ? "" : "s"} in the collection${
						counts.topics.length > 0
							? `; top topics ${counts.topics
									.slice(0, 3)
									.map((t) => `${t.topic_id} (${t.source_count})`)
									.join(", ")}`
							: ""
					}. Counts as of ${counts.stamp.computed_at}.`,
		);
		return { text, structured };
	},
});
