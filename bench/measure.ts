// What the bench reads from /proc (Linux): a process's CPU time and memory, the whole machine's.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const TICKS_PER_SECOND = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/** CPU time (user + system) of a process, all its threads, in ms. */
export function processCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/**
 * The machine's CPU time since boot (all cores), ms: `busy`, what every process on it used (not
 * idle nor waiting), and `stolen`, what a virtual machine's host took for others (steal) while this
 * machine had work to run: on a shared host the same code costs more when steal is high.
 */
export function machineCpuMs(): { busy: number; stolen: number } {
  const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!;
  const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
  return { busy: ((user! + nice! + system! + irq! + softirq!) * 1000) / TICKS_PER_SECOND, stolen: (steal! * 1000) / TICKS_PER_SECOND };
}

export function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** The median of the finite values (NaN marks a run that measured nothing); NaN when none. */
export function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : NaN;
}

/** Counts the request lines of a log file without reading it whole. */
export async function countRequestLines(file: string): Promise<number> {
  const needle = Buffer.from('"message":"request"');
  let count = 0;
  let carry = Buffer.alloc(0);
  for await (const chunk of fs.createReadStream(file)) {
    const buffer = Buffer.concat([carry, chunk as Buffer]);
    let at = buffer.indexOf(needle);
    let last = 0;
    while (at >= 0) {
      count += 1;
      last = at + needle.length;
      at = buffer.indexOf(needle, last);
    }
    carry = buffer.subarray(Math.max(last, buffer.length - needle.length + 1));
  }
  return count;
}
