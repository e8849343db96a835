/**
 * Every name a caller supplies is looked up as data, never as an object key: JavaScript's built-in
 * keys (`__proto__`, `constructor`, `toString`, …) as a completion argument name, a completion ref's
 * name or URI, a prompt name, a prompt argument name, a tool name, a tool argument name, a resource
 * URI or a method name get `-32602` or an ordinary not-found, never `-32603` ("degraded", which an
 * operator alerts on) and never an ERROR log line.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { URI_TEMPLATES } from "../../../src/resources/uris";
import { PROMPT_NAMES, TOOL_NAMES } from "../../support/registry";
import { type Answer, type Json, legacy, modern } from "../../support/workers/mcp";

const BUILT_IN_KEYS = [
	"__proto__",
	"constructor",
	"toString",
	"hasOwnProperty",
	"valueOf",
	"isPrototypeOf",
	"propertyIsEnumerable",
	"toLocaleString",
	"__defineGetter__",
	"__lookupGetter__",
	"prototype",
	"length",
	"name",
	"then",
];

type Era = "modern" | "legacy";
const ERAS: Era[] = ["modern", "legacy"];

function send(era: Era, method: string, params: Json): Promise<Answer> {
	// Mcp-Name as the method table names it (modern() reads it from there).
	return era === "legacy" ? legacy(method, params) : modern(method, params);
}

let errors: string[] = [];
beforeEach(() => {
	errors = [];
	vi.spyOn(console, "error").mockImplementation((line: unknown) => {
		errors.push(String(line));
	});
});
afterEach(() => vi.restoreAllMocks());

/** -32602 (or the legacy not-found -32002), or a plain result; never -32603, never an ERROR line. */
function expectOrdinary(answer: Answer, what: string, allowResult = false): void {
	expect(answer.status, `${what}: ${answer.text}`).toBeLessThan(500);
	const code = answer.json.error?.code;
	if (code === undefined) expect(allowResult, `${what} answered a result: ${answer.text}`).toBe(true);
	else expect([-32602, -32002, -32601], `${what}: ${answer.text}`).toContain(code);
	expect(errors, what).toEqual([]);
}

describe.each(ERAS)("%s: built-in object keys as names", (era) => {
	it("completion/complete: argument.name, ref.name and ref.uri", async () => {
		for (const key of BUILT_IN_KEYS) {
			for (const uri of Object.values(URI_TEMPLATES)) {
				const answer = await send(era, "completion/complete", {
					ref: { type: "ref/resource", uri },
					argument: { name: key, value: "a" },
				});
				expectOrdinary(answer, `argument.name ${key} on ${uri}`, true);
				if (answer.json.result) expect(answer.json.result.completion.values).toEqual([]);
			}
			for (const name of PROMPT_NAMES) {
				const answer = await send(era, "completion/complete", {
					ref: { type: "ref/prompt", name },
					argument: { name: key, value: "a" },
				});
				expectOrdinary(answer, `argument.name ${key} on prompt ${name}`, true);
				if (answer.json.result) expect(answer.json.result.completion.values).toEqual([]);
			}
			for (const argumentName of [key, "topic_id", "handle", "source_id"]) {
				const byUri = await send(era, "completion/complete", {
					ref: { type: "ref/resource", uri: key },
					argument: { name: argumentName, value: "a" },
				});
				expectOrdinary(byUri, `ref.uri ${key}, argument ${argumentName}`);
				expect(byUri.json.error.code).toBe(-32602);
				const byName = await send(era, "completion/complete", {
					ref: { type: "ref/prompt", name: key },
					argument: { name: argumentName, value: "a" },
				});
				expectOrdinary(byName, `ref.name ${key}, argument ${argumentName}`);
				expect(byName.json.error.code).toBe(-32602);
			}
		}
	});

	it("prompts/get: prompt names and argument names", async () => {
		for (const key of BUILT_IN_KEYS) {
			const unknown = await send(era, "prompts/get", { name: key, arguments: {} });
			expectOrdinary(unknown, `prompt ${key}`);
			expect(unknown.json.error.code).toBe(-32602);
			for (const name of PROMPT_NAMES) {
				const answer = await send(era, "prompts/get", {
					name,
					arguments: JSON.parse(`{${JSON.stringify(key)}: "x"}`),
				});
				expectOrdinary(answer, `prompt ${name} argument ${key}`);
				expect(answer.json.error.code).toBe(-32602);
			}
		}
	});

	it("tools/call: tool names and argument names", async () => {
		for (const key of BUILT_IN_KEYS) {
			const unknown = await send(era, "tools/call", { name: key, arguments: {} });
			expectOrdinary(unknown, `tool ${key}`);
			expect(unknown.json.error.code).toBe(-32602);
			for (const name of TOOL_NAMES) {
				const answer = await send(era, "tools/call", {
					name,
					arguments: JSON.parse(`{${JSON.stringify(key)}: "x"}`),
				});
				expectOrdinary(answer, `tool ${name} argument ${key}`, true);
				expect(answer.json.result?.isError, answer.text).toBe(true);
			}
			for (const [name, argument] of [
				["get_source", "source_id"],
				["get_topic", "topic_id"],
				["get_topic_signal", "topic_id"],
				["get_creator", "handle"],
			] as const) {
				const answer = await send(era, "tools/call", { name, arguments: { [argument]: key } });
				expectOrdinary(answer, `tool ${name} ${argument}=${key}`, true);
				expect(answer.json.result?.isError, answer.text).toBe(true);
			}
		}
	});

	it("resources/read: URIs and ids named like built-in keys", async () => {
		for (const key of BUILT_IN_KEYS) {
			for (const uri of [
				key,
				`base2026://${key}`,
				`base2026://${key}/x`,
				`base2026://sources/${key}`,
				`base2026://creators/${key}`,
				`base2026://topics/${key}`,
			]) {
				const answer = await send(era, "resources/read", { uri });
				expectOrdinary(answer, `read ${uri}`);
			}
		}
	});

	it("method names and cursors", async () => {
		for (const key of BUILT_IN_KEYS) {
			const answer = await send(era, key, {});
			expectOrdinary(answer, `method ${key}`);
			const list = await send(era, "resources/list", { cursor: key });
			expectOrdinary(list, `cursor ${key}`);
		}
	});
});
