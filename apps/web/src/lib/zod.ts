// Every `import … from 'zod'` of the web app, packages/shared included, resolves here (alias in vite.config.ts).
// Zod compiles object parsers with `new Function` unless told not to; the store's CSP allows no eval, and even
// Zod's probe for it (caught, harmless) is reported as a CSP violation. Configuring Zod here, where it is first
// loaded, rather than at the top of main.tsx, keeps Zod out of the first load: the pages without forms never load it.
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
