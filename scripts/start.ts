/** `npm start`: build the browser bundles when missing or stale, then run the server. */
import { build, isBuildStale } from './build';

if (isBuildStale()) build();
const { main } = await import('../src/server/main');
await main();
