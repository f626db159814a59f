import { z } from 'zod';

// Zod compiles object parsers with `new Function` unless told not to; the store's CSP allows no eval, and even
// Zod's probe for it (caught, harmless) is reported as a CSP violation. Imported first by main.tsx.
z.config({ jitless: true });
