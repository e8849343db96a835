/**
 * get_topic_signal's answer, apart from its schemas: the projected gate of one topic, or a clear
 * "not yet projected" for a topic added after the last refresh.
 */
import { topicSignal } from "../data/aggregates";
import { GATE_NAMES, type GateName } from "../data/signal-gates";
import { oneLine } from "../text/one-line";
import { PUBLIC_BOUNDARY } from "./constants";
import type { ToolContext } from "./tool";
import { readTopic } from "./topic-not-found";

const NOTE =
	"A deterministic evidence gate over the public collection: enough public sources, independent creators and applied insights. It is not a trend ranking, popularity measure or forecast.";

export async function answerTopicSignal(args: { topic_id: string }, { db }: Pick<ToolContext, "db">) {
	const { topic, projected } = await readTopic(db, args.topic_id, () => topicSignal(db, args.topic_id));
	if (projected === null) {
		return {
			text: oneLine(
				`${topic.label} (${topic.topic_id}): not yet projected. The topic was added after the last refresh; its gate is computed at the next one.`,
			),
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
	const text = oneLine(
		projected.signal === "strong"
			? `${topic.label} (${topic.topic_id}): strong evidence gate (${summary}), as of ${when}. Not a trend ranking.`
			: `${topic.label} (${topic.topic_id}): not strong; failed ${failed.join(", ")} (${summary}), as of ${when}.`,
	);
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
}
