/**
 * Characters a reader cannot see, or that move or fake what they do see: controls and line breaks,
 * bidirectional controls, zero-width and other invisible format characters, spaces other than
 * U+0020, blanks that are not spaces, stray variation selectors and stacks of combining marks. One
 * definition for every string a caller sends (tool, prompt and completion arguments, refused naming
 * the character: src/tools/shapes.ts), the corpus importer and the content script (which refuse
 * them, scripts/corpus/format.ts), the handle key (which drops the invisible ones, handle-key.ts),
 * the echoes of a caller's text (which show them as code points, src/text/one-line.ts), the tools'
 * text blocks and the HTML pages (which neutralise them at render).
 *
 * Pure TypeScript: the regex property escapes every runtime ships, and one table of the Ideographic
 * Variation Database's registered sequences (ideographic-variation-sequences.ts).
 */
import { REGISTERED_SELECTOR_COUNTS } from "./ideographic-variation-sequences";

/** The directional formatting characters: marks, embeddings, overrides and isolates. */
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** Anything that ends a line in some renderer: C0/C1 controls (LF, CR, VT, FF, NEL, ...) and LS/PS. */
const BREAKS_AND_CONTROLS = /[\p{Cc}\u2028\u2029]/u;

/**
 * What may never reach a line of a tool's text block: a break or control would start a forged line,
 * a bidirectional control would reorder the rest of it.
 */
export const LINE_UNSAFE = new RegExp(`${BREAKS_AND_CONTROLS.source}|${BIDI.source}`, "gu");

/** Bidirectional controls alone: the HTML pages drop them so data cannot reorder the markup after it. */
export const BIDI_CONTROLS = new RegExp(BIDI.source, "gu");

/** Spaces other than U+0020 (the Zs category): each looks like a space, or like nothing, and is not one. */
const OTHER_SPACES = /[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/u;

/** Blanks that are not spaces at all: a braille cell with no dots, a stand-in for an object that is not there. */
const BLANKS = /[\u2800\uFFFC]/u;

/**
 * What an echo of a caller's text shows as its code point rather than as itself: everything above
 * that a reader cannot see, or could take for a space or for nothing, and "[" before "U+", so an
 * echo never reads like the echo of another text.
 */
export const NOT_ECHOED_AS_IS = new RegExp(
	`${BREAKS_AND_CONTROLS.source}|${BIDI.source}|\\p{Default_Ignorable_Code_Point}|${OTHER_SPACES.source}|${BLANKS.source}|\\[(?=U\\+)`,
	"gu",
);

/**
 * What a handle key drops: everything Unicode says to render as nothing (format characters,
 * zero-width joiners, variation selectors, Hangul fillers, tags). Not controls: a handle with NUL
 * or a newline appended is not that handle (test/workers/hardening/arguments.test.ts).
 */
export const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * How much a field may hold: identifiers (ids, handles, URLs, aliases) nothing invisible at all;
 * one line of text (titles, names, labels, claims) what real text needs (ZWJ inside emoji, ZWNJ/ZWJ
 * between letters of the scripts that use them, the three subdivision flags, a variation selector after a
 * character it selects a form of); multi-line text the same plus "\n". A caller's free text (a
 * search query, a claim) is one line in which every line break, tab and space character reads as a
 * space.
 */
export type FieldKind = "identifier" | "line" | "multiline" | "text";

interface HiddenCharacter {
	codePoint: number;
	/** 1-based position, counting code points. */
	position: number;
	/** "U+202E RIGHT-TO-LEFT OVERRIDE" */
	label: string;
	/** Why it is refused, for the importer's message. */
	reason: string;
}

