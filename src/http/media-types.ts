/**
 * Content negotiation, one rule for every route: strict about what is sent (Content-Type), and about
 * what is accepted only as far as the client says (Accept, RFC 9110 12.5.1).
 */

export function isJsonContentType(value: string | null): boolean {
	if (value === null) return false;
	return value.split(";")[0]?.trim().toLowerCase() === "application/json";
}

/** RFC 9110's qvalue: 0 to 1, at most three decimals. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

interface AcceptedRange {
	range: string;
	q: number;
}

function acceptedRanges(accept: string): AcceptedRange[] {
	return accept.split(",").map((part) => {
		const [range = "", ...params] = part.split(";");
		const q = params
			.map((p) => p.trim())
			.find((p) => p.slice(0, 2).toLowerCase() === "q=")
			?.slice(2)
			.trim();
		// A malformed q is ignored rather than read as 0: a client that named the type meant to accept it.
		return { range: range.trim().toLowerCase(), q: q !== undefined && QVALUE.test(q) ? Number(q) : 1 };
	});
}

/** The quality the client gives a type: the most specific range that matches decides (type, type/*, then *\/*). */
function quality(ranges: readonly AcceptedRange[], type: string): number {
	let best = { specificity: -1, q: 0 };
	for (const { range, q } of ranges) {
		const specificity =
			range === type ? 2 : range === `${type.split("/")[0]}/*` ? 1 : range === "*/*" ? 0 : -1;
		if (specificity > best.specificity) best = { specificity, q };
	}
	return best.q;
}

/**
 * The type to answer with, among those a route offers (its preferred one first), or undefined when
 * Accept rules them all out (406). Absent or empty Accept takes the first; otherwise a type is
 * acceptable when the most specific range that matches it gives it a q above 0, so
 * `application/json;q=0` and `*\/*;q=0` rule JSON out, and the highest q wins (the earlier offer on a tie).
 */
export function preferredType(
	accept: string | null,
	offered: readonly [string, ...string[]],
): string | undefined {
	if (accept === null || accept.trim() === "") return offered[0];
	const ranges = acceptedRanges(accept);
	let chosen: { type: string; q: number } | undefined;
	for (const type of offered) {
		const q = quality(ranges, type);
		if (q > 0 && (chosen === undefined || q > chosen.q)) chosen = { type, q };
	}
	return chosen?.type;
}
