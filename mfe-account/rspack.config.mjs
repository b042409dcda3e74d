import { createRemoteConfig } from '../platform/build/remote-config.mjs';

export default await createRemoteConfig({
  name: 'account',
  dir: import.meta.dirname,
  port: 3014,
  exposes: {
    './Profile': './src/app/Profile.tsx',
    './GuestInvoice': './src/app/GuestInvoice.tsx',
  },
});
