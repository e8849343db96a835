/**
 * Records that stand in for others, refused by the importer's validator (scripts/corpus/validate.ts,
 * the one `npm run corpus:import` runs) with the line, the field and the rule named
 * (docs/corpus-format.md, "Aliases", "Handles" and "Platform URLs"): an alias equal to a source's id,
 * a handle that looks like another creator's or holds U+FFFD, a platform URL on another host. Each
 * hostile corpus is the sample corpus with one record changed; the unchanged sample still validates.
 */
import { describe, expect, it } from "vitest";
import corpusFormat from "../../docs/corpus-format.md?raw";
import { PLATFORM_HOSTS } from "../../scripts/corpus/format";
import { generateCorpusLines } from "../../scripts/corpus/generate";
import { handleSkeleton } from "../../scripts/corpus/handle-skeleton";
import {
	type CorpusError,
	emptyExistingKeys,
	formatCorpusError,
	validateCorpusLines,
} from "../../scripts/corpus/validate";
import { handleKey } from "../../src/text/handle-key";

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
