// A User-Agent in plain words, for every screen that shows one (the audit log, the device and
// consent approvals, Connected apps): "Mobile Safari 17 on iOS (iPhone)", "Chrome 124 on macOS",
// "quire-cli 0.1.0 on Linux". Browsers and systems are read by ua-parser-js (1.x, MIT: the 2.x
// line is AGPL; docs/decisions.md); the raw string stays beside it for the curious.
import { UAParser } from 'ua-parser-js';

// ua-parser-js names some systems as their vendors once did.
const SYSTEM_NAMES: Record<string, string> = { 'mac os': 'macOS', linux: 'Linux', windows: 'Windows', 'chromium os': 'ChromeOS' };

export function describeAgent(ua: string | null | undefined): string {
  if (!ua) return 'Unknown device';
  const { browser, os, device } = new UAParser(ua).getResult();
  const system = os.name ? (SYSTEM_NAMES[os.name.toLowerCase()] ?? os.name) : null;
  const on = system ? ` on ${system}` : '';
  // A phone or tablet says which ("iPhone", "Pixel 8"); a desktop's model says nothing new.
  const model = (device.type === 'mobile' || device.type === 'tablet') && device.model ? ` (${device.model})` : '';
  if (browser.name) return `${browser.name}${browser.major ? ` ${browser.major}` : ''}${on}${model}`;
  // Tools name themselves first: "quire-cli/0.1.0 (linux)", "curl/8.5.0".
  const tool = /^([\w.@-]+)\/v?([\w.]+)/.exec(ua);
  return tool ? `${tool[1]} ${tool[2]}${on}` : ua.slice(0, 60);
}
