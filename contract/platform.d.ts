// The contract runs in browsers and in Node.js, and both have the WHATWG URL; lib.es2023 without DOM or Node.js types
// does not declare it. Only the members the contract uses (the app and the server check against their own, fuller ones).
declare class URL {
  constructor(url: string, base?: string);
  readonly protocol: string;
  readonly origin: string;
  readonly hostname: string;
  readonly username: string;
  readonly password: string;
  href: string;
}
