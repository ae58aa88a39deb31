export const DEFAULT_HEAP_MB: number;
export const SEMI_SPACE_MB: number;
export function serverNodeArgs(env?: NodeJS.ProcessEnv): { args: string[]; error?: undefined } | { error: string; args?: undefined };
