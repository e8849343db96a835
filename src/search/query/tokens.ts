/**
 * The search index's tokenizer, mirrored in TypeScript: `porter unicode61 remove_diacritics 2`, as
 * migrations/0014_search_public_facets.sql declares it. FTS5 stems queries itself; this mirror is
 * used only where the index cannot answer: which query words a passage holds (the excerpt), the
 * query's term and lexicon keys, the phrases of its words adjacent, and the words of a title
 * completion (unicode61 alone, as migrations/0019_title_words.sql declares that index).
 * test/workers/search/words.test.ts checks it against the index's own vocabulary.
 *
 * unicode61: a token is a run of letters, numbers and private-use characters, case-folded, with
 * diacritics removed. porter: SQLite's fts5_tokenize.c port of Porter's algorithm, on the token's
 * UTF-8 bytes (tokens under 3 or over 64 bytes pass through unstemmed), rule for rule.
 */

const TOKEN = /[\p{L}\p{N}\p{Co}]+/gu;

/** unicode61 with remove_diacritics 2: folded, unstemmed tokens. */
export function rawTokens(text: string): string[] {
	const folded = text.normalize("NFKC").toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
	return folded.match(TOKEN) ?? [];
}

/** The index's tokens of `text`: folded and stemmed. */
export const tokens = (text: string): string[] => rawTokens(text).map(stem);

/** Tokens of a run of word characters, remembered: passages repeat a small vocabulary. */
const runTokens = new Map<string, string[]>();
const RUN_MEMO_MAX = 20_000;

/** Like `tokens`, each with the UTF-16 offset in `text` of the run of characters it came from. */
export function tokensAt(text: string): { token: string; at: number }[] {
	const out: { token: string; at: number }[] = [];
	// Runs of token characters and combining marks, folded one by one, keep their place in the text.
	for (const run of text.matchAll(/[\p{L}\p{N}\p{Co}\p{M}]+/gu)) {
		let found = runTokens.get(run[0]);
		if (found === undefined) {
			if (runTokens.size >= RUN_MEMO_MAX) runTokens.clear();
			found = tokens(run[0]);
			runTokens.set(run[0], found);
		}
		for (const token of found) out.push({ token, at: run.index });
	}
	return out;
}

const A = 97;
const E = 101;
const I = 105;
const O = 111;
const U = 117;
const Y = 121;

const isVowel = (c: number, yIsVowel: boolean) =>
	c === A || c === E || c === I || c === O || c === U || (yIsVowel && c === Y);

/** fts5PorterGobbleVC: the end of the first vowel-consonant run, or 0. */
function gobbleVC(b: number[], from: number, to: number, prevCons: boolean): number {
	let cons = prevCons;
	let i = from;
	for (; i < to; i++) {
		cons = !isVowel(b[i] as number, cons);
		if (!cons) break;
	}
	for (i++; i < to; i++) {
		cons = !isVowel(b[i] as number, cons);
		if (cons) return i + 1;
	}
	return 0;
}

const mGt0 = (b: number[], n: number) => gobbleVC(b, 0, n, false) !== 0;
function mGt1(b: number[], n: number): boolean {
	const at = gobbleVC(b, 0, n, false);
	return at !== 0 && gobbleVC(b, at, n, true) !== 0;
}
function mEq1(b: number[], n: number): boolean {
	const at = gobbleVC(b, 0, n, false);
	return at !== 0 && gobbleVC(b, at, n, true) === 0;
}
function oStar(b: number[], n: number): boolean {
	const last = b[n - 1];
	if (last === 119 || last === 120 || last === Y) return false;
	let mask = 0;
	let cons = false;
	for (let i = 0; i < n; i++) {
		cons = !isVowel(b[i] as number, cons);
		mask = (mask << 1) + (cons ? 1 : 0);
	}
	return (mask & 7) === 5;
}
function hasVowel(b: number[], n: number): boolean {
	for (let i = 0; i < n; i++) if (isVowel(b[i] as number, i > 0)) return true;
	return false;
}
const mGt1SorT = (b: number[], n: number) => (b[n - 1] === 115 || b[n - 1] === 116) && mGt1(b, n);

type Condition = (b: number[], n: number) => boolean;
type Rule = [suffix: string, replacement: string, condition: Condition];

const endsWith = (b: number[], n: number, suffix: string) => {
	if (n <= suffix.length) return false;
	for (let i = 0; i < suffix.length; i++) if (b[n - suffix.length + i] !== suffix.charCodeAt(i)) return false;
	return true;
};

/** The first rule whose suffix ends the word applies if its condition holds; either way it is the only one tried. */
function applyRules(b: number[], n: number, rules: Rule[]): { n: number; applied: boolean } {
	for (const [suffix, replacement, condition] of rules) {
		if (!endsWith(b, n, suffix)) continue;
		const stemLength = n - suffix.length;
		if (!condition(b, stemLength)) return { n, applied: false };
		for (let i = 0; i < replacement.length; i++) b[stemLength + i] = replacement.charCodeAt(i);
		return { n: stemLength + replacement.length, applied: true };
	}
	return { n, applied: false };
}

