/**
 * User agents of crawlers, link previewers, uptime monitors, performance audits, headless browsers
 * and HTTP libraries: tokens that people's browsers never send. One alternation of literals, so a
 * match costs one pass over the text whatever it holds (nothing can backtrack).
 */
const BOT =
  /bot|crawl|spider|slurp|scrap|archiver|facebookexternalhit|embedly|preview|headless|phantomjs|selenium|webdriver|puppeteer|playwright|lighthouse|pagespeed|gtmetrix|pingdom|uptime|statuscake|monitor|synthetics|curl|wget|httpie|python-requests|python-urllib|aiohttp|go-http-client|java\/|okhttp|apache-httpclient|libwww-perl|node-fetch|undici|axios|postman/i;

/** Whether a request comes from software rather than a person; a missing user agent counts as one. */
export function isBot(userAgent: string | undefined): boolean {
  return !userAgent?.trim() || BOT.test(userAgent);
}
