/**
 * Deterministic generator of a realistic sample corpus about SEO and AI search practice (format.ts).
 * Same options => the same records, byte for byte. Records stream out one at a time (creators, then
 * topics, then each source followed by its evidence cards), so 100,000 sources never sit in memory.
 *
 *   tsx scripts/corpus/generate.ts [--sources N] [--seed S] [--out FILE]     (stdout without --out)
 *
 * `--sources N` is the total number of sources, planted fixtures included (at least
 * FIXTURES.plantedSources: a smaller N still yields every planted source). Planted fixture sources
 * (FIXTURES below) are the same at every size and seed; the rest is drawn from a seeded PRNG.
 *
 * Pure TypeScript: tests import generateCorpus() and FIXTURES, in Node or in the Workers runtime. The
 * Node-only command line lives in generate-cli.ts and is loaded only when this file is run directly.
 */

import type { CorpusRecordInput, Platform, PublicationState, ReviewState } from "./format";
import { handleSkeleton } from "./handle-skeleton";
import {
	ACCENTED_FIRST_NAMES,
	BIO_AREAS,
	BIO_AUDIENCES,
	BIO_ROLES,
	BIO_TEMPLATES,
	CLAIM_TEMPLATES,
	type CreatorSpec,
	CURATED_CREATORS,
	ENGINES,
	EVIDENCE_TAILS,
	FIRST_NAMES,
	GENERAL_SENTENCES,
	HANDLE_WORDS,
	LAST_NAMES,
	RARE_SENTENCES,
	STATE_REASONS,
	SUMMARY_TAILS,
	SUMMARY_TEMPLATES,
	TITLE_TEMPLATES,
	TOOLS,
	TOPICS,
	type TopicSpec,
	TRICKY_SENTENCES,
} from "./vocabulary";

export const DEFAULT_SOURCES = 300;
export const DEFAULT_SEED = 2026;

// ---------------------------------------------------------------------------------------------------
// PRNG

/** mulberry32: a small, fast, well-distributed 32-bit PRNG. Returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** Mixes integers into one 32-bit seed (murmur3 finaliser per step). */
export function mixSeed(...parts: number[]): number {
	let h = 0x9e3779b9;
	for (const part of parts) {
		h = Math.imul(h ^ (part >>> 0), 0x85ebca6b);
		h ^= h >>> 13;
		h = Math.imul(h, 0xc2b2ae35);
		h ^= h >>> 16;
	}
	return h >>> 0;
}

/** A --seed value: an integer is used as is (mod 2^32); any other string is hashed (FNV-1a). */
export function parseSeed(seed: string | number): number {
	if (typeof seed === "number") return seed >>> 0;
	if (/^\d+$/.test(seed)) return Number(BigInt(seed) % 4294967296n);
	let h = 0x811c9dc5;
	for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
	return h >>> 0;
}

class Rng {
	private readonly next: () => number;
	constructor(seed: number) {
		this.next = mulberry32(seed);
	}
	float(): number {
		return this.next();
	}
	/** Integer in [min, max]. */
	int(min: number, max: number): number {
		return min + Math.floor(this.next() * (max - min + 1));
	}
	chance(p: number): boolean {
		return this.next() < p;
	}
	pick<T>(items: readonly T[]): T {
		return items[Math.floor(this.next() * items.length)] as T;
	}
	/** Index drawn with probability proportional to weights[i]. */
	weighted(weights: readonly number[]): number {
		let total = 0;
		for (const w of weights) total += w;
		let r = this.next() * total;
		for (let i = 0; i < weights.length; i++) {
			r -= weights[i] as number;
			if (r < 0) return i;
		}
		return weights.length - 1;
	}
	chars(alphabet: string, length: number): string {
		let out = "";
		for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
		return out;
	}
}

/** Index drawn from a cumulative weight table (binary search). */
function pickCumulative(cumulative: readonly number[], r: number): number {
	const target = r * (cumulative[cumulative.length - 1] as number);
	let lo = 0;
	let hi = cumulative.length - 1;
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if ((cumulative[mid] as number) > target) hi = mid;
		else lo = mid + 1;
	}
	return lo;
}

// ---------------------------------------------------------------------------------------------------
// Ids and URLs. Every id embeds a bijective code of its entity's index, so ids never collide.

const BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz";
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** x -> (x * a + b) mod m, a bijection on [0, m) when gcd(a, m) = 1. */
function permute(index: number, a: number, b: number, m: number): number {
	return Number((BigInt(index) * BigInt(a) + BigInt(b)) % BigInt(m));
}

function encode(value: number, alphabet: string, width: number): string {
	let out = "";
	let rest = value;
	for (let i = 0; i < width; i++) {
		out = alphabet[rest % alphabet.length] + out;
		rest = Math.floor(rest / alphabet.length);
	}
	return out;
}

const M36_6 = 36 ** 6;
const M64_5 = 64 ** 5;
const M10_9 = 10 ** 9;

function randomSourceId(index: number, rng: Rng): string {
	return `src_${encode(permute(index, 1_234_567, 424_242, M36_6), BASE36, 6)}${rng.chars(BASE36, 6)}`;
}

