import { z } from 'zod';

// zod compiles object parsers with `new Function` when it may; merely probing for that is a
// CSP violation on the storefront (script-src without 'unsafe-eval'). Interpreted parsing is
// fast enough for form and API payloads. Every schema module imports this first: zod is not
// a federation singleton, so each bundle's copy needs it.
z.config({ jitless: true });
