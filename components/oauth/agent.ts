// A User-Agent in plain words for the approval page and Connected apps ("Chrome on macOS",
// "openid-client 6.8.4"); the raw string stays in the title for the curious.
const BROWSERS: [RegExp, string][] = [
  [/Edg\/([\d.]+)/, 'Edge'],
  [/Firefox\/([\d.]+)/, 'Firefox'],
  [/Chrome\/([\d.]+)/, 'Chrome'],
  [/Version\/([\d.]+).*Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/windows/i, 'Windows'],
  [/mac os x|macintosh|darwin/i, 'macOS'],
  [/android/i, 'Android'],
  [/iphone|ipad/i, 'iOS'],
  [/linux/i, 'Linux'],
];

export function describeAgent(ua: string | null | undefined): string {
  if (!ua) return 'Unknown device';
  const browser = BROWSERS.find(([re]) => re.test(ua));
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser) return `${browser[1]} ${ua.match(browser[0])![1]!.split('.')[0]}${system ? ` on ${system}` : ''}`;
  // Tools name themselves first: "quire-cli/0.1.0 (linux)", "curl/8.5.0".
  const tool = /^([\w.@-]+)\/v?([\w.]+)/.exec(ua);
  return tool ? `${tool[1]} ${tool[2]}${system ? ` on ${system}` : ''}` : ua.slice(0, 60);
}
