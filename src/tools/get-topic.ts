import * as v from "valibot";
import { TOPIC_SAMPLE_CREATORS, TOPIC_SAMPLE_INSIGHTS, TOPIC_SAMPLE_SOURCES } from "../data/topics";
import { FreshnessSchema, PublicBoundarySchema, SourceRefSchema, TopicIdArgument } from "./shapes";
import { defineTool } from "./tool";
import { answerTopic } from "./topic-answer";

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
	guidance: { step: "follow" },
	startingArguments: { topic_id: "ai-overviews" },
	description: `One topic by its exact topic_id: how many public sources, creators and applied insights (reviewed evidence cards) the collection holds on it, with up to ${TOPIC_SAMPLE_SOURCES} sample sources, ${TOPIC_SAMPLE_CREATORS} creators and ${TOPIC_SAMPLE_INSIGHTS} insights. Counts are a bounded view of this collection, not of the web.`,
	input: Input,
	output: Output,
	run: answerTopic,
});
