/**
 * Shared checks for the tool suites (test/workers/tools/): call a tool through the real endpoint in
 * either era, assert the envelope every result must have (text block, structuredContent valid
 * against the tool's own valibot output schema, the public boundary) or every error must have
 * (isError, a text message, no structuredContent), and read the public tables directly to compare.
 */
import { env } from "cloudflare:workers";
import * as v from "valibot";
import { expect } from "vitest";
import { forgetProjectionCopy } from "../../../src/data/projection-copy";
import { refreshProjections } from "../../../src/projections/refresh";
import { findTool } from "../../../src/tools/registry";
import { PUBLIC_BOUNDARY } from "../../../src/tools/shapes";
import { stalePoolsSql } from "../pools";
import { type Answer, type Json, legacy, modern } from "./mcp";

/** PUBLIC_BASE_URL as wrangler.toml sets it for the tests. */
export const BASE = "https://base2026.dev";

type Era = "modern" | "legacy";

interface ToolAnswer {
	/** The CallToolResult. */
	result: Json;
	/** Bytes of the serialized JSON-RPC response (UTF-8). */
	bytes: number;
	answer: Answer;
}

const encoder = new TextEncoder();

/** tools/call through the endpoint; the JSON-RPC layer must answer 200 with a result. */
export async function call(
	name: string,
	args: Json | undefined = {},
	era: Era = "modern",
): Promise<ToolAnswer> {
	const params = args === undefined ? { name } : { name, arguments: args };
	const answer = era === "modern" ? await modern("tools/call", params) : await legacy("tools/call", params);
	expect(answer.status, answer.text).toBe(200);
	expect(answer.json.error, answer.text).toBeUndefined();
	expect(answer.json.result, answer.text).toBeTypeOf("object");
	if (era === "modern") expect(answer.json.result.resultType).toBe("complete");
	else expect(answer.json.result.resultType).toBeUndefined();
	return { result: answer.json.result, bytes: encoder.encode(answer.text).length, answer };
}

/**
 * Asserts the shape of a successful tool result and returns its structuredContent (typed loosely:
 * the schema check below is what makes it trustworthy).
 */
export function expectSuccess(name: string, result: Json): Json {
	const tool = findTool(name);
	if (tool === undefined) throw new Error(`no tool ${name}`);
	const text = result.content?.[0]?.text;
	expect(result.isError ?? false, text).toBe(false);
	expect(result.content).toHaveLength(1);
	expect(result.content[0].type).toBe("text");
	expect(typeof text).toBe("string");
	expect(text.trim().length).toBeGreaterThan(0);
	const structured = result.structuredContent;
	expect(structured, "structuredContent").toBeTypeOf("object");
	// Valid against the tool's own output schema, with no field the schema does not declare
	// (v.object strips unknown keys, so the parsed value equals the input only when there are none).
	const parsed = v.safeParse(tool.output, structured);
	expect(parsed.issues?.map((i) => `${i.path?.map((p) => p.key).join(".")}: ${i.message}`) ?? []).toEqual([]);
	expect(parsed.output).toEqual(structured);
	expect(structured.public_boundary).toEqual(PUBLIC_BOUNDARY);
	// The text is for people: short, and not the JSON pasted again.
	const json = JSON.stringify(structured);
	expect(text.length).toBeLessThan(json.length);
	expect(text).not.toContain(json);
	expect(text).not.toContain('"public_boundary"');
	expect(text).not.toContain('{"');
	return structured;
}

/** Asserts an error tool result (not a protocol error) and returns its message. */
export function expectToolError(result: Json): string {
	expect(result.isError).toBe(true);
	expect(result.structuredContent).toBeUndefined();
	expect(result.content).toHaveLength(1);
	expect(result.content[0].type).toBe("text");
	const text: string = result.content[0].text;
	expect(text.trim().length).toBeGreaterThan(0);
	return text;
}

/** Calls a tool that must succeed; returns structuredContent, text and response size. */
export async function ok(
	name: string,
	args: Json | undefined = {},
	era: Era = "modern",
): Promise<{ sc: Json; text: string; bytes: number; raw: string }> {
	const { result, bytes, answer } = await call(name, args, era);
	const sc = expectSuccess(name, result);
	return { sc, text: result.content[0].text, bytes, raw: answer.text };
}

