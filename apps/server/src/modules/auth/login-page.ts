import { escapeHtml } from '../../lib/html';

export interface LoginPageProps {
  xsrfToken: string;
  redirectApp: string;
  email?: string;
  error?: string;
  fieldErrors?: Record<string, string[]>;
  /** The code step: the password was right and two-factor sign-in is on (its sealed challenge). */
  twoFactor?: { challenge: string };
  /** SPA_URL when the SPA lives on another origin; its links are relative otherwise (the default). */
  spaUrl?: string;
}

/**
 * The SPA's dark palette (apps/web/src/app/theme.ts), its default theme. The theme choice lives in the
 * SPA's local storage, which a server-rendered page cannot read, so this page is always dark rather
 * than following the system's colour scheme.
 */
const STYLES = `
:root{color-scheme:dark;--bg:#121417;--card:#1b1e23;--text:#fff;--muted:rgba(255,255,255,.74);
--border:rgba(255,255,255,.12);--field-border:rgba(255,255,255,.42);--primary:#90caf9;--primary-text:#0d1b2a;
--error:#ef9a9a;--error-bg:rgba(239,154,154,.12);--focus:#90caf9}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--text);
font:16px/1.5 Roboto,system-ui,-apple-system,"Segoe UI",Helvetica,Arial,sans-serif}
main{width:100%;max-width:400px;padding:24px}
.card{background:var(--card);border:1px solid var(--border);border-radius:12px;padding:32px;box-shadow:0 8px 24px rgba(0,0,0,.25)}
.brand{display:flex;align-items:center;gap:10px;font-weight:700;font-size:1.25rem;margin:0 0 24px}
.logo{width:32px;height:32px;border-radius:8px;background:var(--primary);color:var(--primary-text);display:grid;place-items:center;font-weight:800}
h1{font-size:1.5rem;margin:0 0 4px}
p.lead{margin:0 0 24px;color:var(--muted)}
label{display:block;font-weight:500;margin:16px 0 6px}
input[type=email],input[type=password],input[type=text]{width:100%;padding:12px 14px;border-radius:8px;border:1px solid var(--field-border);
background:transparent;color:var(--text);font:inherit}
input:focus-visible,button:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
input[aria-invalid=true]{border-color:var(--error)}
.field-error{color:var(--error);font-size:.875rem;margin:6px 0 0}
.hint{color:var(--muted);font-size:.875rem;margin:8px 0 0}
.alert{background:var(--error-bg);color:var(--error);border-radius:8px;padding:12px 14px;margin:0 0 8px}
button{width:100%;margin-top:24px;padding:12px;border:0;border-radius:8px;background:var(--primary);
color:var(--primary-text);font:inherit;font-weight:600;cursor:pointer}
button:hover{filter:brightness(1.08)}
a{color:var(--primary)}
`;

/** The external sign-in page: a plain form that works without JavaScript. */
export function renderLoginPage({
  xsrfToken,
  redirectApp,
  email = '',
  error,
  fieldErrors = {},
  twoFactor,
  spaUrl = '',
}: LoginPageProps): string {
  // A field message that the banner already says is not repeated; the field points at the banner.
  const repeatsBanner = (name: string) => fieldErrors[name]?.[0] === error;
  const fieldError = (name: string) => {
    const message = fieldErrors[name]?.[0];
    if (!message || repeatsBanner(name)) return '';
    return `<p class="field-error" id="${name}-error">${escapeHtml(message)}</p>`;
  };
  const invalid = (name: string) => {
    if (!fieldErrors[name]?.length) return '';
    return ` aria-invalid="true" aria-describedby="${repeatsBanner(name) ? 'form-error' : `${name}-error`}"`;
  };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<title>Sign in · Adstudio</title>
<style>${STYLES}</style>
</head>
<body>
<main>
<div class="card">
<p class="brand"><span class="logo" aria-hidden="true">A</span>Adstudio</p>
<h1>${twoFactor ? 'Two-factor sign-in' : 'Sign in'}</h1>
<p class="lead">${twoFactor ? 'Enter the code your authenticator app shows for Adstudio.' : 'Use your Adstudio account to continue.'}</p>
${error ? `<div class="alert" role="alert" id="form-error">${escapeHtml(error)}</div>` : ''}
${
  twoFactor
    ? `<form method="post" action="/auth/two-factor" novalidate>
<input type="hidden" name="_token" value="${escapeHtml(xsrfToken)}">
<input type="hidden" name="redirect_app" value="${escapeHtml(redirectApp)}">
<input type="hidden" name="challenge" value="${escapeHtml(twoFactor.challenge)}">
<label for="code">Code from your authenticator app</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" required autofocus${invalid('code')}>
${fieldError('code')}
<p class="hint">No phone at hand? Enter one of your recovery codes instead.</p>
<button type="submit">Verify</button>
</form>`
    : `<form method="post" action="/auth/login" novalidate>
<input type="hidden" name="_token" value="${escapeHtml(xsrfToken)}">
<input type="hidden" name="redirect_app" value="${escapeHtml(redirectApp)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${invalid('email')}${email ? '' : ' autofocus'}>
${fieldError('email')}
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid('password')}${email ? ' autofocus' : ''}>
${fieldError('password')}
<button type="submit">Sign in</button>
</form>
<p class="hint"><a href="${escapeHtml(spaUrl)}/forgot-password">Forgot password?</a></p>
<form method="get" action="/auth/sso" novalidate>
<input type="hidden" name="redirect_app" value="${escapeHtml(redirectApp)}">
<label for="sso-email">Or sign in with single sign-on</label>
<input id="sso-email" name="email" type="email" autocomplete="username" placeholder="you@company.com" value="${escapeHtml(email)}">
<button type="submit">Sign in with SSO</button>
</form>`
}
</div>
</main>
</body>
</html>`;
}
