/**
 * Characters a reader cannot see, or that move what they do see: controls and line breaks,
 * bidirectional controls, zero-width and other invisible format characters. One definition for the
 * corpus importer (which rejects them, scripts/corpus/format.ts), the handle key (which drops them,
 * handle-key.ts), the tools' text blocks and the HTML pages (which neutralise them at render).
 *
 * Pure TypeScript, no Unicode tables beyond the regex property escapes every runtime ships.
 */

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

/**
 * What a handle key drops: everything Unicode says to render as nothing (format characters,
 * zero-width joiners, variation selectors, Hangul fillers, tags). Not controls: a handle with NUL
 * or a newline appended is not that handle (test/workers/hardening-arguments.test.ts).
 */
export const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * How much a field may hold: identifiers (ids, handles, URLs, aliases) nothing invisible at all;
 * one line of text (titles, names, labels, claims) what real text needs (ZWJ inside emoji, ZWNJ/ZWJ
 * between letters of the scripts that use them, emoji tag flags, variation selectors); multi-line
 * text the same plus "\n".
 */
export type FieldKind = "identifier" | "line" | "multiline";

export interface HiddenCharacter {
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
	173: "SOFT HYPHEN",
	847: "COMBINING GRAPHEME JOINER",
	1564: "ARABIC LETTER MARK",
	4447: "HANGUL CHOSEONG FILLER",
	4448: "HANGUL JUNGSEONG FILLER",
	6158: "MONGOLIAN VOWEL SEPARATOR",
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
	8288: "WORD JOINER",
	8289: "FUNCTION APPLICATION",
	8290: "INVISIBLE TIMES",
	8291: "INVISIBLE SEPARATOR",
	8292: "INVISIBLE PLUS",
	8294: "LEFT-TO-RIGHT ISOLATE",
	8295: "RIGHT-TO-LEFT ISOLATE",
	8296: "FIRST STRONG ISOLATE",
	8297: "POP DIRECTIONAL ISOLATE",
	12644: "HANGUL FILLER",
	65279: "ZERO WIDTH NO-BREAK SPACE",
	65440: "HALFWIDTH HANGUL FILLER",
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
	if (isTag(cp)) {
		// 🏴 + tag letters + CANCEL TAG is a subdivision flag (England, Scotland, Wales).
		let start = i;
		while (isTag(cps[start - 1])) start--;
		let end = i;
		while (end < cps.length - 1 && isTag(cps[end + 1]) && cps[end] !== CANCEL_TAG) end++;
		return cps[start - 1] === BLACK_FLAG && cps[end] === CANCEL_TAG && end > start;
	}
	return false;
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
	if (is(IGNORABLE, cp) || is(FORMAT, cp)) {
		if (kind !== "identifier" && (isVariationSelector(cp) || isMongolianSelector(cp))) return null;
		return "an invisible character";
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
								: "<format>");
	return `${hex} ${name}`;
}

/** The first character a field of this kind must not hold, or null. */
export function findHiddenCharacter(value: string, kind: FieldKind): HiddenCharacter | null {
	// Fast path: printable ASCII (and "\n" in multi-line text) is always fine.
	if (/^[\x20-\x7e\n]*$/.test(value) && (kind === "multiline" || !value.includes("\n"))) return null;
	const cps = Array.from(value, (char) => char.codePointAt(0) as number);
	for (let i = 0; i < cps.length; i++) {
		const cp = cps[i] as number;
		const reason = reasonFor(cp, kind);
		if (reason === null) continue;
		if (kind !== "identifier" && neededJoiner(cps, i)) continue;
		return { codePoint: cp, position: i + 1, label: labelOf(cp), reason };
	}
	return null;
}

/** "contains U+202E RIGHT-TO-LEFT OVERRIDE at character 12 (a bidirectional control: ...)" */
export function describeHiddenCharacter(hit: HiddenCharacter): string {
	return `contains ${hit.label} at character ${hit.position} (${hit.reason})`;
}
