/**
 * The database gate's decisions, as plain state and arithmetic (the Durable Object that keeps them is
 * ./database-gate-object.ts). D1 runs one statement at a time per database, so what every identity
 * together is admitted to run must be bounded, not only what each one is.
 *
 * - Two lanes, each a bucket of the database's time refilled at its share of every second
 *   (DATABASE_GATE in src/limits.ts): light requests (an ordinary search) and heavy ones. A heavy
 *   request also needs one of few places, so heavy work reaches the database one request at a time at
 *   a steady rate, never in the burst of every identity's window opening at once.
 * - A bound on what runs at once: the lanes bound each second, not each instant, and what the
 *   database has been handed runs in turn. So the gated work admitted and not yet settled is at most
 *   `inFlightMs` predicted, or one request alone: a read that never meets the gate (a lookup) finds
 *   that much at most queued ahead of it. A request that the lanes would admit but this bound holds
 *   back keeps its turn: nothing after it in line, nor any newcomer, starts before it.
 * - Fair shares under contention (Stripe's load shedder, the SRE book's "customers over their share
 *   are throttled first", weighted fair queueing): each identity's usage is its D1 time decaying with
 *   a half-life, and its share is its weight's part of the lanes' rate over the usage's mean life.
 *   When a lane cannot take a request now, an identity within its share waits in line, least used
 *   first, or (light) borrows a little below empty, less the more of its share it has used; an
 *   identity over its share is refused, told when its usage will have decayed enough.
 * - Usage is settled to D1's own clock once a request has run: the prediction only reserves.
 */

interface LaneSettings {
	/** Of each second of the database's time, what this lane's work may take (0–1). */
	share: number;
	/** The bucket's capacity in D1 ms: the most of this lane's work that may start at once. */
	burstMs: number;
}

interface GateSettings {
	/** A request predicted at most this is light. */
	lightMs: number;
	light: LaneSettings;
	heavy: LaneSettings & { /** Heavy requests that may run at once. */ places: number };
	/** The predicted D1 time admitted and not yet settled, both lanes together, unless one request runs alone. */
	inFlightMs: number;
	/** A request admitted and never settled (its Worker stopped, its settlement lost) stops counting as running after this. */
	unsettledMs: number;
	/** The half-life of an identity's usage. */
	halfLifeSeconds: number;
	/** Of each lane's rate, what the shares leave unclaimed (0–1): room for everyone within theirs to come at once. */
	headroom: number;
	/** The longest a request within its share waits in line before it is refused. */
	queueMs: number;
	/** Retry-After is at most this. */
	maxRetrySeconds: number;
}

type Lane = "light" | "heavy";

export type GateVerdict =
	| { admitted: true; reason: "fits" | "borrowed" | "waited"; ticket: number; lane: Lane; waitedMs: number }
	| { admitted: false; reason: "over_share" | "saturated"; retryAfterSeconds: number; lane: Lane };

interface Usage {
	/** Decayed D1 ms as of `at`. */
	ms: number;
	at: number;
	weight: number;
	/** When it last asked: an identity competes while it asks, whether or not it was admitted. */
	asked: number;
}

interface Bucket {
	level: number;
	at: number;
}

interface Running {
	ms: number;
	lane: Lane;
	/** When it stops counting anyway (unsettledMs after it was admitted). */
	until: number;
}

interface Waiting {
	id: number;
	identity: string;
	weight: number;
	predictedMs: number;
	lane: Lane;
	since: number;
}

const LANES: readonly Lane[] = ["light", "heavy"];

/** Usage below this has decayed away: the identity no longer competes. */
const IDLE_MS = 1;
/** Identities kept at most; past it the least used are forgotten (they count as new). */
const MAX_IDENTITIES = 20_000;
/** How often the competing identities' weights are summed again (their usage decays in between). */
const SWEEP_MS = 1000;
/** Requests waiting in line at most (each holds a connection open); past it a request within its share is refused as saturated. */
const MAX_WAITING = 1000;

/** The key of what one identity has waiting in one lane. */
const lineKey = (lane: Lane, identity: string) => `${lane}|${identity}`;

export class FairShareGate {
	private readonly buckets: Record<Lane, Bucket>;
	/** Each lane's competitors: an identity's usage of that lane, and the lane's sum of their weights. */
	private readonly usage: Record<Lane, Map<string, Usage>> = { light: new Map(), heavy: new Map() };
	private readonly weights: Record<Lane, number> = { light: 0, heavy: 0 };
	private sweptAt = Number.NEGATIVE_INFINITY;
	/** Requests admitted and not settled yet, by ticket. */
	private readonly running = new Map<number, Running>();
	private readonly waiting: Waiting[] = [];
	/** What each identity has waiting in line, per lane (`lane|identity` → D1 ms). */
	private readonly inLine = new Map<string, number>();
	/** The request in line that the bound on what runs at once holds back: it starts next, before anyone. */
	private holding: number | undefined;
	private nextId = 1;

