import { describe, expect, it } from 'vitest';
import { isReleaseVersion } from './lib.mjs';

describe('release versions (npm semver)', () => {
  it.each(['1.0.0', '1.0.0-beta.10', '1.0.0-beta.2', '19.4.0-rc.1'])('accepts %s', (version) => {
    expect(isReleaseVersion(version)).toBe(true);
  });

  // A hand-written pattern took '01.0.0' (npm refuses leading zeros) and '2.0.0+build.7' (npm
  // drops build metadata: it would be a second folder for the same version 2.0.0).
  it.each(['01.0.0', '2.0.0+build.7', 'v1.0.0', '1.0', 'latest', ' 1.0.0', '1.0.0-', undefined])('refuses %j', (version) => {
    expect(isReleaseVersion(version)).toBe(false);
  });
});
