/**
 * resources/list cursors say only where the next public page starts. Walked as a client would, every
 * cursor names a public source and every page but the last holds exactly RESOURCE_PAGE_SIZE sources,
 * so page sizes count nothing hidden. Forged as an attacker would (after, just before and just past
 * every hidden id of the sample), a cursor is answered exactly like the cursor after the public source
 * before that point: the answer depends on the public rows alone, so it is no oracle for hidden ones.
 */
import { describe, expect, it } from "vitest";
import { RESOURCE_PAGE_SIZE } from "../../../src/limits";
import { decodeCursor, encodeCursor } from "../../../src/resources/cursor";
import { type Json, modern } from "../../support/workers/mcp";
import { publishedSourceIds, rows } from "../../support/workers/tool-helpers";

const SOURCE_URI = "base2026://sources/";

async function list(cursor?: string): Promise<Json> {
	const answer = await modern("resources/list", cursor === undefined ? {} : { cursor });
	expect(answer.status, answer.text).toBe(200);
	return answer.json;
}

const sourceNames = (result: Json): string[] =>
	result.resources
		.filter((r: Json) => r.uri.startsWith(SOURCE_URI))
		.map((r: Json) => decodeURIComponent(r.uri.slice(SOURCE_URI.length)));

/** What a page after `after` must be, computed from the public ids alone. */
function expectedPage(publicIds: string[], after: string): { names: string[]; next?: string } {
	const rest = publicIds.filter((id) => id > after);
	const names = rest.slice(0, RESOURCE_PAGE_SIZE);
	return rest.length > RESOURCE_PAGE_SIZE
		? { names, next: encodeCursor({ phase: "sources", after: names.at(-1) as string }) }
		: { names };
}

/** Ids just before and just after `id` in the order the keyset uses, still of the cursor's shape. */
function neighbours(id: string): string[] {
	const last = id.at(-1) as string;
	const before =
		last === "0" ? id.slice(0, -1) : `${id.slice(0, -1)}${String.fromCharCode(last.charCodeAt(0) - 1)}z`;
	return [id, before, `${id}0`, `${id}z`, id.slice(0, -1)].filter((x) => /^src_[a-z0-9]{1,40}$/.test(x));
}

describe("resources/list cursors and hidden sources", () => {
	it("a walk names only public sources in its cursors, and every source page but the last is full", async () => {
		const publicIds = [...(await publishedSourceIds())].sort();
		const hidden = new Set(
			(
				await rows<{ source_id: string }>(
					"SELECT source_id FROM sources WHERE publication_state <> 'published'",
				)
			).map((r) => r.source_id),
		);
		expect(hidden.size).toBeGreaterThan(10);
		let page = await list();
		const walked: string[] = [];
		const sizes: number[] = [];
		for (let n = 0; n < 100; n++) {
			const names = sourceNames(page.result);
			if (names.length > 0) sizes.push(names.length);
			walked.push(...names);
			const cursor = page.result.nextCursor;
			if (cursor === undefined) break;
			const position = decodeCursor(cursor);
			expect(position, cursor).not.toBeNull();
			if (position?.phase === "sources" && position.after !== "") {
				expect(hidden.has(position.after), `cursor names hidden ${position.after}`).toBe(false);
				expect(publicIds).toContain(position.after);
			}
			page = await list(cursor);
		}
		expect(walked).toEqual(publicIds);
		expect(
			sizes.slice(0, -1).every((size) => size === RESOURCE_PAGE_SIZE),
			`page sizes ${sizes}`,
		).toBe(true);
		expect(sizes.at(-1)).toBeGreaterThan(0);
	}, 60_000);

	it("a cursor forged around any hidden id answers as the public rows alone say", async () => {
		const publicIds = [...(await publishedSourceIds())].sort();
		const hidden = (
			await rows<{ source_id: string }>(
				"SELECT source_id FROM sources WHERE publication_state <> 'published' ORDER BY source_id",
			)
		).map((r) => r.source_id);
		for (const id of hidden) {
			for (const after of neighbours(id)) {
				const cursor = encodeCursor({ phase: "sources", after });
				const answer = await list(cursor);
				if (answer.error !== undefined) {
					expect(answer.error.code, after).toBe(-32602);
					continue;
				}
				const expected = expectedPage(publicIds, after);
				expect(sourceNames(answer.result), `after ${after}`).toEqual(expected.names);
				expect(answer.result.nextCursor, `after ${after}`).toEqual(expected.next);
				// The same answer as after the last public id before that point: nothing tells them apart.
				const previous = publicIds.filter((p) => p <= after).at(-1);
				if (previous !== undefined && previous !== after) {
					const twin = await list(encodeCursor({ phase: "sources", after: previous }));
					expect(answer.result.resources, `after ${after} vs ${previous}`).toEqual(twin.result.resources);
					expect(answer.result.nextCursor).toEqual(twin.result.nextCursor);
				}
			}
		}
	}, 120_000);
});