function randomCardId(index: number, rng: Rng): string {
	return `card_${encode(permute(index, 7_654_321, 171_717, M36_6), BASE36, 6)}${rng.chars(BASE36, 6)}`;
}

function creatorId(index: number): string {
	return `cr_${encode(permute(index, 2_718_283, 99_991, M36_6), BASE36, 6)}`;
}

/** The platform id of the source with global index `index` (planted and random share one index space). */
function platformId(platform: Platform, index: number, rng: Rng): string {
	if (platform === "tiktok") {
		// 19 digits, like TikTok item ids (which start with 7).
		return `7${String(permute(index, 738_219_337, 31_415_926, M10_9)).padStart(9, "0")}${rng.chars("0123456789", 9)}`;
	}
	// 11 characters of [A-Za-z0-9_-], like YouTube video ids and Instagram shortcodes.
	return `${encode(permute(index, 1_640_531_527, 12_345, M64_5), BASE64URL, 5)}${rng.chars(BASE64URL, 6)}`;
}

function profileUrl(platform: Platform, handle: string): string {
	const h = encodeURIComponent(handle);
	switch (platform) {
		case "tiktok":
			return `https://www.tiktok.com/@${h}`;
		case "youtube_shorts":
			return `https://www.youtube.com/@${h}`;
		case "instagram_reels":
			return `https://www.instagram.com/${h}/`;
	}
}

function videoUrl(platform: Platform, handle: string, id: string): string {
	switch (platform) {
		case "tiktok":
			return `https://www.tiktok.com/@${encodeURIComponent(handle)}/video/${id}`;
		case "youtube_shorts":
			return `https://www.youtube.com/shorts/${id}`;
		case "instagram_reels":
			return `https://www.instagram.com/reel/${id}/`;
	}
}

const PLATFORM_ALIAS = { tiktok: "item_id", youtube_shorts: "video_id", instagram_reels: "post_id" } as const;

// ---------------------------------------------------------------------------------------------------
// Planted fixtures

/** Topics only planted sources use; random sources never carry them. */
export const FIXTURE_TOPIC_IDS = [
	"llm-citations",
	"voice-search",
	"local-pack",
	"schema-markup",
	"zero-click",
] as const;

interface PlantedCard {
	id: string;
	state: ReviewState;
	/** Defaults to the source's first topic. */
	topic?: string;
}

interface PlantedSource {
	id: string;
	/** Index into CURATED_CREATORS. */
	creator: number;
	topics: string[];
	state: PublicationState;
	cards: PlantedCard[];
	shape?: "many" | "long";
}

const SAM = 0;
const MARIA = 1;
const RAJ = 2;
const HARUTO = 3;
const INGRID = 4;
const CAGLA = 5;
const HIDDEN = 6;
const GRACE = 7;
const LUCIA = 8;
const SCHEMA_GUY = 9;
const NINA = 10;
const LEO = 11;
const CARL = 12;
const TESS = 13;
const KIM = 14;
const ELI = 15;

const card = (id: string, state: ReviewState, topic?: string): PlantedCard => ({ id, state, topic });

