/**
 * Records that stand in for others, refused by the importer's validator (scripts/corpus/validate.ts,
 * the one `npm run corpus:import` runs) with the line, the field and the rule named
 * (docs/corpus-format.md, "Aliases", "Handles" and "Platform URLs"): an alias equal to a source's id,
 * a handle that looks like another creator's or holds U+FFFD, a platform URL on another host, one
 * video under another spelling of its URL or as another source's id alias. Each
 * hostile corpus is the sample corpus with one record changed; the unchanged sample still validates.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import corpusFormat from "../../../docs/corpus-format.md?raw";
import { canonicalPlatformUrl } from "../../../scripts/corpus/canonical-url";
import { PLATFORM_HOSTS } from "../../../scripts/corpus/format";
import { generateCorpusLines } from "../../../scripts/corpus/generate";
import { handleSkeleton } from "../../../scripts/corpus/handle-skeleton";
import {
	type CorpusError,
	emptyExistingKeys,
	existingKeysFrom,
	formatCorpusError,
	KEY_QUERIES,
	validateCorpusLines,
} from "../../../scripts/corpus/validate";
import { handleKey } from "../../../src/text/handle-key";

type Json = Record<string, any>;

const SAMPLE = [...generateCorpusLines()];
const records = SAMPLE.map((line) => JSON.parse(line) as Json);

/** 1-based line of the nth record of `kind` matching `where`. */
function lineOf(kind: string, where: (r: Json) => boolean = () => true, nth = 0): number {
	const lines = records.flatMap((r, i) => (r.kind === kind && where(r) ? [i + 1] : []));
	const line = lines[nth];
	if (line === undefined) throw new Error(`no ${kind} record #${nth}`);
	return line;
}

const record = (line: number): Json => structuredClone(records[line - 1] as Json);

/** The sample with the record on `line` replaced; its errors, formatted as the importer prints them. */
function hostile(line: number, changed: Json): string[] {
	const lines = SAMPLE.map((text, i) => (i + 1 === line ? JSON.stringify(changed) : text));
	return validateCorpusLines(lines).errors.map(formatCorpusError);
}

const platformKind = (r: Json) => r.aliases.find((a: Json) => a.kind !== "original_url");

const firstSource = lineOf("source", (r) => r.platform === "tiktok");
const laterSource = lineOf("source", (r) => r.platform === "tiktok", 5);
const firstCreator = lineOf("creator", (r) => r.handle === "seo.with.sam");
const otherCreator = lineOf("creator", (r) => r.handle === "rankmath_raj");

it("the unchanged sample validates, and no two of its creators look alike", () => {
	expect(validateCorpusLines(SAMPLE).errors.map(formatCorpusError)).toEqual([]);
	const handles = records.filter((r) => r.kind === "creator").map((r) => r.handle as string);
	expect(new Set(handles.map(handleSkeleton)).size).toBe(handles.length);
});

