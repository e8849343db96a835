/**
 * The edge identity a request is counted against: the caller's IP as Cloudflare's edge reports it in
 * CF-Connecting-IP (clients cannot set it there). IPv6 addresses are grouped by their /64, because one
 * host usually owns a whole /64 and could otherwise rotate through it. On the MCP route, an address
 * inside a hosted agent platform's published range counts as that platform (./shared-egress.ts).
 */

import { RATE_LIMIT } from "../limits";
import { ipv6Groups, isIpv4, mappedIpv4 } from "./addresses";
import { sharedEgressOf } from "./shared-egress";

/** Requests with no edge identity (only possible off Cloudflare, e.g. `wrangler dev`) share this bucket. */
export const LOCAL_IDENTITY = "local";

export function edgeIdentity(request: Request): string {
	const raw = request.headers.get("cf-connecting-ip")?.trim();
	if (!raw) return LOCAL_IDENTITY;
	if (isIpv4(raw)) return `ip4:${raw}`;
	const groups = ipv6Groups(raw);
	if (groups) {
		// An IPv4-mapped address (::ffff:a.b.c.d) is that IPv4 client.
		const mapped = mappedIpv4(groups);
		if (mapped !== null) return `ip4:${mapped}`;
		return `ip6:${groups
			.slice(0, 4)
			.map((g) => g.toString(16))
			.join(":")}::/64`;
	}
	// Not an address: only possible off Cloudflare. Bounded so it cannot bloat keys.
	return `other:${raw.slice(0, 64)}`;
}

/** Who an MCP request is counted as: its budget per window, and its weight at the database gate. */
export interface McpClient {
	identity: string;
	/** JSON-RPC messages per RATE_LIMIT.periodSeconds. */
	requests: number;
	/** Its budget counted in ordinary clients' budgets: what the database gate weighs its share by. */
	weight: number;
	/** The hosted platform whose published range the address is in (SHARED_EGRESS), if any. */
	platform?: string;
}

/** An address in a listed platform's range is that platform, one client; any other is its edge identity. */
export function mcpClient(request: Request): McpClient {
	const address = request.headers.get("cf-connecting-ip")?.trim() ?? "";
	const platform = address === "" ? undefined : sharedEgressOf(address);
	if (platform === undefined)
		return { identity: edgeIdentity(request), requests: RATE_LIMIT.requests, weight: 1 };
	return {
		identity: `platform:${platform.id}`,
		requests: platform.requests,
		weight: platform.requests / RATE_LIMIT.requests,
		platform: platform.id,
	};
}

let isolateSalt: string | undefined;

/** A short, salted hash of the identity for logs: correlates requests without recording the address. */
export async function identityDigest(identity: string, secretSalt?: string): Promise<string> {
	isolateSalt ??= crypto.randomUUID();
	const data = new TextEncoder().encode(`${secretSalt || isolateSalt}\u0000${identity}`);
	const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
	return Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}
