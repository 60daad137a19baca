/**
 * An item is demo data when any answer it was read from is (responses.demo, migration 0027): a
 * real answer that later brought the same item does not make what a demo answer said real. The
 * partial index responses_demo answers this without reading the answers' bodies.
 */
export const itemIsDemoSql = (item: string): string =>
  `EXISTS (SELECT 1 FROM item_sources demo_s JOIN responses demo_r ON demo_r.id = demo_s.response_id
     WHERE demo_s.item_id = ${item}.id AND demo_r.demo = 1)`;
