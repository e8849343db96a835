import * as v from "valibot";
import { getPublicSource } from "../data/sources";
import { MAX_CARDS, MAX_PASSAGES } from "../limits";
import { echoed } from "../text/one-line";
import { citeLine, toSourceRef } from "./citations";
import {
	PUBLIC_BOUNDARY,
	PublicBoundarySchema,
	SourceRefSchema,
	stringArgument,
	TopicRefSchema,
	visibleArgument,
} from "./shapes";
import { defineTool, ToolError } from "./tool";

const Input = v.strictObject({
	source_id: v.pipe(
		stringArgument(),
		v.minCodePoints(1, "must not be empty."),
		v.maxCodePoints(2048, "is at most 2048 characters."),
		visibleArgument("identifier"),
		v.description(
			"A Base2026 source id (from search_sources), or an alias of it: the platform's item, video or post id, or the original URL.",
		),
	),
});

const Output = v.object({
	source: v.object({
		...SourceRefSchema.entries,
		summary: v.string(),
		duration_seconds: v.number(),
		language: v.string(),
		creator: v.object({ handle: v.string(), display_name: v.string(), profile_url: v.string() }),
		topics: v.array(TopicRefSchema),
	}),
	passages: v.pipe(
		v.array(v.object({ ordinal: v.number(), start_ms: v.number(), end_ms: v.number(), text: v.string() })),
		v.description(`Public transcript passages in order, at most ${MAX_PASSAGES}. Not a full transcript.`),
	),
	passages_total: v.number(),
	evidence_cards: v.pipe(
		v.array(
			v.object({
				card_id: v.string(),
				topic_id: v.string(),
				claim: v.string(),
				evidence: v.string(),
				reviewed_at: v.nullable(v.string()),
			}),
		),
		v.description(
			`Applied (reviewed) evidence cards drawn from this source, at most ${MAX_CARDS}. A card records what the creator claims; it is not independent confirmation.`,
		),
	),
	evidence_cards_total: v.number(),
	public_boundary: PublicBoundarySchema,
});

export const getSourceTool = defineTool({
	name: "get_source",
	title: "Get a public source",
	guidance: { step: "follow", yields: "passages and applied evidence cards" },
	description: `One public source by its id or an alias (item id, video id, post id or original URL): metadata, creator, topics, up to ${MAX_PASSAGES} public transcript passages in order and up to ${MAX_CARDS} applied evidence cards. Cite original_url and source_page_url.`,
	input: Input,
	output: Output,
	async run(args, { db, publicBaseUrl }) {
		const wanted = args.source_id.trim();
		const detail = await getPublicSource(db, wanted);
		if (detail === null) {
			throw new ToolError(
				`No public source has the id or alias "${echoed(wanted)}". Use a source_id from search_sources, or search for the video's title or creator.`,
			);
		}
		const { source } = detail;
		const ref = toSourceRef(source, publicBaseUrl);
		const structured = {
			source: {
				...ref,
				summary: source.summary,
				duration_seconds: source.duration_seconds,
				language: source.language,
				creator: {
					handle: ref.creator_handle,
					display_name: source.creator_display_name,
					profile_url: source.creator_profile_url,
				},
				topics: detail.topics,
			},
			passages: detail.passages,
			passages_total: detail.passageCount,
			evidence_cards: detail.cards,
			evidence_cards_total: detail.cardCount,
			public_boundary: PUBLIC_BOUNDARY,
		};
		const text = [
			citeLine(ref),
			`${detail.passages.length} of ${detail.passageCount} public passages and ${detail.cards.length} of ${detail.cardCount} applied evidence cards.`,
		].join("\n");
		return { text, structured };
	},
});
