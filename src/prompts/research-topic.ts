import * as v from "valibot";
import { SIGNAL_THRESHOLDS } from "../data/signal-gates";
import { findTopic } from "../data/topics";
import { resourceUri } from "../resources/uris";
import { markupFree, oneLine } from "../text/one-line";
import { topicNotFound } from "../tools/topic-not-found";
import { FocusArgument, TopicIdArgument } from "./arguments";
import { CITATION_RULES, definePrompt, PromptArgumentError, userText } from "./prompt";

const Args = v.strictObject({ topic_id: TopicIdArgument, focus: v.optional(FocusArgument) });

export const researchTopicPrompt = definePrompt({
	name: "research_topic",
	title: "Research a topic",
	description:
		"Research one topic of the collection: check its evidence gate, search and read its sources, and write a brief that cites both URLs of every source.",
	args: Args,
	startingArguments: { topic_id: "ai-overviews" },
	complete: { topic_id: "topic_id" },
	async get(args, { db }) {
		const topic = await findTopic(db, args.topic_id);
		if (topic === null) throw new PromptArgumentError((await topicNotFound(db, args.topic_id)).message);
		const focus = args.focus?.trim() ? ` Focus: ${args.focus.trim()}` : "";
		const text = [
			oneLine(
				`Research the topic "${topic.label}" (${topic.topic_id}) in the Base2026 collection of short-form SEO and AI search practitioner videos.${focus}`,
			),
			"",
			`1. Call get_topic_signal with topic_id "${topic.topic_id}". Report the gate as it is: "strong" only when the collection holds at least ${SIGNAL_THRESHOLDS.sources} public sources, ${SIGNAL_THRESHOLDS.creators} creators and ${SIGNAL_THRESHOLDS.applied_insights} applied insights on it. It is a threshold over this collection, not a trend or a popularity measure.`,
			`2. Call get_topic with topic_id "${topic.topic_id}" for counts and samples, then search_sources with topic_id "${topic.topic_id}" and the topic's key words (limit 10).`,
			"3. Read the most relevant sources with get_source (public passages and applied evidence cards), at most five.",
			"4. Write a short brief: what practitioners claim, where they agree or differ, each point attributed to a creator and a source. If the gate is not strong, say the evidence is thin.",
			"",
			CITATION_RULES,
			"",
			`The topic is also the resource ${resourceUri({ kind: "topic", id: topic.topic_id })}.`,
		].join("\n");
		return {
			description: markupFree(oneLine(`Research ${topic.label} (${topic.topic_id})`)),
			// The message holds no markup of its own: stored text in it shows as text (markupFree).
			messages: [userText(markupFree(text))],
		};
	},
});