	constructor(
		private readonly settings: GateSettings,
		now: number,
		/** Spreads each Retry-After (0–1), so that clients refused together do not come back together. */
		private readonly random: () => number = Math.random,
	) {
		this.buckets = {
			light: { level: settings.light.burstMs, at: now },
			heavy: { level: settings.heavy.burstMs, at: now },
		};
	}

	laneOf(predictedMs: number): Lane {
		return predictedMs <= this.settings.lightMs ? "light" : "heavy";
	}

	private bucket(lane: Lane, now: number): Bucket {
		const bucket = this.buckets[lane];
		const { share, burstMs } = this.settings[lane];
		bucket.level = Math.min(burstMs, bucket.level + Math.max(0, now - bucket.at) * share);
		bucket.at = now;
		return bucket;
	}

	private decayed(entry: Usage | undefined, now: number): number {
		const halfLifeMs = this.settings.halfLifeSeconds * 1000;
		return entry === undefined ? 0 : entry.ms * 2 ** (-Math.max(0, now - entry.at) / halfLifeMs);
	}

	/** Forgets what has decayed away (usage, places never settled) and sums the competing identities' weights. */
	private sweep(now: number): void {
		for (const [ticket, { until }] of this.running) if (until <= now) this.running.delete(ticket);
		const crowded = this.usage.light.size + this.usage.heavy.size > MAX_IDENTITIES;
		const halfLifeMs = this.settings.halfLifeSeconds * 1000;
		if (now - this.sweptAt < SWEEP_MS && !crowded) return;
		this.sweptAt = now;
		for (const lane of LANES) {
			const usage = this.usage[lane];
			for (const [identity, entry] of usage)
				if (this.decayed(entry, now) < IDLE_MS && now - entry.asked > halfLifeMs) usage.delete(identity);
			if (usage.size > MAX_IDENTITIES / 2) {
				const least = [...usage].sort((a, b) => this.decayed(a[1], now) - this.decayed(b[1], now));
				for (const [identity] of least.slice(0, usage.size - MAX_IDENTITIES / 2)) usage.delete(identity);
			}
			this.weights[lane] = 0;
			for (const entry of usage.values()) this.weights[lane] += entry.weight;
		}
	}

	/**
	 * An identity's share of a lane, in decayed D1 ms: its weight's part of the lane's rate over the
	 * usage's mean life, less the headroom, so that those within their shares are served without a
	 * long line even when they all come at once.
	 */
	private shareOf(lane: Lane, identity: string, weight: number): number {
		const weights = this.weights[lane] + (this.usage[lane].has(identity) ? 0 : weight);
		const meanLifeMs = (this.settings.halfLifeSeconds * 1000) / Math.LN2;
		const rate = this.settings[lane].share * (1 - this.settings.headroom);
		return (rate * meanLifeMs * weight) / Math.max(weight, weights);
	}

	/** Puts a request in line, or takes it out, keeping what each identity has waiting in step. */
	private line(entry: Waiting, joins: boolean): void {
		const key = lineKey(entry.lane, entry.identity);
		const ms = (this.inLine.get(key) ?? 0) + (joins ? entry.predictedMs : -entry.predictedMs);
		if (joins) this.waiting.push(entry);
		else this.waiting.splice(this.waiting.indexOf(entry), 1);
		if (ms > 1e-9) this.inLine.set(key, ms);
		else this.inLine.delete(key);
	}

	/**
	 * How much of its share of `lane` `identity` would have used with `predictedMs` more, counting
	 * what it already has waiting in line (above 1: over it).
	 */
	private filled(lane: Lane, identity: string, weight: number, predictedMs: number, now: number): number {
		const used =
			this.decayed(this.usage[lane].get(identity), now) + (this.inLine.get(lineKey(lane, identity)) ?? 0);
		return (used + predictedMs) / this.shareOf(lane, identity, weight);
	}

	/** Adds `ms` to its usage of the lane (0: it asked), entering it among the lane's competitors. */
	private add(lane: Lane, identity: string, weight: number, ms: number, now: number, asked = false): void {
		const usage = this.usage[lane];
		const entry = usage.get(identity);
		if (entry === undefined) this.weights[lane] += weight;
		const last = asked ? now : (entry?.asked ?? now);
		usage.set(identity, { ms: Math.max(0, this.decayed(entry, now) + ms), at: now, weight, asked: last });
	}

