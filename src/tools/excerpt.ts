/** A bounded excerpt of a passage, centred on the first word of the query it contains. */

export const EXCERPT_MAX_CHARS = 280;

export function excerptAround(text: string, words: string[], maxChars = EXCERPT_MAX_CHARS): string {
	const chars = [...text];
	if (chars.length <= maxChars) return text;
	const lower = text.toLowerCase();
	let hit = -1;
	for (const word of words) {
		const at = lower.indexOf(word.toLowerCase());
		if (at >= 0 && (hit < 0 || at < hit)) hit = at;
	}
	// indexOf counts UTF-16 units; convert to a code-point index before slicing by code points.
	const hitPoint = hit < 0 ? 0 : [...text.slice(0, hit)].length;
	const start = Math.max(0, Math.min(hitPoint - Math.floor(maxChars / 3), chars.length - maxChars));
	const end = start + maxChars;
	return `${start > 0 ? "…" : ""}${chars.slice(start, end).join("").trim()}${end < chars.length ? "…" : ""}`;
}
