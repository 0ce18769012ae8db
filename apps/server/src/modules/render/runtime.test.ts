import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { generateDynamicCode } from '../dynamic-code/generate';
import { dynamicContentOf, injectRuntime, runtimeScript } from './runtime';

const DATA = { Unique_ID: 'SKU-1', 'Product Name': 'Jacket </script><b>', Price: 129 };
const TRACKER = 'https://ads.example.com/t/c?v=1.2.3.p&s=abc';

/** Runs scripts as a page would, one after another in one global; answers the global. */
function page(search: string, ...scripts: string[]) {
  const opened: string[] = [];
  const timers: (() => void)[] = [];
  const context = vm.createContext({
    location: { search },
    open: (url: string) => opened.push(url),
    setTimeout: (fn: () => void) => timers.push(fn),
    JSON,
  });
  vm.runInContext('var window = this;', context);
  for (const script of scripts) vm.runInContext(script, context);
  for (const timer of timers) timer();
  return { global: context as Record<string, unknown>, opened };
}
const body = (script: string) => script.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '');

describe('the render runtime', () => {
  const content = dynamicContentOf('Northwind – products', DATA);

  it('names the feed and columns as the generated dynamic code does', () => {
    expect(content).toEqual({
      Northwind_products: [{ _id: 0, Unique_ID: 'SKU-1', Product_Name: 'Jacket </script><b>', Price: 129 }],
    });
  });

  it('fills the dynamic code’s own object with the served rule, not its sample values', () => {
    const code = generateDynamicCode({
      creative: { id: 2, name: 'Banner' },
      profile: { id: 9, name: 'Northwind – products' },
      sample: { Unique_ID: 'SAMPLE', 'Product Name': 'Sample', Price: 1 },
    });
    const { global } = page(
      '',
      body(runtimeScript({ content, clickTag: TRACKER })),
      code,
      'var headline = dynamicContent.Northwind_products[0].Product_Name;',
    );
    expect(global.headline).toBe('Jacket </script><b>');
  });

  it('keeps clickTag on the tracker whatever the package assigns, and exits through it', () => {
    const { global, opened } = page(
      '?utm_source=news%20letter&flag',
      body(runtimeScript({ content: null, clickTag: TRACKER })),
      'var clickTag = "https://elsewhere.example/"; clickTAG = "x";',
      'var seen = [clickTag, window.clickTAG, Enabler.getParameter("utm_source"), Enabler.getParameter("flag"), Enabler.getParameter("none")];',
      'Enabler.exit("cta"); Enabler.exitOverride("cta", "https://elsewhere.example/");',
      'var inited = false; Enabler.addEventListener(studio.events.StudioEvent.INIT, function () { inited = true; });',
    );
    expect(global.seen).toEqual([TRACKER, TRACKER, 'news letter', '', null]);
    expect(opened).toEqual([TRACKER, TRACKER]);
    expect(global.inited).toBe(true);
  });

  it('cannot be ended early by what the content holds', () => {
    const script = runtimeScript({ content, clickTag: TRACKER });
    expect(script.match(/<\/script/gi)).toHaveLength(1);
    expect(script.endsWith('</script>')).toBe(true);
  });
});

describe('injectRuntime', () => {
  const S = '<script data-adstudio="runtime"></script>';
  it.each([
    [
      '<!doctype html><html><head><meta charset="utf-8"><script src="a.js"></script></head></html>',
      `<!doctype html><html><head>${S}<meta charset="utf-8"><script src="a.js"></script></head></html>`,
    ],
    [
      '<html><HEAD lang="en"><title>x</title></HEAD></html>',
      `<html><HEAD lang="en">${S}<title>x</title></HEAD></html>`,
    ],
    [
      '<script>var early = 1;</script><html><head></head></html>',
      `${S}<script>var early = 1;</script><html><head></head></html>`,
    ],
    [
      '<html><header>no head</header><script>1</script></html>',
      `<html><header>no head</header>${S}<script>1</script></html>`,
    ],
    ['<!DOCTYPE html><body>plain</body>', `<!DOCTYPE html>${S}<body>plain</body>`],
    ['<p>bare</p>', `${S}<p>bare</p>`],
  ])('places the runtime before the package’s scripts: %s', (html, expected) => {
    expect(injectRuntime(html, S)).toBe(expected);
  });
});
