/** Shared expectations for the normaliser tests. */
import type { Author, Metrics } from '../../../../src/shared/model';

export const NO_AUTHOR: Author = { name: null, handle: null, id: null, url: null };

export function metrics(values: Partial<Metrics> = {}): Metrics {
  return { views: null, likes: null, comments: null, reposts: null, shares: null, followers: null, ...values };
}
