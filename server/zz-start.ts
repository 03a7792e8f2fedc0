import { WorkerPool, projectModule } from './lib/worker-pool';
const t0 = performance.now();
const p = new WorkerPool({ module: projectModule('server/services/viewer/render-jobs.ts'), size: 1, queueLimit: 1 });
p.run('drop', null).catch((e) => console.log('err', e.message, performance.now() - t0)).then(() => console.log('done', performance.now() - t0));
