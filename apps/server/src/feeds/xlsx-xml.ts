import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { damagedXlsx, type ZipArchive } from './zip-archive';

export type XmlTag = SaxesTagPlain;

export interface XmlHandlers {
  open?(name: string, tag: XmlTag): void;
  close?(name: string): void;
  text?(text: string): void;
}

/** The tag's name without its namespace prefix (`x:row` → `row`). */
export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** An attribute by local name, whatever its prefix (`r:id`). */
export function attribute(tag: XmlTag, name: string): string | undefined {
  const { attributes } = tag;
  const plain = attributes[name];
  if (plain !== undefined) return plain;
  for (const key in attributes) if (key.endsWith(`:${name}`)) return attributes[key];
  return undefined;
}

/**
 * Streams a part's XML through SAX handlers (tag names without prefixes), yielding after each
 * unpacked chunk so a caller can hand on what the handlers gathered while memory stays flat.
 */
export async function* xmlChunks(zip: ZipArchive, part: string, handlers: XmlHandlers): AsyncGenerator<void> {
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  const { open, close, text } = handlers;
  if (open) parser.on('opentag', (tag) => open(localName(tag.name), tag));
  if (close) parser.on('closetag', (tag) => close(localName(tag.name)));
  if (text) {
    parser.on('text', text);
    parser.on('cdata', text);
  }
  parser.on('error', () => {
    throw damagedXlsx(`${part} is not valid XML`);
  });
  const decoder = new TextDecoder();
  for await (const chunk of zip.read(part)) {
    parser.write(decoder.decode(chunk, { stream: true }));
    yield;
  }
  parser.write(decoder.decode());
  parser.close();
}

/** Reads a whole part through SAX handlers. */
export async function readXml(zip: ZipArchive, part: string, handlers: XmlHandlers): Promise<void> {
  for await (const _ of xmlChunks(zip, part, handlers));
}
