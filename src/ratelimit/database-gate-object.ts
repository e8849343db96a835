/**
 * The database gate: one Durable Object for the whole Worker (DATABASE_GATE_NAME), because what it
 * bounds, the one database's time, is one. Its state is the gate's decisions in memory
 * (./fair-share.ts): usage that decays within a minute, lanes that refill within a second. Lost when
 * the object is evicted or restarts, it starts again full, which admits no more than an idle
 * database would; nothing is written to storage, so a decision costs no write.
 *
 * A request that must wait in line is answered when its turn comes: the object keeps its promise and
 * a timer for the moment a lane refills or a wait ends (a settlement that frees a place decides
 * sooner).
 */
import { DurableObject } from "cloudflare:workers";
import { DATABASE_GATE } from "../limits";
import { FairShareGate, type GateVerdict } from "./fair-share";

/** The one object's name. */
export const DATABASE_GATE_NAME = "d1";

export class DatabaseGateObject extends DurableObject<Env> {
	private readonly gate = new FairShareGate(DATABASE_GATE, Date.now());
	private readonly waiting = new Map<number, (verdict: GateVerdict) => void>();
	private timer: ReturnType<typeof setTimeout> | undefined;
	private timerAt = Number.POSITIVE_INFINITY;

	/** Admits `predictedMs` of D1 time for `identity` (weight: its budget in ordinary clients' budgets), now or in turn. */
	async admit(identity: string, weight: number, predictedMs: number): Promise<GateVerdict> {
		const decided = this.gate.request(identity, weight, predictedMs, Date.now());
		if (!("queued" in decided)) return decided;
		const verdict = new Promise<GateVerdict>((resolve) => this.waiting.set(decided.queued, resolve));
		this.schedule();
		return verdict;
	}

	/** What an admitted request's D1 time turned out to be (D1's own clock): usage corrected, its place freed. */
	async settle(
		ticket: number,
		identity: string,
		weight: number,
		predictedMs: number,
		actualMs: number,
	): Promise<void> {
		this.gate.settle(ticket, identity, weight, predictedMs, actualMs, Date.now());
		this.decide();
	}

	/** The lanes and who competes, for tests. */
	async state(): Promise<ReturnType<FairShareGate["state"]>> {
		return this.gate.state(Date.now());
	}

	private decide(): void {
		for (const { id, verdict } of this.gate.pump(Date.now())) {
			this.waiting.get(id)?.(verdict);
			this.waiting.delete(id);
		}
		this.schedule();
	}

	private schedule(): void {
		const at = this.gate.nextPumpAt(Date.now());
		if (at === null || at >= this.timerAt) return;
		if (this.timer !== undefined) clearTimeout(this.timer);
		this.timerAt = at;
		this.timer = setTimeout(
			() => {
				this.timer = undefined;
				this.timerAt = Number.POSITIVE_INFINITY;
				this.decide();
			},
			Math.max(0, at - Date.now()),
		);
	}
}
