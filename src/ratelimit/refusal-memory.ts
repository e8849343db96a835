/**
 * What this isolate last heard from the limiter about each client's window: the fewest units it
 * was refused. A window only fills until it closes, so until then a request asking as many units or
 * more is refused here, before anything is predicted and without asking the limiter again: a spent
 * window costs a refused request no planning and no round trip. Per isolate and bounded (cleared
 * when full); a window of the native binding that closes before ours would refuse here for the
 * rest of ours (docs/rate-limits.md).
 */
import { RATE_LIMIT } from "../limits";

const MAX_CLIENTS = 10_000;
const PERIOD_MS = RATE_LIMIT.periodSeconds * 1000;

const refused = new Map<string, { window: number; units: number }>();

const windowOf = (now: number) => Math.floor(now / PERIOD_MS);

/** Whether `units` more for `identity` were already refused in this window (or fewer were). */
export function knownShort(identity: string, units: number, now = Date.now()): boolean {
	const entry = refused.get(identity);
	return entry !== undefined && entry.window === windowOf(now) && units >= entry.units;
}

/** The limiter refused `units` for `identity` now. */
export function rememberRefusal(identity: string, units: number, now = Date.now()): void {
	const window = windowOf(now);
	const entry = refused.get(identity);
	if (entry === undefined && refused.size >= MAX_CLIENTS) refused.clear();
	if (entry === undefined || entry.window !== window || units < entry.units)
		refused.set(identity, { window, units });
}
