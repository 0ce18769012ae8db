import { damagedXlsx, type ZipArchive } from './zip-archive';

/**
 * An XML tokenizer for the parts of an XLSX package, lean because a large sheet holds millions of
 * tags: it scans the decoded text with `indexOf` for `<`, `>` and quotes, hands element names and
 * text to the handlers, and reads an attribute only when a handler asks for it. Entities are
 * decoded, and line endings normalised, only in the text that holds them (`&`, `\r`).
 *
 * It checks what a damaged part shows (a tag or an entity it cannot read, an end tag that does not
 * match, a part that ends inside an element) and no more: unlike a validating parser it takes
 * control characters and a `]]>` in text, which no spreadsheet writes.
 */

export interface XmlHandlers {
  /** An element starts; `tag` may be read during the call only (the tokenizer reuses it). */
  open?(name: string, tag: XmlTag): void;
  /** An element ends; a self-closing one ends right after it starts. */
  close?(name: string): void;
  /** Character data (CDATA sections included), entities decoded, whole between two tags. */
  text?(text: string): void;
  /**
   * Offered each element inside the root before the tokenizer reads it (`source[lt]` is its `<`):
   * a handler that reads the shape a part repeats millions of times (a sheet's cell) in one scan
   * answers where the element ends, having done what its tags' handlers would; -1 leaves it to
   * the tokenizer (another shape, or an element not yet whole in `source`).
   */
  element?(source: string, lt: number): number;
}

/** A start tag's attributes, read where they were written. */
export class XmlTag {
  constructor(readonly part: string) {}
  /** The part's text the tag is in. */
  source = '';
  /** How many attributes the tag has. */
  count = 0;
  /** For each attribute: where its name starts and ends, where its value starts and ends. */
  readonly bounds: number[] = [];
}

/** The tag's name without its namespace prefix (`x:row` → `row`). */
export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** An attribute by local name, whatever its prefix (`r:id`); a plain name is preferred. */
export function attribute(tag: XmlTag, name: string): string | undefined {
  const k = attributeIndex(tag, name);
  return k < 0 ? undefined : attributeValue(tag, tag.bounds[k + 2]!, tag.bounds[k + 3]!);
}

/**
 * Where `attribute` finds the attribute: its value is `tag.source` from `tag.bounds[k + 2]` to
 * `tag.bounds[k + 3]`, as written (entities not decoded); -1 when the tag has none. A sheet reads
 * its cells' references and styles there, sparing a string for each of millions of cells.
 */
export function attributeIndex(tag: XmlTag, name: string): number {
  const { source, bounds, count } = tag;
  const length = name.length;
  let prefixed = -1;
  for (let k = 0; k < count * 4; k += 4) {
    const nameStart = bounds[k]!;
    const nameEnd = bounds[k + 1]!;
    const size = nameEnd - nameStart;
    if (size < length || !source.startsWith(name, nameEnd - length)) continue;
    if (size === length) return k;
    if (prefixed < 0 && source.charCodeAt(nameEnd - length - 1) === COLON) prefixed = k;
  }
  return prefixed;
}

/**
 * Streams a part's XML through the handlers (tag names without prefixes), yielding after each
 * unpacked chunk so a caller can hand on what the handlers gathered while memory stays flat.
 */
export async function* xmlChunks(zip: ZipArchive, part: string, handlers: XmlHandlers): AsyncGenerator<void> {
  const tokenizer = new XmlTokenizer(part, handlers);
  const decoder = new TextDecoder();
  for await (const chunk of zip.read(part)) {
    tokenizer.write(decoder.decode(chunk, { stream: true }));
    yield;
  }
  tokenizer.write(decoder.decode());
  tokenizer.close();
}

/** Reads a whole part through the handlers. */
export async function readXml(zip: ZipArchive, part: string, handlers: XmlHandlers): Promise<void> {
  for await (const _ of xmlChunks(zip, part, handlers));
}

const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const EQUALS = 0x3d;
const COLON = 0x3a;
const AMP = 0x26;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d;
/** What ends an element's name. */
const endsName = (code: number) => isSpace(code) || code === GT || code === SLASH;

const KNOWN_NAMES = 32;

/** Written text that a part's end leaves incomplete: wait for more. */
const INCOMPLETE = -1;

/**
 * The tokenizer proper: fed decoded text in pieces of any size, it keeps what it could not finish
 * (a tag cut by the chunk's end, text not yet ended by a tag) for the next piece.
 */
export class XmlTokenizer {
  private readonly open: XmlHandlers['open'];
  private readonly closeTag: XmlHandlers['close'];
  private readonly text: XmlHandlers['text'];
  private readonly element: XmlHandlers['element'];
  private readonly tag: XmlTag;
  /** The open elements' names as written, and without their prefixes. */
  private readonly names: string[] = [];
  private readonly locals: string[] = [];
  /** Element names met so far (at most KNOWN_NAMES), and without their prefixes. */
  private readonly known: string[] = [];
  private readonly knownLocals: string[] = [];
  private rest = '';
  /** How much of `rest` is known to be text without a `<`, not to be searched again. */
  private searched = 0;
  private sawRoot = false;

