/**
 * Signs `admin` in at `baseUrl` as a browser's form would (same-origin POST) and returns the session cookie
 * (`name=value`); throws unless the answer is the redirect with a session. For scripts that drive a running server.
 */
export async function adminSessionCookie(baseUrl, admin) {
  const response = await fetch(`${baseUrl}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl },
    body: new URLSearchParams({ ...admin, redirectTo: "/admin" }),
  });
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0];
  if (response.status !== 302 || !cookie) throw new Error(`sign-in answered ${response.status} without a session`);
  return cookie;
}
