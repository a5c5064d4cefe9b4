import * as terms from '@/content/legal/terms';
import { legalPage } from './legal-page';

/** `/terms`: the terms of service. */
export const page = legalPage('/terms', terms);
