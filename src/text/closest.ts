/** "Did you mean": the few candidates nearest to what was asked, by edit distance over code points. */

const MAX_SUGGESTIONS = 3;

/**
 * The edit distance between a and b when it is at most `limit`, else `limit + 1`. Every path through
 * the table crosses each row and never decreases along it, so a row with every cell past the limit
 * ends the count: most candidates are rejected after a few rows.
 */
function distanceWithin(a: readonly string[], b: readonly string[], limit: number): number {
	if (Math.abs(a.length - b.length) > limit) return limit + 1;
	let previous = new Uint32Array(b.length + 1);
	let current = new Uint32Array(b.length + 1);
	for (let j = 0; j <= b.length; j++) previous[j] = j;
	for (let i = 1; i <= a.length; i++) {
		current[0] = i;
		let rowMin = i;
		for (let j = 1; j <= b.length; j++) {
			const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
			const cell = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution);
			current[j] = cell;
			if (cell < rowMin) rowMin = cell;
		}
		if (rowMin > limit) return limit + 1;
		[previous, current] = [current, previous];
	}
	return Math.min(previous[b.length] as number, limit + 1);
}

/** How far a candidate may be from a word of this many code points: beyond about a third of it, a "suggestion" is noise. */
export const suggestionSlack = (length: number): number => Math.max(2, Math.ceil(length / 3));

/** A candidate as it is compared: its lower-case key, and that key's code points. */
export interface Candidate {
	readonly value: string;
	readonly key: string;
	readonly chars: readonly string[];
}

export const toCandidate = (value: string, key: string = value): Candidate => ({
	value,
	key,
	chars: [...key],
});

/** The few candidates nearest to `wanted`, prepared once when the same list is compared again and again. */
export function closestCandidates(wanted: string, candidates: readonly Candidate[]): string[] {
	const target = [...wanted];
	const limit = suggestionSlack(target.length);
	const near: { value: string; distance: number }[] = [];
	for (const { value, key, chars } of candidates) {
		const distance = key.includes(wanted) || wanted.includes(key) ? 1 : distanceWithin(target, chars, limit);
		if (distance <= limit) near.push({ value, distance });
	}
	return near
		.sort((x, y) => x.distance - y.distance || x.value.localeCompare(y.value))
		.slice(0, MAX_SUGGESTIONS)
		.map((c) => c.value);
}

export const closestMatches = (
	wanted: string,
	candidates: readonly string[],
	key: (c: string) => string = (c) => c,
): string[] =>
	closestCandidates(
		wanted,
		candidates.map((c) => toCandidate(c, key(c))),
	);
