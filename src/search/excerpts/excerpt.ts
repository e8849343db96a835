/**
 * A bounded excerpt of a passage around a given place in it (the first query word it holds): the
 * window starts a third of its longest width before that place, so more follows the word than leads
 * to it, and shifts inward where the passage ends.
 */

/** The longest excerpt, in characters (code points), its ellipses included. */
export const EXCERPT_MAX_CHARS = 280;

const ELLIPSIS = "…";

/** `hitAt`: UTF-16 offset of the place to show, or -1 for the start of the passage. */
export function excerptAt(text: string, hitAt: number, maxChars = EXCERPT_MAX_CHARS): string {
	const chars = [...text];
	if (chars.length <= maxChars) return text;
	// The offset counts UTF-16 units; convert to a code-point index before slicing by code points.
	const hitPoint = hitAt < 0 ? 0 : [...text.slice(0, hitAt)].length;
	const startFor = (width: number) =>
		Math.max(0, Math.min(hitPoint - Math.floor(maxChars / 3), chars.length - width));
	// Room for an ellipsis at both ends; a window that touches an end needs only one, so it widens.
	let width = maxChars - 2 * ELLIPSIS.length;
	let start = startFor(width);
	if (start === 0 || start + width >= chars.length) {
		width = maxChars - ELLIPSIS.length;
		start = startFor(width);
	}
	const end = start + width;
	return `${start > 0 ? ELLIPSIS : ""}${chars.slice(start, end).join("").trim()}${end < chars.length ? ELLIPSIS : ""}`;
}
