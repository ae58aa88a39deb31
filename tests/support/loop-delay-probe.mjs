// Preloaded into a server started by a test (NODE_OPTIONS="--import <this file>"): the server's
// event-loop delay, the longest time its loop was held. On each SIGUSR2 it writes what it saw
// since the previous signal to LOOP_PROBE_FILE ({ seq, maxMs, p99Ms }) and starts afresh.
import fs from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const file = process.env.LOOP_PROBE_FILE;
if (file) {
  // A file left by an earlier server (a run that stopped half-way) holds a higher seq than this
  // one's first report: the reader, waiting for a seq above the one it saw, would never see ours.
  fs.rmSync(file, { force: true });
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  let seq = 0;
  process.on("SIGUSR2", () => {
    seq += 1;
    const report = { seq, maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6 };
    histogram.reset();
    fs.writeFileSync(file, JSON.stringify(report));
  });
}
