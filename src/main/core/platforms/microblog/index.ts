/** The decentralized microblog: posts and a user's posts. */
import type { PlatformModule } from '../platform-module';
import { normaliseMicroblog, parseAtUri } from './normalise';
import { microblogUrls } from './urls';

/**
 * A post's at:// uri names its account by handle (as a pasted link does) or by DID (as answers
 * do), and which handle a DID has cannot be told from the uris: the same record of the same
 * collection is the same post then. Two handles, or two DIDs, must be the same account's.
 */
function samePost(asked: string, answered: string): boolean {
  if (asked === answered) return true;
  const [a, b] = [parseAtUri(asked), parseAtUri(answered)];
  if (a === null || b === null || a.collection !== b.collection || a.rkey !== b.rkey) return false;
  const isDid = (authority: string) => authority.startsWith('did:');
  return isDid(a.authority) !== isDid(b.authority) || a.authority.toLowerCase() === b.authority.toLowerCase();
}

export const microblog: PlatformModule = { platform: 'microblog', urls: microblogUrls, normalise: normaliseMicroblog, sameItem: samePost };
