import type * as v from "valibot";

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
		const path = issue.path?.map((item) => String(item.key)).join(".") ?? "";
		if (issue.type === "strict_object" && issue.expected === "never" && path !== "") {
			return allowed.length === 0
				? `"${path}" is not an argument of ${name}: it takes none; send {}.`
				: `"${path}" is not an argument of ${name}; it takes ${allowed.join(", ")}.`;
		}
		if (issue.input === undefined && path !== "") return `${path} is required.`;
		return path !== "" && !issue.message.includes(path) ? `${path}: ${issue.message}` : issue.message;
	});
	return `Invalid arguments for ${name}: ${[...new Set(problems)].join(" ")}`;
}
