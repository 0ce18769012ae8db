import {
  AcceptInvitationSchema,
  CSRF_MISMATCH_MESSAGE,
  ErrorBodySchema,
  ForgotPasswordSchema,
  LoginBodySchema,
  RESET_ASK_ADMIN,
  RESET_SENT,
  ResetPasswordSchema,
  ssoErrorMessage,
  TwoFactorChallengeSchema,
  UserSchema,
  ValidationErrorBodySchema,
} from '@adstudio/contract';
import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldName, groupByField } from '../../lib/field-errors';
import { HttpError } from '../../lib/http-errors';
import { safeRedirectPath } from '../../lib/redirect';
import { action, routes } from '../../lib/resource-routes';
import { endSession, hasValidXsrfToken, signInBrowser, startSession } from '../../plugins/session';
import { type LoginResult, LoginThrottledError } from './auth.service';
import { type LoginPageProps, renderLoginPage } from './login-page';

const wantsJson = (accept: string | undefined, contentType: string | undefined) =>
  (accept?.includes('application/json') ?? false) || (contentType?.includes('application/json') ?? false);

/** A sign-in refusal: `{message, errors?}` to JSON clients, the form again (HTML) to a form post. */
const refusal = (description: string, body: z.ZodType = ErrorBodySchema) => ({
  description,
  content: { 'application/json': { schema: body }, 'text/html': { schema: z.string() } },
});

/** Typed loosely on purpose: the handler answers whichever status the sign-in ended with. */
const loginAnswers: FastifySchema['response'] = {
  200: z.object({ data: UserSchema }).describe('Signed in (JSON); the session cookie is set.'),
  202: z
    .object({ two_factor: z.literal(true), challenge: z.string() })
    .describe('The password is right and two-factor sign-in is on: POST /auth/two-factor with a code next.'),
  302: z.null().describe('Signed in (form post): redirect to the SPA; the session cookie is set.'),
  419: refusal('The XSRF token is missing or wrong (e.g. an expired form).'),
  422: refusal('Invalid input, or the credentials do not match.', ValidationErrorBodySchema),
  429: refusal('Too many sign-in attempts (see Retry-After), or too many requests.'),
};

/**
 * A POST of the session's own (sign-in steps, invitations, password resets): documented under
 * `session` with the XSRF token it needs. `formPost`: the sign-in page posts it too, so the handler
 * checks the token itself and answers a stale form with the form again.
 */
