/**
 * Not-found source pages: they echo at most MAX_ECHO_CHARS of the id, an id that cannot name a
 * source (too long, whitespace, invisible characters, broken percent-encoding) is answered before
 * any database read, and no 404 is kept in the page cache, so arbitrary ids cannot fill it.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../../src/index";
import { MAX_ECHO_CHARS } from "../../../src/limits";
import { PAGE_CACHE_HEADER } from "../../../src/pages/page-cache";

let addressCounter = 0;
/** A documentation-range address (RFC 5737) no other test file uses. */
const uniqueIp = () => `203.0.113.${++addressCounter}`;

async function page(path: string) {
	const ctx = createExecutionContext();
	const response = await worker.fetch(
		new Request(`https://base2026.dev${path}`, {
			headers: { "cf-connecting-ip": uniqueIp() },
			redirect: "manual",
		}) as Parameters<typeof worker.fetch>[0],
		env,
		ctx,
	);
	const html = await response.text();
	await waitOnExecutionContext(ctx);
	return { status: response.status, cache: response.headers.get(PAGE_CACHE_HEADER), html };
}

/** The id as the page echoes it, between <code> and </code>. */
const echo = (html: string) => /has the id <code>([^<]*)<\/code>/.exec(html)?.[1] ?? "";

const IMPOSSIBLE = [
	"a".repeat(60_000),
	`src_${"a".repeat(600)}`,
	"src_abc%20def",
	"src_abc%0Aforged",
	"src_abc%E2%80%8B",
	"%E0%A4%A",
];

describe("not-found source pages", () => {
	it("echo a bounded id, on one line and without invisible characters", async () => {
		const long = await page(`/sources/${"a".repeat(60_000)}`);
		expect(long.status).toBe(404);
		expect(long.html.length).toBeLessThan(8_000);
		expect([...echo(long.html)].length).toBeLessThanOrEqual(MAX_ECHO_CHARS);
		expect(echo(long.html)).toMatch(/^a+…$/);
		const plausible = await page(`/sources/src_${"b".repeat(300)}`);
		expect(plausible.status).toBe(404);
		expect([...echo(plausible.html)].length).toBeLessThanOrEqual(MAX_ECHO_CHARS);
		const hidden = await page("/sources/src_abc%E2%80%8Bdef%0A%E2%80%AEx");
		expect(echo(hidden.html)).not.toMatch(/[\u200b\u202e\n]/u);
	});

	it("are never kept in the page cache, for any id", async () => {
		for (const path of [
			"/sources/src_nosuchsource",
			"/sources/src_x1y2z3q9",
			...IMPOSSIBLE.map((id) => `/sources/${id}`),
		]) {
			const first = await page(path);
			const second = await page(path);
			expect([first.status, second.status], path.slice(0, 40)).toEqual([404, 404]);
			expect(second.cache, path.slice(0, 40)).not.toBe("hit");
		}
	});

	it("refuse an id that cannot name a source before any read", async () => {
		await env.DB.exec("ALTER TABLE content_version RENAME TO content_version_gone");
		await env.DB.exec("ALTER TABLE sources RENAME TO sources_gone");
		try {
			for (const id of IMPOSSIBLE) {
				const answer = await page(`/sources/${id}`);
				expect(answer.status, id.slice(0, 40)).toBe(404);
				expect(answer.html).toContain("Source not found");
			}
			// A plausible id is looked up, so with the table gone it cannot be answered.
			expect((await page("/sources/src_nosuchsource")).status).toBe(503);
		} finally {
			await env.DB.exec("ALTER TABLE sources_gone RENAME TO sources");
			await env.DB.exec("ALTER TABLE content_version_gone RENAME TO content_version");
		}
	});
});