const PLANTED: PlantedSource[] = [
	// llm-citations: strong at the boundary (5 sources, 2 creators, 3 applied), plus rows that must not count.
	{
		id: "fixllm1",
		creator: SAM,
		topics: ["llm-citations", "chatgpt-search"],
		state: "published",
		cards: [card("fixllm1a", "applied")],
	},
	{
		id: "fixllm2",
		creator: SAM,
		topics: ["llm-citations"],
		state: "published",
		cards: [card("fixllm2a", "applied")],
	},
	{
		id: "fixllm3",
		creator: SAM,
		topics: ["llm-citations"],
		state: "published",
		cards: [card("fixllm3d", "draft")],
	},
	{
		id: "fixllm4",
		creator: MARIA,
		topics: ["llm-citations", "perplexity-seo"],
		state: "published",
		cards: [card("fixllm4a", "applied")],
	},
	{
		id: "fixllm5",
		creator: MARIA,
		topics: ["llm-citations"],
		state: "published",
		cards: [card("fixllm5r", "rejected")],
	},
	{
		id: "fixllmunpub",
		creator: RAJ,
		topics: ["llm-citations"],
		state: "unpublished",
		cards: [card("fixllmunpuba", "applied")],
	},
	{ id: "fixllmremoved", creator: INGRID, topics: ["llm-citations"], state: "removed", cards: [] },
	// voice-search: fails only the sources gate (4 public; the 2 unpublished would make it 6).
	{
		id: "fixvoice1",
		creator: INGRID,
		topics: ["voice-search"],
		state: "published",
		cards: [card("fixvoice1a", "applied")],
	},
	{
		id: "fixvoice2",
		creator: INGRID,
		topics: ["voice-search"],
		state: "published",
		cards: [card("fixvoice2a", "applied")],
	},
	{
		id: "fixvoice3",
		creator: NINA,
		topics: ["voice-search"],
		state: "published",
		cards: [card("fixvoice3a", "applied")],
	},
	{
		id: "fixvoice4",
		creator: NINA,
		topics: ["voice-search", "featured-snippets"],
		state: "published",
		cards: [],
	},
	{ id: "fixvoiceunpub1", creator: LEO, topics: ["voice-search"], state: "unpublished", cards: [] },
	{ id: "fixvoiceunpub2", creator: CARL, topics: ["voice-search"], state: "unpublished", cards: [] },
	// local-pack: fails only the creators gate (5 public sources, all from one creator).
	{
		id: "fixlocal1",
		creator: LUCIA,
		topics: ["local-pack"],
		state: "published",
		cards: [card("fixlocal1a", "applied")],
	},
	{
		id: "fixlocal2",
		creator: LUCIA,
		topics: ["local-pack"],
		state: "published",
		cards: [card("fixlocal2a", "applied")],
	},
	{
		id: "fixlocal3",
		creator: LUCIA,
		topics: ["local-pack"],
		state: "published",
		cards: [card("fixlocal3a", "applied")],
	},
	{ id: "fixlocal4", creator: LUCIA, topics: ["local-pack"], state: "published", cards: [] },
	{ id: "fixlocal5", creator: LUCIA, topics: ["local-pack", "search-intent"], state: "published", cards: [] },
	{ id: "fixlocalunpub", creator: CAGLA, topics: ["local-pack"], state: "unpublished", cards: [] },
	// schema-markup: fails only the applied-insights gate (2 applied on public sources).
	{
		id: "fixschema1",
		creator: SCHEMA_GUY,
		topics: ["schema-markup"],
		state: "published",
		cards: [card("fixschema1a", "applied")],
	},
	{
		id: "fixschema2",
		creator: SCHEMA_GUY,
		topics: ["schema-markup"],
		state: "published",
		cards: [card("fixschema2i", "in_review")],
	},
	{
		id: "fixschema3",
		creator: SCHEMA_GUY,
		topics: ["schema-markup", "ecommerce-seo"],
		state: "published",
		cards: [],
	},
	{
		id: "fixschema4",
		creator: RAJ,
		topics: ["schema-markup"],
		state: "published",
		cards: [card("fixschema4a", "applied")],
	},
	{
		id: "fixschema5",
		creator: RAJ,
		topics: ["schema-markup"],
		state: "published",
		cards: [card("fixschema5i", "in_review")],
	},
	{
		id: "fixschemaremoved",
		creator: SCHEMA_GUY,
		topics: ["schema-markup"],
		state: "removed",
		cards: [card("fixschemaremoveda", "applied")],
	},
	// zero-click: nothing public at all. The hidden creator has only these two sources.
	{
		id: "fixzero1",
		creator: HIDDEN,
		topics: ["zero-click"],
		state: "unpublished",
		cards: [card("fixzero1d", "draft")],
	},
	{ id: "fixzero2", creator: HIDDEN, topics: ["zero-click"], state: "removed", cards: [] },
	{
		id: "fixzero3",
		creator: HARUTO,
		topics: ["zero-click"],
		state: "removed",
		cards: [card("fixzero3a", "applied")],
	},
	// ai-overviews: strong at every size (random sources add more).
	{
		id: "fixaio1",
		creator: GRACE,
		topics: ["ai-overviews"],
		state: "published",
		cards: [card("fixaio1a", "applied")],
	},
	{
		id: "fixaio2",
		creator: GRACE,
		topics: ["ai-overviews", "generative-engine-optimization"],
		state: "published",
		cards: [card("fixaio2a", "applied")],
	},
	{
		id: "fixaio3",
		creator: SAM,
		topics: ["ai-overviews"],
		state: "published",
		cards: [card("fixaio3a", "applied")],
	},
	{
		id: "fixaio4",
		creator: SAM,
		topics: ["ai-overviews"],
		state: "published",
		cards: [card("fixaio4a", "applied")],
	},
	{ id: "fixaio5", creator: TESS, topics: ["ai-overviews", "ai-crawlers"], state: "published", cards: [] },
	{ id: "fixaio6", creator: TESS, topics: ["ai-overviews"], state: "published", cards: [] },
	// More passages (12) and more applied cards (4) than get_source returns; carries every tricky sentence.
	{
		id: "fixmany",
		creator: KIM,
		topics: ["content-refresh", "internal-linking"],
		state: "published",
		shape: "many",
		cards: [
			card("fixmanya1", "applied", "content-refresh"),
			card("fixmanya2", "applied", "internal-linking"),
			card("fixmanya3", "applied", "content-refresh"),
			card("fixmanya4", "applied", "content-refresh"),
			card("fixmanyd1", "draft", "internal-linking"),
		],
	},
	// Ten passages of about 1,100 characters each, for result-size tests; carries every rare word.
	{ id: "fixlong", creator: ELI, topics: ["entity-seo"], state: "published", shape: "long", cards: [] },
];

export type GateName = "sources" | "creators" | "applied_insights";
export interface GateCounts {
	sources: number;
	creators: number;
	applied_insights: number;
}

export interface TopicFixture {
	topic_id: string;
	/** Public counts the server must report (only published sources, only applied cards on them). */
	expected: GateCounts;
	strong: boolean;
	failedGates: readonly GateName[];
	publicSourceIds: readonly string[];
	/** Unpublished or removed sources on the topic: never served or counted. */
	hiddenSourceIds: readonly string[];
	/** Applied cards on published sources. */
	appliedCardIds: readonly string[];
	/** Cards that must never be served or counted (not applied, or on a hidden source). */
	hiddenCardIds: readonly string[];
}