  constructor(
    private readonly part: string,
    handlers: XmlHandlers,
  ) {
    this.open = handlers.open;
    this.closeTag = handlers.close;
    this.text = handlers.text;
    this.element = handlers.element;
    this.tag = new XmlTag(part);
  }

  write(chunk: string): void {
    const source = this.rest.length > 0 ? this.rest + chunk : chunk;
    const n = source.length;
    let i = 0;
    let from = this.searched;
    this.searched = 0;
    while (i < n) {
      const lt = source.indexOf('<', from);
      if (lt < 0) {
        this.searched = n - i;
        break;
      }
      if (lt > i) this.onText(source, i, lt);
      const read = this.element !== undefined && this.names.length > 0 ? this.element(source, lt) : -1;
      const next = read >= 0 ? read : this.markup(source, lt);
      if (next === INCOMPLETE) {
        i = lt;
        break;
      }
      i = from = next;
    }
    this.rest = i < n ? source.slice(i) : '';
  }

  /** The part has ended: anything left open means it is damaged. */
  close(): void {
    if (this.names.length > 0 || !this.sawRoot || /[^\s]/.test(this.rest)) throw this.damaged();
  }

  private damaged() {
    return damagedXlsx(`${this.part} is not valid XML`);
  }

  private onText(source: string, start: number, end: number): void {
    if (this.text === undefined || this.names.length === 0) return;
    this.text(decodeText(source.slice(start, end), this.part));
  }

  /** Handles the markup at `<` (`source[lt]`); answers where it ends, or INCOMPLETE. */
  private markup(source: string, lt: number): number {
    const code = source.charCodeAt(lt + 1);
    if (code === SLASH) return this.endTag(source, lt);
    if (code === BANG) return this.bang(source, lt);
    if (code === QUESTION) {
      const end = source.indexOf('?>', lt + 2);
      return end < 0 ? INCOMPLETE : end + 2;
    }
    if (Number.isNaN(code)) return INCOMPLETE;
    return this.startTag(source, lt);
  }

  private startTag(source: string, lt: number): number {
    const n = source.length;
    let i = lt + 1;
    while (i < n && !endsName(source.charCodeAt(i))) i++;
    if (i === lt + 1) throw this.damaged();
    const nameEnd = i;
    // Attributes: names and quoted values, checked and noted once for `attribute`.
    const { tag } = this;
    const { bounds } = tag;
    let count = 0;
    let selfClosing = false;
    for (;;) {
      if (i >= n) return INCOMPLETE;
      const code = source.charCodeAt(i);
      if (code === GT) break;
      if (isSpace(code)) {
        i++;
        continue;
      }
      if (code === SLASH) {
        if (i + 1 >= n) return INCOMPLETE;
        if (source.charCodeAt(i + 1) !== GT) throw this.damaged();
        selfClosing = true;
        break;
      }
      const attrStart = i;
      while (i < n && source.charCodeAt(i) !== EQUALS && !endsName(source.charCodeAt(i))) i++;
      const attrEnd = i;
      if (attrEnd === attrStart) throw this.damaged();
      while (i < n && isSpace(source.charCodeAt(i))) i++;
      if (i >= n) return INCOMPLETE;
      if (source.charCodeAt(i) !== EQUALS) throw this.damaged();
      i++;
      while (i < n && isSpace(source.charCodeAt(i))) i++;
      if (i >= n) return INCOMPLETE;
      const quote = source.charCodeAt(i);
      if (quote !== DOUBLE_QUOTE && quote !== SINGLE_QUOTE) throw this.damaged();
      const close = source.indexOf(source[i]!, i + 1);
      if (close < 0) return INCOMPLETE;
      const k = count++ * 4;
      bounds[k] = attrStart;
      bounds[k + 1] = attrEnd;
      bounds[k + 2] = i + 1;
      bounds[k + 3] = close;
      i = close + 1;
      if (i < n && !endsName(source.charCodeAt(i))) throw this.damaged();
    }
    if (this.names.length === 0) {
      // One root element per part, as a parser would insist.
      if (this.sawRoot) throw this.damaged();
      this.sawRoot = true;
    }
    const known = this.knownName(source, lt + 1, nameEnd);
    const name = this.known[known]!;
    const local = this.knownLocals[known]!;
    if (this.open) {
      tag.source = source;
      tag.count = count;
      this.open(local, tag);
      tag.source = '';
    }
    if (selfClosing) {
      this.closeTag?.(local);
      return i + 2;
    }
    this.names.push(name);
    this.locals.push(local);
    return i + 1;
  }

