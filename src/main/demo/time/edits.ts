/**
 * How time changes the words and dates of an item: the n-th edit of a title or text, the n-th
 * display name of an account, and a new item's publish time in each platform's date style.
 * Consecutive versions always differ (the notes are picked in turn from a start set by the id).
 */
import { hashOf } from '../random';
import { dateText, isoWithOffset, messageDate, relativeTextAt } from '../time-format';
import type { TimeFormat } from './item-shapes';

const TITLE_TAGS = ['(updated)', '(corrected)', '[UPDATE]', '(new details)', '– clarified', '(full version)'];
const TEXT_NOTES = [
  'Edit: corrected the date and the place.',
  'Update: the organisers have since confirmed this.',
  'Edit: removed a name at the person’s request.',
  'Correction: the figure was 40, not 14.',
  'Edited to add the source.',
  'Update: see the follow-up post.',
];
const NAME_TAGS = ['✓', '| official', '(she/her)', '– on leave', '🌻', '(archive)'];

const pick = (list: readonly string[], id: string, n: number): string => list[(hashOf('edit-start', id) + n) % list.length] ?? '';

export const editedTitle = (base: string, id: string, edits: number): string =>
  edits === 0 ? base : `${base} ${pick(TITLE_TAGS, id, edits)}`;

export function editedText(base: string, id: string, edits: number): string {
  if (edits === 0) return base;
  const note = pick(TEXT_NOTES, id, edits);
  return base === '' ? note : `${base}\n\n${note}`;
}

export const renamed = (base: string, account: string, renames: number): string =>
  renames === 0 ? base : `${base} ${pick(NAME_TAGS, account, renames)}`;

/** A publish time written as the field wrote it; `nowMs` is the demo time the answer is given at. */
export function formatTime(ms: number, format: TimeFormat, nowMs: number): string | number {
  switch (format) {
    case 'unix-s':
      return Math.floor(ms / 1000);
    case 'iso':
      return new Date(ms).toISOString();
    case 'iso-offset':
      return isoWithOffset(ms, 0);
    case 'iso-offset-ms':
      return isoWithOffset(ms, 0, true);
    case 'date-text':
      return dateText(ms);
    case 'relative':
      return relativeTextAt(ms, nowMs);
    case 'message-date':
      return messageDate(ms);
    case 'utc-string':
      return new Date(ms).toUTCString().replace('GMT', '+0000');
  }
}
