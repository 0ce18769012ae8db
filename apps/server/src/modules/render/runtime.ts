import { columnIdentifiers, identifierOf, literal } from '../dynamic-code';

/**
 * What a render injects before the package's own scripts (docs/design.md §9): the rule's dynamic
 * content and an Enabler-compatible shim, with `clickTag` pointing at the click tracker.
 */
export interface RenderRuntime {
  /** `{<Feed>: [{_id: 0, <Column>: value, …}]}`, the shape the generated dynamic code fills; null without a feed. */
  content: Record<string, Record<string, unknown>[]> | null;
  /** The click tracker's URL for this creative and rule. */
  clickTag: string;
}

/**
 * The dynamic content of one rule, named as the generated dynamic code names it (generate.ts): the
 * feed by its profile's name, the columns by their identifiers.
 */
export function dynamicContentOf(
  profileName: string,
  data: Record<string, unknown>,
): Record<string, Record<string, unknown>[]> {
  const row: Record<string, unknown> = { _id: 0 };
  for (const [column, name] of columnIdentifiers(Object.keys(data))) row[name] = data[column];
  return { [identifierOf(profileName)]: [row] };
}

/**
 * The shim, in ES5 so the oldest packages run with it. `Enabler.setDevDynamicContent(dev)` fills the
 * package's own object with the served content (the generated code builds `devDynamicContent` from
 * sample values and hands it over, then reads it as `dynamicContent`); `clickTag` reads the tracker
 * whatever the package assigns to it; exits open the tracker, which redirects to the exit URL.
 */
const SHIM = `(function (w, content, clickTag) {
  'use strict';
  var noop = function () {};
  var copy = function (value) { return JSON.parse(JSON.stringify(value)); };
  var params = {};
  try {
    w.location.search.replace(/^\\?/, '').split('&').forEach(function (pair) {
      if (!pair) return;
      var at = pair.indexOf('=');
      var name = decodeURIComponent((at < 0 ? pair : pair.slice(0, at)).replace(/\\+/g, ' '));
      params[name] = at < 0 ? '' : decodeURIComponent(pair.slice(at + 1).replace(/\\+/g, ' '));
    });
  } catch (e) {}
  ['clickTag', 'clickTAG', 'clicktag'].forEach(function (name) {
    Object.defineProperty(w, name, { get: function () { return clickTag; }, set: noop, configurable: true });
  });
  var exit = function () { w.open(clickTag, '_blank'); };
  var events = {
    INIT: 'init', PAGE_LOADED: 'pageLoaded', VISIBLE: 'visible', HIDDEN: 'hidden', EXIT: 'exit',
    INTERACTION: 'interaction', ORIENTATION: 'orientation', EXPAND_START: 'expandStart',
    EXPAND_FINISH: 'expandFinish', COLLAPSE_START: 'collapseStart', COLLAPSE_FINISH: 'collapseFinish',
    FULLSCREEN_SUPPORT: 'fullscreenSupport', FULLSCREEN_EXPAND_START: 'fullscreenExpandStart',
    FULLSCREEN_EXPAND_FINISH: 'fullscreenExpandFinish', FULLSCREEN_COLLAPSE_START: 'fullscreenCollapseStart',
    FULLSCREEN_COLLAPSE_FINISH: 'fullscreenCollapseFinish'
  };
  var already = { init: true, pageLoaded: true, visible: true };
  var Enabler = {
    isInitialized: function () { return true; },
    isPageLoaded: function () { return true; },
    isVisible: function () { return true; },
    isServingInLiveEnvironment: function () { return false; },
    addEventListener: function (type, listener) {
      if (already[type] && typeof listener === 'function') setTimeout(function () { listener({ type: type }); }, 0);
    },
    removeEventListener: noop,
    setProfileId: noop,
    setDevDynamicContent: function (dev) {
      if (!content || !dev || typeof dev !== 'object') return;
      var fresh = copy(content);
      for (var key in dev) if (Object.prototype.hasOwnProperty.call(dev, key)) delete dev[key];
      for (var feed in fresh) dev[feed] = fresh[feed];
    },
    getDynamicContent: function () { return content ? copy(content) : {}; },
    getParameter: function (name) { return Object.prototype.hasOwnProperty.call(params, name) ? params[name] : null; },
    getParameterAsInteger: function (name) {
      var value = parseInt(Enabler.getParameter(name), 10);
      return isNaN(value) ? null : value;
    },
    getParameterAsNullableString: function (name) { return Enabler.getParameter(name); },
    getUrl: function (url) { return url; },
    exit: exit, exitOverride: exit, dynamicExit: exit, exitQueryString: exit,
    counter: noop, startTimer: noop, stopTimer: noop, reportManualClose: noop, close: noop,
    requestExpand: noop, finishExpand: noop, requestCollapse: noop, finishCollapse: noop,
    requestFullscreenExpand: noop, finishFullscreenExpand: noop, requestFullscreenCollapse: noop,
    finishFullscreenCollapse: noop, queryFullscreenSupport: noop, setResponsiveSize: noop,
    loadScript: function (url, done) {
      var script = w.document.createElement('script');
      script.src = url;
      if (typeof done === 'function') script.onload = done;
      (w.document.head || w.document.documentElement).appendChild(script);
    }
  };
  w.Enabler = Enabler;
  w.studio = { events: { StudioEvent: events } };
  if (content) {
    w.dynamicContent = copy(content);
    w.devDynamicContent = copy(content);
  }
})(window, %CONTENT%, %CLICKTAG%);`;

