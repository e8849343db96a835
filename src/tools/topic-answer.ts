/**
 * get_topic's answer, apart from its schemas: the topic, its projected counts (null for a topic added
 * after the last refresh) and its samples.
 */
import { topicView } from "../data/aggregates";
import { oneLine } from "../text/one-line";
import { toSourceRef } from "./citations";
import { PUBLIC_BOUNDARY } from "./constants";
import type { ToolContext } from "./tool";
import { readTopic } from "./topic-not-found";

export async function answerTopic(args: { topic_id: string }, { db, publicBaseUrl }: ToolContext) {
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
}
