// Where "home" is, in a module of its own: the top bar and the root redirect need the path without the exit logic
// (and the host-app allowlist it reads) that leave.ts brings along.

/** The map is the driver's home (shell-and-account.md §2.1: "/ … else to /map"). */
export const HOME_PATH = '/map' as const;
/** Whether "find another station" has a map to go to yet. */
export const MAP_IS_HOME = (HOME_PATH as string) === '/map';
