/** tools/list and tools/call, the same in both eras; the era modules add their own envelope fields. */
import { echoed } from "../text/one-line";
import { findTool, TOOL_DESCRIPTORS } from "../tools/registry";
import { type CallToolResult, runTool } from "../tools/run-tool";
import type { ToolContext } from "../tools/tool";
import { invalidParams, refuseCursor } from "./jsonrpc";

const TOOL_NAMES = TOOL_DESCRIPTORS.map((t) => t.name).join(", ");

export function listTools(params: Record<string, unknown> | undefined): { tools: typeof TOOL_DESCRIPTORS } {
	refuseCursor("tools/list", params);
	return { tools: TOOL_DESCRIPTORS };
}

function toolNameOf(params: Record<string, unknown> | undefined): string {
	const name = params?.name;
	if (typeof name !== "string" || name.length === 0) {
		throw invalidParams("tools/call needs params.name: the tool to call.");
	}
	return name;
}

export async function callTool(
	params: Record<string, unknown> | undefined,
	context: ToolContext,
): Promise<CallToolResult> {
	const name = toolNameOf(params);
	const tool = findTool(name);
	if (tool === undefined) {
		throw invalidParams(`Unknown tool: "${echoed(name)}". The tools are ${TOOL_NAMES}.`);
	}
	return runTool(tool, params?.arguments, context);
}