// Rules grouped as fts5_tokenize.c switches on the second-last letter; within a group, in its order.
const STEP2 = bySecondLast(
	(
		[
			["ational", "ate"],
			["tional", "tion"],
			["enci", "ence"],
			["anci", "ance"],
			["izer", "ize"],
			["logi", "log"],
			["bli", "ble"],
			["alli", "al"],
			["entli", "ent"],
			["eli", "e"],
			["ousli", "ous"],
			["ization", "ize"],
			["ation", "ate"],
			["ator", "ate"],
			["alism", "al"],
			["iveness", "ive"],
			["fulness", "ful"],
			["ousness", "ous"],
			["aliti", "al"],
			["iviti", "ive"],
			["biliti", "ble"],
		] as const
	).map(([s, r]): Rule => [s, r, mGt0]),
);

const STEP3 = bySecondLast(
	(
		[
			["icate", "ic"],
			["ative", ""],
			["alize", "al"],
			["iciti", "ic"],
			["ical", "ic"],
			["ful", ""],
			["ness", ""],
		] as const
	).map(([s, r]): Rule => [s, r, mGt0]),
);

const STEP4 = bySecondLast([
	["al", "", mGt1],
	["ance", "", mGt1],
	["ence", "", mGt1],
	["er", "", mGt1],
	["ic", "", mGt1],
	["able", "", mGt1],
	["ible", "", mGt1],
	["ant", "", mGt1],
	["ement", "", mGt1],
	["ment", "", mGt1],
	["ent", "", mGt1],
	["ion", "", mGt1SorT],
	["ou", "", mGt1],
	["ism", "", mGt1],
	["ate", "", mGt1],
	["iti", "", mGt1],
	["ous", "", mGt1],
	["ive", "", mGt1],
	["ize", "", mGt1],
]);

/**
 * The rules of one step as fts5_tokenize.c tries them: a switch on the second-last letter, then
 * the suffixes of that case in order (so "ement" is tried before "ment" and "ent").
 */
function step(b: number[], n: number, rules: Map<number, Rule[]>): { n: number; applied: boolean } {
	if (n < 2) return { n, applied: false };
	return applyRules(b, n, rules.get(b[n - 2] as number) ?? []);
}

/** A step's rules by the second-last letter of their suffix, in order. */
function bySecondLast(rules: Rule[]): Map<number, Rule[]> {
	const groups = new Map<number, Rule[]>();
	for (const rule of rules) {
		const key = rule[0].charCodeAt(rule[0].length - 2);
		groups.set(key, [...(groups.get(key) ?? []), rule]);
	}
	return groups;
}

const STEP1B = bySecondLast([
	["eed", "ee", mGt0],
	["ed", "", hasVowel],
	["ing", "", hasVowel],
]);
const STEP1B2 = bySecondLast([
	["at", "ate", () => true],
	["bl", "ble", () => true],
	["iz", "ize", () => true],
]);

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function porterStem(token: string): string {
	const bytes = encoder.encode(token);
	if (bytes.length < 3 || bytes.length > 64) return token;
	const b = [...bytes, 0, 0];
	let n = bytes.length;
	// Step 1a.
	if (b[n - 1] === 115) {
		if (b[n - 2] === E) {
			n -= (n > 4 && b[n - 4] === 115 && b[n - 3] === 115) || (n > 3 && b[n - 3] === I) ? 2 : 1;
		} else if (b[n - 2] !== 115) n -= 1;
	}
	// Step 1b: "eed" -> "ee" ends the step; "ed" and "ing" removed go on to the clean-up.
	const s1b = step(b, n, STEP1B);
	if (s1b.applied && !endsWith(b, n, "eed")) {
		n = s1b.n;
		const s = step(b, n, STEP1B2);
		if (s.applied) n = s.n;
		else {
			const c = b[n - 1] as number;
			if (!isVowel(c, false) && c !== 108 && c !== 115 && c !== 122 && c === b[n - 2]) n -= 1;
			else if (mEq1(b, n) && oStar(b, n)) b[n++] = E;
		}
	} else n = s1b.n;
	// Step 1c.
	if (b[n - 1] === Y && hasVowel(b, n - 1)) b[n - 1] = I;
	n = step(b, n, STEP2).n;
	n = step(b, n, STEP3).n;
	n = step(b, n, STEP4).n;
	// Step 5a.
	if (b[n - 1] === E && (mGt1(b, n - 1) || (mEq1(b, n - 1) && !oStar(b, n - 1)))) n -= 1;
	// Step 5b.
	if (n > 1 && b[n - 1] === 108 && b[n - 2] === 108 && mGt1(b, n - 1)) n -= 1;
	return decoder.decode(new Uint8Array(b.slice(0, n)));
}

/**
 * Stems already computed: a query, a lexicon and a collection repeat a small vocabulary, and a
 * prediction stems every word of a 500-character query (src/search/plan/cost.ts, charged before
 * admission). Bounded: cleared when full.
 */
const stems = new Map<string, string>();
const STEM_MEMO_MAX = 20_000;

/** SQLite's Porter stemmer on one folded token (porterStem), remembered. */
export function stem(token: string): string {
	let stemmed = stems.get(token);
	if (stemmed === undefined) {
		if (stems.size >= STEM_MEMO_MAX) stems.clear();
		stemmed = porterStem(token);
		stems.set(token, stemmed);
	}
	return stemmed;
}
