import { AppProviders } from './providers';
import { RootLayout } from './root-layout';
import { HomeRoute } from './routes/home';

/**
 * The React app: the home page (the generator) in the site's frame. It is the only page that
 * runs React in the browser; every other page is static HTML with a small script of its own
 * (`static-page.ts`), and links between pages are ordinary page loads.
 */
export function App() {
  return (
    <AppProviders>
      <RootLayout>
        <HomeRoute />
      </RootLayout>
    </AppProviders>
  );
}
