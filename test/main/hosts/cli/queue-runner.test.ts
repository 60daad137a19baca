import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = join(__dirname, '..', '..', '..', '..');

describe('runBatchInForeground', () => {
  it('holds the process open until its batch ends, even while nothing else is pending', () => {
    // The queue's own timers are unref'd; here the batch ends on one of them, with no request in
    // flight, as when the queue waits for a free slot. The process must wait and report the end.
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-runner-'));
    try {
      const script = join(dir, 'wait.ts');
      writeFileSync(
        script,
        `import { runBatchInForeground } from ${JSON.stringify(join(repoRoot, 'src/main/hosts/cli/queue-runner'))};
let done = false;
setTimeout(() => { done = true; }, 1500).unref();
const progress = () => ({ batchId: 1, label: 'x', total: 1, done: done ? 1 : 0, failed: 0, cancelled: 0, remaining: done ? 0 : 1, finished: done });
const answers: Record<string, () => unknown> = { 'queue.status': () => ({ paused: null }), 'queue.resume': () => ({ paused: null }), 'queue.batch': progress };
const client = { call: async (method: string) => answers[method]!(), subscribe: () => () => undefined };
const core = { client, startQueue: () => true, stopQueue: async () => undefined };
runBatchInForeground(core as never, { stderr: () => undefined } as never, 1).then((p) => process.stdout.write('finished ' + String(p.finished)));
`,
      );
      const result = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
      expect(result.stderr).toBe('');
      expect(result.stdout).toBe('finished true');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
