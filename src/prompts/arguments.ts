/** Valibot pieces of prompt arguments (strings, as MCP prompt arguments are). */
import * as v from "valibot";
import { HandleArgument, stringArgument, TopicIdArgument, visibleArgument } from "../tools/shapes";

export { HandleArgument, TopicIdArgument };

export const ClaimArgument = v.pipe(
	stringArgument(),
	// Between two consecutive characters that are not spaces there are only spaces, so this matches
	// exactly when three are there, in time linear in the claim.
	v.regex(/\S\s*\S\s*\S/, "must hold at least 3 characters besides spaces."),
	v.maxCodePoints(500, "is at most 500 characters."),
	visibleArgument("text"),
	v.description("The claim to check, in one or two sentences."),
);

export const FocusArgument = v.pipe(
	stringArgument(),
	v.maxCodePoints(300, "is at most 300 characters."),
	visibleArgument("text"),
	v.description("Optional: a question or angle to focus the research on."),
);
