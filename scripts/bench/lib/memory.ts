/**
 * Peak memory of the runtime: the resident set (RSS) of every workerd process under a `wrangler dev`
 * process tree, summed, sampled from /proc while a scenario runs (Linux only; elsewhere it reports 0).
 */
import { readdirSync, readFileSync } from "node:fs";

interface ProcInfo {
	pid: number;
	ppid: number;
	comm: string;
	rssKiB: number;
	/** utime + stime, in clock ticks (100 per second on Linux). */
	cpuTicks: number;
}

const TICKS_PER_SECOND = 100;

function readProc(pid: number): ProcInfo | null {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
		const close = stat.lastIndexOf(")");
		const comm = stat.slice(stat.indexOf("(") + 1, close);
		const fields = stat.slice(close + 2).split(" ");
		const ppid = Number(fields[1]);
		const cpuTicks = Number(fields[11]) + Number(fields[12]);
		const status = readFileSync(`/proc/${pid}/status`, "utf8");
		const rss = /VmRSS:\s+(\d+)\s+kB/.exec(status);
		return { pid, ppid, comm, rssKiB: rss ? Number(rss[1]) : 0, cpuTicks };
	} catch {
		return null;
	}
}

/** workerd processes descending from `root`, with their RSS. */
export function workerdProcesses(root: number): ProcInfo[] {
	return treeProcesses(root).filter((p) => p.comm.startsWith("workerd"));
}

/** CPU time (ms) used so far by the tree under `root` (root included): workerd, and everything else (wrangler's Node process). */
export function treeCpuMs(root: number): { workerd: number; other: number } {
	const rootInfo = readProc(root);
	const all = [...(rootInfo ? [rootInfo] : []), ...treeProcesses(root)];
	const ms = (list: ProcInfo[]) => (list.reduce((sum, p) => sum + p.cpuTicks, 0) * 1000) / TICKS_PER_SECOND;
	return {
		workerd: ms(all.filter((p) => p.comm.startsWith("workerd"))),
		other: ms(all.filter((p) => !p.comm.startsWith("workerd"))),
	};
}

/**
 * CPU time (ms) used so far by each thread of every workerd process under `root`, keyed by
 * "pid/tid": the runtime runs the Worker, its Durable Objects and the local D1 on its threads, so
 * the busiest thread's share of a span says whether one thread was what requests queued on.
 */
export function workerdThreadsCpuMs(root: number): Map<string, number> {
	const threads = new Map<string, number>();
	for (const p of workerdProcesses(root)) {
		let tids: string[];
		try {
			tids = readdirSync(`/proc/${p.pid}/task`);
		} catch {
			continue;
		}
		for (const tid of tids) {
			try {
				const stat = readFileSync(`/proc/${p.pid}/task/${tid}/stat`, "utf8");
				const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
				threads.set(`${p.pid}/${tid}`, ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND);
			} catch {
				// a thread that ended meanwhile
			}
		}
	}
	return threads;
}

function treeProcesses(root: number): ProcInfo[] {
	let pids: number[];
	try {
		pids = readdirSync("/proc")
			.filter((name) => /^\d+$/.test(name))
			.map(Number);
	} catch {
		return [];
	}
	const all = pids.map(readProc).filter((p): p is ProcInfo => p !== null);
	const children = new Map<number, ProcInfo[]>();
	for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
	const out: ProcInfo[] = [];
	const queue = [root];
	for (let guard = 0; queue.length > 0 && guard < 10_000; guard++) {
		const pid = queue.shift() as number;
		for (const child of children.get(pid) ?? []) {
			out.push(child);
			queue.push(child.pid);
		}
	}
	return out;
}

/** Samples every `intervalMs` until stopped; `peakMiB` is the largest sum seen. */
export class RssSampler {
	private timer: NodeJS.Timeout | null = null;
	peakKiB = 0;
	samples = 0;
	constructor(
		private readonly root: number,
		private readonly intervalMs = 250,
	) {}
	sample(): number {
		const total = workerdProcesses(this.root).reduce((sum, p) => sum + p.rssKiB, 0);
		this.samples++;
		if (total > this.peakKiB) this.peakKiB = total;
		return total;
	}
	start(): this {
		this.sample();
		this.timer = setInterval(() => this.sample(), this.intervalMs);
		this.timer.unref();
		return this;
	}
	stop(): number {
		if (this.timer) clearInterval(this.timer);
		this.timer = null;
		this.sample();
		return this.peakMiB;
	}
	get peakMiB(): number {
		return Math.round((this.peakKiB / 1024) * 10) / 10;
	}
}