describe("source ids and aliases are one namespace", () => {
	it("an alias equal to an earlier source's id is refused at the alias", () => {
		const changed = record(laterSource);
		const target = record(firstSource).source_id;
		platformKind(changed).alias = target;
		const index = changed.aliases.indexOf(platformKind(changed));
		expect(hostile(laterSource, changed)).toEqual([
			`line ${laterSource}: aliases.${index}.alias: alias "${target}" is the id of the source on line ${firstSource}: source ids and aliases are one namespace`,
		]);
	});

	it("a source id that an earlier source took as its alias is refused at the source id", () => {
		const changed = record(firstSource);
		const target = record(laterSource).source_id;
		platformKind(changed).alias = target;
		expect(hostile(firstSource, changed)).toEqual([
			`line ${laterSource}: source_id: source "${target}" is an alias of another source on line ${firstSource}: source ids and aliases are one namespace`,
		]);
	});

	it("an alias equal to the source's own id is refused too", () => {
		const changed = record(firstSource);
		platformKind(changed).alias = changed.source_id;
		const index = changed.aliases.indexOf(platformKind(changed));
		expect(hostile(firstSource, changed)).toEqual([
			`line ${firstSource}: aliases.${index}.alias: alias "${changed.source_id}" is this source's own id: source ids and aliases are one namespace`,
		]);
	});

	it("against the database: an alias that is a stored source's id, an id that is a stored alias", () => {
		const existing = emptyExistingKeys();
		for (const r of records) {
			if (r.kind === "source") {
				existing.sources.add(r.source_id);
				for (const a of r.aliases) existing.aliases.add(a.alias);
			}
			if (r.kind === "creator") existing.creators.set(r.creator_id, r.platform);
			if (r.kind === "topic") existing.topics.add(r.topic_id);
		}
		const base = record(firstSource);
		const fresh = (id: string, itemId: string) => {
			const url = `https://www.tiktok.com/@seo.with.sam/video/${id.slice(4)}`;
			return {
				...base,
				source_id: id,
				original_url: url,
				aliases: [
					{ kind: "item_id", alias: itemId },
					{ kind: "original_url", alias: url },
				],
			};
		};
		const storedAlias = platformKind(record(laterSource)).alias;
		const errors = (r: Json) =>
			validateCorpusLines([JSON.stringify(r)], existing).errors.map((e: CorpusError) => formatCorpusError(e));
		expect(errors(fresh("src_newone1", base.source_id))).toEqual([
			`line 1: aliases.0.alias: alias "${base.source_id}" is the id of a source in the database: source ids and aliases are one namespace`,
		]);
		// A source id is src_ and lower-case letters and digits: plant such an alias as if stored.
		existing.aliases.add("src_storedalias1");
		expect(errors(fresh("src_storedalias1", "7999999999999999901"))).toEqual([
			'line 1: source_id: source "src_storedalias1" is an alias of another source in the database: source ids and aliases are one namespace',
		]);
		expect(errors(fresh("src_newone2", "7999999999999999902"))).toEqual([]);
		expect(storedAlias).toBeDefined();
	});
});

describe("a handle must not look like another creator's", () => {
	it("a Cyrillic а in seo.with.sam beside the real one is refused, naming both and the skeleton", () => {
		const changed = { ...record(otherCreator), handle: "seo.with.s\u0430m" };
		expect(hostile(otherCreator, changed)).toEqual([
			`line ${otherCreator}: handle: handle "seo.with.s\u0430m" looks like the handle "seo.with.sam" on line ${firstCreator}: handles whose Unicode confusable skeletons (UTS #39) are equal ("seo.with.sarn") are one creator's`,
		]);
	});

	it("so are a digit for a letter, Greek and full-width look-alikes, in any case", () => {
		for (const lookalike of [
			"seo.with.sarn",
			"SEO.WITH.SAM",
			"se0.with.sam",
			"se\u03bf.with.sam",
			"seo.with.ｓam",
		]) {
			const errors = hostile(otherCreator, { ...record(otherCreator), handle: lookalike });
			expect(errors, lookalike).toHaveLength(1);
			// The same key is a duplicate already; a different key with the same skeleton looks alike.
			expect(errors[0], lookalike).toMatch(new RegExp(`^line ${otherCreator}: handle: `));
			expect(errors[0], lookalike).toContain(`line ${firstCreator}`);
		}
	});

	it("against the database: a handle whose skeleton equals a stored handle key's", () => {
		const existing = { handleKeys: new Set([handleKey("seo.with.sam")]), topics: new Set<string>() };
		const creator = { ...record(otherCreator), handle: "seo.with.s\u0430m" };
		expect(validateCorpusLines([JSON.stringify(creator)], existing).errors.map(formatCorpusError)).toEqual([
			'line 1: handle: handle "seo.with.s\u0430m" looks like the handle "seo.with.sam" already in the database: handles whose Unicode confusable skeletons (UTS #39) are equal ("seo.with.sarn") are one creator\'s',
		]);
	});

	it("a handle holding U+FFFD is refused, naming the character's position", () => {
		const changed = { ...record(otherCreator), handle: "rankmath_r\uFFFDj" };
		expect(hostile(otherCreator, changed)).toEqual([
			`line ${otherCreator}: handle: contains U+FFFD REPLACEMENT CHARACTER at character 11 (what a decoder writes for bytes it could not read: the handle was damaged on the way)`,
		]);
	});

	it("handles that only share letters with marks or other scripts still pass", () => {
		for (const handle of ["maria.seo", "seo.with.sami", "rankmath_raj2"]) {
			expect(hostile(otherCreator, { ...record(otherCreator), handle }), handle).toEqual([]);
		}
	});
});

