/** The errors an export ends with, each a sentence a user can act on. */
import { GleanerError } from '../../../shared/errors';

export { destinationError, diskFullError } from '../files/write-errors';

export const cancelledError = (): GleanerError =>
  new GleanerError('CANCELLED', 'The export was cancelled; nothing was saved under the chosen name.');