/**
 * Planted fixtures, present in every generated corpus (any --sources, any --seed) with exactly these
 * ids. Counts are public counts: published sources, distinct creators of those, applied cards on them.
 */
export const FIXTURES = {
	defaultSources: DEFAULT_SOURCES,
	defaultSeed: DEFAULT_SEED,
	/** Number of planted sources: the smallest corpus --sources can produce. */
	plantedSources: PLANTED.length,
	/** Topics used by planted sources only. */
	fixtureTopicIds: FIXTURE_TOPIC_IDS,
	topics: {
		/** strong, exactly at every threshold. */
		llmCitations: {
			topic_id: "llm-citations",
			expected: { sources: 5, creators: 2, applied_insights: 3 },
			strong: true,
			failedGates: [],
			publicSourceIds: ["src_fixllm1", "src_fixllm2", "src_fixllm3", "src_fixllm4", "src_fixllm5"],
			hiddenSourceIds: ["src_fixllmunpub", "src_fixllmremoved"],
			appliedCardIds: ["card_fixllm1a", "card_fixllm2a", "card_fixllm4a"],
			hiddenCardIds: ["card_fixllm3d", "card_fixllm5r", "card_fixllmunpuba"],
		},
		/** fails only the sources gate. */
		voiceSearch: {
			topic_id: "voice-search",
			expected: { sources: 4, creators: 2, applied_insights: 3 },
			strong: false,
			failedGates: ["sources"],
			publicSourceIds: ["src_fixvoice1", "src_fixvoice2", "src_fixvoice3", "src_fixvoice4"],
			hiddenSourceIds: ["src_fixvoiceunpub1", "src_fixvoiceunpub2"],
			appliedCardIds: ["card_fixvoice1a", "card_fixvoice2a", "card_fixvoice3a"],
			hiddenCardIds: [],
		},
		/** fails only the creators gate. */
		localPack: {
			topic_id: "local-pack",
			expected: { sources: 5, creators: 1, applied_insights: 3 },
			strong: false,
			failedGates: ["creators"],
			publicSourceIds: ["src_fixlocal1", "src_fixlocal2", "src_fixlocal3", "src_fixlocal4", "src_fixlocal5"],
			hiddenSourceIds: ["src_fixlocalunpub"],
			appliedCardIds: ["card_fixlocal1a", "card_fixlocal2a", "card_fixlocal3a"],
			hiddenCardIds: [],
		},
		/** fails only the applied-insights gate. */
		schemaMarkup: {
			topic_id: "schema-markup",
			expected: { sources: 5, creators: 2, applied_insights: 2 },
			strong: false,
			failedGates: ["applied_insights"],
			publicSourceIds: [
				"src_fixschema1",
				"src_fixschema2",
				"src_fixschema3",
				"src_fixschema4",
				"src_fixschema5",
			],
			hiddenSourceIds: ["src_fixschemaremoved"],
			appliedCardIds: ["card_fixschema1a", "card_fixschema4a"],
			hiddenCardIds: ["card_fixschema2i", "card_fixschema5i", "card_fixschemaremoveda"],
		},
		/** nothing public: every gate fails. */
		zeroClick: {
			topic_id: "zero-click",
			expected: { sources: 0, creators: 0, applied_insights: 0 },
			strong: false,
			failedGates: ["sources", "creators", "applied_insights"],
			publicSourceIds: [],
			hiddenSourceIds: ["src_fixzero1", "src_fixzero2", "src_fixzero3"],
			appliedCardIds: [],
			hiddenCardIds: ["card_fixzero1d", "card_fixzero3a"],
		},
	} satisfies Record<string, TopicFixture>,
	/** A large general topic; random sources add to these minimums, so the topic is strong at any size. */
	aiOverviews: {
		topic_id: "ai-overviews",
		atLeast: { sources: 6, creators: 3, applied_insights: 4 },
		strong: true,
		plantedSourceIds: [
			"src_fixaio1",
			"src_fixaio2",
			"src_fixaio3",
			"src_fixaio4",
			"src_fixaio5",
			"src_fixaio6",
		],
	},
	/** A creator whose every source is unpublished or removed: not public anywhere. */
	hiddenCreator: {
		handle: "quiet.serp.lab",
		creator_id: creatorId(HIDDEN),
		sourceIds: ["src_fixzero1", "src_fixzero2"],
		publicSources: 0,
	},
	/** 12 passages (get_source returns 8) and 4 applied + 1 draft card (it returns 3). */
	manyPassagesSource: {
		source_id: "src_fixmany",
		passages: 12,
		appliedCardIds: ["card_fixmanya1", "card_fixmanya2", "card_fixmanya3", "card_fixmanya4"],
		draftCardIds: ["card_fixmanyd1"],
	},
	/** 10 passages of about 1,100 characters each. */
	longPassagesSource: {
		source_id: "src_fixlong",
		passages: 10,
		minPassageChars: 1000,
		maxPassageChars: 1200,
	},
	/** Handles with non-ASCII letters, and one with upper case (lookups are by handleKey). */
	unicodeHandles: ["maría.seo", "seo_日本語", "ai_søk", "Çağla.growth", "zoë.rankt", "søren.søg"],
	mixedCaseHandle: { handle: "GEO.with.Grace", key: "geo.with.grace" },
	vocabulary: {
		/** Words that appear in a large share of passages, titles or summaries. */
		common: ["seo", "google", "ai", "content", "search"],
		/** Words found in very few passages (always in src_fixlong). */
		rare: Object.keys(RARE_SENTENCES),
		/** Text search must handle; every one appears in a passage of src_fixmany. */
		tricky: [
			"multi-agent",
			"20.04",
			"NOTE:",
			'"best running shoes"',
			"AND",
			"NEAR",
			"*",
			"🚀",
			"Zürich",
			"naïve",
		],
	},
} as const;

