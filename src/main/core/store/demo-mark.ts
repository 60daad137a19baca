/**
 * An item is demo data when any answer it was read from is (responses.demo, migration 0027): a
 * real answer that later brought the same item does not make what a demo answer said real. The
 * partial index responses_demo answers this without reading the answers' bodies.
 */
export const itemIsDemoSql = (item: string): string =>
  `EXISTS (SELECT 1 FROM item_sources demo_s JOIN responses demo_r ON demo_r.id = demo_s.response_id
     WHERE demo_s.item_id = ${item}.id AND demo_r.demo = 1)`;

/**
 * An answer stored before answers were marked, recognised as migration 0027 recognises one (the
 * same rule, for answers that arrive in a case bundle made before then): a request URL on the demo
 * service's loopback address and a request id of its pattern.
 */
export const looksLikeEarlyDemoAnswer = (requestUrl: string, requestId: string): boolean =>
  /^http:\/\/(?:127\.0\.0\.1|localhost):\d+\//.test(requestUrl) && /^req_[0-9a-f]{24}$/.test(requestId);

/** Whether an answer's envelope declares it invented (`meta.demo: true`, as Gleaner's demo service sends). */
export function declaresDemo(envelope: unknown): boolean {
  const meta = envelope !== null && typeof envelope === 'object' ? (envelope as { meta?: unknown }).meta : undefined;
  return meta !== null && typeof meta === 'object' && (meta as { demo?: unknown }).demo === true;
}
