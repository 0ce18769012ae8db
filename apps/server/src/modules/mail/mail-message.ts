import { escapeHtml } from '../../lib/html';

/** A link of an e-mail: a line `label: url` in its text, an anchor in its HTML. */
export interface MailLink {
  label: string;
  url: string;
}

/**
 * What one e-mail says, said once: its text and HTML parts are both made from it, so they carry
 * the same words and the same links. Paragraphs are plain text with user-given values in them
 * (names, a comment, a sync error); the HTML escapes them.
 */
export interface MailContent {
  subject: string;
  paragraphs: string[];
  /** The one thing to do: a button in HTML. */
  action: MailLink;
  /** Why the person gets it, then where to turn it off (`settings`; none for an account's own mail). */
  reason: string;
  settings?: MailLink;
}

const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const PARAGRAPH = 'margin:0 0 16px;font-size:15px;line-height:1.5;';
const BUTTON =
  'display:inline-block;padding:10px 18px;background:#1976d2;color:#ffffff;' +
  'font-size:15px;font-weight:600;text-decoration:none;border-radius:4px;';
const SMALL = 'margin:24px 0 0;font-size:12px;line-height:1.5;color:#666666;';

/** Escaped for HTML, a line break kept as one (a comment may have several). */
const html = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

export const mailText = (content: MailContent) =>
  [
    ...content.paragraphs,
    `${content.action.label}: ${content.action.url}`,
    content.settings
      ? `${content.reason} ${content.settings.label}: ${content.settings.url}`
      : content.reason,
  ].join('\n\n');

/**
 * The HTML part: simple and inline-styled, as mail clients strip style sheets; one column, the
 * action as a button. Every value goes through `escapeHtml`, the URLs too.
 */
export const mailHtml = (content: MailContent) =>
  [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${html(content.subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f5f5f5;font-family:${FONT};color:#222222;">`,
    '<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:6px;">',
    ...content.paragraphs.map((paragraph) => `<p style="${PARAGRAPH}">${html(paragraph)}</p>`),
    `<p style="margin:24px 0;"><a href="${escapeHtml(content.action.url)}" style="${BUTTON}">${html(content.action.label)}</a></p>`,
    `<p style="${SMALL}">${html(content.reason)}${
      content.settings
        ? ` <a href="${escapeHtml(content.settings.url)}" style="color:#666666;">${html(content.settings.label)}</a>.`
        : ''
    }</p>`,
    '</div></body></html>',
  ].join('\n');
