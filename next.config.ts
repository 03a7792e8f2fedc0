import type { NextConfig } from 'next';
import { SECURITY_HEADERS } from './server/http/security-headers';

const VIEWER_FILES = [
  './node_modules/pdfjs-dist/standard_fonts/**',
  './node_modules/pdfjs-dist/cmaps/**',
  './node_modules/pdfjs-dist/wasm/**',
  './node_modules/pdfjs-dist/iccs/**',
  './node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  './node_modules/@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  './node_modules/@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
  // The render pool's threads (server/lib/worker-pool.ts) load these from disk, outside the bundle.
  './server/lib/worker-host.mjs',
  // The build's compiled copies (scripts/build-workers.mjs), and the TypeScript with tsx for when
  // they are missing: the tracer leaves files under .next/ out of a function (checked in the
  // build's route.js.nft.json), so on Vercel the threads may still load the TypeScript.
  './.next/quire-workers/**',
  './server/errors.ts',
  './server/media/{render-jobs,render-errors,pdfjs,watermark,watermark-fonts,bidi}.ts',
  './node_modules/tsx/**',
  './node_modules/esbuild/**',
  './node_modules/@esbuild/**',
];

const config: NextConfig = {
  poweredByHeader: false,
  // `npm run dev` is for contributors; Next's floating badge sat on the sidebar's user menu.
  // Compile progress shows in the terminal, and errors still open Next's overlay.
  devIndicators: false,
  // The test script type-checks separately (tsc) and may skip it here to build faster.
  typescript: { ignoreBuildErrors: process.env.QUIRE_SKIP_TYPECHECK === '1' },
  // The worker threads' modules and the production server, compiled beside the build
  // (scripts/build-workers.mjs, scripts/build-server.mjs).
  compiler: {
    runAfterProductionCompile: async ({ projectDir, distDir }) => {
      const { buildWorkers } = await import('./scripts/build-workers.mjs');
      const { buildServer } = await import('./scripts/build-server.mjs');
      await Promise.all([buildWorkers(projectDir, distDir), buildServer(projectDir, distDir)]);
    },
  },
  // Server-only packages with WebAssembly or native-style loading stay out of the bundle.
  serverExternalPackages: [
    '@electric-sql/pglite',
    '@electric-sql/pglite-socket',
    '@prisma/adapter-pg',
    '@prisma/schema-engine-wasm',
    'pg',
    'pdf-lib',
    '@pdf-lib/fontkit',
    'pdfjs-dist',
    '@napi-rs/canvas',
    'file-type',
    'undici',
    // Looks up its TTLs and adapter models by class name, which bundling would minify.
    'oidc-provider',
  ],
  // Files the viewer reads from disk by computed paths, which the tracer cannot see: pdf.js's
  // data folders (standard fonts, CMaps, image decoders) for page images, the TTF fonts burned
  // into watermarked downloads, and the render threads' own modules (with tsx, which loads them).
  // Only the server routes that render or watermark need them.
  outputFileTracingIncludes: Object.fromEntries(
    ['/view/**', '/api/view/**', '/v1/**', '/api/trpc/**'].map((route) => [route, VIEWER_FILES]),
  ),
  async headers() {
    return [
      {
        source: '/:path*',
        // Each page's Content-Security-Policy carries its own nonce: proxy.ts sets it.
        headers: Object.entries(SECURITY_HEADERS).map(([key, value]) => ({ key, value })),
      },
    ];
  },
};

export default config;
