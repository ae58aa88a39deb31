// One autocannon worker of bench/load.ts (used when wrk is not installed): runs the load it is
// sent, then answers with the result and its own CPU time.
import autocannon from "autocannon";
import type { LoadOptions } from "./load";

process.once("message", (message) => {
  const options = message as LoadOptions;
  const cpuBefore = process.cpuUsage();
  autocannon(
    { url: options.url, connections: options.connections, duration: options.durationSeconds, headers: options.headers, timeout: 10 },
    (error, result) => {
      if (error) throw error;
      const cpu = process.cpuUsage(cpuBefore);
      process.send!(
        {
          requests: result.requests.total,
          seconds: options.durationSeconds,
          p50: result.latency.p50,
          p90: result.latency.p90,
          p99: result.latency.p99,
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
          cpuMs: (cpu.user + cpu.system) / 1000,
        },
        () => process.exit(0),
      );
    },
  );
});
