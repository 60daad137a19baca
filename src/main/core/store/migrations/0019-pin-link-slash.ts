import type { Migration } from './types';

/**
 * A pin's public address ends in a slash (`/pin/<number>/`), the form Pinterest itself links and
 * the one a reader pastes; migration 17 gave pins the address without it. Stored links, and the
 * links remembered for what they resolved to, take the slash, so a pin's link in exports and
 * citations is the one that opens it and a pasted pin link is known in either spelling.
 */
export const migration0019: Migration = {
  version: 19,
  name: 'pin-link-slash',
  up(db) {
    db.exec(`
      UPDATE items SET url = url || '/'
       WHERE platform = 'pinboard' AND url GLOB 'https://www.pinterest.com/pin/[0-9]*' AND url NOT GLOB '*/';
      UPDATE OR IGNORE resolved_links SET link = link || '/'
       WHERE platform = 'pinboard' AND link GLOB 'https://www.pinterest.com/pin/*' AND link NOT GLOB '*/';
    `);
  },
};
