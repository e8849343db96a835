/**
 * Admission for POST /api/mcp, in a fixed order: the native Workers Rate Limiting binding decides;
 * when it is absent or throws, the per-identity Durable Object decides with the same budget; when
 * neither can answer, the request is refused (fail closed) and nothing behind it runs.
 */
import { RATE_LIMIT } from "../limits";

type LimiterPath = "native" | "durable_object" | "off" | "none";

type Admission =
	| { allowed: true; path: LimiterPath }
	| { allowed: false; path: LimiterPath; reason: "over_budget" | "unavailable" };

/** The bindings admission may use, and nothing else of the Worker. */
interface LimiterBindings {
	MCP_RATE_LIMIT?: RateLimit;
	RATE_LIMITER?: Env["RATE_LIMITER"];
	/** Benchmark environments only: "durable_object" skips the native binding, "off" admits everything. */
	RATE_LIMIT_MODE?: string;
	/** Benchmark environments only: a larger budget for the Durable Object path. */
	RATE_LIMIT_REQUESTS?: string;
}

const PERIOD_MS = RATE_LIMIT.periodSeconds * 1000;

/** A decision must be a boolean: anything else is a limiter fault, never read as "over budget". */
function decided(value: unknown, source: string): boolean {
	if (typeof value !== "boolean") throw new Error(`${source} answered without a decision`);
	return value;
}

async function nativeDecision(binding: RateLimit, identity: string): Promise<boolean> {
	const answer = await binding.limit({ key: identity });
	return decided(answer?.success, "MCP_RATE_LIMIT");
}

async function durableObjectDecision(bindings: LimiterBindings, identity: string): Promise<boolean> {
	const namespace = bindings.RATE_LIMITER;
	if (!namespace) throw new Error("RATE_LIMITER binding is absent");
	const budget = Number(bindings.RATE_LIMIT_REQUESTS) || RATE_LIMIT.requests;
	const decision = await namespace.get(namespace.idFromName(identity)).admit(budget, PERIOD_MS);
	return decided(decision?.allowed, "RATE_LIMITER");
}

export async function admit(bindings: LimiterBindings, identity: string): Promise<Admission> {
	if (bindings.RATE_LIMIT_MODE === "off") return { allowed: true, path: "off" };
	if (bindings.MCP_RATE_LIMIT && bindings.RATE_LIMIT_MODE !== "durable_object") {
		try {
			const allowed = await nativeDecision(bindings.MCP_RATE_LIMIT, identity);
			return allowed ? { allowed, path: "native" } : { allowed, path: "native", reason: "over_budget" };
		} catch (error) {
			console.error(JSON.stringify({ event: "rate_limit_native_failed", error: String(error) }));
		}
	}
	try {
		const allowed = await durableObjectDecision(bindings, identity);
		return allowed
			? { allowed, path: "durable_object" }
			: { allowed, path: "durable_object", reason: "over_budget" };
	} catch (error) {
		console.error(JSON.stringify({ event: "rate_limit_fallback_failed", error: String(error) }));
	}
	return { allowed: false, path: "none", reason: "unavailable" };
}