/** Calls a tool that must answer with an isError result; returns the message. */
export async function fails(name: string, args: Json | undefined = {}, era: Era = "modern"): Promise<string> {
	const { result } = await call(name, args, era);
	return expectToolError(result);
}

/** Rows from the seeded D1 (the same database the Worker reads). */
export async function rows<T = Json>(sql: string, ...params: unknown[]): Promise<T[]> {
	const { results } = await env.DB.prepare(sql)
		.bind(...params)
		.all<T>();
	return results;
}

export async function one<T = Json>(sql: string, ...params: unknown[]): Promise<T> {
	const row = await env.DB.prepare(sql)
		.bind(...params)
		.first<T>();
	if (row === null) throw new Error(`no row for ${sql} ${JSON.stringify(params)}`);
	return row;
}

export const sourcePage = (sourceId: string) => `${BASE}/sources/${encodeURIComponent(sourceId)}`;

/** Public (published) source ids, as a set. */
export async function publishedSourceIds(): Promise<Set<string>> {
	const list = await rows<{ source_id: string }>(
		"SELECT source_id FROM sources WHERE publication_state = 'published'",
	);
	return new Set(list.map((r) => r.source_id));
}

/** Handle keys of public creators (at least one published source). */
export async function publicHandleKeys(): Promise<Set<string>> {
	const list = await rows<{ k: string }>(
		"SELECT handle_key AS k FROM creators c WHERE EXISTS (SELECT 1 FROM sources s WHERE s.creator_id = c.creator_id AND s.publication_state = 'published')",
	);
	return new Set(list.map((r) => r.k));
}

/** Something no answer may contain, and what it is (for the failure message). */
export interface Needle {
	what: string;
	value: string;
}

interface HiddenRecords {
	sources: { source_id: string; title: string; handle: string }[];
	aliases: { alias: string; alias_kind: string }[];
	cards: { card_id: string; claim: string }[];
	creators: { handle: string; display_name: string; profile_url: string }[];
	/** Claims of hidden cards that appear in no public row (only those can tell a leak apart). */
	claims: string[];
	/** Every hidden value of every kind, as needles. */
	needles: Needle[];
}

