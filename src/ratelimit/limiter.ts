/**
 * Admission, in a fixed order: the native Workers Rate Limiting binding decides; when it is absent
 * or throws, the per-identity Durable Object decides with the same budget; when neither can answer,
 * the request is refused (fail closed) and nothing behind it runs. A hosted platform's client (a
 * budget of its own, ./shared-egress.ts) is counted by the Durable Object alone: a binding has one
 * fixed limit, and a platform's agents reach many Cloudflare locations, each of which the binding
 * would count apart.
 *
 * Two meters share this chain: `mcp` (POST /api/mcp, charged one unit per JSON-RPC message) and
 * `pages` (source pages and the guide, one unit per request, a larger budget). A charge of n units
 * is all or nothing: the Durable Object checks and adds n atomically; the native binding has no
 * weight, so it is asked n times at once and admits only when every unit fits (a refused charge may
 * still have used what was left of that window: docs/rate-limits.md).
 */
import { PAGE_RATE_LIMIT, RATE_LIMIT } from "../limits";

type LimiterPath = "native" | "durable_object" | "off" | "none";

type Meter = "mcp" | "pages";

type Admission =
	| { allowed: true; path: LimiterPath }
	| { allowed: false; path: LimiterPath; reason: "over_budget" | "unavailable" };

/** The bindings admission may use, and nothing else of the Worker. */
interface LimiterBindings {
	MCP_RATE_LIMIT?: RateLimit;
	PAGE_RATE_LIMIT?: RateLimit;
	RATE_LIMITER?: Env["RATE_LIMITER"];
	/** Benchmark environments only: "durable_object" skips the native binding, "off" admits everything. */
	RATE_LIMIT_MODE?: string;
	/** Benchmark environments only: a larger budget for the Durable Object path. */
	RATE_LIMIT_REQUESTS?: string;
}

const BUDGETS = { mcp: RATE_LIMIT, pages: PAGE_RATE_LIMIT } as const;

const nativeBinding = (bindings: LimiterBindings, meter: Meter) =>
	meter === "mcp" ? bindings.MCP_RATE_LIMIT : bindings.PAGE_RATE_LIMIT;

/** The Durable Object per identity and meter; MCP keys stay the bare identity they always were. */
const objectName = (meter: Meter, identity: string) => (meter === "mcp" ? identity : `${meter}|${identity}`);

/** A decision must be a boolean: anything else is a limiter fault, never read as "over budget". */
function decided(value: unknown, source: string): boolean {
	if (typeof value !== "boolean") throw new Error(`${source} answered without a decision`);
	return value;
}

async function nativeDecision(binding: RateLimit, identity: string, units: number): Promise<boolean> {
	const answers = await Promise.all(Array.from({ length: units }, () => binding.limit({ key: identity })));
	return answers.map((answer) => decided(answer?.success, "native rate limit")).every(Boolean);
}

/** Who is charged: an identity, and its own budget when it is not the meter's (a hosted platform). */
interface Charged {
	identity: string;
	requests?: number;
}

const budgetOf = (bindings: LimiterBindings, meter: Meter, charged: Charged) =>
	Number(bindings.RATE_LIMIT_REQUESTS) || charged.requests || BUDGETS[meter].requests;

/** The native binding counts only the meter's own budget. */
const nativeFor = (bindings: LimiterBindings, meter: Meter, charged: Charged) =>
	bindings.RATE_LIMIT_MODE === "durable_object" ||
	(charged.requests !== undefined && charged.requests !== BUDGETS[meter].requests)
		? undefined
		: nativeBinding(bindings, meter);

async function durableObjectDecision(
	bindings: LimiterBindings,
	meter: Meter,
	{ identity, ...charged }: Charged,
	units: number,
): Promise<boolean> {
	const namespace = bindings.RATE_LIMITER;
	if (!namespace) throw new Error("RATE_LIMITER binding is absent");
	const budget = budgetOf(bindings, meter, { identity, ...charged });
	const periodMs = BUDGETS[meter].periodSeconds * 1000;
	const stub = namespace.get(namespace.idFromName(objectName(meter, identity)));
	const decision = await stub.admit(budget, periodMs, undefined, units);
	return decided(decision?.allowed, "RATE_LIMITER");
}

/** Charges `units` (at least 1) to the identity's budget on `meter`; all or nothing. */
export async function admit(
	bindings: LimiterBindings,
	meter: Meter,
	charged: Charged | string,
	units = 1,
): Promise<Admission> {
	const who = typeof charged === "string" ? { identity: charged } : charged;
	if (bindings.RATE_LIMIT_MODE === "off") return { allowed: true, path: "off" };
	const native = nativeFor(bindings, meter, who);
	if (native) {
		try {
			const allowed = await nativeDecision(native, who.identity, units);
			return allowed ? { allowed, path: "native" } : { allowed, path: "native", reason: "over_budget" };
		} catch (error) {
			console.error(JSON.stringify({ event: "rate_limit_native_failed", meter, error: String(error) }));
		}
	}
	try {
		const allowed = await durableObjectDecision(bindings, meter, who, units);
		return allowed
			? { allowed, path: "durable_object" }
			: { allowed, path: "durable_object", reason: "over_budget" };
	} catch (error) {
		console.error(JSON.stringify({ event: "rate_limit_fallback_failed", meter, error: String(error) }));
	}
	return { allowed: false, path: "none", reason: "unavailable" };
}

/**
 * Charges `units` more to a request already admitted: what its D1 time cost past its prediction,
 * known only once it was answered (COSTLY_REQUEST in src/limits.ts). The Durable Object adds them to
 * the window the request was admitted in (`admittedAt`), up to its limit, and drops them once that
 * window has closed; the native binding has no clock of ours to charge against and counts them in
 * whatever window is current (docs/rate-limits.md). It refuses nothing (the answer has gone) and
 * never throws: at worst the identity's next requests are refused sooner.
 */
export async function charge(
	bindings: LimiterBindings,
	meter: Meter,
	charged: Charged | string,
	units: number,
	admittedAt: number = Date.now(),
): Promise<LimiterPath> {
	const { identity, ...rest } = typeof charged === "string" ? { identity: charged } : charged;
	if (units <= 0 || bindings.RATE_LIMIT_MODE === "off") return "off";
	const periodMs = BUDGETS[meter].periodSeconds * 1000;
	const native = nativeFor(bindings, meter, { identity, ...rest });
	if (native) {
		// Its windows are its own; by ours, a charge whose window has closed is dropped, as the object drops it.
		if (Math.floor(Date.now() / periodMs) !== Math.floor(admittedAt / periodMs)) return "native";
		try {
			await nativeDecision(native, identity, units);
			return "native";
		} catch (error) {
			console.error(JSON.stringify({ event: "rate_limit_native_failed", meter, error: String(error) }));
		}
	}
	try {
		const namespace = bindings.RATE_LIMITER;
		if (!namespace) throw new Error("RATE_LIMITER binding is absent");
		const budget = budgetOf(bindings, meter, { identity, ...rest });
		const stub = namespace.get(namespace.idFromName(objectName(meter, identity)));
		await stub.charge(budget, periodMs, units, undefined, admittedAt);
		return "durable_object";
	} catch (error) {
		console.error(JSON.stringify({ event: "rate_limit_charge_failed", meter, error: String(error) }));
		return "none";
	}
}
