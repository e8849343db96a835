import type * as v from "valibot";
import { echoed } from "../text/one-line";

/** What a value of each schema type is, in the words an error names it with. */
const TYPE_WORDS: Readonly<Record<string, string>> = {
	string: "a string",
	number: "a number",
	boolean: "true or false",
	object: "a JSON object",
	strict_object: "a JSON object",
	array: "an array",
};

/** A value as an error names it: a string echoed (bounded, on one line), anything else by its type. */
export function describeValue(value: unknown): string {
	if (typeof value === "string") return `"${echoed(value)}"`;
	if (typeof value === "number" || typeof value === "boolean") return echoed(String(value));
	if (value === null) return "null";
	return Array.isArray(value) ? "an array" : typeof value === "object" ? "an object" : typeof value;
}

/**
 * Our own words for an issue whose schema step has no message of ours (valibot's defaults read
 * "Invalid type: Expected … but received …"): what the argument must be and what it was.
 */
function ownWords(issue: v.BaseIssue<unknown>): string {
	if (issue.kind === "schema")
		return `must be ${TYPE_WORDS[issue.type] ?? issue.type.replaceAll("_", " ")} (got ${describeValue(issue.input)}).`;
	return `is not valid: ${issue.type.replaceAll("_", " ")} ${describeValue(issue.requirement)} (got ${describeValue(issue.input)}).`;
}

/** valibot's default messages all begin like this; every message of ours is a predicate ("must …", "is …", "contains …"). */
const LIBRARY_MESSAGE = /^Invalid [a-z]+: /;

/**
 * One line naming what is wrong with a tool's or a prompt's arguments, in our words: an argument it
 * does not take (with the ones it does), a required one missing, or the argument's name followed by
 * what its schema step says of it ("limit is at most 20…", "platform must be one of …"). Every
 * schema message of a tool or prompt argument is such a predicate; a step without one is worded
 * here from the issue's type, so a library's wording never reaches the caller.
 */
export function describeArgumentIssues(
	name: string,
	schema: v.GenericSchema,
	issues: readonly v.BaseIssue<unknown>[],
): string {
	const entries = "entries" in schema ? schema.entries : undefined;
	const allowed = typeof entries === "object" && entries !== null ? Object.keys(entries) : [];
	const problems = issues.map((issue) => {
		// Argument names are the caller's text: echoed bounded, on one line.
		const path = echoed(issue.path?.map((item) => String(item.key)).join(".") ?? "");
		if (issue.type === "strict_object" && issue.expected === "never" && path !== "") {
			return allowed.length === 0
				? `"${path}" is not an argument of ${name}: it takes none; send {}.`
				: `"${path}" is not an argument of ${name}; it takes ${allowed.join(", ")}.`;
		}
		if (issue.input === undefined && path !== "") return `${path} is required.`;
		const predicate = LIBRARY_MESSAGE.test(issue.message) ? ownWords(issue) : issue.message;
		return path === "" ? `the arguments ${predicate}` : `${path} ${predicate}`;
	});
	return `Invalid arguments for ${name}: ${[...new Set(problems)].join(" ")}`;
}
