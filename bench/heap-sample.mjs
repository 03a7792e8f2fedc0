// Preloaded by `bench/profile.ts --heap`: V8's sampling heap profiler from the start, counting the
// objects garbage collection has already freed (what a request allocates, not what it keeps).
// SIGUSR2 starts a new count; SIGPWR writes the count so far to $QUIRE_BENCH_HEAP_DIR/<pid>.heapprofile
// (SIGUSR1 is the inspector's own; open the file in Chrome DevTools, Memory).
import fs from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const dir = process.env.QUIRE_BENCH_HEAP_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  const start = () =>
    session.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  session.post('HeapProfiler.enable', start);
  process.on('SIGUSR2', () => session.post('HeapProfiler.stopSampling', start));
  process.on('SIGPWR', () =>
    session.post('HeapProfiler.stopSampling', (err, r) => {
      if (!err) fs.writeFileSync(path.join(dir, `${process.pid}.heapprofile`), JSON.stringify(r.profile));
      start();
    }),
  );
}
