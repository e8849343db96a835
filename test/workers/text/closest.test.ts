/**
 * "Did you mean" (src/text/closest.ts) stops counting an edit distance once it is past the slack;
 * held here to the whole count, an oracle written out in full, on strings over a small alphabet (so
 * that near misses are common) and with characters outside the Basic Multilingual Plane.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { closestCandidates, closestMatches, suggestionSlack, toCandidate } from "../../../src/text/closest";

/** Levenshtein distance over code points, the whole table. */
function fullDistance(a: string, b: string): number {
	const x = [...a];
	const y = [...b];
	const table = x.map(() => new Array<number>(y.length + 1).fill(0));
	table.unshift(Array.from({ length: y.length + 1 }, (_, j) => j));
	for (let i = 1; i <= x.length; i++) {
		const row = table[i] as number[];
		row[0] = i;
		for (let j = 1; j <= y.length; j++) {
			const above = table[i - 1] as number[];
			row[j] = Math.min(
				(above[j] as number) + 1,
				(row[j - 1] as number) + 1,
				(above[j - 1] as number) + (x[i - 1] === y[j - 1] ? 0 : 1),
			);
		}
	}
	return (table[x.length] as number[])[y.length] as number;
}

function oracle(wanted: string, candidates: string[]): string[] {
	const limit = suggestionSlack([...wanted].length);
	return candidates
		.map((c) => ({ c, d: c.includes(wanted) || wanted.includes(c) ? 1 : fullDistance(wanted, c) }))
		.filter(({ d }) => d <= limit)
		.sort((p, q) => p.d - q.d || p.c.localeCompare(q.c))
		.slice(0, 3)
		.map(({ c }) => c);
}

const word = fc
	.array(fc.constantFrom("a", "b", "c", ".", "é", "😀"), { maxLength: 14 })
	.map((chars) => chars.join(""));

describe("closest matches", () => {
	it("the bounded count suggests exactly what the whole count does", () => {
		fc.assert(
			fc.property(word, fc.array(word, { maxLength: 30 }), (wanted, candidates) => {
				const expected = oracle(wanted, candidates);
				expect(closestMatches(wanted, candidates)).toEqual(expected);
				expect(
					closestCandidates(
						wanted,
						candidates.map((c) => toCandidate(c)),
					),
				).toEqual(expected);
			}),
			{ seed: 2026, numRuns: 2000 },
		);
	});

	it("a candidate exactly at the slack is suggested, one past it is not", () => {
		// "abcdefghi": 9 code points, slack 3.
		expect(suggestionSlack(9)).toBe(3);
		expect(closestMatches("abcdefghi", ["xyzdefghi"])).toEqual(["xyzdefghi"]);
		expect(closestMatches("abcdefghi", ["xyzwefghi"])).toEqual([]);
	});
});
