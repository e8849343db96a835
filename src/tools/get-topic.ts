import * as v from "valibot";
import { topicView } from "../data/aggregates";
import { TOPIC_SAMPLE_CREATORS, TOPIC_SAMPLE_INSIGHTS, TOPIC_SAMPLE_SOURCES } from "../data/topics";
import { toSourceRef } from "./citations";
import { oneLine } from "./one-line";
import {
	FreshnessSchema,
	PUBLIC_BOUNDARY,
	PublicBoundarySchema,
	SourceRefSchema,
	TopicIdArgument,
} from "./shapes";
import { defineTool } from "./tool";
import { readTopic } from "./topic-not-found";

const Input = v.strictObject({ topic_id: TopicIdArgument });

const Output = v.object({
	topic: v.object({ topic_id: v.string(), label: v.string(), description: v.string() }),
	counts: v.pipe(
		v.nullable(
			v.object({
				public_sources: v.number(),
				creators: v.number(),
				applied_insights: v.number(),
				computed: FreshnessSchema,
			}),
		),
		v.description(
			"Counts over this curated collection only; null when the topic was added after the last projection refresh.",
		),
	),
	sample_sources: v.pipe(
		v.array(SourceRefSchema),
		v.description(`Latest public sources, at most ${TOPIC_SAMPLE_SOURCES}.`),
	),
	sample_creators: v.pipe(
		v.array(v.object({ handle: v.string(), display_name: v.string(), source_count: v.number() })),
		v.description(`Creators with the most public sources on the topic, at most ${TOPIC_SAMPLE_CREATORS}.`),
	),
	sample_insights: v.pipe(
		v.array(
			v.object({
				card_id: v.string(),
				source_id: v.string(),
				claim: v.string(),
				reviewed_at: v.nullable(v.string()),
			}),
		),
		v.description(
			`Latest applied evidence cards on the topic, at most ${TOPIC_SAMPLE_INSIGHTS}. Claims are the creators', not confirmed facts.`,
		),
	),
	public_boundary: PublicBoundarySchema,
});

export const getTopicTool = defineTool({
	name: "get_topic",
	title: "Get a topic",
	description: `One topic by its exact topic_id: how many public sources, creators and applied insights (reviewed evidence cards) the collection holds on it, with up to ${TOPIC_SAMPLE_SOURCES} sample sources, ${TOPIC_SAMPLE_CREATORS} creators and ${TOPIC_SAMPLE_INSIGHTS} insights. Counts are a bounded view of this collection, not of the web.`,
	input: Input,
	output: Output,
	async run(args, { db, publicBaseUrl }) {
		const { topic, counts, samples } = await readTopic(db, args.topic_id, () => topicView(db, args.topic_id));
		const structured = {
			topic: { topic_id: topic.topic_id, label: topic.label, description: topic.description },
			counts:
				counts === null
					? null
					: {
							public_sources: counts.public_sources,
							creators: counts.creators,
							applied_insights: counts.applied_insights,
							computed: counts.stamp,
						},
			sample_sources: samples.sources.map((row) => toSourceRef(row, publicBaseUrl)),
			sample_creators: samples.creators.map((c) => ({ ...c, handle: `@${c.handle}` })),
			sample_insights: samples.insights,
			public_boundary: PUBLIC_BOUNDARY,
		};
		const text = oneLine(
			counts === null
				? `${topic.label} (${topic.topic_id}): counts not yet projected (the topic was added after the last refresh).`
				: `${topic.label} (${topic.topic_id}): ${counts.public_sources} public sources from ${counts.creators} creators, ${counts.applied_insights} applied insights, as of ${counts.stamp.computed_at}.`,
		);
		return { text, structured };
	},
});
