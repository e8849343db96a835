/**
 * What each message of a POST body is predicted to cost the database, before anything runs or
 * reads: the route charges it at admission (COSTLY_REQUEST in src/limits.ts) and the database gate
 * meters what keeps the database busy (DATABASE_GATE). A tools/call of a tool that predicts its cost
 * (Tool.cost, a search) is asked, with arguments its schema accepts; any other method that reads
 * the database (its `depth` in the method table) is a bounded read (BOUNDED_READ_MS); a method
 * answered from constants, a notification, a response, an invalid element or a call its schema
 * refuses reads nothing.
 */
import * as v from "valibot";
import { admissionUnits, BOUNDED_READ_MS } from "../limits";
import { findTool } from "../tools/registry";
import { chargedMessages } from "./endpoint";
import { classifyMessage } from "./jsonrpc";
import { methodDepth } from "./methods";

export interface MessageCost {
	/** D1 milliseconds, at most. */
	ms: number;
	/** Predicted by its tool: work that keeps the database busy, which the database gate meters. */
	gated: boolean;
}

const NOTHING: MessageCost = { ms: 0, gated: false };
const BOUNDED: MessageCost = { ms: BOUNDED_READ_MS, gated: false };

function messageCost(element: unknown): MessageCost {
	const message = classifyMessage(element);
	if (message.kind !== "request") return NOTHING;
	const { method, params } = message.message as { method: string; params?: Record<string, unknown> };
	if (method === "tools/call") {
		const tool = typeof params?.name === "string" ? findTool(params.name) : undefined;
		if (tool?.cost === undefined) return BOUNDED;
		const parsed = v.safeParse(tool.input, params?.arguments ?? {});
		return parsed.success ? { ms: tool.cost(parsed.output), gated: true } : NOTHING;
	}
	return (methodDepth(method) ?? 0) > 0 ? BOUNDED : NOTHING;
}

interface Predicted {
	/** One prediction per message the body is charged (chargedMessages), in order, as far as they were predicted. */
	costs: MessageCost[];
	/** The units they are charged at admission (admissionUnits of each). */
	units: number;
	/** Their units passed `budget` before every message was predicted: the rest were not. */
	over: boolean;
}

/**
 * The body's messages predicted in order until their units pass `budget` (what any window can pay):
 * a request that cannot be admitted is not planned further. Reads nothing.
 */
export function predictedCosts(
	body: unknown,
	headers: Headers,
	budget = Number.POSITIVE_INFINITY,
): Predicted {
	// A batch refused whole runs none of its elements.
	const elements = Array.isArray(body)
		? chargedMessages(body, headers) === body.length
			? body
			: [null]
		: [body];
	const costs: MessageCost[] = [];
	let units = 0;
	for (const element of elements) {
		const cost = messageCost(element);
		costs.push(cost);
		units += admissionUnits(cost.ms);
		if (units > budget) return { costs, units, over: true };
	}
	return { costs, units, over: false };
}
