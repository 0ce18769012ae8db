import { fileTypeFromFile } from 'file-type/node';
import { readFileHead } from './local-disk';

/** How much of a file the text checks read: enough to judge, never the whole file. */
export const SNIFF_HEAD_BYTES = 64 * 1024;

export interface SniffedContent {
  /** file-type's verdict from the magic bytes (it may read into a zip's entries). */
  magic?: { mime: string; ext: string };
  /** HTML or SVG found by their opening markup; magic bytes cannot name them. */
  markup?: 'text/html' | 'image/svg+xml';
  /** The head is UTF-8 without NUL bytes. */
  text: boolean;
}

/** What a stored file's own bytes say it is, whatever its name or declared type claim. */
export async function sniffFile(file: string): Promise<SniffedContent> {
  const [magic, head] = await Promise.all([fileTypeFromFile(file), readFileHead(file, SNIFF_HEAD_BYTES)]);
  return sniffHead(head, head.length < SNIFF_HEAD_BYTES, magic);
}

export function sniffHead(
  head: Uint8Array,
  complete: boolean,
  magic?: { mime: string; ext: string },
): SniffedContent {
  const text = isUtf8Text(head, complete);
  const markup = text ? markupOf(new TextDecoder().decode(head)) : undefined;
  return {
    ...(magic ? { magic: { mime: magic.mime, ext: magic.ext } } : {}),
    ...(markup ? { markup } : {}),
    text,
  };
}

/** UTF-8 without NUL; a cut through the last character of a longer file is not an error. */
export function isUtf8Text(head: Uint8Array, complete: boolean): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: !complete });
    return true;
  } catch {
    return false;
  }
}

/** The tags that make a browser sniff HTML (WHATWG MIME Sniffing, "identifying an unknown type"). */
const HTML_START =
  /^<(?:!doctype html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p)[\s>]/i;

function markupOf(text: string): SniffedContent['markup'] {
  const start = text.replace(/^\uFEFF?\s*/, '');
  if (!start.startsWith('<')) return undefined;
  if (HTML_START.test(start)) return 'text/html';
  // An SVG may open with an XML prolog, a doctype or comments before its root element.
  if (/<svg[\s>]/i.test(start)) return 'image/svg+xml';
  if (start.startsWith('<!--')) return 'text/html';
  return undefined;
}