/** The `<script>` a render injects; every value is a script-safe literal (no `</script>` can end it early). */
export const runtimeScript = ({ content, clickTag }: RenderRuntime): string =>
  runtimeScriptOf(contentLiteral(content), clickTag);

/** Content as the shim takes it: a script-safe literal (`null` without a feed), made once per rule when served. */
export const contentLiteral = (content: RenderRuntime['content']) =>
  content === null ? 'null' : literal(content);

const [BEFORE_CONTENT, BETWEEN, AFTER_CLICKTAG] = (() => {
  const [before, rest] = SHIM.split('%CONTENT%') as [string, string];
  const [between, after] = rest.split('%CLICKTAG%') as [string, string];
  return [`<script data-adstudio="runtime">${before}`, between, `${after}</script>`];
})();

/** The runtime `<script>` of a content literal (`contentLiteral`) and a click URL. */
export const runtimeScriptOf = (content: string, clickTag: string): string =>
  runtimeHead(content) + clickTagLiteral(clickTag) + RUNTIME_TAIL;

/** The runtime `<script>` of a content literal, up to its click URL's literal. */
export const runtimeHead = (content: string): string => BEFORE_CONTENT + content + BETWEEN;

/** The runtime `<script>` after its click URL's literal: the same whatever the content. */
export const RUNTIME_TAIL = AFTER_CLICKTAG;

/** A click URL as the runtime takes it (a script-safe literal). */
export const clickTagLiteral = (clickTag: string): string => literal(clickTag);

const HEAD = /<head(?=[\s>/])[^>]*>/i;
const FIRST_SCRIPT = /<script(?=[\s>/])/i;
const HTML = /<html(?=[\s>/])[^>]*>/i;
const DOCTYPE = /^\s*<!doctype[^>]*>/i;

/**
 * The entry HTML with `script` placed before the package's own scripts: right after `<head>`, or
 * before the first `<script>` when one comes earlier, or after `<html>` / the doctype, or first.
 */
export function injectRuntime(html: string, script: string): string {
  const at = runtimeIndex(html);
  return html.slice(0, at) + script + html.slice(at);
}

/** Where `injectRuntime` places the runtime in an entry file. */
export function runtimeIndex(html: string): number {
  const head = HEAD.exec(html);
  const firstScript = FIRST_SCRIPT.exec(html);
  if (firstScript && (!head || firstScript.index < head.index)) return firstScript.index;
  const anchor = head ?? HTML.exec(html) ?? DOCTYPE.exec(html);
  return anchor ? anchor.index + anchor[0].length : 0;
}
