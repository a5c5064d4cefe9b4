/** Every page of the site's content part (all but the home page), as a visitor reaches it. */
export const CONTENT_ROUTES = [
  '/faq',
  '/privacy',
  '/terms',
  '/blog',
  '/guida-privacy',
  '/sicurezza-online',
  '/casi-uso',
  '/api',
  '/blog/guida-completa-email-temporanea',
  '/blog/migliori-servizi-temp-mail',
  '/blog/email-temporanea-contro-phishing',
  '/blog/quando-usare-email-temporanea',
  '/blog/email-temporanea-vs-alias',
  '/blog/come-evitare-spam',
  '/blog/guida-privacy-online',
  '/blog/proteggere-email-violazioni',
];
