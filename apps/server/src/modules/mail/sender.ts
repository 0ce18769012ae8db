/** The domain of a sender (`Adstudio <no-reply@host>` or `no-reply@host`), lower case. */
const domainOf = (from: string) => {
  const address = /<([^>]*)>\s*$/.exec(from)?.[1] ?? from;
  return address
    .slice(address.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
};

/**
 * The start banner's warning when e-mail goes out from `@localhost` — the default MAIL_FROM when
 * APP_URL is unset (`no-reply@{APP_URL's host}`): receiving servers check the sender's domain, and
 * most reject such mail or file it as spam. Undefined when e-mail is off or the sender is fine.
 */
export function localSenderWarning(from: string | undefined): string | undefined {
  if (from === undefined) return undefined;
  const domain = domainOf(from);
  if (domain !== 'localhost' && !domain.endsWith('.localhost')) return undefined;
  return (
    `Warning: e-mail is sent from ${from}; most mail servers reject mail from @${domain} or file it as spam. ` +
    'Set MAIL_FROM to an address of your domain, e.g. MAIL_FROM="Adstudio <no-reply@example.com>".'
  );
}
