/** Valibot pieces of prompt arguments (strings, as MCP prompt arguments are). */
import * as v from "valibot";
import { HandleArgument, TopicIdArgument } from "../tools/shapes";

export { HandleArgument, TopicIdArgument };

export const ClaimArgument = v.pipe(
	v.string(),
	// Between two consecutive characters that are not spaces there are only spaces, so this matches
	// exactly when three are there, in time linear in the claim.
	v.regex(/\S\s*\S\s*\S/, "claim must hold at least 3 characters besides spaces."),
	v.maxCodePoints(500, "claim is at most 500 characters."),
	v.description("The claim to check, in one or two sentences."),
);

export const FocusArgument = v.pipe(
	v.string(),
	v.maxCodePoints(300, "focus is at most 300 characters."),
	v.description("Optional: a question or angle to focus the research on."),
);
