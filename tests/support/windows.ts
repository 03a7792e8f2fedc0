// Rate limits count in sliding windows aligned to the clock (server/ratelimit): the previous
// window weighs on the current one by how much of it is left, so a counted sequence that crosses
// a boundary can see fewer requests than it sent. Start such a sequence well inside one.

/** Waits, when less than `margin` ms of the current minute is left, until the next one starts. */
export async function awayFromMinuteBoundary(margin = 10_000) {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 60_000 - margin) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
}
