// The production server's Node options (scripts/with-db.ts sets them for `serve`).

/**
 * NODE_OPTIONS with the young generation held to 16 MB semi-spaces (Node's default before 22).
 * Node 24 sizes them from the machine's memory: on 24 GB a /v1 read's garbage was collected in
 * scavenges of about 50 MB that stopped the server 50-80 ms each (a get's p99 37-82 ms at 16
 * connections, 13-24 ms with 16 MB; docs/benchmarks.md, session 29). A size named in NODE_OPTIONS wins.
 */
export function serverNodeOptions(nodeOptions = '') {
  return /--max-semi-space-size\b/.test(nodeOptions) ? nodeOptions : `${nodeOptions} --max-semi-space-size=16`.trim();
}
