/** A realistic pasted list: links of every single-item kind, junk, duplicates and comments. */
export function mixedImportList(
  valid: number,
  options: { junk?: number; duplicates?: number } = {},
): { text: string; uniqueValid: number; junk: number; duplicates: number } {
  const makers = [
    (i: number) => `https://www.youtube.com/watch?v=${`yt${String(i).padStart(9, '0')}`}`,
    (i: number) => `https://youtu.be/${`yb${String(i).padStart(9, '0')}`}?si=tracking`,
    (i: number) => `https://www.tiktok.com/@reporter${i}/video/${7_200_000_000_000_000_000n + BigInt(i)}`,
    (i: number) => `https://www.instagram.com/p/Cx${String(i).padStart(8, '0')}/`,
    (i: number) => `https://bsky.app/profile/user${i}.bsky.social/post/3k${String(i).padStart(11, 'a')}`,
    (i: number) => `https://www.pinterest.com/pin/${100_000_000_000 + i}/`,
    (i: number) => `https://x.com/source${i}/status/${1_700_000_000_000_000_000n + BigInt(i)}`,
  ];
  const junkLines = [
    'not a link at all',
    'javascript:alert(1)',
    'https://example.com/whatever',
    'ftp://files.example.org/x',
    'https://www.youtube.com/results?search_query=flood',
    '<script>alert(1)</script>',
  ];
  const lines: string[] = ['# tip sheet from the desk', ''];
  const urls: string[] = [];
  for (let i = 0; i < valid; i += 1) urls.push(makers[i % makers.length]!(i));
  const duplicates = options.duplicates ?? Math.floor(valid / 10);
  const junk = options.junk ?? Math.floor(valid / 10);
  lines.push(...urls);
  for (let i = 0; i < duplicates; i += 1) lines.push(urls[(i * 7) % urls.length]!);
  for (let i = 0; i < junk; i += 1) lines.push(junkLines[i % junkLines.length]!);
  // Interleave deterministically so junk and duplicates are spread through the file.
  const body = lines.slice(2).sort((a, b) => hash(a) - hash(b));
  return { text: [...lines.slice(0, 2), ...body].join('\n'), uniqueValid: valid, junk, duplicates };
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
