import type { Article } from './article';
import { article as comeEvitareSpam } from './come-evitare-spam';
import { article as emailTemporaneaControPhishing } from './email-temporanea-contro-phishing';
import { article as emailTemporaneaVsAlias } from './email-temporanea-vs-alias';
import { article as guidaCompletaEmailTemporanea } from './guida-completa-email-temporanea';
import { article as guidaPrivacyOnline } from './guida-privacy-online';
import { article as miglioriServiziTempMail } from './migliori-servizi-temp-mail';
import { article as proteggereEmailViolazioni } from './proteggere-email-violazioni';
import { article as quandoUsareEmailTemporanea } from './quando-usare-email-temporanea';

export type { Article } from './article';

/**
 * Every blog article, newest first: the order of the cards on `/blog`. One line per article; the
 * sort only guards the order.
 */
export const articles: readonly Article[] = [
  guidaCompletaEmailTemporanea,
  miglioriServiziTempMail,
  emailTemporaneaControPhishing,
  quandoUsareEmailTemporanea,
  emailTemporaneaVsAlias,
  comeEvitareSpam,
  guidaPrivacyOnline,
  proteggereEmailViolazioni,
].sort((a, b) => b.date.localeCompare(a.date));

/** The article published under `/blog/{slug}`, or `undefined` for an unknown slug. */
export function getArticle(slug: string): Article | undefined {
  return articles.find((article) => article.slug === slug);
}
