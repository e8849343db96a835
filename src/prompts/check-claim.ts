import * as v from "valibot";
import { findTopic } from "../data/topics";
import { markupFree, oneLine } from "../text/one-line";
import { topicNotFound } from "../tools/topic-not-found";
import { ClaimArgument, TopicIdArgument } from "./arguments";
import { CITATION_RULES, definePrompt, PromptArgumentError, userText } from "./prompt";

const Args = v.strictObject({
	claim: ClaimArgument,
	topic_id: v.optional(
		v.pipe(TopicIdArgument, v.description("Optional: only look at sources on this topic.")),
	),
});

export const checkClaimPrompt = definePrompt({
	name: "check_claim",
	title: "Check a claim against the collection",
	description:
		"Check what the collection's practitioners say about one claim: search, read the closest sources, and answer supported, contradicted, mixed or not covered, with both URLs of every source.",
	args: Args,
	startingArguments: { claim: "Schema markup gets pages cited in AI Overviews" },
	complete: { topic_id: "topic_id" },
	async get(args, { db }) {
		if (args.topic_id !== undefined && (await findTopic(db, args.topic_id)) === null)
			throw new PromptArgumentError((await topicNotFound(db, args.topic_id)).message);
		const filter = args.topic_id === undefined ? "" : ` with topic_id "${args.topic_id}"`;
		const text = [
			"Check this claim against the Base2026 collection of short-form SEO and AI search practitioner videos:",
			"",
			`> ${markupFree(oneLine(args.claim.trim()))}`,
			"",
			`1. Call search_sources${filter} with the claim's key words; try two or three phrasings (limit 10 each).`,
			"2. Read the closest hits with get_source, at most five, and compare their public passages and applied evidence cards with the claim.",
			"3. Answer in one line first: supported, contradicted, mixed, or not covered by this collection; then the sources, each with what it says.",
			"4. A match means practitioners in this collection say so, not that the claim is true; no match is not a disproof (the collection is curated and bounded).",
			"",
			CITATION_RULES,
		].join("\n");
		return { description: "Check a claim against the collection", messages: [userText(text)] };
	},
});