describe("a platform URL is on the platform's host", () => {
	const tiktokCreator = firstCreator;
	const youtubeCreator = otherCreator;
	const rule = (platform: string) =>
		({
			tiktok:
				"must be a tiktok URL: https on www.tiktok.com, tiktok.com, m.tiktok.com, vm.tiktok.com, with no user name, password or port",
			youtube_shorts:
				"must be a youtube_shorts URL: https on www.youtube.com, youtube.com, m.youtube.com, youtu.be, with no user name, password or port",
		})[platform];

	it("a profile_url whose host follows user info is refused", () => {
		const changed = { ...record(tiktokCreator), profile_url: "https://www.tiktok.com@evil.example/x" };
		expect(hostile(tiktokCreator, changed)).toEqual([
			`line ${tiktokCreator}: profile_url: ${rule("tiktok")} (got user info "www.tiktok.com" before "@", so its host is "evil.example")`,
		]);
	});

	it("so are another platform's host, a look-alike host, a port and a password", () => {
		const cases: [string, string][] = [
			["https://www.tiktok.com/@rankmath_raj", '(got host "www.tiktok.com")'],
			["https://www.youtube.com.evil.example/@rankmath_raj", '(got host "www.youtube.com.evil.example")'],
			["https://www.youtube.com:8443/@rankmath_raj", "(got port 8443)"],
			[
				"https://u:p@www.youtube.com/@rankmath_raj",
				'(got user info "u:…" before "@", so its host is "www.youtube.com")',
			],
		];
		for (const [url, got] of cases) {
			expect(hostile(youtubeCreator, { ...record(youtubeCreator), profile_url: url }), url).toEqual([
				`line ${youtubeCreator}: profile_url: ${rule("youtube_shorts")} ${got}`,
			]);
		}
	});

	it("a source's original_url (and its original_url alias) likewise", () => {
		const changed = record(firstSource);
		const url = "https://www.tiktok.com@evil.example/x";
		changed.original_url = url;
		for (const alias of changed.aliases) if (alias.kind === "original_url") alias.alias = url;
		expect(hostile(firstSource, changed)).toEqual([
			`line ${firstSource}: original_url: ${rule("tiktok")} (got user info "www.tiktok.com" before "@", so its host is "evil.example")`,
		]);
	});

	it("docs/corpus-format.md lists the hosts PLATFORM_HOSTS holds", () => {
		for (const [platform, hosts] of Object.entries(PLATFORM_HOSTS)) {
			const row = new RegExp(`^\\| \`${platform}\` +\\| (.*?) +\\|$`, "m").exec(corpusFormat);
			expect(row?.[1], platform).toBe(hosts.map((h) => `\`${h}\``).join(", "));
		}
	});

	it("every host of the list passes, upper case included as the URL parser folds it", () => {
		for (const url of [
			"https://tiktok.com/@seo.with.sam",
			"https://vm.tiktok.com/ZM123/",
			"https://WWW.TIKTOK.COM/@seo.with.sam",
		]) {
			expect(hostile(tiktokCreator, { ...record(tiktokCreator), profile_url: url }), url).toEqual([]);
		}
	});
});

