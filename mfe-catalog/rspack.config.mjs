import { createRemoteConfig } from '../platform/build/remote-config.mjs';

export default await createRemoteConfig({
  name: 'catalog',
  dir: import.meta.dirname,
  port: 3011,
  exposes: {
    './EventList': './src/app/EventList.tsx',
    './EventInfo': './src/app/EventInfo.tsx',
  },
});
