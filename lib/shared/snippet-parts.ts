// A search hit's snippet cut into plain and matched parts for <mark> (the dashboard's library hits
// and find, the viewer's room search). Highlights are [start, end) UTF-16 offsets, as the API
// sends them; overlapping, unordered or out-of-range ones are tolerated, never thrown on.

export type SnippetPart = { text: string; match: boolean };

export function snippetParts(snippet: string, highlights: readonly (readonly [number, number])[]): SnippetPart[] {
  const ranges = highlights
    .map(([a, b]) => [Math.max(0, Math.min(a, snippet.length)), Math.max(0, Math.min(b, snippet.length))] as const)
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  const parts: SnippetPart[] = [];
  let at = 0;
  for (const [a, b] of ranges) {
    if (b <= at) continue;
    const start = Math.max(a, at);
    if (start > at) parts.push({ text: snippet.slice(at, start), match: false });
    const last = parts[parts.length - 1];
    if (last?.match && start === at) last.text += snippet.slice(start, b);
    else parts.push({ text: snippet.slice(start, b), match: true });
    at = b;
  }
  if (at < snippet.length) parts.push({ text: snippet.slice(at), match: false });
  return parts;
}
