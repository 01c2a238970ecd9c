/** `npm start`: build the browser bundles when missing or stale, then run the server. */
import { build, isBuildStale } from './build';

// Over budget is a failed `npm run build` (CI); the app itself still starts, saying so.
if (isBuildStale() && !build().withinBudgets) console.warn('The initial JavaScript is over its budget.');
const { main } = await import('../src/server/main');
await main();
