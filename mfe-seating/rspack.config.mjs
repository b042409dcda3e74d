import { createRemoteConfig } from '../platform/build/remote-config.mjs';

export default await createRemoteConfig({
  name: 'seating',
  dir: import.meta.dirname,
  port: 3012,
  exposes: {
    './EventDetail': './src/app/EventDetail.tsx',
    './VenueMap': './src/app/VenueMap.tsx',
    './SeatSelection': './src/app/SeatSelection.tsx',
  },
});
