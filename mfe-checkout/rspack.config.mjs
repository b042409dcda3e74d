import { createRemoteConfig } from '../platform/build/remote-config.mjs';

export default await createRemoteConfig({
  name: 'checkout',
  dir: import.meta.dirname,
  port: 3013,
  exposes: {
    './CheckoutPanel': './src/app/CheckoutPanel.tsx',
    './GeneralPurchase': './src/app/GeneralPurchase.tsx',
    './ConfirmPurchase': './src/app/ConfirmPurchase.tsx',
  },
});
