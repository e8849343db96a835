/**
 * Snowball's Spanish stemmer (https://snowballstem.org/algorithms/spanish/stemmer.html), step for
 * step, so that a Spanish form's plural and singular, and a noun and its verb, meet: "actualizaciones
 * principales" and "actualización principal" are both "actualiz principal". The index stems English
 * (Porter: tokens.ts), which leaves many Spanish plurals apart ("principal" is "princip" to it,
 * "principales" "principal"), so the lexicon's Spanish forms are keyed by these stems instead
 * (spanishKey in parse.ts), and only they: an English word is never stemmed this way.
 *
 * It runs on the index's folded tokens (rawTokens: lower case, accents removed), so a form typed
 * without its accents stems as with them; the algorithm's accented suffixes are matched unaccented
 * ("ación" as "acion"), except four that, unaccented, are the endings of common nouns: "ía", "ías",
 * "ió" and "ís" would cut "estrategia", "estrategias", "dominio" and "análisis" (the verb forms they
 * are for are rare in a search), and the residual "í" (any final "i"); so a word written without an
 * accent Snowball reads a suffix by ("primera", for "erá") is cut as if it had one
 * (test/node/spanish-stem.test.ts holds all of it to Snowball's own over a real vocabulary). Snowball's
 * JavaScript stems the accented word; search needs the folded token's stem with the choices above, so
 * the one algorithm is written out here, short and with no dependency.
 */

const isVowel = (c: string | undefined) => c === "a" || c === "e" || c === "i" || c === "o" || c === "u";

/** R1: the region after the first non-vowel that follows a vowel, from `from`; the word's end if none. */
function regionAfter(word: string, from: number): number {
	for (let i = from + 1; i < word.length; i++) if (!isVowel(word[i]) && isVowel(word[i - 1])) return i + 1;
	return word.length;
}

/**
 * RV: after the next vowel when the second letter is a consonant; after the next consonant when the
 * first two are vowels; otherwise after the third letter.
 */
function regionRV(word: string): number {
	if (word.length < 2) return word.length;
	const next = (from: number, vowel: boolean) => {
		for (let i = from; i < word.length; i++) if (isVowel(word[i]) === vowel) return i + 1;
		return word.length;
	};
	if (!isVowel(word[1])) return next(2, true);
	if (isVowel(word[0])) return next(2, false);
	return Math.min(3, word.length);
}

/** The longest of `suffixes` that ends `word` and starts at or after `limit`, or undefined. */
function longest(word: string, suffixes: readonly string[], limit = 0): string | undefined {
	let found: string | undefined;
	for (const s of suffixes)
		if (
			word.endsWith(s) &&
			word.length - s.length >= limit &&
			(found === undefined || s.length > found.length)
		)
			found = s;
	return found;
}

const words = (list: string) => list.split(" ");

const PRONOUNS = words("me se sela selo selas selos la le lo las les los nos");
const PRONOUN_VERB_ENDINGS = words("iendo ando ar er ir yendo");

const STEP1_DELETE = words(
	"anza anzas ico ica icos icas ismo ismos able ables ible ibles ista istas oso osa osos osas amiento amientos imiento imientos",
);
const STEP1_IC = words("adora ador acion adoras adores aciones ante antes ancia ancias");
const STEP1_LOG = words("logia logias");
const STEP1_U = words("ucion uciones");
const STEP1_ENTE = words("encia encias");
const STEP1_IDAD = words("idad idades");
const STEP1_IV = words("iva ivo ivas ivos");
const STEP1 = [
	...STEP1_DELETE,
	...STEP1_IC,
	...STEP1_LOG,
	...STEP1_U,
	...STEP1_ENTE,
	"amente",
	"mente",
	...STEP1_IDAD,
	...STEP1_IV,
];

const STEP2A = words("ya ye yan yen yeron yendo yo yas yes yais yamos");
const STEP2B_GU = words("en es eis emos");
const STEP2B = [
	...STEP2B_GU,
	...new Set(
		words(
			"arian arias aran aras ariais aria areis ariamos aremos ara are erian erias eran eras eriais eria ereis " +
				"eriamos eremos era ere irian irias iran iras iriais iria ireis iriamos iremos ira ire aba ada ida " +
				"ara iera ad ed id ase iese aste iste an aban ian aran ieran asen iesen aron ieron ado ido ando iendo " +
				"ar er ir as abas adas idas aras ieras ases ieses ais abais iais arais ierais aseis ieseis " +
				"asteis isteis ados idos amos abamos iamos imos aramos ieramos iesemos asemos",
		),
	),
];

