// Standalone entry (`pnpm dev`). The async boundary lets federation negotiate the shared
// singletons (react, react-router-dom, jotai, @taquilla/shared) before any of them is evaluated.
void Promise.all([import('@taquilla/shared/standalone'), import('./app/standalone')]).then(([{ mountStandalone }, { standalone }]) =>
  mountStandalone(standalone),
);
