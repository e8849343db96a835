/** "Did you mean": the few candidates nearest to what was asked, by edit distance over code points. */

const MAX_SUGGESTIONS = 3;

function editDistance(a: string[], b: string[]): number {
	let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
	for (let i = 1; i <= a.length; i++) {
		const current = [i];
		for (let j = 1; j <= b.length; j++) {
			const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
			current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
		}
		previous = current;
	}
	return previous[b.length] ?? 0;
}

/** How far a candidate may be from a word of this many code points: beyond about a third of it, a "suggestion" is noise. */
export const suggestionSlack = (length: number): number => Math.max(2, Math.ceil(length / 3));

export function closestMatches(
	wanted: string,
	candidates: string[],
	key: (c: string) => string = (c) => c,
): string[] {
	const target = [...wanted];
	const limit = suggestionSlack(target.length);
	return candidates
		.map((candidate) => {
			const k = key(candidate);
			const distance = k.includes(wanted) || wanted.includes(k) ? 1 : editDistance(target, [...k]);
			return { candidate, distance };
		})
		.filter((c) => c.distance <= limit)
		.sort((x, y) => x.distance - y.distance || x.candidate.localeCompare(y.candidate))
		.slice(0, MAX_SUGGESTIONS)
		.map((c) => c.candidate);
}
