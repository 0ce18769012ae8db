import type { User } from '@adstudio/contract';
import { env } from '../config/env';

/**
 * Error reporting and the help-desk widget. Both load only when configured, so an unconfigured
 * app makes no request for them, and neither sits in the first bundle.
 */
type SentryModule = typeof import('@sentry/react');
let sentry: Promise<SentryModule | null> = Promise.resolve(null);

export function initErrorReporting(): void {
  const { sentryDsn, sentryEnvironment } = env();
  if (!sentryDsn) return;
  sentry = import('@sentry/react')
    .then((Sentry) => {
      Sentry.init({
        dsn: sentryDsn,
        environment: sentryEnvironment,
        integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration()],
        tracesSampleRate: 0.2,
        replaysSessionSampleRate: 0.1,
        replaysOnErrorSampleRate: 1,
      });
      return Sentry;
    })
    .catch(() => null);
}

export function reportError(error: unknown): void {
  void sentry.then((Sentry) => Sentry?.captureException(error));
}

declare global {
  interface Window {
    zE?: (...args: unknown[]) => void;
  }
}

let helpdesk: Promise<boolean> | null = null;

function loadHelpdesk(key: string): Promise<boolean> {
  helpdesk ??= new Promise<boolean>((resolve) => {
    const script = document.createElement('script');
    script.id = 'ze-snippet';
    script.async = true;
    script.src = `https://static.zdassets.com/ekr/snippet.js?key=${encodeURIComponent(key)}`;
    script.onload = () => resolve(true);
    script.onerror = () => resolve(false);
    document.head.appendChild(script);
  });
  return helpdesk;
}

/** Identifies the signed-in user to the help-desk widget with name and email. */
export function identifyUser(user: Pick<User, 'id' | 'name' | 'email'> | null): void {
  void sentry.then((Sentry) => Sentry?.setUser(user ? { id: String(user.id), email: user.email } : null));
  const { helpdeskKey } = env();
  if (!helpdeskKey || !user) return;
  void loadHelpdesk(helpdeskKey).then((loaded) => {
    if (!loaded) return;
    window.zE?.('webWidget', 'identify', { name: user.name, email: user.email });
    window.zE?.('webWidget', 'prefill', {
      name: { value: user.name, readOnly: true },
      email: { value: user.email, readOnly: true },
    });
  });
}
