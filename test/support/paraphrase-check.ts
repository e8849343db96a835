/**
 * What a paraphrase of a source may not do, in English and Spanish: say more than the words it rests
 * on. Used on the recorded sessions' claims (each paraphrases the words it quotes) and on the page
 * texts that paraphrase a recorded answer (test/workers/pages/recorded-session-claims.test.ts). The kinds of drift, each
 * found in a wording a reader caught:
 *
 * - a hedge dropped ("usually" gone);
 * - advice reported as the creator's practice ("measures it", for "Measure it");
 * - a format read as a manner ("sin rodeos", "plainly", for "in one clean paragraph");
 * - a scope added ("Whatever you change to get cited", for "Measure it", whose "it" the passage
 *   never names; "cambies lo que cambies");
 * - a verb stronger than its source ("insiste", said once; "para tenerla en cuenta", for "enough to
 *   read", of an evidence gate that counts sources);
 * - a claim several creators make attributed to one (the same words in three creators' answers).
 *
 * The tables are small on purpose: they name the words the collection's creators and the pages use,
 * and a new kind of source adds its row.
 */

type ClaimLanguage = "en" | "es";

/** A whole word or phrase, case aside; letters on either side (accented ones too) break the match. */
const words = (...alternatives: string[]): RegExp =>
	new RegExp(`(?<!\\p{L})(?:${alternatives.join("|")})(?!\\p{L})`, "iu");

/** The same, finding every match. */
const every = (pattern: RegExp): RegExp => new RegExp(pattern.source, `${pattern.flags}g`);

/**
 * A hedge the quoted words may carry, and the words that carry it in a claim in each language. A
 * paraphrase that drops it says more than the source did.
 */
