import { useMemo, useRef, useState } from 'react';
import { NavigationContext, type Navigation } from '@/components/ui/link';
import { AppProviders } from './providers';
import { RootLayout } from './root-layout';
import type { Routing } from './router';
import { HomeRoute } from './routes/home';

/** The path of the page that starts without the router. */
const HOME_PATH = '/';

/**
 * True when the page at `pathname` is hydrated without react-router: the home page. It is the
 * page whose first download must stay small (the generator), and showing itself needs no
 * routing. Every other page starts with the router.
 */
export function startsWithoutRouter(pathname: string): boolean {
  return pathname === HOME_PATH;
}

const loadRouter = () => import('./router');

/** The location as a `Link`'s `to` is written. */
const here = () => window.location.pathname + window.location.search + window.location.hash;

/**
 * The whole web app: providers around the pages. With `routing`, react-router shows the pages
 * (see `router.tsx`); without it, the home page is shown as it is, in the same frame, and the
 * router is loaded at the first link the visitor follows (fetched as the pointer or the focus
 * reaches a link), then takes over: the page changes in place, as on every other page.
 */
export function App({ routing: initialRouting }: { routing?: Routing }) {
  const [routing, setRouting] = useState(initialRouting);
  const starting = useRef<Promise<Routing> | null>(null);

  const navigation = useMemo<Navigation>(() => {
    if (routing) {
      return {
        // A link to the page already shown replaces it instead of adding a history entry.
        navigate: (to) => void routing.router.navigate(to, { replace: to === here() }),
      };
    }
    const startRouting = () =>
      (starting.current ??= loadRouter().then(({ createRouting }) => createRouting()));
    return {
      prepare: () => void loadRouter().catch(() => {}),
      navigate: (to) => {
        if (to === here()) {
          window.scrollTo(0, 0);
          return;
        }
        startRouting()
          .then(async (started) => {
            // The router starts on this page; the next one is loaded before it is shown.
            await started.router.navigate(to);
            setRouting(started);
          })
          .catch((error: unknown) => {
            // No router (offline, or a new version replaced the chunks): load the page instead.
            console.warn('could not start the router', error);
            window.location.assign(to);
          });
      },
    };
  }, [routing]);

  return (
    <AppProviders>
      <NavigationContext value={navigation}>
        {routing ? (
          <routing.Pages />
        ) : (
          <RootLayout>
            <HomeRoute />
          </RootLayout>
        )}
      </NavigationContext>
    </AppProviders>
  );
}