	/**
	 * Retry-After for a wait of `ms`, spread by up to a second and half the wait again: clients
	 * refused in one burst would otherwise all come back in one, and be refused in one again.
	 */
	private retryAfter(ms: number): number {
		const spread = ms + this.random() * (1000 + ms / 2);
		return Math.min(this.settings.maxRetrySeconds, Math.max(1, Math.ceil(spread / 1000)));
	}

	/** Whether the lane can start `predictedMs` now: the bucket holds it (or its whole burst), and for heavy work a place is free. */
	private fits(lane: Lane, predictedMs: number, now: number): boolean {
		const placed = lane === "light" || this.heavyRunning() < this.settings.heavy.places;
		// A thousandth of a millisecond of slack: a refilled level is a sum of floating-point steps.
		return (
			placed && this.bucket(lane, now).level + 1e-3 >= Math.min(predictedMs, this.settings[lane].burstMs)
		);
	}

	private heavyRunning(): number {
		let count = 0;
		for (const { lane } of this.running.values()) if (lane === "heavy") count++;
		return count;
	}

	/** The predicted D1 time admitted and not yet settled. */
	private inFlight(): number {
		let ms = 0;
		for (const running of this.running.values()) ms += running.ms;
		return ms;
	}

	/** Whether `predictedMs` more may run at once with what runs now (inFlightMs, or alone). */
	private roomNow(predictedMs: number): boolean {
		return this.running.size === 0 || this.inFlight() + predictedMs <= this.settings.inFlightMs;
	}

	/** Whether a request of `lane` arriving now must take its turn in line: one of its lane waits, or one the lanes would admit now. */
	private lineAhead(lane: Lane, now: number): boolean {
		if (this.holding !== undefined) return true;
		// The other lane's smallest waiting request is the one it would admit first.
		let smallest = Number.POSITIVE_INFINITY;
		for (const waiting of this.waiting) {
			if (waiting.lane === lane) return true;
			smallest = Math.min(smallest, waiting.predictedMs);
		}
		return (
			smallest < Number.POSITIVE_INFINITY && this.fits(lane === "light" ? "heavy" : "light", smallest, now)
		);
	}

	private reserve(
		request: Omit<Waiting, "id" | "since">,
		reason: "fits" | "borrowed" | "waited",
		now: number,
		since = now,
	): GateVerdict {
		const { identity, weight, predictedMs, lane } = request;
		this.bucket(lane, now).level -= predictedMs;
		this.add(lane, identity, weight, predictedMs, now);
		const ticket = this.nextId++;
		this.running.set(ticket, { ms: predictedMs, lane, until: now + this.settings.unsettledMs });
		return { admitted: true, reason, ticket, lane, waitedMs: now - since };
	}

	/**
	 * Refused over its share (`before`: what it has used and has in line besides this request, of
	 * its share): back once that has decayed to within its share, or the lane refills, whichever is later.
	 */
	private overShare(request: Omit<Waiting, "id" | "since">, before: number, now: number): GateVerdict {
		const { lane, predictedMs } = request;
		const decayMs = this.settings.halfLifeSeconds * 1000 * Math.log2(Math.max(1, before));
		const retryMs = Math.max(decayMs, this.refillMs(lane, predictedMs, now));
		return { admitted: false, reason: "over_share", retryAfterSeconds: this.retryAfter(retryMs), lane };
	}

	/** Refused after waiting its longest, or with the line full: back once the lane's line has drained. */
	private saturated(lane: Lane, predictedMs: number, now: number): GateVerdict {
		let lineMs = 0;
		for (const entry of this.waiting) if (entry.lane === lane) lineMs += entry.predictedMs;
		const retryMs = Math.max(this.refillMs(lane, predictedMs, now), lineMs / this.settings[lane].share);
		return { admitted: false, reason: "saturated", retryAfterSeconds: this.retryAfter(retryMs), lane };
	}

	/** Seconds until the lane's bucket holds `predictedMs` (or its burst) again, and a place frees. */
	private refillMs(lane: Lane, predictedMs: number, now: number): number {
		const { share, burstMs } = this.settings[lane];
		const missing = Math.min(predictedMs, burstMs) - this.bucket(lane, now).level;
		const placeBusy = lane === "heavy" && this.heavyRunning() >= this.settings.heavy.places;
		return Math.max(placeBusy ? 1000 : 0, missing / share);
	}