interface Regions {
	rv: number;
	r1: number;
	r2: number;
}

/** Step 0: an attached pronoun after a verb ending in RV ("rastrearlo" is "rastrear"). */
function attachedPronoun(word: string, { rv }: Regions): string {
	const pronoun = longest(word, PRONOUNS);
	if (pronoun === undefined) return word;
	const before = word.slice(0, -pronoun.length);
	const ending = longest(before, PRONOUN_VERB_ENDINGS);
	if (ending === undefined || before.length - ending.length < rv) return word;
	if (ending === "yendo" && !before.slice(0, -ending.length).endsWith("u")) return word;
	return before;
}

/** Step 1: the longest standard suffix, removed when in its region; null when none was. */
function standardSuffix(word: string, { r1, r2 }: Regions): string | null {
	const suffix = longest(word, STEP1);
	if (suffix === undefined) return null;
	const stem = word.slice(0, -suffix.length);
	const inR2 = (w: string, s: string) => w.endsWith(s) && w.length - s.length >= r2;
	const cut = (w: string, s: string) => (inR2(w, s) ? w.slice(0, -s.length) : w);
	if (suffix === "amente") {
		if (stem.length < r1) return null;
		if (inR2(stem, "iv")) return cut(stem.slice(0, -2), "at");
		for (const s of ["os", "ic", "ad"]) if (inR2(stem, s)) return stem.slice(0, -s.length);
		return stem;
	}
	if (stem.length < r2) return null;
	if (STEP1_DELETE.includes(suffix)) return stem;
	if (STEP1_IC.includes(suffix)) return cut(stem, "ic");
	if (STEP1_LOG.includes(suffix)) return `${stem}log`;
	if (STEP1_U.includes(suffix)) return `${stem}u`;
	if (STEP1_ENTE.includes(suffix)) return `${stem}ente`;
	if (suffix === "mente") {
		const s = longest(stem, ["ante", "able", "ible"]);
		return s === undefined ? stem : cut(stem, s);
	}
	if (STEP1_IDAD.includes(suffix)) {
		const s = longest(stem, ["abil", "ic", "iv"]);
		return s === undefined ? stem : cut(stem, s);
	}
	return cut(stem, "at"); // iva ivo ivas ivos
}

/** Step 2a: a verb ending in y after a u ("atribuyen"); null when none was removed. */
function yVerbSuffix(word: string, { rv }: Regions): string | null {
	const suffix = longest(word, STEP2A, rv);
	if (suffix === undefined || !word.slice(0, -suffix.length).endsWith("u")) return null;
	return word.slice(0, -suffix.length);
}

/** Step 2b: any other verb ending in RV (and the u of a "gu" before en, es, eis, emos). */
function verbSuffix(word: string, { rv }: Regions): string {
	const suffix = longest(word, STEP2B, rv);
	if (suffix === undefined) return word;
	const stem = word.slice(0, -suffix.length);
	return STEP2B_GU.includes(suffix) && stem.endsWith("gu") ? stem.slice(0, -1) : stem;
}

/** Step 3: a residual vowel in RV (and the u of a "gu" before a final e, when in RV). */
function residualSuffix(word: string, { rv }: Regions): string {
	const suffix = longest(word, ["os", "a", "o", "e"], rv);
	if (suffix === undefined) return word;
	const stem = word.slice(0, -suffix.length);
	if (suffix === "e" && stem.endsWith("gu") && stem.length - 1 >= rv) return stem.slice(0, -1);
	return stem;
}

/** The Snowball Spanish stem of one folded token (rawTokens' output: lower case, no accents). */
export function spanishStem(token: string): string {
	const r1 = regionAfter(token, 0);
	const regions: Regions = { rv: regionRV(token), r1, r2: regionAfter(token, r1) };
	let word = attachedPronoun(token, regions);
	word = standardSuffix(word, regions) ?? yVerbSuffix(word, regions) ?? verbSuffix(word, regions);
	return residualSuffix(word, regions);
}
