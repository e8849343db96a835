/**
 * The Worker's own runtime socket, past wrangler's dev proxy (Linux only: read from /proc).
 *
 * Under wrangler's local dev server every request first crosses a proxy worker in a second workerd
 * process: one Durable Object that holds requests while the Worker reloads, then forwards each to the
 * Worker's runtime. Cloudflare has no such hop. In a burst it is a queue of its own: on this machine it
 * spent about 2 ms of CPU per ping, more than the Worker's runtime
 * (docs/decisions/2026-12-04-past-the-dev-proxy.md). A bench that measures what a crowd does to the
 * Worker, not to the dev server around it, sends to the runtime's socket.
 */
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { workerdProcesses } from "./memory";

const LISTEN = "0A";

/** Loopback TCP ports listening, by socket inode (/proc/net/tcp). */
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
 * The origin of the one workerd under `root` that listens on a loopback port other than the dev
 * server's own (`proxyOrigin`): the Worker's runtime. Undefined when there is not exactly one.
 */
export function runtimeOrigin(root: number, proxyOrigin: string): string | undefined {
	const proxyPort = Number(new URL(proxyOrigin).port);
	const listening = listeningPorts();
	const processes = workerdProcesses(root).map((p) => portsOf(p.pid, listening));
	if (processes.some((ports) => ports.includes(proxyPort)) === false) return undefined;
	const runtimes = processes.filter((ports) => ports.length === 1 && ports[0] !== proxyPort);
	return runtimes.length === 1 ? `http://127.0.0.1:${runtimes[0]?.[0]}` : undefined;
}