	/**
	 * A request of `identity` (weight: its budget counted in ordinary identities' budgets) predicted
	 * to take `predictedMs` of D1 time: admitted, refused, or queued (its verdict comes from pump).
	 */
	request(
		identity: string,
		weight: number,
		predictedMs: number,
		now: number,
	): GateVerdict | { queued: number } {
		this.sweep(now);
		const lane = this.laneOf(predictedMs);
		const asked = { identity, weight, predictedMs, lane };
		this.add(lane, identity, weight, 0, now, true);
		const inTurn = !this.lineAhead(lane, now) && this.roomNow(predictedMs);
		if (inTurn && this.fits(lane, predictedMs, now)) return this.reserve(asked, "fits", now);
		// Within its share is what it has used and has in line, before this request: one that has used
		// nothing may always take its turn, however large the request (deficit round robin's idea).
		const before = this.filled(lane, identity, weight, 0, now);
		if (before >= 1) return this.overShare(asked, before, now);
		// A light request borrows what its unused share allows, else it waits in line.
		const mayBorrow =
			this.settings.light.burstMs * (1 - this.filled(lane, identity, weight, predictedMs, now));
		if (inTurn && lane === "light" && this.bucket(lane, now).level - predictedMs >= -mayBorrow)
			return this.reserve(asked, "borrowed", now);
		if (this.waiting.length >= MAX_WAITING) return this.saturated(lane, predictedMs, now);
		const id = this.nextId++;
		this.line({ id, ...asked, since: now }, true);
		return { queued: id };
	}

	/**
	 * The queued requests decided now: granted (least used first, as their lane allows) or refused
	 * after queueMs. The first that its lane would admit but the bound on what runs at once holds back
	 * keeps its turn: nothing after it starts.
	 */
	pump(now: number): Array<{ id: number; verdict: GateVerdict }> {
		this.sweep(now);
		const decided: Array<{ id: number; verdict: GateVerdict }> = [];
		const order = this.waiting
			.map((entry) => ({
				entry,
				filled: this.filled(entry.lane, entry.identity, entry.weight, 0, now),
			}))
			.sort(
				(a, b) =>
					Number(b.entry.id === this.holding) - Number(a.entry.id === this.holding) || a.filled - b.filled,
			);
		let heldBack = false;
		for (const { entry, filled } of order) {
			let verdict: GateVerdict | undefined;
			// Shares are judged again (more identities may compete now than when it joined the line), on
			// what it has used and has in line besides this request.
			const before = filled - entry.predictedMs / this.shareOf(entry.lane, entry.identity, entry.weight);
			if (before >= 1) verdict = this.overShare(entry, before, now);
			else if (!heldBack && this.fits(entry.lane, entry.predictedMs, now)) {
				if (this.roomNow(entry.predictedMs)) verdict = this.reserve(entry, "waited", now, entry.since);
				else {
					heldBack = true;
					this.holding = entry.id;
				}
			}
			if (verdict === undefined && now - entry.since >= this.settings.queueMs)
				verdict = this.saturated(entry.lane, entry.predictedMs, now);
			if (verdict === undefined) continue;
			if (this.holding === entry.id) this.holding = undefined;
			this.line(entry, false);
			decided.push({ id: entry.id, verdict });
		}
		return decided;
	}

	/**
	 * When pump may next decide something (a lane refilled, a wait ended, a running request stopped
	 * counting), or null when nothing waits. A settlement decides sooner: the object pumps on each.
	 */
	nextPumpAt(now: number): number | null {
		if (this.waiting.length === 0) return null;
		let next = Number.POSITIVE_INFINITY;
		for (const { until } of this.running.values()) next = Math.min(next, until);
		for (const entry of this.waiting) {
			const missing =
				Math.min(entry.predictedMs, this.settings[entry.lane].burstMs) - this.bucket(entry.lane, now).level;
			next = Math.min(next, entry.since + this.settings.queueMs);
			if (missing > 0) next = Math.min(next, now + missing / this.settings[entry.lane].share);
			else if (this.fits(entry.lane, entry.predictedMs, now) && this.roomNow(entry.predictedMs)) next = now;
		}
		return Math.max(now, Math.ceil(next));
	}

	/** An admitted request's D1 time, once known: its lane's bucket and its identity's usage corrected to it, its place freed. */
	settle(
		ticket: number,
		identity: string,
		weight: number,
		predictedMs: number,
		actualMs: number,
		now: number,
	): void {
		this.running.delete(ticket);
		const lane = this.laneOf(predictedMs);
		const bucket = this.bucket(lane, now);
		const correction = actualMs - predictedMs;
		bucket.level = Math.min(this.settings[lane].burstMs, bucket.level - correction);
		if (this.usage[lane].has(identity) || correction > 0) this.add(lane, identity, weight, correction, now);
	}

	/** The lanes, the places and who competes: for tests and the operator's log. */
	state(now: number) {
		this.sweptAt = Number.NEGATIVE_INFINITY;
		this.sweep(now);
		return {
			lightMs: this.bucket("light", now).level,
			heavyMs: this.bucket("heavy", now).level,
			running: this.running.size,
			inFlightMs: this.inFlight(),
			waiting: this.waiting.length,
			competing: { light: this.usage.light.size, heavy: this.usage.heavy.size },
		};
	}
}
