import { startStaticPage } from './app/static-page';

startStaticPage(document);
