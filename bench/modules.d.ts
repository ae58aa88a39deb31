// The parts of untyped npm modules that the bench and the tests use.
declare module "autocannon" {
  interface Histogram {
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    average: number;
    total: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  export default function autocannon(
    options: {
      url: string;
      connections?: number;
      duration?: number;
      headers?: Record<string, string>;
      timeout?: number;
      requests?: { method: "GET"; path: string; headers?: Record<string, string> }[];
    },
    callback: (error: Error | null, result: Result) => void,
  ): unknown;
}

declare module "vnu-jar" {
  /** The path of vnu.jar (a String object). */
  const jar: string;
  export default jar;
}
