import type { ImportLine } from '../../../../shared/queue';
import { lineVerdict } from '../../lib/paste-plan';

/** More rows than this would slow the page; the counts above cover every line. */
const MAX_ROWS = 1000;

/** Each pasted line: what it was recognised as, or why it is skipped. */
export function PasteLines({ lines, stale }: { lines: ImportLine[]; stale: boolean }) {
  // Problems first would reorder the user's list; keep their order, but never drop a rejected line from view.
  const shown =
    lines.length > MAX_ROWS
      ? [...lines.filter((l) => l.status === 'rejected').slice(0, MAX_ROWS), ...lines.filter((l) => l.status !== 'rejected')]
          .slice(0, MAX_ROWS)
          .sort((a, b) => a.line - b.line)
      : lines;
  return (
    // Scrolls on its own, so it takes the focus and the arrow keys.
    <div className={stale ? 'paste-lines is-stale' : 'paste-lines'} role="region" aria-label="Pasted lines" tabIndex={0}>
      <table className="data-table paste-table">
        <caption className="visually-hidden">Each pasted line and what Gleaner will do with it</caption>
        <thead>
          <tr>
            <th scope="col" className="num">
              Line
            </th>
            <th scope="col">Link</th>
            <th scope="col">Status</th>
            <th scope="col">Recognised as, or why not</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((line) => {
            const verdict = lineVerdict(line);
            return (
              <tr key={line.line} data-status={line.status} className={verdict.problem ? 'is-problem' : undefined}>
                <td className="num">{line.line}</td>
                <td className="paste-link">
                  <bdi>{line.text}</bdi>
                </td>
                <td className="nowrap">
                  <span className={`paste-status paste-status-${line.status}`}>{verdict.label}</span>
                </td>
                <td>{verdict.detail}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {shown.length < lines.length && (
        <p className="muted">
          Showing {shown.length.toLocaleString('en-US')} of {lines.length.toLocaleString('en-US')} lines (every rejected line first); the
          counts above cover them all.
        </p>
      )}
    </div>
  );
}