  /**
   * The index in `known` of the name at `source[start..end]`. A sheet has a handful of names
   * written millions of times: found among the ones seen, a name costs no new string.
   */
  private knownName(source: string, start: number, end: number): number {
    const { known } = this;
    const size = end - start;
    for (let k = 0; k < known.length; k++) {
      const name = known[k]!;
      if (name.length === size && source.startsWith(name, start)) return k;
    }
    const name = source.slice(start, end);
    // Past the limit, a part of ever new names (none that Excel writes) takes turns at one slot.
    const k = known.length < KNOWN_NAMES ? known.length : KNOWN_NAMES - 1;
    known[k] = name;
    this.knownLocals[k] = localName(name);
    return k;
  }

  private endTag(source: string, lt: number): number {
    const gt = source.indexOf('>', lt + 2);
    if (gt < 0) return INCOMPLETE;
    const name = this.names.pop();
    let end = gt;
    while (end > lt + 2 && isSpace(source.charCodeAt(end - 1))) end--;
    if (name === undefined || end - lt - 2 !== name.length || !source.startsWith(name, lt + 2))
      throw this.damaged();
    const local = this.locals.pop()!;
    this.closeTag?.(local);
    return gt + 1;
  }

  /** `<!--` comments and `<!DOCTYPE` are skipped; `<![CDATA[` sections are text. */
  private bang(source: string, lt: number): number {
    if (source.startsWith('<!--', lt)) {
      const end = source.indexOf('-->', lt + 4);
      return end < 0 ? INCOMPLETE : end + 3;
    }
    if (source.startsWith('<![CDATA[', lt)) {
      const end = source.indexOf(']]>', lt + 9);
      if (end < 0) return INCOMPLETE;
      if (this.names.length === 0) throw this.damaged();
      this.text?.(normaliseLineEnds(source.slice(lt + 9, end)));
      return end + 3;
    }
    if (source.startsWith('<!DOCTYPE', lt) && this.names.length === 0 && !this.sawRoot) {
      // An internal subset in brackets may hold `>`.
      let i = lt + 9;
      let depth = 0;
      for (; i < source.length; i++) {
        const code = source.charCodeAt(i);
        if (code === OPEN_BRACKET) depth++;
        else if (code === CLOSE_BRACKET) depth--;
        else if (code === GT && depth <= 0) return i + 1;
        else if ((code === DOUBLE_QUOTE || code === SINGLE_QUOTE) && depth <= 0) {
          const close = source.indexOf(source[i]!, i + 1);
          if (close < 0) return INCOMPLETE;
          i = close;
        }
      }
      return INCOMPLETE;
    }
    // Too short yet to tell which it is.
    if (source.length < lt + 9) return INCOMPLETE;
    throw this.damaged();
  }
}

/** Text as XML means it: `\r\n` and a lone `\r` are line ends (`\n`), entities decoded. */
function decodeText(text: string, part: string): string {
  const lines = text.indexOf('\r') < 0 ? text : normaliseLineEnds(text);
  return lines.indexOf('&') < 0 ? lines : decodeEntities(lines, part);
}

const normaliseLineEnds = (text: string) => (text.indexOf('\r') < 0 ? text : text.replace(/\r\n?/g, '\n'));

/** An attribute's value: whitespace characters read as spaces, then entities decoded. */
function attributeValue(tag: XmlTag, start: number, end: number): string {
  const { source } = tag;
  let plain = true;
  for (let i = start; i < end && plain; i++) {
    const code = source.charCodeAt(i);
    plain = code !== AMP && code !== 0x09 && code !== 0x0a && code !== 0x0d;
  }
  if (plain) return source.slice(start, end);
  const spaced = source.slice(start, end).replace(/\r\n|[\t\n\r]/g, ' ');
  return spaced.indexOf('&') < 0 ? spaced : decodeEntities(spaced, tag.part);
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string, part: string): string {
  return text.replace(/&([^;&]*);?/g, (whole, name: string) => {
    if (!whole.endsWith(';')) throw damagedXlsx(`${part} is not valid XML`);
    const named = NAMED[name];
    if (named !== undefined) return named;
    const code =
      name[0] !== '#'
        ? Number.NaN
        : name[1] === 'x'
          ? /^#x[0-9A-Fa-f]+$/.test(name)
            ? Number.parseInt(name.slice(2), 16)
            : Number.NaN
          : /^#[0-9]+$/.test(name)
            ? Number(name.slice(1))
            : Number.NaN;
    if (!isXmlChar(code)) throw damagedXlsx(`${part} is not valid XML`);
    return String.fromCodePoint(code);
  });
}

/** XML 1.0's Char production: what a character reference may name. */
const isXmlChar = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff);