describe("one video, however its URL is spelt (canonical-url.ts)", () => {
	const first = record(firstSource);
	const later = record(laterSource);
	const videoId = /\/video\/(\d+)/.exec(first.original_url)?.[1] as string;
	/** The later source with `url` as its original_url (and original_url alias). */
	const withUrl = (url: string) => {
		const changed = record(laterSource);
		changed.original_url = url;
		for (const alias of changed.aliases) if (alias.kind === "original_url") alias.alias = url;
		return changed;
	};
	const sameVideo = `names the same video as the source on line ${firstSource} ("${first.source_id}"), spelt otherwise: both are tiktok:${videoId}`;

	it("each spelling of an earlier source's URL the issue found is refused as the same video", () => {
		const url: string = first.original_url;
		expect(url).toMatch(/^https:\/\/www\.tiktok\.com\/@[^/]+\/video\/\d+$/);
		const spellings = [
			url.replace("www.tiktok.com", "WWW.TIKTOK.COM"),
			url.replace("www.tiktok.com", "www.tiktok\uff0ecom"),
			url.replace("www.tiktok.com", "www.tiktok%2ecom"),
			`${url}/`,
			`${url}?x=1`,
			`${url}#a`,
			url.replace("www.tiktok.com", "m.tiktok.com"),
			url.replace("/video/", "/%76ideo/"),
		];
		for (const spelling of spellings)
			expect(hostile(laterSource, withUrl(spelling)), spelling).toEqual([
				`line ${laterSource}: original_url: ${sameVideo}`,
			]);
	});

	it("an id alias naming an earlier source's video is refused too; the source's own id alias and URL are one video", () => {
		// The earlier source names its video by its URL alone; the later one by its item id.
		const earlier = record(firstSource);
		earlier.aliases = earlier.aliases.filter((a: Json) => a.kind === "original_url");
		const changed = record(laterSource);
		platformKind(changed).alias = videoId;
		const index = changed.aliases.indexOf(platformKind(changed));
		const lines = SAMPLE.map((text, i) =>
			i + 1 === firstSource
				? JSON.stringify(earlier)
				: i + 1 === laterSource
					? JSON.stringify(changed)
					: text,
		);
		expect(validateCorpusLines(lines).errors.map(formatCorpusError)).toEqual([
			`line ${laterSource}: aliases.${index}.alias: ${sameVideo}`,
		]);
		// The unchanged sample's first source holds both, one video: it validates (the first test).
		expect(platformKind(first).alias).toBe(videoId);
	});

	it("an alias equal to a source id in another case is refused, and so is a source id an alias spells in another case", () => {
		const changed = record(laterSource);
		platformKind(changed).alias = first.source_id.toUpperCase();
		const index = changed.aliases.indexOf(platformKind(changed));
		expect(hostile(laterSource, changed)).toEqual([
			`line ${laterSource}: aliases.${index}.alias: alias "${first.source_id.toUpperCase()}" is the id of the source on line ${firstSource}: source ids and aliases are one namespace`,
		]);
		const earlier = record(firstSource);
		platformKind(earlier).alias = later.source_id.toUpperCase();
		expect(hostile(firstSource, earlier)).toEqual([
			`line ${laterSource}: source_id: source "${later.source_id}" is an alias of another source on line ${firstSource}: source ids and aliases are one namespace`,
		]);
	});

	it("against the database, read as the importer reads it (KEY_QUERIES): a stored source's video under another spelling", async () => {
		const results = await env.DB.batch(KEY_QUERIES.map((sql) => env.DB.prepare(sql)));
		const existing = existingKeysFrom(results.map((r) => r.results as Record<string, unknown>[]));
		const stored = await env.DB.prepare(
			"SELECT source_id, original_url FROM sources WHERE platform = 'youtube_shorts' ORDER BY source_id LIMIT 1",
		).first<{ source_id: string; original_url: string }>();
		const id = /\/shorts\/([A-Za-z0-9_-]+)/.exec(stored?.original_url ?? "")?.[1] as string;
		const base = record(otherCreator);
		const source = (url: string, alias: string) => ({
			...record(lineOf("source", (r) => r.platform === "youtube_shorts")),
			source_id: "src_spelledagain1",
			creator_id: base.creator_id,
			original_url: url,
			aliases: [
				{ kind: "video_id", alias },
				{ kind: "original_url", alias: url },
			],
		});
		const errors = (r: Json) =>
			validateCorpusLines([JSON.stringify(r)], existing).errors.map((e: CorpusError) => formatCorpusError(e));
		const inDb = `names the same video as the source "${stored?.source_id}" in the database, spelt otherwise: both are youtube_shorts:${id}`;
		expect(errors(source(`https://youtu.be/${id}`, "aNewVideo01"))).toEqual([
			`line 1: original_url: ${inDb}`,
		]);
		expect(errors(source(`https://m.youtube.com/watch?v=${id}&t=3`, "aNewVideo01"))).toEqual([
			`line 1: original_url: ${inDb}`,
		]);
		// Its id alias as written is refused as a stored alias; in a URL, as the same video.
		expect(errors(source("https://www.youtube.com/shorts/aNewVideo01", id))).toEqual([
			`line 1: aliases.0.alias: alias "${id}" already exists in the database`,
		]);
		expect(errors(source(`https://www.youtube.com/embed/${id}`, "aNewVideo01"))).toEqual([
			`line 1: original_url: ${inDb}`,
		]);
		// YouTube's ids are case-sensitive: the same letters in another case are another video.
		expect(errors(source(`https://www.youtube.com/shorts/${id.toUpperCase()}x`, "aNewVideo01"))).toEqual([]);
	});

	it("one canonical form: host case and IDNA, percent-escapes, no query or fragment, the platform's own id", () => {
		const same: [string, string][] = [
			["https://www.youtube.com/shorts/wpY6ssmNux9", "youtube_shorts:wpY6ssmNux9"],
			["https://youtu.be/wpY6ssmNux9?si=abc", "youtube_shorts:wpY6ssmNux9"],
			["https://YouTube.com/watch?v=wpY6ssmNux9#t=1", "youtube_shorts:wpY6ssmNux9"],
			["https://www.instagram.com/reel/C8xYz12AbCd/", "instagram_reels:C8xYz12AbCd"],
			["https://instagram.com/p/C8xYz12AbCd?igsh=x", "instagram_reels:C8xYz12AbCd"],
			["https://www.instagram.com/maria.seo/reel/C8xYz12AbCd/", "instagram_reels:C8xYz12AbCd"],
			["https://www.tiktok.com/@seo.with.sam/video/7240755150290127638", "tiktok:7240755150290127638"],
			["https://m.tiktok.com/v/7240755150290127638.html", "tiktok:7240755150290127638"],
			["https://vm.tiktok.com/ZMabc12/", "https://vm.tiktok.com/ZMabc12"],
			["https://TikTok.com/@seo.with.sam/?lang=en", "https://www.tiktok.com/@seo.with.sam"],
			["https://www.instagram.com/mar%C3%ADa.seo/", "https://www.instagram.com/maría.seo"],
			["https://www.instagram.com/maría.seo", "https://www.instagram.com/maría.seo"],
			["https://www.example.com/shorts/wpY6ssmNux9", ""],
		];
		for (const [url, form] of same) expect(canonicalPlatformUrl(url) ?? "", url).toBe(form);
	});
});

