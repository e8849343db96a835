/**
 * The Worker's own runtime socket, past wrangler's dev proxy (Linux only: read from /proc).
 *
 * Under wrangler's local dev server every request first crosses a proxy worker in a second workerd
 * process: one Durable Object that holds requests while the Worker reloads, then forwards each to the
 * Worker's runtime. Cloudflare has no such hop. In a burst it is a queue of its own: on this machine
 * it spent 1.4 to 2.6 ms of CPU per ping (docs/decisions/2026-12-04-past-the-dev-proxy.md). A bench
 * that measures what a crowd does to the Worker, not to the dev server around it, sends to the
 * runtime's socket.
 */
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { workerdProcesses } from "./memory";

const LISTEN = "0A";

/** IPv4 loopback TCP ports listening, by socket inode (/proc/net/tcp): wrangler's runtimes listen on 127.0.0.1. */
function listeningPorts(): Map<string, number> {
	const ports = new Map<string, number>();
	let table: string;
	try {
		table = readFileSync("/proc/net/tcp", "utf8");
	} catch {
		return ports;
	}
	for (const line of table.split("\n").slice(1)) {
		const fields = line.trim().split(/\s+/);
		const [local, state, inode] = [fields[1], fields[3], fields[9]];
		if (local === undefined || state !== LISTEN || inode === undefined) continue;
		const [host, port] = local.split(":");
		if (host === "0100007F" && port !== undefined) ports.set(inode, Number.parseInt(port, 16));
	}
	return ports;
}

/** The ports a process listens on. */
function portsOf(pid: number, listening: Map<string, number>): number[] {
	let fds: string[];
	try {
		fds = readdirSync(`/proc/${pid}/fd`);
	} catch {
		return [];
	}
	const ports: number[] = [];
	for (const fd of fds) {
		try {
			const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
			const port = inode === undefined ? undefined : listening.get(inode);
			if (port !== undefined) ports.push(port);
		} catch {
			// a descriptor closed meanwhile
		}
	}
	return ports;
}

/**
 * The Worker's runtime: of the loopback ports that the workerd processes under `root` listen on,
 * other than those of the one serving the dev server's own (`proxyOrigin`), the first where the MCP
 * endpoint answers GET with 405, as it does when the dev server is ready. Undefined when none does.
 */
export async function runtimeOrigin(root: number, proxyOrigin: string): Promise<string | undefined> {
	const proxyPort = Number(new URL(proxyOrigin).port);
	const listening = listeningPorts();
	const processes = workerdProcesses(root).map((p) => portsOf(p.pid, listening));
	const candidates = processes.filter((ports) => !ports.includes(proxyPort)).flat();
	for (const port of candidates) {
		const origin = `http://127.0.0.1:${port}`;
		try {
			const response = await fetch(`${origin}/api/mcp`, { signal: AbortSignal.timeout(5000) });
			await response.body?.cancel();
			if (response.status === 405) return origin;
		} catch {
			// not an HTTP socket, or not the Worker's
		}
	}
	return undefined;
}
