/**
 * Keeps one instance per key for the whole process. The Express server (loaded by tsx) and the
 * Remix server bundle each import app modules, so a module-level value would exist twice;
 * globalThis makes them share the same database handle, browser, etc.
 */
export function singleton<T>(key: string, create: () => T): T {
  const store = globalThis as unknown as { __himfgSingletons?: Map<string, unknown> };
  store.__himfgSingletons ??= new Map();
  if (!store.__himfgSingletons.has(key)) {
    store.__himfgSingletons.set(key, create());
  }
  return store.__himfgSingletons.get(key) as T;
}

export function forgetSingleton(key: string) {
  const store = globalThis as unknown as { __himfgSingletons?: Map<string, unknown> };
  store.__himfgSingletons?.delete(key);
}
