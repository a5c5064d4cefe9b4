import { PRODUCT_NAME } from '@et/common';
import { strings } from '@/content/strings';

/** Placeholder page until the home page issue lands. */
export function App() {
  return (
    <main>
      <h1>{PRODUCT_NAME}</h1>
      <p>{strings.placeholder}</p>
    </main>
  );
}
