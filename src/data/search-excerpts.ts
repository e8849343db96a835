/**
 * Which passage of a hit to show: the one holding the most of the query's terms (a term is held when
 * any of its forms, stemmed, occurs in the passage as consecutive tokens), so whenever a passage holds
 * them all, the excerpt is one of those. Ties go to the earliest passage.
 *
 * The index cannot say which terms a row matched (contentless FTS5 has no highlight, and matching
 * each term against each passage would scan each term's whole doclist), so the search statement
 * returns each page source's passages (src/data/search.ts) and they are matched here with the
 * index's own tokenizer (src/data/tokens.ts).
 */
import { tokensAt } from "./tokens";

export interface PassageRow {
	ordinal: number;
	start_ms: number;
	end_ms: number;
	text: string;
}

export interface ChosenPassage extends PassageRow {
	/** Indexes (into the terms given) of the terms this passage holds, in term order. */
	held: number[];
	/** UTF-16 offset of the first held term's first token in the text, or -1. */
	hitAt: number;
}

/** For each term (its forms as space-joined stemmed keys), where the passage first holds it, or -1. */
function termPositions(text: string, termKeys: readonly (readonly string[])[]): number[] {
	const found = tokensAt(text);
	const words = found.map((t) => t.token);
	return termKeys.map((keys) => {
		let first = -1;
		for (const key of keys) {
			const want = key.split(" ");
			for (let i = 0; i + want.length <= words.length; i++) {
				if (first !== -1 && (found[i]?.at ?? 0) >= first) break;
				if (want.every((w, j) => words[i + j] === w)) {
					first = found[i]?.at ?? -1;
					break;
				}
			}
		}
		return first;
	});
}

export function choosePassage(
	passages: readonly PassageRow[],
	termKeys: readonly (readonly string[])[],
): ChosenPassage | undefined {
	let best: ChosenPassage | undefined;
	for (const passage of passages) {
		const positions = termPositions(passage.text, termKeys);
		const held = positions.flatMap((at, i) => (at >= 0 ? [i] : []));
		const hitAt = held.length === 0 ? -1 : Math.min(...held.map((i) => positions[i] as number));
		if (best === undefined || held.length > best.held.length) best = { ...passage, held, hitAt };
		// Only a passage holding strictly more terms replaces the best, and none can hold more than all.
		if (best.held.length === termKeys.length) break;
	}
	return best;
}
