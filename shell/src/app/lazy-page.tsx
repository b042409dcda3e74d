import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * React.lazy for the shell's own route pages (legal, 404) without React.lazy's memory of a
 * failure. React.lazy keeps a rejected import forever, so one failed chunk download (a mobile
 * network blip) would show the error page on that route until a full reload. Here a failure
 * is kept for the navigation it happened in (the error page shows, nothing retries in a loop)
 * and forgotten on the next one: RootErrorBoundary clears and the chunk is downloaded again.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  let renderedAt = '';
  let failedAt: string | null = null;
  const fresh = () =>
    lazy(() =>
      load().catch((error: unknown) => {
        failedAt = renderedAt;
        throw error;
      }),
    );
  let current: LazyExoticComponent<ComponentType<P>> = fresh();
  // biome-ignore lint/correctness/noComponentHookFactories: one component per page, made once at module load (a lazy factory)
  return function LazyPage(props: P) {
    const { key } = useLocation();
    if (failedAt !== null && failedAt !== key) {
      failedAt = null;
      current = fresh();
    }
    renderedAt = key;
    const Page = current;
    return <Page {...props} />;
  };
}
