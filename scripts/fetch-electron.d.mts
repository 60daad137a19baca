type Env = Record<string, string | undefined>;
export function downloadOrigin(env: Env): { host: string; port: number } | null;
export function usesProxy(env: Env): boolean;
export function canReach(origin: { host: string; port: number }, timeoutMs?: number): Promise<boolean>;
export function firstLine(output: string): string;
export function fetchElectron(options: {
  electronDir: string | null;
  env: Env;
  probeTimeoutMs?: number;
}): Promise<{ ok: boolean; line: string | null }>;
