'use client';
// Page-time analytics from the viewer (shared/notes/viewer.md): time counts only while the page
// is visible and the visitor active (60 s without input stops the clock); a heartbeat sends
// what accumulated every 10 s, and a beacon flushes it when the tab is hidden or closed. Each
// event carries its own id so a retried send is not counted twice.
import { useEffect, useRef } from 'react';

const HEARTBEAT_MS = 10_000;
const IDLE_MS = 60_000;
const TICK_MS = 1_000;
/** The server clamps an event to 15 s; longer stretches go as several events. */
const MAX_EVENT_MS = 10_000;

const eventId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID().replace(/-/g, '') : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

export type PageTimeOptions = {
  /** Whether time counts now, in place of "input in the last 60 s" (a video counts while it plays). */
  counting?: () => boolean;
  /** More fields sent with each report (a video's duration, read by the player). */
  extra?: () => Record<string, unknown>;
};

/**
 * `page`: the page being read; for a video, the 10-second segment being watched (segment N is page N).
 * `eventsUrl` null: not a visit (the dashboard's branding preview), nothing is counted or sent.
 */
export function usePageTime(eventsUrl: string | null, viewId: string, page: number, options: PageTimeOptions = {}) {
  const opts = useRef(options);
  const pageRef = useRef(page);
  const acc = useRef(new Map<number, number>());
  const lastActive = useRef(Date.now());
  const lastTick = useRef(Date.now());

  useEffect(() => {
    // A page change counts what was read so far to the page being left, and is activity.
    tick();
    opts.current = options;
    pageRef.current = page;
    lastActive.current = Date.now();
  });

  /** `wasVisible`: the page was visible since the last tick (true when called as it is being hidden). */
  function tick(wasVisible = document.visibilityState === 'visible') {
    const now = Date.now();
    const elapsed = Math.min(now - lastTick.current, TICK_MS * 2);
    lastTick.current = now;
    const active = opts.current.counting ? opts.current.counting() : now - lastActive.current <= IDLE_MS;
    if (!wasVisible || !active) return;
    acc.current.set(pageRef.current, (acc.current.get(pageRef.current) ?? 0) + elapsed);
  }

  function take() {
    const events: { id: string; page: number; duration_ms: number }[] = [];
    for (const [p, ms] of acc.current) {
      for (let left = Math.round(ms); left > 0; left -= MAX_EVENT_MS) events.push({ id: eventId(), page: p, duration_ms: Math.min(left, MAX_EVENT_MS) });
    }
    acc.current.clear();
    return events.length ? JSON.stringify({ view_id: viewId, events, ...opts.current.extra?.() }) : null;
  }

  useEffect(() => {
    if (!eventsUrl) return;
    const url = eventsUrl;
    const activity = () => (lastActive.current = Date.now());
    const send = () => {
      tick();
      const body = take();
      if (body) void fetch(url, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'application/json' } }).catch(() => {});
    };
    // The last stretch goes with the beacon when the tab is hidden or closed (no heartbeat follows).
    const beacon = (hiding = false) => {
      tick(hiding || undefined);
      const body = take();
      if (body) navigator.sendBeacon?.(url, new Blob([body], { type: 'text/plain' }));
    };
    const onVisibility = () => {
      // When this fires the state already says hidden, but the time since the last tick was visible.
      if (document.visibilityState === 'hidden') beacon(true);
      else lastTick.current = Date.now();
    };
    const ticker = window.setInterval(tick, TICK_MS);
    const heartbeat = window.setInterval(send, HEARTBEAT_MS);
    for (const e of ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll']) window.addEventListener(e, activity, { passive: true });
    document.addEventListener('visibilitychange', onVisibility);
    const onPageHide = () => beacon();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.clearInterval(ticker);
      window.clearInterval(heartbeat);
      for (const e of ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll']) window.removeEventListener(e, activity);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      beacon();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [eventsUrl, viewId]);
}
