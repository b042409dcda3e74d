import { startApi, startFailed } from './start';

/** The API's entry point (production builds bundle this file): src/start.ts, nothing added. */
startApi().catch(startFailed);
