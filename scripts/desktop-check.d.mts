export function findElectronBinary(): string | null;
export function desktopBlocker(machine: {
  electronPath: string | null;
  platform: string;
  env: Record<string, string | undefined>;
}): string | null;
export function desktopEnvironment(
  args: readonly string[],
  env: Record<string, string | undefined>,
  cwd: string,
): Record<string, string | undefined>;
