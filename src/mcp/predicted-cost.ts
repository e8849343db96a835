/**
 * What each message of a POST body is predicted to cost the database, before anything runs or
 * reads: the route charges it at admission (COSTLY_REQUEST in src/limits.ts). A tools/call of a tool that
 * predicts its cost (Tool.cost) is asked, with arguments its schema accepts; every other message,
 * and a call its schema refuses (it will read nothing), is a bounded read or none: 0.
 */
import * as v from "valibot";
import { findTool } from "../tools/registry";
import { chargedMessages } from "./endpoint";
import { classifyMessage } from "./jsonrpc";

function messageCost(element: unknown): number {
	const message = classifyMessage(element);
	if (message.kind !== "request" || message.message.method !== "tools/call") return 0;
	const params = message.message.params as Record<string, unknown> | undefined;
	const tool = typeof params?.name === "string" ? findTool(params.name) : undefined;
	if (tool?.cost === undefined) return 0;
	const parsed = v.safeParse(tool.input, params?.arguments ?? {});
	return parsed.success ? tool.cost(parsed.output) : 0;
}

/** One prediction per message the body is charged (chargedMessages), in order; D1 milliseconds. Reads nothing. */
export function predictedCosts(body: unknown, headers: Headers): number[] {
	if (!Array.isArray(body)) return [messageCost(body)];
	// A batch refused whole runs none of its elements.
	if (chargedMessages(body, headers) !== body.length) return [0];
	return body.map(messageCost);
}
