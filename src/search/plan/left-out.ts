/**
 * What a search did not require of the query, and why (search_sources' `terms_left_out`): the
 * reasons are written here once, for the output schema and the code that decides them.
 */
import { echoed } from "../../text/one-line";

export const LEFT_OUT_REASONS = [
	"found_nowhere",
	"in_most_sources",
	"beyond_limit",
	"stop_word",
	"spelling_beyond_limit",
] as const;
type LeftOutReason = (typeof LEFT_OUT_REASONS)[number];
export type LeftOut = { term: string; reason: LeftOutReason }[];

/** The heading names at most this many left-out terms; terms_left_out holds them all. */
const NAMED_MAX = 5;

/**
 * The terms left out as one line's words: each quoted as a JSON string of its echo (the contract's
 * echo rule), so a term holding a comma or a quote reads as one term, and at most NAMED_MAX of them.
 */
export function leftOutText(leftOut: LeftOut): string {
	const named = leftOut.slice(0, NAMED_MAX).map((l) => JSON.stringify(echoed(l.term)));
	const more = leftOut.length - named.length;
	return `left out: ${named.join(", ")}${more > 0 ? ` and ${more} more (terms_left_out)` : ""}`;
}