// ---------------------------------------------------------------------------------------------------
// Text

interface Slots {
	topic: string;
	Topic: string;
	name: string;
	year: number;
}

function fill(template: string, slots: Slots, rng: Rng): string {
	return template.replace(/\{(\w+)\}/g, (_, key: string) => {
		switch (key) {
			case "topic":
				return slots.topic;
			case "Topic":
				return slots.Topic;
			case "name":
				return slots.name;
			case "year":
				return String(slots.year);
			case "engine":
				return rng.pick(ENGINES);
			case "tool":
				return rng.pick(TOOLS);
			case "n":
				return String(rng.int(3, 12));
			case "days":
				return String(rng.pick([7, 10, 14, 21, 28, 30, 45, 60, 90]));
			case "pct":
				return String(rng.int(8, 180));
			case "platform":
				return rng.pick(["TikTok", "YouTube", "Instagram"]);
			default:
				return key;
		}
	});
}

const TOPIC_BY_ID = new Map(TOPICS.map((t) => [t.topic_id, t]));
function topicSpec(id: string): TopicSpec {
	const spec = TOPIC_BY_ID.get(id);
	if (!spec) throw new Error(`generator: unknown topic ${id}`);
	return spec;
}

const RANDOM_TOPICS = TOPICS.filter((t) => t.weight > 0);
const RANDOM_TOPIC_WEIGHTS = RANDOM_TOPICS.map((t) => t.weight);
const RARE_LIST = Object.values(RARE_SENTENCES);

/** A per-source deck of sentences, drawn without repeats until a deck runs out. */
class SentenceDeck {
	private topic: string[];
	private general: string[];
	constructor(
		private readonly topicSentences: string[],
		private readonly rng: Rng,
	) {
		this.topic = shuffled(topicSentences, rng);
		this.general = shuffled(GENERAL_SENTENCES, rng);
	}
	/** Topic sentences about 40% of the time while they last, general ones otherwise. */
	draw(exclude: readonly string[]): string {
		if (this.general.length === 0) this.general = shuffled(GENERAL_SENTENCES, this.rng);
		const deck = this.topic.length > 0 && this.rng.chance(0.4) ? this.topic : this.general;
		for (let i = deck.length - 1; i >= 0; i--) {
			const sentence = deck[i] as string;
			if (!exclude.includes(sentence)) {
				deck.splice(i, 1);
				return sentence;
			}
		}
		return this.rng.pick(this.topicSentences.length > 0 ? this.topicSentences : GENERAL_SENTENCES);
	}
}

function shuffled<T>(items: readonly T[], rng: Rng): T[] {
	const out = items.slice();
	for (let i = out.length - 1; i > 0; i--) {
		const j = rng.int(0, i);
		[out[i], out[j]] = [out[j] as T, out[i] as T];
	}
	return out;
}

/** 1-3 sentences, about 120-350 characters. `forced` (a tricky or rare sentence) goes in first. */
function passageText(deck: SentenceDeck, slots: Slots, rng: Rng, forced?: string): string {
	const raw: string[] = [];
	const parts: string[] = [];
	let length = 0;
	if (forced !== undefined) {
		raw.push(forced);
		parts.push(forced);
		length = forced.length;
	}
	while (parts.length < 3) {
		const template = deck.draw(raw);
		const sentence = fill(template, slots, rng);
		if (parts.length > 0 && length + 1 + sentence.length > 350) break;
		raw.push(template);
		parts.push(sentence);
		length += (parts.length > 1 ? 1 : 0) + sentence.length;
		if (length >= 120 && rng.chance(0.55)) break;
	}
	return parts.join(" ");
}

/** A passage of about 1,100 characters (1,000-1,200), starting with the `forced` sentences. */
function longPassageText(deck: SentenceDeck, slots: Slots, rng: Rng, forced: string[]): string {
	const raw = [...forced];
	const parts = [...forced];
	let length = parts.join(" ").length;
	for (let guard = 0; length < 1050 && guard < 200; guard++) {
		const template = deck.draw(raw);
		const sentence = fill(template, slots, rng);
		if (length + 1 + sentence.length > 1150) continue;
		raw.push(template);
		parts.push(sentence);
		length += 1 + sentence.length;
	}
	return parts.join(" ");
}