const NAMES: Record<number, string> = {
	0: "NULL",
	9: "CHARACTER TABULATION",
	10: "LINE FEED",
	11: "LINE TABULATION",
	12: "FORM FEED",
	13: "CARRIAGE RETURN",
	27: "ESCAPE",
	127: "DELETE",
	133: "NEXT LINE",
	160: "NO-BREAK SPACE",
	173: "SOFT HYPHEN",
	847: "COMBINING GRAPHEME JOINER",
	1564: "ARABIC LETTER MARK",
	4447: "HANGUL CHOSEONG FILLER",
	4448: "HANGUL JUNGSEONG FILLER",
	5760: "OGHAM SPACE MARK",
	6158: "MONGOLIAN VOWEL SEPARATOR",
	8192: "EN QUAD",
	8193: "EM QUAD",
	8194: "EN SPACE",
	8195: "EM SPACE",
	8196: "THREE-PER-EM SPACE",
	8197: "FOUR-PER-EM SPACE",
	8198: "SIX-PER-EM SPACE",
	8199: "FIGURE SPACE",
	8200: "PUNCTUATION SPACE",
	8201: "THIN SPACE",
	8202: "HAIR SPACE",
	8203: "ZERO WIDTH SPACE",
	8204: "ZERO WIDTH NON-JOINER",
	8205: "ZERO WIDTH JOINER",
	8206: "LEFT-TO-RIGHT MARK",
	8207: "RIGHT-TO-LEFT MARK",
	8232: "LINE SEPARATOR",
	8233: "PARAGRAPH SEPARATOR",
	8234: "LEFT-TO-RIGHT EMBEDDING",
	8235: "RIGHT-TO-LEFT EMBEDDING",
	8236: "POP DIRECTIONAL FORMATTING",
	8237: "LEFT-TO-RIGHT OVERRIDE",
	8238: "RIGHT-TO-LEFT OVERRIDE",
	8239: "NARROW NO-BREAK SPACE",
	8287: "MEDIUM MATHEMATICAL SPACE",
	8288: "WORD JOINER",
	8289: "FUNCTION APPLICATION",
	8290: "INVISIBLE TIMES",
	8291: "INVISIBLE SEPARATOR",
	8292: "INVISIBLE PLUS",
	8294: "LEFT-TO-RIGHT ISOLATE",
	8295: "RIGHT-TO-LEFT ISOLATE",
	8296: "FIRST STRONG ISOLATE",
	8297: "POP DIRECTIONAL ISOLATE",
	10240: "BRAILLE PATTERN BLANK",
	12288: "IDEOGRAPHIC SPACE",
	12644: "HANGUL FILLER",
	65279: "ZERO WIDTH NO-BREAK SPACE",
	65440: "HALFWIDTH HANGUL FILLER",
	65532: "OBJECT REPLACEMENT CHARACTER",
};

const is = (regex: RegExp, cp: number | undefined) =>
	cp !== undefined && regex.test(String.fromCodePoint(cp));

const CONTROL = /\p{Cc}/u;
const FORMAT = /\p{Cf}/u;
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
const PRIVATE_USE = /\p{Co}/u;
const NONCHARACTER = /\p{Noncharacter_Code_Point}/u;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const EMOJI_MODIFIER = /\p{Emoji_Modifier}/u;
const EMOJI = /\p{Emoji}/u;
const MONGOLIAN_LETTER = /(?=\p{L})\p{Script=Mongolian}/u;
/**
 * What VS1–VS14 (U+FE00–U+FE0D) may follow: the kinds of character StandardizedVariants.txt gives
 * variants for. Mathematical symbols beyond ASCII (∩︀, ≨︀, ∅︀; none of + < = > | ~ has one), the
 * digit zero (0︀, slashed), Han unified ideographs (the CJK compatibility variants), the CJK full
 * stop, comma and fullwidth punctuation (their positioned forms), the letters and digits of
 * Myanmar (dotted forms), Phags-pa and Manichaean (shaping forms), and Egyptian hieroglyphs.
 */
const STANDARDIZED_VARIANT_BASE =
	/[0\p{Unified_Ideograph}\u3001\u3002\uFF01\uFF0C\uFF0E\uFF1A\uFF1B\uFF1F\p{Script=Egyptian_Hieroglyphs}]|(?=[^\0-\x7F])\p{Sm}|(?=[\p{L}\p{N}])[\p{Script=Myanmar}\p{Script=Phags_Pa}\p{Script=Manichaean}]/u;
const NONSPACING_MARK = /[\p{Mn}\p{Me}]/u;
/** Where a combining mark has nothing to sit on. */
const SPACE_OR_BREAK = /[\s\p{Cc}\p{Zs}\u2028\u2029]/u;
/** Letters and marks of the scripts whose spelling uses ZWNJ/ZWJ (Persian, Urdu, the Indic scripts). */
const JOINING_SCRIPT =
	/(?=[\p{L}\p{M}])[\p{Script_Extensions=Arabic}\p{Script_Extensions=Syriac}\p{Script_Extensions=Nko}\p{Script_Extensions=Mongolian}\p{Script_Extensions=Devanagari}\p{Script_Extensions=Bengali}\p{Script_Extensions=Gurmukhi}\p{Script_Extensions=Gujarati}\p{Script_Extensions=Oriya}\p{Script_Extensions=Tamil}\p{Script_Extensions=Telugu}\p{Script_Extensions=Kannada}\p{Script_Extensions=Malayalam}\p{Script_Extensions=Sinhala}]/u;

const ZWNJ = 0x200c;
const ZWJ = 0x200d;
const VS16 = 0xfe0f;
const BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;
const isTag = (cp: number | undefined) => cp !== undefined && cp >= 0xe0020 && cp <= 0xe007f;
const isVariationSelector = (cp: number) =>
	(cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef);
