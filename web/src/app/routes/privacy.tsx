import * as privacy from '@/content/legal/privacy';
import { legalPage } from './legal-page';

/** `/privacy`: the privacy policy. */
export const page = legalPage('/privacy', privacy);
