/**
 * Hosted agent platforms whose agents all reach this server from a few published addresses: each
 * range is one client with a budget of its own, so that thirty agents behind one platform address
 * are not thirty agents sharing one agent's budget. The operator keeps this list (one entry a
 * platform; docs/rate-limits.md says how to size it); the manifest, the guide and the docs state it
 * from here. Every other address keeps the ordinary budget (RATE_LIMIT). The database gate
 * (DATABASE_GATE) weighs a platform's work by its budget, so a platform's share of the database
 * grows with its budget while everyone together stays within the gate.
 */
import { RATE_LIMIT } from "../limits";
import { inRange, parseRange } from "./addresses";

interface SharedEgress {
	/** The client's name in the request log and the budget's key: lower-case, no spaces. */
	id: string;
	/** Who publishes the ranges. */
	publisher: string;
	/** What sends from them, for people. */
	agents: string;
	/** IPv4 or IPv6 ranges in CIDR notation, as the platform publishes them. */
	ranges: readonly string[];
	/** The public page where the platform publishes the ranges. */
	publishedAt: string;
	/** JSON-RPC messages per RATE_LIMIT.periodSeconds, for every agent of the platform together. */
	requests: number;
}

export const SHARED_EGRESS: readonly SharedEgress[] = [
	{
		id: "anthropic",
		publisher: "Anthropic",
		agents: "Claude's MCP connectors and managed agents",
		ranges: ["160.79.104.0/21"],
		publishedAt: "https://docs.anthropic.com/en/api/ip-addresses",
		requests: 10 * RATE_LIMIT.requests,
	},
];

const RANGES = SHARED_EGRESS.flatMap((platform) =>
	platform.ranges.map((cidr) => ({ platform, range: parseRange(cidr) })),
);

/** The platform whose published range holds `address`, if any. */
export function sharedEgressOf(address: string): SharedEgress | undefined {
	return RANGES.find(({ range }) => inRange(address, range))?.platform;
}
