/**
 * What a desk remembers of the hub's last "the budget is spent until …": jobs that ask before
 * then are told so without a round trip to the hub, and come back a few at a time (the queue's
 * lanes) at the pace slots free, so a backlog of hundreds does not ask again all at once at every
 * free slot. A call told to wait means the minute (or the day) is full for everyone; bulk work may
 * also wait on the fair share or a call's last slot alone, which does not hold calls back.
 */
interface Block {
  until: number;
  /** Jobs told to wait since `until` was set. */
  told: number;
}

export function createSpentBudget() {
  const bulk: Block = { until: 0, told: 0 };
  const call: Block = { until: 0, told: 0 };
  return {
    spent(forCall: boolean, until: number): void {
      for (const block of forCall ? [call, bulk] : [bulk]) {
        if (until > block.until) Object.assign(block, { until, told: 0 });
      }
    },
    /** When a job asking at `now` should come back, or null while nothing is known to be spent. */
    comeBackAt(forCall: boolean, now: number, perSlotMs: number, lanes: number): number | null {
      const block = forCall ? call : bulk;
      if (now >= block.until) return null;
      const at = block.until + Math.floor(block.told / Math.max(1, lanes)) * perSlotMs;
      block.told += 1;
      return at;
    },
  };
}
