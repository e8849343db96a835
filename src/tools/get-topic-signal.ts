import * as v from "valibot";
import { topicSignal } from "../data/aggregates";
import { GATE_NAMES, type GateName, SIGNAL_THRESHOLDS } from "../data/signal-gates";
import { findTopic } from "../data/topics";
import { FreshnessSchema, PUBLIC_BOUNDARY, PublicBoundarySchema, TopicIdArgument } from "./shapes";
import { defineTool } from "./tool";
import { topicNotFound } from "./topic-not-found";

const Input = v.strictObject({ topic_id: TopicIdArgument });

const Gate = v.object({ count: v.number(), threshold: v.number(), passed: v.boolean() });

const NOTE =
	"A deterministic evidence gate over the public collection: enough public sources, independent creators and applied insights. It is not a trend ranking, popularity measure or forecast.";

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
	description: `Deterministic evidence gate for one topic_id: "strong" only when the public collection holds at least ${SIGNAL_THRESHOLDS.sources} sources, ${SIGNAL_THRESHOLDS.creators} creators and ${SIGNAL_THRESHOLDS.applied_insights} applied insights on it; otherwise it names the gates that failed. Always returns the counts and when they were computed. Not a trend ranking.`,
	input: Input,
	output: Output,
	async run(args, { db }) {
		const topic = await findTopic(db, args.topic_id);
		if (topic === null) throw await topicNotFound(db, args.topic_id);
		const projected = await topicSignal(db, topic.topic_id);
		if (projected === null) {
			return {
				text: `${topic.label} (${topic.topic_id}): not yet projected. The topic was added after the last refresh; its gate is computed at the next one.`,
				structured: {
					topic_id: topic.topic_id,
					label: topic.label,
					signal: "not_yet_projected" as const,
					gates: null,
					failed_gates: [],
					computed: null,
					note: NOTE,
					public_boundary: PUBLIC_BOUNDARY,
				},
			};
		}
		const { counts, thresholds, failed } = projected;
		const gate = (name: GateName) => ({
			count: counts[name],
			threshold: thresholds[name],
			passed: !failed.includes(name),
		});
		const summary = GATE_NAMES.map((name) => `${name} ${counts[name]}/${thresholds[name]}`).join(", ");
		const when = projected.stamp.computed_at;
		const text =
			projected.signal === "strong"
				? `${topic.label} (${topic.topic_id}): strong evidence gate (${summary}), as of ${when}. Not a trend ranking.`
				: `${topic.label} (${topic.topic_id}): not strong; failed ${failed.join(", ")} (${summary}), as of ${when}.`;
		return {
			text,
			structured: {
				topic_id: topic.topic_id,
				label: topic.label,
				signal: projected.signal,
				gates: {
					sources: gate("sources"),
					creators: gate("creators"),
					applied_insights: gate("applied_insights"),
				},
				failed_gates: failed,
				computed: projected.stamp,
				note: NOTE,
				public_boundary: PUBLIC_BOUNDARY,
			},
		};
	},
});