// Decided, not a defect (docs/corpus-format.md, "Handles that look alike"): a change here is a decision too.
describe("handles that differ by a character a reader sees stay two creators", () => {
	const creatorLine = SAMPLE.findIndex((line) => JSON.parse(line).handle === "seo.with.sam") + 1;
	const withCreator = (handle: string) => {
		const creator = {
			...JSON.parse(SAMPLE[creatorLine - 1] as string),
			creator_id: "cr_decided",
			handle,
			profile_url: "https://www.tiktok.com/@decided",
		};
		return validateCorpusLines([...SAMPLE, JSON.stringify(creator)]).errors.map(formatCorpusError);
	};

	it("seo_with_sam, seo·with·sam (U+00B7) and seo.with.sam. beside seo.with.sam: kept, as UTS #39 keeps them", () => {
		for (const handle of ["seo_with_sam", "seo\u00b7with\u00b7sam", "seo.with.sam."])
			expect(withCreator(handle), handle).toEqual([]);
	});

	it("what does read as a dot is refused: U+2024 ONE DOT LEADER is one by NFKC, a Cyrillic а a look-alike", () => {
		expect(withCreator("seo\u2024with\u2024sam")).toEqual([
			`line ${SAMPLE.length + 1}: handle: duplicate handle "seo\u2024with\u2024sam" (lookup key "seo.with.sam"): already used on line ${creatorLine}`,
		]);
		expect(withCreator("seo.with.s\u0430m")[0]).toMatch(/looks like the handle "seo\.with\.sam"/);
	});
});
