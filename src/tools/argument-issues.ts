import type * as v from "valibot";
import { echoed } from "./one-line";

/**
 * One line naming what is wrong with a tool's or a prompt's arguments: an argument it does not take
 * (with the ones it does), a required one missing, or the schema's own message with its path.
 */
export function describeArgumentIssues(
	name: string,
	schema: v.GenericSchema,
	issues: readonly v.BaseIssue<unknown>[],
): string {
	const allowed = Object.keys((schema as unknown as { entries?: Record<string, unknown> }).entries ?? {});
	const problems = issues.map((issue) => {
		// Argument names and received values are the caller's text: echoed bounded, on one line.
		const path = echoed(issue.path?.map((item) => String(item.key)).join(".") ?? "");
		const message =
			typeof issue.received === "string" && issue.received.length > 0
				? issue.message.replace(issue.received, echoed(issue.received))
				: issue.message;
		if (issue.type === "strict_object" && issue.expected === "never" && path !== "") {
			return allowed.length === 0
				? `"${path}" is not an argument of ${name}: it takes none; send {}.`
				: `"${path}" is not an argument of ${name}; it takes ${allowed.join(", ")}.`;
		}
		if (issue.input === undefined && path !== "") return `${path} is required.`;
		return path !== "" && !message.includes(path) ? `${path}: ${message}` : message;
	});
	return `Invalid arguments for ${name}: ${[...new Set(problems)].join(" ")}`;
}
