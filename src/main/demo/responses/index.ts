/** Every operation of the catalogue, answered; the compiler checks that none is missing. */
import type { OperationId } from '../../../shared/catalogue';
import type { OperationHandler } from './context';
import { forum } from './forum';
import { microblog } from './microblog';
import { photoshare } from './photoshare';
import { pinboard } from './pinboard';
import { professional } from './professional';
import { shortvideo } from './shortvideo';
import { socialnet } from './socialnet';
import { tweetsite } from './tweetsite';
import { videosite } from './videosite';

export const HANDLERS: Readonly<Record<OperationId, OperationHandler>> = {
  ...videosite,
  ...shortvideo,
  ...photoshare,
  ...microblog,
  ...professional,
  ...pinboard,
  ...socialnet,
  ...forum,
  ...tweetsite,
};
