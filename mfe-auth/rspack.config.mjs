import { createRemoteConfig } from '../platform/build/remote-config.mjs';

export default await createRemoteConfig({
  name: 'auth',
  dir: import.meta.dirname,
  port: 3015,
  exposes: {
    './AuthRoutes': './src/app/AuthRoutes.tsx',
  },
});
