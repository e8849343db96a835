/**
 * Which passage of a hit to show: one holding the query's words adjacent (any of `phraseKeys`)
 * whenever the source has one, else the one holding the most of the query's terms (a term is held
 * when any of its forms, stemmed, occurs in the passage as consecutive tokens), so whenever a passage
 * holds them all, the excerpt is one of those. Ties go to the earliest passage.
 *
 * Matching each term against each passage in SQL would read each term's whole doclist, so the
 * search statement returns each page source's passages (src/search/execute/statement.ts) and they are matched
 * here with the index's own tokenizer (src/search/query/tokens.ts).
 */
import { tokensAt } from "../query/tokens";

export interface PassageRow {
	ordinal: number;
	start_ms: number;
	end_ms: number;
	text: string;
}

interface ChosenPassage extends PassageRow {
	/** Indexes (into the terms given) of the terms this passage holds, in term order. */
	held: number[];
	/** UTF-16 offset in the text of the words adjacent when it holds them, else of the earliest held term; -1 when none. */
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

/** Whether `text` holds any of these stemmed key sequences as consecutive tokens. */
export const holdsAny = (text: string, keys: readonly string[]): boolean =>
	keys.length > 0 && (termPositions(text, [keys])[0] ?? -1) >= 0;

export function choosePassage(
	passages: readonly PassageRow[],
	termKeys: readonly (readonly string[])[],
	phraseKeys: readonly string[] = [],
): ChosenPassage | undefined {
	let best: (ChosenPassage & { adjacent: boolean }) | undefined;
	for (const passage of passages) {
		const positions = termPositions(passage.text, termKeys);
		const held = positions.flatMap((at, i) => (at >= 0 ? [i] : []));
		const phraseAt = phraseKeys.length === 0 ? -1 : (termPositions(passage.text, [phraseKeys])[0] ?? -1);
		const adjacent = phraseAt >= 0;
		const hitAt = adjacent
			? phraseAt
			: held.length === 0
				? -1
				: Math.min(...held.map((i) => positions[i] as number));
		const better =
			best === undefined ||
			(adjacent && !best.adjacent) ||
			(adjacent === best.adjacent && held.length > best.held.length);
		if (better) best = { ...passage, held, hitAt, adjacent };
		// Only a strictly better passage replaces the best, and none beats one adjacent holding them all.
		if (best?.held.length === termKeys.length && (best.adjacent || phraseKeys.length === 0)) break;
	}
	if (best === undefined) return undefined;
	const { adjacent: _, ...chosen } = best;
	return chosen;
}
