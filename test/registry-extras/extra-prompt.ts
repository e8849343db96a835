/**
 * A prompt that exists only in the registry-extras test build (added to src/prompts/registry.ts by
 * one line): it proves that a prompt is its own file and one registry line. It reads nothing.
 */
import * as v from "valibot";
import { definePrompt, userText } from "../../src/prompts/prompt";
import { stringArgument, visibleArgument } from "../../src/tools/shapes";

export const extraPrompt = definePrompt({
	name: "extra_ask",
	title: "Ask about a subject (test only)",
	description: "Test only: one message that asks about the subject it is sent.",
	args: v.strictObject({
		subject: v.pipe(
			stringArgument(),
			v.maxCodePoints(100, "is at most 100 characters."),
			visibleArgument("text"),
			v.description("What to ask about."),
		),
	}),
	startingArguments: { subject: "AI Overviews" },
	complete: {},
	async get(args) {
		return {
			description: `Ask about ${args.subject}`,
			messages: [userText(`Tell me about ${args.subject}.`)],
		};
	},
});