/** Mongolian free variation selectors: invisible, but they pick a letter's shape. */
const isMongolianSelector = (cp: number) => (cp >= 0x180b && cp <= 0x180d) || cp === 0x180f;

/** The one exception needed by real text, given the code points around position i. */
function neededJoiner(cps: number[], i: number): boolean {
	const cp = cps[i] as number;
	const prev = cps[i - 1];
	const next = cps[i + 1];
	if (cp === ZWJ || cp === ZWNJ) {
		if (is(JOINING_SCRIPT, prev) && is(JOINING_SCRIPT, next)) return true;
		// 👩🏽‍💻, 🏳️‍🌈, 👨‍👩‍👧: ZWJ glues two pictographs (the first perhaps with a skin tone or VS16).
		return (
			cp === ZWJ &&
			(is(PICTOGRAPHIC, prev) || is(EMOJI_MODIFIER, prev) || prev === VS16) &&
			is(PICTOGRAPHIC, next)
		);
	}
	if (isTag(cp)) return inSubdivisionFlag(cps, i);
	return false;
}

/**
 * The tag sequences a black flag may take: Unicode's RGI emoji tag sequences, which are exactly the
 * flags of England, Scotland and Wales. Any other tag run, even a valid ISO 3166-2 code
 * ("usca"), shows on common platforms as a bare black flag followed by nothing, and tag letters
 * spell ASCII: accepting them would let a field carry text people do not see and agents read.
 */
const SUBDIVISION_FLAG_TAGS: readonly string[] = ["gbeng", "gbsct", "gbwls"];

/** The tag at i belongs to 🏴 + one of SUBDIVISION_FLAG_TAGS + CANCEL TAG. */
function inSubdivisionFlag(cps: number[], i: number): boolean {
	// A CANCEL TAG ends a sequence, so a run after it belongs to no flag.
	let start = i;
	while (isTag(cps[start - 1]) && cps[start - 1] !== CANCEL_TAG) start--;
	let end = i;
	while (cps[end] !== CANCEL_TAG && isTag(cps[end + 1])) end++;
	if (cps[start - 1] !== BLACK_FLAG || cps[end] !== CANCEL_TAG) return false;
	const letters = String.fromCodePoint(...cps.slice(start, end).map((tag) => tag - 0xe0000));
	return SUBDIVISION_FLAG_TAGS.includes(letters);
}

/** The IVD's registered sequences, read from their table on first use: base -> selectors from VS17. */
let ideographicSelectors: Map<number, number> | undefined;

/** Whether the IVD registers the ideographic selector `cp` (VS17–VS256) after `base`. */
function registeredIdeographicVariation(base: number | undefined, cp: number): boolean {
	if (base === undefined) return false;
	if (ideographicSelectors === undefined) {
		ideographicSelectors = new Map();
		for (const [count, gaps] of Object.entries(REGISTERED_SELECTOR_COUNTS)) {
			let at = 0;
			for (const gap of gaps.split(",")) {
				at += Number.parseInt(gap, 36);
				ideographicSelectors.set(at, Number(count));
			}
		}
	}
	return cp - 0xe0100 < (ideographicSelectors.get(base) ?? 0);
}

/**
 * The variation selector at i may select a form of the character before it (and is not a stray
 * one). An ideographic selector (VS17–VS256) must make a sequence the Ideographic Variation Database
 * registers (ideographic-variation-sequences.ts, generated from its data by scripts/ivd-table.ts).
 * For the others, without Unicode's sequence files at run time, each selector follows only the kinds
 * of character its sequences are defined for, a superset of the registered sequences that leaves out
 * every whole class that has none (Latin, Greek, Cyrillic letters, ASCII punctuation).
 */
function selectsForm(cps: number[], i: number): boolean {
	const cp = cps[i] as number;
	const prev = cps[i - 1];
	if (cp === 0xfe0e || cp === 0xfe0f) return is(EMOJI, prev); // text or emoji style: ❤️, #️⃣
	if (cp >= 0xe0100) return registeredIdeographicVariation(prev, cp);
	if (isMongolianSelector(cp)) return is(MONGOLIAN_LETTER, prev);
	return is(STANDARDIZED_VARIANT_BASE, prev); // VS1–VS14: StandardizedVariants.txt
}

/**
 * UTS #39 (5.4) advises refusing more than four nonspacing marks in a row, and the same one twice
 * in a row: real text needs fewer (Vietnamese two, pointed Hebrew four), a stack of thirty spills
 * over the lines around it.
 */
const MAX_MARKS_IN_A_ROW = 4;

