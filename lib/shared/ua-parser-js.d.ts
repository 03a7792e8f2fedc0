// The part of ua-parser-js 1.x's API that lib/shared/user-agent.ts uses (the package ships no types).
declare module 'ua-parser-js' {
  type Named = { name?: string; version?: string };
  export class UAParser {
    constructor(ua?: string);
    getResult(): {
      browser: Named & { major?: string };
      os: Named;
      device: { vendor?: string; model?: string; type?: 'console' | 'mobile' | 'tablet' | 'smarttv' | 'wearable' | 'embedded' };
      engine: Named;
    };
  }
}
