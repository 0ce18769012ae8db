/** A signed-in HTTP client of the benchmark's server, as a browser would call it. */
export interface Client {
  /** Headers for every request: the session cookie and the browser's Accept-Encoding. */
  headers: Record<string, string>;
  /** GETs `url` and reads the whole body; throws unless the answer is 200. */
  get(url: string): Promise<string>;
}

/** What a browser accepts; the server compresses JSON over 1 KB. BENCH_ACCEPT_ENCODING overrides it. */
export const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br';

const cookiesOf = (res: Response) =>
  Object.fromEntries(
    res.headers.getSetCookie().map((line) => line.split(';')[0]!.split('=') as [string, string]),
  );

/** Signs in like the SPA: `/healthz` hands out the XSRF cookie, `POST /auth/login` echoes it in a header. */
export async function signIn(base: string, email: string, password: string): Promise<Client> {
  const xsrf = cookiesOf(await fetch(`${base}/healthz`))['XSRF-TOKEN'];
  if (!xsrf) throw new Error('GET /healthz set no XSRF-TOKEN cookie');
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ email, password }),
  });
  const session = cookiesOf(login).adstudio_session;
  if (login.status !== 200 || !session)
    throw new Error(`sign-in of ${email} answered ${login.status}: ${(await login.text()).slice(0, 200)}`);
  const headers = { cookie: `adstudio_session=${session}`, 'accept-encoding': ACCEPT_ENCODING };
  return {
    headers,
    async get(url) {
      const res = await fetch(`${base}${url}`, { headers });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${body.slice(0, 300)}`);
      return body;
    },
  };
}
