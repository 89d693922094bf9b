import { createJiti } from 'jiti';
const t0 = performance.now();
const jiti = createJiti(import.meta.url);
const m = await jiti.import('../src/index.ts');
console.log(performance.now()-t0);