const HEDGES: readonly { hedge: string; source: RegExp; claim: Record<ClaimLanguage, RegExp> }[] = [
	{
		hedge: "usually",
		source: words("usually", "typically", "generally"),
		claim: {
			en: words("usually", "typically", "generally", "tends? to"),
			es: words("suele", "suelen", "normalmente", "por lo general", "habitualmente"),
		},
	},
	{
		hedge: "often",
		source: words("often", "frequently"),
		claim: {
			en: words("often", "frequently"),
			es: words("a menudo", "con frecuencia", "muchas veces"),
		},
	},
	{
		hedge: "sometimes",
		source: words("sometimes"),
		claim: { en: words("sometimes"), es: words("a veces", "en ocasiones") },
	},
	{
		hedge: "at least",
		source: words("at least"),
		claim: { en: words("at least"), es: words("al menos", "como mínimo") },
	},
	{
		hedge: "may",
		source: words("may", "might", "could"),
		claim: {
			en: words("may", "might", "could"),
			es: words("puede", "pueden", "podría", "podrían", "quizá", "quizás", "tal vez"),
		},
	},
	{
		// "can't" is a denial, not a hedge.
		hedge: "can",
		source: /(?<!\p{L})can(?!['’]t)(?!\p{L})/iu,
		claim: {
			en: words("can", "could", "may"),
			es: words("puede", "pueden", "podría", "podrían"),
		},
	},
];

/**
 * Advice in the quoted words: an imperative first word (from the verbs the collection's creators
 * use), or a reader told what they have to do. A claim about advice says the creator advises it; it
 * does not turn it into something the creator does.
 */
const IMPERATIVE_START = words(
	"measure",
	"check",
	"use",
	"write",
	"stop",
	"start",
	"open",
	"make",
	"add",
	"avoid",
	"keep",
	"don['’]t",
	"do",
	"try",
	"put",
	"test",
	"track",
	"focus",
	"publish",
);
const TOLD_TO = /\byour?\b[^.]*\b(should|must|need to|needs to|has to|have to)\b/i;
const ADVISES: Record<ClaimLanguage, RegExp> = {
	en: words("advises?", "advising", "recommends?", "suggests?", "urges?", "tells? (?:you|readers)"),
	es: words("aconseja", "aconsejan", "recomienda", "sugiere", "propone", "pide"),
};

const isAdvice = (quote: string): boolean =>
	IMPERATIVE_START.test(quote.trim().split(/\s+/)[0] ?? "") || TOLD_TO.test(quote);

/**
 * A format the quoted words name (the shape of an answer: a paragraph, a sentence, a list), and the
 * words that name it in a claim. A paraphrase names the format; it does not turn it into a manner.
 */
const FORMATS: readonly { format: string; source: RegExp; claim: Record<ClaimLanguage, RegExp> }[] = [
	{
		format: "paragraph",
		source: words("paragraphs?"),
		claim: { en: words("paragraphs?"), es: words("párrafos?") },
	},
	{
		format: "sentence",
		source: words("sentences?"),
		claim: { en: words("sentences?"), es: words("frases?", "oraci[oó]n", "oraciones") },
	},
	{
		format: "list",
		source: words("lists?", "bullet points?", "bullets?"),
		claim: { en: words("lists?", "bullet points?", "bullets?"), es: words("listas?", "viñetas?") },
	},
	{ format: "table", source: words("tables?"), claim: { en: words("tables?"), es: words("tablas?") } },
];

/** How an answer is said (its manner), which a format of the source does not license. */
const MANNER: Record<ClaimLanguage, RegExp> = {
	en: words(
		"plainly",
		"directly",
		"clearly",
		"straight",
		"straightforwardly",
		"concisely",
		"succinctly",
		"simply",
		"bluntly",
		"to the point",
	),
	es: words(
		"sin rodeos",
		"directamente",
		"claramente",
		"con claridad",
		"de (?:forma|manera|modo) (?:directa|clara|concisa|sencilla)",
		"al grano",
		"con sencillez",
		"concisamente",
		"sucintamente",
	),
};
const SOURCE_MANNER = MANNER.en;

/**
 * Words that widen what a claim is about: a source that names no such scope does not license one.
 * Spanish also says it by repeating a verb around "lo que" ("cambies lo que cambies").
 */
const SCOPE: Record<ClaimLanguage, RegExp> = {
	en: words("whatever", "whichever", "any", "every", "everything", "anything", "all", "always"),
	es: words(
		"cualquier",
		"cualquiera",
		"todo",
		"toda",
		"todos",
		"todas",
		"siempre",
		"sea cual sea",
		"(\\p{L}+) lo que \\1",
	),
};
const SOURCE_SCOPE = SCOPE.en;

/** Quoted words that open by pointing back at something they do not name ("Measure it …", "This is …"). */
const POINTS_BACK = /^\s*(?:\p{L}+\s+)?(it|this|that|these|those|them|they)(?!\p{L})/iu;

/** A claim saying the passage does not name what its words point back at. */
const SAYS_UNNAMED: Record<ClaimLanguage, RegExp> = {
	en: words("does(?: not|n['’]t) say (?:what|which|who)", "without saying (?:what|which)", "unnamed"),
	es: words("no dice (?:qué|a qué|cuál|quién)", "sin decir (?:qué|a qué)", "no precisa", "no especifica"),
};

/**
 * Verbs that say more than a source's plain words: repeated emphasis (insist), proof, reliance. Each
 * is licensed only by a source that says as much itself.
 */
const STRONGER: readonly { verb: string; claim: Record<ClaimLanguage, RegExp>; licensedBy: RegExp }[] = [
	{
		verb: "insists",
		claim: {
			en: words("insists?", "insisted", "stress(?:es|ed)?", "emphasi[sz]es", "hammers home", "repeats"),
			es: words("insiste", "insistió", "recalca", "subraya", "hace hincapié", "repite", "remarca", "machaca"),
		},
		licensedBy: words("again", "always", "keep saying", "I repeat", "I keep"),
	},
	{
		verb: "proves",
		claim: {
			en: words("proves?", "demonstrates?", "confirms?", "establish(?:es)?", "shows? that"),
			es: words("demuestra", "prueba", "confirma", "comprueba", "establece"),
		},
		licensedBy: words("tested", "we tested", "data", "measured", "study", "experiment", "results?"),
	},
	{
		verb: "is to be relied on",
		claim: {
			en: words("rely on", "act on", "take into account", "trust", "count on"),
			es: words(
				"tener(?:la|lo|las|los)? en cuenta",
				"confiar en",
				"fiarse de",
				"basarse en",
				"apoyarse en",
				"actuar",
			),
		},
		licensedBy: words("reliable", "proven", "trustworthy", "confirmed", "rely", "trust"),
	},
];

/** A verb just after a negation ("no demuestra", "not proof") says the opposite of its strength. */
const NEGATED = /(?<!\p{L})(?:no|not|ni|nor|never|nunca)\s+(?:\p{L}+\s+)?$/iu;

function strongerVerbs(paraphrase: string, language: ClaimLanguage): { verb: string; word: string }[] {
	const found: { verb: string; word: string }[] = [];
	for (const { verb, claim } of STRONGER)
		for (const match of paraphrase.matchAll(every(claim[language])))
			if (!NEGATED.test(paraphrase.slice(0, match.index))) found.push({ verb, word: match[0] });
	return found;
}

const NUMBER_WORDS: Record<ClaimLanguage, readonly string[]> = {
	en: ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"],
	es: ["ningún", "un", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez"],
};

/** How a claim says that `others` more creators than the one it cites say the same words. */
function namesOthers(others: number, language: ClaimLanguage): RegExp {
	const count = (n: number) => `(?:${NUMBER_WORDS[language][n] ?? n}|${n})`;
	return language === "en"
		? words(
				`${count(others)} other creators?`,
				`${count(others + 1)} creators`,
				...(others === 1 ? ["another creator"] : []),
			)
		: words(
				`otros? ${count(others)} creadores`,
				`${count(others + 1)} creadores`,
				...(others === 1 ? ["otro creador"] : []),
			);
}

/** What a paraphrase rests on besides its words: how many creators the session shows saying them. */
interface ParaphraseContext {
	/** The creators whose recorded answers hold the quoted words, the cited one among them. */
	creatorsSaying?: number;
}

/**
 * What a paraphrase says beyond its source, in one language: one line a problem, none when it is
 * faithful. `source` is the words the text rests on; `text` is the paraphrase, with {quote} where
 * the source is quoted (absent for a page text that quotes nothing).
 */
export function paraphraseProblems(
	source: string,
	text: string,
	language: ClaimLanguage,
	context: ParaphraseContext = {},
): string[] {
	const paraphrase = text.replace("{quote}", " ");
	const problems: string[] = [];
	const say = (problem: string) => problems.push(`${language}: ${problem}: ${text}`);
	for (const { hedge, source: pattern, claim } of HEDGES)
		if (pattern.test(source) && !claim[language].test(paraphrase))
			say(`the source says "${hedge}", the claim drops it`);
	if (isAdvice(source) && !ADVISES[language].test(paraphrase))
		say("the source advises, the claim does not say the creator advises it");
	for (const { format, source: pattern, claim } of FORMATS)
		if (pattern.test(source) && !claim[language].test(paraphrase))
			say(`the source speaks of a format ("${format}"), the claim drops it`);
	const manner = MANNER[language].exec(paraphrase)?.[0];
	if (manner !== undefined && !SOURCE_MANNER.test(source))
		say(
			FORMATS.some(({ source: pattern }) => pattern.test(source))
				? `the source speaks of a format, the claim reads it as a manner ("${manner}")`
				: `the claim adds a manner the source does not name ("${manner}")`,
		);
	const scope = SCOPE[language].exec(paraphrase)?.[0];
	if (scope !== undefined && !SOURCE_SCOPE.test(source))
		say(`the claim adds a scope the source does not give ("${scope}")`);
	const pointsBack = POINTS_BACK.exec(source)?.[1];
	if (pointsBack !== undefined && !SAYS_UNNAMED[language].test(paraphrase))
		say(
			`the source's "${pointsBack}" points at something the passage does not name, the claim does not say so`,
		);
	for (const { verb, word } of strongerVerbs(paraphrase, language))
		if (!STRONGER.find((row) => row.verb === verb)?.licensedBy.test(source))
			say(`the claim's verb ("${word}") says the source ${verb}, which its words do not`);
	const saying = context.creatorsSaying ?? 1;
	if (saying > 1 && !namesOthers(saying - 1, language).test(paraphrase))
		say(`${saying} creators the session returned say these words, the claim gives them to one`);
	return problems;
}

/**
 * Whether recorded text holds the quoted words: whole, or up to where an excerpt was cut ("…"), when
 * the cut falls inside them after at least `MIN_CUT_WORDS` of their words.
 */
const MIN_CUT_WORDS = 6;

export function holdsQuote(text: string, quote: string): boolean {
	if (text.includes(quote)) return true;
	if (!text.endsWith("…")) return false;
	const shown = text.slice(0, -1);
	const quoteWords = quote.split(" ");
	for (let n = quoteWords.length - 1; n >= MIN_CUT_WORDS; n--) {
		const start = quoteWords.slice(0, n).join(" ");
		if (shown.endsWith(start) && (shown.length === start.length || /\s$/.test(shown.slice(0, -start.length))))
			return true;
	}
	return false;
}