/** The non-public rows of every kind the seed plants, and the needles they make. */
export async function hiddenRecords(): Promise<HiddenRecords> {
	const sources = await rows<HiddenRecords["sources"][number]>(
		`SELECT s.source_id, s.title, c.handle FROM sources s JOIN creators c ON c.creator_id = s.creator_id
		 WHERE s.publication_state <> 'published' ORDER BY s.source_id`,
	);
	const aliases = await rows<HiddenRecords["aliases"][number]>(
		`SELECT a.alias, a.alias_kind FROM source_aliases a JOIN sources s ON s.source_id = a.source_id
		 WHERE s.publication_state <> 'published'`,
	);
	const cards = await rows<HiddenRecords["cards"][number]>(
		`SELECT e.card_id, e.claim FROM evidence_cards e JOIN sources s ON s.source_id = e.source_id
		 WHERE e.review_state <> 'applied' OR s.publication_state <> 'published' ORDER BY e.card_id`,
	);
	const creators = await rows<HiddenRecords["creators"][number]>(
		`SELECT c.handle, c.display_name, c.profile_url FROM creators c
		 WHERE NOT EXISTS (SELECT 1 FROM sources s WHERE s.creator_id = c.creator_id AND s.publication_state = 'published')`,
	);
	// Claims, evidence and passages are generated from templates, so only text that appears nowhere
	// in the public rows (not even inside a longer public text) can tell a leak apart.
	const publicText = (
		await rows<{ t: string }>(
			`SELECT s.title || char(1) || s.summary AS t FROM sources s WHERE s.publication_state = 'published'
			 UNION ALL SELECT p.text FROM passages p JOIN sources s ON s.source_id = p.source_id WHERE s.publication_state = 'published'
			 UNION ALL SELECT e.claim || char(1) || e.evidence FROM evidence_cards e JOIN sources s ON s.source_id = e.source_id
			   WHERE e.review_state = 'applied' AND s.publication_state = 'published'
			 UNION ALL SELECT c.display_name || char(1) || c.bio FROM creators c
			   WHERE EXISTS (SELECT 1 FROM sources s WHERE s.creator_id = c.creator_id AND s.publication_state = 'published')`,
		)
	)
		.map((r) => r.t)
		.join("\u0001");
	const hiddenText = (
		await rows<Needle>(
			`SELECT 'hidden card claim' AS what, e.claim AS value FROM evidence_cards e JOIN sources s ON s.source_id = e.source_id
			   WHERE e.review_state <> 'applied' OR s.publication_state <> 'published'
			 UNION SELECT 'hidden card evidence', e.evidence FROM evidence_cards e JOIN sources s ON s.source_id = e.source_id
			   WHERE e.review_state <> 'applied' OR s.publication_state <> 'published'
			 UNION SELECT 'hidden passage', p.text FROM passages p JOIN sources s ON s.source_id = p.source_id
			   WHERE s.publication_state <> 'published' AND length(p.text) <= 270`,
		)
	).filter((t) => !publicText.includes(t.value));
	const needles: Needle[] = [
		...sources.map((s) => ({ what: "hidden source id", value: s.source_id })),
		...aliases.map((a) => ({ what: `hidden source ${a.alias_kind}`, value: a.alias })),
		...cards.map((c) => ({ what: "hidden card id", value: c.card_id })),
		...hiddenText,
		...creators.flatMap((c) => [
			{ what: "hidden creator handle", value: c.handle },
			{ what: "hidden creator name", value: c.display_name },
			{ what: "hidden creator profile", value: c.profile_url },
		]),
	];
	const claims = hiddenText.filter((t) => t.what === "hidden card claim").map((t) => t.value);
	return { sources, aliases, cards, creators, claims, needles };
}

/** The last successful projection refresh id. */
export async function lastRefreshId(): Promise<number> {
	const row = await one<{ id: number }>(
		"SELECT MAX(refresh_id) AS id FROM projection_refreshes WHERE outcome = 'succeeded'",
	);
	return row.id;
}

/**
 * Sets the crowded pool's size and refreshes until every crowded word that can have a pool has one of
 * that size (a refresh recomputes at most 96, projections/recompute.sql). The only words left
 * without one must be those whose token FTS5 stems again when it is queried, so it matches nothing.
 */
export async function settlePools(size: number): Promise<void> {
	await env.DB.prepare("UPDATE search_settings SET pool = ?1").bind(size).run();
	const since = (
		await one<{ id: number }>("SELECT COALESCE(MAX(refresh_id), 0) AS id FROM projection_refreshes")
	).id;
	let stale = Number.POSITIVE_INFINITY;
	for (let round = 0; round < 40; round++) {
		expect((await refreshProjections(env.DB, "incremental")).outcome).toBe("succeeded");
		const left = (await one<{ n: number }>(stalePoolsSql(since))).n;
		if (left === 0 || left === stale) break;
		stale = left;
	}
	for (const { term } of await rows<{ term: string }>(
		stalePoolsSql(since).replace("COUNT(*) AS n", "t.term"),
	)) {
		const matched = await one<{ n: number }>(
			"SELECT COUNT(*) AS n FROM search_index WHERE search_index MATCH ?1",
			`"${term}"`,
		);
		expect(matched.n, `${term}: a crowded word without a pool`).toBe(0);
	}
	forgetProjectionCopy();
}

/** A search page against a reference's: the same sources in the same order and tiers, with the same scores. */
export function expectPage(
	got: readonly { source_id: string; score: number; tier: string }[],
	want: readonly { source_id: string; score: number; tier: string }[],
	where: string,
) {
	expect(
		got.map((r) => `${r.source_id} ${r.tier}`),
		where,
	).toEqual(want.map((r) => `${r.source_id} ${r.tier}`));
	got.forEach((r, i) => {
		expect(r.score, where).toBeCloseTo(want[i]?.score ?? Number.NaN, 9);
	});
}
