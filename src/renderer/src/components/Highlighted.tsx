import type { TextPart } from '../lib/snippet';

/** Text with some parts marked, rendered as React text children: never as HTML. */
export function Highlighted({ parts }: { parts: readonly TextPart[] }) {
  return <>{parts.map((part, index) => (part.marked ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}</>;
}
