/**
 * The method table (src/mcp/methods.ts) is what both eras answer: every entry answers in its eras and
 * is "not found" in the others, with the era's status; the request log keeps its name; and its
 * database bound is the one the counted request shapes (scripts/bench/cost/cost-cases.ts) are held to, so
 * a new method without a counted shape fails here.
 */
import { describe, expect, it } from "vitest";
import { COST_CASES } from "../../../scripts/bench/cost/cost-cases";
import { requestLogLine } from "../../../src/http/request-log";
import {
	findMethod,
	KNOWN_METHODS,
	METHODS,
	type MethodName,
	methodsOf,
	type ResultOf,
} from "../../../src/mcp/methods";
import { legacy, modern } from "../../support/workers/mcp";

const ERAS = ["legacy", "modern"] as const;

// At compile time: every method of the table keeps its handler's result type (ResultOf), none lost to
// `never` (a handler whose type the table lost); `npm run typecheck` fails here otherwise.
type IsNever<T> = [T] extends [never] ? true : false;
type KeepsItsResult = { [Name in MethodName]: IsNever<ResultOf<Name>> }[MethodName] extends false
	? true
	: false;
const KEEPS_ITS_RESULT: KeepsItsResult = true;

const send = (era: (typeof ERAS)[number], method: string) =>
	era === "modern" ? modern(method) : legacy(method);

describe("every method of the table", () => {
	for (const entry of METHODS) {
		for (const era of ERAS) {
			const answers = entry.eras.includes(era);
			it(`${entry.method} is ${answers ? "answered" : "not found"} in the ${era} era`, async () => {
				const answer = await send(era, entry.method);
				if (answers) {
					// Answered: a result, or an error about its params, never "method not found".
					expect(answer.status, answer.text).toBe(200);
					expect(answer.json.error?.code, answer.text).not.toBe(-32601);
				} else {
					expect(answer.status, answer.text).toBe(era === "modern" ? 404 : 200);
					expect(answer.json.error?.code, answer.text).toBe(-32601);
				}
			});
		}
	}

	it("names the era's methods when one is not found (legacy adds those only 2026-07-28 has)", () => {
		for (const era of ERAS) {
			let message = "";
			try {
				findMethod("unknown", era);
			} catch (error) {
				message = (error as Error).message;
			}
			const expected = era === "modern" ? methodsOf("modern") : METHODS;
			for (const { method } of METHODS)
				expect(new RegExp(`(^|[ ,(])${method}[,.) ]`).test(message), `${era}: ${method} in ${message}`).toBe(
					expected.some((m) => m.method === method),
				);
		}
	});

	it("keeps each method's result type (checked by the compiler above)", () => {
		expect(KEEPS_ITS_RESULT).toBe(true);
	});

	it("is logged by its name", () => {
		for (const { method } of METHODS) {
			expect(KNOWN_METHODS.has(method)).toBe(true);
			const line = JSON.parse(
				requestLogLine({
					facts: { method },
					messages: 1,
					status: 200,
					duration_ms: 0,
					rate_limit: "native",
					identity: "x",
				}),
			);
			expect(line.method).toBe(method);
		}
	});

	it("states the database bound its counted request shapes are held to", () => {
		const cases = COST_CASES().flatMap((c) => {
			if (c.request.method !== "POST") return [];
			const method = (JSON.parse(c.request.body) as { method: string }).method;
			return [{ method, maxDepth: c.maxDepth }];
		});
		for (const entry of methodsOf("modern")) {
			const bounds = cases.filter((c) => c.method === entry.method).map((c) => c.maxDepth);
			expect(
				bounds.length,
				`${entry.method} has no request shape in scripts/bench/cost/cost-cases.ts`,
			).toBeGreaterThan(0);
			expect(Math.max(...bounds), entry.method).toBe(entry.depth);
		}
	});
});
