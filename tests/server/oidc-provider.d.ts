// oidc-provider ships no types; the test uses its constructor and callback() only.
declare module 'oidc-provider' {
  const Provider: new (
    issuer: string,
    configuration: Record<string, unknown>,
  ) => { callback(): (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void };
  type Provider = InstanceType<typeof Provider>;
  export default Provider;
}