function formatTimestamp(ms: number): string {
	const seconds = Math.floor(ms / 1000);
	return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2024, 0, 1);
const LAST_DAY = Date.UTC(2026, 9, 31);
const DAY_COUNT = Math.round((LAST_DAY - FIRST_DAY) / DAY_MS) + 1;

function isoDay(ms: number): string {
	return new Date(ms).toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------------
// Creators

interface Creator {
	creator_id: string;
	handle: string;
	display_name: string;
	platform: Platform;
	firstName: string;
}

const PLATFORM_WEIGHTS: Record<Platform, number> = { tiktok: 0.5, youtube_shorts: 0.3, instagram_reels: 0.2 };
const PLATFORM_LIST = Object.keys(PLATFORM_WEIGHTS) as Platform[];

function generatedCreator(index: number, seed: number, taken: Set<string>): CreatorSpec {
	const rng = new Rng(mixSeed(seed, 0xc4ea7, index));
	const platform = PLATFORM_LIST[rng.weighted(PLATFORM_LIST.map((p) => PLATFORM_WEIGHTS[p]))] as Platform;
	const accented = rng.chance(0.08);
	const first = accented ? rng.pick(ACCENTED_FIRST_NAMES) : rng.pick(FIRST_NAMES);
	const last = rng.pick(LAST_NAMES);
	const word = rng.pick(HANDLE_WORDS);
	const f = first.toLowerCase();
	const patterns = [
		`${f}.${word}`,
		`${word}.with.${f}`,
		`${f}${word}`,
		`${f}_${word}`,
		`the.${word}.${f}`,
		`${f}.${last.toLowerCase()}`,
		`${word}by${f}`,
		`${f}_${word}${rng.int(1, 99)}`,
	];
	let handle = rng.pick(patterns);
	if (rng.chance(0.03)) handle = `${first}${word.toUpperCase()}`;
	let candidate = handle;
	// Skeletons, not keys: the importer refuses a handle that looks like another (handle-skeleton.ts).
	for (let n = 2; taken.has(handleSkeleton(candidate)); n++) candidate = `${handle}${n}`;
	taken.add(handleSkeleton(candidate));
	const display_name = rng.chance(0.1) ? `${first} | ${word.toUpperCase()}` : `${first} ${last}`;
	const spec: CreatorSpec = { handle: candidate, display_name, platform };
	if (rng.chance(0.8)) {
		spec.bio = rng
			.pick(BIO_TEMPLATES)
			.replace("{role}", rng.pick(BIO_ROLES))
			.replace("{area}", rng.pick(BIO_AREAS))
			.replace("{audience}", rng.pick(BIO_AUDIENCES));
	}
	return spec;
}

// ---------------------------------------------------------------------------------------------------
// Sources

type SourceInput = Extract<CorpusRecordInput, { kind: "source" }>;
type CardInput = Extract<CorpusRecordInput, { kind: "card" }>;

interface SourcePlan {
	index: number;
	source_id: string;
	creator: Creator;
	topics: string[];
	state: PublicationState;
	shape?: "many" | "long";
}

function buildSource(plan: SourcePlan, rng: Rng): SourceInput {
	const { creator } = plan;
	const primary = topicSpec(plan.topics[0] as string);
	const publishedMs = FIRST_DAY + rng.int(0, DAY_COUNT - 1) * DAY_MS;
	const slots: Slots = {
		topic: primary.phrase,
		Topic: primary.label,
		name: creator.firstName,
		year: new Date(publishedMs).getUTCFullYear(),
	};
	const title = fill(rng.pick(TITLE_TEMPLATES), slots, rng);
	const secondary = plan.topics[1] !== undefined ? topicSpec(plan.topics[1]) : undefined;
	let summary = fill(rng.pick(SUMMARY_TEMPLATES), slots, rng);
	if (secondary && rng.chance(0.6)) summary += ` Also touches on ${secondary.phrase}.`;
	const tail = rng.pick(SUMMARY_TAILS);
	if (tail) summary += ` ${tail}`;

	const deck = new SentenceDeck(
		plan.topics.flatMap((t) => topicSpec(t).sentences),
		rng,
	);

	let duration: number;
	let texts: string[];
	if (plan.shape === "many") {
		duration = 170;
		texts = Array.from({ length: 12 }, (_, i) => passageText(deck, slots, rng, TRICKY_SENTENCES[i]));
	} else if (plan.shape === "long") {
		duration = 180;
		texts = Array.from({ length: 10 }, (_, i) =>
			longPassageText(deck, slots, rng, i < RARE_LIST.length ? [RARE_LIST[i] as string] : []),
		);
	} else {
		duration = 15 + Math.round(165 * rng.float() ** 1.4);
		const count = Math.min(rng.int(6, 10), Math.floor(duration / 2));
		texts = Array.from({ length: count }, () => {
			const forced = rng.chance(0.015)
				? rng.pick(TRICKY_SENTENCES)
				: rng.chance(0.003)
					? rng.pick(RARE_LIST)
					: undefined;
			return passageText(deck, slots, rng, forced);
		});
	}

	// Consecutive time ranges proportional to text length, with small pauses, inside the video.
	const totalMs = duration * 1000;
	const lead = rng.int(0, 1200);
	const available = totalMs - lead - rng.int(0, 800);
	const weights = texts.map((t) => t.length + 40);
	const weightSum = weights.reduce((a, b) => a + b, 0);
	let cursor = lead;
	const passages = texts.map((text, i) => {
		const span = Math.floor((available * (weights[i] as number)) / weightSum);
		const pause = span > 2000 ? rng.int(0, 300) : 0;
		const start_ms = cursor;
		cursor += span;
		return { ordinal: i + 1, start_ms, end_ms: start_ms + Math.max(1, span - pause), text };
	});

	const itemId = platformId(creator.platform, plan.index, rng);
	const original_url = videoUrl(creator.platform, creator.handle, itemId);
	const source: SourceInput = {
		kind: "source",
		source_id: plan.source_id,
		creator_id: creator.creator_id,
		platform: creator.platform,
		original_url,
		title,
		summary,
		published_at: isoDay(publishedMs),
		duration_seconds: duration,
		publication_state: plan.state,
		topic_ids: plan.topics,
		aliases: [
			{ kind: PLATFORM_ALIAS[creator.platform], alias: itemId },
			{ kind: "original_url", alias: original_url },
		],
		passages,
	};
	const language = rng.float();
	if (language < 0.1) source.language = "en";
	else if (language < 0.13) source.language = "en-GB";
	else if (language < 0.15) source.language = "en-US";
	if (plan.state !== "published") source.state_reason = rng.pick(STATE_REASONS[plan.state]);
	// Key order as documented: language and state_reason after duration_seconds / publication_state.
	return orderSourceKeys(source);
}

const SOURCE_KEY_ORDER = [
	"kind",
	"source_id",
	"creator_id",
	"platform",
	"original_url",
	"title",
	"summary",
	"published_at",
	"duration_seconds",
	"language",
	"publication_state",
	"state_reason",
	"topic_ids",
	"aliases",
	"passages",
] as const;

function orderSourceKeys(source: SourceInput): SourceInput {
	const ordered: Record<string, unknown> = {};
	for (const key of SOURCE_KEY_ORDER) if (source[key] !== undefined) ordered[key] = source[key];
	return ordered as SourceInput;
}

function buildCard(
	card_id: string,
	source: SourceInput,
	topicId: string,
	state: ReviewState,
	creator: Creator,
	rng: Rng,
): CardInput {
	const spec = topicSpec(topicId);
	const slots: Slots = {
		topic: spec.phrase,
		Topic: spec.label,
		name: creator.firstName,
		year: Number(source.published_at.slice(0, 4)),
	};
	const passage = rng.pick(source.passages);
	const quote = passage.text.length > 1000 ? `${passage.text.slice(0, 999)}…` : passage.text;
	const tail = fill(rng.pick(EVIDENCE_TAILS), slots, rng);
	const result: CardInput = {
		kind: "card",
		card_id,
		source_id: source.source_id,
		topic_id: topicId,
		claim: fill(rng.pick(CLAIM_TEMPLATES), slots, rng),
		evidence: `At ${formatTimestamp(passage.start_ms)} the creator says: "${quote}"${tail ? ` ${tail}` : ""}`,
		review_state: state,
	};
	const reviewed = state === "applied" || state === "rejected" || (state === "in_review" && rng.chance(0.3));
	if (reviewed) {
		const publishedMs = Date.parse(`${source.published_at}T00:00:00Z`);
		const reviewedMs = publishedMs + rng.int(1, 60) * DAY_MS + rng.int(0, DAY_MS / 1000 - 1) * 1000;
		result.reviewed_at = `${new Date(reviewedMs).toISOString().slice(0, 19)}Z`;
	}
	return result;
}

const REVIEW_STATES: ReviewState[] = ["applied", "draft", "in_review", "rejected"];
const REVIEW_WEIGHTS = [0.5, 0.2, 0.15, 0.15];

// ---------------------------------------------------------------------------------------------------
// The corpus

export interface GenerateOptions {
	/** Total sources including the planted ones (default 300; at least FIXTURES.plantedSources). */
	sources?: number;
	/** PRNG seed (default 2026); a non-numeric string is hashed. */
	seed?: number | string;
}

/** Fixed seed for the planted sources, so their text and aliases do not depend on --seed. */
const PLANTED_SEED = 0x5eed2026;

/** The records of the sample corpus, in file order. Lazy: iterate once, or call again. */
export function* generateCorpus(options: GenerateOptions = {}): Generator<CorpusRecordInput> {
	const seed = parseSeed(options.seed ?? DEFAULT_SEED);
	const requested = Math.floor(options.sources ?? DEFAULT_SOURCES);
	if (!Number.isFinite(requested) || requested < 0)
		throw new RangeError("sources must be a non-negative integer");
	const totalSources = Math.max(requested, PLANTED.length);
	const creatorCount = Math.max(25, Math.round(totalSources / 12), CURATED_CREATORS.length);

	// Creators: the curated ones first (fixtures refer to them by index), then generated ones.
	const taken = new Set(CURATED_CREATORS.map((c) => handleSkeleton(c.handle)));
	const creators: Creator[] = [];
	for (let i = 0; i < creatorCount; i++) {
		const spec =
			i < CURATED_CREATORS.length ? (CURATED_CREATORS[i] as CreatorSpec) : generatedCreator(i, seed, taken);
		const creator: Creator = {
			creator_id: creatorId(i),
			handle: spec.handle,
			display_name: spec.display_name,
			platform: spec.platform,
			firstName: spec.display_name.split(/[ |]/)[0] as string,
		};
		creators.push(creator);
		const record: CorpusRecordInput = {
			kind: "creator",
			creator_id: creator.creator_id,
			handle: spec.handle,
			display_name: spec.display_name,
			platform: spec.platform,
			profile_url: profileUrl(spec.platform, spec.handle),
		};
		if (spec.bio !== undefined) record.bio = spec.bio;
		yield record;
	}

	for (const topic of TOPICS) {
		yield { kind: "topic", topic_id: topic.topic_id, label: topic.label, description: topic.description };
	}

	// Planted sources: fixed ids, creators, states and cards; text from a fixed seed.
	let index = 0;
	for (const planted of PLANTED) {
		const rng = new Rng(mixSeed(PLANTED_SEED, index));
		const creator = creators[planted.creator] as Creator;
		const source = buildSource(
			{
				index,
				source_id: `src_${planted.id}`,
				creator,
				topics: planted.topics,
				state: planted.state,
				shape: planted.shape,
			},
			rng,
		);
		yield source;
		for (const c of planted.cards) {
			yield buildCard(
				`card_${c.id}`,
				source,
				c.topic ?? (planted.topics[0] as string),
				c.state,
				creator,
				rng,
			);
		}
		index++;
	}

	// Random sources. Popularity follows a power law over a seeded shuffle of the creators; the hidden
	// creator never gets one.
	const creatorRng = new Rng(mixSeed(seed, 0x5eed));
	const order = creators.map((_, i) => i);
	for (let i = order.length - 1; i > 0; i--) {
		const j = creatorRng.int(0, i);
		[order[i], order[j]] = [order[j] as number, order[i] as number];
	}
	const rank = new Array<number>(creators.length);
	order.forEach((creatorIndex, r) => {
		rank[creatorIndex] = r;
	});
	// Sources pick a platform first (weights 0.5 / 0.3 / 0.2), then a creator on that platform.
	const byPlatform = PLATFORM_LIST.map((platform) => {
		const members: number[] = [];
		const cumulative: number[] = [];
		let sum = 0;
		creators.forEach((creator, i) => {
			if (creator.platform !== platform || i === HIDDEN) return;
			sum += 1 / (1 + (rank[i] as number)) ** 0.8;
			members.push(i);
			cumulative.push(sum);
		});
		return { members, cumulative };
	});
	const platformWeights = PLATFORM_LIST.map((p) => PLATFORM_WEIGHTS[p]);

	let cardIndex = 0;
	for (; index < totalSources; index++) {
		const rng = new Rng(mixSeed(seed, index));
		const pool = byPlatform[rng.weighted(platformWeights)] as (typeof byPlatform)[number];
		const creator = creators[pool.members[pickCumulative(pool.cumulative, rng.float())] as number] as Creator;
		const topicCount = 1 + rng.weighted([0.5, 0.35, 0.15]);
		const topics: string[] = [];
		for (let guard = 0; topics.length < topicCount && guard < 20; guard++) {
			const topic = (RANDOM_TOPICS[rng.weighted(RANDOM_TOPIC_WEIGHTS)] as TopicSpec).topic_id;
			if (!topics.includes(topic)) topics.push(topic);
		}
		const roll = rng.float();
		const state: PublicationState = roll < 0.04 ? "unpublished" : roll < 0.06 ? "removed" : "published";
		const source = buildSource({ index, source_id: randomSourceId(index, rng), creator, topics, state }, rng);
		yield source;
		const cards = rng.weighted([0.45, 0.4, 0.15]);
		for (let c = 0; c < cards; c++) {
			const reviewState = REVIEW_STATES[rng.weighted(REVIEW_WEIGHTS)] as ReviewState;
			yield buildCard(randomCardId(cardIndex++, rng), source, rng.pick(topics), reviewState, creator, rng);
		}
	}
}

/** The corpus as JSON lines (no trailing newline on each). */
export function* generateCorpusLines(options: GenerateOptions = {}): Generator<string> {
	for (const record of generateCorpus(options)) yield JSON.stringify(record);
}

// Run directly (tsx scripts/corpus/generate.ts ...): hand over to the Node-only command line. The
// specifier is not a literal so neither tsc nor bundlers pull Node modules into this pure module.
const argv = (globalThis as { process?: { argv?: string[] } }).process?.argv;
if (argv?.[1] !== undefined && /(^|[\\/])scripts[\\/]corpus[\\/]generate\.[cm]?[jt]s$/.test(argv[1])) {
	const cli = "./generate-cli.ts";
	void import(/* @vite-ignore */ cli).then(
		(module: { invoke: (args: string[], generate: typeof generateCorpusLines) => Promise<void> }) =>
			module.invoke(argv.slice(2), generateCorpusLines),
	);
}