function sessionPost<B extends z.ZodType, R extends FastifySchema['response']>({
  formPost = false,
  summary,
  description,
  body,
  response,
}: {
  formPost?: boolean;
  summary: string;
  description: string;
  body: B;
  response: R;
}) {
  return {
    ...(formPost ? { config: { xsrf: false } } : {}),
    schema: { tags: ['session'], summary, description, security: [{ xsrf: [] }], body, response },
  };
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, team, passwordResets, twoFactor } = app.services;
  const mails = app.config.mail !== undefined;
  // The SPA may live on another origin than this API (SPA_URL); sign-in sends the browser back there.
  const spaUrl = app.config.spaUrl;

  /**
   * A sign-in step that takes a form post or JSON (the password, then a two-factor code): the XSRF
   * token checked here so a stale form gets the form again (419), the body parsed (422 on its
   * fields), then `run`. A session ends it — JSON gets the user, a form the redirect to the SPA — or
   * a challenge asks for the code: a 202 to JSON, the code page to a form. A refusal is the JSON
   * error or the page again with its message; `page` says what the page keeps of the body.
   */
  function signInStep<S extends z.ZodType<object>>(
    schema: S,
    step: {
      page(body: Record<string, unknown>, errors?: Record<string, string[]>): Partial<LoginPageProps>;
      run(request: FastifyRequest, data: z.output<S>): Promise<LoginResult | { challenge: string }>;
    },
  ) {
    return async (request: FastifyRequest<{ Body: Record<string, unknown> }>, reply: FastifyReply) => {
      const json = wantsJson(request.headers.accept, request.headers['content-type']);
      const body = request.body;
      const redirectApp = safeRedirectPath(body.redirect_app);
      const page = (status: number, error: string | undefined, errors?: Record<string, string[]>) =>
        reply
          .code(status)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(
            renderLoginPage({
              xsrfToken: request.xsrfToken,
              redirectApp,
              error,
              fieldErrors: errors,
              ...step.page(body, errors),
            }),
          );
      if (!hasValidXsrfToken(request)) {
        if (json) return reply.code(419).send({ message: CSRF_MISMATCH_MESSAGE });
        return page(419, 'Your sign-in form expired. Please try again.');
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        const errors = groupByField(
          parsed.error.issues.map((issue) => ({ field: fieldName(issue.path), message: issue.message })),
        );
        const message = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
        if (json) return reply.code(422).send({ message, errors });
        return page(422, undefined, errors);
      }
      try {
        const result = await step.run(request, parsed.data);
        if ('challenge' in result) {
          if (json) return reply.code(202).send({ two_factor: true, challenge: result.challenge });
          return reply
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-store')
            .send(
              renderLoginPage({
                xsrfToken: request.xsrfToken,
                redirectApp,
                twoFactor: { challenge: result.challenge },
              }),
            );
        }
        startSession(request, reply, result);
        if (json) return reply.send({ data: result.user });
        return reply.redirect(`${spaUrl}${redirectApp}`, 302);
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
        if (error instanceof LoginThrottledError)
          reply.header('retry-after', String(error.retryAfterSeconds));
        if (json) return reply.code(error.statusCode).send({ message: error.message, errors: error.errors });
        return page(error.statusCode, error.message, error.errors);
      }
    };
  }

  app.get(
    '/auth/login',
    {
      schema: {
        hide: true,
        querystring: z.object({ redirect_app: z.string().optional(), sso_error: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const redirectApp = safeRedirectPath(request.query.redirect_app);
      if (request.user) return reply.redirect(`${spaUrl}${redirectApp}`);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          renderLoginPage({
            xsrfToken: request.xsrfToken,
            redirectApp,
            error: ssoErrorMessage(request.query.sso_error),
          }),
        );
    },
  );

  app.post(
    '/auth/login',
    sessionPost({
      formPost: true,
      summary: 'Sign in (form post or JSON)',
      description:
        'JSON clients (`Accept` or `Content-Type: application/json`) get 200 `{data: user}`; a form ' +
        'post is redirected (302) to the SPA, or gets the form again with 419, 422 or 429. The XSRF ' +
        'token comes in `X-XSRF-TOKEN` or in the form field `_token`.',
      body: z.record(z.string(), z.unknown()),
      response: loginAnswers,
    }),
    signInStep(LoginBodySchema, {
      // A form refused shows the email again; a new sign-in replaces whatever session this browser had.
      page: (body) => ({ email: typeof body.email === 'string' ? body.email : '' }),
      run: async (request, data) => {
        const result = await auth.login({
          email: data.email,
          password: data.password,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          replaces: request.session?.id,
        });
        // The password was right and two-factor is on: the code comes next (the page, or a 202).
        if ('twoFactorFor' in result)
          return { challenge: twoFactor.challenge(result.twoFactorFor, request.session?.id) };
        return result;
      },
    }),
  );

  // The code step of a sign-in with two-factor on: form post (the page again on a refusal) or JSON.
  app.post(
    '/auth/two-factor',
    sessionPost({
      formPost: true,
      summary: 'Sign in, second step: a code of the authenticator app, or a recovery code',
      description:
        'After POST /auth/login answered 202 (JSON) or the code page (a form): the challenge it gave ' +
        'and a code. A code is taken once; attempts are limited like passwords.',
      body: z.record(z.string(), z.unknown()),
      response: loginAnswers,
    }),
    signInStep(TwoFactorChallengeSchema, {
      // The code step stays on screen unless the challenge itself is refused (expired: sign in again).
      page: (body, errors) =>
        errors?.challenge
          ? {}
          : { twoFactor: { challenge: typeof body.challenge === 'string' ? body.challenge : '' } },
      run: async (request, data) => {
        const done = await twoFactor.complete(data.challenge, data.code);
        return auth.signIn(done.row, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          replaces: done.replaces ?? request.session?.id,
        });
      },
    }),
  );

  // Joining through an invitation's link: the password is set and the new user signed in at once.
  app.post(
    '/auth/invitation',
    sessionPost({
      summary: "Join through an invitation: set one's password and sign in",
      description:
        "The token is the invitation link's last path segment: single use, valid 7 days. Answers the " +
        'user, signed in (the session cookie is set).',
      body: AcceptInvitationSchema,
      response: {
        200: z.object({ data: UserSchema }),
        422: ValidationErrorBodySchema.describe('A field is invalid, or the link is used or expired.'),
      },
    }),
    async (request, reply) => ({
      data: await signInBrowser(request, reply, await team.accept(request.body.token, request.body.password)),
    }),
  );

  app.post(
    '/auth/forgot-password',
    sessionPost({
      summary: 'Ask for a link to choose a new password, by e-mail',
      description:
        'Answers the same, after the same time, whether or not the email has an account; limited per ' +
        'address and per email (429). Without e-mail configured, `message` says to ask an admin.',
      body: ForgotPasswordSchema,
      response: {
        202: z.object({ message: z.string() }),
        422: ValidationErrorBodySchema.describe('The email is invalid.'),
        429: ErrorBodySchema.describe('Too many requests for this address or email (see Retry-After).'),
      },
    }),
    async (request, reply) => {
      if (!mails) return reply.code(202).send({ message: RESET_ASK_ADMIN });
      try {
        await passwordResets.request(request.body.email, request.ip);
      } catch (error) {
        if (error instanceof LoginThrottledError)
          reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
      return reply.code(202).send({ message: RESET_SENT });
    },
  );

  // Choosing a new password through a reset link: every session ends, and this browser signs in.
  app.post(
    '/auth/reset-password',
    sessionPost({
      summary: 'Choose a new password through a reset link, and sign in',
      description:
        "The token is the link's last path segment: single use, valid an hour. Every other session of " +
        'the user ends; an e-mail tells them the password changed. A user with two-factor sign-in on ' +
        'is not signed in (202): they sign in with the new password and a code.',
      body: ResetPasswordSchema,
      response: {
        200: z.object({ data: UserSchema }),
        202: z
          .object({ two_factor: z.literal(true) })
          .describe('The password is changed; two-factor sign-in is on, so sign in with it and a code.'),
        422: ValidationErrorBodySchema.describe('A field is invalid, or the link is used or expired.'),
      },
    }),
    async (request, reply) => {
      const row = await passwordResets.reset(request.body.token, request.body.password);
      // A link in the mailbox is one factor: with two-factor on, the code is still asked for at sign-in.
      if (row.two_factor_confirmed_at) return reply.code(202).send({ two_factor: true });
      return { data: await signInBrowser(request, reply, row) };
    },
  );

  // A stock Laravel SPA starts here (Sanctum): the XSRF-TOKEN cookie is set on every answer.
  app.get(
    '/sanctum/csrf-cookie',
    {
      schema: {
        tags: ['session'],
        summary: 'Set the XSRF-TOKEN cookie (Sanctum)',
        response: { 204: z.null().describe('No content; the XSRF-TOKEN cookie is set') },
      },
    },
    async (_request, reply) => reply.code(204).send(null),
  );

  app.post(
    '/logout',
    { schema: { tags: ['session'], summary: 'Sign out', response: { 204: z.null() } } },
    async (request, reply) => {
      if (request.session) await auth.logout(request.session.id);
      endSession(request, reply);
      return reply.code(204).send(null);
    },
  );

  routes(app, { tags: ['session'], forbids: false }, [
    action({
      method: 'GET',
      path: '/v1/user',
      summary: 'The signed-in user',
      // The SPA learns from it that the company requires a two-factor set-up first.
      config: { twoFactorSetup: true },
      answer: UserSchema,
      call: async (user) => user,
    }),
  ]);
};
