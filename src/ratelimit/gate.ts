/**
 * The Worker's side of the database gate (./database-gate-object.ts): a request holding messages
 * whose tool predicted their cost (searches: src/mcp/predicted-cost.ts) asks it before anything
 * runs, and tells it afterwards what the request took by D1's own clock. Work that reads nothing
 * or a bounded read never asks. When the gate cannot answer, the costly request is refused (fail
 * closed, as the rate limiter is) while bounded reads go on being served.
 */
import { DATABASE_GATE_NAME } from "./database-gate-object";
import type { GateVerdict } from "./fair-share";
import type { McpClient } from "./identity";

/** The bindings the gate may use, and nothing else of the Worker. */
interface GateBindings {
	DATABASE_GATE?: Env["DATABASE_GATE"];
	/** Benchmark environments only: "off" lets everything through (one bench identity sends the whole workload). */
	DATABASE_GATE_MODE?: string;
}

export type GatePass =
	| { kind: "skipped" }
	| { kind: "unavailable" }
	| { kind: "decided"; predictedMs: number; verdict: GateVerdict };

/** The D1 time of a request's messages that the gate meters: what their tools predicted (searches). */
const gatedMs = (costs: readonly { ms: number; gated: boolean }[]) =>
	costs.reduce((sum, cost) => sum + (cost.gated ? cost.ms : 0), 0);

const gateOf = (bindings: GateBindings) => {
	const namespace = bindings.DATABASE_GATE;
	if (!namespace) throw new Error("DATABASE_GATE binding is absent");
	return namespace.get(namespace.idFromName(DATABASE_GATE_NAME));
};

export async function passGate(
	bindings: GateBindings,
	client: McpClient,
	costs: readonly { ms: number; gated: boolean }[],
): Promise<GatePass> {
	const ms = gatedMs(costs);
	if (ms === 0 || bindings.DATABASE_GATE_MODE === "off") return { kind: "skipped" };
	try {
		const verdict = await gateOf(bindings).admit(client.identity, client.weight, ms);
		if (typeof verdict?.admitted !== "boolean") throw new Error("DATABASE_GATE answered without a decision");
		return { kind: "decided", predictedMs: ms, verdict };
	} catch (error) {
		console.error(JSON.stringify({ event: "database_gate_failed", error: String(error).slice(0, 300) }));
		return { kind: "unavailable" };
	}
}

/** After the answer: what the admitted request took, so its usage and the lane are D1's own clock. Never throws. */
export async function settleGate(
	bindings: GateBindings,
	client: McpClient,
	pass: GatePass,
	actualMs: number,
): Promise<void> {
	if (pass.kind !== "decided" || !pass.verdict.admitted) return;
	try {
		await gateOf(bindings).settle(
			pass.verdict.ticket,
			client.identity,
			client.weight,
			pass.predictedMs,
			actualMs,
		);
	} catch (error) {
		console.error(
			JSON.stringify({ event: "database_gate_settle_failed", error: String(error).slice(0, 300) }),
		);
	}
}
