import { z } from 'zod';

/** Spanish messages for zod's built-in checks (validation answers and import errors are read by people). */
z.config(z.locales.es());
