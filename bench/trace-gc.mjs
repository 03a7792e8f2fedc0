// Preloaded by `bench/profile.ts --gc` (--trace-gc itself is refused in NODE_OPTIONS): V8 prints
// each garbage collection to stdout from here on.
import v8 from 'node:v8';

v8.setFlagsFromString('--trace-gc');