/** Why the nonspacing mark at i is refused (with `run` marks before it in a row), or null. */
function markProblem(cps: number[], i: number, run: number): string | null {
	const prev = cps[i - 1];
	if (prev === undefined || is(SPACE_OR_BREAK, prev)) return "a combining mark with no character to sit on";
	if (run >= MAX_MARKS_IN_A_ROW)
		return `a stack of more than ${MAX_MARKS_IN_A_ROW} combining marks: it spills over the text around it`;
	if (prev === cps[i]) return "the same combining mark twice in a row";
	return null;
}

function reasonFor(cp: number, kind: FieldKind): string | null {
	if (cp >= 0xd800 && cp <= 0xdfff) return "half of a surrogate pair: not a character";
	if (cp === 0x0a && kind === "multiline") return null;
	if (is(BREAKS_AND_CONTROLS, cp)) {
		return cp === 0x0a || cp === 0x0b || cp === 0x0c || cp === 0x0d || cp === 0x85 || cp >= 0x2028
			? kind === "multiline"
				? 'a line break other than "\\n"'
				: "a line break: this field is one line"
			: "a control character";
	}
	if (is(BIDI, cp)) return "a bidirectional control: it reorders the text around it";
	if (is(PRIVATE_USE, cp)) return "a private-use character: readers see different things or nothing";
	if (is(NONCHARACTER, cp)) return "a noncharacter";
	if (cp === 0xfffc) return "a stand-in for an object that is not there";
	if (is(BLANKS, cp)) return "a blank that is not a space: it hides or fakes text";
	if (is(OTHER_SPACES, cp))
		return "a space other than U+0020: it looks like a space, or like nothing, and is not one";
	if (is(IGNORABLE, cp) || is(FORMAT, cp)) {
		if (kind !== "identifier" && (isVariationSelector(cp) || isMongolianSelector(cp))) return null;
		return "an invisible character";
	}
	return null;
}

/** In a caller's free text, every line break, tab and space character reads as a space. */
const READ_AS_SPACE = new RegExp(`[\\t\\n\\v\\f\\r\\u0085\\u2028\\u2029]|${OTHER_SPACES.source}`, "gu");

/** The first character a field of this kind must not hold, or null. */
export function findHiddenCharacter(value: string, kind: FieldKind): HiddenCharacter | null {
	// Fast path: printable ASCII (and "\n" in multi-line or free text) is always fine.
	if (/^[\x20-\x7e\n]*$/.test(value) && (kind === "multiline" || kind === "text" || !value.includes("\n")))
		return null;
	// One code point for one: positions stay those of the value as sent.
	const read = kind === "text" ? value.replace(READ_AS_SPACE, " ") : value;
	const cps = Array.from(read, (char) => char.codePointAt(0) as number);
	let marks = 0;
	for (let i = 0; i < cps.length; i++) {
		const cp = cps[i] as number;
		let reason = reasonFor(cp, kind);
		if (reason !== null && kind !== "identifier" && neededJoiner(cps, i)) reason = null;
		if (reason !== null && kind !== "identifier" && isTag(cp))
			reason =
				"a tag character outside the flags of England, Scotland and Wales: tags spell text no reader sees";
		if (reason === null && (isVariationSelector(cp) || isMongolianSelector(cp)) && !selectsForm(cps, i))
			reason = "a variation selector that selects no form of the character before it";
		const mark = reason === null && is(NONSPACING_MARK, cp) && !isVariationSelector(cp);
		if (mark) reason = markProblem(cps, i, marks);
		marks = mark ? marks + 1 : 0;
		if (reason !== null) return { codePoint: cp, position: i + 1, label: labelOf(cp), reason };
	}
	return null;
}

function labelOf(cp: number): string {
	const hex = `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
	const name =
		NAMES[cp] ??
		(isVariationSelector(cp)
			? `VARIATION SELECTOR-${cp <= 0xfe0f ? cp - 0xfe00 + 1 : cp - 0xe0100 + 17}`
			: isTag(cp)
				? "TAG CHARACTER"
				: is(CONTROL, cp)
					? "<control>"
					: is(PRIVATE_USE, cp)
						? "<private-use>"
						: cp >= 0xd800 && cp <= 0xdfff
							? "<surrogate>"
							: is(NONCHARACTER, cp)
								? "<noncharacter>"
								: is(NONSPACING_MARK, cp)
									? "<combining mark>"
									: "<format>");
	return `${hex} ${name}`;
}

/** "contains U+202E RIGHT-TO-LEFT OVERRIDE at character 12 (a bidirectional control: ...)" */
export function describeHiddenCharacter(hit: HiddenCharacter): string {
	return `contains ${hit.label} at character ${hit.position} (${hit.reason})`;
}
