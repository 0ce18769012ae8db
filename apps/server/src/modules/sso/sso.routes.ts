import { SSO_CALLBACK_PATH, SSO_NEEDS_SESSION, SsoSettingsSchema, SsoUpdateSchema } from '@adstudio/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../lib/html';
import { safeRedirectPath } from '../../lib/redirect';
import { action, routes } from '../../lib/resource-routes';
import { signInBrowser } from '../../plugins/session';
import { SSO_STATE_MINUTES, SsoRefusal } from './sso-sign-in';

/** The state cookie: sealed, httpOnly, only sent to the SSO routes, gone after the callback. */
const STATE_COOKIE = 'adstudio_sso';
const STATE_COOKIE_PATH = '/auth/sso';

/**
 * Settings → SSO (admins, signed in: a leaked token must not move the company's sign-in elsewhere)
 * and the browser's side of single sign-on: the start, which sends it to the provider, and the
 * callback, which signs it in. Every refusal goes back to the sign-in page with its words.
 */
/** A page that sends the browser on to `url` (the provider's sign-in), with a link should it not. */
const onwardPage = (url: string) => {
  const href = escapeHtml(url);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${href}">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign in · Adstudio</title></head>
<body><p>Taking you to your company's sign-in… <a href="${href}">Continue</a></p></body></html>`;
};

export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sso, ssoSignIn } = app.services;
  const { spaUrl, secureCookies } = app.config;
  const cookieOptions = {
    path: STATE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies,
  };

  routes(
    app,
    {
      tags: ['sso'],
      access: { read: app.requireAdmin, write: app.requireAdmin },
      config: { sessionOnly: SSO_NEEDS_SESSION },
    },
    [
      action({
        method: 'GET',
        path: '/v1/sso',
        summary:
          "The company's single sign-on settings (admins); null when it has none. Never the client secret",
        answer: SsoSettingsSchema.nullable(),
        call: (user) => sso.get(user),
      }),
      action({
        method: 'PUT',
        path: '/v1/sso',
        summary: "Set the company's single sign-on (admins): provider, domains, JIT or invited, required",
        description:
          'OpenID Connect: `issuer` is discovered at sign-in (`/.well-known/openid-configuration`); register ' +
          '`redirect_uri` (answered) with the provider. `client_secret` is kept when left out. Each domain ' +
          'belongs to one company. With `required`, only `break_glass_user_ids` (active admins) may still ' +
          'sign in with a password.',
        body: SsoUpdateSchema,
        answer: SsoSettingsSchema,
        refused:
          'A field is invalid, a domain is another company’s, or a break-glass user is no active admin.',
        call: (user, { body }) => sso.update(user, body),
      }),
      action({
        method: 'DELETE',
        path: '/v1/sso',
        summary: "Turn the company's single sign-on off (admins): passwords work again for everyone",
        status: 204,
        call: (user) => sso.remove(user),
      }),
    ],
  );

  const backToSignIn = (reply: FastifyReply, refusal: SsoRefusal, redirectApp = '/') => {
    const query = new URLSearchParams({ sso_error: refusal.code });
    if (redirectApp !== '/') query.set('redirect_app', redirectApp);
    return reply.redirect(`/auth/login?${query}`, 302);
  };
  const refused = (error: unknown) => {
    if (error instanceof SsoRefusal) return error;
    throw error;
  };

  // The sign-in page's "Sign in with SSO" (a GET form: it changes nothing here until the callback).
  app.get(
    '/auth/sso',
    {
      schema: {
        hide: true,
        // Loose on purpose: whatever is typed comes back to the sign-in page in words, never a 400.
        querystring: z.object({ email: z.string().optional(), redirect_app: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const redirectApp = safeRedirectPath(request.query.redirect_app);
      try {
        const started = await ssoSignIn.start((request.query.email ?? '').trim(), redirectApp);
        reply.setCookie(STATE_COOKIE, started.cookie, { ...cookieOptions, maxAge: SSO_STATE_MINUTES * 60 });
        reply.header('cache-control', 'no-store');
        // A browser comes here from the sign-in page's form, whose CSP (`form-action 'self'`) also holds
        // the redirects that follow the form: a 302 to the provider's origin would be blocked. The
        // browser gets a page of ours that moves on by itself instead; other clients get the 302.
        if (request.headers['sec-fetch-dest'] === 'document')
          return reply.type('text/html; charset=utf-8').send(onwardPage(started.url));
        return reply.redirect(started.url, 302);
      } catch (error) {
        const refusal = refused(error);
        request.log.info({ sso: refusal.code, detail: refusal.message }, 'SSO start refused');
        return backToSignIn(reply, refusal, redirectApp);
      }
    },
  );

  app.get(SSO_CALLBACK_PATH, { schema: { hide: true } }, async (request, reply) => {
    reply.clearCookie(STATE_COOKIE, cookieOptions).header('cache-control', 'no-store');
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    try {
      const { user, redirectApp } = await ssoSignIn.finish(request.cookies[STATE_COOKIE], query);
      await signInBrowser(request, reply, user);
      return reply.redirect(`${spaUrl}${redirectApp}`, 302);
    } catch (error) {
      const refusal = refused(error);
      request.log.warn({ sso: refusal.code, detail: refusal.message }, 'SSO sign-in refused');
      return backToSignIn(reply, refusal);
    }
  });
};
