// The pages whose strings are all in the shell catalog (lingui.config.ts SHELL): the root, the public pages. A
// start on one of them renders without any area's catalog. Kept in step with src/routes/(public) by a test.

export const SHELL_PATHS = [
  '/',
  '/landing',
  '/login',
  '/register',
  '/register/mail',
  '/forgotten-password',
  '/change-tmp-password',
  '/onboarding',
  '/maintenance',
  '/error',
  '/amazonSSORedirect',
] as const;

const shellPaths = new Set<string>(SHELL_PATHS);

/** A trailing slash is the same page. */
export function isShellPath(pathname: string): boolean {
  return shellPaths.has(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}
