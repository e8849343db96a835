/**
 * IP addresses as the edge reports them, and CIDR ranges over them: parsed strictly (anything that
 * is not an IPv4 or IPv6 address is null), so that no spelling of an address slips past a range.
 */

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export const isIpv4 = (address: string) => IPV4.test(address);

/** The eight 16-bit groups of an IPv6 address (an IPv4 tail becomes two groups), or null when it is not one. */
export function ipv6Groups(address: string): number[] | null {
	let text = address.toLowerCase().split("%")[0] ?? "";
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

/** An IPv4-mapped IPv6 address (::ffff:a.b.c.d) as the IPv4 address it maps, else null. */
export function mappedIpv4(groups: readonly number[]): string | null {
	if (!groups.slice(0, 5).every((g) => g === 0) || groups[5] !== 0xffff) return null;
	const [hi = 0, lo = 0] = groups.slice(6);
	return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

interface Bits {
	value: bigint;
	width: 32 | 128;
}

/** An address as one number and its width (a mapped IPv4 address as IPv4), or null. */
function addressBits(address: string): Bits | null {
	if (IPV4.test(address))
		return { value: address.split(".").reduce((n, part) => (n << 8n) | BigInt(part), 0n), width: 32 };
	const groups = ipv6Groups(address);
	if (groups === null) return null;
	const mapped = mappedIpv4(groups);
	if (mapped !== null) return addressBits(mapped);
	return { value: groups.reduce((n, g) => (n << 16n) | BigInt(g), 0n), width: 128 };
}

interface AddressRange extends Bits {
	prefix: number;
}

/** A CIDR range ("160.79.104.0/21", "2001:db8::/32"); throws on anything else. */
export function parseRange(cidr: string): AddressRange {
	const [address = "", length = "", extra] = cidr.split("/");
	const bits = addressBits(address);
	const prefix = Number(length);
	if (bits === null || extra !== undefined || !/^\d{1,3}$/.test(length) || prefix > bits.width)
		throw new Error(`not a CIDR range: ${cidr}`);
	return { ...bits, prefix };
}

/** Whether `address` lies in `range` (false for anything that is not an address). */
export function inRange(address: string, range: AddressRange): boolean {
	const bits = addressBits(address);
	if (bits === null || bits.width !== range.width) return false;
	const shift = BigInt(range.width - range.prefix);
	return bits.value >> shift === range.value >> shift;
}
