/** A bounded excerpt of a passage, centred on a given place in it (the first query word it holds). */

export const EXCERPT_MAX_CHARS = 280;

/** `hitAt`: UTF-16 offset to centre on, or -1 for the start of the passage. */
export function excerptAt(text: string, hitAt: number, maxChars = EXCERPT_MAX_CHARS): string {
	const chars = [...text];
	if (chars.length <= maxChars) return text;
	// The offset counts UTF-16 units; convert to a code-point index before slicing by code points.
	const hitPoint = hitAt < 0 ? 0 : [...text.slice(0, hitAt)].length;
	const start = Math.max(0, Math.min(hitPoint - Math.floor(maxChars / 3), chars.length - maxChars));
	const end = start + maxChars;
	return `${start > 0 ? "…" : ""}${chars.slice(start, end).join("").trim()}${end < chars.length ? "…" : ""}`;
}
