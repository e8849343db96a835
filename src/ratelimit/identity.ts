/**
 * The edge identity a request is counted against: the caller's IP as Cloudflare's edge reports it in
 * CF-Connecting-IP (clients cannot set it there). IPv6 addresses are grouped by their /64, because one
 * host usually owns a whole /64 and could otherwise rotate through it.
 */

/** Requests with no edge identity (only possible off Cloudflare, e.g. `wrangler dev`) share this bucket. */
export const LOCAL_IDENTITY = "local";

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
	let text = address.toLowerCase().split("%")[0] ?? "";
	// An embedded IPv4 tail (::ffff:1.2.3.4) becomes two groups.
	const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
	if (v4?.[1]) {
		if (!IPV4.test(v4[1])) return null;
		const [a, b, c, d] = v4[1].split(".").map(Number) as [number, number, number, number];
		text = `${text.slice(0, -v4[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
	}
	const halves = text.split("::");
	if (halves.length > 2) return null;
	const parse = (part: string) => (part === "" ? [] : part.split(":"));
	const head = parse(halves[0] ?? "");
	const tail = halves.length === 2 ? parse(halves[1] ?? "") : [];
	const missing = 8 - head.length - tail.length;
	if ((halves.length === 1 && missing !== 0) || (halves.length === 2 && missing < 1)) return null;
	const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...tail];
	if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
	return groups.map((g) => Number.parseInt(g, 16));
}

export function edgeIdentity(request: Request): string {
	const raw = request.headers.get("cf-connecting-ip")?.trim();
	if (!raw) return LOCAL_IDENTITY;
	if (IPV4.test(raw)) return `ip4:${raw}`;
	const groups = ipv6Groups(raw);
	if (groups) {
		// An IPv4-mapped address (::ffff:a.b.c.d) is that IPv4 client.
		if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
			const [hi = 0, lo = 0] = groups.slice(6);
			return `ip4:${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
		}
		return `ip6:${groups
			.slice(0, 4)
			.map((g) => g.toString(16))
			.join(":")}::/64`;
	}
	// Not an address: only possible off Cloudflare. Bounded so it cannot bloat keys.
	return `other:${raw.slice(0, 64)}`;
}

let isolateSalt: string | undefined;

/** A short, salted hash of the identity for logs: correlates requests without recording the address. */
export async function identityDigest(identity: string, secretSalt?: string): Promise<string> {
	isolateSalt ??= crypto.randomUUID();
	const data = new TextEncoder().encode(`${secretSalt || isolateSalt}\u0000${identity}`);
	const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
	return Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}
