import { readFileSync } from 'node:fs';

/**
 * The CPU time (user and system, ms) of the calling thread alone, from Linux's
 * `/proc/thread-self/stat` (in clock ticks of 10 ms), or `undefined` elsewhere. With work on two
 * threads, the process's CPU time adds both; the busier thread's is what two idle cores would
 * take in wall time.
 */
export function threadCpuMs(): number | undefined {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the name: state is field 3 of the line, utime 14 and stime 15.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}
