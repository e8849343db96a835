/**
 * Runs one tool call: validates the arguments with the tool's valibot schema, runs the handler, and
 * shapes the CallToolResult. Argument problems and ToolErrors become `isError: true` results that
 * say what to change; any other failure is reported as a degraded service, never as an empty answer.
 */
import * as v from "valibot";
import { markupFree, oneLine } from "../text/one-line";
import { describeArgumentIssues } from "./argument-issues";
import { type Tool, type ToolContext, ToolError } from "./tool";

export interface CallToolResult {
	[key: string]: unknown;
	content: { type: "text"; text: string }[];
	structuredContent?: Record<string, unknown>;
	isError?: boolean;
}

export const DEGRADED_MESSAGE =
	"The Base2026 collection could not be read just now (the service is degraded). Nothing was found or ruled out: try the same call again in a minute.";

/**
 * Every error is one line; the arguments and the suggestions it may echo cannot add another. Every
 * text block, a result's or an error's, is free of markup (markupFree): a title holding
 * "</script><script>" shows as text in a client that renders the block as Markdown or HTML.
 */
const errorResult = (text: string): CallToolResult => ({
	content: [{ type: "text", text: markupFree(oneLine(text)) }],
	isError: true,
});

export async function runTool(
	tool: Tool,
	rawArguments: unknown,
	context: ToolContext,
): Promise<CallToolResult> {
	const argumentsObject = rawArguments ?? {};
	if (typeof argumentsObject !== "object" || Array.isArray(argumentsObject)) {
		return errorResult(`Invalid arguments for ${tool.name}: "arguments" must be a JSON object.`);
	}
	const parsed = v.safeParse(tool.input, argumentsObject);
	if (!parsed.success) return errorResult(describeArgumentIssues(tool.name, tool.input, parsed.issues));
	try {
		const answer = await tool.run(parsed.output, context);
		return {
			content: [{ type: "text", text: markupFree(answer.text) }],
			structuredContent: answer.structured as Record<string, unknown>,
		};
	} catch (error) {
		if (error instanceof ToolError) return errorResult(error.message);
		console.error(JSON.stringify({ event: "tool_failed", tool: tool.name, error: String(error) }));
		return errorResult(DEGRADED_MESSAGE);
	}
}
