import * as v from "valibot";
import { GATE_NAMES, SIGNAL_THRESHOLDS } from "../data/signal-gates";
import { FreshnessSchema, PublicBoundarySchema, TopicIdArgument } from "./shapes";
import { defineTool } from "./tool";
import { answerTopicSignal } from "./topic-signal-answer";

const Input = v.strictObject({ topic_id: TopicIdArgument });

const Gate = v.object({ count: v.number(), threshold: v.number(), passed: v.boolean() });

const Output = v.object({
	topic_id: v.string(),
	label: v.string(),
	signal: v.pipe(
		v.picklist(["strong", "not_strong", "not_yet_projected"]),
		v.description(
			`strong only when public sources >= ${SIGNAL_THRESHOLDS.sources}, creators >= ${SIGNAL_THRESHOLDS.creators} and applied insights >= ${SIGNAL_THRESHOLDS.applied_insights}; not_yet_projected when the topic was added after the last refresh.`,
		),
	),
	gates: v.nullable(v.object({ sources: Gate, creators: Gate, applied_insights: Gate })),
	failed_gates: v.pipe(
		v.array(v.picklist(GATE_NAMES)),
		v.description("The gates below their threshold; empty when strong."),
	),
	computed: v.nullable(FreshnessSchema),
	note: v.string(),
	public_boundary: PublicBoundarySchema,
});

export const getTopicSignalTool = defineTool({
	name: "get_topic_signal",
	title: "Get a topic's evidence gate",
	guidance: { step: "follow" },
	startingArguments: { topic_id: "ai-overviews" },
	description: `Deterministic evidence gate for one topic_id: "strong" only when the public collection holds at least ${SIGNAL_THRESHOLDS.sources} sources, ${SIGNAL_THRESHOLDS.creators} creators and ${SIGNAL_THRESHOLDS.applied_insights} applied insights on it; otherwise it names the gates that failed. Always returns the counts and when they were computed. Not a trend ranking.`,
	input: Input,
	output: Output,
	run: answerTopicSignal,
});
