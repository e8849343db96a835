/**
 * A tool that exists only in the registry-extras test build (test/registry-extras/registry-lines.ts
 * adds it to src/tools/registry.ts by one line): it proves that a tool is its own file and one
 * registry line. It reads nothing and answers with the text it is sent.
 */
import * as v from "valibot";
import { stringArgument, visibleArgument } from "../../src/tools/shapes";
import { defineTool } from "../../src/tools/tool";

export const extraTool = defineTool({
	name: "extra_echo",
	title: "Echo a text (test only)",
	description: "Test only: answers with the text it is sent. Reads nothing.",
	guidance: { step: "follow" },
	startingArguments: { text: "hello" },
	input: v.strictObject({
		text: v.pipe(
			stringArgument(),
			v.maxCodePoints(100, "is at most 100 characters."),
			visibleArgument("text"),
			v.description("The text to echo."),
		),
	}),
	output: v.object({ echoed: v.pipe(v.string(), v.description("The text, as sent.")) }),
	async run(args) {
		return { text: `Echo: ${args.text}`, structured: { echoed: args.text } };
	},
});
